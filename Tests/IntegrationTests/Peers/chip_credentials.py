"""Check credentials mhub made against the CHIP SDK (home-assistant-chip-core, PyPI), a peer test of mhub.

Usage: chip_credentials.py DIRECTORY
Runs inside chip_sandbox.sh (the SDK writes /data and /tmp). DIRECTORY holds what the Swift test wrote:
  NAME.tlv     Matter TLV certificates: each converted to X.509 by the SDK (convert_chip_cert_to_x509_cert),
               written as NAME.tlv.sdk-der
  NAME.der     X.509 certificates in the Matter operational profile: each converted to TLV by the SDK
               (convert_x509_cert_to_chip_cert), written as NAME.der.sdk-tlv
  nocsr.tlv    NOCSRElements with mhub's CSR: the SDK's own issuer (ExampleOperationalCredentialsIssuer, via
               ChipDeviceController.IssueNOCChain) checks the CSR and issues RCAC/ICAC/NOC, written as
               issued-rcac.tlv, issued-icac.tlv, issued-noc.tlv, issued-ipk
  root.pub     an uncompressed P-256 key and fabric.id a decimal fabric ID: the SDK's
               chip.crypto.fabric.generate_compressed_fabric_id, written as cfid (decimal)
An error in any step is reported in the JSON object printed on the last line, not raised. Leaves with os._exit:
after chip.native.Init() a normal interpreter exit aborts.
"""

import asyncio
import json
import os
import sys
import traceback

import chip.native

chip.native.Init()

import chip.CertificateAuthority  # noqa: E402  (needs the native library initialised first)
import chip.clusters.Objects as Clusters  # noqa: E402
import chip.credentials.cert as chip_cert  # noqa: E402
import chip.crypto.fabric as chip_fabric  # noqa: E402
from chip.ChipStack import ChipStack  # noqa: E402


def error_text(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def read(path: str) -> bytes:
    with open(path, "rb") as file:
        return file.read()


def write(path: str, data: bytes) -> None:
    with open(path, "wb") as file:
        file.write(data)


def convert(directory: str, report: dict) -> None:
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        try:
            if name.endswith(".tlv") and not name.startswith(("issued-", "nocsr")):
                write(path + ".sdk-der", chip_cert.convert_chip_cert_to_x509_cert(read(path)))
                report["converted"].append(name)
            elif name.endswith(".der"):
                write(path + ".sdk-tlv", chip_cert.convert_x509_cert_to_chip_cert(read(path)))
                report["converted"].append(name)
        except BaseException as error:  # the SDK raises ChipStackError with the CHIP error code
            report["errors"][name] = error_text(error)


async def issue(directory: str, report: dict) -> None:
    stack = ChipStack(persistentStoragePath="/tmp/chip-credentials.json", enableServerInteractions=False)
    authorities = chip.CertificateAuthority.CertificateAuthorityManager(chipStack=stack)
    authorities.LoadAuthoritiesFromStorage()
    admin = authorities.NewCertificateAuthority().NewFabricAdmin(vendorId=0xFFF1, fabricId=1)
    controller = admin.NewController(nodeId=112233, paaTrustStorePath="")
    elements = read(os.path.join(directory, "nocsr.tlv"))
    response = Clusters.OperationalCredentials.Commands.CSRResponse(
        NOCSRElements=elements, attestationSignature=bytes(64))
    chain = await asyncio.wait_for(controller.IssueNOCChain(response, 0x0000_0000_0000_4321), 30)
    if chain.nocBytes is None:
        report["errors"]["issue"] = "the SDK issued no NOC chain (see its log: the CSR was refused)"
        return
    for name, data in (("issued-rcac.tlv", chain.rcacBytes), ("issued-icac.tlv", chain.icacBytes),
                       ("issued-noc.tlv", chain.nocBytes), ("issued-ipk", chain.ipkBytes)):
        if data is not None:
            write(os.path.join(directory, name), data)
    report["issued"] = True


def compressed_fabric_id(directory: str, report: dict) -> None:
    key = read(os.path.join(directory, "root.pub"))
    fabric = int(read(os.path.join(directory, "fabric.id")).decode())
    cfid = chip_fabric.generate_compressed_fabric_id(key, fabric)
    write(os.path.join(directory, "cfid"), str(cfid).encode())


def main(directory: str) -> dict:
    report: dict = {"converted": [], "errors": {}, "issued": False}
    convert(directory, report)
    for step, action in (("issue", lambda: asyncio.run(issue(directory, report))),
                         ("cfid", lambda: compressed_fabric_id(directory, report))):
        try:
            action()
        except BaseException as error:
            report["errors"][step] = error_text(error) + "\n" + traceback.format_exc()
    return report


if __name__ == "__main__":
    result = main(sys.argv[1])
    sys.stdout.flush()
    print(json.dumps(result), flush=True)
    os._exit(0)
