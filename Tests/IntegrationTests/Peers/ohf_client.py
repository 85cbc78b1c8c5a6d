"""Drive mhubd with python-matter-server's own client, unmodified (a peer test of mhub).

Usage: ohf_client.py WS_URL NODE_ID
Connects, waits for the initial state, lists the nodes, toggles the On/Off light NODE_ID on endpoint 1,
waits for the attribute change to arrive as an event, writes and reads an attribute, and checks an
error from mhub arrives as the client's own exception. Prints one JSON object; exits non-zero on any
failure.
"""

import asyncio
import json
import sys

import aiohttp
from chip.clusters import Objects as Clusters
from matter_server.client import MatterClient
from matter_server.common.errors import NodeNotExists, SDKStackError
from matter_server.common.models import EventType


async def main(url: str, node_id: int) -> dict:
    report: dict = {}
    async with aiohttp.ClientSession() as session:
        client = MatterClient(url, session)
        await client.connect()
        report["schema_version"] = client.server_info.schema_version
        ready = asyncio.Event()
        listener = asyncio.create_task(client.start_listening(ready))
        await asyncio.wait_for(ready.wait(), 10)

        nodes = client.get_nodes()
        report["node_ids"] = [node.node_id for node in nodes]
        node = client.get_node(node_id)
        report["vendor_name"] = node.device_info.vendorName
        report["product_name"] = node.device_info.productName
        report["serial_number"] = node.device_info.serialNumber
        before = node.get_attribute_value(1, None, Clusters.OnOff.Attributes.OnOff)
        report["on_before"] = before

        changed = asyncio.Event()
        seen: list = []

        def on_event(event: EventType, data) -> None:
            seen.append(data)
            changed.set()

        client.subscribe_events(
            on_event, EventType.ATTRIBUTE_UPDATED, node_filter=node_id, attr_path_filter="1/6/0"
        )
        await client.send_device_command(node_id, 1, Clusters.OnOff.Commands.Toggle())
        await asyncio.wait_for(changed.wait(), 10)
        report["event_value"] = seen[-1]
        report["on_after"] = node.get_attribute_value(1, None, Clusters.OnOff.Attributes.OnOff)

        await client.write_attribute(node_id, "1/6/16385", 30)
        read = await client.read_attribute(node_id, "1/6/16385")
        report["on_time"] = read.get("1/6/16385")

        try:
            await client.get_node_ip_addresses(4242)
        except NodeNotExists as error:
            report["missing_node_error"] = type(error).__name__
        try:
            await client.write_attribute(node_id, "1/6/0", True)
        except SDKStackError as error:
            report["write_error"] = str(error)

        await client.disconnect()
        listener.cancel()
    return report


if __name__ == "__main__":
    result = asyncio.run(main(sys.argv[1], int(sys.argv[2])))
    print(json.dumps(result))
