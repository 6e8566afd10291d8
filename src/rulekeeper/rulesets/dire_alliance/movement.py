"""Moving: the Move action (with the opportunity attacks of the mode) and withdrawing
(without them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Tabletop


def move(t: Tabletop, mover: Fighter, destination: str) -> Asks[bool]:
    """A Move into an adjacent area. Returns False when the mover must stop (it was damaged
    and stunned by an opportunity attack, or taken off the board): the rest of its action is
    lost."""
    assert mover.area is not None
    source = mover.area
    stopped = yield from t.opportunity_attacks(mover, destination)
    if not mover.on_board:
        return False
    t.place(mover, destination)
    if t.logging:
        t.emit("move", "battle.action.move.a", fighter=mover.name,
               source=t.area_name(source), destination=t.area_name(destination))
    if stopped:
        t.emit("move.stops", "battle.opportunity-attack.stops.a", fighter=mover.name)
    return not stopped


@cites("battle.action.move.c")
def withdraw(t: Tabletop, fighter: Fighter, destination: str) -> None:
    """Withdraw into an adjacent area: not a Move action, no opportunity attacks."""
    assert fighter.area is not None
    source = fighter.area
    t.place(fighter, destination)
    if t.logging:
        t.emit("withdraw", "battle.withdraw.no-opportunity-attacks", fighter=fighter.name,
               source=t.area_name(source), destination=t.area_name(destination))
