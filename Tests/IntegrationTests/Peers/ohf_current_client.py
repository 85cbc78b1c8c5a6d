"""Drive mhubd with today's OHF Python clients as Home Assistant drives them (a peer test of mhub).

Usage: ohf_current_client.py WS_URL ADMIN_SOCKET [--idle SECONDS] [--timeout SECONDS]

Runs with either client, unmodified, each from its own virtual environment (scripts/peers-venv.sh mpc|pms8):
matter-python-client 1.6.1 (what Home Assistant uses since 2026-02) or python-matter-server 8.1.2's client. Both
install a `matter_server` package. ADMIN_SOCKET is mhubd's Unix control socket (admin; one JSON object per line):
the script uses it for what a person or another app does meanwhile, and listens there for mhub's own events
(`start_listening {"events": "all"}`) to see what really happened.

The steps, in Home Assistant's order (homeassistant/components/matter/__init__.py and adapter.py):
  connect                 connect within 10 s; the server info's schema fields
  start_listening         start_listening in a task; the initial nodes within 10 s
  fabric_label            set_default_fabric_label("Home"), then (None)
  fabric_label_long       set_default_fabric_label of a location name longer than 32 characters, then (None)
  nodes                   get_nodes and each node's device info (Basic Information)
  subscribe               subscribe_events for node events, endpoint events, one attribute and everything
  command                 device_command Toggle on the lamp; the attribute_updated for 1/6/0 arrives
  write_plain             write_attribute OnTime (1/6/16385) = 30
  write_struct            write_attribute of the ACL (0/31/0), a list of AccessControlEntryStruct
  read                    read_attribute of both
  thread_refused          commission_with_code of the Thread contact sensor with no dataset: NodeCommissionFailed,
                          at network_setup, details naming the dataset
  thread_dataset          set_thread_dataset (the client's set_thread_operational_dataset): server_info_updated
  thread_commissioned     the same code again: a node, and node_added heard
  node_event              the sensor's StateValue changed by hand: node_event (StateChange) and attribute_updated
  node_diagnostics_thread node_diagnostics of the Thread sensor
  remove_node             remove_node of the sensor: node_removed heard
  diagnostics             get_diagnostics (ServerDiagnostics)
  interview               interview_node: node_updated heard
  ping                    ping_node
  node_diagnostics        node_diagnostics of the Wi-Fi lamp (reads 0/51/0, Network Commissioning, 0/62/1, calls
                          get_vendor_names and get_node_ip_addresses)
  mhub_events             every kind of mhub event this script can cause, over the admin socket, while the client
                          listens; the listener survives and hears the OHF ones (node_added, node_updated, ...)
  after_events            a toggle still arrives as attribute_updated
  extras                  (information) what Home Assistant may also call: check_node_update, update_node,
                          get_vendor_names, set_wifi_credentials, open_commissioning_window on a node
  unknown_event_probe     a second client asks for mhub's own events too: what the client does on an event name it
                          does not know
  unknown_error_probe     third clients get an error code above 11: what the client does on a code it does not know
  idle                    idle past 60 s (the client pings every 55 s and drops a connection without a pong);
                          then the listener is alive and a read works
Prints one JSON object: {"client": ..., "steps": {name: {"ok": bool, ...}}, ...}; exits 1 if a step failed
(the information-only ones excepted), 2 if the script itself failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import enum
import importlib.metadata
import json
import sys
import time
import traceback
from typing import Any, Self

import aiohttp
from chip.clusters import Objects as Clusters
from chip.clusters.Types import NullValue
from matter_server.client import MatterClient
from matter_server.common import errors as ohf_errors
from matter_server.common.models import ErrorResultMessage, EventType

OHF_EVENTS = {
    "node_added",
    "node_updated",
    "node_removed",
    "node_event",
    "attribute_updated",
    "server_shutdown",
    "server_info_updated",
    "endpoint_added",
    "endpoint_removed",
}
# A valid Thread operational dataset (the OpenThread demo network's).
DATASET = (
    "0e080000000000010000000300000f35060004001fffe0020811111111222222220708fdad70bfe5aa15dd051000112233445566778899"
    "aabbccddeeff030e4f70656e54687265616444656d6f010212340410445f2b5ca6f2a93a55ce570a70efeecb0c0402a0f7f8"
)
INFO_ONLY = {"extras", "unknown_event_probe", "unknown_error_probe"}
CALL_TIMEOUT = 30.0


def client_identity() -> dict:
    """Which client this environment has."""
    for distribution in ("matter-python-client", "python-matter-server"):
        try:
            return {"distribution": distribution, "version": importlib.metadata.version(distribution)}
        except importlib.metadata.PackageNotFoundError:
            continue
    return {"distribution": "unknown", "version": None}


def jsonable(value: Any) -> Any:
    """A JSON-friendly copy of what a client returned (dataclasses, enums, bytes, chip's NullValue)."""
    if value is NullValue:
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: jsonable(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [jsonable(item) for item in value]
    if isinstance(value, bytes):
        return value.hex()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def describe(error: BaseException) -> dict:
    """An exception as the report shows it: its class, module, text, and the error code it maps to."""
    described = {"type": type(error).__name__, "module": type(error).__module__, "message": str(error)}
    if isinstance(error, ohf_errors.MatterError):
        described["error_code"] = getattr(type(error), "error_code", None)
    return described


class AdminSocket:
    """mhubd's Unix control socket: one JSON object per line; replies by message_id; events kept."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.events: list[tuple[float, str, Any]] = []
        self._pending: dict[str, asyncio.Future] = {}
        self._next = 0
        self._reader_task: asyncio.Task | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        reader, self._writer = await asyncio.wait_for(
            asyncio.open_unix_connection(self.path, limit=64 * 1024 * 1024), 10
        )
        self._reader_task = asyncio.create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while line := await reader.readline():
            message = json.loads(line)
            if "event" in message:
                self.events.append((time.monotonic(), message["event"], message.get("data")))
            elif (future := self._pending.pop(str(message.get("message_id")), None)) is not None and not future.done():
                future.set_result(message)
        for future in self._pending.values():
            if not future.done():
                future.set_exception(ConnectionError("mhubd closed the admin socket"))

    async def call(self, command: str, args: dict | None = None, timeout: float = CALL_TIMEOUT) -> Any:
        """The result; an error reply raises RuntimeError with its code, name and details."""
        reply = await self.reply(command, args, timeout)
        if "error_code" in reply:
            raise RuntimeError(f"{command}: {reply['error_code']} {reply.get('error_name')}: {reply.get('details')}")
        return reply.get("result")

    async def reply(self, command: str, args: dict | None = None, timeout: float = CALL_TIMEOUT) -> dict:
        """The whole reply, error or not."""
        assert self._writer is not None
        self._next += 1
        message_id = f"admin-{self._next}"
        future = asyncio.get_running_loop().create_future()
        self._pending[message_id] = future
        line = json.dumps({"message_id": message_id, "command": command, "args": args or {}}) + "\n"
        self._writer.write(line.encode())
        await self._writer.drain()
        return await asyncio.wait_for(future, timeout)

    def names_since(self, start: float) -> list[str]:
        return [name for at, name, _ in self.events if at >= start]

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._reader_task is not None:
            self._reader_task.cancel()


class Run:
    """The report, and a place for each step's result."""

    def __init__(self) -> None:
        self.report: dict = {"client": client_identity(), "python": sys.version.split()[0], "steps": {}}

    def step(self, name: str) -> Step:
        return Step(self, name)


class Step:
    """`async with run.step("x") as s:` records s.data, ok unless it raised or s.fail(...) was called."""

    def __init__(self, run: Run, name: str) -> None:
        self.run = run
        self.name = name
        self.data: dict = {"ok": True}
        run.report["steps"][name] = self.data

    def fail(self, why: str) -> None:
        self.data["ok"] = False
        self.data.setdefault("failures", []).append(why)

    def check(self, condition: bool, why: str) -> bool:
        if not condition:
            self.fail(why)
        return condition

    async def __aenter__(self) -> Self:
        self.started = time.monotonic()
        return self

    async def __aexit__(self, kind, error, trace) -> bool:
        self.data["seconds"] = round(time.monotonic() - self.started, 3)
        if error is not None and not isinstance(error, asyncio.CancelledError):
            self.data["ok"] = False
            self.data["exception"] = describe(error)
            self.data["traceback"] = traceback.format_exception(error)[-3:]
            return True  # go on with the next step
        return False


async def waited(coroutine, timeout: float = CALL_TIMEOUT):
    return await asyncio.wait_for(coroutine, timeout)


async def wait_until(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        await asyncio.sleep(0.02)
    return predicate()


class Heard:
    """What the client's subscribers got: (event name, node id or None, data summary)."""

    def __init__(self) -> None:
        self.all: list[tuple[float, str, Any]] = []
        self.node: list[tuple[float, str, Any]] = []
        self.endpoint: list[tuple[float, str, Any]] = []
        self.attribute: list[tuple[float, Any]] = []
        self.server_info: list[tuple[float, Any]] = []

    def names_since(self, start: float) -> list[str]:
        return [name for at, name, _ in self.all if at >= start]


def record_error_replies(client: MatterClient) -> list[dict]:
    """The error replies as they came over the wire (code and details), before the client maps the code to a class."""
    replies: list[dict] = []
    original = client._handle_incoming_message

    def recording(message) -> None:
        if isinstance(message, ErrorResultMessage):
            replies.append({"error_code": message.error_code, "details": message.details})
        original(message)

    client._handle_incoming_message = recording  # start_listening's loop looks the method up on the instance
    return replies


def event_name(event: Any) -> str:
    return event.value if isinstance(event, EventType) else f"<not an EventType: {event!r}>"


def summary(data: Any) -> Any:
    """A small picture of an event's data: a node's ID, an event's fields, a value."""
    if hasattr(data, "node_id") and hasattr(data, "node_data"):
        return {"node_id": data.node_id, "available": data.available}
    return jsonable(data)


async def main(url: str, socket_path: str, idle: float) -> dict:
    run = Run()
    report = run.report
    admin = AdminSocket(socket_path)
    await admin.open()
    await admin.call("start_listening", {"events": "all"})
    report["admin_server_info"] = None

    # The home before Home Assistant connects: the lamp (Wi-Fi) commissioned by someone else, the contact sensor
    # (Thread) waiting for the client to commission it.
    simulated = await admin.call("get_simulated_devices")
    report["simulated_devices"] = [
        {key: device.get(key) for key in ("simulated_device_id", "name", "template", "network", "node_id")}
        for device in simulated
    ]
    lamp_device = next(device for device in simulated if device["template"] == "on-off-light")
    sensor_device = next(device for device in simulated if device["template"] == "contact-sensor")
    if lamp_device.get("node_id") is None:
        # A Wi-Fi device's network_setup needs the hub's Wi-Fi credentials (mhub refuses it without, as a real
        # commissioner does): whoever commissioned the lamp gave them.
        await admin.call("set_wifi_credentials", {"ssid": "mhub-home", "credentials": "home-passphrase"})
        await admin.call("commission_with_code", {"code": lamp_device["qr_code"]})
        simulated = await admin.call("get_simulated_devices")
        lamp_device = next(device for device in simulated if device["template"] == "on-off-light")
    lamp = lamp_device["node_id"]
    sensor_code = sensor_device["qr_code"]
    report["lamp_node_id"] = lamp

    async with aiohttp.ClientSession() as session:
        client = MatterClient(url, session)
        report["error_replies"] = record_error_replies(client)
        heard = Heard()
        listener: asyncio.Task | None = None

        async with run.step("connect") as s:
            started = time.monotonic()
            await waited(client.connect(), 10)
            s.data["connect_seconds"] = round(time.monotonic() - started, 3)
            info = client.server_info
            s.data["server_info"] = jsonable(info)
            s.data["server_info_type"] = type(info).__name__
            s.check(info.schema_version == 11, f"schema_version {info.schema_version!r}")
            s.check(
                isinstance(info.min_supported_schema_version, int) and info.min_supported_schema_version <= 11,
                f"min_supported_schema_version {info.min_supported_schema_version!r}",
            )
            s.check(isinstance(info.sdk_version, str) and info.sdk_version != "", f"sdk_version {info.sdk_version!r}")
            for field in ("fabric_id", "compressed_fabric_id"):
                s.check(isinstance(getattr(info, field), int), f"{field} {getattr(info, field)!r}")
            for field in ("wifi_credentials_set", "thread_credentials_set", "bluetooth_enabled"):
                s.check(isinstance(getattr(info, field), bool), f"{field} {getattr(info, field)!r}")

        async with run.step("start_listening") as s:
            ready = asyncio.Event()
            listener = asyncio.create_task(client.start_listening(ready))
            await waited(ready.wait(), 10)
            s.data["node_ids"] = sorted(node.node_id for node in client.get_nodes())
            s.check(lamp in s.data["node_ids"], f"lamp {lamp} not among the initial nodes")

        def listener_state() -> dict:
            if listener is None:
                return {"alive": False, "why": "never started"}
            if not listener.done():
                return {"alive": True}
            state: dict = {"alive": False}
            if listener.cancelled():
                state["why"] = "cancelled"
            elif listener.exception() is not None:
                state["exception"] = describe(listener.exception())
                state["traceback"] = traceback.format_exception(listener.exception())[-4:]
            else:
                state["why"] = "returned (connection closed)"
            return state

        async with run.step("fabric_label") as s:
            s.data["home"] = jsonable(await waited(client.set_default_fabric_label("Home")))
            s.data["none"] = jsonable(await waited(client.set_default_fabric_label(None)))

        async with run.step("fabric_label_long") as s:
            # Home Assistant sends its location name, whatever its length; the OHF server cuts it to 32 characters
            # (device_controller.py set_default_fabric_label) and Home Assistant stays in SETUP_RETRY ("Failed to set
            # default fabric label") if the command fails.
            long_name = "Home Assistant at the Old Rectory, Upper Slaughter"
            s.data["label"] = long_name
            s.data["result"] = jsonable(await waited(client.set_default_fabric_label(long_name)))
            s.data["none"] = jsonable(await waited(client.set_default_fabric_label(None)))

        async with run.step("nodes") as s:
            nodes = {}
            for node in client.get_nodes():
                info = node.device_info
                nodes[str(node.node_id)] = {
                    "available": node.available,
                    "is_bridge": node.is_bridge_device,
                    "name": node.name,
                    "vendor_name": getattr(info, "vendorName", None),
                    "vendor_id": getattr(info, "vendorID", None),
                    "product_name": getattr(info, "productName", None),
                    "product_id": getattr(info, "productID", None),
                    "serial_number": getattr(info, "serialNumber", None),
                    "software_version_string": getattr(info, "softwareVersionString", None),
                    "unique_id": getattr(info, "uniqueID", None),
                    "endpoints": sorted(node.endpoints),
                    "device_types": sorted(
                        {
                            getattr(device_type, "__name__", type(device_type).__name__)
                            for endpoint in node.endpoints.values()
                            for device_type in endpoint.device_types
                        }
                    ),
                }
            s.data["nodes"] = nodes
            lamp_info = nodes.get(str(lamp), {})
            s.check(lamp_info.get("vendor_name") == "mhub", f"lamp vendor {lamp_info.get('vendor_name')!r}")
            s.check(bool(lamp_info.get("serial_number")), "lamp has no serial number")

        async with run.step("subscribe") as s:

            def on_any(event, data) -> None:
                heard.all.append((time.monotonic(), event_name(event), summary(data)))

            def on_node(event, data) -> None:
                heard.node.append((time.monotonic(), event_name(event), summary(data)))

            def on_endpoint(event, data) -> None:
                heard.endpoint.append((time.monotonic(), event_name(event), summary(data)))

            def on_lamp_on_off(event, data) -> None:
                heard.attribute.append((time.monotonic(), jsonable(data)))

            def on_server_info(event, data) -> None:
                heard.server_info.append((time.monotonic(), jsonable(data)))

            client.subscribe_events(on_any)
            for kind in (EventType.NODE_ADDED, EventType.NODE_UPDATED, EventType.NODE_REMOVED, EventType.NODE_EVENT):
                client.subscribe_events(on_node, kind)
            for kind in (EventType.ENDPOINT_ADDED, EventType.ENDPOINT_REMOVED):
                client.subscribe_events(on_endpoint, kind)
            client.subscribe_events(
                on_lamp_on_off, EventType.ATTRIBUTE_UPDATED, node_filter=lamp, attr_path_filter="1/6/0"
            )
            client.subscribe_events(on_server_info, EventType.SERVER_INFO_UPDATED)

        def lamp_on() -> Any:
            return client.get_node(lamp).get_attribute_value(1, None, Clusters.OnOff.Attributes.OnOff)

        async with run.step("command") as s:
            before = lamp_on()
            count = len(heard.attribute)
            s.data["result"] = jsonable(
                await waited(client.send_device_command(lamp, 1, Clusters.OnOff.Commands.Toggle()))
            )
            s.check(await wait_until(lambda: len(heard.attribute) > count, 10), "no attribute_updated for 1/6/0")
            s.data["before"] = before
            s.data["event_value"] = heard.attribute[-1][1] if len(heard.attribute) > count else None
            s.data["after"] = lamp_on()
            s.check(s.data["event_value"] == (not before), f"event value {s.data['event_value']!r}")
            s.check(s.data["after"] == (not before), "the client's node did not follow")

        async with run.step("write_plain") as s:
            result = await waited(client.write_attribute(lamp, "1/6/16385", 30))
            s.data["result"] = jsonable(result)
            s.check(isinstance(result, list) and result and result[0].get("Status") == 0, f"result {result!r}")

        # The struct write is the one python-matter-server's set_acl_entry makes: the node's ACL as the client has it
        # (the hub's own Administer entry), plus an Operate entry for another controller, written back whole.
        AccessControl = Clusters.AccessControl
        added = AccessControl.Structs.AccessControlEntryStruct(
            privilege=AccessControl.Enums.AccessControlEntryPrivilegeEnum.kOperate,
            authMode=AccessControl.Enums.AccessControlEntryAuthModeEnum.kCase,
            subjects=[424242],
            targets=NullValue,
            fabricIndex=1,
        )
        acl_before: list = []
        async with run.step("write_struct") as s:
            acl_before = list(client.get_node(lamp).get_attribute_value(0, None, AccessControl.Attributes.Acl) or [])
            s.data["acl_before"] = jsonable(acl_before)
            s.check(
                any(
                    entry.privilege == AccessControl.Enums.AccessControlEntryPrivilegeEnum.kAdminister
                    for entry in acl_before
                ),
                "the commissioned node's ACL has no Administer entry (the commissioner's)",
            )
            result = await waited(client.write_attribute(lamp, "0/31/0", [*acl_before, added]))
            s.data["result"] = jsonable(result)
            s.check(isinstance(result, list) and result and result[0].get("Status") == 0, f"result {result!r}")

        async with run.step("read") as s:
            values = await waited(client.read_attribute(lamp, ["1/6/16385", "0/31/0", "1/6/0"]))
            s.data["values"] = jsonable(values)
            s.check(values.get("1/6/16385") == 30, f"1/6/16385 read {values.get('1/6/16385')!r}")
            entries = values.get("0/31/0")
            s.check(
                isinstance(entries, list)
                and len(entries) == len(acl_before) + 1
                and any(entry.get("1") == 3 and entry.get("2") == 2 and entry.get("3") == [424242] for entry in entries)
                and any(entry.get("1") == 5 for entry in entries),
                f"0/31/0 read {entries!r}",
            )
            s.check(values.get("1/6/0") == lamp_on(), "1/6/0 read differs from the client's cache")

        sensor_node: int | None = None
        async with run.step("thread_refused") as s:
            s.data["sensor_network"] = sensor_device.get("network")
            s.check(sensor_device.get("network") in (None, "thread"), f"sensor network {sensor_device.get('network')}")
            s.data["thread_credentials_set_before"] = client.server_info.thread_credentials_set
            mark = time.monotonic()
            try:
                node = await waited(client.commission_with_code(sensor_code))
                s.fail(f"commissioned without a dataset: node {node.node_id}")
            except ohf_errors.MatterError as error:
                s.data["error"] = describe(error)
                s.check(
                    isinstance(error, ohf_errors.NodeCommissionFailed),
                    f"{type(error).__name__}, not NodeCommissionFailed",
                )
                s.check("dataset" in str(error).lower(), f"details do not name the dataset: {error}")
            await asyncio.sleep(0.2)
            failed = [
                data
                for at, name, data in admin.events
                if at >= mark and name == "commissioning_progress" and data.get("status") == "failed"
            ]
            s.data["failed_progress"] = failed
            s.check(
                any(data.get("step") == "network_setup" for data in failed), f"no failure at network_setup: {failed}"
            )

        async with run.step("thread_dataset") as s:
            mark = time.monotonic()
            s.data["result"] = jsonable(await waited(client.set_thread_operational_dataset(DATASET)))
            s.check(
                await wait_until(lambda: any(at >= mark for at, _ in heard.server_info), 5), "no server_info_updated"
            )
            updates = [data for at, data in heard.server_info if at >= mark]
            s.data["server_info_updated"] = updates[-1] if updates else None
            if updates:
                s.check(
                    isinstance(updates[-1], dict) and updates[-1].get("thread_credentials_set") is True,
                    f"server_info_updated: {updates[-1]}",
                )
            info = await admin.call("server_info")
            s.check(
                info.get("thread_credentials_set") is True, f"server_info after: {info.get('thread_credentials_set')}"
            )

        async with run.step("thread_commissioned") as s:
            mark = time.monotonic()
            node = await waited(client.commission_with_code(sensor_code), 60)
            sensor_node = node.node_id
            s.data["node_id"] = sensor_node
            s.data["node_data_type"] = type(node).__name__
            s.check(
                await wait_until(lambda: any(at >= mark and name == "node_added" for at, name, _ in heard.node), 5),
                "no node_added heard",
            )
            s.data["heard"] = [(name, data) for at, name, data in heard.node if at >= mark]
            s.check(sensor_node in {n.node_id for n in client.get_nodes()}, "the client has no such node")

        async with run.step("node_event") as s:
            if sensor_node is None:
                s.fail("no sensor node")
            else:
                mark = time.monotonic()
                value = (await admin.call("read_attribute", {"node_id": sensor_node, "attribute_path": "1/69/0"}))[
                    "1/69/0"
                ]
                await admin.call(
                    "set_attribute", {"node_id": sensor_node, "attribute_path": "1/69/0", "value": not value}
                )
                s.check(
                    await wait_until(lambda: any(at >= mark and name == "node_event" for at, name, _ in heard.node), 5),
                    "no node_event heard",
                )
                events = [data for at, name, data in heard.node if at >= mark and name == "node_event"]
                s.data["node_event"] = events[-1] if events else None
                s.data["attribute_heard"] = any(at >= mark and name == "attribute_updated" for at, name, _ in heard.all)
                s.check(s.data["attribute_heard"], "no attribute_updated for 1/69/0")
                if events:
                    event = events[-1]
                    s.check(
                        event.get("node_id") == sensor_node
                        and event.get("cluster_id") == 69
                        and event.get("event_id") == 0,
                        f"node_event {event}",
                    )

        async with run.step("node_diagnostics_thread") as s:
            if sensor_node is None:
                s.fail("no sensor node")
            else:
                diagnostics = await waited(client.node_diagnostics(sensor_node))
                s.data["result"] = jsonable(diagnostics)
                s.data["type"] = type(diagnostics).__name__

        async with run.step("remove_node") as s:
            if sensor_node is None:
                s.fail("no sensor node")
            else:
                mark = time.monotonic()
                s.data["result"] = jsonable(await waited(client.remove_node(sensor_node)))
                s.check(
                    await wait_until(
                        lambda: any(
                            at >= mark and name == "node_removed" and data == sensor_node
                            for at, name, data in heard.node
                        ),
                        5,
                    ),
                    "no node_removed heard",
                )
                s.check(sensor_node not in {n.node_id for n in client.get_nodes()}, "the client still has the node")

        async with run.step("diagnostics") as s:
            diagnostics = await waited(client.get_diagnostics())
            s.data["type"] = type(diagnostics).__name__
            s.data["info_schema_version"] = diagnostics.info.schema_version
            s.data["node_ids"] = sorted(node.node_id for node in diagnostics.nodes)
            s.data["events"] = len(diagnostics.events)
            s.data["event_types"] = sorted({type(event).__name__ for event in diagnostics.events})
            s.check(lamp in s.data["node_ids"], "the lamp is not in the diagnostics")
            s.check(diagnostics.info.schema_version == 11, "diagnostics.info.schema_version")

        async with run.step("interview") as s:
            mark = time.monotonic()
            s.data["result"] = jsonable(await waited(client.interview_node(lamp)))
            s.check(
                await wait_until(lambda: any(at >= mark and name == "node_updated" for at, name, _ in heard.node), 5),
                "no node_updated heard",
            )

        async with run.step("ping") as s:
            result = await waited(client.ping_node(lamp))
            s.data["result"] = jsonable(result)
            s.check(
                isinstance(result, dict) and result and all(isinstance(v, bool) for v in result.values()), f"{result!r}"
            )

        async with run.step("node_diagnostics") as s:
            diagnostics = await waited(client.node_diagnostics(lamp))
            s.data["result"] = jsonable(diagnostics)
            s.data["type"] = type(diagnostics).__name__
            s.check(s.data["result"].get("available") is True, "not available")

        await mhub_events(run, client, heard, admin, lamp, lamp_device["simulated_device_id"], listener_state)

        async with run.step("after_events") as s:
            current = await admin.call("get_nodes")
            lamps = [n["node_id"] for n in current if n["attributes"].get("0/40/15") == lamp_device["serial_number"]]
            target = lamps[0] if lamps else lamp
            s.data["node_id"] = target
            s.data["listener"] = listener_state()
            s.check(s.data["listener"]["alive"], f"listener died: {s.data['listener']}")
            mark = time.monotonic()
            await waited(client.send_device_command(target, 1, Clusters.OnOff.Commands.Toggle()))
            s.check(
                await wait_until(
                    lambda: any(at >= mark and name == "attribute_updated" for at, name, _ in heard.all), 10
                ),
                "the toggle was not heard",
            )
            lamp = target

        await extras(run, client, admin, lamp)
        await unknown_event_probe(run, url, session, admin)
        await unknown_error_probe(run, url, session, admin, lamp)

        async with run.step("idle") as s:
            pings = watch_heartbeat(client)
            await asyncio.sleep(idle)
            s.data["idle_seconds"] = idle
            s.data["pings_sent_at"] = pings
            s.data["connected"] = client.connection.connected
            s.data["listener"] = listener_state()
            s.check(client.connection.connected, "the connection closed while idle")
            s.check(s.data["listener"]["alive"], f"listener died while idle: {s.data['listener']}")
            if idle >= 85 and isinstance(pings, list):
                s.check(len(pings) >= 1, "no heartbeat ping was sent while idle")
            values = await waited(client.read_attribute(lamp, "1/6/0"))
            s.data["read_after"] = jsonable(values)

        names = sorted({name for _, name, _ in heard.all})
        report["client_heard"] = names
        report["client_heard_non_ohf"] = [name for name in names if name not in OHF_EVENTS]
        report["admin_heard"] = sorted({name for _, name, _ in admin.events})
        report["listener_at_end"] = listener_state()
        await client.disconnect()
        if listener is not None:
            listener.cancel()
    await admin.close()
    return report


def watch_heartbeat(client: MatterClient) -> list | str:
    """Times (seconds from now) at which aiohttp sends its heartbeat ping on the client's WebSocket."""
    ws = getattr(client.connection, "_ws_client", None)
    original = getattr(ws, "_send_heartbeat", None)
    if ws is None or original is None:
        return "aiohttp internals not found"
    start = time.monotonic()
    sent: list = []

    def counting() -> None:
        before = getattr(ws, "_pong_response_cb", None)
        original()
        after = getattr(ws, "_pong_response_cb", None)
        if after is not None and after is not before:
            sent.append(round(time.monotonic() - start, 1))

    ws._send_heartbeat = counting  # the timer looks the method up when it fires
    return sent


MHUB_EVENT_KINDS_NOT_CAUSED = {
    "udc_request_received": "needs a User Directed Commissioning datagram on the UDC port",
    "fabric_added": "needs a Matter controller commissioning the hub",
    "fabric_updated": "needs a Matter controller commissioning the hub",
    "fabric_removed": "needs a fabric of the hub's Matter node",
    "matter_session_opened": "needs a Matter controller on the hub's Matter port",
    "matter_session_closed": "needs a Matter controller on the hub's Matter port",
}


async def mhub_events(
    run: Run,
    client: MatterClient,
    heard: Heard,
    admin: AdminSocket,
    lamp: int,
    lamp_simulated_device: int,
    listener_state,
) -> None:
    """Cause every kind of mhub event the admin socket can, while the client listens."""
    async with run.step("mhub_events") as s:
        mark = time.monotonic()
        done: list[str] = []
        problems: list[str] = []

        async def do(command: str, args: dict | None = None) -> Any:
            try:
                result = await admin.call(command, args)
                done.append(command)
                return result
            except Exception as error:  # noqa: BLE001 - report and go on
                problems.append(f"{command}: {error}")
                return None
            finally:
                await asyncio.sleep(0.05)

        room = await do("create_room", {"name": "Porch"})
        if room:
            await do("rename_room", {"room_id": room["room_id"], "name": "Veranda"})
        structure = await do("create_structure", {"name": "Cabin"})
        if structure:
            await do("rename_structure", {"structure_id": structure["structure_id"], "name": "Cottage"})
        await do("update_device", {"node_id": lamp, "name": "Hall lamp"})
        if room:
            await do("update_device", {"node_id": lamp, "room_id": room["room_id"]})
        if structure:
            await do("move_device", {"node_id": lamp, "structure_id": structure["structure_id"]})
            await do("move_device", {"node_id": lamp, "structure_id": 1})
            await do("delete_structure", {"structure_id": structure["structure_id"]})
        if room:
            await do("delete_room", {"room_id": room["room_id"]})
        spare = await do("add_simulated_device", {"template": "dimmable-light", "name": "Spare"})
        await do("set_fault", {"fault": "hub_offline"})
        await do("clear_faults")
        await do("set_fault", {"fault": "device_unreachable", "simulated_device_id": lamp_simulated_device})
        await asyncio.sleep(0.2)
        s.data["lamp_available_while_unreachable"] = client.get_node(lamp).available
        await do("clear_faults")
        # The fault is gone: Home Assistant shows the lamp available again only if a node_updated says so.
        await wait_until(lambda: client.get_node(lamp).available, 2)
        s.data["lamp_available_after_clear_faults"] = client.get_node(lamp).available
        s.check(
            s.data["lamp_available_while_unreachable"] is False, "the lamp stayed available under device_unreachable"
        )
        s.check(
            s.data["lamp_available_after_clear_faults"] is True,
            "after clear_faults the client still has the lamp unavailable (no node_updated with available: true)",
        )
        await do("prepare_commissioning")
        await do("cancel_commissioning")
        if spare:
            # mhub's own flow, by another app: progress, session, then node_added (OHF) for everyone.
            await do("prepare_commissioning")
            await do("commission_with_code", {"code": spare["qr_code"]})
            await do("configure_device", {"name": "Spare light"})
            completed = await do("complete_commissioning")
            if completed:
                await do("remove_node", {"node_id": completed["node_ids"][0]})
            await do("remove_simulated_device", {"simulated_device_id": spare["simulated_device_id"]})
        await do("open_commissioning_window", {"timeout": 60})
        await do("close_commissioning_window")
        await do("set_attribute", {"node_id": lamp, "attribute_path": "1/6/0", "value": True})
        await do("set_firmware_update", {"node_id": lamp, "update": None})
        await do("remove_wifi_credentials")
        await do("set_wifi_credentials", {"ssid": "mhub-home", "credentials": "home-passphrase"})
        scenario = {
            "mhub_scenario": 1,
            "name": "peer",
            "devices": [{"id": "lamp", "template": "on-off-light", "name": "Scenario lamp"}],
            "timeline": [
                {"at": "200ms", "set_attribute": {"device": "lamp", "attribute_path": "1/OnOff/onOff", "value": True}}
            ],
        }
        await do("load_scenario", {"text": json.dumps(scenario)})
        await asyncio.sleep(0.5)
        await do("reset")
        await do("set_wifi_credentials", {"ssid": "mhub-home", "credentials": "home-passphrase"})
        # After the reset the hub has its configured devices again: the lamp comes back, commissioned by another app.
        simulated = await do("get_simulated_devices") or []
        for device in simulated:
            if device["template"] == "on-off-light" and device.get("node_id") is None:
                await do("commission_with_code", {"code": device["qr_code"]})
                break
        await asyncio.sleep(0.5)

        caused = sorted(set(admin.names_since(mark)))
        s.data["commands"] = done
        s.data["problems"] = problems
        s.data["caused"] = caused
        s.data["caused_mhub_only"] = [name for name in caused if name not in OHF_EVENTS]
        s.data["not_caused"] = MHUB_EVENT_KINDS_NOT_CAUSED
        client_names = heard.names_since(mark)
        s.data["client_heard"] = sorted(set(client_names))
        s.data["client_heard_counts"] = {name: client_names.count(name) for name in sorted(set(client_names))}
        s.data["client_heard_sequence"] = [
            [name, data if name != "attribute_updated" else None] for at, name, data in heard.all if at >= mark
        ]
        s.data["admin_heard_sequence"] = [name for at, name, _ in admin.events if at >= mark]
        s.data["listener"] = listener_state()
        s.check(s.data["listener"]["alive"], f"listener died: {s.data['listener']}")
        s.check(client.connection.connected, "the client's connection closed")
        leaked = [name for name in client_names if name not in OHF_EVENTS]
        s.check(not leaked, f"non-OHF events reached the client: {sorted(set(leaked))}")
        for name in ("node_added", "node_removed", "node_updated", "attribute_updated"):
            s.check(name in client_names, f"the client did not hear {name}")
        mhub_kinds = {
            "room_updated",
            "room_removed",
            "structure_updated",
            "structure_removed",
            "device_updated",
            "simulated_device_added",
            "simulated_device_removed",
            "faults_updated",
            "session_updated",
            "commissioning_progress",
            "commissioning_window_updated",
            "scenario_updated",
            "hub_reset",
        }
        missing = sorted(mhub_kinds - set(caused))
        s.check(not missing, f"not caused: {missing}")


async def extras(run: Run, client: MatterClient, admin: AdminSocket, lamp: int) -> None:
    """What Home Assistant may also call; reported, not required."""
    async with run.step("extras") as s:

        async def attempt(name: str, coroutine) -> None:
            try:
                s.data[name] = {"result": jsonable(await waited(coroutine, 15))}
            except Exception as error:  # noqa: BLE001
                s.data[name] = {"exception": describe(error)}

        await attempt("check_node_update", client.check_node_update(lamp))
        await attempt("get_vendor_names", client.send_command("get_vendor_names", require_schema=3))
        await attempt(
            "get_vendor_names_filtered",
            client.send_command("get_vendor_names", require_schema=3, filter_vendors=[65521, 4937, 4362]),
        )
        await attempt("set_wifi_credentials", client.set_wifi_credentials("mhub-test", "secret-passphrase"))
        await attempt("get_node_ip_addresses", client.get_node_ip_addresses(lamp))
        # Home Assistant's "Manage fabrics" (matter/remove_matter_fabric): RemoveFabric of a fabric index the device
        # does not have, sent as a device_command.
        await attempt("get_matter_fabrics", client.get_matter_fabrics(lamp))
        await attempt("remove_matter_fabric_unknown_index", client.remove_matter_fabric(lamp, 7))
        try:
            offered = await admin.call(
                "set_firmware_update",
                {"node_id": lamp, "update": {"software_version": 2, "software_version_string": "0.2.0"}},
            )
            s.data["admin_set_firmware_update"] = offered
            await attempt("check_node_update_offered", client.check_node_update(lamp))
            # Home Assistant's update entity follows the OTA Requestor's UpdateState (0/42/2) and progress (0/42/3),
            # then Basic Information's SoftwareVersion (0/40/9).
            progress: list = []
            original = client._nodes[lamp].update_attribute

            def tracking(path: str, value: Any) -> None:
                if path.startswith("0/42/") or path == "0/40/9" or path == "0/40/10":
                    progress.append([path, jsonable(value)])
                original(path, value)

            client._nodes[lamp].update_attribute = tracking  # the client calls it for each attribute_updated
            await attempt("update_node", client.update_node(lamp, 2))
            await wait_until(
                lambda: (
                    client.get_node(lamp).get_attribute_value(
                        0, None, Clusters.BasicInformation.Attributes.SoftwareVersion
                    )
                    == 2
                ),
                15,
            )
            client._nodes[lamp].update_attribute = original
            s.data["update_attributes"] = progress
            s.data["software_version_after"] = client.get_node(lamp).get_attribute_value(
                0, None, Clusters.BasicInformation.Attributes.SoftwareVersion
            )
        except Exception as error:  # noqa: BLE001
            s.data["admin_set_firmware_update"] = {"exception": describe(error)}
        s.data["listener_alive_after"] = client.connection.connected


async def unknown_event_probe(run: Run, url: str, session: aiohttp.ClientSession, admin: AdminSocket) -> None:
    """A second client of the same kind asks for mhub's own events (a second start_listening {"events": "all"}):
    what it does with an event name it does not know (home_synced, then room_updated)."""
    async with run.step("unknown_event_probe") as s:
        probe = MatterClient(url, session)
        s.data["error_replies"] = record_error_replies(probe)
        await waited(probe.connect(), 10)
        ready = asyncio.Event()
        task = asyncio.create_task(probe.start_listening(ready))
        await waited(ready.wait(), 10)
        try:
            result = await waited(probe.send_command("start_listening", events="all"), 5)
            s.data["second_start_listening"] = {"result_nodes": len(result) if isinstance(result, list) else result}
        except BaseException as error:  # noqa: BLE001 - CancelledError included: the client cancels it when it dies
            s.data["second_start_listening"] = {"exception": describe(error)}
        await asyncio.sleep(0.2)
        s.data["after_home_synced"] = task_state(task, probe)
        if not task.done():
            try:
                await admin.call("create_room", {"name": "Probe room"})
            except Exception as error:  # noqa: BLE001
                s.data["create_room"] = str(error)
            await asyncio.sleep(0.3)
            s.data["after_room_updated"] = task_state(task, probe)
        s.data["survived"] = not task.done()
        await probe.disconnect()
        task.cancel()


async def unknown_error_probe(
    run: Run, url: str, session: aiohttp.ClientSession, admin: AdminSocket, lamp: int
) -> None:
    """Error codes above 11 (mhub's own), each on a fresh client of the same kind, listening as Home Assistant's."""
    async with run.step("unknown_error_probe") as s:
        cases = [
            # An mhub-only command refused with an mhub code: RoomExists (215).
            ("create_room_twice", lambda c: c.send_command("create_room", name="Probe room")),
            # Home Assistant's "share device" (open a window on a node): whatever mhub answers.
            ("open_commissioning_window", lambda c: c.open_commissioning_window(lamp)),
        ]
        with contextlib.suppress(RuntimeError):  # it may be there from the event probe
            await admin.call("create_room", {"name": "Probe room"})
        for name, call in cases:
            probe = MatterClient(url, session)
            case: dict = {"error_replies": record_error_replies(probe)}
            await waited(probe.connect(), 10)
            ready = asyncio.Event()
            task = asyncio.create_task(probe.start_listening(ready))
            await waited(ready.wait(), 10)
            try:
                case["result"] = jsonable(await waited(call(probe), 10))
            except BaseException as error:  # noqa: BLE001
                case["exception"] = describe(error)
            await asyncio.sleep(0.2)
            case["listener"] = task_state(task, probe)
            s.data[name] = case
            await probe.disconnect()
            task.cancel()


def task_state(task: asyncio.Task, client: MatterClient) -> dict:
    state: dict = {"listening_task_alive": not task.done(), "connected": client.connection.connected}
    if task.done() and not task.cancelled() and task.exception() is not None:
        state["exception"] = describe(task.exception())
        state["traceback"] = [line.rstrip() for line in traceback.format_exception(task.exception())[-4:]]
    return state


def entry() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("socket")
    parser.add_argument("--idle", type=float, default=90.0, help="seconds to stay idle at the end (past 60 s)")
    parser.add_argument("--timeout", type=float, default=400.0, help="the whole run's limit")
    arguments = parser.parse_args()
    try:
        report = asyncio.run(asyncio.wait_for(main(arguments.url, arguments.socket, arguments.idle), arguments.timeout))
    except BaseException as error:  # noqa: BLE001 - report, then fail
        print(
            json.dumps(
                {
                    "client": client_identity(),
                    "error": describe(error),
                    "traceback": traceback.format_exception(error)[-6:],
                }
            )
        )
        sys.exit(2)
    failed = [name for name, step in report["steps"].items() if not step.get("ok") and name not in INFO_ONLY]
    report["failed_steps"] = failed
    print(json.dumps(report, default=repr))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    entry()
