"""Makes operational-certificates.txt: RCAC/ICAC/NOC-shaped X.509 certificates built with Python `cryptography`
and converted to Matter TLV by the CHIP SDK's own converter (home-assistant-chip-core 2025.7.0,
chip.credentials.cert.convert_x509_cert_to_chip_cert), with the SDK's conversion back to X.509 checked equal.

Run once, inside the SDK's sandbox (it writes /data and /tmp), from the repository root:
    scripts/peers-venv.sh chip
    Tests/IntegrationTests/Peers/chip_sandbox.sh "$(mktemp -d)" .build/chip-venv/bin/python \
        Tests/MatterCredentialsTests/Fixtures/make_operational_certificates.py > operational-certificates.txt
Keys are derived from each certificate's name, so a re-run changes only the (randomised) ECDSA signatures.
"""

import datetime
import hashlib
import os
import sys

import chip.native

chip.native.Init()
import chip.credentials.cert as chip_cert  # noqa: E402 (needs chip.native.Init first)
from cryptography import x509  # noqa: E402
from cryptography.hazmat.primitives import hashes, serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from cryptography.x509.name import _ASN1Type  # noqa: E402
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier  # noqa: E402


def matter(number, value, width=16):
    return x509.NameAttribute(ObjectIdentifier(f"1.3.6.1.4.1.37244.1.{number}"), f"{value:0{width}X}")


def rcac(value):
    return matter(4, value)


def icac(value):
    return matter(3, value)


def node(value):
    return matter(1, value)


def fabric(value):
    return matter(5, value)


def firmware(value):
    return matter(2, value)


def cat(value):
    return matter(6, value, 8)


def text(oid, value, kind=_ASN1Type.UTF8String):
    return x509.NameAttribute(oid, value, _type=kind)


PRINTABLE = _ASN1Type.PrintableString


def key(name):
    scalar = int.from_bytes(hashlib.sha256(b"mhub fixture " + name.encode()).digest(), "big") % (2**255)
    return ec.derive_private_key(scalar, ec.SECP256R1())


def time(*fields):
    return datetime.datetime(*fields, tzinfo=datetime.timezone.utc)


CA_USAGE = x509.KeyUsage(False, False, False, False, False, True, True, False, False)
NODE_USAGE = x509.KeyUsage(True, False, False, False, False, False, False, False, False)
NODE_PURPOSES = x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CLIENT_AUTH, ExtendedKeyUsageOID.SERVER_AUTH])

certificates = {}


def make(name, subject, issuer_name, serial, not_before, not_after, extensions):
    """extensions: list of (extension, critical) or the strings "skid"/"akid", in the order they are written."""
    private = key(name)
    issuer_key = key(issuer_name) if issuer_name else private
    issuer_subject = certificates[issuer_name][0].subject if issuer_name else x509.Name(subject)
    builder = (
        x509.CertificateBuilder()
        .subject_name(x509.Name(subject))
        .issuer_name(issuer_subject)
        .public_key(private.public_key())
        .serial_number(serial)
        .not_valid_before(not_before)
        .not_valid_after(not_after)
    )
    for item in extensions:
        if item == "skid":
            builder = builder.add_extension(x509.SubjectKeyIdentifier.from_public_key(private.public_key()), False)
        elif item == "akid":
            digest = x509.SubjectKeyIdentifier.from_public_key(issuer_key.public_key()).digest
            builder = builder.add_extension(x509.AuthorityKeyIdentifier(digest, None, None), False)
        else:
            builder = builder.add_extension(item[0], item[1])
    certificate = builder.sign(issuer_key, hashes.SHA256())
    certificates[name] = (certificate, private)
    return certificate


# Chain A: the shape ExampleOperationalCredentialsIssuer issues (RCAC -> ICAC -> NOC), with CATs.
make("rcac-a", [rcac(0xCACACACA00000001)], None, 0x01, time(2020, 10, 15, 14, 23, 43), time(2040, 10, 15, 14, 23, 42),
     [(x509.BasicConstraints(True, 1), True), (CA_USAGE, True), "skid", "akid"])
make("icac-a", [icac(0xCACACACA00000002), fabric(0xFAB000000000001D)], "rcac-a", 0x7D41,
     time(2020, 10, 15, 14, 23, 43), time(2040, 10, 15, 14, 23, 42),
     [(x509.BasicConstraints(True, 0), True), (CA_USAGE, True), "skid", "akid"])
make("noc-a", [node(0xDEDEDEDE00010001), fabric(0xFAB000000000001D), cat(0xABCD0001), cat(0xABCE0002)], "icac-a",
     0x8A5F_3C21_0B9E_77D4, time(2023, 1, 1, 0, 0, 0), time(9999, 12, 31, 23, 59, 59),
     [(x509.BasicConstraints(False, None), True), (NODE_USAGE, True), (NODE_PURPOSES, True), "skid", "akid"])

