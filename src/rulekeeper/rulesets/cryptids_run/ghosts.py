"""Ghosts: rows built by a bot from the shop's own rules, for a round no player has reached.

A ghost is a snapshot marked ``ghost``: the ``greedy`` bot shops rounds 1 to N of a
run of its own (no battles: a shop does not depend on them), from a seed, and its row
at the end of round N's shop is the ghost. The same seed gives the same ghost.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core.rng import Rng
from rulekeeper.rulesets.cryptids_run.bots import GreedyShopper
from rulekeeper.rulesets.cryptids_run.shop import Shop, Shopkeeper, Stock
from rulekeeper.rulesets.cryptids_run.snapshots import Rating, Snapshot
from rulekeeper.rulesets.cryptids_run.view import shop_view

GHOST = "ghost"
"""The player id of every ghost."""
GHOST_BOT = "greedy"


class _Quiet:
    """A table for a ghost's shop: a generator and no log."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def emit(self, kind: str, rule: str, to: tuple[str, ...] | None = None,
             **data: Any) -> None:
        pass


def build_ghost(stock: Stock, round_: int, rating: Rating, seed: int) -> Snapshot:
    """The ghost of round ``round_`` for a player of ``rating`` (it carries that rating)."""
    keeper = Shopkeeper(Shop.empty(stock.rules.shop), stock, _Quiet(seed))
    bot = GreedyShopper(GHOST, seed)
    for number in range(1, round_ + 1):
        shopping = keeper.run(number)
        decision = next(shopping)
        while True:
            try:
                decision = shopping.send(bot.choose({"state": shop_view(keeper)}, decision))
            except StopIteration:
                break
    run = f"ghost-{seed}"
    return Snapshot(id=f"{run}:{round_}", run=run, player=GHOST, round=round_, rating=rating,
                    ghost=True, row=tuple(p.fielded(stock) for p in keeper.shop.row))
