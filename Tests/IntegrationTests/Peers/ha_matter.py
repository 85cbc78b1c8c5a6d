"""Run the real Home Assistant, in-process, with its `matter` integration against a real mhubd (a peer test of mhub).

Usage: ha_matter.py READY_FILE [--log FILE] [--refuse COMMAND]...

READY_FILE is what `mhubd --ephemeral --ready-file` wrote (its Unix socket, WebSocket URL and token). Home Assistant
(homeassistant 2025.4.4 from PyPI, unmodified, in the environment `scripts/peers-venv.sh ha` makes) runs the way its
own tests run it: a `HomeAssistant` object on a temporary config directory, its registries loaded, its state set to
running without the start event (so `http`, which `websocket_api` and `matter` need, is set up but never listens),
`skip_pip`, and aiohttp's plain resolver instead of its mDNS one: nothing leaves 127.0.0.1.

Steps, each under a time limit (the whole run at most 4 minutes):
1. Over the admin Unix socket (one JSON object per line), as a user would: the Wi-Fi credentials and the Thread
   dataset, then for every template of `get_templates` (the bridge too) `add_simulated_device` and
   `commission_with_code` with its QR code.
2. Two other clients stay busy while Home Assistant connects: an mhub listener (`start_listening {"events": "all"}`)
   and a "thermometer" that changes a temperature sensor's reading (`set_attribute`) every 50 ms.
3. A config entry for `matter` with `{"url": <websocket url>}`, added through `hass.config_entries.async_add` (setup
   at most 60 s); its state and reason.
4. The HA devices and entities of every node; `light.toggle` on the on/off light, read back from mhub; `set_attribute`
   as a physical change (the light, the contact sensor) and the state HA shows; a firmware update offered with
   `set_firmware_update`, found by `homeassistant.update_entity` and installed with `update.install`; the other
   entity kinds' services (SERVICE_CALLS) and what the hub holds after each; a device commissioned while HA runs,
   which HA must pick up, carrying the fabric label HA set.

Prints one JSON report on stdout; exits 0 only if the config entry loaded (later steps report their failures in the
report, for the test to assert). `--refuse COMMAND` puts a proxy between Home Assistant and mhubd that answers that
command with InvalidCommand (9), as a hub without it would: with `set_default_fabric_label` the entry must stay in
SETUP_RETRY with "Failed to set default fabric label". Home Assistant's log (debug for the matter integration and
its client) goes to `--log`, else into the temporary config directory, removed at the end like the rest of it; its
warnings and errors are also in the report.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import shutil
import sys
import tempfile
import time
import traceback
from types import MappingProxyType
from typing import Any

import aiohttp
from aiohttp import web

# The OpenThread demo's active operational dataset (network "OpenThreadDemo", PAN ID 0x1234, channel 15).
THREAD_DATASET = (
    "0e080000000000010000000300000f35060004001fffe0020811111111222222220708fdad70bfe5aa15dd051000112233445566778899"
    "aabbccddeeff030e4f70656e54687265616444656d6f010212340410445f2b5ca6f2a93a55ce570a70efeecb0c0402a0f7f8"
)
OFFERED_VERSION = 2
OFFERED_VERSION_STRING = "0.2.0"

HA_SETUP_SECONDS = 60
WHOLE_RUN_SECONDS = 240


def progress(message: str) -> None:
    print(f"ha_matter: {message}", file=sys.stderr, flush=True)


class HubError(Exception):
    def __init__(self, reply: dict) -> None:
        super().__init__(f"{reply.get('error_name')} ({reply.get('error_code')}): {reply.get('details')}")
        self.reply = reply


class HubClient:
    """mhubd's control socket: one JSON object per line, replies matched by message_id, events kept."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str) -> None:
        self.reader, self.writer, self.name = reader, writer, name
        self.pending: dict[str, asyncio.Future] = {}
        self.events: list[tuple[str, Any]] = []
        self.event_waiters: list[tuple[Any, asyncio.Future]] = []
        self.next_id = 0
        self.server_info: dict | None = None
        self.greeted = asyncio.get_running_loop().create_future()
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, path: str, name: str) -> HubClient:
        reader, writer = await asyncio.open_unix_connection(path, limit=64 * 1024 * 1024)
        client = cls(reader, writer, name)
        await asyncio.wait_for(client.greeted, 10)
        return client

    async def _read(self) -> None:
        try:
            while line := await self.reader.readline():
                message = json.loads(line)
                if "event" in message:
                    self.events.append((message["event"], message.get("data")))
                    for predicate, future in list(self.event_waiters):
                        if not future.done() and predicate(message["event"], message.get("data")):
                            future.set_result(message.get("data"))
                    continue
                if self.server_info is None and "message_id" not in message:
                    # The first line: the server info (the OHF ServerInfoMessage), bare.
                    self.server_info = message
                    self.greeted.set_result(True)
                    continue
                message_id = message.get("message_id")
                future = self.pending.pop(str(message_id), None)
                if future is not None and not future.done():
                    future.set_result(message)
        except Exception as error:  # noqa: BLE001 - reported through the pending calls
            for future in self.pending.values():
                if not future.done():
                    future.set_exception(ConnectionError(f"{self.name}: {error}"))
            return
        for future in self.pending.values():
            if not future.done():
                future.set_exception(ConnectionError(f"{self.name}: mhubd closed the connection"))
        if not self.greeted.done():
            self.greeted.set_exception(ConnectionError(f"{self.name}: closed before the server info"))

    async def call(self, command: str, timeout: float = 20, **args: Any) -> Any:
        self.next_id += 1
        message_id = f"{self.name}-{self.next_id}"
        future = asyncio.get_running_loop().create_future()
        self.pending[message_id] = future
        request = {"message_id": message_id, "command": command}
        if args:
            request["args"] = args
        self.writer.write((json.dumps(request) + "\n").encode())
        await self.writer.drain()
        reply = await asyncio.wait_for(future, timeout)
        if "error_code" in reply:
            raise HubError(reply)
        return reply.get("result")

    def wait_for_event(self, predicate) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.event_waiters.append((predicate, future))
        return future

    async def close(self) -> None:
        self.task.cancel()
        self.writer.close()
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()


