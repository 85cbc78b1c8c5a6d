"""A throw-away mhubd for one test: `mhubd --ephemeral --ready-fd N`, waited for until it says where it listens,
and stopped (SIGTERM, then SIGKILL) whatever the test does (docs/testing.md, "Python").

```python
with MHubHub(config={"simulated_devices": [{"template": "on-off-light"}]}) as hub:
    client = hub.client()
    client.call("get_simulated_devices")
```
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Self

from .client import MHubClient
from .errors import MHubStartError

#: How long `stop` waits after SIGTERM before SIGKILL.
STOP_GRACE_SECONDS = 5.0

#: Hubs started and not yet stopped: stopped when the interpreter exits, should a test forget one.
_running: set[MHubHub] = set()


@atexit.register
def _stop_running_hubs() -> None:
    for hub in list(_running):
        hub.stop()


def find_mhubd() -> str:
    """Which mhubd to run: `$MHUBD` if set; else `.build/debug/mhubd`, then `.build/release/mhubd`, of the mhub
    checkout that holds the current directory; else the first `mhubd` on `$PATH`."""
    explicit = os.environ.get("MHUBD")
    if explicit:
        return explicit
    for directory in [Path.cwd(), *Path.cwd().parents]:
        if (directory / "Package.swift").is_file() and (directory / "Sources" / "mhubd").is_dir():
            for build in ("debug", "release"):
                candidate = directory / ".build" / build / "mhubd"
                if os.access(candidate, os.X_OK):
                    return str(candidate)
            break
    found = shutil.which("mhubd")
    if found is None:
        raise MHubStartError("no mhubd found: set MHUBD, build it in the mhub checkout, or put it on PATH", "")
    return found


class MHubHub:
    """One `mhubd --ephemeral` of its own: a fresh state directory (removed at stop), every port 0, no DNS-SD.

    - `config`: a configuration file's content (a dict), written to a temporary file and passed with `--config`.
    - `scenario`: a scenario file's path, passed with `--scenario`.
    - `virtual_clock`: `--clock virtual`, every hub timer on a clock that moves only with `advance`.
    - `args`: more arguments for mhubd (`["--log-level", "debug"]`).
    - `mhubd`: the binary (`find_mhubd()` when not given); `ready_timeout`: seconds to wait for it.

    `start()` (or `with`) runs it; `ready` is the JSON object it announced (pid, unix_socket, websocket_url,
    token, matter_port, udc_port, state_directory, ephemeral, clock). `stop()` always ends it.
    """

    def __init__(
        self,
        config: Mapping[str, Any] | None = None,
        scenario: str | os.PathLike[str] | None = None,
        virtual_clock: bool = False,
        args: Sequence[str] = (),
        mhubd: str | os.PathLike[str] | None = None,
        ready_timeout: float = 20.0,
        stop_grace: float = STOP_GRACE_SECONDS,
    ) -> None:
        self.config = dict(config) if config is not None else None
        self.scenario = os.path.abspath(scenario) if scenario is not None else None
        self.virtual_clock = virtual_clock
        self.args = list(args)
        self.mhubd = os.fspath(mhubd) if mhubd is not None else None
        self.ready_timeout = ready_timeout
        self.stop_grace = stop_grace
        self.ready: dict[str, Any] = {}
        self._process: subprocess.Popen[bytes] | None = None
        self._directory: str | None = None
        self._clients: list[MHubClient] = []
        self._control: MHubClient | None = None
        self._log = ""

    # MARK: starting and stopping

    def start(self) -> MHubHub:
        """Starts mhubd and waits until it is ready; raises `MHubStartError` with its log if it exits first or
        is not ready within `ready_timeout` seconds (and leaves nothing behind)."""
        if self._process is not None:
            raise RuntimeError("this hub was started already")
        self._directory = tempfile.mkdtemp(prefix="mhub-test-")
        arguments = [self.mhubd or find_mhubd(), "--ephemeral"]
        if self.config is not None:
            path = os.path.join(self._directory, "mhubd.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(self.config, file, indent=2)
            arguments += ["--config", path]
        if self.scenario is not None:
            arguments += ["--scenario", self.scenario]
        if self.virtual_clock:
            arguments += ["--clock", "virtual"]
        read_end, write_end = os.pipe()
        arguments += ["--ready-fd", str(write_end), *self.args]
        try:
            with open(self._log_path, "wb") as log:
                self._process = subprocess.Popen(
                    arguments, stdin=subprocess.DEVNULL, stdout=log, stderr=log, pass_fds=(write_end,)
                )
        except BaseException:
            os.close(read_end)
            os.close(write_end)
            self._remove_directory()
            raise
        os.close(write_end)
        _running.add(self)
        try:
            self.ready = json.loads(self._read_announcement(read_end))
        except _NotReady as error:
            self.stop()
            raise MHubStartError(str(error), self._log) from None
        except BaseException:
            self.stop()
            raise
        finally:
            os.close(read_end)
        return self

    def stop(self) -> None:
        """Closes the clients it gave, stops mhubd (SIGTERM; SIGKILL after `stop_grace` seconds) and removes its
        files, the state directory too if mhubd could not. Safe to call more than once."""
        for client in self._clients:
            client.close()
        self._clients.clear()
        self._control = None
        process, self._process = self._process, None
        _running.discard(self)
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(self.stop_grace)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        state = self.ready.get("state_directory")
        if process is not None and self.ready.get("ephemeral") and isinstance(state, str) and os.path.isdir(state):
            shutil.rmtree(state, ignore_errors=True)  # a hub killed with SIGKILL cannot remove its own
        self._log = self.log
        self._remove_directory()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def running(self) -> bool:
        """Whether mhubd's process still runs."""
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int:
        return int(self.ready["pid"])

    @property
    def log(self) -> str:
        """What mhubd wrote to its standard error and output so far (kept after `stop`)."""
        if self._directory is None:
            return self._log
        try:
            with open(self._log_path, encoding="utf-8", errors="replace") as file:
                return file.read()
        except FileNotFoundError:
            return self._log

    # MARK: clients

    def client(self, websocket: bool = False, admin: bool = True, timeout: float = 10.0) -> MHubClient:
        """A new connected client, closed at `stop`: on the Unix socket (`admin`, the same user), or on the
        WebSocket with the hub's admin token, or with none when `admin=False` (the loopback scope a web page or
        another app gets, `commission` by default)."""
        if websocket:
            url = self.ready.get("websocket_url")
            if not url:
                raise RuntimeError("this hub has no WebSocket listener")
            client = MHubClient.websocket(url, self.ready.get("token") if admin else None, timeout)
        else:
            if not admin:
                raise ValueError("the Unix socket gives its own user admin: use websocket=True for a lesser scope")
            client = MHubClient.unix(self.ready["unix_socket"], timeout)
        self._clients.append(client)
        return client

    def call(self, command: str, args: dict[str, Any] | None = None, /, **kwargs: Any) -> Any:
        """`call` on one admin client the hub keeps for itself (its events are not read)."""
        return self._control_client().call(command, args, **kwargs)

    def advance(self, seconds: float) -> dict[str, Any]:
        """Moves the virtual clock on by `seconds` (`advance_clock`); returns once every timer due by then has
        run and its events were sent. Needs `virtual_clock=True`."""
        return self.call("advance_clock", milliseconds=round(seconds * 1000))

    def load_scenario(self, path: str | os.PathLike[str]) -> Any:
        """Loads the scenario file at `path` into the running hub (`load_scenario`), with the files its `imports`
        name read relative to it, as `mhubd --scenario` reads them; returns the scenario's status. An error in it
        raises `MHubError` 241 `InvalidScenario`, its details starting with the line and column."""
        scenario = Path(path)
        text = scenario.read_text(encoding="utf-8")
        files = {name: (scenario.parent / name).read_text(encoding="utf-8") for name in _imported_files(text)}
        return self.call("load_scenario", text=text, **({"files": files} if files else {}))

    # MARK: internals

    @property
    def _log_path(self) -> str:
        assert self._directory is not None
        return os.path.join(self._directory, "mhubd.log")

    def _control_client(self) -> MHubClient:
        if self._control is None:
            self._control = self.client()
        return self._control

    def _read_announcement(self, fd: int) -> str:
        """Reads the ready object from the pipe until mhubd closes it: after the object, or when it exits."""
        deadline = time.monotonic() + self.ready_timeout
        data = b""
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _NotReady(f"mhubd was not ready within {self.ready_timeout} s")
            readable, _, _ = select.select([fd], [], [], remaining)
            if not readable:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            data += chunk
        if not data.strip():
            assert self._process is not None
            try:
                status = self._process.wait(5)
            except subprocess.TimeoutExpired:
                status = None
            raise _NotReady(f"mhubd exited before it was ready (status {status})")
        return data.decode("utf-8")

    def _remove_directory(self) -> None:
        if self._directory is not None:
            shutil.rmtree(self._directory, ignore_errors=True)
            self._directory = None


def _imported_files(text: str) -> list[str]:
    """The files a scenario's `imports` name (`{"file": ...}`); none when it is not a JSON object (the hub then
    says why)."""
    try:
        scenario = json.loads(text)
    except ValueError:
        return []
    imports = scenario.get("imports") if isinstance(scenario, dict) else None
    if not isinstance(imports, list):
        return []
    return [entry["file"] for entry in imports if isinstance(entry, dict) and isinstance(entry.get("file"), str)]


class _NotReady(Exception):
    """Why `_read_announcement` gave up; `start` adds the log."""
