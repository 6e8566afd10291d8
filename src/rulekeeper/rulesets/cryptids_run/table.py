"""A run's table: what the run's rules read, typed (its state, content, options, what was
prepared)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from pydantic import Field

from rulekeeper.core.game import Record
from rulekeeper.core.ruleset import WORDED_DEFAULT, NoOptions, Table
from rulekeeper.rulesets.cryptids_run import rating
from rulekeeper.rulesets.cryptids_run.fight import Fought
from rulekeeper.rulesets.cryptids_run.ghosts import Ghosts
from rulekeeper.rulesets.cryptids_run.matchmaking import Match
from rulekeeper.rulesets.cryptids_run.models import RATING_MU, RATING_SIGMA, RunContent
from rulekeeper.rulesets.cryptids_run.rating import Change
from rulekeeper.rulesets.cryptids_run.rulings import RunRulings
from rulekeeper.rulesets.cryptids_run.shop import Shop, Shopkeeper, Stock, Tally
from rulekeeper.rulesets.cryptids_run.snapshots import Rating, Snapshot

Outcome = Literal["win", "loss", "tie"]
"""How a battle of a run went for the player."""


@dataclass
class BattleEntry:
    """One battle of a run: against whom, how it went, and its replayable record."""

    round: int
    opponent: Snapshot | None
    outcome: Outcome
    fought: Fought | None
    change: Change
    match: Match | None = None
    lives_lost: int = 0
    lives: int = 0
    """The run's lives after this battle."""
    victories: int = 0
    """The run's victories after this battle."""

    def record(self) -> Record | None:
        """The battle's ``cryptids-v1`` record (None: an empty row lost without a battle)."""
        return self.fought.record() if self.fought is not None else None

    @cached_property
    def summary(self) -> dict[str, Any]:
        """The battle as the player's view shows it."""
        opponent = self.opponent
        return {"round": self.round, "result": self.outcome,
                "opponent": (opponent.title()["en"] if opponent else "nobody"),
                "opponent_player": opponent.player if opponent else None,
                "snapshot": opponent.id if opponent else None,
                "ghost": bool(opponent and opponent.ghost),
                "rolls": self.fought.rolls if self.fought else 0,
                "lives_lost": self.lives_lost, "lives": self.lives, "victories": self.victories,
                "rating_change": {"mu": self.change.mu, "sigma": self.change.sigma}}


@dataclass
class RunState:
    """Everything a run holds between decisions."""

    player: str
    run: str
    rating: Rating
    keeper: Shopkeeper
    lives: int
    victories: int = 0
    round: int = 0
    battles: list[BattleEntry] = field(default_factory=list)
    snapshots: list[Snapshot] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    over: str | None = None

    @property
    def shop(self) -> Shop:
        return self.keeper.shop

    @property
    def last_opponent(self) -> str | None:
        met = [b.opponent for b in self.battles if b.opponent is not None]
        return met[-1].player if met else None

    @property
    def change(self) -> Change:
        """The rating change of the battles so far (applied when the run ends)."""
        return rating.total(b.change for b in self.battles)


class Prepared:
    """What a content makes once: its stock, its ghost lines, the offline pool's snapshots."""

    def __init__(self, stock: Stock, ghosts: Ghosts) -> None:
        self.stock = stock
        self.ghosts = ghosts
        self.bot_snapshots: tuple[Snapshot, ...] | None = None


class RunOptions(NoOptions):
    """Who plays the run: the player, the run's id, and the player's rating as stored."""

    player: str = Field("you", min_length=1, json_schema_extra={WORDED_DEFAULT: True},
                        description="the name the run is played under (its snapshots bear it)")
    run: str = Field("run-1", min_length=1,
                     description="the run's name (its snapshots are named after it)")
    mu: float | None = Field(None, ge=-RATING_MU, le=RATING_MU, allow_inf_nan=False,
                             description="the player's rating (default: a new player's)")
    sigma: float | None = Field(None, gt=0, le=RATING_SIGMA, allow_inf_nan=False,
                                description="its uncertainty")


class RunTable(Table):
    __slots__ = ()
    state: RunState
    content: RunContent
    options: RunOptions
    prepared: Prepared
    rulings: RunRulings