class RefusingProxy:
    """A WebSocket hop between Home Assistant and mhubd that answers some commands with InvalidCommand (9),
    as a hub that lacks them does; everything else passes both ways unchanged."""

    def __init__(self, upstream: str, token: str | None, refused: set[str]) -> None:
        self.upstream, self.token, self.refused = upstream, token, refused
        self.refusals: list[str] = []
        self.runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/ws", self._handle)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # noqa: SLF001 - the port the kernel chose
        self.url = f"ws://127.0.0.1:{port}/ws"

    async def _handle(self, request: web.Request) -> web.WebSocketResponse:
        downstream = web.WebSocketResponse(max_msg_size=0)
        await downstream.prepare(request)
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        async with aiohttp.ClientSession() as session, session.ws_connect(
            self.upstream, headers=headers, max_msg_size=0
        ) as upstream:

            async def down() -> None:
                async for message in upstream:
                    if message.type == aiohttp.WSMsgType.TEXT:
                        await downstream.send_str(message.data)

            pump = asyncio.create_task(down())
            async for message in downstream:
                if message.type != aiohttp.WSMsgType.TEXT:
                    continue
                request_json = json.loads(message.data)
                if request_json.get("command") in self.refused:
                    self.refusals.append(request_json["command"])
                    await downstream.send_str(
                        json.dumps(
                            {
                                "message_id": request_json.get("message_id"),
                                "error_code": 9,
                                "error_name": "InvalidCommand",
                                "details": f"unknown command \"{request_json['command']}\"",
                            }
                        )
                    )
                    continue
                await upstream.send_str(message.data)
            pump.cancel()
        return downstream

    async def stop(self) -> None:
        if self.runner:
            await self.runner.cleanup()


