#!/usr/bin/env python3
"""Long fuzz run against a running mhubd's Matter port (not run in CI; the bounded version is
Tests/IntegrationTests/MatterPortTests.swift, randomAndMutatedDatagramsDoNotStopTheDaemon).

Sends random and mutated Matter messages (PBKDFParamRequest, PASE-shaped, StatusReport, standalone acks and
secure-session-shaped messages, then bit flips, truncations, extensions, header rewrites and replays) to the
UDP port, and optionally garbage TCP frames, for DURATION seconds. Every CHECK seconds it probes liveness
with a fresh PBKDFParamRequest from a new ephemeral node: mhubd must answer within 3 s, with a
PBKDFParamResponse (window open, slot free) or a StatusReport (BUSY, or FAILURE with the window closed).
With --chip PYTHON it finally waits out the PASE timeout and runs the CHIP controller's "read" scenario
(Tests/IntegrationTests/Peers) against the port, which needs the hub's window open and root.

Usage: bench/matter-fuzz.py --port N [--host 127.0.0.1] [--duration 600] [--rate 2000] [--check 5]
                             [--seed 1] [--tcp] [--chip PYTHON --pase-timeout 60]
Prints a JSON summary; exits 1 if a probe went unanswered or mhubd stopped answering.
Only standard-library Python; traffic goes only where --host says (keep it on loopback).
"""

import argparse
import json
import os
import random
import socket
import struct
import subprocess
import sys
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def unsecured(opcode: int, payload: bytes, node: int, counter: int, exchange: int, flags: int = 0x05) -> bytes:
    """An unsecured message from an initiator: header with source node ID, protocol header (I and R flags)."""
    header = struct.pack("<BHBIQ", 0x04, 0, 0, counter, node)
    return header + struct.pack("<BBHH", flags, opcode, exchange, 0x0000) + payload


def pbkdf_param_request(rng: random.Random) -> bytes:
    tlv = bytes([0x15, 0x30, 0x01, 0x20]) + rng.randbytes(32)
    tlv += bytes([0x25, 0x02]) + struct.pack("<H", rng.randrange(1, 0x10000))
    tlv += bytes([0x24, 0x03, 0x00, 0x28, 0x04, 0x18])
    return tlv


def seeds(rng: random.Random) -> list:
    node, counter, exchange = rng.getrandbits(64), rng.getrandbits(28), rng.getrandbits(16)
    pake1 = bytes([0x15, 0x30, 0x01, 0x41, 0x04]) + rng.randbytes(64) + bytes([0x18])
    pake3 = bytes([0x15, 0x30, 0x01, 0x20]) + rng.randbytes(32) + bytes([0x18])
    status = struct.pack("<HIH", 1, 0, 2)
    secure = struct.pack("<BHBI", 0x00, rng.getrandbits(16), 0x00, counter) + rng.randbytes(40)
    return [
        unsecured(0x20, pbkdf_param_request(rng), node, counter, exchange),
        unsecured(0x22, pake1, node, counter + 1, exchange),
        unsecured(0x24, pake3, node, counter + 2, exchange),
        unsecured(0x40, status, node, counter + 3, exchange),
        unsecured(0x10, b"", node, counter + 4, exchange, flags=0x03) + struct.pack("<I", counter),
        secure,
    ]


