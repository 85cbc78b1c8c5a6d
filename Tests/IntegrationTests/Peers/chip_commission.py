"""Commission mhub with the CHIP Python controller (home-assistant-chip-core, PyPI), and use the fabric afterwards.

Usage: chip_commission.py [OPTION...] SCENARIO ARGUMENT...
Runs inside chip_sandbox.sh (the SDK writes /data and /tmp/chip_kvs), in the test network's controller namespace
(ip netns exec mh-ctl; scripts/netns-pair.sh). Scenarios:
  discover                              DNS-SD browse for _matterc._udp (the controller's own multicast DNS)
  pase-read ADDRESS[%IFACE] PIN NODEID  PASE over UDP, then read Basic Information over the PASE session
  pase-attempts ADDRESS[%IFACE] PIN COUNT
                                        COUNT PASE attempts over UDP with PIN, one after another (node IDs 1000 on):
                                        how many failed, and each failure's exception (an attempt the controller
                                        refuses before sending anything, as the last one is still being freed, is
                                        made again)
  commission-on-network NODEID PIN      discover _matterc._udp, then commission (CommissionOnNetwork); the result has
                                        the node ID and how long the call took (commission_seconds)
  commission-ip ADDRESS[%IFACE] PIN NODEID
                                        commission at a known address (CommissionIP); with --port other than
                                        5540 (a device on the network's own port), PASE there
                                        (EstablishPASESessionIP) and then Commission, as CommissionIP has no port
  commission-with-code CODE NODEID      discover the node its QR or manual code names, on the network only, and
                                        commission it with the code's passcode (CommissionWithCode)
  read NODEID                           over CASE (the node found by its _matter._tcp record): Basic Information,
                                        OperationalCredentials Fabrics (not fabric-filtered), CurrentFabricIndex
  open-window NODEID                    OpenCommissioningWindow with a random passcode (enhanced window), for a
                                        second controller: prints its passcode and manual code
  open-basic-window NODEID              AdministratorCommissioning OpenBasicCommissioningWindow (timed), so that a
                                        second controller commissions with the node's own passcode
  remove-fabric NODEID INDEX            OperationalCredentials RemoveFabric
  unpair NODEID                         UnpairDevice: the controller reads the node's CurrentFabricIndex over CASE
                                        and removes its own fabric (RemoveFabric of that index)
  fail-safe ADDRESS[%IFACE] PIN NODEID SECONDS
                                        PASE, ArmFailSafe(SECONDS, breadcrumb 7) and nothing more; after SECONDS + 2 a
                                        new PASE session reads Breadcrumb again (the fail-safe's expiry resets it)
  bridge NODEID                         over CASE, a wildcard read of the whole node: each endpoint's device types and
                                        PartsList, the bridged devices' Bridged Device Basic Information, is_bridge
                                        as python-matter-server decides it (1/29/0 holds device type 14)
  toggle NODEID ENDPOINT                OnOff Toggle on ENDPOINT, then OnOff read back
  write NODEID ENDPOINT                 writes LevelControl Options 0x80 (out of its range) and OnOff OnTime 5 on
                                        ENDPOINT: each write's status
  subscribe NODEID ENDPOINT SECONDS     subscribes to OnOff on ENDPOINT (min 0, max 10 s), prints a line
                                        "@@chip_commission_subscribed" once established, and reports every update
                                        that arrives in SECONDS, with its CLOCK_MONOTONIC time
  templates NODEID ENDPOINTS            for each of ENDPOINTS (comma-separated, or * for the Aggregator's PartsList):
                                        a wildcard read of the endpoint with the SDK's cluster objects (its device
                                        types, NodeLabel, decode failures), then every command of COMMANDS its
                                        clusters accept, in COMMANDS' order (timed where the SDK says the command
                                        must be): each one's status, and the attribute it must change and to what.
                                        With --confirm-dir DIR each invoked command is also written to
                                        DIR/step-N.json, and the next waits for DIR/step-N.done (--confirm-timeout)
Options:
  --storage FILE          the controller's storage (its CA, fabric and node); default /tmp/chip-commission.json,
                          which is the sandbox's: runs with the same sandbox directory find the same fabric
  --paa-trust-store DIR   paaTrustStorePath: the directory of trusted PAA certificates (only files ending in .der,
                          read once per process); default an empty directory, so no PAA is trusted
  --fabric-id N           the controller's fabric (default 1); --controller-node-id N (default 112233);
                          --vendor-id N (default 0xFFF1)
  --discriminator D       discover / commission-on-network: only the node with this long discriminator
  --port N                pase-read, pase-attempts, commission-ip: the Matter port (default 5540)
  --window-timeout S, --window-discriminator D, --iteration N
                          open-window (defaults 180, 3840 and 1000); open-basic-window takes --window-timeout
  --case-timeout S        read, open-window, remove-fabric: how long to wait for the operational session (its
                          DNS-SD lookup and CASE; default 45)
  --confirm-dir DIR       templates: where each command is handed over for a check before the next one runs
  --confirm-timeout S     templates: how long to wait for each check (default 30)
  --timeout S             the whole controller run (default 120)

The controller runs in a child process (this script again, with --worker), since the SDK can abort its process
when commissioning fails half-way (VerifyOrDie). Its log goes to stdout line by line as it comes; then one JSON
object on the last line: {"scenario", "ok", "result" (the scenario's values, or null), "stages" (each
"Successfully finished commissioning step '...'" the controller logged, in order), "failed_stage", "first_error"
(the first "Error on commissioning step", PASE or operational-session failure the controller logged, else its
exception, else how the child ended), "exit", "seconds"}. The exit status is 0 when the report was printed, whatever it says.
"""

import argparse
import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

RESULT_MARKER = "@@chip_commission_result "
KEEP_ALIVE = []
FINISHED_STEP = re.compile(r"Successfully finished commissioning step '([^']+)'")
FAILED_STEP = re.compile(r"Error on commissioning step '([^']+)': '(.*)'")
PERFORMING_STEP = re.compile(r"Performing next commissioning step '([^']+)'")
# PASESession.cpp: a StatusReport from the commissionee, or the handshake failing on this side.
PASE_FAILURE = re.compile(
    r"(Received error \(protocol code \d+\) during PASE process.*|Failed during PASE session setup.*)")
# OperationalSessionSetup.cpp, CASESession.cpp: no operational session (the node not found by DNS-SD, or CASE).
OPERATIONAL_FAILURE = re.compile(
    r"(Timeout waiting for mDNS resolution.*|operational discovery failed.*|CASE [Ss]ession establishment failed.*)")
