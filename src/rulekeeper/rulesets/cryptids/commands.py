"""``rulekeeper battle cryptids`` and ``rulekeeper odds cryptids``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rulekeeper.cli_args import console
from rulekeeper.core import registry
from rulekeeper.core.errors import DiceScriptError, UsageError
from rulekeeper.core.game import new_game
from rulekeeper.core.records import write_log
from rulekeeper.core.rng import ScriptValue, parse_dice_script
from rulekeeper.core.rulings import parse_assignments, resolve
from rulekeeper.rulesets.cryptids.odds import DEFAULT_MAX_STATES, exact, monte_carlo
from rulekeeper.rulesets.cryptids.ruleset import CryptidsRuleset
from rulekeeper.rulesets.cryptids.rulings import BattleRulings
from rulekeeper.rulesets.cryptids.schema import CryptidsContent

battle_app = typer.Typer(help="One cryptid battle and its log.", add_completion=False)
odds_app = typer.Typer(help="Win, tie and loss odds of a cryptid matchup.", add_completion=False)

Team = Annotated[str, typer.Option(help="a team id of the content, or a team YAML file")]
Rulings = Annotated[list[str] | None, typer.Option("--ruling", help="id=option, repeatable")]
Content = Annotated[str | None, typer.Option(help="folder of YAML files replacing the sample")]
Seed = Annotated[int, typer.Option(help="random seed")]


def _ruleset() -> CryptidsRuleset:
    ruleset = registry.load("cryptids")
    assert isinstance(ruleset, CryptidsRuleset)
    return ruleset


def roll_script(text: str) -> list[ScriptValue]:
    """A battle's ``--dice``: rolls of two values ``a+b``, separated by commas.

    ``rulekeeper play`` takes any grouping, and checks only that the values pair up.
    """
    values = parse_dice_script(text)
    for number, group in enumerate(text.split(","), 1):
        if group.count("+") != 1:
            raise DiceScriptError(f"--dice: each roll is two values a+b (e.g. 3+4,6+6); roll "
                                  f"{number} is {group.strip()!r}")
    return values


@battle_app.callback(invoke_without_command=True)
def battle(left: Team = "french-legends", right: Team = "backwoods",
           dice: Annotated[str | None, typer.Option(
               help="scripted dice, two per roll: 3+4,6+6,...")] = None,
           seed: Seed = 0, lang: Annotated[str, typer.Option(help="en or fr")] = "en",
           ruling: Rulings = None, content: Content = None,
           log: Annotated[Path | None, typer.Option(
               help="write the record and events (JSON Lines) for 'rulekeeper replay'")] = None,
           ) -> None:
    """Run one battle and print its log, each event with its rule."""
    ruleset = _ruleset()
    if lang not in ruleset.messages.locales:
        raise UsageError(f"--lang {lang!r} is not available; languages: "
                         f"{', '.join(ruleset.messages.locales)}")
    game = new_game("cryptids", content=content, rulings=parse_assignments(ruling or []),
                    seed=seed, options={"left": left, "right": right},
                    dice=roll_script(dice) if dice else ())
    for event in game.events:
        console.print(f"{ruleset.messages.render(event, lang)} [dim]\\[{event.rule}][/dim]",
                      highlight=False)
    if log is not None:
        write_log(log, game, lang)
        console.print(f"Record written to {log}; replay it with: rulekeeper replay {log}")


@odds_app.callback(invoke_without_command=True)
def odds(left: Team = "french-legends", right: Team = "backwoods",
         games: Annotated[int, typer.Option(min=1, help="battles to simulate")] = 10_000,
         exact_: Annotated[bool, typer.Option(
             "--exact", help="enumerate every throw instead (small teams)")] = False,
         max_states: Annotated[int, typer.Option(
             min=1, help="cut-off of --exact: most battle states enumerated")] = DEFAULT_MAX_STATES,
         seed: Seed = 0, ruling: Rulings = None, content: Content = None,
         as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """Win, tie and loss of the left team, with battle length and remaining HP."""
    ruleset = _ruleset()
    loaded = ruleset.load_content(content)[0]
    assert isinstance(loaded, CryptidsContent)
    rulings = BattleRulings.read(resolve(ruleset.rulings, parse_assignments(ruling or [])))
    a, b = ruleset.lineup(loaded, left, "left"), ruleset.lineup(loaded, right, "right")
    report = exact(a, b, rulings, max_states) if exact_ else monte_carlo(a, b, rulings, games,
                                                                          seed)
    report.show(as_json=as_json, console=console)
