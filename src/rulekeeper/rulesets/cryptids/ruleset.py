"""The ``cryptids-v1`` ruleset: one battle between the teams of options ``left`` and ``right``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from rulekeeper.core.entities import Entities, MainStat, Measure
from rulekeeper.core.errors import DiceScriptError, OptionError
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.odds import OddsQuestions
from rulekeeper.core.rng import ScriptValue
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Choice, GameOver, Procedure, Result, Ruleset
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.rulesets.cryptids import view as views
from rulekeeper.rulesets.cryptids.battle import SIDES, SUDDEN_DEATH, Battle, Outcome
from rulekeeper.rulesets.cryptids.cards import Catalogue, Lineup, lineup
from rulekeeper.rulesets.cryptids.end import BY_HP, ROLL_CAP
from rulekeeper.rulesets.cryptids.kernel import engines as kernel_engines
from rulekeeper.rulesets.cryptids.messages import TEMPLATES
from rulekeeper.rulesets.cryptids.models import CryptidsContent, TeamFromFile, team_option
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings
from rulekeeper.rulesets.cryptids.table import BattleOptions, CryptidsTable
from rulekeeper.rulesets.cryptids.told import ToldFor

HERE = Path(__file__).parent


ENTITIES = Entities((Measure.SURVIVED,), (MainStat("hp", "cryptids.cryptids.*.hp", lowest=1),))
"""What the metrics record of each cryptid (entity.<side>.<cryptid>.survived; the kernel
counts no damage per cryptid), and its main stat: its HP."""


@dataclass(frozen=True)
class BattleFacts:
    """The numbers of a battle's rules that a page says (how to play), declared once.

    Attributes:
        roll_cap: the battle ends after this roll, the side with more HP left winning.
        sudden_death: from this roll on, every hit gets stronger.
        by_hp: the ends judged by the HP left (an outcome's ``reason``).
    """

    roll_cap: int
    sudden_death: int
    by_hp: tuple[str, ...]


FACTS = BattleFacts(roll_cap=ROLL_CAP, sudden_death=SUDDEN_DEATH, by_hp=BY_HP)


class CryptidsRuleset(Ruleset[CryptidsTable]):
    meta = RulesetMeta(name="cryptids", version=1, title="Cryptids: battle",
                       players=SIDES, chance=True, hidden_information=False, max_length=0,
                       source="cryptids-bataille.fr.txt")
    ruling_set = CryptidsRulings
    table_type = CryptidsTable
    content_model = CryptidsContent
    content_dir = HERE / "content"
    rules_files = (HERE / "rules.yaml",)
    templates = TEMPLATES
    locale_dir = HERE / "locale"
    options_model = BattleOptions
    odds_questions = OddsQuestions("cryptids", "rulekeeper.rulesets.cryptids.odds:QUESTIONS")
    drawing = views.RowsDrawing()
    metrics = ("rolls", "rerolls", "hp.left", "hp.right", "damage.left", "damage.right",
               "wins.left", "wins.right", "lives-lost.left", "lives-lost.right")

    entities = ENTITIES
    engines = kernel_engines.ENGINES
    facts = FACTS

    @cached_property
    def told_for(self) -> ToldFor:
        """A battle's events told for one of its sides ("your row has 6 HP left, theirs
        5"): ``told_for(side, lang)`` gives each event's sentence, None for an event that
        names no side (:mod:`.told`)."""
        return ToldFor(HERE / "locale")

    def use_engine(self, engine: str) -> None:
        """The compiled kernel or the Python engine (:mod:`.kernel.engines`)."""
        kernel_engines.choose(engine)

    def warm_up(self, say: Callable[[str], None]) -> None:
        """Compile the kernel that works out the odds of battles (or read it from numba's
        cache) by playing a few battles with it: compiled once after an install (one to three
        minutes), then read in a second."""
        say("loading the cryptids battle kernel (compiled once after an install: one to three "
            "minutes, by the machine)")
        content = self.load_content()[0]
        assert isinstance(content, CryptidsContent)
        teams = [team.id for team in content.teams.teams]
        left = self.lineup(content, teams[0], "left")
        right = self.lineup(content, teams[-1], "right")
        kernel_engines.play([(left, right)], CryptidsRulings({}), (0, 0, 4), "kernel", sets=True)
        kernel_engines.play([(left, right)], CryptidsRulings({}), (0, 0, 4), "kernel")

    def play_many(self, content: CryptidsContent, options: BattleOptions,
                  rulings: Mapping[str, str], seeds: Sequence[int]) -> list[Result]:
        """Battles without a log, played together by the engine in use: the results of
        :meth:`play` for the same seeds."""
        left = self.lineup(content, options.left, "left")
        right = self.lineup(content, options.right, "right")
        played = kernel_engines.play([(left, right)], CryptidsRulings(rulings), seeds,
                                     sets=True)
        return [result(played.outcome(index)) for index in range(len(seeds))]

    def prepare(self, content: CryptidsContent) -> Catalogue:
        """The content's cards, compiled once (and its teams, once each, as games ask)."""
        return Catalogue(content)

    def play(self, table: CryptidsTable) -> Procedure:
        """The battle runs by itself: 'Vous ne faites aucun choix pendant une bataille.'"""
        left = self.lineup(table.content, table.options.left, "left")
        right = self.lineup(table.content, table.options.right, "right")
        battle = Battle(left, right, table.rng, table.rulings,
                        table.emit if table.logging else None)
        table.state = battle
        outcome = battle.run()
        cites("battle.no-choices", "battle.shop.a")  # every choice was made in the shop
        yield from ()
        raise GameOver(outcome.winner, outcome.reason, outcome.rolls)

    def game_over(self, table: CryptidsTable, over: GameOver) -> Result:
        """The battle's result, with its metrics."""
        battle = table.state
        if not isinstance(battle, Battle) or battle.outcome is None:
            return super().game_over(table, over)
        return result(battle.outcome)

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        """Scripted dice are d6 values: numbers 1 to 6."""
        return frozenset(), 6

    def check_dice_script(self, content: Any, values: Sequence[ScriptValue]) -> None:
        """Values 1 to 6, two a roll: a lone last value would leave a roll half scripted."""
        super().check_dice_script(content, values)
        if len(values) % 2:
            raise DiceScriptError(f"--dice: each roll is two values a+b (e.g. 3+4,6+6); roll "
                                  f"{len(values) // 2 + 1} has only one ({values[-1]})")

    def option_choices(self, content: CryptidsContent) -> Mapping[str, Sequence[Choice]]:
        teams = [Choice(t.id, t.name if isinstance(t.name, str) else t.name["en"])
                 for t in content.teams.teams]
        return {"left": teams, "right": teams}

    def catalogue(self, content: CryptidsContent) -> Catalogue:
        """The content's cards, compiled once: its preparation."""
        prepared: Catalogue = self.prepared(content)
        return prepared

    def lineup(self, content: CryptidsContent, team: str | TeamFromFile,
               side: str = "left") -> Lineup:
        """A team id of the content, or a team file (its path, or the team read from it),
        compiled for battle once per content (kept in its preparation)."""
        catalogue = self.catalogue(content)
        compiled = catalogue.lineups
        if isinstance(team, str):
            known = compiled.get(team)
            if known is not None:
                return known
            team = team_option(team, side)
        if isinstance(team, TeamFromFile):
            key = team.model_dump_json()
            if key not in compiled:
                compiled[key] = lineup(team.checked(content), catalogue)
            return compiled[key]
        entry = content.team(team)
        if entry is None:
            ids = [t.id for t in content.teams.teams]
            problem = f"no team {team!r}{did_you_mean(team, ids)}; teams: {', '.join(ids)}"
            # the command line reads team files; the server takes none (the problem alone)
            raise OptionError(f"--{side}: {problem}; or give a path to a team YAML file", side,
                              problem)
        compiled[team] = lineup(entry, catalogue)
        return compiled[team]

    def view(self, table: CryptidsTable, player: str | None) -> dict[str, Any]:
        return views.view(table, player)

    def render(self, view: Mapping[str, Any]) -> str:
        return views.render(view)

    def invariant_violations(self, table: CryptidsTable) -> list[str]:
        battle = table.state
        return battle.check() if isinstance(battle, Battle) else []


@cites("end.draw.a", "end.draw.b")  # a tie: no life lost, no win
def result(outcome: Outcome) -> Result:
    """The game result of a battle, with its metrics (per side and per cryptid)."""
    winner = outcome.winner
    metrics: dict[str, float] = {"rolls": outcome.rolls, "rerolls": outcome.rerolls}
    for index, side in enumerate(SIDES):
        metrics[f"hp.{side}"] = outcome.hp[index]
        metrics[f"damage.{side}"] = outcome.damage[index]
        metrics[f"wins.{side}"] = int(winner == side)
        metrics[f"lives-lost.{side}"] = int(winner is not None and winner != side)
        for name, ids in (("played", outcome.fielded), ("survived", outcome.survivors),
                          ("defeated", outcome.defeated)):
            for cryptid in sorted(ids[index]):
                metrics[f"{name}.{side}.{cryptid}"] = 1
        for cryptid in sorted(outcome.fielded[index]):
            ENTITIES.record(metrics, side, cryptid, {
                Measure.SURVIVED: cryptid in outcome.survivors[index]})
    return Result(winner, outcome.reason, outcome.rolls, metrics)