class Thermometer:
    """A client that changes the temperature sensor's reading every 50 ms, from before Home Assistant connects
    until its setup is done."""

    def __init__(self, client: HubClient, by_template: dict[str, int]) -> None:
        self.client = client
        self.node_id = by_template.get("temperature-sensor")
        self.readings: list[int] = []
        self.error: str | None = None
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        if self.node_id is None:
            return
        value = 1500
        try:
            while True:
                value = 1500 + (value - 1500 + 7) % 1000
                await self.client.call("set_attribute", node_id=self.node_id, attribute_path="1/1026/0", value=value)
                self.readings.append(value)
                await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - reported
            self.error = f"{type(error).__name__}: {error}"

    async def stop(self) -> dict:
        self.task.cancel()
        with contextlib.suppress(BaseException):
            await self.task
        last = self.readings[-1] if self.readings else None
        return {"changes": len(self.readings), "last": last, "error": self.error}


class LogCollector(logging.Handler):
    """Home Assistant's and the Matter client's warnings and errors, for the report."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = f"{record.levelname} {record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            text += f" [{type(record.exc_info[1]).__name__}: {record.exc_info[1]}]"
        self.records.append(text[:600])


def node_of_identifier(identifiers) -> tuple[int, str] | None:
    """The node ID and the endpoint part of a Matter device's `deviceid_<fabric>-<node>-<postfix>` identifier."""
    for domain, value in identifiers:
        if domain == "matter" and value.startswith("deviceid_"):
            parts = value.removeprefix("deviceid_").split("-")
            if len(parts) >= 3:
                return int(parts[1], 16), "-".join(parts[2:])
    return None


