"""Combat Order: the initiating pair first and second, then every other Combatant by a
Contested Quickness Check (the Combat Order Check), highest Final Result first.

Ties are rerolled among the tied Combatants only, until no tie remains. No Kaos is
spent on Combat Order Checks (Reroll Tokens may be). Natural 1s and 20s win or lose
nothing automatically, but still give their rewards; ruling ``order-tie-rewards`` says
whether a roll replaced by a tie-break reroll still does. A single other Combatant has
nobody to contest: it takes the third place with no check (and no reward).
The Opening Gong (sample) orders Combatants as an Ambush does.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.combat_encounter.checks import Check, critical_rewards, stat_check
from rulekeeper.rulesets.combat_encounter.rulings import LoneOrderCheck, OrderTieRewards
from rulekeeper.rulesets.combat_encounter.table import CombatTable, Encounter


@dataclass(frozen=True)
class OrderRules:
    """The Combat Order rules of one run of the text (it gives them twice: after Ambush and
    after Challenge; the Opening Gong follows the Ambush run)."""

    check: str
    """Each other Combatant makes a Contested Quickness Check."""
    rewards: str
    """Natural 1s and 20s still give their rewards."""
    tie: str
    """Ties are rerolled among the tied."""
    order: str
    """Highest Final Result first."""
    check_rules: tuple[str, ...]
    """The other rules of a Combat Order Check: current Quickness, no Kaos, no automatic
    success or failure."""


ORDER_RULES = {
    "ambush": OrderRules(
        "combat.order.ambush.others-quickness-check",
        "combat.order.ambush.naturals-trigger-rewards",
        "combat.order.ambush.ties-rerolled", "combat.order.ambush.highest-first",
        ("combat.order.ambush.current-quickness", "combat.order.ambush.no-kaos",
         "combat.order.ambush.naturals-not-automatic")),
    "challenge": OrderRules(
        "combat.order.challenge.others-quickness-check",
        "combat.order.challenge.naturals-trigger-rewards", "combat.order.challenge.ties-rerolled",
        "combat.order.challenge.highest-first",
        ("combat.order.challenge.current-quickness", "combat.order.challenge.no-kaos",
         "combat.order.challenge.naturals-not-automatic")),
}


@cites("combat.summary.combat-order")
def determine_combat_order(table: CombatTable, encounter: Encounter, others: list[str],
                           initiator_won: bool | None) -> Asks[None]:
    """Fill ``encounter.order``. ``initiator_won`` is the Challenge result (None otherwise)."""
    rules = ORDER_RULES["challenge" if encounter.kind == "challenge" else "ambush"]
    state = table.state
    if encounter.kind == "challenge":
        cites("combat.order.challenge.result-decides")
        if initiator_won:
            first, second = encounter.initiator, encounter.target
            rule = "combat.order.challenge.initiator-wins"
        else:
            first, second = encounter.target, encounter.initiator
            rule = "combat.order.challenge.initiator-does-not-win"
        table.emit("order.pair", rule, first=state.label(first), second=state.label(second),
                   why="the Challenge result")
    elif encounter.kind == "ambush":
        cites("combat.order.ambush.target-second")
        first, second = encounter.initiator, encounter.target
        table.emit("order.pair", "combat.order.ambush.initiator-first",
                   first=state.label(first), second=state.label(second), why="the Ambush")
    else:
        first, second = encounter.initiator, encounter.target
        table.emit("order.pair", "sample.game.opening-gong" if table.ruleset.made("gong-rule")
                   else "combat.order.ambush.initiator-first", first=state.label(first),
                   second=state.label(second), why="the Opening Gong")
    cites("combat.ruling.lone-order-check")
    if len(others) == 1 and table.rulings.lone_order_check is LoneOrderCheck.NONE:
        table.emit("order.alone", rules.check, who=state.label(others[0]))
        ranked = others
    else:
        ranked = yield from rank_by_quickness(table, others, rules)
    encounter.order = [first, second, *ranked]
    table.emit("order.set", rules.order, order=[state.label(s) for s in encounter.order])


def rank_by_quickness(table: CombatTable, seats: list[str], rules: OrderRules) -> Asks[list[str]]:
    """``seats`` from highest to lowest Combat Order Check; ties rerolled among the tied.

    A tied block is ordered by new rolls of its own Combatants before the next block is
    placed; the blocks still to place wait on a stack (ties may repeat, each roll is
    counted against the work budget).
    """
    cites(*rules.check_rules)
    ranked: list[str] = []
    waiting: list[tuple[list[str], dict[str, Check] | None]] = [(seats, None)]
    while waiting:
        block, checks = waiting.pop()
        if checks is None:  # roll the block's Combat Order Checks, then place its parts
            checks = {}
            for seat in block:
                table.spend()
                checks[seat] = yield from stat_check(table, seat, "quickness", "combat order",
                                                     rules.check)
            by_total = sorted(block, key=lambda s: -checks[s].total)
            parts = [list(g) for _, g in groupby(by_total, key=lambda s: checks[s].total)]
            waiting += [(part, checks) for part in reversed(parts)]
        elif len(block) == 1:
            critical_rewards(table, block[0], checks[block[0]].natural, rules.rewards)
            ranked.append(block[0])
        else:
            table.emit("order.tie", rules.tie, total=checks[block[0]].total,
                       tied=[table.state.label(s) for s in block])
            if table.rulings.order_tie_rewards is OrderTieRewards.EVERY_ROLL:
                for seat in block:
                    critical_rewards(table, seat, checks[seat].natural,
                                     "combat.ruling.order-tie-rewards")
            waiting.append((block, None))
    return ranked
