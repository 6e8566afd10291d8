"""Odds questions of combat-encounter: ``attack``, the exact odds of one Attack
(``rulekeeper odds combat-encounter attack --stat 3 --defense 14 --weapon 1d8+1 --kaos 2``).

The attacker plays as the heuristic bot does: it spends a Reroll Token on a roll that
misses (before Kaos) or on a natural 1, while it has tokens; then it spends the least
Kaos that turns a miss into a hit, or 1 Kaos on a natural 1 that would drop a Weapon card.
Exact probabilities come from icepool; ``--sample N`` also plays N Attacks through the
game's own Attack procedure and dice, for comparison.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool
from pydantic import BaseModel, ConfigDict, Field, field_validator

from rulekeeper.core.dice import distribution
from rulekeeper.core.events import counted
from rulekeeper.core.game import new_game
from rulekeeper.core.odds import Odds, OddsQuestion
from rulekeeper.core.rulings import resolve
from rulekeeper.rulesets.combat_encounter.attack import attack
from rulekeeper.rulesets.combat_encounter.bots import HeuristicBot
from rulekeeper.rulesets.combat_encounter.damage import DamageDice
from rulekeeper.rulesets.combat_encounter.rulings import (
    CombatRulings,
    CritFixedDamage,
    KaosNatural1,
)
from rulekeeper.rulesets.combat_encounter.table import CombatTable


@dataclass(frozen=True)
class AttackQuestion:
    """One Attack: the attacker's Stat and tokens, the target's Defense, the option used."""

    stat: int
    defense: int
    weapon: str
    kaos: int = 0
    rerolls: int = 0
    dagger: bool = False
    rulings: tuple[tuple[str, str], ...] = ()

    @property
    def ruling(self) -> CombatRulings:
        return CombatRulings(resolve(CombatRulings.declared, dict(self.rulings)))


@dataclass(frozen=True)
class Outcome:
    """What one final natural d20 leads to under the attacker's policy."""

    hit: bool
    critical: bool
    drop: bool
    kaos: int


def outcome_of(q: AttackQuestion, natural: int) -> Outcome:
    """The result of an Attack Check whose d20 ends on ``natural``."""
    step = q.ruling.kaos_bonus
    total = natural + q.stat
    needed = max(0, math.ceil((q.defense - total) / step))
    if natural == 20:
        return Outcome(True, True, False, 0)
    if natural == 1:
        lift = max(1, needed)  # a natural 1 hits only with Kaos spent on it (turns-check)
        if q.ruling.kaos_natural_1 is KaosNatural1.TURNS_CHECK and lift <= q.kaos:
            return Outcome(True, False, False, lift)
        spend = 1 if not q.dagger and q.kaos > 0 else 0
        return Outcome(False, False, not q.dagger and spend == 0, spend)
    if needed <= q.kaos:
        return Outcome(True, False, False, needed)
    return Outcome(False, False, False, 0)


def final_natural(q: AttackQuestion) -> icepool.Die[int]:
    """The d20 after the attacker's rerolls: a roll that misses before Kaos (or a natural 1)
    is rerolled while Reroll Tokens remain."""
    rerolled = [n for n in range(1, 21) if n == 1 or (n != 20 and n + q.stat < q.defense)]
    die: icepool.Die[int] = icepool.d20
    return die.reroll(rerolled, depth=q.rerolls) if q.rerolls and rerolled else die


def damage_die(q: AttackQuestion, critical: bool) -> icepool.Die[int]:
    """Damage of a hit: the option's Damage (dice twice on a critical) + Stat, at least 1."""
    damage = DamageDice.parse(q.weapon)
    if not critical:
        base = damage.exact()
    elif q.dagger:
        base = damage.exact(2, 2)
    elif damage.fixed:
        base = damage.exact(1, 2 if q.ruling.crit_fixed_damage is CritFixedDamage.DOUBLE else 1)
    else:
        base = damage.exact(dice_times=2)
    return (base + q.stat).map(lambda v: max(1, v))


def exact_odds(q: AttackQuestion) -> Odds:
    """Hit, critical and drop probabilities and the Damage distribution, exactly."""
    natural = distribution(final_natural(q))
    hit = critical = drop = Fraction(0)
    kaos = Fraction(0)
    damage: dict[int, Fraction] = {0: Fraction(0)}
    on_hit: dict[int, Fraction] = {}
    for n, p in natural.items():
        out = outcome_of(q, n)
        kaos += p * out.kaos
        drop += p if out.drop else 0
        if not out.hit:
            damage[0] += p
            continue
        hit += p
        critical += p if out.critical else 0
        for value, pv in distribution(damage_die(q, out.critical)).items():
            damage[value] = damage.get(value, Fraction(0)) + p * pv
            on_hit[value] = on_hit.get(value, Fraction(0)) + p * pv
    report = Odds(
        title=_title(q),
        outcomes={"hit": hit, "critical": critical, "drop": drop, "miss": 1 - hit},
        distributions={"damage": dict(sorted(damage.items())),
                       "damage if hit": {v: p / hit for v, p in sorted(on_hit.items())}
                       if hit else {}},
        means={"damage": float(sum(v * p for v, p in damage.items())),
               "kaos spent": float(kaos)},
        notes=["exact (icepool)", _policy(q), "rulings: " + ", ".join(
            f"{k}={v}" for k, v in q.ruling.items() if k in _RULINGS_USED)])
    return report


