"""Moving: the Move action (with opportunity attacks) and withdrawing (without them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.rulesets.dire_alliance.attack import attack

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.state import Asked, Fighter, Tabletop

TEMPLATES = {
    "move": "{fighter} moves from {source} to {destination}",
    "withdraw": "{fighter} withdraws from {source} to {destination} (no opportunity attacks)",
    "opportunity": "{attacker} makes an opportunity attack on {target}, who is leaving {area}",
    "opportunity.declined": "{seat} makes no (more) opportunity attacks on {target}",
    "move.stops": "{fighter} was damaged and stunned by an opportunity attack: it finishes its "
                  "move and stops",
}


def move(t: Tabletop, mover: Fighter, destination: str) -> Asked:
    """A Move into an adjacent area. Returns False when the mover must stop (it was damaged
    and stunned by an opportunity attack, or taken off the board): the rest of its action is
    lost."""
    assert mover.area is not None
    source = mover.area
    stopped = yield from t.opportunity_attacks(mover)
    if not mover.on_board:
        return False
    t.place(mover, destination)
    t.emit("move", "battle.action.move.a", fighter=mover.name, source=t.area_name(source),
           destination=t.area_name(destination))
    if stopped:
        t.emit("move.stops", "battle.opportunity-attack.stops.a", fighter=mover.name)
    return not stopped


def opportunity_attacks(t: Tabletop, mover: Fighter) -> Asked:
    """Each ready enemy in the area the mover leaves may make one opportunity attack, in the
    order its controller chooses. Returns True when the mover was damaged and stunned."""
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
            f"{mover.name} is leaving {t.area_name(area)}: opportunity attacks?", about=mover)
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


def withdraw(t: Tabletop, fighter: Fighter, destination: str) -> None:
    """Withdraw into an adjacent area: not a Move action, no opportunity attacks."""
    assert fighter.area is not None
    source = fighter.area
    t.place(fighter, destination)
    t.emit("withdraw", "battle.withdraw.no-opportunity-attacks", fighter=fighter.name,
           source=t.area_name(source), destination=t.area_name(destination))
