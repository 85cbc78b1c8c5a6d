"""What the client and the hub helper raise."""

from __future__ import annotations


class MHubError(Exception):
    """An error reply from mhubd: `{"error_code": N, "error_name": "...", "details": "..."}` (docs/protocol.md §3).

    `code` and `name` are the protocol's (215 `RoomExists`, 8 `InvalidArguments`, ...); `command` is the request's.
    """

    def __init__(self, code: int, name: str, details: str, command: str | None = None) -> None:
        self.code = code
        self.name = name
        self.details = details
        self.command = command
        where = f"{command}: " if command else ""
        super().__init__(f"{where}{name} ({code}): {details}")


class MHubConnectionError(Exception):
    """The connection failed: refused, closed by the hub, or a frame or line that breaks the framing."""


class MHubStartError(Exception):
    """mhubd did not get ready: it exited, or the time ran out. The message ends with what it logged."""

    def __init__(self, message: str, log: str) -> None:
        self.log = log
        super().__init__(f"{message}\n{log}" if log else message)
