"""A minimal blocking client of mhubd's control protocol (docs/protocol.md), over the Unix socket (one JSON
object per line) or the WebSocket (one per text frame).

```python
with MHubClient.unix("/tmp/mhubd-ephemeral-x/mhubd.sock") as client:
    room = client.call("create_room", name="Kitchen")
    client.listen()
    event = client.wait_for("room_updated")
```

One request at a time per client: `call` sends, then reads until its reply, keeping the events it meets on the
way for `next_event`, `events` and `wait_for`. Use one client per thread.
"""

from __future__ import annotations

import json
import socket
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, Self
from urllib.parse import urlsplit

from .errors import MHubConnectionError, MHubError
from .websocket import WebSocketConnection

#: The most one line may take on the Unix socket before the client gives up on it.
MAX_LINE_BYTES = 256 << 20


@dataclass(frozen=True)
class Event:
    """An event the hub sent: `{"event": name, "data": data}` (docs/protocol.md §2)."""

    name: str
    data: Any


@dataclass(frozen=True)
class Reply:
    """The reply to a request: `{"message_id", "result"}`, or `{"message_id", "error_code", "error_name",
    "details"}` whose `error` is then set (docs/protocol.md §2, §3)."""

    message_id: Any
    result: Any
    error: MHubError | None = None


def read_message(message: dict[str, Any]) -> Event | Reply:
    """What one message from the hub is: an event, or the reply to a request with its result or its error."""
    if "event" in message:
        return Event(message["event"], message.get("data"))
    error = None
    if "error_code" in message:
        error = MHubError(message["error_code"], message.get("error_name", ""), message.get("details", ""))
    return Reply(message.get("message_id"), message.get("result"), error)


class MessageConnection(Protocol):
    """Whole text messages in and out, whatever the framing."""

    def send_text(self, text: str) -> None: ...
    def receive_text(self) -> str: ...
    def settimeout(self, seconds: float | None) -> None: ...
    def close(self) -> None: ...


class LineConnection:
    """JSON lines over a stream socket: one message per `\\n`-terminated line."""

    def __init__(self, sock: socket.socket) -> None:
        self._socket = sock
        self._buffer = bytearray()

    @classmethod
    def connect_unix(cls, path: str, timeout: float = 10.0) -> LineConnection:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(path)
        except BaseException:
            sock.close()
            raise
        return cls(sock)

    def send_text(self, text: str) -> None:
        self._socket.sendall(text.encode("utf-8") + b"\n")

    def receive_text(self) -> str:
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line.decode("utf-8")
            if len(self._buffer) > MAX_LINE_BYTES:
                raise MHubConnectionError("a line from the hub is longer than the limit")
            data = self._socket.recv(1 << 16)
            if not data:
                raise MHubConnectionError("the hub closed the connection")
            self._buffer += data

    def settimeout(self, seconds: float | None) -> None:
        self._socket.settimeout(seconds)

    def close(self) -> None:
        self._socket.close()


