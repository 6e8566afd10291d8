"""Stat Checks (sample 01_CORE_CONCEPTS): a d20 plus a current Stat, Reroll Tokens first,
then Kaos where a rule allows it, then the Critical Success and Critical Failure rewards.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.events import counted
from rulekeeper.rulesets.combat_encounter.state import Ctx
from rulekeeper.rulesets.combat_encounter.stats import current_stat

Asks = Generator[Decision, str, Any]
"""A procedure that may ask for decisions."""


@dataclass(slots=True)
class Check:
    """One Stat Check: who rolled, with which Stat, and what came of it.

    ``natural`` is the d20 left after all rerolls; ``rolls`` every d20 rolled for it.
    """

    seat: str
    stat: str
    purpose: str
    value: int
    natural: int
    rolls: list[int] = field(default_factory=list)
    kaos: int = 0
    bonus: int = 0
    tn: int | None = None

    @property
    def total(self) -> int:
        """The Final Result."""
        return self.natural + self.value + self.bonus

    @property
    def rerolled(self) -> bool:
        return len(self.rolls) > 1


def kaos_step(ctx: Ctx) -> int:
    """What one Kaos adds to an Attack Check's Final Result (ruling ``kaos-step``)."""
    return int(ctx.rulings["kaos-step"])


def stat_check(ctx: Ctx, seat: str, stat: str, purpose: str, rule: str, *,
               tn: int | None = None, kaos: bool = False,
               extra: dict[str, Any] | None = None) -> Asks:
    """Roll a Stat Check; the roller may spend Reroll Tokens, then Kaos when ``kaos``.

    Returns the :class:`Check`. ``extra`` is shown with the pending check (view).
    """
    player = ctx.player(seat)
    rng = ctx.table.rng
    natural = rng.roll(20)
    check = Check(seat, stat, purpose, current_stat(ctx.cat, player, stat), natural, [natural],
                  tn=tn)
    ctx.emit("check.roll", rule, who=player.label, stat=stat, purpose=purpose,
             natural=natural, value=check.value, total=check.total,
             against="" if tn is None else f" against {tn}")
    while player.rerolls > 0:
        ctx.state.check = _pending(check, extra)
        choice = yield Decision(seat, "reroll", options([
            ("reroll", "Reroll the d20 (spend 1 of "
                       f"{counted(player.rerolls, 'Reroll Token', 'Reroll Tokens')})"),
            ("keep", f"Keep the natural {check.natural} (Final Result {check.total})")]),
            "sample.core.reroll-tokens",
            f"{purpose} check: natural {check.natural}, Final Result {check.total}"
            + ("" if tn is None else f" against {tn}") + ". Reroll?")
        if choice == "keep":
            break
        player.rerolls -= 1
        check.natural = rng.roll(20)
        check.rolls.append(check.natural)
        ctx.emit("check.reroll", "sample.core.reroll-tokens", who=player.label,
                 natural=check.natural, total=check.total, left=player.rerolls)
    if kaos and player.kaos > 0:
        ctx.state.check = _pending(check, extra)
        step = kaos_step(ctx)
        choice = yield Decision(seat, "kaos", options(
            (f"kaos:{n}", "Spend no Kaos" if n == 0 else
             f"Spend {n} Kaos (Final Result {check.total + n * step})")
            for n in range(player.kaos + 1)),
            "combat.attack-check.kaos-after-rerolls",
            f"{purpose} check: natural {check.natural}, Final Result {check.total}"
            + ("" if tn is None else f" against {tn}") + ". Spend Kaos?")
        spent = int(choice.partition(":")[2])
        if spent:
            player.kaos -= spent
            check.kaos = spent
            check.bonus = spent * step
            ctx.emit("check.kaos", "combat.attack-check.kaos-increases", who=player.label,
                     kaos=spent, bonus=check.bonus, total=check.total, left=player.kaos)
    ctx.state.check = None
    return check


def _pending(check: Check, extra: dict[str, Any] | None) -> dict[str, Any]:
    return {"seat": check.seat, "stat": check.stat, "purpose": check.purpose,
            "natural": check.natural, "value": check.value, "bonus": check.bonus,
            "total": check.total, "tn": check.tn, **(extra or {})}


def critical_rewards(ctx: Ctx, seat: str, natural: int, rule: str | None = None) -> None:
    """The Critical Success (natural 20) or Critical Failure (natural 1) reward.

    ``rule`` is the rule that grants it here (default: the core reward rules).
    """
    player = ctx.player(seat)
    if natural == 20:
        reward = ctx.cat.content.game.critical_success_reward
        kind, default_rule = "critical-success", "sample.core.critical-success-reward"
    elif natural == 1:
        reward = ctx.cat.content.game.critical_failure_reward
        kind, default_rule = "critical-failure", "sample.core.critical-failure-reward"
    else:
        return
    player.rerolls += reward.rerolls
    player.kaos += reward.kaos
    ctx.state.metrics[kind.replace("-", "_") + "_rewards"] += 1
    ctx.emit("check.reward", rule or default_rule, who=player.label, reward=kind,
             rerolls=reward.rerolls, kaos=reward.kaos)
