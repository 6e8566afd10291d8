"""Rulings: named answers to the points a rule text leaves open.

Each ruleset declares its rulings with their options and default; the rulings in
force are part of a game's record, and the lab can sweep them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rulekeeper.core.errors import UsageError


@dataclass(frozen=True)
class Ruling:
    """A point the text leaves open.

    Attributes:
        id: stable id, e.g. ``"combat-die"``.
        question: what the text does not say.
        options: the answers rulekeeper implements.
        default: the answer used unless another is chosen.
    """

    id: str
    question: str
    options: tuple[str, ...]
    default: str

    def __post_init__(self) -> None:
        if self.default not in self.options:
            raise ValueError(f"ruling {self.id}: default {self.default!r} is not an option")


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A ``" (did you mean 'x'?)"`` suffix when a close match exists, else ``""``.

    >>> did_you_mean("cryptid", ["cryptids-v1", "enemy-attacks-v1"])
    " (did you mean 'cryptids-v1'?)"
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def resolve(declared: Iterable[Ruling], chosen: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every declared ruling's option in force: the chosen ones, else the defaults.

    An unknown ruling or option raises :class:`UsageError`.
    """
    table = {r.id: r for r in declared}
    rulings = {r.id: r.default for r in table.values()}
    for key, value in (chosen or {}).items():
        if key not in table:
            known = ", ".join(sorted(table)) or "none"
            raise UsageError(f"unknown ruling {key!r}{did_you_mean(key, table)}; rulings: {known}")
        if value not in table[key].options:
            raise UsageError(
                f"ruling {key!r} has no option {value!r}{did_you_mean(value, table[key].options)};"
                f" options: {', '.join(table[key].options)}"
            )
        rulings[key] = value
    return rulings


def parse_assignments(items: Iterable[str], what: str = "--ruling") -> dict[str, str]:
    """Parse ``id=option`` arguments.

    >>> parse_assignments(["combat-die=default", "hard=on"])
    {'combat-die': 'default', 'hard': 'on'}
    """
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"{what} expects id=value, got {item!r}")
        if key.strip() in out:
            raise UsageError(f"{what} {key.strip()} is given twice")
        out[key.strip()] = value.strip()
    return out
