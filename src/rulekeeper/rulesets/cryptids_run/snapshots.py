"""Snapshots: a row frozen when its player ends the shop, the opponents of later battles.

A :class:`Snapshot` is immutable JSON-able data: the cryptids left to right, each with
its chosen ability and every change made to its stats, the round, the player's rating
at that moment, the run and the player, and whether it is a ghost (built by a bot when
no player has a snapshot at a round). It never changes once taken; matchmaking hands
snapshots to runs as their opponents, and a run's battle fights two of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import Field, field_serializer

from rulekeeper.core.content import Model
from rulekeeper.core.events import DECIMAL_COMMA, Event, minus_signed
from rulekeeper.rulesets.cryptids.models import MAX_HP, ROW_LIMIT, HitPoints, Threat
from rulekeeper.rulesets.cryptids_run.models import AbilityOption

FORMAT: Literal[1] = 1
"""The format of snapshot data; a snapshot says which one it is written in."""
GHOST = "ghost"
"""The player of the ghost lines' rows (ghosts.py); a bot player's rows are ghosts too."""
YOU = "you"
"""The player a run plays as when its options name none (``RunOptions.player``)."""
BOT_PLAYER = re.compile(r"bot-(\d+)")
"""A bot player's id (``bot-3``: a player of the offline pool's runs, ruleset.py's
``POOL_BOTS``; no person's name starts with ``bot-``)."""
_NAMED = re.compile(r"(you|bot-\d+)(?=$|, | \()")
"""A player's id where a text of an event's data starts with it: alone, before a row's round
(``bot-1, round 1``) or before a rating (``bot-4 (25.0)``)."""


class Rating(Model):
    """An openskill rating: the skill estimate ``mu`` and its uncertainty ``sigma``."""

    mu: float = Field(allow_inf_nan=False)
    sigma: float = Field(gt=0, allow_inf_nan=False)


class StatChange(Model):
    """One change made to a cryptid's stats in the shop, with the round and the cause."""

    stat: Literal["hp", "threat"]
    by: int = Field(ge=-MAX_HP, le=MAX_HP)
    round: int = Field(ge=1)
    cause: Literal["combine"] = "combine"


class Fielded(Model):
    """A place of a snapshot's row: a cryptid, its chosen ability, its stats as fielded."""

    cryptid: str
    ability: AbilityOption
    hp: HitPoints  # a snapshot from a record (an outside input) is bounded as content is
    threat: Threat
    changes: tuple[StatChange, ...] = ()

    @field_serializer("ability")
    def _as_written(self, ability: AbilityOption) -> dict[str, Any]:
        """The ability as the content writes it (no empty fields)."""
        written: dict[str, Any] = ability.model_dump(mode="json", by_alias=True,
                                                     exclude_none=True)
        return written

    @property
    def combined(self) -> int:
        """The copies it absorbed, as its changes tell (each combine changes HP, threat or
        both)."""
        return max(sum(1 for c in self.changes if c.stat == stat) for stat in ("hp", "threat"))

    def member(self) -> dict[str, Any]:
        """This place as a battle team's member: its stats, the chosen ability only."""
        ability = {k: v for k, v in self._as_written(self.ability).items()
                   if k not in ("id", "name")}
        return {"cryptid": self.cryptid, "hp": self.hp, "threat": self.threat,
                "abilities": [ability]}


class Snapshot(Model):
    """A row frozen at the end of a shop."""

    format: Literal[1] = FORMAT
    id: str = Field(min_length=1, description="unique in a pool: the run id and the round")
    run: str = Field(min_length=1)
    player: str = Field(min_length=1)
    round: int = Field(ge=1)
    rating: Rating = Field(description="the player's rating when the snapshot was taken")
    ghost: bool = Field(default=False,
                        description="built by a bot (a ghost line, or a bot player)")
    row: tuple[Fielded, ...] = Field(max_length=ROW_LIMIT, description="left to right")

    def team(self) -> dict[str, Any]:
        """The row as a cryptids team (what a battle record holds inline)."""
        return {"name": self.title(), "cryptids": [f.member() for f in self.row]}

    def title(self) -> dict[str, str]:
        """The row's name: its player's (a bot's ghost keeps its bot's) and its round."""
        if self.player == GHOST:
            return {"en": f"ghost, round {self.round}", "fr": f"fantôme, manche {self.round}"}
        return {"en": f"{self.player}, round {self.round}",
                "fr": f"{self.player}, manche {self.round}"}

    @property
    def source(self) -> str:
        """How a battle record names the team's origin (in place of a file)."""
        return f"snapshot:{self.id}"


def snapshot_id(run: str, round_: int) -> str:
    """The id of a run's snapshot of a round.

    >>> snapshot_id("alice-1", 3)
    'alice-1:3'
    """
    return f"{run}:{round_}"


def player_name(player: str, words: Callable[[str], str] = str) -> str:
    """A run's player as people read it, in the words of ``words`` (a catalog's
    :class:`~rulekeeper.core.events.Wording`; English by default): a bot player by a name
    (``bot-3``: *Bot 3*, *Robot 3* in French), the default player as *you* (*vous*), any
    other by its id. The id, what snapshots and records keep, is unchanged.

    >>> player_name("bot-3"), player_name("you"), player_name("alice")
    ('Bot 3', 'you', 'alice')
    """
    found = BOT_PLAYER.fullmatch(player)
    if found is not None:
        return words(f"Bot {found[1]}")
    return words(player) if player == YOU else player


def players_named(event: Event, words: Callable[[str], str] = str, you: bool = True) -> Event:
    """``event`` with the players its data names (a player's id, a row's title, a candidate
    with its rating) as :func:`player_name` says them, for its sentence; ``you``: the default
    player too. A copy: the event, what records keep, is unchanged.

    >>> said = players_named(Event("battle", "r", {"left": {"en": "you, round 1"},
    ...                                            "right": {"en": "bot-1, round 1"},
    ...                                            "candidates": ["bot-4 (25.0)"]}))
    >>> said.data["left"], said.data["right"], said.data["candidates"]
    ({'en': 'you, round 1'}, {'en': 'Bot 1, round 1'}, ['Bot 4 (25.0)'])
    """
    def shown(text: str) -> str:
        found = _NAMED.match(text)
        if found is None or (found[1] == YOU and not you):
            return text
        return player_name(found[1], words) + text[found.end():]

    def value(found: Any) -> Any:
        if isinstance(found, str):
            return shown(found)
        if isinstance(found, list):
            return [value(item) for item in found]
        if isinstance(found, Mapping) and "en" in found:
            return {lang: shown(text) if isinstance(text, str) else text
                    for lang, text in found.items()}
        return found

    named = {key: value(found) for key, found in event.data.items()}
    return event if named == event.data else Event(event.kind, event.rule, named, event.to)


_RATED = re.compile(r"(.*) \((-?\d+(?:\.\d+)?)\)")
"""A matchmaking candidate as its event keeps it: its player and its rating (``bot-4 (25.0)``)."""


def rated(text: Any, locale: str = "en") -> Any:
    """A matchmaking candidate (``name (mu)``, made in English) with its rating said as a
    sentence says its numbers in ``locale``: the minus sign, a decimal comma in French.

    >>> rated("Bot 4 (25.0)", "fr"), rated("alice (-3.5)"), rated("alice (-0.0)")
    ('Bot 4 (25,0)', 'alice (\u22123.5)', 'alice (0.0)')
    """
    found = _RATED.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        return text
    said = minus_signed(found[2])
    return f"{found[1]} ({said.replace('.', ',') if locale in DECIMAL_COMMA else said})"
