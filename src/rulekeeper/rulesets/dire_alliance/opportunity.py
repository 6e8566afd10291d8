"""Opportunity attacks in Battle Mode: each ready enemy fighter in the area the mover leaves
may make one, as a free Melee attack, in the order its controller chooses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.attack import attack

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.table import Battle
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter


@cites("battle.action.move.b", "battle.opportunity-attack.normal-steps",
       "battle.opportunity-attack.stunned", "battle.status.stunned-prevents.opportunity-attacks")
def opportunity_attacks(t: Battle, mover: Fighter, destination: str) -> Asks[bool]:
    """Each ready enemy in the area the mover leaves may make one opportunity attack, in the
    order its controller chooses, as a free Melee attack by the normal steps (a stunned
    fighter makes none). Returns True when the mover was damaged and stunned."""
    assert mover.area is not None
    area = mover.area
    waiting = t.ready_enemies_in(area, mover.team)
    stopped = False
    if not waiting:
        return False
    seat = waiting[0].side
    while waiting and mover.on_board:
        answer = yield from t.ask(
            seat, "opportunity-attack",
            [(f.id, f"Opportunity attack with {f.name} on {mover.name}") for f in waiting]
            + [("none", "No (more) opportunity attacks")],
            "battle.opportunity-attack.order",
            f"{mover.name} is leaving {t.area_name(area)} for {t.area_name(destination)}: "
            "opportunity attacks?", about=mover)
        if answer == "none":
            t.emit("opportunity.declined", "battle.opportunity-attack.trigger", seat=seat,
                   target=mover.name)
            break
        attacker = t.fighters[answer]
        waiting.remove(attacker)
        t.emit("opportunity", "battle.opportunity-attack.free", attacker=attacker.name,
               target=mover.name, area=t.area_name(area))
        damaged = yield from attack(t, attacker, [mover], "melee")
        if damaged and mover.on_board and mover.stunned:
            stopped = True
        waiting = [f for f in waiting if f.on_board and not f.stunned and f.area == area]
    return stopped
