"""Snapshots: a row frozen when its player ends the shop, the opponents of later battles.

A :class:`Snapshot` is immutable JSON-able data: the cryptids left to right, each with
its chosen ability and every change made to its stats, the round, the player's rating
at that moment, the run and the player, and whether it is a ghost (built by a bot when
no player has a snapshot at a round). It never changes once taken; matchmaking hands
snapshots to runs as their opponents, and a run's battle fights two of them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_serializer

from rulekeeper.core.content import Model
from rulekeeper.rulesets.cryptids.models import MAX_HP, ROW_LIMIT, HitPoints, Threat
from rulekeeper.rulesets.cryptids_run.models import AbilityOption

FORMAT: Literal[1] = 1
"""The format of snapshot data; a snapshot says which one it is written in."""
GHOST = "ghost"
"""The player of the ghost lines' rows (ghosts.py); a bot player's rows are ghosts too."""


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
