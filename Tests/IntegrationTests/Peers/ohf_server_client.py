"""Drive python-matter-server's own server (7.0.1, unmodified) through its own client while it commissions mhub.

Usage: ohf_server_client.py [OPTION...] SCENARIO URL [ARGUMENT...]
Runs where the server's WebSocket is reachable (in the test network's controller namespace, beside the server that
scripts/ohf-server.sh started there: ip netns exec mh-ctl). Scenarios:
  commission URL PIN      commission_on_network(PIN): the server discovers the hub's _matterc._udp, commissions it
                          and interviews it. Waits for the call's answer, or, if it does not come, for the node to
                          be interviewed (node_added) and --settle seconds more, then reports what the server holds
  commission-code URL CODE
                          as commission, with commission_with_code(CODE, network_only=True): a device on the network
                          found by the discriminator in its QR code (MT:…) or manual code, commissioned with its
                          passcode
  nodes URL               the nodes the server loaded (after a restart): waits up to --wait seconds for each to be
                          available (its subscription over CASE), reporting them as they are then
  bridge URL NODE_ID MHUBCTL SOCKET MHUB_NODE
                          issue 13's checks of the bridge: is_bridge, one device per bridged endpoint, a Toggle from
                          this client on the first bridged On/Off endpoint (mhub's state is checked by the caller),
                          then `mhubctl device set MHUB_NODE 1/6/0 … --as-physical` arriving as attribute_updated
  device URL NODE_ID MHUBCTL SOCKET MHUB_NODE
                          a device on the network as its own node: what the server holds of it, a Toggle from this
                          client on its endpoint 1 and `mhubctl device read MHUB_NODE 1/6/0` right after, then
                          `mhubctl device set MHUB_NODE 1/6/0 … --as-physical` arriving as attribute_updated
Options:
  --connect-timeout S     how long to retry connecting while the server starts (default 90)
  --timeout S             how long commission_on_network may take (default 150)
  --settle S              commission: after node_added without an answer, how long to wait still (default 20)
  --wait S                nodes: how long to wait for the nodes to be available (default 60)

Prints one JSON object on its last line: {"scenario", "ok", "result", "events" (each event the client got: type,
node, available), "error"}. The exit status is 0 when the report was printed, whatever it says.
"""

import argparse
import asyncio
import json
import subprocess
import sys
import time
import traceback

import aiohttp
from chip.clusters import Objects as Clusters
from matter_server.client import MatterClient
from matter_server.client.models.node import MatterNode
from matter_server.common.models import EventType

BRIDGED_NODE_DEVICE_TYPE = 0x0013


def plain(value):
    """A value of the client's model as JSON: dataclasses as dicts, bytes as hex, enums as their value."""
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, (list, tuple, set)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if hasattr(value, "value") and not hasattr(value, "__dataclass_fields__"):
        return plain(value.value)
    if hasattr(value, "__dataclass_fields__"):
        return {name: plain(getattr(value, name)) for name in value.__dataclass_fields__}
    return repr(value)


def describe(node: MatterNode) -> dict:
    """What the server knows of a node: availability, Basic Information, endpoints, the fabrics it read."""
    info = node.device_info
    fabrics = node.get_attribute_value(0, None, Clusters.OperationalCredentials.Attributes.Fabrics) or []
    endpoints = {}
    for endpoint_id, endpoint in sorted(node.endpoints.items()):
        device_types = endpoint.get_attribute_value(None, Clusters.Descriptor.Attributes.DeviceTypeList) or []
        endpoints[str(endpoint_id)] = {
            "device_types": [plain(device_type.deviceType) for device_type in device_types],
            "clusters": sorted(endpoint.clusters.keys()),
            # As the node served them (the client's model keeps only clusters it knows).
            "server_list": node.node_data.attributes.get(f"{endpoint_id}/29/1"),
            "is_bridged_device": endpoint.is_bridged_device,
        }
    return {
        "node_id": node.node_id,
        "available": node.available,
        "is_bridge": node.is_bridge_device,
        "attribute_count": len(node.node_data.attributes),
        "basic_information": {
            "vendor_name": info.vendorName,
            "vendor_id": plain(info.vendorID),
            "product_name": info.productName,
            "product_id": info.productID,
            "node_label": info.nodeLabel,
            "serial_number": info.serialNumber,
            "software_version_string": info.softwareVersionString,
            "unique_id": info.uniqueID,
        },
        "fabrics": [
            {"fabric_index": f.fabricIndex, "vendor_id": plain(f.vendorID), "fabric_id": f.fabricID, "label": f.label}
            for f in fabrics
        ],
        "current_fabric_index": node.get_attribute_value(
            0, None, Clusters.OperationalCredentials.Attributes.CurrentFabricIndex
        ),
        "endpoints": endpoints,
    }


