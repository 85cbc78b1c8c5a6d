"""The WebSocket framing without a server: RFC 6455's own examples, lengths, what a client must refuse, and the
connection's answers to ping and close over a socket pair."""

import socket
import struct

import pytest

from mhub_testing import MHubConnectionError
from mhub_testing.websocket import (
    BINARY,
    CLOSE,
    PING,
    PONG,
    TEXT,
    FrameDecoder,
    WebSocketConnection,
    accept_key,
    apply_mask,
    encode_frame,
)


def decode_all(data: bytes, piece: int = 1) -> list:
    decoder = FrameDecoder()
    frames = []
    for start in range(0, len(data), piece):
        decoder.feed(data[start : start + piece])
        while (frame := decoder.next()) is not None:
            frames.append(frame)
    return frames


def test_accept_key_is_rfc_6455s_example():
    # RFC 6455 §1.3.
    assert accept_key("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="


def test_frames_are_rfc_6455s_examples():
    # RFC 6455 §5.7: "Hello" unmasked, and masked with 37 fa 21 3d.
    assert encode_frame(TEXT, b"Hello", None) == bytes.fromhex("810548656c6c6f")
    assert encode_frame(TEXT, b"Hello", bytes.fromhex("37fa213d")) == bytes.fromhex("818537fa213d7f9f4d5158")


def test_a_fragmented_message_decodes_fed_one_byte_at_a_time():
    # RFC 6455 §5.7: "Hel" then "lo", unmasked, as a server sends them.
    frames = decode_all(bytes.fromhex("010348656c") + bytes.fromhex("80026c6f"))
    assert [(frame.fin, frame.opcode, frame.payload) for frame in frames] == [(False, TEXT, b"Hel"), (True, 0, b"lo")]


@pytest.mark.parametrize("length", [0, 125, 126, 65535, 65536, 200_000])
def test_every_length_form_round_trips(length):
    payload = bytes(index % 251 for index in range(length))
    encoded = encode_frame(BINARY, payload, None)
    assert len(encoded) - length == (2 if length < 126 else 4 if length < 65536 else 10)
    [frame] = decode_all(encoded + encode_frame(PING, b"x", None)[:1], piece=7919)
    assert frame.payload == payload and frame.opcode == BINARY


def test_masking_is_its_own_inverse():
    mask = bytes.fromhex("a1b2c3d4")
    payload = b"mhub over WebSocket, 31 bytes.."
    assert apply_mask(payload, mask) != payload
    assert apply_mask(apply_mask(payload, mask), mask) == payload


@pytest.mark.parametrize(
    "frame",
    [
        pytest.param(bytes.fromhex("818537fa213d7f9f4d5158"), id="masked"),
        pytest.param(bytes.fromhex("c10548656c6c6f"), id="reserved bit"),
        pytest.param(bytes.fromhex("830548656c6c6f"), id="reserved opcode"),
        pytest.param(bytes([0x89, 126, 0, 126]) + bytes(126), id="control frame longer than 125"),
        pytest.param(bytes.fromhex("0900"), id="fragmented ping"),
    ],
)
def test_what_a_client_must_refuse(frame):
    decoder = FrameDecoder()
    decoder.feed(frame)
    with pytest.raises(MHubConnectionError):
        decoder.next()


def test_a_frame_over_the_limit_is_refused_before_its_payload_arrives():
    decoder = FrameDecoder(max_payload=1000)
    decoder.feed(bytes([0x81, 126]) + struct.pack("!H", 1001))
    with pytest.raises(MHubConnectionError):
        decoder.next()


def server_frames(sock: socket.socket) -> list:
    """What the client sent, unmasked."""
    sock.settimeout(2)
    data = sock.recv(65536)
    frames, offset = [], 0
    while offset < len(data):
        length = data[offset + 1] & 0x7F
        mask = data[offset + 2 : offset + 6]
        assert data[offset + 1] & 0x80, "a client frame must be masked"
        payload = apply_mask(data[offset + 6 : offset + 6 + length], mask)
        frames.append((data[offset] & 0x0F, payload))
        offset += 6 + length
    return frames


def test_a_ping_is_answered_with_its_payload_and_text_comes_through():
    client_side, server_side = socket.socketpair()
    with client_side, server_side:
        connection = WebSocketConnection(client_side, FrameDecoder())
        server_side.sendall(
            encode_frame(PING, b"are you there", None) + encode_frame(TEXT, '{"ok":"✓"}'.encode(), None)
        )
        assert connection.receive_text() == '{"ok":"✓"}'
        assert server_frames(server_side) == [(PONG, b"are you there")]
        connection.send_text("hi")
        assert server_frames(server_side) == [(TEXT, b"hi")]


def test_a_close_from_the_server_is_answered_and_raised():
    client_side, server_side = socket.socketpair()
    with client_side, server_side:
        connection = WebSocketConnection(client_side, FrameDecoder())
        server_side.sendall(encode_frame(CLOSE, struct.pack("!H", 1009) + b"too big", None))
        with pytest.raises(MHubConnectionError, match="1009: too big"):
            connection.receive_text()
        assert server_frames(server_side) == [(CLOSE, struct.pack("!H", 1009))]
        assert connection.closed


def test_a_binary_message_is_refused():
    client_side, server_side = socket.socketpair()
    with client_side, server_side:
        connection = WebSocketConnection(client_side, FrameDecoder())
        server_side.sendall(encode_frame(BINARY, b"\x00\x01", None))
        with pytest.raises(MHubConnectionError, match="binary"):
            connection.receive_text()