SCENARIO_ARGUMENTS = {
    "discover": [],
    "pase-read": ["address", "pin", "node_id"],
    "pase-attempts": ["address", "pin", "count"],
    "commission-on-network": ["node_id", "pin"],
    "commission-ip": ["address", "pin", "node_id"],
    "commission-with-code": ["code", "node_id"],
    "read": ["node_id"],
    "open-window": ["node_id"],
    "open-basic-window": ["node_id"],
    "remove-fabric": ["node_id", "fabric_index"],
    "unpair": ["node_id"],
    "fail-safe": ["address", "pin", "node_id", "seconds"],
    "bridge": ["node_id"],
    "toggle": ["node_id", "endpoint"],
    "write": ["node_id", "endpoint"],
    "subscribe": ["node_id", "endpoint", "seconds"],
    "templates": ["node_id", "endpoints"],
    "program": ["node_id", "endpoint", "seconds"],
}
SUBSCRIBED_MARKER = "@@chip_commission_subscribed"


def arguments_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(usage=__doc__.split("\n")[2])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--storage", default="/tmp/chip-commission.json")
    parser.add_argument("--paa-trust-store")
    parser.add_argument("--fabric-id", type=lambda text: int(text, 0), default=1)
    parser.add_argument("--controller-node-id", type=lambda text: int(text, 0), default=112233)
    parser.add_argument("--vendor-id", type=lambda text: int(text, 0), default=0xFFF1)
    parser.add_argument("--discriminator", type=int)
    parser.add_argument("--port", type=int, default=5540)
    parser.add_argument("--window-timeout", type=int, default=180)
    parser.add_argument("--window-discriminator", type=int, default=3840)
    parser.add_argument("--iteration", type=int, default=1000)
    parser.add_argument("--case-timeout", type=float, default=45)
    parser.add_argument("--confirm-dir")
    parser.add_argument("--confirm-timeout", type=float, default=30)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("scenario", choices=sorted(SCENARIO_ARGUMENTS))
    parser.add_argument("values", nargs="*")
    return parser


def parse_arguments(argv):
    parser = arguments_parser()
    options = parser.parse_args(argv)
    names = SCENARIO_ARGUMENTS[options.scenario]
    if len(options.values) != len(names):
        parser.error(f"{options.scenario} takes {' '.join(name.upper() for name in names) or 'no arguments'}")
    for name, value in zip(names, options.values):
        setattr(options, name, value if name in ("address", "code", "endpoints") else int(value, 0))
    return options


# -- The parent: runs the worker, reads its log, prints the report. --------------------------------------------------


