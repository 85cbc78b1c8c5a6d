#!/usr/bin/env python3
"""Holds COUNT silent TCP connections to 127.0.0.1:PORT for ConnectionLimitTests, in a process of its own.

Usage: silent_connections.py PORT COUNT

Thousands of open descriptors in the test process itself made Foundation's Process.run crash in other tests running
beside it (a child spawned while they were open), so they are held here. Standard library only (Debian's python3).

Protocol, one JSON object per line on standard output, each answering a line on standard input:
- at start, once every connection is made: {"opened": COUNT, "seconds": how long opening took};
- "check": {"first_open": bool, "last_open": bool}: nothing has arrived on the first and the last and they are open;
- "wait SECONDS": {"closed": N, "answered_408": M}: how many the server closed within SECONDS (from now, for all),
  and how many of those sent an HTTP 408 first.
"""

import errno
import json
import resource
import select
import socket
import sys
import time


def say(value: dict) -> None:
    print(json.dumps(value), flush=True)


def still_open(connection: socket.socket) -> bool:
    try:
        data = connection.recv(1, socket.MSG_DONTWAIT | socket.MSG_PEEK)
    except BlockingIOError:
        return True
    except OSError as error:
        return error.errno in (errno.EAGAIN, errno.EWOULDBLOCK)
    return False  # something arrived, or the server closed it


def main() -> int:
    port, count = int(sys.argv[1]), int(sys.argv[2])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    started = time.monotonic()
    connections = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
    say({"opened": len(connections), "seconds": round(time.monotonic() - started, 3)})
    for line in sys.stdin:
        words = line.split()
        if words == ["check"]:
            say({"first_open": still_open(connections[0]), "last_open": still_open(connections[-1])})
        elif len(words) == 2 and words[0] == "wait":
            deadline = time.monotonic() + float(words[1])
            received = {connection.fileno(): b"" for connection in connections}
            pending = {connection.fileno(): connection for connection in connections}
            closed = 0
            poller = select.poll()
            for fd in pending:
                poller.register(fd, select.POLLIN)
            while pending and time.monotonic() < deadline:
                for fd, _ in poller.poll(max(0, int((deadline - time.monotonic()) * 1000))):
                    try:
                        data = pending[fd].recv(4096)
                    except ConnectionResetError:
                        data = b""
                    if data:
                        received[fd] += data
                        continue
                    closed += 1
                    poller.unregister(fd)
                    del pending[fd]
            answered = sum(1 for data in received.values() if data.startswith(b"HTTP/1.1 408"))
            say({"closed": closed, "answered_408": answered})
        else:
            say({"error": f"unknown request {line.strip()!r}"})
    for connection in connections:
        connection.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