_RULINGS_USED = ("kaos-step", "kaos-natural-1", "crit-fixed-damage")


def _title(q: AttackQuestion) -> str:
    option = f"Mystic Dagger {q.weapon}" if q.dagger else f"weapon {q.weapon}"
    return (f"Attack: stat {q.stat:+d}, {option} against Defense {q.defense}, "
            f"{q.kaos} Kaos, {counted(q.rerolls, 'Reroll Token', 'Reroll Tokens')}")


def _policy(q: AttackQuestion) -> str:
    return ("policy: reroll a roll that misses before Kaos (or a natural 1) while tokens remain;"
            " then the least Kaos that turns a miss into a hit, or 1 Kaos to keep a Weapon card"
            " on a natural 1")


def sample_odds(q: AttackQuestion, attacks: int, seed: int = 0) -> Odds:
    """Play ``attacks`` Attacks through the game's Attack procedure and dice, the attacker
    deciding as the heuristic bot; return the estimated odds with 95% intervals.

    The game is set up so that p1 (Stat, option) Ambushes p2 (Defense); it waits at p1's
    first decision, and the Attack procedure is run again and again on its state.
    """
    key = "dagger-melee" if q.dagger else "weapon-1"
    sets: dict[str, Any] = {
        "characters.cards.knight.brawn": q.stat,
        "characters.cards.knight.loadout": {"weapons": ["longsword"]},
        "characters.cards.knight.patron.defense": 0,
        "characters.cards.ranger.defense": q.defense,
        "characters.cards.ranger.loadout": {},
        "characters.cards.ranger.health": 10_000,
        "items.cards.longsword.damage": q.weapon,
        "game.mystic_dagger.melee": q.weapon,
        "game.critical_success_reward.rerolls": 0,
        "game.critical_failure_reward.kaos": 0,
    }
    game = new_game("combat-encounter", seed=seed, rulings=dict(q.rulings), content_set=sets,
                    log=False)
    table = game.table
    assert isinstance(table, CombatTable)
    encounter = table.state.encounter
    assert encounter is not None
    bot = HeuristicBot("p1", seed)
    attacker, target = table.state.player("p1"), table.state.player("p2")
    counts: Counter[str] = Counter()
    damage: Counter[int] = Counter()
    for _ in range(attacks):
        attacker.kaos, attacker.rerolls, attacker.dropped = q.kaos, q.rerolls, set()
        target.health = 10_000
        before = dict(table.state.metrics)
        procedure = attack(table, encounter, "p1", "p2", key)
        try:
            decision = next(procedure)
            while True:
                decision = procedure.send(bot.choose_from(table, decision))
        except StopIteration:
            pass
        dealt = 10_000 - target.health
        damage[dealt] += 1
        for name in ("hits", "criticals", "drops"):
            counts[name] += table.state.metrics[name] - before.get(name, 0)
    odds = Odds(
        title=_title(q) + f" — {attacks} sampled Attacks",
        distributions={"damage": {v: c / attacks for v, c in sorted(damage.items())}},
        means={"damage": sum(v * c for v, c in damage.items()) / attacks},
        notes=[f"sampled through the game's Attack procedure, seed {seed}", _policy(q)])
    for name, key in (("hit", "hits"), ("critical", "criticals"), ("drop", "drops")):
        odds.estimate(name, counts[key], attacks)
    return odds


class AttackParams(BaseModel):
    """One Attack as the command line asks it: an :class:`AttackQuestion`, and how many
    Attacks to sample through the game's own procedure besides."""

    model_config = ConfigDict(extra="forbid")

    stat: int = Field(description="current Brawn (melee) or Quickness (ranged)")
    defense: int = Field(description="the target's current Defense")
    weapon: str = Field(description="Damage in dice notation: 1d8+1, 2d4, 3")
    kaos: int = Field(0, ge=0, description="Kaos the attacker holds")
    rerolls: int = Field(0, ge=0, le=100, description="Reroll Tokens held")
    dagger: bool = Field(False, description="the option is the Mystic Dagger")
    rulings: dict[str, str] = Field(default_factory=dict, description="id=option")
    sample: int = Field(0, ge=0, le=1_000_000, description="also sample N Attacks")
    seed: int = Field(0, description="seed of --sample")

    @field_validator("weapon")
    @classmethod
    def _damage(cls, value: str) -> str:
        DamageDice.parse(value)  # its ValueError names what is wrong with the notation
        return value


def attack_odds(params: AttackParams) -> Odds | list[Odds]:
    """The exact odds of an Attack, then (with ``sample``) the sampled ones."""
    question = AttackQuestion(params.stat, params.defense, params.weapon, params.kaos,
                              params.rerolls, params.dagger, tuple(params.rulings.items()))
    exact = exact_odds(question)
    return [exact, sample_odds(question, params.sample, params.seed)] if params.sample else exact


QUESTIONS = (
    OddsQuestion("attack", "Probabilities of a hit, a critical and a drop, and the Damage "
                 "distribution.", AttackParams, attack_odds),
)
