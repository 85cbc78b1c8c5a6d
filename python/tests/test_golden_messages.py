"""The helper reads the golden messages that Swift writes from the protocol's own types
(Tests/MHubProtocolTests/Fixtures/golden-messages.jsonl, `GoldenMessagesTests`): each is the reply, the error or
the event it is, with its result or data as sent. No hub needed."""

import json
from pathlib import Path

from mhub_testing import Event, Reply, read_message

GOLDEN = Path(__file__).resolve().parents[2] / "Tests/MHubProtocolTests/Fixtures/golden-messages.jsonl"


def golden() -> list[dict]:
    return [json.loads(line) for line in GOLDEN.read_text().splitlines() if line]


def test_replies_carry_their_results_and_the_error_its_code_name_and_details():
    messages = [read_message(message) for message in golden()]
    replies = [message for message in messages if isinstance(message, Reply)]
    assert [reply.message_id for reply in replies] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]
    assert replies[0].result == [{"name": "Home", "structure_id": 1}]
    assert replies[1].result == [{"name": "Kitchen", "room_id": 1, "structure_id": 1}]
    assert replies[2].result[0]["device_ids"] == ["5:1"]
    assert replies[3].result[0]["attributes"]["1/6/0"] is True
    assert replies[4].result[0]["manual_code_grouped"] == "3497-011-2332"
    assert all(reply.error is None for reply in replies[:5])
    error = replies[5].error
    assert (error.code, error.name, error.details) == (5, "NodeNotExists", "node 9 does not exist")
    assert replies[6].result["advertising"]["established"] == 2
    assert replies[6].result["session"] is None
    assert replies[7].result == [
        {
            "category": "Lighting", "device_type": 0x0101, "key": "dimmable-light", "part_device_types": [],
            "title": "Dimmable light",
        }
    ]
    assert replies[8].result == {
        "endpoint_id": 1,
        "hold_ms": 2000,
        "long": True,
        "node_id": 6,
        "presses": 1,
        "release_at_ms": 1_767_225_602_000,
    }
    on_network = replies[9].result
    assert [device["matter_node"]["port"] for device in on_network] == [5541, 5542]
    assert on_network[1]["matter_node"]["fabrics"][0]["label"] == "Kitchen hub"
    assert replies[10].result["setup_uri"] == "X-HM://0023ISYWYMHUB"


def test_events_carry_their_names_and_data():
    events = [message for message in map(read_message, golden()) if isinstance(message, Event)]
    assert [event.name for event in events] == [
        "structure_updated",
        "room_updated",
        "device_updated",
        "node_updated",
        "room_removed",
        "simulated_device_added",
        "simulated_device_removed",
        "structure_removed",
        "home_synced",
        "attribute_updated",
        "node_removed",
        "homekit_updated",
    ]
    assert events[2].data["room"] == "Hall"
    assert events[3].data["available"] is False
    assert events[4].data == {"room_id": 1}
    assert events[8].data["devices"][0]["node_id"] == 5
    assert events[9].data == [5, "1/8/0", 200]
    assert events[10].data == 5
    assert [pairing["admin"] for pairing in events[11].data["pairings"]] == [True, False]
