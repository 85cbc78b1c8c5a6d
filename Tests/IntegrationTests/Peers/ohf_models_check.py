"""Parse every golden reply and event of docs/protocol.md with an OHF client's own models (offline).

Usage: ohf_models_check.py PROTOCOL_MD

Runs in an environment of python-matter-server 7.0.1, 8.1.2 or matter-python-client 1.6.1 (each installs a
`matter_server` package; scripts/peers-venv.sh, `mpc`, `pms8`). No hub runs: the `<` lines of the document's
golden blocks are what mhub sends, and each is read as that client reads it:
  - the envelope with the client's `parse_message` (connection.py): event, error or result message;
  - an event by its name: node_added / node_updated -> MatterNodeData, then the client's MatterNode built from it;
    node_event -> MatterNodeEvent; server_info_updated -> ServerInfoMessage; node_removed -> a node ID;
    attribute_updated -> [node_id, "endpoint/cluster/attribute", value]; endpoint_added / endpoint_removed ->
    {node_id, endpoint_id}; server_shutdown -> null;
  - an error reply: its code must be one the client knows (python-matter-server looks it up in ERROR_MAP and its
    listening task dies on a code it does not know; matter-python-client falls back to MatterError);
  - a result by the command of its `message_id` (the `>` line before it): server_info -> ServerInfoMessage,
    start_listening / get_nodes -> [MatterNodeData], get_node / commission_* -> MatterNodeData, diagnostics ->
    ServerDiagnostics, check_node_update -> null or MatterSoftwareVersion, open_commissioning_window ->
    CommissioningParameters, discover -> [CommissionableNodeData], ping_node -> {ip: bool}, get_node_ip_addresses
    -> [str], read_attribute -> {path: value}, write_attribute / set_acl_entry / set_node_binding -> [{Path,
    Status}], get_vendor_names -> {vid: name}, the commands that return nothing -> null.
Each dataclass is parsed twice with the client's own `dataclass_from_dict`: as the client does (lenient: a
missing field becomes None), and strictly on the fields the model has (a missing required field, or null where
the model does not allow it, fails; members the model does not have are listed as `extra`, not failed).
mhub-only commands and events are skipped and listed. Prints one JSON object; exits 1 if anything failed.
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import json
import logging
import re
import sys
import traceback
from typing import Any

from matter_server.client.connection import parse_message
from matter_server.common import errors as ohf_errors
from matter_server.common import models
from matter_server.common.helpers.util import dataclass_from_dict

try:
    from matter_server.client.models.node import MatterNode
except ImportError:  # pragma: no cover - every client version has it
    MatterNode = None  # type: ignore[assignment,misc]

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
# The commands the client sends (APICommand), of which mhub has the OHF meaning.
NULL_RESULT = {
    "remove_node",
    "interview_node",
    "set_default_fabric_label",
    "set_wifi_credentials",
    "set_thread_dataset",
    "remove_wifi_credentials",
    "remove_thread_dataset",
    "update_node",
    "import_test_node",
}
WRITE_RESULT = {"write_attribute", "set_acl_entry", "set_node_binding"}
PATH = re.compile(r"^\d+/\d+/\d+$")


def client_identity() -> dict:
    for distribution in ("matter-python-client", "python-matter-server"):
        try:
            return {"distribution": distribution, "version": importlib.metadata.version(distribution)}
        except importlib.metadata.PackageNotFoundError:
            continue
    return {"distribution": "unknown", "version": None}


def api_commands() -> set[str]:
    return {command.value for command in models.APICommand}


def golden_lines(text: str) -> list[tuple[int, str, str]]:
    """(line number, kind, text) of each `>`, `<` and `# tick` line of the golden blocks."""
    lines: list[tuple[int, str, str]] = []
    inside = False
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("```"):
            inside = stripped.startswith("```json golden") if not inside else False
            continue
        if not inside:
            continue
        if line.startswith("> "):
            lines.append((number, ">", line[2:]))
        elif line.startswith("< "):
            lines.append((number, "<", line[2:]))
    return lines


class LogCapture(logging.Handler):
    """Warnings and errors the client logs while it reads a message (MatterNode's, parse_value's)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(f"{record.name}: {record.getMessage()}")