async def connect(url: str, session: aiohttp.ClientSession, timeout: float) -> MatterClient:
    """The client connected and listening, once the server (still starting, perhaps) answers."""
    deadline = time.monotonic() + timeout
    while True:
        client = MatterClient(url, session)
        try:
            await client.connect()
            break
        except Exception:  # the server is not listening yet
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.5)
    return client


async def commission(client: MatterClient, options, report: dict, added: asyncio.Event) -> dict:
    if options.scenario == "commission":
        call = asyncio.create_task(client.commission_on_network(options.pin))
    else:
        call = asyncio.create_task(client.commission_with_code(options.code, network_only=True))
    started = time.monotonic()
    result: dict = {}
    done, _ = await asyncio.wait({call}, timeout=options.timeout, return_when=asyncio.FIRST_COMPLETED)
    if not done and added.is_set():
        result["answered"] = False
    elif not done:
        raise TimeoutError(f"{options.scenario}: no answer and no node after {options.timeout} s")
    if call.done():
        node_data = call.result()  # raises the server's error, if it sent one
        result["answered"] = True
        result["answered_node_id"] = node_data.node_id
        result["seconds"] = round(time.monotonic() - started, 2)
    else:
        # The node was interviewed but the call goes on (its subscription): see how it stands a little later.
        await asyncio.sleep(options.settle)
        result["answered"] = call.done()
        call.cancel()
    result["nodes"] = [describe(node) for node in client.get_nodes()]
    return result


async def nodes(client: MatterClient, options, report: dict) -> dict:
    deadline = time.monotonic() + options.wait
    while time.monotonic() < deadline and not all(node.available for node in client.get_nodes()):
        await asyncio.sleep(0.5)
    return {"nodes": [describe(node) for node in client.get_nodes()]}


async def bridge(client: MatterClient, options, report: dict) -> dict:
    node = client.get_node(options.node_id)
    result = {"node": describe(node)}
    bridged = [ep for ep_id, ep in sorted(node.endpoints.items()) if ep.is_bridged_device]
    result["bridged_endpoints"] = [ep.endpoint_id for ep in bridged]
    result["bridged_labels"] = [
        ep.get_attribute_value(None, Clusters.BridgedDeviceBasicInformation.Attributes.NodeLabel) for ep in bridged
    ]
    lights = [ep for ep in bridged if ep.has_cluster(Clusters.OnOff)]
    if lights:
        result.update(await toggle_and_hear(client, options, node, lights[0].endpoint_id))
    return result


async def device(client: MatterClient, options, report: dict) -> dict:
    node = client.get_node(options.node_id)
    result = {"node": describe(node)}
    result.update(await toggle_and_hear(client, options, node, 1, read_after_toggle=True))
    return result