# Chain B: every standard DN attribute type across the DNs, PrintableString and UTF8String and IA5String,
# GeneralizedTime and UTCTime at 2050, extensions in another order, a future extension, every key purpose.
make("rcac-b", [text(NameOID.COMMON_NAME, "Matter Test Root"), text(NameOID.COUNTRY_NAME, "US", PRINTABLE),
                text(NameOID.STATE_OR_PROVINCE_NAME, "CA"), text(NameOID.LOCALITY_NAME, "Mountain View", PRINTABLE),
                rcac(0x1)], None, 0x0100, time(2021, 6, 28, 14, 23, 43), time(2050, 1, 1, 0, 0, 0),
     ["skid", "akid", (x509.BasicConstraints(True, None), True), (CA_USAGE, True)])
make("noc-b", [text(NameOID.ORGANIZATION_NAME, "Acme", PRINTABLE), text(NameOID.ORGANIZATIONAL_UNIT_NAME, "Lighting"),
               node(0x1122334455667788), fabric(0x1), text(NameOID.DOMAIN_COMPONENT, "example", _ASN1Type.IA5String)],
     "rcac-b", 0x02, time(2024, 2, 29, 12, 0, 0), time(2049, 12, 31, 23, 59, 59),
     [(x509.BasicConstraints(False, None), True), (NODE_USAGE, True), (NODE_PURPOSES, True), "skid", "akid",
      (x509.UnrecognizedExtension(ObjectIdentifier("2.16.840.1.113730.1.13"), b"\x16\x04mhub"), False)])
make("icac-c", [text(NameOID.TITLE, "Bridge CA"), text(ObjectIdentifier("2.5.4.41"), "Intermediate"),
                text(NameOID.GIVEN_NAME, "Ada"), text(NameOID.INITIALS, "AL"), icac(0x5)], "rcac-b", 0x03,
     time(2021, 6, 28, 14, 23, 43), time(2049, 12, 31, 23, 59, 59),
     [(x509.BasicConstraints(True, 0), True), (CA_USAGE, True), "skid", "akid"])
make("noc-c", [text(NameOID.SURNAME, "Lovelace"), text(NameOID.SERIAL_NUMBER, "123-456", PRINTABLE),
               text(NameOID.GENERATION_QUALIFIER, "III"), node(0xFFFFFFEFFFFFFFFF), fabric(0xFFFFFFFFFFFFFFFF)],
     "icac-c", 0x04, time(2022, 3, 1, 0, 0, 0), time(2032, 3, 1, 0, 0, 0),
     [(x509.BasicConstraints(False, None), True), (NODE_USAGE, True), (NODE_PURPOSES, True), "skid", "akid"])
make("noc-d", [text(NameOID.DN_QUALIFIER, "q1", PRINTABLE), text(NameOID.PSEUDONYM, "Nodé"), node(0x2), fabric(0x2),
               cat(0x00010001)], "icac-c", 0x05, time(2022, 3, 1, 0, 0, 0), time(2032, 3, 1, 0, 0, 0),
     [(x509.BasicConstraints(False, None), True),
      (x509.KeyUsage(True, True, True, True, True, False, False, True, False), True),
      (NODE_PURPOSES, True), "skid", "akid"])
make("firmware", [firmware(0xF1), text(NameOID.COMMON_NAME, "Firmware signer")], "rcac-b", 0x06,
     time(2022, 3, 1, 0, 0, 0), time(2032, 3, 1, 0, 0, 0),
     [(x509.BasicConstraints(False, None), True), (NODE_USAGE, True),
      (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CODE_SIGNING, ExtendedKeyUsageOID.EMAIL_PROTECTION,
                              ExtendedKeyUsageOID.TIME_STAMPING, ExtendedKeyUsageOID.OCSP_SIGNING]), True),
      "skid", "akid"])

print("Matter operational certificates: X.509 DER made with Python cryptography, Matter TLV from the CHIP SDK's")
print("converter (home-assistant-chip-core 2025.7.0). Made by make_operational_certificates.py (see README.md).")
print("issuer = the fixture whose key signed it; public = the subject's public key.")
for name, (certificate, private) in certificates.items():
    der = certificate.public_bytes(serialization.Encoding.DER)
    tlv = chip_cert.convert_x509_cert_to_chip_cert(der)
    back = chip_cert.convert_chip_cert_to_x509_cert(tlv)
    if back != der:
        sys.stderr.write(f"{name}: the SDK does not convert its own TLV back to the same DER\n")
        os._exit(1)
    issuer = next(
        (other for other, (candidate, _) in certificates.items() if candidate.subject == certificate.issuer), name)
    public = private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    print(f"\n[{name}]")
    print(f"issuer = {issuer}")
    print(f"public = {public.hex()}")
    print(f"der    = {der.hex()}")
    print(f"tlv    = {tlv.hex()}")
sys.stdout.flush()
# After chip.native.Init() alone a normal interpreter exit aborts (docs: pitfalls.md).
os._exit(0)
