"""The documentation stands on its own: its links and relative paths lead to files of the
repository (the rule texts and the design document are provided separately)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_links_and_relative_paths_stay_in_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)", text) + re.findall(r"`(\.\.?/[^`\s]*)`", text)
    broken = []
    for target in targets:
        if re.match(r"[a-z]+:", target):  # a web address
            continue
        path = (doc.parent / target).resolve()
        if not path.is_relative_to(ROOT) or not path.exists():
            broken.append(target)
    assert broken == []


def test_the_architecture_shows_the_skeleton_declared_in_core():
    from rulekeeper.core.layout import LAYOUT

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = [f"| `{part.name}` | {part.holds} | {part.need.value} |" for part in LAYOUT]
    table = "| module | what it holds | where |\n|---|---|---|\n" + "\n".join(rows) + "\n"
    assert table in text, "docs/architecture.md's package layout table differs from LAYOUT"


def test_the_walk_through_quotes_the_example_package_as_it_is():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    quotes = re.findall(r"^`(tests/core/duel/[a-z_]+\.py)`:\n```python\n(.*?)```", text,
                        flags=re.DOTALL | re.MULTILINE)
    assert len(quotes) >= 5
    for path, code in quotes:
        assert code in (ROOT / path).read_text(encoding="utf-8"), f"{path} no longer reads so"
