"""The Python examples of docs/testing.md, python/README.md and README.md, run as a user's suite would run them."""

from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]


def python_blocks(path: Path, after: str = "") -> list[str]:
    text = path.read_text(encoding="utf-8")
    text = text[text.index(after) :] if after else text
    return [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]


#: Each document's first Python block after its section's heading.
DOCUMENTS = {
    "test_testing_md": ("docs/testing.md", "## Python"),
    "test_python_readme": ("python/README.md", ""),
    "test_readme": ("README.md", "## In your own tests"),
}


def test_the_documented_examples_pass(pytester):
    expected = 0
    for name, (document, section) in DOCUMENTS.items():
        [example, *_] = python_blocks(CHECKOUT / document, section)
        pytester.makepyfile(**{name: example})
        expected += example.count("\ndef test_") + example.startswith("def test_")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=expected)
