"""Odds questions of enemy-attacks: ``check``, the exact odds of an Action dice check.

One die is an icepool die of (successes, stamina faces, extra faces); the extra
face explodes (rolls another die into the check, recursively). icepool needs a
finite depth: past ``depth`` extra dice in one chain, the last extra face counts
its success but rolls nothing more. The probability that a chain reaches the cap
is at most ``dice * p_extra ** (depth + 1)``, reported in the notes. A Hero then
spends stamina on its stamina faces (1 or 2 each, at most its ready chips).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool
from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core import registry
from rulekeeper.core.dice import distribution
from rulekeeper.core.odds import Odds, OddsQuestion
from rulekeeper.core.rulings import resolve
from rulekeeper.rulesets.enemy_attacks.models import EnemyAttacksContent
from rulekeeper.rulesets.enemy_attacks.table import ActionDieInPlay

DEFAULT_DEPTH = 12

Outcome = icepool.Vector[int]


def one_die(die: ActionDieInPlay, depth: int = DEFAULT_DEPTH) -> icepool.Die[Outcome]:
    """One Action die with its extra dice: outcomes (successes, stamina faces)."""
    faces = [die.faces[name] for name in die.names]
    raw = icepool.Die([icepool.Vector((f.successes, int(f.stamina), f.extra)) for f in faces])
    exploded = raw.explode(lambda outcome: outcome[2] > 0, depth=depth)
    return exploded.map(lambda outcome: icepool.Vector((outcome[0], outcome[1])))


def check_die(die: ActionDieInPlay, dice: int, stamina: int = 0,
              depth: int = DEFAULT_DEPTH) -> icepool.Die[int]:
    """Successes of a check of ``dice`` Action dice by a figure spending up to ``stamina``
    (spent on stamina faces, 2 per face at most; 0 for a Non-Hero Ally)."""
    pool: icepool.Die[Any] = icepool.Die([icepool.Vector((0, 0))])
    single = one_die(die, depth)
    for _ in range(dice):
        pool = pool + single
    return pool.map(lambda outcome: outcome[0] + min(2 * outcome[1], stamina))


def stamina_needed(die: ActionDieInPlay, dice: int, need: int, stamina: int,
                   depth: int = DEFAULT_DEPTH) -> Fraction:
    """Mean stamina spent by a Hero who spends only what reaching ``need`` takes (and nothing
    when even its most would fall short)."""
    pool: icepool.Die[Any] = icepool.Die([icepool.Vector((0, 0))])
    single = one_die(die, depth)
    for _ in range(dice):
        pool = pool + single

    def spent(outcome: Any) -> int:
        short = max(need - outcome[0], 0)
        return short if short <= min(2 * outcome[1], stamina) else 0

    return Fraction(pool.map(spent).mean())


def check_report(die: ActionDieInPlay, dice: int, need: int, stamina: int = 0,
                 depth: int = DEFAULT_DEPTH, faces_label: str = "") -> Odds:
    """The odds of reaching ``need`` successes, the distribution and the means."""
    successes = check_die(die, dice, stamina, depth)
    dist = distribution(successes)
    reach = sum((p for value, p in dist.items() if value >= need), Fraction(0))
    p_extra = Fraction(sum(1 for n in die.names if die.faces[n].extra), len(die.names))
    noun = "success" if need == 1 else "successes"
    return Odds(
        title=f"{dice} Action {'die' if dice == 1 else 'dice'}, need {need}"
              + (f", {stamina} stamina" if stamina else ""),
        outcomes={f"at least {need} {noun}": reach, f"fewer than {need}": 1 - reach},
        distributions={"successes": with_tail(dist)},
        means={"successes": float(successes.mean()),
               "stamina spent (only what reaching the need takes)":
                   float(stamina_needed(die, dice, need, stamina, depth))},
        notes=[f"exact (icepool); faces: {faces_label or ', '.join(die.names)}",
               "stamina is spent 1 or 2 per stamina face, at most the stamina given",
               f"extra dice followed {depth} deep; the cap changes a probability by at most "
               f"{float(dice * p_extra ** (depth + 1)):.1e}"],
    )


def with_tail(dist: dict[int, Fraction],
              shown: Fraction = Fraction(1, 10_000)) -> dict[Any, Fraction]:
    """The distribution until less than ``shown`` is left, then the rest as one ``N+`` entry.

    >>> with_tail({0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 4)}, Fraction(3, 5))
    {0: Fraction(1, 2), '1+': Fraction(1, 2)}
    """
    out: dict[Any, Fraction] = {}
    left = sum(dist.values(), Fraction(0))
    values = sorted(dist)
    for index, value in enumerate(values):
        if left < shown and index < len(values) - 1:
            out[f"{value}+"] = left
            break
        out[value] = dist[value]
        left -= dist[value]
    return out


class CheckParams(BaseModel):
    """A check: the dice rolled, the successes needed and the stamina a Hero may spend."""

    model_config = ConfigDict(extra="forbid")

    dice: int = Field(ge=0, le=30, description="Action dice rolled (the ability level)")
    need: int = Field(1, ge=0, description="successes needed")
    stamina: int = Field(0, ge=0, description="stamina a Hero may spend (0: Non-Hero)")
    depth: int = Field(DEFAULT_DEPTH, ge=1, le=100,
                       description="extra dice followed in one chain")
    rulings: dict[str, str] = Field(default_factory=dict, description="action-die=OPTION")
    content: str | None = Field(None, description="content folder (dice.yaml)")


def check_odds(params: CheckParams) -> Odds:
    """The odds of a check with the Action die of the content and the ``action-die`` ruling."""
    ruleset = registry.load("enemy-attacks")
    loaded, _ = ruleset.load_content(params.content)
    assert isinstance(loaded, EnemyAttacksContent)
    option = resolve(ruleset.rulings, params.rulings)["action-die"]
    die = ActionDieInPlay.of(loaded, option)
    return check_report(die, params.dice, params.need, params.stamina, params.depth,
                        f"{option}: {', '.join(die.names)}")


QUESTIONS = (
    OddsQuestion("check",
                 "Probability that a check of DICE Action dice succeeds when it needs NEED.",
                 CheckParams, check_odds),
)
