"""Stat Checks (sample 01_CORE_CONCEPTS): a d20 plus a current Stat, Reroll Tokens first,
then Kaos where a rule allows it, then the Critical Success and Critical Failure rewards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.events import counted
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.combat_encounter.stats import current_stat
from rulekeeper.rulesets.combat_encounter.table import CombatTable

KAOS_RANGE = 10
"""Up to this many Kaos every amount is offered; past it, the amount that reaches the
Target Number and all the Kaos held (:func:`kaos_amounts`)."""


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


@dataclass(frozen=True, slots=True)
class AttackCheck:
    """What makes a Stat Check an Attack Check: Kaos may be spent on it, and a natural 1 is a
    Critical Failure that fails and drops a Weapon card unless Kaos is spent on it.

    Attributes:
        weapon: the name of the option used (a Weapon card or the Mystic Dagger).
        dagger: the option is the Mystic Dagger, which is never Dropped.
        kaos_lifts_natural_1: Kaos can also make a natural 1 hit (``kaos-natural-1``).
    """

    weapon: str
    dagger: bool
    kaos_lifts_natural_1: bool


@cites("sample.core.stat-check")
def stat_check(table: CombatTable, seat: str, stat: str, purpose: str, rule: str, *,
               tn: int | None = None, attack: AttackCheck | None = None,
               extra: dict[str, Any] | None = None) -> Asks[Check]:
    """Roll a Stat Check; the roller may spend Reroll Tokens, then Kaos on an ``attack``.

    Returns the :class:`Check`; ``extra`` is shown with the pending check (view).
    """
    player = table.state.player(seat)
    rng = table.rng
    natural = rng.roll(20)
    check = Check(seat, stat, purpose, current_stat(table.prepared, player, stat), natural,
                  [natural], tn=tn)
    table.emit("check.roll", rule, who=player.label, stat=stat, purpose=purpose,
               natural=natural, value=check.value, total=check.total,
               against="" if tn is None else f" against {tn}")
    while player.rerolls > 0:
        table.state.check = _pending(check, extra)
        choice = yield Decision(seat, "reroll", options([
            ("reroll", "Reroll the d20 (spend 1 of "
                       f"{counted(player.rerolls, 'Reroll Token', 'Reroll Tokens')})"),
            ("keep", f"Keep the natural {check.natural} (Final Result {check.total})")]),
            "sample.core.reroll-tokens", _situation(check, attack) + ". Reroll?")
        if choice == "keep":
            break
        player.rerolls -= 1
        check.natural = rng.roll(20)
        check.rolls.append(check.natural)
        table.emit("check.reroll", "sample.core.reroll-tokens", who=player.label,
                   natural=check.natural, total=check.total, left=player.rerolls)
    # the Attack rules (Kaos) come with ``attack``, never from a Target Number that is a Defense
    cites("combat.attack-check.rerolls-before-kaos", "combat.attack-check.only-attack-checks",
          "combat.calculate-defense.not-attack-check", "combat.calculate-defense.not-attack")
    if attack is not None and player.kaos > 0:
        cites("sample.core.kaos", "combat.ruling.kaos-step")
        table.state.check = _pending(check, extra)
        step = table.rulings.kaos_bonus
        choice = yield Decision(seat, "kaos", options(
            (f"kaos:{n}", _kaos_label(check, attack, n, step))
            for n in (kaos_amounts(player.kaos, kaos_needed(check, step))
                      if table.ruleset.made("kaos-question-short")
                      else range(player.kaos + 1))),
            "combat.attack-check.kaos-after-rerolls", _situation(check, attack) + ". Spend Kaos?")
        spent = int(choice.partition(":")[2])
        if spent:
            player.kaos -= spent
            check.kaos = spent
            check.bonus = spent * step
            table.emit("check.kaos", "combat.attack-check.kaos-increases", who=player.label,
                       kaos=spent, bonus=check.bonus, total=check.total, left=player.kaos)
    table.state.check = None
    return check


def _situation(check: Check, attack: AttackCheck | None) -> str:
    """The check as its roller sees it before a reroll or Kaos: natural, Final Result, and
    what a natural 1 on an Attack Check means."""
    against = "" if check.tn is None else f" against {check.tn}"
    text = f"{check.purpose} check: natural {check.natural}, Final Result {check.total}{against}"
    if attack is None or check.natural != 1:
        return text
    if attack.kaos_lifts_natural_1:
        fails = "it fails unless Kaos spent on it reaches the Defense"
    else:
        fails = "it fails whatever Kaos is spent"
    if attack.dagger:
        return f"{text}: a Critical Failure, {fails} (the Mystic Dagger is never Dropped)"
    return (f"{text}: a Critical Failure, {fails}; {attack.weapon} is Dropped unless the 1 is "
            f"rerolled or Kaos is spent on it")


def _kaos_label(check: Check, attack: AttackCheck, spent: int, step: int) -> str:
    """An amount of Kaos to spend, and what it does."""
    total = check.total + spent * step
    if check.natural != 1:
        return "Spend no Kaos" if spent == 0 else f"Spend {spent} Kaos (Final Result {total})"
    if spent == 0:
        return "Spend no Kaos" + ("" if attack.dagger else f" ({attack.weapon} is Dropped)")
    if attack.kaos_lifts_natural_1:
        keeps = "" if attack.dagger else f", keeps {attack.weapon}"
        return f"Spend {spent} Kaos (Final Result {total}{keeps})"
    if attack.dagger:
        return f"Spend {spent} Kaos (changes nothing: the check fails all the same)"
    return f"Spend {spent} Kaos (keeps {attack.weapon}; the check fails all the same)"


def kaos_needed(check: Check, step: int) -> int:
    """The least Kaos that raises the Final Result to the Target Number (0 if it is there)."""
    if check.tn is None or check.total >= check.tn:
        return 0
    return math.ceil((check.tn - check.total) / step)


def kaos_amounts(held: int, needed: int) -> list[int]:
    """The amounts of Kaos offered: every amount from 0 up to :data:`KAOS_RANGE` (or what is
    held), then the amount ``needed`` to reach the Target Number and all of it, when more.

    >>> kaos_amounts(3, 2)
    [0, 1, 2, 3]
    >>> kaos_amounts(100_000, 14)
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 100000]
    """
    amounts = list(range(min(held, KAOS_RANGE) + 1))
    amounts += [n for n in sorted({needed, held}) if KAOS_RANGE < n <= held]
    return amounts


def _pending(check: Check, extra: dict[str, Any] | None) -> dict[str, Any]:
    return {"seat": check.seat, "stat": check.stat, "purpose": check.purpose,
            "natural": check.natural, "value": check.value, "bonus": check.bonus,
            "total": check.total, "tn": check.tn, **(extra or {})}


def critical_rewards(table: CombatTable, seat: str, natural: int,
                     rule: str | None = None) -> None:
    """The Critical Success (natural 20) or Critical Failure (natural 1) reward.

    ``rule`` is the rule that grants it here (default: the core reward rules).
    """
    player = table.state.player(seat)
    if natural == 20:
        reward = table.prepared.content.game.critical_success_reward
        kind, default_rule = "critical-success", "sample.core.critical-success-reward"
    elif natural == 1:
        reward = table.prepared.content.game.critical_failure_reward
        kind, default_rule = "critical-failure", "sample.core.critical-failure-reward"
    else:
        return
    player.rerolls += reward.rerolls
    player.kaos += reward.kaos
    table.state.metrics[kind.replace("-", "_") + "_rewards"] += 1
    table.emit("check.reward", rule or default_rule, who=player.label, reward=kind,
               rerolls=reward.rerolls, kaos=reward.kaos)
