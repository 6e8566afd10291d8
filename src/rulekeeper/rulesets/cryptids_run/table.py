"""A run's table: what the run's rules read, typed (content, options, what was prepared)."""

from __future__ import annotations

from pydantic import Field

from rulekeeper.core.ruleset import NoOptions, Table
from rulekeeper.rulesets.cryptids_run.ghosts import Ghosts
from rulekeeper.rulesets.cryptids_run.models import RunContent
from rulekeeper.rulesets.cryptids_run.run import RunState
from rulekeeper.rulesets.cryptids_run.shop import Stock
from rulekeeper.rulesets.cryptids_run.snapshots import Snapshot


class Prepared:
    """What a content makes once: its stock, its ghost lines, the offline pool's snapshots."""

    def __init__(self, stock: Stock, ghosts: Ghosts) -> None:
        self.stock = stock
        self.ghosts = ghosts
        self.bot_snapshots: tuple[Snapshot, ...] | None = None


class RunOptions(NoOptions):
    """Who plays the run: the player, the run's id, and the player's rating as stored."""

    player: str = Field("you", min_length=1, description="the player's id")
    run: str = Field("run-1", min_length=1, description="the run's id (names its snapshots)")
    mu: float | None = Field(None, description="the player's rating (default: a new player's)")
    sigma: float | None = Field(None, gt=0, description="its uncertainty")


class RunTable(Table):
    __slots__ = ()
    state: RunState
    content: RunContent
    options: RunOptions
    prepared: Prepared
