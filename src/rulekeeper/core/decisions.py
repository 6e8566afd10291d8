"""Decisions: what a game asks, of whom, with which options, and by which rule."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

from rulekeeper.core.errors import IllegalDecision


class Option(NamedTuple):
    """One legal choice: a stable id (what records store) and a readable label. (A named
    tuple: every decision makes a few, and a tuple is made faster than a frozen dataclass.)"""

    id: str
    label: str


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending question of a game.

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

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError(f"decision {self.kind!r} for {self.rule} offers no option")

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)

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


_option = partial(tuple.__new__, Option)
"""An option from an (id, label) pair, made without a Python frame (every decision makes a
few: a third faster than ``Option._make``, twice as fast as ``Option(id, label)``)."""


def options(pairs: Iterable[tuple[str, str]]) -> tuple[Option, ...]:
    """Options from ``(id, label)`` pairs.

    >>> options([("a", "Attack"), ("p", "Pass")])[1]
    Option(id='p', label='Pass')
    """
    return tuple(map(_option, pairs))
