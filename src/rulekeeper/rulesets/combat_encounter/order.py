"""Combat Order: the initiating pair first and second, then every other Combatant by a
Contested Quickness Check (the Combat Order Check), highest Final Result first.

Ties are rerolled among the tied Combatants only, until no tie remains. No Kaos is
spent on Combat Order Checks (Reroll Tokens may be). Natural 1s and 20s win or lose
nothing automatically, but still give their rewards; ruling ``order-tie-rewards`` says
whether a roll replaced by a tie-break reroll still does.
"""

from __future__ import annotations

from itertools import groupby

from rulekeeper.rulesets.combat_encounter.checks import Asks, Check, critical_rewards, stat_check
from rulekeeper.rulesets.combat_encounter.state import Ctx, Encounter


def determine_combat_order(ctx: Ctx, encounter: Encounter, others: list[str],
                           initiator_won: bool | None) -> Asks:
    """Fill ``encounter.order``. ``initiator_won`` is the Challenge result (None otherwise)."""
    section = "challenge" if encounter.kind == "challenge" else "ambush"
    if encounter.kind == "challenge":
        if initiator_won:
            first, second = encounter.initiator, encounter.target
            rule = "combat.order.challenge.initiator-wins"
        else:
            first, second = encounter.target, encounter.initiator
            rule = "combat.order.challenge.initiator-does-not-win"
        ctx.emit("order.pair", rule, first=ctx.player(first).label,
                 second=ctx.player(second).label, why="the Challenge result")
    else:
        first, second = encounter.initiator, encounter.target
        ctx.emit("order.pair", "combat.order.ambush.initiator-first",
                 first=ctx.player(first).label, second=ctx.player(second).label,
                 why="the Ambush" if encounter.kind == "ambush" else "the Opening Gong")
    ranked = yield from rank_by_quickness(ctx, others, section)
    encounter.order = [first, second, *ranked]
    ctx.emit("order.set", f"combat.order.{section}.highest-first",
             order=[ctx.player(s).label for s in encounter.order])


def rank_by_quickness(ctx: Ctx, seats: list[str], section: str) -> Asks:
    """``seats`` from highest to lowest Combat Order Check; ties rerolled among the tied."""
    checks: dict[str, Check] = {}
    for seat in seats:
        checks[seat] = yield from stat_check(ctx, seat, "quickness", "combat order",
                                             f"combat.order.{section}.others-quickness-check")
    ranked: list[str] = []
    by_total = sorted(seats, key=lambda s: -checks[s].total)
    for total, group in groupby(by_total, key=lambda s: checks[s].total):
        tied = list(group)
        if len(tied) == 1:
            critical_rewards(ctx, tied[0], checks[tied[0]].natural,
                             f"combat.order.{section}.naturals-trigger-rewards")
            ranked.append(tied[0])
            continue
        ctx.emit("order.tie", f"combat.order.{section}.ties-rerolled", total=total,
                 tied=[ctx.player(s).label for s in tied])
        if ctx.rulings["order-tie-rewards"] == "every-roll":
            for seat in tied:
                critical_rewards(ctx, seat, checks[seat].natural, "combat.ruling.order-tie-rewards")
        ranked += yield from rank_by_quickness(ctx, tied, section)
    return ranked