def run_parent(argv) -> None:
    options = parse_arguments(argv)
    started = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-u", os.path.abspath(__file__), "--worker", *argv],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    lines = []

    def read_log():
        for raw in child.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            lines.append(line)
            if RESULT_MARKER not in line:
                print(line, flush=True)

    reader = threading.Thread(target=read_log, daemon=True)
    reader.start()
    timed_out = False
    try:
        child.wait(timeout=options.timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(child.pid, signal.SIGKILL)  # the worker's own process group (start_new_session)
        child.wait()
    reader.join(timeout=5)
    report = make_report(options.scenario, lines, child.returncode, timed_out)
    report["seconds"] = round(time.monotonic() - started, 2)
    print("\n" + json.dumps(report), flush=True)


def make_report(scenario: str, lines, returncode: int, timed_out: bool) -> dict:
    stages, failed_stage, step_error, performing, worker = [], None, None, None, None
    for line in lines:
        if line.startswith(RESULT_MARKER):
            # The SDK's log thread can write on the same line right after it: read the one JSON value and stop.
            worker, _ = json.JSONDecoder().raw_decode(line[len(RESULT_MARKER):])
        elif (match := FINISHED_STEP.search(line)) is not None:
            stages.append(match.group(1))
        elif (match := FAILED_STEP.search(line)) is not None:
            if step_error is None:
                failed_stage, step_error = match.group(1), f"{match.group(1)}: {match.group(2)}"
        elif (match := PASE_FAILURE.search(line)) is not None:
            if step_error is None:
                failed_stage, step_error = "SecurePairing", match.group(1)
        elif (match := OPERATIONAL_FAILURE.search(line)) is not None:
            if step_error is None:
                step_error = match.group(1)
        elif (match := PERFORMING_STEP.search(line)) is not None:
            performing = match.group(1)
    if timed_out:
        ended = "killed at the timeout"
    elif returncode < 0:
        ended = f"killed by signal {-returncode} ({signal.Signals(-returncode).name})"
    else:
        ended = f"exit {returncode}"
    if failed_stage is None and performing is not None and performing not in stages and worker is None:
        failed_stage = performing  # the child died during a step it never reported on
    worker_error = worker.get("error") if worker else None
    return {
        "scenario": scenario,
        "ok": worker is not None and worker_error is None,
        "result": worker.get("result") if worker else None,
        "stages": stages,
        "failed_stage": failed_stage,
        "first_error": step_error or worker_error or (None if worker else f"no report from the controller: {ended}"),
        "exit": ended,
    }


# -- The worker: the CHIP controller itself. ------------------------------------------------------------------------


def error_text(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def plain(value):
    """A cluster value as JSON can hold it: bytes as hex, structs as their fields, enums as numbers."""
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if hasattr(value, "__dataclass_fields__"):
        return {name: plain(getattr(value, name)) for name in value.__dataclass_fields__}
    return str(value)


async def controller_for(options):
    import chip.CertificateAuthority
    from chip.ChipStack import ChipStack

    stack = ChipStack(persistentStoragePath=options.storage, enableServerInteractions=False)
    authorities = chip.CertificateAuthority.CertificateAuthorityManager(chipStack=stack)
    authorities.LoadAuthoritiesFromStorage()
    authority = authorities.activeCaList[0] if authorities.activeCaList else authorities.NewCertificateAuthority()
    admin = next((admin for admin in authority.adminList if admin.fabricId == options.fabric_id), None)
    if admin is None:
        admin = authority.NewFabricAdmin(vendorId=options.vendor_id, fabricId=options.fabric_id)
    trust_store = options.paa_trust_store or tempfile.mkdtemp(prefix="chip-paa-")
    controller = admin.NewController(nodeId=options.controller_node_id, paaTrustStorePath=trust_store)
    # The stack, the authorities and the admin shut themselves down when collected: keep them for the whole run.
    KEEP_ALIVE.extend([stack, authorities, admin, controller])
    return controller


def discovery_filter(options):
    from chip.discovery import FilterType

    if options.discriminator is None:
        return FilterType.NONE, None
    return FilterType.LONG_DISCRIMINATOR, options.discriminator


async def operational_session(controller, options) -> None:
    """A CASE session with the node (found by its _matter._tcp record), or TimeoutError after --case-timeout."""
    try:
        await asyncio.wait_for(controller.GetConnectedDevice(options.node_id, allowPASE=False), options.case_timeout)
    except asyncio.TimeoutError:
        raise TimeoutError(f"no operational session with node {options.node_id} within {options.case_timeout} s")


async def read_basic_information(controller, node_id: int) -> dict:
    import chip.clusters.Objects as Clusters

    basic = Clusters.BasicInformation.Attributes
    response = await controller.ReadAttribute(node_id, [(0, Clusters.BasicInformation)])
    attributes = response[0][Clusters.BasicInformation]
    names = {
        "vendor_id": basic.VendorID, "product_id": basic.ProductID, "vendor_name": basic.VendorName,
        "product_name": basic.ProductName, "node_label": basic.NodeLabel, "serial_number": basic.SerialNumber,
        "software_version_string": basic.SoftwareVersionString, "cluster_revision": basic.ClusterRevision,
    }
    values = {name: plain(attributes.get(attribute)) for name, attribute in names.items()}
    values["attribute_count"] = len(attributes)
    return values


async def scenario(options, controller) -> dict:
    import chip.clusters.Objects as Clusters

    if options.scenario == "discover":
        filter_type, value = discovery_filter(options)
        nodes = await controller.DiscoverCommissionableNodes(filter_type, value, stopOnFirst=True, timeoutSecond=15)
        return {"nodes": [plain(node) for node in nodes]}
    if options.scenario == "pase-read":
        await controller.EstablishPASESessionIP(options.address, options.pin, options.node_id, port=options.port)
        return {"basic_information": await read_basic_information(controller, options.node_id)}
    if options.scenario == "pase-attempts":
        errors = []
        for attempt in range(options.count):
            for _ in range(50):
                try:
                    await controller.EstablishPASESessionIP(
                        options.address, options.pin, 1000 + attempt, port=options.port)
                    break
                except Exception as error:  # ChipStackError: the handshake failed, as it should with a wrong passcode
                    # The controller frees the failed attempt's commissionee just after reporting the failure: until
                    # then a new attempt is refused at once, before any message (CHIPDeviceController.cpp,
                    # EstablishPASEConnection: mDeviceInPASEEstablishment). Try that one again.
                    if "CHIPDeviceController.cpp" in str(error) and "Incorrect state" in str(error):
                        await asyncio.sleep(0.1)
                        continue
                    errors.append(error_text(error))
                    break
        return {"failed": len(errors), "errors": errors}
    if options.scenario == "commission-on-network":
        filter_type, value = discovery_filter(options)
        started = time.monotonic()
        node_id = await controller.CommissionOnNetwork(options.node_id, options.pin, filter_type, value)
        return {"node_id": node_id, "commission_seconds": round(time.monotonic() - started, 3)}
    if options.scenario == "commission-ip":
        started = time.monotonic()
        if options.port == 5540:
            node_id = await controller.CommissionIP(options.address, options.pin, options.node_id)
        else:
            await controller.EstablishPASESessionIP(options.address, options.pin, options.node_id, port=options.port)
            node_id = await controller.Commission(options.node_id)
        return {"node_id": node_id, "commission_seconds": round(time.monotonic() - started, 3)}
    if options.scenario == "commission-with-code":
        from chip.discovery import DiscoveryType

        started = time.monotonic()
        node_id = await controller.CommissionWithCode(
            options.code, options.node_id, DiscoveryType.DISCOVERY_NETWORK_ONLY)
        return {"node_id": node_id, "commission_seconds": round(time.monotonic() - started, 3)}
    if options.scenario == "read":
        credentials = Clusters.OperationalCredentials.Attributes
        await operational_session(controller, options)
        response = await controller.ReadAttribute(
            options.node_id, [(0, credentials.Fabrics), (0, credentials.CurrentFabricIndex)], fabricFiltered=False)
        values = response[0][Clusters.OperationalCredentials]
        return {
            "basic_information": await read_basic_information(controller, options.node_id),
            "fabrics": plain(values.get(credentials.Fabrics)),
            "current_fabric_index": plain(values.get(credentials.CurrentFabricIndex)),
        }
    if options.scenario == "open-window":
        await operational_session(controller, options)
        parameters = await controller.OpenCommissioningWindow(
            options.node_id, options.window_timeout, options.iteration, options.window_discriminator,
            controller.CommissioningWindowPasscode.kTokenWithRandomPin)
        return {
            "passcode": parameters.setupPinCode, "manual_code": parameters.setupManualCode,
            "qr_code": parameters.setupQRCode, "discriminator": options.window_discriminator,
        }
    if options.scenario == "open-basic-window":
        await operational_session(controller, options)
        command = Clusters.AdministratorCommissioning.Commands.OpenBasicCommissioningWindow(
            commissioningTimeout=options.window_timeout)
        await controller.SendCommand(options.node_id, 0, command, timedRequestTimeoutMs=5000)
        return {"opened": True}
    if options.scenario == "remove-fabric":
        await operational_session(controller, options)
        command = Clusters.OperationalCredentials.Commands.RemoveFabric(fabricIndex=options.fabric_index)
        return {"response": plain(await controller.SendCommand(options.node_id, 0, command))}
    if options.scenario == "unpair":
        await operational_session(controller, options)
        await controller.UnpairDevice(options.node_id)
        return {"unpaired": options.node_id}
    if options.scenario == "fail-safe":
        general = Clusters.GeneralCommissioning
        await controller.EstablishPASESessionIP(options.address, options.pin, options.node_id, port=options.port)
        armed = await controller.SendCommand(
            options.node_id, 0, general.Commands.ArmFailSafe(expiryLengthSeconds=options.seconds, breadcrumb=7))
        before = await controller.ReadAttribute(options.node_id, [(0, general.Attributes.Breadcrumb)])
        await asyncio.sleep(options.seconds + 2)
        # The expiry ended the PASE session it was armed on: a new one reads what is left.
        controller.ExpireSessions(options.node_id)
        await controller.EstablishPASESessionIP(options.address, options.pin, options.node_id, port=options.port)
        after = await controller.ReadAttribute(options.node_id, [(0, general.Attributes.Breadcrumb)])
        return {
            "arm_error_code": plain(armed.errorCode),
            "breadcrumb_armed": plain(before[0][general][general.Attributes.Breadcrumb]),
            "breadcrumb_after_expiry": plain(after[0][general][general.Attributes.Breadcrumb]),
        }
    if options.scenario in ("bridge", "toggle", "write", "subscribe"):
        await operational_session(controller, options)
        return await bridge_scenario(options, controller)
    if options.scenario == "templates":
        await operational_session(controller, options)
        return await templates_scenario(options, controller)
    if options.scenario == "program":
        await operational_session(controller, options)
        return await program_scenario(options, controller)
    raise ValueError(f"unknown scenario {options.scenario}")


async def bridge_scenario(options, controller) -> dict:
    import chip.clusters.Objects as Clusters

    node = options.node_id
    if options.scenario == "bridge":
        attributes = await controller.ReadAttribute(node, [()], returnClusterObject=True)
        endpoints = {}
        decode_failures = []
        # What the conformance checker reads (ConformanceChecker in MatterSpecification), as the SDK's own cluster
        # objects decoded it, keyed "endpoint/cluster/attribute" as an OHF node's attributes are: the Descriptor's
        # DeviceTypeList and ClientList and each cluster's global attributes.
        globals_read = {}
        for endpoint, clusters in sorted(attributes.items()):
            descriptor = clusters.get(Clusters.Descriptor)
            info = clusters.get(Clusters.BridgedDeviceBasicInformation)
            for cluster_type, cluster in clusters.items():
                if type(cluster).__name__ == "ValueDecodeFailure" or not hasattr(cluster, "attributeList"):
                    decode_failures.append(f"{endpoint}/{getattr(cluster_type, 'id', cluster_type)}")
                    continue
                prefix = f"{endpoint}/{cluster.id}/"
                globals_read.update({
                    prefix + "65533": cluster.clusterRevision, prefix + "65532": cluster.featureMap,
                    prefix + "65531": list(cluster.attributeList), prefix + "65529": list(cluster.acceptedCommandList),
                    prefix + "65528": list(cluster.generatedCommandList),
                })
            if descriptor is not None:
                globals_read[f"{endpoint}/29/0"] = [
                    {"0": entry.deviceType, "1": entry.revision} for entry in descriptor.deviceTypeList]
                globals_read[f"{endpoint}/29/2"] = list(descriptor.clientList)
            endpoints[str(endpoint)] = {
                "device_types": [entry.deviceType for entry in getattr(descriptor, "deviceTypeList", [])],
                "parts": list(getattr(descriptor, "partsList", [])),
                "clusters": sorted(cluster.id for cluster in clusters),
                "bridged": None if info is None else {
                    "node_label": info.nodeLabel, "reachable": info.reachable, "unique_id": info.uniqueID,
                    "vendor_name": info.vendorName, "product_name": info.productName,
                    "serial_number": info.serialNumber,
                },
                "on_off": plain(getattr(clusters.get(Clusters.OnOff), "onOff", None)),
            }
        aggregator = endpoints.get("1", {})
        return {
            "endpoints": endpoints, "is_bridge": 14 in aggregator.get("device_types", []),
            "decode_failures": decode_failures, "globals": globals_read,
        }
    endpoint = options.endpoint
    if options.scenario == "toggle":
        response = await controller.SendCommand(node, endpoint, Clusters.OnOff.Commands.Toggle())
        after = await controller.ReadAttribute(node, [(endpoint, Clusters.OnOff.Attributes.OnOff)])
        return {"response": plain(response), "on_off": plain(after[endpoint][Clusters.OnOff][Clusters.OnOff.Attributes.OnOff])}
    if options.scenario == "write":
        results = await controller.WriteAttribute(
            node, [(endpoint, Clusters.LevelControl.Attributes.Options(0x80)), (endpoint, Clusters.OnOff.Attributes.OnTime(5))])
        return {"statuses": [int(result.Status) for result in results]}
    updates = []
    subscription = await controller.ReadAttribute(
        node, [(endpoint, Clusters.OnOff.Attributes.OnOff)], reportInterval=(0, 10))

    def changed(path, transaction):
        updates.append({
            "value": plain(transaction.GetAttribute(path)), "monotonic": time.clock_gettime(time.CLOCK_MONOTONIC)})

    subscription.SetAttributeUpdateCallback(changed)
    print(SUBSCRIBED_MARKER, flush=True)
    await asyncio.sleep(options.seconds)
    subscription.Shutdown()
    return {"updates": updates}


# The Thread dataset the test harness gives the hub (DaemonHarness.threadDataset), and another network like it.
THREAD_DATASET = (
    "0e080000000000010000000300000f35060004001fffe0020811111111222222220708fdad70bfe5aa15dd051000112233445566778899"
    "aabbccddeeff030e4f70656e54687265616444656d6f010212340410445f2b5ca6f2a93a55ce570a70efeecb0c0402a0f7f8")
OTHER_THREAD_DATASET = THREAD_DATASET.replace("02081111111122222222", "02083333333344444444")


async def program_scenario(options, controller) -> dict:
    """An appliance's program started over Matter and followed to its end: a subscription to the endpoint's Operational
    State attributes and its OperationCompletion event, then Start; the marker says the program runs (the test then
    moves the hub's clock); it waits up to SECONDS for OperationCompletion, and reads the event back."""
    import chip.clusters.Objects as Clusters
    from chip.clusters.Types import Nullable

    def value_of(value):  # a null attribute (CountdownTime with no program) as JSON null, not "Null"
        return None if isinstance(value, Nullable) else plain(value)

    state = Clusters.OperationalState
    node, endpoint = options.node_id, options.endpoint
    updates, events = [], []
    completed = asyncio.Event()
    loop = asyncio.get_running_loop()
    subscription = await controller.Read(
        node, attributes=[(endpoint, state)], events=[(endpoint, state.Events.OperationCompletion, 1)],
        reportInterval=(0, 5))

    def changed(path, transaction):
        updates.append({"attribute": path.AttributeType.__name__, "value": value_of(transaction.GetAttribute(path))})

    def heard(event, transaction):
        events.append({"event": event.Header.EventId, "data": plain(event.Data)})
        if event.Header.EventId == state.Events.OperationCompletion.event_id:
            loop.call_soon_threadsafe(completed.set)

    subscription.SetAttributeUpdateCallback(changed)
    subscription.SetEventUpdateCallback(heard)
    response = await controller.SendCommand(node, endpoint, state.Commands.Start())
    print(SUBSCRIBED_MARKER, flush=True)
    try:
        await asyncio.wait_for(completed.wait(), options.seconds)
    except asyncio.TimeoutError:
        pass
    await asyncio.sleep(1)
    subscription.Shutdown()
    read = await controller.ReadEvent(node, [(endpoint, state.Events.OperationCompletion, 0)])
    final = await controller.ReadAttribute(node, [(endpoint, state)])
    values = final[endpoint][state]
    return {
        "start": plain(response.commandResponseState.errorStateID), "updates": updates, "events": events,
        "read_events": [{"event": entry.Header.EventId, "data": plain(entry.Data)} for entry in read],
        "final": {
            "operational_state": value_of(values[state.Attributes.OperationalState]),
            "current_phase": value_of(values[state.Attributes.CurrentPhase]),
            "countdown_time": value_of(values[state.Attributes.CountdownTime]),
            "phase_list": value_of(values[state.Attributes.PhaseList]),
        },
    }


def command_table() -> dict:
    """COMMANDS: for each cluster (by ID), the commands the `templates` scenario invokes, in order.

    Each entry: the SDK command object (its arguments), the attribute on the device's endpoint the command must
    change, and the value it must then have (`within`: how far a number may be from it, for a value that counts
    down; a list: any of its values, where templates start from different ones). `attribute` None: the command has
    no effect on an attribute, only its status is checked. The order matters: each command changes what the one
    before it left, from the templates' defaults. A cluster whose
    AcceptedCommandList has a command with no entry here is reported as missing, so add one entry per new command.
    """
    import chip.clusters.Objects as Clusters
    from chip.clusters.Types import NullValue

    def step(command, attribute=None, expected=None, within=None, status=None, fits=None) -> dict:
        """`status`: the Interaction Model status the command must fail with (a refusal the specification demands
        in the state the templates start in), instead of succeeding. `fits`: for a command whose value depends on the
        endpoint (a setpoint within that cabinet's limits), a test of the cluster's decoded attributes; the step is
        invoked only where it holds."""
        return {
            "command": command, "attribute": attribute, "expected": expected, "within": within, "status": status,
            "fits": fits,
        }

    identify, groups, on_off, level = Clusters.Identify, Clusters.Groups, Clusters.OnOff, Clusters.LevelControl
    lock, covering, thermostat, color = (
        Clusters.DoorLock, Clusters.WindowCovering, Clusters.Thermostat, Clusters.ColorControl)
    execute_if_off = {"optionsMask": 1, "optionsOverride": 1}  # plain Level Control commands act while off

    def settable(attributes, target) -> bool:
        """Whether a Temperature Control with TemperatureNumber takes `target` (MinTemperature to MaxTemperature)."""
        low = attributes.get(Clusters.TemperatureControl.Attributes.MinTemperature)
        high = attributes.get(Clusters.TemperatureControl.Attributes.MaxTemperature)
        return isinstance(low, int) and isinstance(high, int) and low <= target <= high
    return {
        identify.id: [
            step(identify.Commands.Identify(identifyTime=60), 0x0000, 60, within=15),  # IdentifyTime counts down
            step(identify.Commands.TriggerEffect(effectIdentifier=0, effectVariant=0)),
        ],
        # mhub keeps no group table: each answers as a device without groups would, with no attribute to show it.
        groups.id: [
            step(groups.Commands.AddGroup(groupID=1, groupName="mhub")),
            step(groups.Commands.ViewGroup(groupID=1)),
            step(groups.Commands.GetGroupMembership(groupList=[])),
            step(groups.Commands.RemoveGroup(groupID=1)),
            step(groups.Commands.RemoveAllGroups()),
            step(groups.Commands.AddGroupIfIdentifying(groupID=2, groupName="mhub")),
        ],
        # In an order each value follows whichever of these the cluster accepts: all six with Lighting, only On,
        # Toggle and Off on a dead-front power switch (a room air conditioner's, an appliance's). It ends on: an
        # appliance switched off (dead front) cannot start its program, whose commands come later (Operational State).
        on_off.id: [
            step(on_off.Commands.Off(), 0x0000, False),
            step(on_off.Commands.Toggle(), 0x0000, True),
            step(on_off.Commands.OffWithEffect(effectIdentifier=0, effectVariant=0), 0x0000, False),
            step(on_off.Commands.OnWithRecallGlobalScene(), 0x0000, True),
            step(on_off.Commands.OnWithTimedOff(onOffControl=0, onTime=0, offWaitTime=0), 0x0000, True),
            step(on_off.Commands.On(), 0x0000, True),
        ],
        level.id: [
            step(level.Commands.MoveToLevel(level=100, transitionTime=0, **execute_if_off), 0x0000, 100),
            step(level.Commands.Move(moveMode=1, rate=250, **execute_if_off), 0x0000, 1),  # down to MinLevel
            step(level.Commands.Step(stepMode=0, stepSize=50, transitionTime=0, **execute_if_off), 0x0000, 51),
            step(level.Commands.Stop(**execute_if_off)),
            step(level.Commands.MoveToLevelWithOnOff(level=200, transitionTime=0), 0x0000, 200),
            step(level.Commands.MoveWithOnOff(moveMode=1, rate=250), 0x0000, 1),
            step(level.Commands.StepWithOnOff(stepMode=0, stepSize=100, transitionTime=0), 0x0000, 101),
            step(level.Commands.StopWithOnOff()),
        ],
        # A new filter: Condition back to 100 % (the templates start new, so the value is checked, not a change).
        Clusters.HepaFilterMonitoring.id: [
            step(Clusters.HepaFilterMonitoring.Commands.ResetCondition(), 0x0000, 100),
        ],
        Clusters.ActivatedCarbonFilterMonitoring.id: [
            step(Clusters.ActivatedCarbonFilterMonitoring.Commands.ResetCondition(), 0x0000, 100),
        ],
        # TestInProgress while the five-second self-test runs.
        Clusters.SmokeCoAlarm.id: [step(Clusters.SmokeCoAlarm.Commands.SelfTestRequest(), 0x0005, True)],
        # CurrentState: 1 open, 0 closed.
        Clusters.ValveConfigurationAndControl.id: [
            step(Clusters.ValveConfigurationAndControl.Commands.Open(), 0x0004, 1),
            step(Clusters.ValveConfigurationAndControl.Commands.Close(), 0x0004, 0),
        ],
        Clusters.ModeSelect.id: [step(Clusters.ModeSelect.Commands.ChangeToMode(newMode=1), 0x0003, 1)],
        # The network infrastructure manager serves the hub's networks (the harness sets its Wi-Fi and Thread
        # dataset): the passphrase and the active dataset over CASE; no pending dataset (NOT_FOUND, 0x8b); no
        # fail-safe armed on it for SetActiveDatasetRequest (FAILSAFE_REQUIRED, 0xca).
        Clusters.WiFiNetworkManagement.id: [step(Clusters.WiFiNetworkManagement.Commands.NetworkPassphraseRequest())],
        Clusters.ThreadBorderRouterManagement.id: [
            step(Clusters.ThreadBorderRouterManagement.Commands.GetActiveDatasetRequest(), 0x0003, True),
            step(Clusters.ThreadBorderRouterManagement.Commands.GetPendingDatasetRequest(), status=0x8B),
            step(Clusters.ThreadBorderRouterManagement.Commands.SetActiveDatasetRequest(
                activeDataset=bytes.fromhex(THREAD_DATASET), breadcrumb=1), status=0xCA),
        ],
        # Another network into the directory and out again; the home's own network read back (ThreadNetworks keeps
        # one entry at the end).
        Clusters.ThreadNetworkDirectory.id: [
            step(Clusters.ThreadNetworkDirectory.Commands.AddNetwork(
                operationalDataset=bytes.fromhex(OTHER_THREAD_DATASET))),
            step(Clusters.ThreadNetworkDirectory.Commands.GetOperationalDataset(
                extendedPanID=bytes.fromhex("3333333344444444"))),
            step(Clusters.ThreadNetworkDirectory.Commands.RemoveNetwork(
                extendedPanID=bytes.fromhex("3333333344444444"))),
        ],
        # The washer's and the dryer's programs (CurrentMode; 2 is Heavy on both), the dishwasher's (1 Heavy).
        Clusters.LaundryWasherMode.id: [
            step(Clusters.LaundryWasherMode.Commands.ChangeToMode(newMode=2), 0x0001, 2),
        ],
        Clusters.DishwasherMode.id: [step(Clusters.DishwasherMode.Commands.ChangeToMode(newMode=1), 0x0001, 1)],
        # State stays 0 (no alarm to reset); Mask: every alarm enabled.
        Clusters.DishwasherAlarm.id: [
            step(Clusters.DishwasherAlarm.Commands.Reset(alarms=1), 0x0002, 0),
            step(Clusters.DishwasherAlarm.Commands.ModifyEnabledAlarms(mask=0x3F), 0x0000, 0x3F),
        ],
        # The robot vacuum: a run started (RVC Run Mode 1 Cleaning) and ended where it is (0 Idle); its clean mode
        # changed while idle (2 Vacuum and mop); then home (OperationalState 0x40 SeekingCharger), paused on the way
        # (2) and resumed (0x40); two rooms selected, and SkipArea answered (InvalidInMode: no run under way).
        Clusters.RvcRunMode.id: [
            step(Clusters.RvcRunMode.Commands.ChangeToMode(newMode=1), 0x0001, 1),
            step(Clusters.RvcRunMode.Commands.ChangeToMode(newMode=0), 0x0001, 0),
        ],
        Clusters.RvcCleanMode.id: [step(Clusters.RvcCleanMode.Commands.ChangeToMode(newMode=2), 0x0001, 2)],
        Clusters.RvcOperationalState.id: [
            step(Clusters.RvcOperationalState.Commands.GoHome(), 0x0004, 0x40),
            step(Clusters.RvcOperationalState.Commands.Pause(), 0x0004, 2),
            step(Clusters.RvcOperationalState.Commands.Resume(), 0x0004, 0x40),
        ],
        Clusters.ServiceArea.id: [
            step(Clusters.ServiceArea.Commands.SelectAreas(newAreas=[1, 2]), 0x0002, [1, 2]),
            step(Clusters.ServiceArea.Commands.SkipArea(skippedArea=1)),
        ],
        # OperationalState: 1 Running, 2 Paused, 1 Running, 0 Stopped (each answered NoError).
        Clusters.OperationalState.id: [
            step(Clusters.OperationalState.Commands.Start(), 0x0004, 1),
            step(Clusters.OperationalState.Commands.Pause(), 0x0004, 2),
            step(Clusters.OperationalState.Commands.Resume(), 0x0004, 1),
            step(Clusters.OperationalState.Commands.Stop(), 0x0004, 0),
        ],
        # Temperature Control: with TemperatureNumber a setpoint within the cabinet's own limits (fridge 1 to 8 °C,
        # freezer −24 to −16 °C, wine cooler 5 to 18 °C, oven 50 to 250 °C); with TemperatureLevel the third level,
        # which every list has (a cook surface's High, the washer's and dishwasher's temperatures). The cabinets' mode
        # 1: Rapid Cool or Rapid Freeze.
        Clusters.TemperatureControl.id: [
            step(Clusters.TemperatureControl.Commands.SetTemperature(targetTemperature=target), 0x0000, target,
                 fits=lambda attributes, target=target: settable(attributes, target))
            for target in (200, -2000, 1400, 20000)
        ] + [
            step(Clusters.TemperatureControl.Commands.SetTemperature(targetTemperatureLevel=2), 0x0004, 2,
                 fits=lambda attributes: bool(attributes.get(
                     Clusters.TemperatureControl.Attributes.SupportedTemperatureLevels))),
        ],
        Clusters.RefrigeratorAndTemperatureControlledCabinetMode.id: [
            step(Clusters.RefrigeratorAndTemperatureControlledCabinetMode.Commands.ChangeToMode(newMode=1), 0x0001, 1),
        ],
        # The oven's cavity: a cooking started (OperationalState 1 Running) and stopped (0); then its mode 1, Convection,
        # which cannot change while it cooks. The microwave: 60 s at 50 % (CookTime), 30 s more.
        Clusters.OvenCavityOperationalState.id: [
            step(Clusters.OvenCavityOperationalState.Commands.Start(), 0x0004, 1),
            step(Clusters.OvenCavityOperationalState.Commands.Stop(), 0x0004, 0),
        ],
        Clusters.OvenMode.id: [step(Clusters.OvenMode.Commands.ChangeToMode(newMode=1), 0x0001, 1)],
        Clusters.MicrowaveOvenControl.id: [
            step(Clusters.MicrowaveOvenControl.Commands.SetCookingParameters(cookMode=0, cookTime=60, powerSetting=50),
                 0x0000, 60),
            step(Clusters.MicrowaveOvenControl.Commands.AddMoreTime(timeToAdd=30), 0x0000, 90),
        ],
        lock.id: [  # LockState: 1 locked, 2 unlocked
            step(lock.Commands.UnlockDoor(), 0x0000, 2),
            step(lock.Commands.LockDoor(), 0x0000, 1),
            step(lock.Commands.UnlockWithTimeout(timeout=300), 0x0000, 2),
        ],
        covering.id: [  # TargetPositionLiftPercent100ths, then OperationalStatus
            step(covering.Commands.DownOrClose(), 0x000B, 10000),
            step(covering.Commands.UpOrOpen(), 0x000B, 0),
            step(covering.Commands.GoToLiftPercentage(liftPercent100thsValue=5000), 0x000B, 5000),
            step(covering.Commands.StopMotion(), 0x000A, 0),
        ],
        thermostat.id: [  # OccupiedHeatingSetpoint 20.00 °C raised by 1.0 °C (a water heater's 55.00 °C)
            step(thermostat.Commands.SetpointRaiseLower(mode=0, amount=10), 0x0012, [2100, 5600]),
        ],
        # The energy devices. EVSE: Disable and EnableCharging are timed; SupplyState 0 Disabled, 1 ChargingEnabled.
        # mhub keeps no charging targets: SetTargets, GetTargets and ClearTargets are checked by their status.
        Clusters.EnergyEvse.id: [
            step(Clusters.EnergyEvse.Commands.Disable(), 0x0001, 0),
            step(Clusters.EnergyEvse.Commands.EnableCharging(  # null ChargingEnabledUntil: enabled with no end
                chargingEnabledUntil=NullValue, minimumChargeCurrent=6000, maximumChargeCurrent=16000), 0x0007, 16000),
            step(Clusters.EnergyEvse.Commands.SetTargets(chargingTargetSchedules=[
                Clusters.EnergyEvse.Structs.ChargingTargetScheduleStruct(
                    dayOfWeekForSequence=0x1F, chargingTargets=[
                        Clusters.EnergyEvse.Structs.ChargingTargetStruct(
                            targetTimeMinutesPastMidnight=420, targetSoC=80)])])),
            step(Clusters.EnergyEvse.Commands.GetTargets()),
            step(Clusters.EnergyEvse.Commands.ClearTargets()),
        ],
        Clusters.EnergyEvseMode.id: [step(Clusters.EnergyEvseMode.Commands.ChangeToMode(newMode=2), 0x0001, 2)],
        Clusters.WaterHeaterMode.id: [step(Clusters.WaterHeaterMode.Commands.ChangeToMode(newMode=2), 0x0001, 2)],
        # Mode 2 (local and grid optimization) is where the templates start: the status is what is checked.
        Clusters.DeviceEnergyManagementMode.id: [
            step(Clusters.DeviceEnergyManagementMode.Commands.ChangeToMode(newMode=2), 0x0001, 2)],
        # ESAState 3 PowerAdjustActive, then 1 Online; a power every template's PowerAdjustmentCapability allows
        # (the solar inverter's is −5 kW to 0: a curtailment to 0 W).
        Clusters.DeviceEnergyManagement.id: [
            step(Clusters.DeviceEnergyManagement.Commands.PowerAdjustRequest(power=0, duration=600, cause=0),
                 0x0002, 3),
            step(Clusters.DeviceEnergyManagement.Commands.CancelPowerAdjustRequest(), 0x0002, 1),
        ],
        # BoostState 1 Active for ten minutes, then 0 Inactive.
        Clusters.WaterHeaterManagement.id: [
            step(Clusters.WaterHeaterManagement.Commands.Boost(
                boostInfo=Clusters.WaterHeaterManagement.Structs.WaterHeaterBoostInfoStruct(duration=600)), 0x0005, 1),
            step(Clusters.WaterHeaterManagement.Commands.CancelBoost(), 0x0005, 0),
        ],
        color.id: [
            # CurrentHue and CurrentSaturation (0 to 254, from 0; Move and Step stop at the ends)
            step(color.Commands.MoveToHue(hue=100, direction=0, transitionTime=0), 0x0000, 100),
            step(color.Commands.MoveHue(moveMode=1, rate=254), 0x0000, 254),
            step(color.Commands.StepHue(stepMode=3, stepSize=54, transitionTime=0), 0x0000, 200),
            step(color.Commands.MoveToSaturation(saturation=100, transitionTime=0), 0x0001, 100),
            step(color.Commands.MoveSaturation(moveMode=3, rate=254), 0x0001, 0),
            step(color.Commands.StepSaturation(stepMode=1, stepSize=50, transitionTime=0), 0x0001, 50),
            step(color.Commands.MoveToHueAndSaturation(hue=20, saturation=200, transitionTime=0), 0x0000, 20),
            # CurrentX (0 to 65279)
            step(color.Commands.MoveToColor(colorX=30000, colorY=30000, transitionTime=0), 0x0003, 30000),
            step(color.Commands.MoveColor(rateX=32767, rateY=0), 0x0003, 65279),
            step(color.Commands.StepColor(stepX=-10000, stepY=0, transitionTime=0), 0x0003, 55279),
            # ColorTemperatureMireds, between ColorTempPhysicalMinMireds 153 and MaxMireds 500
            step(color.Commands.MoveToColorTemperature(colorTemperatureMireds=300, transitionTime=0), 0x0007, 300),
            step(color.Commands.MoveColorTemperature(moveMode=1, rate=1000), 0x0007, 500),
            step(color.Commands.StepColorTemperature(stepMode=3, stepSize=100, transitionTime=0), 0x0007, 400),
            step(color.Commands.StopMoveStep()),
        ],
        **media_command_table(Clusters, step),
    }


def media_command_table(Clusters, step) -> dict:
    """The video players' commands (docs/devices.md, "The media devices"), after On/Off's table has left the player
    in standby: Play wakes it; CurrentState 0 playing, 1 paused, 2 not playing; PlaybackSpeed 2 and -2 fast, 1 normal.
    The commands without an attribute to show them (seek and skip move the position, which moves on by itself while
    the film plays; keys, launches and Sleep) are checked by their status."""
    playback, launcher = Clusters.MediaPlayback, Clusters.ContentLauncher
    search = launcher.Structs.ContentSearchStruct(
        parameterList=[launcher.Structs.ParameterStruct(type=13, value="Big Buck Bunny")])
    return {
        playback.id: [
            step(playback.Commands.Play(), 0x0000, 0),
            step(playback.Commands.Seek(position=600000)),
            step(playback.Commands.FastForward(), 0x0004, 2.0),
            step(playback.Commands.Rewind(), 0x0004, -2.0),
            step(playback.Commands.SkipForward(deltaPositionMilliseconds=60000)),
            step(playback.Commands.SkipBackward(deltaPositionMilliseconds=30000)),
            step(playback.Commands.StartOver(), 0x0004, 1.0),  # rewinding at the start plays at normal speed
            step(playback.Commands.Previous()),
            step(playback.Commands.Next()),  # PlaybackResponse NotAllowed: one film, nothing next
            step(playback.Commands.Pause(), 0x0000, 1),
            step(playback.Commands.Stop(), 0x0000, 2),
        ],
        Clusters.MediaInput.id: [
            step(Clusters.MediaInput.Commands.SelectInput(index=1), 0x0001, 1),
            step(Clusters.MediaInput.Commands.ShowInputStatus()),
            step(Clusters.MediaInput.Commands.HideInputStatus()),
        ],
        Clusters.LowPower.id: [step(Clusters.LowPower.Commands.Sleep())],  # On/Off off
        Clusters.KeypadInput.id: [step(Clusters.KeypadInput.Commands.SendKey(keyCode=0x40))],  # Power: on again
        launcher.id: [
            step(launcher.Commands.LaunchContent(search=search, autoPlay=True)),
            step(launcher.Commands.LaunchURL(contentURL="https://example.com/film.mpd")),
        ],
        Clusters.AudioOutput.id: [step(Clusters.AudioOutput.Commands.SelectOutput(index=1), 0x0001, 1)],
        **content_app_command_table(Clusters, step),
    }


def content_app_command_table(Clusters, step) -> dict:
    """Application Launcher on the casting video player (the Content App Platform: the app named by `application`)
    and on its Content App endpoints (the app itself; the field is ignored there). What they change is the app's
    Application Basic Status and the platform's CurrentApp, another cluster's attribute and a structure: checked by
    status here, by MHubHubTests' ContentAppTests in full. It ends with the app stopped, as it started."""
    launcher = Clusters.ApplicationLauncher
    films = launcher.Structs.ApplicationStruct(catalogVendorID=0xFFF1, applicationID="mhub.films")
    return {
        launcher.id: [
            step(launcher.Commands.LaunchApp(application=films)),
            step(launcher.Commands.HideApp(application=films)),
            step(launcher.Commands.StopApp(application=films)),
        ],
    }


async def templates_scenario(options, controller) -> dict:
    import chip.clusters.Objects as Clusters
    from chip.clusters.Attribute import DataVersion, ValueDecodeFailure

    node = options.node_id
    if options.endpoints == "*":
        parts = await controller.ReadAttribute(node, [(1, Clusters.Descriptor.Attributes.PartsList)])
        endpoints = list(parts[1][Clusters.Descriptor][Clusters.Descriptor.Attributes.PartsList])
    else:
        endpoints = [int(text, 0) for text in options.endpoints.split(",") if text]
    table = command_table()
    if options.confirm_dir:
        os.makedirs(options.confirm_dir, exist_ok=True)
    report, step_number = {}, 0
    # A composed device's parts (its bridged endpoint's PartsList, in order): which device they belong to and their
    # endpoint on it (2, 3, …), for the steps invoked on them.
    owners = {}
    for endpoint in endpoints:
        # The wildcard read of the endpoint: a bare endpoint number (the SDK takes a tuple as endpoint and cluster).
        read = await controller.ReadAttribute(node, [endpoint])
        clusters = read.get(endpoint, {})
        decode_failures, accepted = [], {}
        decoded = {}
        for cluster_type, attributes in clusters.items():
            cluster_id = getattr(cluster_type, "id", cluster_type)
            if not isinstance(attributes, dict):
                decode_failures.append(f"{endpoint}/{cluster_id}: {attributes}")
                continue
            decoded[cluster_id] = cluster_type
            for attribute, value in attributes.items():
                if attribute is DataVersion:
                    continue
                if isinstance(value, ValueDecodeFailure) or type(value).__name__ == "ValueDecodeFailure":
                    reason = getattr(value, "Reason", value)
                    decode_failures.append(f"{endpoint}/{cluster_id}/{attribute.attribute_id}: {reason}")
            listed = attributes.get(cluster_type.Attributes.AttributeList)
            known = {attribute.attribute_id for attribute in attributes if attribute is not DataVersion}
            for attribute_id in listed if isinstance(listed, list) else []:
                if attribute_id not in known:
                    decode_failures.append(f"{endpoint}/{cluster_id}/{attribute_id}: not decoded (unknown to the SDK)")
            commands = attributes.get(cluster_type.Attributes.AcceptedCommandList)
            if isinstance(commands, list) and commands:
                accepted[cluster_id] = list(commands)
        descriptor = clusters.get(Clusters.Descriptor, {})
        # What the conformance checker reads, as the SDK decoded it (as the bridge scenario's `globals`): each
        # cluster's global attributes and the Descriptor's DeviceTypeList and ClientList, "endpoint/cluster/attribute".
        globals_read = {}
        for cluster_id, cluster_type in decoded.items():
            attributes = clusters.get(cluster_type, {})
            names = {"65533": "ClusterRevision", "65532": "FeatureMap", "65531": "AttributeList",
                     "65529": "AcceptedCommandList", "65528": "GeneratedCommandList"}
            for number, name in names.items():
                attribute = getattr(cluster_type.Attributes, name, None)
                if attribute is not None and attribute in attributes:
                    globals_read[f"{endpoint}/{cluster_id}/{number}"] = plain(attributes[attribute])
        device_type_list = descriptor.get(Clusters.Descriptor.Attributes.DeviceTypeList)
        if isinstance(device_type_list, list):
            globals_read[f"{endpoint}/29/0"] = [
                {"0": entry.deviceType, "1": entry.revision} for entry in device_type_list]
        client_list = descriptor.get(Clusters.Descriptor.Attributes.ClientList)
        if isinstance(client_list, list):
            globals_read[f"{endpoint}/29/2"] = list(client_list)
        servers = descriptor.get(Clusters.Descriptor.Attributes.ServerList)
        for cluster_id in servers if isinstance(servers, list) else []:
            if cluster_id not in decoded:
                decode_failures.append(f"{endpoint}/{cluster_id}: not decoded (unknown to the SDK)")
        device_types = descriptor.get(Clusters.Descriptor.Attributes.DeviceTypeList)
        info = clusters.get(Clusters.BridgedDeviceBasicInformation, {})
        node_label = info.get(Clusters.BridgedDeviceBasicInformation.Attributes.NodeLabel)
        parts = descriptor.get(Clusters.Descriptor.Attributes.PartsList)
        if node_label is not None and isinstance(parts, list):
            for index, part in enumerate(parts):
                owners[part] = (node_label, 2 + index)
        owner, device_endpoint = owners.get(endpoint, (node_label, 1))
        missing, invoked = [], []
        for cluster_id in sorted(accepted):
            entries = table.get(cluster_id, [])
            covered = {entry["command"].command_id for entry in entries}
            missing.extend(f"{cluster_id}/{command}" for command in accepted[cluster_id] if command not in covered)
            for entry in entries:
                command = entry["command"]
                if command.command_id not in accepted[cluster_id]:
                    continue  # a command of a feature this cluster does not have
                if entry["fits"] and not entry["fits"](clusters[decoded[cluster_id]]):
                    continue  # a value for another endpoint of this cluster
                step_number += 1
                timed = bool(command.must_use_timed_invoke)
                record = {
                    "step": step_number, "endpoint": endpoint, "node_label": owner,
                    "device_endpoint": device_endpoint, "cluster": cluster_id,
                    "cluster_name": decoded[cluster_id].__name__, "command": type(command).__name__,
                    "command_id": command.command_id, "timed": timed, "attribute": entry["attribute"],
                    "expected": entry["expected"], "within": entry["within"],
                }
                expected_status = entry.get("status")
                try:
                    response = await controller.SendCommand(
                        node, endpoint, command, timedRequestTimeoutMs=1000 if timed else None)
                    if expected_status is None:
                        record.update(ok=True, status="Success", response=plain(response))
                    else:
                        record.update(
                            ok=False, status=f"Success, not status 0x{expected_status:02x}", response=plain(response))
                except Exception as error:  # an IM status error (InteractionModelError) or the session failing
                    code = getattr(error, "status", None)
                    refused_as_expected = expected_status is not None and code is not None and int(code) == expected_status
                    record.update(ok=refused_as_expected, status=error_text(error), response=None)
                invoked.append(record)
                await confirm_step(options, record)
        report[str(endpoint)] = {
            "node_label": node_label, "owner": owner, "device_endpoint": device_endpoint,
            "device_types": [entry.deviceType for entry in device_types] if isinstance(device_types, list) else [],
            "clusters": sorted(decoded), "decode_failures": decode_failures,
            "accepted_commands": {str(cluster): commands for cluster, commands in accepted.items()},
            "missing_commands": missing, "invoked": invoked, "globals": globals_read,
        }
    return {"endpoints": report, "steps": step_number}


async def confirm_step(options, record: dict) -> None:
    """With --confirm-dir: hands the command over as DIR/step-N.json, and waits for DIR/step-N.done (the test's
    check of the attribute, made before the next command changes it)."""
    if not options.confirm_dir:
        return
    path = os.path.join(options.confirm_dir, f"step-{record['step']}")
    with open(path + ".tmp", "w") as file:
        json.dump(record, file)
    os.rename(path + ".tmp", path + ".json")
    deadline = time.monotonic() + options.confirm_timeout
    while not os.path.exists(path + ".done"):
        if time.monotonic() > deadline:
            raise TimeoutError(f"step {record['step']} was not confirmed within {options.confirm_timeout} s")
        await asyncio.sleep(0.02)


def run_worker(argv) -> None:
    options = parse_arguments(argv)
    import chip.native

    chip.native.Init()  # before anything else of the SDK is imported
    report: dict = {}
    try:
        report["result"] = asyncio.run(run_scenario(options))
    except BaseException as error:  # ChipStackError, TimeoutError, an IM status error: all are the run's result
        report["error"] = error_text(error)
    sys.stdout.flush()
    print("\n" + RESULT_MARKER + json.dumps(report), flush=True)
    os._exit(0)  # after chip.native.Init() a normal interpreter exit aborts


async def run_scenario(options) -> dict:
    controller = await controller_for(options)
    return await scenario(options, controller)


if __name__ == "__main__":
    if "--worker" in sys.argv[1:]:
        run_worker([argument for argument in sys.argv[1:] if argument != "--worker"])
    else:
        run_parent(sys.argv[1:])
