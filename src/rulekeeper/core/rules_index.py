"""The rule index of a ruleset (its rules.yaml files), the code that applies each rule and
the tests that check it.

Code cites a rule by its id, written out as a string literal: the rule of an event or a
decision, or :func:`cites` at a guard that emits nothing. :func:`find_code_sites` reads
the code without running it; a rule that describes rather than asks for anything is
marked ``descriptive`` in rules.yaml, with the reason. Tests name the rules they check
with ``@pytest.mark.rule("id", ...)`` (or a module ``pytestmark``); :func:`find_rule_tests`
reads the test sources, so ``rulekeeper rules`` can report rules that no code applies
and rules that no test checks.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.content import load_file
from rulekeeper.core.marks import cites as cites  # where the rules steps import it from


class RuleEntry(BaseModel):
    """One rule sentence (or part of one) of a rule text."""

    model_config = ConfigDict(extra="allow", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9-]+(\.[a-z0-9-]+)+$")
    section: str
    text: str
    ruling: str | None = None
    sample: bool = False
    note: str | None = None
    descriptive: str | None = Field(
        None, min_length=3, description="why no code applies this sentence (it only describes)")

    def in_language(self, lang: str, field: str = "text") -> str:
        """Its text (or another field, ``section``) in ``lang``: the translation it carries
        (``fr:`` for its text, ``section_fr:`` for its section; a French-written rule's
        ``en:``), else as written.

        >>> rule = RuleEntry(id="core.x", section="Turn clocks", text="A clock.",
        ...                  section_fr="Pendules", fr="Une pendule.")
        >>> rule.in_language("fr"), rule.in_language("fr", "section"), rule.in_language("en")
        ('Une pendule.', 'Pendules', 'A clock.')
        """
        said = (self.model_extra or {}).get(lang if field == "text" else f"{field}_{lang}")
        return said if isinstance(said, str) else str(getattr(self, field))


class RuleIndex(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ruleset: str
    source: str
    rules: list[RuleEntry]


CORE_RULES = Path(__file__).with_name("rules.yaml")
"""The engine's own rules (the work budget...), part of every ruleset's index."""


def load_rules(paths: Iterable[Path]) -> list[RuleEntry]:
    """All entries of the given rules.yaml files, in order."""
    return [entry for path in paths for entry in load_file(path, RuleIndex).rules]


def _python_files(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(path.rglob("*.py"))
        elif path.suffix == ".py":
            yield path


def find_code_sites(paths: Iterable[Path], ids: Iterable[str]) -> dict[str, list[str]]:
    """Rule id to the places (``file:line``) of the code under ``paths`` that write it out.

    Every string literal equal to a rule id counts: an event's or a decision's rule, a
    :func:`cites` marker, a table of rule ids.
    """
    wanted = set(ids)
    found: dict[str, list[str]] = defaultdict(list)
    for path in _python_files(paths):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        name = _shown(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                    node.value in wanted):
                found[node.value].append(f"{name}:{node.lineno}")
    return dict(found)


class RuleBook:
    """A ruleset's rules and the code that applies them.

    Args:
        entries: its rule index (its rules.yaml files and the engine's rules).
        folders: where the code that applies them lives (folders or files).
    """

    def __init__(self, entries: list[RuleEntry], folders: tuple[Path, ...]) -> None:
        self.entries = entries
        self.folders = folders

    def code_sites(self) -> dict[str, list[str]]:
        """Rule id to the places (``file:line``) of the code that cites it."""
        return find_code_sites(self.folders, (e.id for e in self.entries))


def _shown(path: Path) -> str:
    """A source path as a reader finds it: from ``rulekeeper/`` on."""
    resolved = path.resolve()
    parts = resolved.parts
    if "rulekeeper" in parts:
        return "/".join(parts[len(parts) - parts[::-1].index("rulekeeper") - 1:])
    if resolved.is_relative_to(Path.cwd()):
        return resolved.relative_to(Path.cwd()).as_posix()
    return resolved.as_posix()


def _rule_ids(decorator: ast.expr) -> list[str]:
    """The ids in ``pytest.mark.rule("a", "b")``, else []."""
    if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)):
        return []
    if decorator.func.attr != "rule":
        return []
    return [a.value for a in decorator.args
            if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def _marks(value: ast.expr) -> list[ast.expr]:
    return list(value.elts) if isinstance(value, ast.List | ast.Tuple) else [value]


def find_rule_tests(tests_dir: Path) -> dict[str, list[str]]:
    """Rule id to the tests (``path::name``) marked as checking it."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        name = path.relative_to(tests_dir.parent).as_posix()
        module_ids: list[str] = []
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
                module_ids += [i for mark in _marks(node.value) for i in _rule_ids(mark)]
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                    "test"):
                for rule_id in [i for d in node.decorator_list for i in _rule_ids(d)] + module_ids:
                    found[rule_id].append(f"{name}::{node.name}")
            elif isinstance(node, ast.ClassDef):
                class_ids = [i for d in node.decorator_list for i in _rule_ids(d)] + module_ids
                for method in node.body:
                    if isinstance(method, ast.FunctionDef) and method.name.startswith("test"):
                        ids = class_ids + [i for d in method.decorator_list for i in _rule_ids(d)]
                        for rule_id in ids:
                            found[rule_id].append(f"{name}::{node.name}::{method.name}")
    return dict(found)


def default_tests_dir() -> Path | None:
    """The ``tests`` folder of a source checkout, when rulekeeper runs from one."""
    candidate = Path(__file__).resolve().parents[3] / "tests"
    return candidate if candidate.is_dir() else None
