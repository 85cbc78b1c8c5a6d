"""python-matter-server's client listening, as Home Assistant runs it, while mhub's own events happen.

Usage: ohf_listener.py WS_URL MHUBCTL SOCKET LAMP_CODE DOOR_CODE
The client (PyPI 7.0.1, unmodified) connects and calls start_listening in a task, as Home Assistant's Matter
integration does, and keeps listening while it commissions the lamp with commission_with_code (an implicit
session of its own) and while mhubctl, another client on the Unix socket, causes every kind of mhub event:
a commissioning session with name and room, simulated devices added and removed, rooms, structures, faults,
the hub's commissioning window, a device renamed and moved, a physical change, a behaviour and a reset.
Then it toggles the lamp and waits for the change. Prints one JSON object: the event types the client got,
whether its listening task is still alive, and what went wrong if anything did; exits non-zero on failure.
"""

import asyncio
import json
import subprocess
import sys

import aiohttp
from chip.clusters import Objects as Clusters
from matter_server.client import MatterClient
from matter_server.common.models import EventType


def mhubctl(binary: str, socket: str, *words: str) -> str:
    completed = subprocess.run(
        [binary, "--socket", socket, *words], capture_output=True, text=True, timeout=60, check=False
    )
    if completed.returncode != 0:
        raise RuntimeError(f"mhubctl {' '.join(words)}: {completed.stderr.strip()}")
    return completed.stdout


async def main(url: str, binary: str, socket: str, lamp_code: str, door_code: str) -> dict:
    report: dict = {"events": [], "steps": []}
    async with aiohttp.ClientSession() as session:
        client = MatterClient(url, session)
        await client.connect()
        ready = asyncio.Event()
        listener = asyncio.create_task(client.start_listening(ready))
        await asyncio.wait_for(ready.wait(), 10)

        def on_event(event: EventType, data) -> None:
            report["events"].append(str(event.value) if isinstance(event, EventType) else repr(event))

        client.subscribe_events(on_event)

        # Commissioning by code, as Home Assistant's config flow does: an implicit session of this client.
        node = await client.commission_with_code(lamp_code)
        report["commissioned_node"] = node.node_id

        ctl = lambda *words: mhubctl(binary, socket, *words)  # noqa: E731
        steps = [
            ("sim", "add", "dimmable-light", "--name", "Desk lamp", "--no-qr"),
            ("rooms", "add", "Kitchen"),
            ("commission", door_code, "--name", "Front door", "--room", "Kitchen"),
            ("rooms", "add", "Hall"),
            ("devices", "move", str(node.node_id), "Hall"),
            ("devices", "rename", str(node.node_id), "Hall lamp"),
            ("call", "create_structure", '{"name": "Cabin"}'),
            ("fault", "set", "hub_offline"),
            ("fault", "clear"),
            ("hub", "window", "open", "--no-qr"),
            ("hub", "window", "close"),
            ("device", "set", str(node.node_id), "1/OnOff/onOff", "true", "--as-physical"),
            ("device", "behavior", str(node.node_id + 1), "contact_toggle", "--interval", "100"),
            ("session", "status"),
            ("sim", "remove", "3"),
        ]
        for step in steps:
            ctl(*step)
            report["steps"].append(" ".join(step[:2]))
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        ctl("device", "behavior", str(node.node_id + 1), "contact_toggle", "--off")

        # Still listening: a command's change arrives as an event.
        changed = asyncio.Event()
        client.subscribe_events(
            lambda event, data: changed.set(),
            EventType.ATTRIBUTE_UPDATED,
            node_filter=node.node_id,
            attr_path_filter="1/6/0",
        )
        await client.send_device_command(node.node_id, 1, Clusters.OnOff.Commands.Toggle())
        await asyncio.wait_for(changed.wait(), 10)
        report["toggle_heard"] = True

        # A reset, then the client must still be listening for the node it removes.
        removed = asyncio.Event()
        client.subscribe_events(lambda event, data: removed.set(), EventType.NODE_REMOVED)
        ctl("reset")
        await asyncio.wait_for(removed.wait(), 10)
        report["reset_heard"] = True

        report["listener_alive"] = not listener.done()
        if listener.done() and listener.exception() is not None:
            report["listener_error"] = repr(listener.exception())
        await client.disconnect()
        listener.cancel()
    return report


if __name__ == "__main__":
    try:
        result = asyncio.run(main(*sys.argv[1:6]))
    except Exception as error:  # report, then fail
        print(json.dumps({"error": repr(error)}))
        sys.exit(1)
    print(json.dumps(result))
