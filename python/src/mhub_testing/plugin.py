"""The pytest plugin (entry point `pytest11`: installing the package is enough).

- fixture `mhub`: a started `MHubHub` for one test, stopped after it whether it passed, failed or raised.
- marker `@pytest.mark.mhub(config=..., scenario=..., virtual_clock=..., args=...)`: how that hub starts (the
  keyword arguments of `MHubHub`); on a class or module too, the closest one wins. Indirect parametrization
  (`@pytest.mark.parametrize("mhub", [{...}], indirect=True)`) adds its dict on top.
- fixture `mhub_factory`: `mhub_factory(**options)` starts more hubs (side by side), all stopped after the test.
- a failed test's report gets the end of each of its hubs' logs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from .hub import MHubHub

#: The hubs a test started, for its failure report.
_hubs_key = pytest.StashKey[list[MHubHub]]()

#: How many lines of a hub's log a failure report shows.
LOG_LINES = 40


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "mhub(config=None, scenario=None, virtual_clock=False, args=(), mhubd=None): how the mhub fixture "
        "starts its hub (mhub_testing.MHubHub's keyword arguments)",
    )


def _options(request: pytest.FixtureRequest) -> dict[str, Any]:
    options: dict[str, Any] = {}
    marker = request.node.get_closest_marker("mhub")
    if marker is not None:
        if marker.args:
            raise pytest.UsageError("@pytest.mark.mhub takes keyword arguments only")
        options.update(marker.kwargs)
    options.update(getattr(request, "param", None) or {})
    return options


@pytest.fixture
def mhub(request: pytest.FixtureRequest) -> Iterator[MHubHub]:
    """A throw-away mhubd for this test (`mhubd --ephemeral`), started and ready; stopped afterwards."""
    hub = MHubHub(**_options(request))
    request.node.stash.setdefault(_hubs_key, []).append(hub)
    try:
        hub.start()
        yield hub
    finally:
        hub.stop()


@pytest.fixture
def mhub_factory(request: pytest.FixtureRequest) -> Iterator[Callable[..., MHubHub]]:
    """Starts hubs on demand, `mhub_factory(config={...})`; every one is stopped after the test."""
    started: list[MHubHub] = []

    def start(**options: Any) -> MHubHub:
        hub = MHubHub(**options)
        started.append(hub)
        request.node.stash.setdefault(_hubs_key, []).append(hub)
        return hub.start()

    try:
        yield start
    finally:
        for hub in started:
            hub.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    if report.failed:
        for hub in item.stash.get(_hubs_key, []):
            lines = hub.log.splitlines()[-LOG_LINES:]
            if lines:
                pid = hub.ready.get("pid", "not started")
                report.sections.append((f"mhubd log (pid {pid})", "\n".join(lines)))
    return report
