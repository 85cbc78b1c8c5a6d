"""A small RFC 6455 WebSocket client on a plain socket: the opening handshake, masked text frames, ping/pong
and the closing handshake; enough for mhubd's `/ws` endpoint and nothing more (no extensions, no TLS).

The framing is pure (`encode_frame`, `FrameDecoder`) so that it is tested without a socket.
"""

from __future__ import annotations

import base64
import hashlib
import os
import socket
import struct
from dataclasses import dataclass

from .errors import MHubConnectionError

#: RFC 6455 §1.3: appended to the client's key before hashing.
HANDSHAKE_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

# RFC 6455 §5.2 opcodes.
CONTINUATION = 0x0
TEXT = 0x1
BINARY = 0x2
CLOSE = 0x8
PING = 0x9
PONG = 0xA

#: A reply larger than this is refused (mhubd's largest replies, a whole home's nodes, are far smaller).
MAX_MESSAGE_BYTES = 256 << 20
#: The most an HTTP response head may take.
MAX_HEAD_BYTES = 16 << 10


def accept_key(key: str) -> str:
    """The `Sec-WebSocket-Accept` a server must answer for `key` (RFC 6455 §4.2.2, step 5.4)."""
    digest = hashlib.sha1((key + HANDSHAKE_GUID).encode("ascii")).digest()
    return base64.b64encode(digest).decode("ascii")


def encode_frame(opcode: int, payload: bytes, mask: bytes | None, fin: bool = True) -> bytes:
    """One frame (RFC 6455 §5.2); a client masks every frame it sends (§5.3) with a fresh 4-byte `mask`."""
    first = (0x80 if fin else 0) | opcode
    length = len(payload)
    mask_bit = 0x80 if mask is not None else 0
    if length < 126:
        head = struct.pack("!BB", first, mask_bit | length)
    elif length < 1 << 16:
        head = struct.pack("!BBH", first, mask_bit | 126, length)
    else:
        head = struct.pack("!BBQ", first, mask_bit | 127, length)
    if mask is None:
        return head + payload
    if len(mask) != 4:
        raise ValueError("a frame's mask is 4 bytes")
    return head + mask + apply_mask(payload, mask)


