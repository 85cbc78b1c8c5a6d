"""Drive mhubd's Matter port with the CHIP Python controller (home-assistant-chip-core, PyPI), a peer test of mhub.

Usage: chip_controller.py SCENARIO HOST PORT PASSCODE [WRONG_PASSCODE]
Runs inside chip_sandbox.sh (the SDK writes /data and /tmp/chip_kvs). Scenarios:
  read    PASE over UDP with PASSCODE, then read Basic Information (endpoint 0) over the PASE session.
  retry   PASE with WRONG_PASSCODE (must fail), then from a second controller with PASSCODE (must succeed), then
          read NodeLabel. (The first controller reports a failed attempt twice, the second time late enough to
          fail its own next attempt at once: a quirk of the Python binding, so the retry uses a fresh controller.)
  busy    controller A establishes PASE; controller B, with its own ephemeral node, then tries PASE too.
  closed  one PASE attempt (the window is expected to be closed).
Prints one JSON object on its last line (results and errors); CHIP's own log goes to stdout before it. Leaves
with os._exit: after chip.native.Init() a normal interpreter exit aborts.
"""

import asyncio
import json
import os
import sys
import time

import chip.native

chip.native.Init()

import chip.CertificateAuthority  # noqa: E402  (needs the native library initialised first)
import chip.clusters.Objects as Clusters  # noqa: E402
from chip.ChipStack import ChipStack  # noqa: E402

BASIC = Clusters.BasicInformation.Attributes


def error_text(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


async def pase(controller, host: str, port: int, passcode: int, node_id: int, timeout: float = 30) -> dict:
    started = time.monotonic()
    try:
        await asyncio.wait_for(controller.EstablishPASESessionIP(host, passcode, node_id, port=port), timeout)
        return {"ok": True, "seconds": round(time.monotonic() - started, 2)}
    except BaseException as error:  # the SDK raises ChipStackError; a stuck attempt raises TimeoutError
        return {"ok": False, "error": error_text(error), "seconds": round(time.monotonic() - started, 2)}


async def read_basic_information(controller, node_id: int) -> dict:
    response = await controller.ReadAttribute(node_id, [(0, Clusters.BasicInformation)])
    attributes = response[0][Clusters.BasicInformation]
    def value(attribute):
        item = attributes.get(attribute)
        return item if isinstance(item, (int, str, bool)) or item is None else str(item)
    return {
        "vendor_id": value(BASIC.VendorID),
        "product_id": value(BASIC.ProductID),
        "vendor_name": value(BASIC.VendorName),
        "product_name": value(BASIC.ProductName),
        "node_label": value(BASIC.NodeLabel),
        "software_version_string": value(BASIC.SoftwareVersionString),
        "serial_number": value(BASIC.SerialNumber),
        "cluster_revision": value(BASIC.ClusterRevision),
        "attribute_count": len(attributes),
    }


async def main(scenario: str, host: str, port: int, passcode: int, wrong: int) -> dict:
    stack = ChipStack(persistentStoragePath="/tmp/chip-controller.json", enableServerInteractions=False)
    authorities = chip.CertificateAuthority.CertificateAuthorityManager(chipStack=stack)
    authorities.LoadAuthoritiesFromStorage()
    admin = authorities.NewCertificateAuthority().NewFabricAdmin(vendorId=0xFFF1, fabricId=1)
    first = admin.NewController(nodeId=112233, paaTrustStorePath="")
    report: dict = {"scenario": scenario}
    if scenario == "read":
        report["pase"] = await pase(first, host, port, passcode, 1)
        if report["pase"]["ok"]:
            report["basic_information"] = await read_basic_information(first, 1)
            # A concrete path that does not exist comes back as the controller's own status error.
            unsupported = await first.ReadAttribute(1, [(9, BASIC.NodeLabel)])
            report["endpoint_9"] = str(unsupported.get(9, unsupported))
    elif scenario == "retry":
        report["wrong"] = await pase(first, host, port, wrong, 1)
        await asyncio.sleep(0.5)
        second = admin.NewController(nodeId=112234, paaTrustStorePath="")
        report["right"] = await pase(second, host, port, passcode, 2)
        if report["right"]["ok"]:
            report["node_label"] = (await read_basic_information(second, 2))["node_label"]
    elif scenario == "busy":
        second = admin.NewController(nodeId=112234, paaTrustStorePath="")
        report["first"] = await pase(first, host, port, passcode, 1)
        report["second"] = await pase(second, host, port, passcode, 2)
        # The first controller's session still works.
        report["first_node_label"] = (await read_basic_information(first, 1))["node_label"]
    elif scenario == "closed":
        report["pase"] = await pase(first, host, port, passcode, 1)
    else:
        raise SystemExit(f"unknown scenario {scenario}")
    return report


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if len(arguments) < 4:
        print(__doc__, file=sys.stderr)
        os._exit(64)
    scenario, host, port, passcode = arguments[0], arguments[1], int(arguments[2]), int(arguments[3])
    wrong = int(arguments[4]) if len(arguments) > 4 else 0
    status = 0
    try:
        result = asyncio.run(main(scenario, host, port, passcode, wrong))
    except BaseException as error:
        result = {"scenario": scenario, "fatal": error_text(error)}
        status = 1
    sys.stdout.flush()
    print("\n" + json.dumps(result), flush=True)
    os._exit(status)
