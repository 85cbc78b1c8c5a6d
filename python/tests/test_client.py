"""MHubClient against a real mhubd, through the `mhub` fixture: both transports, errors, events, the
commissioning session flow."""

import pytest
from support import LAMP

from mhub_testing import MHubError


def test_the_greeting_is_server_info_naming_this_hub(mhub):
    for client in (mhub.client(), mhub.client(websocket=True)):
        assert client.server_info["instance"]["pid"] == mhub.pid
        assert client.server_info["instance"]["ephemeral"] is True


def test_a_room_created_on_the_unix_socket_reads_back_over_the_websocket(mhub):
    room = mhub.client().call("create_room", name="Kitchen")
    assert room["name"] == "Kitchen"
    assert mhub.client(websocket=True).call("get_rooms") == [room]


def test_an_error_reply_raises_with_the_protocols_code_and_name(mhub):
    client = mhub.client(websocket=True)
    client.call("create_room", {"name": "Kitchen"})
    with pytest.raises(MHubError) as raised:
        client.call("create_room", name="kitchen")
    assert (raised.value.code, raised.value.name, raised.value.command) == (215, "RoomExists", "create_room")
    assert "kitchen" in raised.value.details
    with pytest.raises(MHubError) as raised:
        client.call("no_such_command")
    assert (raised.value.code, raised.value.name) == (9, "InvalidCommand")


def test_a_websocket_client_without_the_token_gets_the_loopback_scope(mhub):
    guest = mhub.client(websocket=True, admin=False)
    assert guest.call("get_rooms") == []
    with pytest.raises(MHubError) as raised:
        guest.call("add_simulated_device", template="door-lock")
    assert raised.value.name == "Unauthorized"


def test_an_event_arrives_while_listening_when_another_client_acts(mhub):
    listener = mhub.client(websocket=True)
    assert listener.listen() == []
    listener.wait_for("home_synced")  # mhub's first sync, right after start_listening
    with pytest.raises(TimeoutError):
        listener.next_event(timeout=0.1)
    mhub.client().call("create_room", name="Hall")
    event = listener.wait_for("room_updated")
    assert event.data["name"] == "Hall"


def test_wait_for_keeps_the_events_it_passes_over(mhub):
    listener = mhub.client()
    listener.listen()
    listener.wait_for("home_synced")
    actor = mhub.client(websocket=True)
    actor.call("create_room", name="One")
    actor.call("create_room", name="Two")
    assert listener.wait_for("room_updated", lambda data: data["name"] == "Two").data["name"] == "Two"
    assert [event.data["name"] for event in listener.events()] == ["One"]


@pytest.mark.mhub(config={"simulated_devices": [LAMP]})
def test_a_declared_device_is_commissioned_through_the_session_flow_and_toggled(mhub):
    app = mhub.client(websocket=True)
    [lamp] = app.call("get_simulated_devices")
    assert (lamp["name"], lamp["commissionable"]) == ("Lamp", True)
    app.call("create_room", name="Kitchen")
    # The lamp joins Wi-Fi: the hub gives it the network it was told, as a real commissioner does.
    app.call("set_wifi_credentials", ssid="Test Wi-Fi", credentials="correct horse")

    session = app.call("prepare_commissioning")
    node = app.call("commission_with_code", code=lamp["manual_code"])
    configured = app.call("configure_device", name="Kitchen light", room="Kitchen")
    completed = app.call("complete_commissioning")
    assert configured["session_id"] == completed["session_id"] == session["session_id"]
    assert completed["node_ids"] == [node["node_id"]]
    [device] = app.call("get_devices")
    assert (device["name"], device["room"], device["node_id"]) == ("Kitchen light", "Kitchen", node["node_id"])

    listener = mhub.client()
    listener.listen()
    app.call("device_command", node_id=node["node_id"], endpoint_id=1, cluster_id=6, command_name="Toggle", payload={})
    event = listener.wait_for("attribute_updated")
    assert event.data == [node["node_id"], "1/6/0", True]
    assert app.call("read_attribute", node_id=node["node_id"], attribute_path="1/6/0") == {"1/6/0": True}


@pytest.mark.parametrize(
    "mhub", [{"config": {"simulated_devices": [LAMP, {**LAMP, "discriminator": 99}]}}], indirect=True
)
def test_indirect_parametrization_configures_the_hub(mhub):
    assert [device["discriminator"] for device in mhub.call("get_simulated_devices")] == [1234, 99]