class MHubClient:
    """One connection to mhubd. `server_info` is the greeting every connection gets first."""

    def __init__(self, connection: MessageConnection, timeout: float = 10.0) -> None:
        self._connection = connection
        self._events: deque[Event] = deque()
        self._next_id = 1
        #: Seconds to wait for a reply (or an event) when a call does not say.
        self.timeout = timeout
        self.server_info: dict[str, Any] = self._read_greeting()

    @classmethod
    def unix(cls, path: str, timeout: float = 10.0) -> MHubClient:
        """A client on the Unix control socket at `path` (the same user as the hub gets `admin`)."""
        return cls(LineConnection.connect_unix(path, timeout), timeout)

    @classmethod
    def websocket(cls, url: str, token: str | None = None, timeout: float = 10.0) -> MHubClient:
        """A client on the WebSocket at `url` (`ws://127.0.0.1:PORT/ws`), with `token` as its Bearer token, or
        none (a loopback client's scope, `commission` by default)."""
        parts = urlsplit(url)
        if parts.scheme != "ws" or parts.hostname is None or parts.port is None:
            raise ValueError(f"not a ws://host:port/path URL: {url}")
        path = parts.path or "/"
        if parts.query:
            path += "?" + parts.query
        connection = WebSocketConnection.connect(parts.hostname, parts.port, path, token, timeout)
        return cls(connection, timeout)

    def call(self, command: str, args: dict[str, Any] | None = None, /, **kwargs: Any) -> Any:
        """Sends `command` with `args` and keyword arguments as its arguments; returns the reply's `result`, or
        raises `MHubError` for an error reply and `TimeoutError` after `self.timeout` seconds."""
        return self.request(command, {**(args or {}), **kwargs})

    def request(self, command: str, args: dict[str, Any] | None = None, *, timeout: float | None = None) -> Any:
        """`call` with its own timeout."""
        message_id = str(self._next_id)
        self._next_id += 1
        envelope: dict[str, Any] = {"message_id": message_id, "command": command}
        if args:
            envelope["args"] = args
        self._connection.send_text(json.dumps(envelope))
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            message = read_message(
                self._receive(deadline, lambda: f"no reply to {command} within {timeout or self.timeout} s")
            )
            if isinstance(message, Event):
                self._events.append(message)
            elif message.message_id == message_id:
                if message.error is not None:
                    raise MHubError(message.error.code, message.error.name, message.error.details, command)
                return message.result
            # Anything else is the late reply to a request that timed out: dropped.

    def listen(self, events: str = "all") -> list[dict[str, Any]]:
        """`start_listening`: returns every node, and from then on the hub sends events; `"all"` asks for mhub's
        own events too, `"ohf"` for the OHF Matter Server's only (docs/protocol.md §5)."""
        return self.call("start_listening", events=events)

    def next_event(self, timeout: float | None = None) -> Event:
        """The next event, waiting up to `timeout` seconds (`self.timeout` if not given) for one."""
        if self._events:
            return self._events.popleft()
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            message = read_message(self._receive(deadline, lambda: f"no event within {timeout or self.timeout} s"))
            if isinstance(message, Event):
                return message

    def events(self, timeout: float = 0.2) -> Iterator[Event]:
        """Every event, as it arrives, until none comes within `timeout` seconds."""
        while True:
            try:
                yield self.next_event(timeout)
            except TimeoutError:
                return

    def pending_events(self) -> list[Event]:
        """The events already read (while waiting for replies) and not yet taken; takes them."""
        taken = list(self._events)
        self._events.clear()
        return taken

    def wait_for(
        self, name: str, predicate: Callable[[Any], bool] | None = None, timeout: float | None = None
    ) -> Event:
        """The first event named `name` (whose data satisfies `predicate`, if given), within `timeout` seconds;
        the events before it that do not match are kept for `next_event`."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        skipped: list[Event] = []
        try:
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0 and not self._events:
                    raise TimeoutError(f"no {name} event within {timeout or self.timeout} s")
                event = self.next_event(max(remaining, 0.001))
                if event.name == name and (predicate is None or predicate(event.data)):
                    return event
                skipped.append(event)
        finally:
            self._events.extendleft(reversed(skipped))

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _read_greeting(self) -> dict[str, Any]:
        try:
            message = self._receive(time.monotonic() + self.timeout, lambda: "no server_info from the hub")
        except BaseException:
            self._connection.close()
            raise
        if "error_code" in message:
            self._connection.close()
            raise MHubError(message["error_code"], message.get("error_name", ""), message.get("details", ""))
        return message

    def _receive(self, deadline: float, describe: Callable[[], str]) -> dict[str, Any]:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(describe())
        self._connection.settimeout(remaining)
        try:
            text = self._connection.receive_text()
        except TimeoutError as error:  # socket.timeout is TimeoutError from Python 3.10 on
            raise TimeoutError(describe()) from error
        try:
            message = json.loads(text)
        except ValueError as error:
            raise MHubConnectionError(f"the hub sent something that is not JSON: {text[:200]!r}") from error
        if not isinstance(message, dict):
            raise MHubConnectionError(f"the hub sent something that is not an object: {text[:200]!r}")
        return message
