"""MHubHub: hubs side by side, a start that fails, the stop that always ends the daemon, which mhubd runs, and
the issue's scale point: 50 hubs at once, each answering, none sharing anything."""

import json
import os
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from support import gone

from mhub_testing import MHubHub, MHubStartError, find_mhubd


def test_two_hubs_side_by_side_share_nothing(mhub_factory):
    first, second = mhub_factory(), mhub_factory()
    for key in ("pid", "state_directory", "unix_socket", "websocket_url", "matter_port", "udc_port", "token"):
        assert first.ready[key] != second.ready[key], key
    first.call("create_room", name="Attic")
    assert [room["name"] for room in first.call("get_rooms")] == ["Attic"]
    assert second.client(websocket=True).call("get_rooms") == []
    for hub in (first, second):
        hub.stop()
        assert not hub.running and gone(hub.pid)
        assert not os.path.exists(hub.ready["state_directory"])


def test_a_hub_that_cannot_start_raises_with_its_log_and_leaves_nothing():
    hub = MHubHub(args=["--port", "99999"])
    with pytest.raises(MHubStartError) as raised:
        hub.start()
    assert "exited before it was ready" in str(raised.value)
    assert "99999" in raised.value.log
    assert not hub.running and hub._directory is None


FAKE_MHUBD = """\
#!{python}
# Announces itself like mhubd, then ignores SIGTERM: only SIGKILL ends it.
import json, os, signal, sys, tempfile, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
state = tempfile.mkdtemp(prefix="mhubd-ephemeral-", dir={scratch!r})
fd = int(sys.argv[sys.argv.index("--ready-fd") + 1])
os.write(fd, (json.dumps({{"pid": os.getpid(), "state_directory": state, "ephemeral": True}}) + "\\n").encode())
os.close(fd)
while True:
    time.sleep(60)
"""


def test_a_hub_that_ignores_sigterm_is_killed_and_its_state_directory_removed(tmp_path):
    daemon = tmp_path / "stubborn-mhubd"
    daemon.write_text(FAKE_MHUBD.format(python=sys.executable, scratch=str(tmp_path)))
    daemon.chmod(daemon.stat().st_mode | stat.S_IXUSR)
    hub = MHubHub(mhubd=daemon, stop_grace=0.3).start()
    state = hub.ready["state_directory"]
    assert os.path.isdir(state) and hub.running
    hub.stop()
    assert gone(hub.pid)
    assert not os.path.exists(state)
    hub.stop()  # a second stop does nothing


def test_a_hub_left_running_is_stopped_when_the_interpreter_exits():
    script = "import json; from mhub_testing import MHubHub; print(json.dumps(MHubHub().start().ready))"
    ready = json.loads(
        subprocess.run([sys.executable, "-c", script], capture_output=True, check=True, timeout=30).stdout
    )
    assert gone(ready["pid"])
    assert not os.path.exists(ready["state_directory"])


def test_which_mhubd_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("MHUBD", "/opt/elsewhere/mhubd")
    assert find_mhubd() == "/opt/elsewhere/mhubd"
    monkeypatch.delenv("MHUBD")
    checkout = tmp_path / "mhub"
    (checkout / "Sources" / "mhubd").mkdir(parents=True)
    (checkout / "Package.swift").write_text("// swift-tools-version:6.0\n")
    (checkout / "python" / "tests").mkdir(parents=True)
    monkeypatch.chdir(checkout / "python" / "tests")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    with pytest.raises(MHubStartError):
        find_mhubd()
    for build in ("release", "debug"):
        binary = checkout / ".build" / build / "mhubd"
        binary.parent.mkdir(parents=True)
        binary.write_text("#!/bin/sh\n")
        binary.chmod(0o755)
        assert find_mhubd() == str(binary)  # debug wins over release once it exists
    (tmp_path / "bin").mkdir()
    monkeypatch.chdir(tmp_path)
    on_path = tmp_path / "bin" / "mhubd"
    on_path.write_text("#!/bin/sh\n")
    on_path.chmod(0o755)
    assert find_mhubd() == str(on_path)


def test_fifty_hubs_at_once_each_answer_and_share_nothing():
    hubs = [MHubHub() for _ in range(50)]
    try:
        with ThreadPoolExecutor(len(hubs)) as pool:
            list(pool.map(MHubHub.start, hubs))
        for hub in hubs:
            client = hub.client(websocket=True)
            assert client.server_info["instance"]["pid"] == hub.pid
            assert client.call("get_status")["instance"]["state_directory"] == hub.ready["state_directory"]
        for key in ("pid", "state_directory", "unix_socket", "websocket_url", "matter_port", "udc_port"):
            assert len({hub.ready[key] for hub in hubs}) == len(hubs), f"{key} is shared"
    finally:
        with ThreadPoolExecutor(len(hubs)) as pool:
            list(pool.map(MHubHub.stop, hubs))
    assert all(gone(hub.pid) for hub in hubs if hub.ready)
    assert not any(os.path.exists(hub.ready["state_directory"]) for hub in hubs if hub.ready)
