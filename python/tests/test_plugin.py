"""The pytest plugin as a user's suite meets it: an inner pytest run in a fresh directory with no conftest (the
plugin comes from the entry point alone), a failing test whose hub is stopped anyway."""

import json
import os

from support import gone

FAILING = """
import json
import pytest

def test_that_fails(mhub):
    with open({seen!r}, "w") as file:
        json.dump(mhub.ready, file)
    mhub.call("create_room", name="Left behind?")
    assert mhub.call("get_rooms") == []

@pytest.mark.mhub(config={{"hub": {{"name": "Marked"}}}})
def test_that_raises(mhub):
    with open({seen!r} + ".2", "w") as file:
        json.dump(mhub.ready, file)
    assert mhub.call("server_info")["hub_name"] == "Marked"
    raise RuntimeError("the test broke")
"""


def test_a_failing_test_still_stops_its_hub_and_removes_its_state(pytester, tmp_path):
    seen = str(tmp_path / "ready.json")
    pytester.makepyfile(test_inner=FAILING.format(seen=seen))
    # --strict-markers: the plugin registers its marker, or the marked test would not even be collected.
    result = pytester.runpytest_subprocess("--strict-markers", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["*mhubd log (pid *)*", "*mhubd ready*", "*RuntimeError: the test broke*"])
    for path in (seen, seen + ".2"):
        with open(path) as file:
            ready = json.load(file)
        assert gone(ready["pid"]), f"mhubd {ready['pid']} still runs"
        assert not os.path.exists(ready["state_directory"])
        assert not os.path.exists(ready["unix_socket"])
