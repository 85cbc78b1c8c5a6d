"""MHubHub(virtual_clock=True) and advance(): the hub's timers move only when the test says."""

import pytest

from mhub_testing import MHubError

#: Where mhubd's virtual clock starts: 2026-01-01T00:00:00Z.
VIRTUAL_START_MS = 1_767_225_600_000


@pytest.mark.mhub(virtual_clock=True, config={"commissioning": {"session_timeout_s": 300}})
def test_a_session_expires_only_when_the_clock_is_advanced_past_its_deadline(mhub):
    assert mhub.ready["clock"] == "virtual"
    assert mhub.call("get_clock") == {"clock": "virtual", "now": VIRTUAL_START_MS}
    listener = mhub.client()
    listener.listen()
    owner = mhub.client(websocket=True)
    owner.call("prepare_commissioning")

    assert mhub.advance(299.999) == {"clock": "virtual", "now": VIRTUAL_START_MS + 299_999}
    assert owner.call("get_session") is not None
    assert mhub.advance(0.001)["now"] == VIRTUAL_START_MS + 300_000
    # The advance answers after the events of what it ran: they are already on the listener's socket.
    expired = listener.wait_for("session_updated", lambda data: data["change"] == "expired", timeout=1)
    assert expired.data["deadline_ms"] == VIRTUAL_START_MS + 300_000
    assert owner.call("get_session") is None


def test_on_the_real_clock_advance_is_refused(mhub):
    with pytest.raises(MHubError) as raised:
        mhub.advance(1)
    assert (raised.value.code, raised.value.name) == (240, "ClockNotVirtual")
