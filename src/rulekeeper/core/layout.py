"""The skeleton every ruleset package shares, declared once: its modules, each with one meaning.

Whoever has read one ruleset knows where everything is in the others: the table in
``table.py``, the content models in ``models.py``, every sentence in ``messages.py``.
Every other module of a package is a rules module, named in its rulebook's words
(``attack.py``, ``targeting.py``, ``shop.py``). A variant (Dire Alliance's Raid Mode, a
subpackage of its base) has the same modules for what it adds, and may play on its
base's content.

:func:`departures` lists where a package departs from the skeleton; the generic test
checks every registered ruleset with it, and docs/architecture.md shows :data:`LAYOUT`
as a table (a docs test keeps the two the same).
"""

from __future__ import annotations

import ast
import importlib
import inspect
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulekeeper.core.ruleset import Ruleset


class Need(StrEnum):
    """Which packages have a part of the skeleton."""

    EVERY = "every package"
    WHERE_USED = "where the ruleset has them"


@dataclass(frozen=True)
class Part:
    """One module (or folder, its name ending in ``/``) of the skeleton and what it holds."""

    name: str
    holds: str
    need: Need


LAYOUT: tuple[Part, ...] = (
    Part("ruleset.py", "the `Ruleset` subclass: `meta`, the classes and files below, bots, "
         "metrics, and the hooks core calls (`play`, `prepare`, `game_over`, `judge`, "
         "`view`, `render`...)", Need.EVERY),
    Part("table.py", "the typed `Table` (`table_type`), the state it holds and the setup "
         "options (`options_model`; in `options.py` when `table.py` is compiled)", Need.EVERY),
    Part("models.py", "the pydantic content models (`content_model`: one field per content "
         "file)", Need.EVERY),
    Part("rulings.py", "the typed rulings (`ruling_set`: a `RulingSet` of `StrEnum` options)",
         Need.EVERY),
    Part("messages.py", "every sentence of its events (`TEMPLATES`, in English), and how "
         "sentences name things", Need.EVERY),
    Part("view.py", "what a seat may see, its terminal picture and its `Drawing` (the board "
         "and a seat's typed table, `core/view.py`)", Need.EVERY),
    Part("rules.yaml", "the rule index: one id per rule sentence of its text", Need.EVERY),
    Part("content/", "the sample content, one YAML file per field of the content model (a "
         "variant may play on its base's)", Need.EVERY),
    Part("locale/", "translated sentences: Babel catalogs whose msgids are the English "
         "sentences (`messages.po`), and the board's words (`view.po`: `Messages.wording`)",
         Need.WHERE_USED),
    Part("bots.py", "its bots (`bots`)", Need.WHERE_USED),
    Part("odds.py", "its odds questions as data (`odds_questions`: a pydantic parameter model "
         "and a pure function returning `core.odds.Odds`)", Need.WHERE_USED),
    Part("content_checks.py", "checks across content files that one file's model cannot "
         "make (`check_content`)", Need.WHERE_USED),
    Part("options.py", "the setup options (`options_model`) when `table.py` is in the compiled "
         "build (`Ruleset.compiled`), which cannot hold a pydantic model", Need.WHERE_USED),
)
"""The skeleton, in the order a newcomer reads it."""

RETIRED = {"schema.py": "models.py", "state.py": "table.py", "battle_state.py": "table.py",
           "templates.py": "messages.py", "words.py": "messages.py"}
"""Names that meant a part of the skeleton in an older layout, and the part they mean."""


def departures(ruleset: type[Ruleset[Any]]) -> list[str]:
    """Where the package of ``ruleset`` departs from :data:`LAYOUT` (empty: it keeps it).

    The package is the one whose ``ruleset.py`` defines the class.
    """
    module = ruleset.__module__
    package, _, own = module.rpartition(".")
    folder = Path(inspect.getfile(ruleset)).parent
    found: list[str] = []
    if own != "ruleset":
        found.append(f"{ruleset.__name__} is defined in {module}, not in a ruleset.py")
    for part in LAYOUT:
        if part.need is Need.EVERY and part.name != "content/" and not (
                folder / part.name.rstrip("/")).exists():
            found.append(f"{package} has no {part.name}")
    for old, new in RETIRED.items():
        if (folder / old).exists():
            found.append(f"{package}.{old[:-3]}: what it holds belongs in {new}")
    compiled = set(ruleset.compiled)
    options = "options" if f"{package}.table" in compiled else "table"
    for attribute, home in (("table_type", "table"), ("options_model", options),
                            ("content_model", "models"), ("ruling_set", "rulings")):
        declared = getattr(ruleset, attribute).__module__
        if declared != f"{package}.{home}" and not (
                attribute == "options_model" and declared == "rulekeeper.core.ruleset"):
            found.append(f"{ruleset.__name__}.{attribute} is declared in {declared}, "
                         f"not in {package}.{home}")
    found += _messages(ruleset, package, folder)
    found += _files(ruleset, package, folder)
    return found


def _messages(ruleset: type[Ruleset[Any]], package: str, folder: Path) -> list[str]:
    """The ruleset's sentences are ``messages.TEMPLATES``, and no other module has a table."""
    found = []
    if (folder / "messages.py").exists():
        messages = importlib.import_module(f"{package}.messages")
        if ruleset.templates is not getattr(messages, "TEMPLATES", None):
            found.append(f"{ruleset.__name__}.templates is not {package}.messages.TEMPLATES")
    for path in sorted(folder.glob("*.py")):
        if path.name == "messages.py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AnnAssign) else [])
            if any(isinstance(t, ast.Name) and t.id == "TEMPLATES" for t in targets):
                found.append(f"{package}.{path.stem} has sentences (TEMPLATES): they belong "
                             f"in messages.py")
    return found


def _files(ruleset: type[Ruleset[Any]], package: str, folder: Path) -> list[str]:
    """The rule index, content, catalogs, bots and odds questions where the skeleton says."""
    found = []
    if not ruleset.rules_files or ruleset.rules_files[0] != folder / "rules.yaml":
        found.append(f"{ruleset.__name__}.rules_files does not begin with its rules.yaml")
    base = folder.parent
    if ruleset.content_dir not in (folder / "content", base / "content") or (
            ruleset.content_dir == base / "content" and not (base / "ruleset.py").exists()):
        found.append(f"{ruleset.__name__}.content_dir is not its content/ (nor its base "
                     f"ruleset's)")
    if ruleset.locale_dir is not None and ruleset.locale_dir != folder / "locale":
        found.append(f"{ruleset.__name__}.locale_dir is not its locale/")
    for name, target in ruleset.bots.items():
        if not target.startswith(f"{package}.") or not (folder / "bots.py").exists():
            found.append(f"bot {name!r} ({target}) is not one of {package}'s bots")
    questions = ruleset.odds_questions
    if questions is not None and not questions.target.startswith(f"{package}.odds:"):
        found.append(f"{ruleset.__name__}'s odds questions ({questions.target}) are not in "
                     f"{package}.odds")
    return found