def strict(cls: type, value: Any) -> dict:
    """Parse as the client does, then strictly on the model's own fields; what the model lacks is `extra`."""
    if not isinstance(value, dict):
        raise TypeError(f"{cls.__name__} needs an object, got {type(value).__name__}")
    parsed = dataclass_from_dict(cls, value)
    names = {field.name for field in dataclasses.fields(cls)}
    dataclass_from_dict(cls, {key: item for key, item in value.items() if key in names}, strict=True)
    return {"parsed": parsed, "extra": sorted(set(value) - names)}


def check_node_data(value: Any, notes: dict) -> None:
    outcome = strict(models.MatterNodeData, value)
    notes["extra"] = outcome["extra"]
    node_data = outcome["parsed"]
    for path in node_data.attributes:
        if not PATH.match(path):
            raise ValueError(f"attribute path {path!r} is not endpoint/cluster/attribute")
    if MatterNode is not None:
        node = MatterNode(node_data)
        notes["endpoints"] = sorted(node.endpoints)
        info = node.device_info
        notes["device_info"] = None if info is None else getattr(info, "vendorName", None)


def check_event(name: str, data: Any, notes: dict) -> None:
    if name in ("node_added", "node_updated"):
        check_node_data(data, notes)
    elif name == "node_event":
        notes["extra"] = strict(models.MatterNodeEvent, data)["extra"]
    elif name == "server_info_updated":
        notes["extra"] = strict(models.ServerInfoMessage, data)["extra"]
    elif name == "node_removed":
        if not isinstance(data, int) or isinstance(data, bool):
            raise TypeError(f"node_removed data {data!r} is not a node ID")
    elif name == "attribute_updated":
        if not (
            isinstance(data, list)
            and len(data) == 3
            and isinstance(data[0], int)
            and isinstance(data[1], str)
            and PATH.match(data[1])
        ):
            raise TypeError(f"attribute_updated data {data!r} is not [node_id, path, value]")
    elif name in ("endpoint_added", "endpoint_removed"):
        if not (
            isinstance(data, dict) and isinstance(data.get("node_id"), int) and isinstance(data.get("endpoint_id"), int)
        ):
            raise TypeError(f"{name} data {data!r}")
    elif name == "server_shutdown" and data not in (None, {}):
        raise TypeError(f"server_shutdown data {data!r}")


def check_result(command: str, result: Any, notes: dict) -> None:
    if command == "server_info":
        notes["extra"] = strict(models.ServerInfoMessage, result)["extra"]
    elif command in ("start_listening", "get_nodes"):
        if not isinstance(result, list):
            raise TypeError(f"{command} result is not a list")
        for item in result:
            check_node_data(item, notes)
    elif command in ("get_node", "commission_with_code", "commission_on_network"):
        check_node_data(result, notes)
    elif command == "diagnostics":
        outcome = strict(models.ServerDiagnostics, result)
        notes["extra"] = outcome["extra"]
        notes["info_extra"] = strict(models.ServerInfoMessage, result["info"])["extra"]
        for node in result["nodes"]:
            check_node_data(node, {})
        for event in result["events"]:
            strict(models.MatterNodeEvent, event)
    elif command == "check_node_update":
        if result is not None:
            notes["extra"] = strict(models.MatterSoftwareVersion, result)["extra"]
    elif command == "open_commissioning_window":
        notes["extra"] = strict(models.CommissioningParameters, result)["extra"]
    elif command == "discover":
        for item in result:
            strict(models.CommissionableNodeData, item)
    elif command == "ping_node":
        if not (isinstance(result, dict) and all(isinstance(v, bool) for v in result.values())):
            raise TypeError(f"ping_node result {result!r} is not {{ip: bool}}")
    elif command == "get_node_ip_addresses":
        if not (isinstance(result, list) and all(isinstance(v, str) for v in result)):
            raise TypeError(f"get_node_ip_addresses result {result!r}")
    elif command == "read_attribute":
        if not (isinstance(result, dict) and all(PATH.match(path) for path in result)):
            raise TypeError(f"read_attribute result {result!r} is not {{path: value}}")
    elif command in WRITE_RESULT:
        if not (
            isinstance(result, list)
            and all(
                isinstance(item, dict) and isinstance(item.get("Status"), int) and isinstance(item.get("Path"), dict)
                for item in result
            )
        ):
            raise TypeError(f"{command} result {result!r} is not [{{Path, Status}}]")
    elif command == "get_vendor_names":
        if not (isinstance(result, dict) and all(k.isdigit() and isinstance(v, str) for k, v in result.items())):
            raise TypeError("get_vendor_names result is not {vid: name}")
    elif command in NULL_RESULT:
        if result is not None:
            notes["not_null"] = True
            if command != "import_test_node":
                raise TypeError(f"{command} returns {result!r}; the OHF server returns null")
    else:
        notes["unchecked"] = True  # device_command: whatever the command's response is


