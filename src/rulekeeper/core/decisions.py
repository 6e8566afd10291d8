"""Decisions: what a game asks, of whom, with which options, and by which rule."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from rulekeeper.core.errors import IllegalDecision


class Option(NamedTuple):
    """One legal choice: a stable id (what records store) and a readable label. (A named
    tuple: every decision makes a few, and a tuple is made faster than a frozen dataclass.)"""

    id: str
    label: str


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(init=False, slots=True, unsafe_hash=True)
class Decision:
    """The pending question of a game. Treat it as immutable: a game makes one at every
    step, and a frozen dataclass is made nine times slower (each field set through
    ``object.__setattr__``), which a search's thousands of decisions a second feel.
    Compiled, it is a native class: its ``__init__`` is written out (the one ``dataclass``
    writes stays Python code), and a subclass is a dataclass without ``slots`` (with
    ``slots``, it would hide the compiled fields behind slots of its own).

    Attributes:
        player: the seat that decides (``"red"``, ``"heroes"``, ``"p1"``).
        kind: what sort of choice it is (``"play-card"``, ``"target"``), for bots and UIs.
        options: the legal options, in a stable order.
        rule: the id of the rule that gives this choice (from the ruleset's rules.yaml).
        prompt: the question, for people.
    """

    player: str
    kind: str
    options: tuple[Option, ...]
    rule: str
    prompt: str

    def __init__(self, player: str, kind: str, options: tuple[Option, ...], rule: str,
                 prompt: str) -> None:
        self.player = player
        self.kind = kind
        self.options = options
        self.rule = rule
        self.prompt = prompt
        self.__post_init__()

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError(f"decision {self.kind!r} for {self.rule} offers no option")

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(map(_ID, self.options))

    def option(self, option_id: str) -> Option:
        """The offered option with this id; anything else raises :class:`IllegalDecision`."""
        for option in self.options:
            if option.id == option_id:
                return option
        raise IllegalDecision(
            f"{option_id!r} is not an option of {self.kind!r} ({self.rule}); "
            f"the options are: {', '.join(self.ids)}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "rule": self.rule,
            "prompt": self.prompt,
            "options": [{"id": o.id, "label": o.label} for o in self.options],
        }


_ID = itemgetter(0)
"""An option's id (its first field), without a Python frame."""

MOST_OPTIONS = 50_000
"""Options kept at most for sharing (labels can say anything): past it, the store starts
afresh."""


@mypyc_attr(native_class=False)  # (its ``__missing__``, which ``dict`` looks up by name)
class _Offered(dict[tuple[str, str], Option]):
    """Every option made so far, by its (id, label) pair: an option is immutable, so the
    decisions that offer the same one share it, which is cheaper than making it again (a
    search makes hundreds of decisions a second, mostly of the same few options)."""

    __slots__ = ()

    def __missing__(self, pair: tuple[str, str]) -> Option:
        if len(self) >= MOST_OPTIONS:
            self.clear()
        option = self[pair] = tuple.__new__(Option, pair)
        return option


_offered = _Offered().__getitem__


def options(pairs: Iterable[tuple[str, str]]) -> tuple[Option, ...]:
    """Options from ``(id, label)`` pairs.

    >>> options([("a", "Attack"), ("p", "Pass")])[1]
    Option(id='p', label='Pass')
    """
    return tuple(map(_offered, pairs))
