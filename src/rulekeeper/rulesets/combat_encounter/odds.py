"""Exact odds of one Attack: ``rulekeeper odds combat-encounter attack --stat 3 --defense 14
--weapon 1d8+1 [--kaos 2] [--rerolls 1]``.

The attacker plays as the heuristic bot does: it spends a Reroll Token on a roll that
misses (before Kaos) or on a natural 1, while it has tokens; then it spends the least
Kaos that turns a miss into a hit, or 1 Kaos on a natural 1 that would drop a Weapon card.
Exact probabilities come from icepool; ``--sample N`` also plays N Attacks through the
game's own Attack procedure and dice, for comparison.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

import icepool
import typer

from rulekeeper.core.dice import distribution
from rulekeeper.core.errors import UsageError
from rulekeeper.core.events import counted
from rulekeeper.core.game import new_game
from rulekeeper.core.rulings import parse_assignments, resolve
from rulekeeper.lab.odds import OddsReport
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


def exact_odds(q: AttackQuestion) -> OddsReport:
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
    report = OddsReport(
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


def sample_odds(q: AttackQuestion, attacks: int, seed: int = 0) -> OddsReport:
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
    ruleset, table = game.ruleset, game.table
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
                view = {"state": ruleset.view(table, "p1")}
                decision = procedure.send(bot.choose(view, decision))
        except StopIteration:
            pass
        dealt = 10_000 - target.health
        damage[dealt] += 1
        for name in ("hits", "criticals", "drops"):
            counts[name] += table.state.metrics[name] - before.get(name, 0)
    rates = {"hit": counts["hits"] / attacks, "critical": counts["criticals"] / attacks,
             "drop": counts["drops"] / attacks}
    return OddsReport(
        title=_title(q) + f" — {attacks} sampled Attacks",
        outcomes=dict(rates),
        intervals={name: _interval(p, attacks) for name, p in rates.items()},
        distributions={"damage": {v: c / attacks for v, c in sorted(damage.items())}},
        means={"damage": sum(v * c for v, c in damage.items()) / attacks},
        notes=[f"sampled through the game's Attack procedure, seed {seed}", _policy(q)])


def _interval(p: float, n: int) -> tuple[float, float]:
    """Wilson 95% interval."""
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


app = typer.Typer(help="Exact odds of combat-encounter Attacks.", no_args_is_help=True)


@app.callback()
def _group() -> None:
    """Odds of combat-encounter."""


@app.command("attack")
def attack_command(
        stat: Annotated[int, typer.Option(help="current Brawn (melee) or Quickness (ranged)")],
        defense: Annotated[int, typer.Option(help="the target's current Defense")],
        weapon: Annotated[str, typer.Option(help="Damage in dice notation: 1d8+1, 2d4, 3")],
        kaos: Annotated[int, typer.Option(min=0, help="Kaos the attacker holds")] = 0,
        rerolls: Annotated[int, typer.Option(min=0, help="Reroll Tokens held")] = 0,
        dagger: Annotated[bool, typer.Option(help="the option is the Mystic Dagger")] = False,
        ruling: Annotated[list[str] | None, typer.Option(help="id=option, repeatable")] = None,
        sample: Annotated[int, typer.Option(min=0, help="also sample N Attacks")] = 0,
        seed: Annotated[int, typer.Option(help="seed of --sample")] = 0,
        as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """Probabilities of a hit, a critical and a drop, and the Damage distribution."""
    try:
        DamageDice.parse(weapon)
    except ValueError as error:
        raise UsageError(f"--weapon: {error}") from None
    question = AttackQuestion(stat, defense, weapon, kaos, rerolls, dagger,
                              tuple(parse_assignments(ruling or []).items()))
    exact = exact_odds(question)
    if not sample:
        exact.show(as_json)
        return
    sampled = sample_odds(question, sample, seed)
    if as_json:
        print(json.dumps([exact.to_json(), sampled.to_json()], indent=2, ensure_ascii=False))
        return
    exact.show()
    sampled.show()
