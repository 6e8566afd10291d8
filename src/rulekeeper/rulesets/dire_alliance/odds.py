"""Odds questions of Dire Alliance: ``attack``, the exact odds of one attack (icepool)."""

from __future__ import annotations

from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.dice import distribution
from rulekeeper.core.odds import Odds, OddsQuestion
from rulekeeper.core.registry import load
from rulekeeper.core.rulings import resolve
from rulekeeper.rulesets.dire_alliance.dice import DiceSet


class AttackParams(BaseModel):
    """One attack: the dice each side rolls, the dice rulings and the content."""

    model_config = ConfigDict(extra="forbid")

    attack: int = Field(ge=0, le=20, description="combat dice of the attacker")
    defense: int = Field(ge=0, le=20, description="combat dice of the defender")
    sated: bool = Field(False, description="the attacker is sated")
    defender_sated: bool = Field(False, description="the defender is sated")
    rulings: dict[str, str] = Field(default_factory=dict,
                                    description="combat-die=... or vampire-die=...")
    content: str | None = Field(None, description="folder of YAML files over the sample content")


def attack_report(dice: DiceSet, attack: int, defense: int, sated: bool = False,
                  defender_sated: bool = False) -> Odds:
    """The odds of ``attack`` combat dice against ``defense`` defense dice."""
    odds = dice.odds(attack, defense, sated, defender_sated)
    extra = " and the vampire die"
    title = (f"{attack} attack dice{extra if sated else ''} against "
             f"{defense} defense dice{extra if defender_sated else ''}")
    outcomes: dict[str, Fraction | float] = {
        "hit": odds.hit, "miss": odds.miss, "miss: no HIT": odds.miss_no_hit,
        "miss: more BLOCK than HIT": odds.miss_blocked}
    if sated:
        outcomes["hit with DRAIN ESSENCE (heal on a Melee)"] = odds.drain
    hits, blocks = dice.hits(attack, sated), dice.blocks(defense, defender_sated)
    return Odds(
        title, outcomes,
        distributions={"HIT results": distribution(hits), "BLOCK results": distribution(blocks)},
        means={"HIT results": float(hits.mean()), "BLOCK results": float(blocks.mean())},
        notes=[f"exact (icepool); combat die: {', '.join(dice.combat.face_names)}; "
               f"vampire die: {', '.join(dice.vampire.face_names)}",
               "a hit needs 1 HIT or more and no more BLOCK than HIT"])


def attack_odds(params: AttackParams) -> Odds:
    """Exact probabilities that an attack hits or misses, with the dice of the content."""
    ruleset = load("dire-alliance-battle")
    rulings = ruleset.ruling_set(resolve(ruleset.rulings, params.rulings))
    content, _ = ruleset.load_content(params.content)
    dice = DiceSet.from_content(content.components, rulings)  # type: ignore[attr-defined, arg-type]
    return attack_report(dice, params.attack, params.defense, params.sated,
                         params.defender_sated)


QUESTIONS = (
    OddsQuestion("attack", "Exact probabilities that an attack hits or misses.", AttackParams,
                 attack_odds),
)
