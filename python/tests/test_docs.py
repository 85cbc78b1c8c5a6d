"""The examples of docs/testing.md's Python section and python/README.md, run as a user's suite would run them."""

from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[2]


def python_blocks(path: Path, after: str = "") -> list[str]:
    text = path.read_text(encoding="utf-8")
    text = text[text.index(after) :] if after else text
    return [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]


@pytest.mark.parametrize(
    "document, section",
    [("docs/testing.md", "## Python"), ("python/README.md", ""), ("README.md", "## In your own tests")],
)
def test_the_documented_examples_pass(pytester, document, section):
    [example, *_] = python_blocks(CHECKOUT / document, section)
    pytester.makepyfile(test_example=example)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret == 0, result.stdout.str()
    assert result.parseoutcomes()["passed"] == example.count("\ndef test_") + example.startswith("def test_")
