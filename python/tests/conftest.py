"""mhub_testing's own tests, against a real mhubd (`$MHUBD`, else the checkout's `.build/debug/mhubd`).

The plugin is not named here: it comes from the package's `pytest11` entry point, so these tests also show that
installing the package is enough.
"""

import os

from mhub_testing import find_mhubd

pytest_plugins = ["pytester"]

# Pinned so that inner pytest runs (pytester, in their own temporary directory) start the same mhubd.
os.environ["MHUBD"] = os.path.abspath(find_mhubd())
