"""Test helpers for mhub, the mock Matter hub: a throw-away `mhubd` per test (`MHubHub`), a minimal client of its
control protocol over the Unix socket or the WebSocket (`MHubClient`), and a pytest plugin with the `mhub`
fixture (`mhub_testing.plugin`, registered through the `pytest11` entry point). Standard library only; pytest
is needed only for the plugin. docs/testing.md, "Python".
"""

from .client import Event, MHubClient, Reply, read_message
from .errors import MHubConnectionError, MHubError, MHubStartError
from .hub import MHubHub, find_mhubd

__all__ = [
    "Event",
    "MHubClient",
    "MHubConnectionError",
    "MHubError",
    "MHubHub",
    "MHubStartError",
    "Reply",
    "find_mhubd",
    "read_message",
]
__version__ = "0.1.0"
