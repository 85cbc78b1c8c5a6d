#!/usr/bin/env python3
"""Writes case-key-schedule.txt: CASE key-schedule vectors computed with Python `cryptography` (48.0.0 was used),
an implementation independent of mhub's, from the layouts in shared/docs/matter-commissionee.md section 5
(CHIP CASESession.cpp ConstructSaltSigma2/ConstructSaltSigma3/ConstructSigmaResumeKey/GenerateSigmaResumeMIC,
DeriveSecureSession; CryptoContext.cpp InitFromSecret).

The inputs are fixed made-up values (no CHIP fixture exists: TestCASESession.cpp uses random ephemeral keys).
Run: python3 make-case-vectors.py > case-key-schedule.txt
"""
import hashlib

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESCCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def hkdf(ikm, salt, info, length):
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def point(private):
    return private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


initiator = ec.derive_private_key(0x1F2E3D4C5B6A79880011223344556677889900AABBCCDDEEFF0123456789ABCD, ec.SECP256R1())
responder = ec.derive_private_key(0x0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF, ec.SECP256R1())
shared = initiator.exchange(ec.ECDH(), responder.public_key())
assert shared == responder.exchange(ec.ECDH(), initiator.public_key())

ipk = bytes.fromhex("9bc61cd9c62a2df6d64dfcaa9dc472d4")
initiator_random = bytes(range(0x10, 0x30))
responder_random = bytes(range(0x40, 0x60))
sigma1 = bytes.fromhex("1530012000") + b"sigma1 stand-in" + bytes([0x18])
sigma2 = b"\x15" + b"sigma2 stand-in, longer" + b"\x18"
sigma3 = b"\x15" + b"sigma3 stand-in" + b"\x18"
tbe_data2 = b"\x15" + b"TBEData2 stand-in" + b"\x18"
resumption_id = bytes(range(0xA0, 0xB0))
new_resumption_id = bytes(range(0xC0, 0xD0))

s2k = hkdf(shared, ipk + responder_random + point(responder) + hashlib.sha256(sigma1).digest(), b"Sigma2", 16)
s3k = hkdf(shared, ipk + hashlib.sha256(sigma1 + sigma2).digest(), b"Sigma3", 16)
session = hkdf(shared, ipk + hashlib.sha256(sigma1 + sigma2 + sigma3).digest(), b"SessionKeys", 48)
encrypted2 = AESCCM(s2k, tag_length=16).encrypt(b"NCASE_Sigma2N", tbe_data2, None)
s1rk = hkdf(shared, initiator_random + resumption_id, b"Sigma1_Resume", 16)
mic1 = AESCCM(s1rk, tag_length=16).encrypt(b"NCASE_SigmaS1", b"", None)
s2rk = hkdf(shared, initiator_random + new_resumption_id, b"Sigma2_Resume", 16)
mic2 = AESCCM(s2rk, tag_length=16).encrypt(b"NCASE_SigmaS2", b"", None)
resumed = hkdf(shared, initiator_random + new_resumption_id, b"SessionResumptionKeys", 48)

print("CASE key-schedule vectors, made by make-case-vectors.py (Python cryptography) from made-up inputs.")
print()
print("[inputs]")
for name, value in [
    ("initiatorEphemeralPrivateKey", initiator.private_numbers().private_value.to_bytes(32, "big")),
    ("initiatorEphemeralPublicKey", point(initiator)),
    ("responderEphemeralPrivateKey", responder.private_numbers().private_value.to_bytes(32, "big")),
    ("responderEphemeralPublicKey", point(responder)),
    ("ipk", ipk), ("initiatorRandom", initiator_random), ("responderRandom", responder_random),
    ("sigma1", sigma1), ("sigma2", sigma2), ("sigma3", sigma3), ("tbeData2", tbe_data2),
    ("resumptionID", resumption_id), ("newResumptionID", new_resumption_id),
]:
    print(f"{name} = {value.hex()}")
print()
print("[outputs]")
for name, value in [
    ("sharedSecret", shared), ("s2k", s2k), ("encrypted2", encrypted2), ("s3k", s3k),
    ("i2r", session[:16]), ("r2i", session[16:32]), ("attestationChallenge", session[32:]),
    ("initiatorResumeMIC", mic1), ("sigma2ResumeMIC", mic2),
    ("resumedI2R", resumed[:16]), ("resumedR2I", resumed[16:32]), ("resumedAttestationChallenge", resumed[32:]),
]:
    print(f"{name} = {value.hex()}")
