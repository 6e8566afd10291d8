"""Ghosts: rows built by a bot from the shop's own rules, for a round no player has reached.

A ghost is a snapshot marked ``ghost``. Each of a few ghost *lines* is the ``greedy``
bot shopping a run of its own from a seed (no battles: a shop does not depend on them);
the ghost of round N on a line is its row at the end of round N's shop. Lines are
built round by round as they are asked for and kept, so a ghost costs one shop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulekeeper.core.rng import Rng, derive_seed
from rulekeeper.rulesets.cryptids_run.bots import GreedyShopper
from rulekeeper.rulesets.cryptids_run.shop import Shop, Shopkeeper, Stock
from rulekeeper.rulesets.cryptids_run.snapshots import GHOST, Fielded, Rating, Snapshot

GHOST_BOT = "greedy"
LINES = 4
"""Ghost lines: a request's seed picks one."""

ShopView = Callable[[Shopkeeper], dict[str, Any]]
"""What the bot of a ghost line sees of its shop (the player's view of it: ``view.shop_view``)."""


class _Quiet:
    """A table for a ghost's shop: a generator and no log."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def emit(self, kind: str, rule: str, to: tuple[str, ...] | None = None,
             **data: Any) -> None:
        pass


class _Line:
    """One bot shopping round after round; its rows so far."""

    def __init__(self, stock: Stock, seed: int, view: ShopView) -> None:
        self.keeper = Shopkeeper(Shop.empty(stock.rules.shop), stock, _Quiet(seed))
        self.view = view
        self.bot = GreedyShopper(GHOST, seed)
        self.rows: list[tuple[Fielded, ...]] = []

    def row(self, round_: int) -> tuple[Fielded, ...]:
        keeper = self.keeper
        while len(self.rows) < round_:
            shopping = keeper.run(len(self.rows) + 1)
            decision = next(shopping)
            while True:
                try:
                    decision = shopping.send(self.bot.choose({"state": self.view(keeper)},
                                                             decision))
                except StopIteration:
                    break
            self.rows.append(tuple(p.fielded(keeper.stock) for p in keeper.shop.row))
        return self.rows[round_ - 1]


class Ghosts:
    """The ghost lines of one content's stock."""

    def __init__(self, stock: Stock, view: ShopView, seed: int = 0) -> None:
        self.stock = stock
        self.lines = [_Line(stock, derive_seed(seed, line), view) for line in range(LINES)]

    def ghost(self, round_: int, rating: Rating, seed: int) -> Snapshot:
        """A ghost of round ``round_`` carrying ``rating``; ``seed`` picks its line."""
        line = seed % LINES
        run = f"ghost-{line + 1}"
        return Snapshot(id=f"{run}:{round_}", run=run, player=GHOST, round=round_,
                        rating=rating, ghost=True, row=self.lines[line].row(round_))
