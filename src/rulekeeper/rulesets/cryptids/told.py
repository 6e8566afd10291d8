"""A battle's events told for one side: "your row" and "their row", where the ruleset's own
sentences say where the rows stand ("left", "right": words a phone, which stacks the rows,
makes meaningless to its player).

The online game shows a battle to a player whose row fought on one side of it (a run's
player on the left; the owner of the row a run met on the right). :class:`ToldFor` words
the events that name the sides (the battle's start, both lineups, an end judged by the HP
left, the winner) for that side; any other event keeps the ruleset's sentence (None here).
French: ``locale/fr/LC_MESSAGES/sides.po``. The events themselves, what records keep, stay
as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rulekeeper.core.events import Event, Messages
from rulekeeper.rulesets.cryptids.board import SIDES
from rulekeeper.rulesets.cryptids.end import BY_HP, ROLL_CAP

FOR_A_SIDE = {
    "battle": "Battle: your row ({mine}) against theirs ({theirs}).",
    "lineup.mine": "Your row, {team}, left to right (HP/threat): {cryptids}.",
    "lineup.theirs": "Their row, {team}, left to right (HP/threat): {cryptids}.",
    "end.roll-cap": "Roll {roll} reaches the cap of {cap} rolls: your row has {mine} HP left, "
                    "theirs {theirs}.",
    "end.no-damage": "Neither side can deal damage any more: your row has {mine} HP left, "
                     "theirs {theirs}.",
    "end.work-budget": "Work budget spent: your row has {mine} HP left, theirs {theirs}.",
    "result.mine": "Your row ({team}) wins after {rolls:roll|rolls}.",
    "result.theirs": "Their row ({team}) wins after {rolls:roll|rolls}.",
    "result.mine.by-hp": "Your row ({team}) wins after {rolls:roll|rolls}: it has more HP "
                         "left.",
    "result.theirs.by-hp": "Their row ({team}) wins after {rolls:roll|rolls}: it has more HP "
                           "left.",
}
"""The sentences of the events that name the sides, told for one of them (``mine``: the HP
or the team of that side, ``theirs``: of the other)."""


def for_a_side(event: Event, side: str) -> Event | None:
    """``event`` as told for ``side`` (its kind one of :data:`FOR_A_SIDE`'s, its data naming
    ``mine`` and ``theirs``); None for an event that names no side.

    >>> end = Event("end.roll-cap", "end.limit.a", {"roll": 36, "left": 6, "right": 5})
    >>> told = for_a_side(end, "right")
    >>> told.kind, told.data["mine"], told.data["theirs"], told.data["cap"]
    ('end.roll-cap', 5, 6, 36)
    >>> for_a_side(Event("result.left", "end.limit.c", {"reason": "no-damage"}), "left").kind
    'result.mine.by-hp'
    >>> for_a_side(Event("death", "roll.step-6.deaths.b", {"who": "Yeti"}), "left") is None
    True
    """
    if side not in SIDES:
        raise ValueError(f"no side {side!r}; sides: {', '.join(SIDES)}")
    other = SIDES[1 - SIDES.index(side)]
    whose = {side: "mine", other: "theirs"}
    data, (kind, _, named) = event.data, event.kind.partition(".")
    if event.kind == "battle" or (kind == "end" and named in BY_HP):
        if side not in data or other not in data:
            return None
        told = {**data, "mine": data[side], "theirs": data[other], "cap": ROLL_CAP}
        return Event(event.kind, event.rule, told, event.to)
    if kind == "lineup" and named in whose:
        return Event(f"lineup.{whose[named]}", event.rule, data, event.to)
    if kind == "result" and named in whose:
        by_hp = ".by-hp" if data.get("reason") in BY_HP else ""
        return Event(f"result.{whose[named]}{by_hp}", event.rule, data, event.to)
    return None


class ToldFor:
    """The sentences of :data:`FOR_A_SIDE`, in the languages of the catalogs of
    ``locale_dir``."""

    def __init__(self, locale_dir: Path) -> None:
        self.messages = Messages(FOR_A_SIDE, locale_dir)

    def __call__(self, side: str, lang: str) -> Callable[[Event], str | None]:
        """Each event's sentence told for ``side`` in ``lang``; None for an event that
        names no side (the ruleset's own sentence says it)."""
        if side not in SIDES:
            raise ValueError(f"no side {side!r}; sides: {', '.join(SIDES)}")
        render = self.messages.render

        def sentence(event: Event) -> str | None:
            told = for_a_side(event, side)
            return None if told is None else render(told, lang)

        return sentence
