"""The ``cryptids-v1`` ruleset: one battle between the teams of options ``left`` and ``right``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationInfo, field_validator

from rulekeeper.core.errors import DiceScriptError, UsageError
from rulekeeper.core.odds import OddsQuestions
from rulekeeper.core.registry import RulesetMeta
from rulekeeper.core.rng import ScriptValue
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import NoOptions, Procedure, Result, Ruleset, Table
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.rulesets.cryptids.battle import SIDES, Battle, Outcome
from rulekeeper.rulesets.cryptids.cards import Catalogue, Lineup, lineup
from rulekeeper.rulesets.cryptids.kernel import engines as kernel_engines
from rulekeeper.rulesets.cryptids.messages import TEMPLATES
from rulekeeper.rulesets.cryptids.rulings import BattleRulings, CryptidsRulings
from rulekeeper.rulesets.cryptids.schema import CryptidsContent, TeamFromFile, team_option

HERE = Path(__file__).parent


class BattleOptions(NoOptions):
    """Which teams fight: a team id of the content, or a path to a team YAML file.

    A team file is read as the options are parsed, so the game's record holds the team
    itself (:class:`TeamFromFile`), not a path that means something else elsewhere.
    """

    left: str | TeamFromFile = Field("french-legends",
                                     description="the left team: a team id or a YAML file")
    right: str | TeamFromFile = Field("backwoods",
                                      description="the right team: a team id or a YAML file")

    @field_validator("left", "right", mode="before")
    @classmethod
    def _read_team_file(cls, value: Any, info: ValidationInfo) -> Any:
        return team_option(value, str(info.field_name)) if isinstance(value, str) else value


class CryptidsTable(Table):
    """The table of a battle game: the battle itself is its state."""

    __slots__ = ()
    state: Battle
    content: CryptidsContent
    options: BattleOptions
    prepared: Catalogue
    rulings: CryptidsRulings


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
    metrics = ("rolls", "rerolls", "hp.left", "hp.right", "damage.left", "damage.right",
               "wins.left", "wins.right", "lives-lost.left", "lives-lost.right")

    engines = kernel_engines.ENGINES

    def use_engine(self, engine: str) -> None:
        """The compiled kernel or the Python engine (:mod:`.kernel.engines`)."""
        kernel_engines.choose(engine)

    def play_many(self, content: CryptidsContent, options: BattleOptions,
                  rulings: Mapping[str, str], seeds: Sequence[int]) -> list[Result]:
        """Battles without a log, played together by the engine in use: the results of
        :meth:`play` for the same seeds."""
        left = self.lineup(content, options.left, "left")
        right = self.lineup(content, options.right, "right")
        played = kernel_engines.play([(left, right)], BattleRulings.read(rulings), seeds,
                                     sets=True)
        return [result(played.outcome(index)) for index in range(len(seeds))]

    def prepare(self, content: CryptidsContent) -> Catalogue:
        """The content's cards, compiled once (and its teams, once each, as games ask)."""
        return Catalogue(content)

    def play(self, table: CryptidsTable) -> Procedure:
        """The battle runs by itself: 'Vous ne faites aucun choix pendant une bataille.'"""
        left = self.lineup(table.content, table.options.left, "left")
        right = self.lineup(table.content, table.options.right, "right")
        battle = Battle(left, right, table.rng, BattleRulings.of(table.rulings),
                        table.emit if table.logging else None)
        table.state = battle
        outcome = battle.run()
        cites("battle.no-choices", "battle.shop.a")  # every choice was made in the shop
        yield from ()
        return result(outcome)

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        """Scripted dice are d6 values: numbers 1 to 6."""
        return frozenset(), 6

    def check_dice_script(self, content: Any, values: Sequence[ScriptValue]) -> None:
        """Values 1 to 6, two a roll: a lone last value would leave a roll half scripted."""
        super().check_dice_script(content, values)
        if len(values) % 2:
            raise DiceScriptError(f"--dice: each roll is two values a+b (e.g. 3+4,6+6); roll "
                                  f"{len(values) // 2 + 1} has only one ({values[-1]})")

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
            raise UsageError(f"--{side}: no team {team!r}{did_you_mean(team, ids)}; teams: "
                             f"{', '.join(ids)}; or give a path to a team YAML file")
        compiled[team] = lineup(entry, catalogue)
        return compiled[team]

    def view(self, table: CryptidsTable, player: str | None) -> dict[str, Any]:
        battle = table.state
        if not isinstance(battle, Battle):
            return {}
        return {
            "roll": battle.roll,
            "total": battle.total,
            "teams": {SIDES[s]: dict(battle.lineups[s].label) for s in (0, 1)},
            "rows": {SIDES[s]: [f.view() for f in battle.rows[s]] for s in (0, 1)},
        }

    def render(self, view: Mapping[str, Any]) -> str:
        state = view.get("state", view)
        if not state:
            return ""
        lines = [f"roll {state['roll']}, total {state['total']}"]
        for side in SIDES:
            lines.append(f"{side} ({state['teams'][side]['en']}):")
            for place, f in enumerate(state["rows"][side], 1):
                extra = "".join([f", shield {f['shield']}" if f["shield"] else "",
                                 f", attack +{f['attack']}" if f["attack"] else "",
                                 "".join(f", {s['damage_over_time']} per roll for {s['rolls']}"
                                         for s in f["statuses"])])
                lines.append(f"  {place}. {f['name']['en']}: {f['hp']}/{f['max_hp']} HP, "
                             f"threat {f['threat']}{extra}")
        return "\n".join(lines)

    def invariant_violations(self, table: CryptidsTable) -> list[str]:
        battle = table.state
        return battle.check() if isinstance(battle, Battle) else []


def result(outcome: Outcome) -> Result:
    """The game result of a battle, with its metrics (per side and per cryptid)."""
    cites("end.draw.a", "end.draw.b")  # a tie: no life lost, no win
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
    return Result(winner, outcome.reason, outcome.rolls, metrics)