def apply_mask(payload: bytes, mask: bytes) -> bytes:
    """XORs `payload` with the repeated 4-byte `mask` (RFC 6455 §5.3); the same call unmasks."""
    if not payload:
        return b""
    repeated = (mask * (len(payload) // 4 + 1))[: len(payload)]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(len(payload), "big")


@dataclass(frozen=True)
class Frame:
    fin: bool
    opcode: int
    payload: bytes


class FrameDecoder:
    """Frames out of a byte stream that arrives in pieces: `feed(bytes)`, then `next()` until it gives `None`.

    Frames from a server are not masked (RFC 6455 §5.1); a masked one, a reserved bit or opcode, a control
    frame longer than 125 bytes or fragmented, or a frame over `max_payload` raises `MHubConnectionError`.
    """

    def __init__(self, max_payload: int = MAX_MESSAGE_BYTES) -> None:
        self._buffer = bytearray()
        self._max_payload = max_payload

    def feed(self, data: bytes) -> None:
        self._buffer += data

    def next(self) -> Frame | None:
        buffer = self._buffer
        if len(buffer) < 2:
            return None
        first, second = buffer[0], buffer[1]
        if first & 0x70:
            raise MHubConnectionError("WebSocket frame with a reserved bit set")
        opcode = first & 0x0F
        if opcode not in (CONTINUATION, TEXT, BINARY, CLOSE, PING, PONG):
            raise MHubConnectionError(f"WebSocket frame with the reserved opcode {opcode:#x}")
        if second & 0x80:
            raise MHubConnectionError("the server sent a masked WebSocket frame")
        length = second & 0x7F
        offset = 2
        if length == 126:
            if len(buffer) < 4:
                return None
            (length,) = struct.unpack_from("!H", buffer, 2)
            offset = 4
        elif length == 127:
            if len(buffer) < 10:
                return None
            (length,) = struct.unpack_from("!Q", buffer, 2)
            offset = 10
        fin = bool(first & 0x80)
        if opcode >= CLOSE and (length > 125 or not fin):
            raise MHubConnectionError("WebSocket control frame longer than 125 bytes or fragmented")
        if length > self._max_payload:
            raise MHubConnectionError(f"WebSocket frame of {length} bytes, more than {self._max_payload}")
        if len(buffer) < offset + length:
            return None
        payload = bytes(buffer[offset : offset + length])
        del buffer[: offset + length]
        return Frame(fin, opcode, payload)


class WebSocketConnection:
    """A client connection: `send_text`, `receive_text` (answering pings on the way), `close`."""

    def __init__(self, sock: socket.socket, decoder: FrameDecoder) -> None:
        self._socket = sock
        self._decoder = decoder
        self._fragments: list[bytes] = []
        self._fragment_opcode: int | None = None
        self.closed = False

    @classmethod
    def connect(
        cls, host: str, port: int, path: str = "/ws", token: str | None = None, timeout: float = 10.0
    ) -> WebSocketConnection:
        """Opens TCP to `host:port` and does the opening handshake (RFC 6455 §4.1), `token` as a Bearer."""
        sock = socket.create_connection((host, port), timeout=timeout)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            key = base64.b64encode(os.urandom(16)).decode("ascii")
            lines = [
                f"GET {path} HTTP/1.1",
                f"Host: {host}:{port}",
                "Upgrade: websocket",
                "Connection: Upgrade",
                f"Sec-WebSocket-Key: {key}",
                "Sec-WebSocket-Version: 13",
            ]
            if token is not None:
                lines.append(f"Authorization: Bearer {token}")
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("ascii"))
            head, rest = _read_head(sock)
            _check_handshake(head, key)
            decoder = FrameDecoder()
            decoder.feed(rest)
            return cls(sock, decoder)
        except BaseException:
            sock.close()
            raise

    def settimeout(self, seconds: float | None) -> None:
        self._socket.settimeout(seconds)

    def send_text(self, text: str) -> None:
        self._send(TEXT, text.encode("utf-8"))

    def receive_text(self) -> str:
        """The next whole text message; raises `MHubConnectionError` once the server closes, `TimeoutError`
        after the socket's timeout."""
        while True:
            frame = self._decoder.next()
            if frame is None:
                self._read_more()
                continue
            message = self._handle(frame)
            if message is not None:
                return message

    def close(self, code: int = 1000) -> None:
        """Sends a close frame (if the connection is open) and closes the socket without waiting for the
        server's answer."""
        if not self.closed:
            self.closed = True
            try:
                self._send(CLOSE, struct.pack("!H", code))
            except OSError:
                pass
        self._socket.close()

    def _handle(self, frame: Frame) -> str | None:
        if frame.opcode == PING:
            self._send(PONG, frame.payload)
            return None
        if frame.opcode == PONG:
            return None
        if frame.opcode == CLOSE:
            code = struct.unpack("!H", frame.payload[:2])[0] if len(frame.payload) >= 2 else 1005
            if not self.closed:
                self.closed = True
                try:
                    self._send(CLOSE, frame.payload[:2])
                except OSError:
                    pass
            reason = frame.payload[2:].decode("utf-8", "replace")
            raise MHubConnectionError(f"the server closed the WebSocket ({code}{': ' + reason if reason else ''})")
        if frame.opcode == CONTINUATION:
            if self._fragment_opcode is None:
                raise MHubConnectionError("WebSocket continuation frame without a first fragment")
        else:
            if self._fragment_opcode is not None:
                raise MHubConnectionError("WebSocket data frame inside a fragmented message")
            self._fragment_opcode = frame.opcode
        self._fragments.append(frame.payload)
        if sum(len(part) for part in self._fragments) > MAX_MESSAGE_BYTES:
            raise MHubConnectionError("WebSocket message larger than the limit")
        if not frame.fin:
            return None
        opcode, payload = self._fragment_opcode, b"".join(self._fragments)
        self._fragment_opcode, self._fragments = None, []
        if opcode != TEXT:
            raise MHubConnectionError("the server sent a binary WebSocket message")
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError as error:
            raise MHubConnectionError("the server sent a text message that is not UTF-8") from error

    def _send(self, opcode: int, payload: bytes) -> None:
        self._socket.sendall(encode_frame(opcode, payload, os.urandom(4)))

    def _read_more(self) -> None:
        data = self._socket.recv(1 << 16)
        if not data:
            self.closed = True
            raise MHubConnectionError("the server closed the connection")
        self._decoder.feed(data)


def _read_head(sock: socket.socket) -> tuple[bytes, bytes]:
    """Reads up to the end of the HTTP response head; returns the head and what came after it."""
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        if len(buffer) > MAX_HEAD_BYTES:
            raise MHubConnectionError("the WebSocket handshake's response head is too long")
        data = sock.recv(4096)
        if not data:
            raise MHubConnectionError(f"the server closed the connection during the handshake: {buffer[:200]!r}")
        buffer += data
    head, _, rest = buffer.partition(b"\r\n\r\n")
    return head, rest


def _check_handshake(head: bytes, key: str) -> None:
    lines = head.decode("latin-1").split("\r\n")
    status = lines[0].split(" ", 2)
    if len(status) < 2 or status[1] != "101":
        raise MHubConnectionError(f"the WebSocket handshake was refused: {lines[0]}")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if headers.get("sec-websocket-accept") != accept_key(key):
        raise MHubConnectionError("the server's Sec-WebSocket-Accept does not match the key")