async def wait_until(predicate, timeout: float, interval: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        await asyncio.sleep(interval)
    return bool(predicate())


async def start_home_assistant(config_dir: str):
    """A HomeAssistant as its own tests make one: registries loaded, running without the start event."""
    from homeassistant import auth, config_entries, loader
    from homeassistant.bootstrap import async_load_base_functionality
    from homeassistant.core import CoreState, HomeAssistant
    from homeassistant.helpers import aiohttp_client

    # aiohttp's own threaded resolver instead of HA's mDNS-capable one (which would start zeroconf on the LAN).
    aiohttp_client._async_make_resolver = lambda hass: aiohttp.ThreadedResolver()  # noqa: SLF001

    hass = HomeAssistant(config_dir)
    hass.config.skip_pip = True
    hass.config.location_name = "mhub peer home"
    hass.config.latitude, hass.config.longitude, hass.config.elevation = 52.37, 4.89, 0
    await hass.config.async_set_time_zone("UTC")
    hass.config_entries = config_entries.ConfigEntries(hass, {})
    loader.async_setup(hass)
    await async_load_base_functionality(hass)
    hass.auth = await auth.auth_manager_from_config(hass, [], [])
    hass.set_state(CoreState.running)
    return hass


#: Devices laid out otherwise than one endpoint, by the name the report gives them: a power strip of three outlets, and
#: a bridge of two devices of each kind a bridge may carry besides lights (the `bridge` template's).
LAYOUTS: dict[str, dict[str, Any]] = {
    "on-off-plug-in-unit*3": {"template": "on-off-plug-in-unit", "endpoints": 3},
    "bridge/contact-sensor*2": {"template": "bridge", "bridged_devices": 2, "bridged_template": "contact-sensor"},
    "bridge/thermostat*2": {"template": "bridge", "bridged_devices": 2, "bridged_template": "thermostat"},
    "bridge/door-lock*2": {"template": "bridge", "bridged_devices": 2, "bridged_template": "door-lock"},
    "bridge/window-covering*2": {"template": "bridge", "bridged_devices": 2, "bridged_template": "window-covering"},
}


async def run(args: argparse.Namespace, report: dict) -> None:
    with open(args.ready_file) as file:
        ready = json.load(file)
    report["hub"] = {"websocket_url": ready["websocket_url"], "pid": ready["pid"]}
    admin = await HubClient.connect(ready["unix_socket"], "admin")

    # 1. The network credentials the devices join with, then one device of every template, commissioned.
    credentials: dict[str, Any] = {}
    for command, command_args in (
        ("set_wifi_credentials", {"ssid": "mhub-peer", "credentials": "correct horse battery staple"}),
        ("set_thread_dataset", {"dataset": THREAD_DATASET}),
    ):
        try:
            await admin.call(command, **command_args)
            credentials[command] = "ok"
        except HubError as error:
            credentials[command] = str(error)
    report["credentials"] = credentials

    templates = await admin.call("get_templates")
    nodes: dict[int, dict] = {}
    commissioning: dict[str, Any] = {}
    for template in templates:
        key = template["key"]
        try:
            device = await admin.call("add_simulated_device", template=key, name=f"HA {template['title']}")
            node = await admin.call("commission_with_code", timeout=60, code=device["qr_code"])
            nodes[node["node_id"]] = {"template": key, "bridged_devices": device.get("bridged_devices")}
            commissioning[key] = node["node_id"]
        except HubError as error:
            commissioning[key] = str(error)
    # The layouts beside single devices: a device of several endpoints, and bridges of each kind of device.
    for key, layout in LAYOUTS.items():
        try:
            device = await admin.call("add_simulated_device", name=f"HA {key}", **layout)
            node = await admin.call("commission_with_code", timeout=60, code=device["qr_code"])
            nodes[node["node_id"]] = {"template": key, "bridged_devices": device.get("bridged_devices")}
            commissioning[key] = node["node_id"]
        except HubError as error:
            commissioning[key] = str(error)
    report["layouts"] = list(LAYOUTS)
    report["templates"] = [template["key"] for template in templates]
    report["commissioned"] = commissioning
    progress(f"commissioned {len(nodes)} of {len(templates)} templates")
    by_template = {info["template"]: node_id for node_id, info in nodes.items()}

    # 2. Other clients, busy while Home Assistant connects.
    listener = await HubClient.connect(ready["unix_socket"], "listener")
    await listener.call("start_listening", events="all")
    thermometer = Thermometer(await HubClient.connect(ready["unix_socket"], "thermometer"), by_template)

    # 3. Home Assistant, and the config entry.
    config_dir = tempfile.mkdtemp(prefix="mhub-ha-")
    log_path = args.log or os.path.join(config_dir, "home-assistant.log")
    report["log_file"] = log_path
    file_handler = logging.FileHandler(log_path, mode="w")
    file_handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    collector = LogCollector()
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    root.addHandler(file_handler)
    root.addHandler(collector)
    logging.getLogger("homeassistant.components.matter").setLevel(logging.DEBUG)
    logging.getLogger("matter_server").setLevel(logging.DEBUG)

    proxy = None
    url = ready["websocket_url"]
    if args.refuse:
        proxy = RefusingProxy(url, ready.get("token"), set(args.refuse))
        await proxy.start()
        url = proxy.url
    report["refused_commands"] = args.refuse

    hass = await start_home_assistant(config_dir)
    try:
        await exercise_home_assistant(hass, url, admin, listener, thermometer, nodes, by_template, report)
    finally:
        await thermometer.stop()
        if proxy:
            report["refusals"] = proxy.refusals
        with contextlib.suppress(Exception):
            await asyncio.wait_for(hass.async_stop(), 30)
        if proxy:
            await proxy.stop()
        report["listener"] = {
            "connected": not listener.task.done(),
            "events": len(listener.events),
            "kinds": sorted({name for name, _ in listener.events}),
        }
        report["log_problems"] = collector.records[:200]
        for client in (admin, listener, thermometer.client):
            await client.close()
        root.removeHandler(file_handler)
        root.removeHandler(collector)
        file_handler.close()
        shutil.rmtree(config_dir, ignore_errors=True)  # with the log, unless --log put it elsewhere
        if not args.log:
            report["log_file"] = None


async def exercise_home_assistant(hass, url, admin, listener, thermometer, nodes, by_template, report) -> None:
    from homeassistant.config_entries import ConfigEntry, ConfigEntryState
    from homeassistant.const import __version__ as homeassistant_version
    from homeassistant.helpers import device_registry as dr
    from homeassistant.helpers import entity_registry as er
    from homeassistant.setup import async_setup_component

    report["homeassistant_version"] = homeassistant_version
    report["python_matter_server_version"] = _dist_version("python-matter-server")
    # Core services (homeassistant.update_entity) as a user's instance has them.
    await async_setup_component(hass, "homeassistant", {})

    entry = ConfigEntry(
        domain="matter",
        title="Matter",
        data={"url": url},
        source="user",
        version=1,
        minor_version=1,
        options={},
        unique_id="matter",
        discovery_keys=MappingProxyType({}),
        subentries_data=None,
    )
    started = time.monotonic()
    setup_error = None
    try:
        await asyncio.wait_for(hass.config_entries.async_add(entry), HA_SETUP_SECONDS)
        await asyncio.wait_for(hass.async_block_till_done(), HA_SETUP_SECONDS)
    except TimeoutError:
        setup_error = f"setup did not finish in {HA_SETUP_SECONDS} s"
    report["setup_seconds"] = round(time.monotonic() - started, 2)
    report["entry"] = {
        "state": entry.state.value,
        "reason": entry.reason,
        "error": setup_error,
    }
    progress(f"config entry {entry.state.value} ({entry.reason}) after {report['setup_seconds']} s")
    report["thermometer"] = await thermometer.stop()
    if entry.state is not ConfigEntryState.LOADED:
        return

    # 4a. Devices and entities, per node.
    device_registry = dr.async_get(hass)
    entity_registry = er.async_get(hass)
    devices = dr.async_entries_for_config_entry(device_registry, entry.entry_id)
    entities = er.async_entries_for_config_entry(entity_registry, entry.entry_id)
    per_node: dict[str, dict] = {
        str(node_id): {**info, "devices": [], "entities": {}} for node_id, info in nodes.items()
    }
    device_node: dict[str, int] = {}
    unmatched_devices = []
    for device in devices:
        found = node_of_identifier(device.identifiers)
        if found is None or str(found[0]) not in per_node:
            unmatched_devices.append(device.name)
            continue
        node_id, postfix = found
        device_node[device.id] = node_id
        via = device_registry.async_get(device.via_device_id).name if device.via_device_id else None
        per_node[str(node_id)]["devices"].append(
            {
                "name": device.name,
                "endpoint": postfix,
                "manufacturer": device.manufacturer,
                "model": device.model,
                "model_id": device.model_id,
                "serial_number": device.serial_number,
                "sw_version": device.sw_version,
                "via": via,
            }
        )
    for entity in entities:
        node_id = device_node.get(entity.device_id)
        state = hass.states.get(entity.entity_id)
        if node_id is None:
            unmatched_devices.append(entity.entity_id)
            continue
        per_node[str(node_id)]["entities"][entity.entity_id] = state.state if state else None
    report["nodes"] = per_node
    report["unmatched"] = unmatched_devices

    def entity_of(node_id: int | None, domain: str, suffix: str = "") -> str | None:
        """The node's first entity of the domain (whose ID ends with `suffix`)."""
        if node_id is None:
            return None
        entities = sorted(per_node[str(node_id)]["entities"])
        return next((e for e in entities if e.startswith(domain + ".") and e.endswith(suffix)), None)

    # What HA shows of the reading the thermometer kept changing while it connected, against the hub's.
    temperature = by_template.get("temperature-sensor")
    if temperature is not None and (sensor := entity_of(temperature, "sensor", "_temperature")):
        path = "1/1026/0"
        hub_value = (await admin.call("read_attribute", node_id=temperature, attribute_path=path))[path]
        await wait_until(lambda: _float(hass.states.get(sensor).state) == round(hub_value / 100, 2), 5)
        report["temperature"] = {"entity": sensor, "hub": hub_value, "ha": hass.states.get(sensor).state}

    # 4b. light.toggle reaches mhub.
    light_node = by_template.get("on-off-light")
    light = entity_of(light_node, "light")
    toggle: dict[str, Any] = {"entity": light}
    if light:
        path = "1/6/0"
        toggle["hub_before"] = (await admin.call("read_attribute", node_id=light_node, attribute_path=path))[path]
        toggle["ha_before"] = hass.states.get(light).state
        heard = listener.wait_for_event(
            lambda name, data: name == "attribute_updated" and data[:2] == [light_node, path]
        )
        try:
            await asyncio.wait_for(
                hass.services.async_call("light", "toggle", {"entity_id": light}, blocking=True), 15
            )
            toggle["listener_heard"] = (await asyncio.wait_for(heard, 5))[2]
        except Exception as error:  # noqa: BLE001 - reported
            toggle["error"] = f"{type(error).__name__}: {error}"
        toggle["hub_after"] = (await admin.call("read_attribute", node_id=light_node, attribute_path=path))[path]
        await wait_until(lambda: hass.states.get(light).state == ("on" if toggle["hub_after"] else "off"), 5)
        toggle["ha_after"] = hass.states.get(light).state
    report["toggle"] = toggle

    # 4c. Physical changes (`set_attribute`, what `mhubctl device set … --as-physical` sends) reach HA's states.
    physical: dict[str, Any] = {}
    if light:
        before = hass.states.get(light).state
        value = before != "on"
        await admin.call("set_attribute", node_id=light_node, attribute_path="1/6/0", value=value)
        await wait_until(lambda: hass.states.get(light).state == ("on" if value else "off"), 10)
        physical["light"] = {
            "entity": light,
            "set": value,
            "ha_before": before,
            "ha_after": hass.states.get(light).state,
        }
    contact_node = by_template.get("contact-sensor")
    contact = entity_of(contact_node, "binary_sensor")
    if contact:
        path = "1/69/0"
        hub_before = (await admin.call("read_attribute", node_id=contact_node, attribute_path=path))[path]
        before = hass.states.get(contact).state
        await admin.call("set_attribute", node_id=contact_node, attribute_path=path, value=not hub_before)
        await wait_until(lambda: hass.states.get(contact).state != before, 10)
        physical["contact"] = {
            "entity": contact,
            "set": not hub_before,
            "ha_before": before,
            "ha_after": hass.states.get(contact).state,
        }
    report["physical"] = physical

    # 4d. A firmware update: offered on the hub, found by HA's update entity, installed through it.
    await exercise_update(hass, admin, by_template, per_node, entity_of, report)

    # 4e. The other kinds of entity, through their services: each call's error, and what the hub has afterwards.
    report["services"] = await exercise_services(hass, admin, by_template, entity_of)

    # 4f. A device commissioned while HA runs: HA gets it from node_added, and it carries the fabric label HA set.
    late: dict[str, Any] = {}
    report["late_device"] = late
    try:
        device = await admin.call("add_simulated_device", template="on-off-light", name="HA Late Lamp")
        node = await admin.call("commission_with_code", timeout=60, code=device["qr_code"])
        late["node_id"] = node["node_id"]
        fabrics = node["attributes"].get("0/62/1") or []
        late["fabric_labels"] = [fabric.get("5") for fabric in fabrics]

        def late_entities() -> list[str]:
            ids = [
                device.id
                for device in dr.async_entries_for_config_entry(device_registry, entry.entry_id)
                if (found := node_of_identifier(device.identifiers)) and found[0] == node["node_id"]
            ]
            return sorted(
                entity.entity_id
                for entity in er.async_entries_for_config_entry(entity_registry, entry.entry_id)
                if entity.device_id in ids
            )

        await wait_until(lambda: any(e.startswith("light.") for e in late_entities()), 10)
        await hass.async_block_till_done()
        late["entities"] = late_entities()
    except Exception as error:  # noqa: BLE001 - reported
        late["error"] = f"{type(error).__name__}: {error}"


async def exercise_update(hass, admin, by_template, per_node, entity_of, report) -> None:
    node_id = by_template.get("dimmable-light") or next(iter(by_template.values()), None)
    update_entity = entity_of(node_id, "update")
    result: dict[str, Any] = {"node_id": node_id, "entity": update_entity}
    report["update"] = result
    if not update_entity:
        result["error"] = "no update entity"
        return

    def snapshot() -> dict:
        state = hass.states.get(update_entity)
        return {
            "state": state.state,
            "installed_version": state.attributes.get("installed_version"),
            "latest_version": state.attributes.get("latest_version"),
            "in_progress": state.attributes.get("in_progress"),
            "update_percentage": state.attributes.get("update_percentage"),
            "release_url": state.attributes.get("release_url"),
        }

    result["before_offer"] = snapshot()
    try:
        await admin.call(
            "set_firmware_update",
            node_id=node_id,
            update={
                "software_version": OFFERED_VERSION,
                "software_version_string": OFFERED_VERSION_STRING,
                "release_notes_url": "https://mhub.invalid/releases/0.2.0",
                "size_bytes": 1_048_576,
            },
        )
        result["offered"] = True
    except HubError as error:
        result["offered"] = str(error)
        return
    # HA polls check_node_update every 12 hours; a user's "check for updates" is homeassistant.update_entity.
    try:
        await asyncio.wait_for(
            hass.services.async_call(
                "homeassistant", "update_entity", {"entity_id": update_entity}, blocking=True
            ),
            15,
        )
    except Exception as error:  # noqa: BLE001 - reported
        result["check_error"] = f"{type(error).__name__}: {error}"
    result["after_check"] = snapshot()

    seen: list[dict] = []

    def record_progress(event) -> None:
        if event.data.get("entity_id") == update_entity and (new := event.data.get("new_state")):
            seen.append(
                {
                    "state": new.state,
                    "in_progress": new.attributes.get("in_progress"),
                    "update_percentage": new.attributes.get("update_percentage"),
                    "installed_version": new.attributes.get("installed_version"),
                }
            )

    unsubscribe = hass.bus.async_listen("state_changed", record_progress)
    started = time.monotonic()
    try:
        await asyncio.wait_for(
            hass.services.async_call("update", "install", {"entity_id": update_entity}, blocking=True), 30
        )
    except Exception as error:  # noqa: BLE001 - reported
        result["install_error"] = f"{type(error).__name__}: {error}"
    result["install_seconds"] = round(time.monotonic() - started, 2)
    await wait_until(lambda: hass.states.get(update_entity).attributes.get("in_progress") is False, 5)
    unsubscribe()
    result["progress"] = seen
    result["after_install"] = snapshot()
    hub = await admin.call("read_attribute", node_id=node_id, attribute_path=["0/40/9", "0/40/10", "0/42/2"])
    result["hub_after"] = hub
    try:
        result["check_after"] = await admin.call("check_node_update", node_id=node_id)
    except HubError as error:
        result["check_after"] = str(error)
    # The device's HA device shows the new firmware as well.
    from homeassistant.helpers import device_registry as dr

    result["device_sw_version"] = None
    device_registry = dr.async_get(hass)
    for device in device_registry.devices.values():
        found = node_of_identifier(device.identifiers)
        if found and found[0] == node_id and found[1] == "MatterNodeDevice":
            result["device_sw_version"] = device.sw_version


# (template, entity domain[:the entity ID's end], service, service data, attribute paths read back from the hub)
SERVICE_CALLS = [
    ("dimmable-light", "light", "turn_on", {"brightness": 128}, ["1/6/0", "1/8/0"]),
    ("color-temperature-light", "light", "turn_on", {"color_temp_kelvin": 3000}, ["1/6/0", "1/768/7", "1/768/8"]),
    ("on-off-plug-in-unit", "switch", "turn_on", {}, ["1/6/0"]),
    ("extended-color-light", "light", "turn_on", {"hs_color": [120, 100]}, ["1/6/0", "1/768/0", "1/768/1", "1/768/8"]),
    ("dimmable-plug-in-unit", "light", "turn_on", {"brightness": 128}, ["1/6/0", "1/8/0"]),
    ("fan", "fan", "set_percentage", {"percentage": 50}, ["1/514/0", "1/514/2", "1/514/3", "1/514/6"]),
    ("air-purifier", "fan", "set_preset_mode", {"preset_mode": "auto"}, ["1/514/0", "1/514/2", "1/514/3"]),
    ("room-air-conditioner", "switch", "turn_off", {}, ["1/6/0"]),
    ("water-valve", "valve", "open_valve", {}, ["1/129/4", "1/129/5"]),
    ("pump", "switch", "turn_on", {}, ["1/6/0"]),
    ("mode-select", "select", "select_option", {"option": "Boost"}, ["1/80/3"]),
    ("door-lock", "lock", "unlock", {}, ["1/257/0"]),
    ("door-lock", "lock", "lock", {}, ["1/257/0"]),
    ("window-covering", "cover", "set_cover_position", {"position": 30}, ["1/258/11", "1/258/14"]),
    ("thermostat", "climate", "set_temperature", {"target_temp_low": 19, "target_temp_high": 25},
     ["1/513/17", "1/513/18"]),
    ("thermostat", "climate", "set_hvac_mode", {"hvac_mode": "heat"}, ["1/513/28"]),
    # The heat pump's room thermostat (its part on endpoint 2): 22 °C in a room at 20.5 °C, so it heats at 2 kW.
    ("heat-pump", "climate", "set_temperature", {"temperature": 22}, ["2/513/18", "2/513/41", "1/144/8"]),
    ("device-energy-management", "select:_energy_management_mode", "select_option", {"option": "Device optimization"},
     ["1/159/1", "1/152/7"]),
    ("on-off-light", "button", "press", {}, ["1/3/0"]),
    ("dimmable-light", "number:_on_level", "set_value", {"value": 128}, ["1/8/17"]),
    ("on-off-light", "select", "select_option", {"option": "on"}, ["1/6/16387"]),
    # The washer's program chosen (Laundry Washer Mode's select, ChangeToMode), then its Start button.
    ("laundry-washer", "select:_mode", "select_option", {"option": "Quick"}, ["1/81/1"]),
    ("laundry-washer", "button:_start", "press", {}, ["1/96/4", "1/96/1"]),
    # A speaker muted and a TV put in standby with HA's power switch (their On/Off).
    ("speaker", "switch", "turn_off", {}, ["1/6/0"]),
    ("casting-video-player", "switch", "turn_off", {}, ["1/6/0"]),
    ("extractor-hood", "fan", "set_percentage", {"percentage": 100}, ["1/514/0", "1/514/2", "1/514/6"]),
    # The robot vacuum on its dock: its clean mode, then the vacuum entity's start, return_to_base and pause.
    ("robotic-vacuum-cleaner", "select:_clean_mode", "select_option", {"option": "Mop"}, ["1/85/1"]),
    ("robotic-vacuum-cleaner", "vacuum", "start", {}, ["1/97/4", "1/84/1"]),
    ("robotic-vacuum-cleaner", "vacuum", "return_to_base", {}, ["1/97/4"]),
    ("robotic-vacuum-cleaner", "vacuum", "pause", {}, ["1/97/4"]),
]


async def exercise_services(hass, admin, by_template, entity_of) -> list[dict]:
    results = []
    for template, which, service, data, paths in SERVICE_CALLS:
        domain, _, suffix = which.partition(":")
        node_id = by_template.get(template)
        entity = entity_of(node_id, domain, suffix)
        result: dict[str, Any] = {"template": template, "service": f"{domain}.{service}", "entity": entity}
        results.append(result)
        if entity is None:
            result["error"] = f"no {domain} entity"
            continue
        try:
            await asyncio.wait_for(
                hass.services.async_call(domain, service, {"entity_id": entity, **data}, blocking=True), 15
            )
        except Exception as error:  # noqa: BLE001 - reported
            result["error"] = f"{type(error).__name__}: {error}"
        result["hub"] = await admin.call("read_attribute", node_id=node_id, attribute_path=paths)
        await asyncio.sleep(0.2)
        await hass.async_block_till_done()
        state = hass.states.get(entity)
        result["ha"] = state.state if state else None
    return results


def _float(value: Any) -> float | None:
    try:
        return round(float(value), 2)
    except (TypeError, ValueError):
        return None


def _dist_version(name: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ready_file")
    parser.add_argument("--log", help="where Home Assistant's log goes (kept); default: a temporary file")
    parser.add_argument("--refuse", action="append", default=[], help="a command the proxy answers InvalidCommand")
    args = parser.parse_args()
    report: dict[str, Any] = {}
    try:
        await asyncio.wait_for(run(args, report), WHOLE_RUN_SECONDS)
    except Exception as error:  # noqa: BLE001 - reported, then the exit status says it
        report["error"] = f"{type(error).__name__}: {error}"
        report["traceback"] = traceback.format_exc()[-3000:]
    print(json.dumps(report, default=str))
    return 0 if report.get("entry", {}).get("state") == "loaded" and "error" not in report else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