def mhubctl(options, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([options.mhubctl, "--socket", options.socket, *arguments],
                          capture_output=True, text=True, timeout=30, check=False)


async def toggle_and_hear(client: MatterClient, options, node: MatterNode, light: int,
                          read_after_toggle: bool = False) -> dict:
    """A Toggle from this client on the light's On/Off (its new value heard as attribute_updated), then
    `mhubctl device set MHUB_NODE 1/6/0 … --as-physical` to the other value, heard as attribute_updated too."""
    path = f"{light}/6/0"
    result: dict = {"light_path": path}
    updates: list = []
    changed = asyncio.Event()

    def on_update(event: EventType, data) -> None:
        # The client signals ATTRIBUTE_UPDATED with the new value alone (client.py, _handle_event_message); the
        # subscription's filters say which node and path it is.
        updates.append({"node": options.node_id, "path": path, "value": plain(data)})
        changed.set()

    client.subscribe_events(on_update, EventType.ATTRIBUTE_UPDATED, node_filter=options.node_id,
                            attr_path_filter=path)
    result["on_before"] = node.get_attribute_value(light, None, Clusters.OnOff.Attributes.OnOff)
    await client.send_device_command(options.node_id, light, Clusters.OnOff.Commands.Toggle())
    await asyncio.wait_for(changed.wait(), 10)
    result["on_after_toggle"] = node.get_attribute_value(light, None, Clusters.OnOff.Attributes.OnOff)
    if read_after_toggle:
        read = mhubctl(options, "--json", "device", "read", str(options.mhub_node), "1/6/0")
        result["mhubctl_read"] = {"status": read.returncode, "output": read.stdout.strip(),
                                  "errors": read.stderr.strip()}
    changed.clear()
    wanted = not result["on_after_toggle"]
    completed = mhubctl(options, "device", "set", str(options.mhub_node), "1/6/0", json.dumps(wanted),
                        "--as-physical")
    result["mhubctl_status"] = completed.returncode
    await asyncio.wait_for(changed.wait(), 10)
    result["attribute_updated"] = updates[-1]
    result["on_after_mhubctl"] = node.get_attribute_value(light, None, Clusters.OnOff.Attributes.OnOff)
    return result


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(usage=__doc__.split("\n")[2])
    parser.add_argument("--connect-timeout", type=float, default=90)
    parser.add_argument("--timeout", type=float, default=150)
    parser.add_argument("--settle", type=float, default=20)
    parser.add_argument("--wait", type=float, default=60)
    scenarios = parser.add_subparsers(dest="scenario", required=True)
    command = scenarios.add_parser("commission")
    command.add_argument("url")
    command.add_argument("pin", type=int)
    command = scenarios.add_parser("commission-code")
    command.add_argument("url")
    command.add_argument("code")
    command = scenarios.add_parser("nodes")
    command.add_argument("url")
    for name in ("bridge", "device"):
        command = scenarios.add_parser(name)
        command.add_argument("url")
        command.add_argument("node_id", type=int)
        command.add_argument("mhubctl")
        command.add_argument("socket")
        command.add_argument("mhub_node", type=int)
    return parser.parse_args()


async def main(options) -> dict:
    report = {"scenario": options.scenario, "ok": False, "result": None, "events": [], "error": None}
    async with aiohttp.ClientSession() as session:
        try:
            client = await connect(options.url, session, options.connect_timeout)
            added = asyncio.Event()

            def on_event(event: EventType, data) -> None:
                node = getattr(data, "node_id", None)
                report["events"].append(
                    {"type": str(event.value), "node": node, "available": getattr(data, "available", None)})
                report["event_types"] = [event["type"] for event in report["events"]]
                if event == EventType.NODE_ADDED:
                    added.set()

            client.subscribe_events(on_event)
            ready = asyncio.Event()
            listener = asyncio.create_task(client.start_listening(ready))
            await asyncio.wait_for(ready.wait(), 30)
            report["schema_version"] = client.server_info.schema_version
            if options.scenario in ("commission", "commission-code"):
                report["result"] = await commission(client, options, report, added)
            elif options.scenario == "nodes":
                report["result"] = await nodes(client, options, report)
            elif options.scenario == "device":
                report["result"] = await device(client, options, report)
            else:
                report["result"] = await bridge(client, options, report)
            report["ok"] = True
            await client.disconnect()
            listener.cancel()
        except Exception as error:  # reported, not raised: the caller reads the report
            report["error"] = f"{type(error).__name__}: {error}"
            report["traceback"] = traceback.format_exc()[-2000:]
    return report


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(arguments())), default=repr))
    sys.stdout.flush()
