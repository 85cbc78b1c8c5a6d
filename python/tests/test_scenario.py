"""Scenario files through the helper: `@pytest.mark.mhub(scenario=...)` (`mhubd --scenario`), `load_scenario`
with its imports, errors at their line and column, and a timeline on the virtual clock that gives the same events
every time it runs."""

from pathlib import Path

import pytest

from mhub_testing import MHubError, MHubHub, MHubStartError

SCENARIOS = Path(__file__).parent / "scenarios"


def timeline_events(hub: MHubHub, listener) -> list:
    """What the listener hears while the clock moves through the lamp scenario's minute."""
    hub.advance(60)
    return [(event.name, event.data) for event in listener.events()]


@pytest.mark.mhub(scenario=SCENARIOS / "lamp.json", virtual_clock=True)
def test_a_scenario_timeline_on_the_virtual_clock_gives_the_same_events_twice(mhub):
    status = mhub.call("get_scenario")
    assert (status["name"], status["steps"], status["done"], status["next_at_ms"]) == ("lamp", 2, 0, 10_000)
    lamp = status["devices"]["lamp"]["node_id"]
    assert mhub.call("read_attribute", node_id=lamp, attribute_path="1/6/0") == {"1/6/0": True}
    listener = mhub.client()
    listener.listen()
    listener.wait_for("home_synced")

    first = timeline_events(mhub, listener)
    assert first == [
        ("attribute_updated", [lamp, "1/6/0", False]),
        ("scenario_updated", {"action": "set_attribute", "at_ms": 10_000, "state": "running", "step": 0}),
        ("attribute_updated", [lamp, "1/6/0", True]),
        ("scenario_updated", {"action": "set_attribute", "at_ms": 60_000, "state": "finished", "step": 1}),
    ]
    mhub.call("reset_scenario")
    list(listener.events())  # the home made again
    assert timeline_events(mhub, listener) == first


def test_load_scenario_sends_the_files_its_imports_name(mhub):
    status = mhub.load_scenario(SCENARIOS / "lamp.json")
    plug = status["devices"]["plug"]["node_id"]
    names = {device["node_id"]: device["name"] for device in mhub.call("get_devices")}
    assert names == {status["devices"]["lamp"]["node_id"]: "Lamp", plug: "Eve plug"}
    assert mhub.call("read_attribute", node_id=plug, attribute_path="0/40/3") == {"0/40/3": "Eve Energy"}


def test_a_broken_scenario_is_refused_at_its_line_and_column_and_changes_nothing(mhub):
    mhub.call("create_room", name="Kept")
    with pytest.raises(MHubError) as raised:
        mhub.load_scenario(SCENARIOS / "broken.json")
    assert (raised.value.code, raised.value.name) == (241, "InvalidScenario")
    assert raised.value.details.startswith('line 2, column 20: unknown key "colour"')
    assert [room["name"] for room in mhub.call("get_rooms")] == ["Kept"]
    assert mhub.call("get_scenario") is None


def test_a_broken_scenario_file_stops_the_start():
    with pytest.raises(MHubStartError) as raised:
        MHubHub(scenario=SCENARIOS / "broken.json").start()
    assert "line 2, column 20" in raised.value.log
