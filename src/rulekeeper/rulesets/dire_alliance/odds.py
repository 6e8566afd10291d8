"""``rulekeeper odds dire-alliance attack``: exact odds of one attack (icepool)."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import typer

from rulekeeper.core.dice import distribution
from rulekeeper.core.registry import load
from rulekeeper.core.rulings import parse_assignments, resolve
from rulekeeper.lab.odds import OddsReport
from rulekeeper.rulesets.dire_alliance.dice import DiceSet

app = typer.Typer(help="Dire Alliance: Horror (exact odds with icepool).", no_args_is_help=True)


def attack_report(dice: DiceSet, attack: int, defense: int, sated: bool = False,
                  defender_sated: bool = False) -> OddsReport:
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
    return OddsReport(
        title, outcomes,
        distributions={"HIT results": distribution(hits), "BLOCK results": distribution(blocks)},
        means={"HIT results": float(hits.mean()), "BLOCK results": float(blocks.mean())},
        notes=[f"exact (icepool); combat die: {', '.join(dice.combat.face_names)}; "
               f"vampire die: {', '.join(dice.vampire.face_names)}",
               "a hit needs 1 HIT or more and no more BLOCK than HIT"])


@app.command("attack")
def attack_command(
        attack: Annotated[int, typer.Option("--attack", min=0, max=20,
                                            help="combat dice of the attacker")],
        defense: Annotated[int, typer.Option("--defense", min=0, max=20,
                                             help="combat dice of the defender")],
        sated: Annotated[bool, typer.Option("--sated", help="the attacker is sated")] = False,
        defender_sated: Annotated[bool, typer.Option("--defender-sated",
                                                     help="the defender is sated")] = False,
        ruling: Annotated[list[str] | None, typer.Option(
            "--ruling", help="combat-die=... or vampire-die=..., repeatable")] = None,
        content: Annotated[str | None, typer.Option(
            "--content", help="folder of YAML files replacing the sample content")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """Exact probabilities that an attack hits or misses."""
    ruleset = load("dire-alliance-battle")
    rulings = resolve(ruleset.rulings, parse_assignments(ruling or []))
    loaded, _ = ruleset.load_content(content)
    dice = DiceSet.from_content(loaded.components, rulings)  # type: ignore[attr-defined]
    attack_report(dice, attack, defense, sated, defender_sated).show(as_json)