def main(path: str) -> dict:
    with open(path, encoding="utf-8") as document:
        text = document.read()
    known = api_commands()
    report: dict = {
        "client": client_identity(),
        "python": sys.version.split()[0],
        "document": path,
        "checked": [],
        "failures": [],
        "warnings": [],
        "skipped_commands": {},
        "skipped_events": {},
        "skipped_numeric_message_id": [],
    }
    capture = LogCapture()
    logging.getLogger().addHandler(capture)
    logging.getLogger().setLevel(logging.WARNING)
    commands: dict[str, str] = {}
    numeric_ids: set[str] = set()  # message_ids sent as numbers: OHF clients send strings (uuid4 hex), so skip
    session_open = False  # a prepare_commissioning of this connection: commission_with_code then answers mhub codes
    counts: dict[str, int] = {}
    for number, kind, line in golden_lines(text):
        message = json.loads(line)
        if kind == ">":
            commands[str(message.get("message_id"))] = message.get("command")
            if not isinstance(message.get("message_id"), str):
                numeric_ids.add(str(message.get("message_id")))
            continue
        if "event" not in message and str(message.get("message_id")) in numeric_ids:
            report["skipped_numeric_message_id"].append(number)
            continue
        capture.records.clear()
        entry: dict = {"line": number}
        try:
            parsed = parse_message(message)
            entry["message_type"] = type(parsed).__name__
            if "event" in message:
                name = message["event"]
                entry["event"] = name
                if name not in OHF_EVENTS:
                    report["skipped_events"][name] = report["skipped_events"].get(name, 0) + 1
                    continue
                if not isinstance(parsed.event, models.EventType):
                    raise TypeError(f"the client does not know the event {name!r}")
                check_event(name, message["data"], entry)
                key = f"event {name}"
            else:
                command = commands.get(str(message.get("message_id")))
                entry["command"] = command
                if command not in known:
                    report["skipped_commands"][command] = report["skipped_commands"].get(command, 0) + 1
                    if "result" in message:
                        if command == "prepare_commissioning":
                            session_open = True
                        elif command in ("complete_commissioning", "cancel_commissioning", "reset"):
                            session_open = False
                    continue
                if "error_code" in message:
                    code = message["error_code"]
                    entry["error_code"] = code
                    mapped = ohf_errors.ERROR_MAP.get(code)
                    if mapped is None:
                        if command == "commission_with_code" and session_open:
                            entry["mhub_flow"] = "inside a session this connection prepared (docs/protocol.md §3)"
                            report["checked"].append(entry)
                            counts["error (mhub flow)"] = counts.get("error (mhub flow)", 0) + 1
                            continue
                        raise LookupError(
                            f"error code {code} of {command} is not in the client's ERROR_MAP "
                            f"(python-matter-server: KeyError in the listening task; matter-python-client: MatterError)"
                        )
                    entry["error_class"] = mapped.__name__
                    key = f"error {command}"
                else:
                    check_result(command, message["result"], entry)
                    key = f"result {command}"
            counts[key] = counts.get(key, 0) + 1
            if capture.records:
                report["warnings"].append({"line": number, "what": key, "logged": list(capture.records)})
            report["checked"].append(entry)
        except Exception as error:  # noqa: BLE001 - one failure per line, then go on
            entry["error"] = f"{type(error).__name__}: {error}"
            entry["traceback"] = [frame.rstrip() for frame in traceback.format_exception(error)[-3:]]
            report["failures"].append(entry)
    report["counts"] = counts
    report["parsed"] = len(report["checked"])
    # What the client's APICommand has that no golden example shows.
    shown = set(commands.values())
    report["client_commands_without_golden"] = sorted(known - shown)
    return report


if __name__ == "__main__":
    try:
        result = main(sys.argv[1])
    except Exception as error:  # noqa: BLE001
        print(
            json.dumps(
                {
                    "client": client_identity(),
                    "error": f"{type(error).__name__}: {error}",
                    "traceback": traceback.format_exception(error)[-6:],
                }
            )
        )
        sys.exit(2)
    print(json.dumps(result, default=repr))
    sys.exit(1 if result["failures"] else 0)