def mutate(rng: random.Random, message: bytes) -> bytes:
    data = bytearray(message)
    choice = rng.randrange(7)
    if choice == 0:
        return rng.randbytes(rng.randrange(0, 1400))
    if choice == 1 and data:
        for _ in range(rng.randrange(1, 6)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif choice == 2 and data:
        del data[rng.randrange(len(data)):]
    elif choice == 3:
        data += rng.randbytes(rng.randrange(1, 1200))
    elif choice == 4 and len(data) >= 8:
        data[0] = rng.randrange(256)  # message flags: version, S, DSIZ
        data[3] = rng.randrange(256)  # security flags: P, C, MX, session type
    elif choice == 5 and len(data) >= 4:
        data[1:3] = struct.pack("<H", rng.getrandbits(16))  # session ID
    return bytes(data)  # 6: a replay


def probe(host: str, port: int, rng: random.Random) -> bool:
    """A fresh PBKDFParamRequest gets an answer within 3 s."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe_socket:
        probe_socket.settimeout(3)
        node = rng.getrandbits(64)
        probe_socket.sendto(unsecured(0x20, pbkdf_param_request(rng), node, rng.getrandbits(28),
                                      rng.getrandbits(16)), (host, port))
        try:
            answer, _ = probe_socket.recvfrom(2048)
        except socket.timeout:
            return False
        # Unsecured answer to our node: opcode 0x21 (PBKDFParamResponse) or 0x40 (StatusReport).
        return len(answer) >= 24 and answer[17] in (0x10, 0x21, 0x40)


def tcp_garbage(host: str, port: int, rng: random.Random) -> None:
    try:
        with socket.create_connection((host, port), timeout=2) as connection:
            for _ in range(rng.randrange(1, 20)):
                body = rng.randbytes(rng.randrange(0, 300))
                length = len(body) if rng.random() < 0.7 else rng.getrandbits(32)
                connection.sendall(struct.pack("<I", length) + body)
    except OSError:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--duration", type=float, default=600)
    parser.add_argument("--rate", type=float, default=2000, help="datagrams per second")
    parser.add_argument("--check", type=float, default=5, help="seconds between liveness probes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tcp", action="store_true", help="also open TCP connections and send garbage frames")
    parser.add_argument("--chip", help="python of .build/chip-venv, for a final CHIP controller read")
    parser.add_argument("--pase-timeout", type=float, default=60, help="mhubd's matter.pase_timeout_s")
    options = parser.parse_args()

    rng = random.Random(options.seed)
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sender.setblocking(False)
    corpus = seeds(rng)
    sent = probes = failures = 0
    started = time.monotonic()
    next_check = started + options.check
    while time.monotonic() - started < options.duration:
        message = mutate(rng, rng.choice(corpus))
        try:
            sender.sendto(message, (options.host, options.port))
        except BlockingIOError:
            time.sleep(0.001)
        sent += 1
        if sent % 500 == 0:
            corpus = seeds(rng) + corpus[:50]
            try:
                while True:
                    corpus.append(sender.recv(2048))  # the hub's own answers become seeds too
            except BlockingIOError:
                pass
            if options.tcp:
                tcp_garbage(options.host, options.port, rng)
        if options.rate > 0:
            time.sleep(max(0.0, started + sent / options.rate - time.monotonic()))
        if time.monotonic() >= next_check:
            probes += 1
            if not probe(options.host, options.port, rng):
                failures += 1
                print(f"probe {probes} unanswered after {sent} datagrams", file=sys.stderr)
            next_check = time.monotonic() + options.check
    probes += 1
    alive = probe(options.host, options.port, rng)
    failures += 0 if alive else 1
    summary = {"datagrams": sent, "seconds": round(time.monotonic() - started, 1), "probes": probes,
               "unanswered": failures, "seed": options.seed}
    if options.chip:
        time.sleep(options.pase_timeout + 1)
        peers = os.path.join(REPOSITORY, "Tests", "IntegrationTests", "Peers")
        scratch = os.path.join(REPOSITORY, ".build", f"matter-fuzz-chip-{os.getpid()}")
        result = subprocess.run(
            ["timeout", "120", os.path.join(peers, "chip_sandbox.sh"), scratch, options.chip,
             os.path.join(peers, "chip_controller.py"), "read", options.host, str(options.port), "20202021"],
            capture_output=True, text=True)
        last = result.stdout.strip().splitlines()[-1:] or [""]
        try:
            summary["chip"] = json.loads(last[0])
        except json.JSONDecodeError:
            summary["chip"] = {"fatal": result.stdout[-2000:] + result.stderr[-1000:]}
        if not summary["chip"].get("pase", {}).get("ok"):
            failures += 1
    print(json.dumps(summary))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
