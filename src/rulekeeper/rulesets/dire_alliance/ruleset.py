"""The ``dire-alliance-battle`` ruleset: static facts, rulings, content, view and invariants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.odds import OddsQuestions
from rulekeeper.core.rng import Rng
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Choice, GameOver, Procedure, Result, Ruleset
from rulekeeper.rulesets.dire_alliance import (
    battle,
    content_checks,
    dice,
    estimate,
    hidden,
    history,
    setup,
)
from rulekeeper.rulesets.dire_alliance.cards import DECK_COPIES, DREAD, SUPPLY_COPIES
from rulekeeper.rulesets.dire_alliance.messages import TEMPLATES
from rulekeeper.rulesets.dire_alliance.models import DireAllianceContent
from rulekeeper.rulesets.dire_alliance.options import BattleOptions
from rulekeeper.rulesets.dire_alliance.rulings import BattleRulings
from rulekeeper.rulesets.dire_alliance.table import BattleTable
from rulekeeper.rulesets.dire_alliance.tabletop import Boards, prepare_boards
from rulekeeper.rulesets.dire_alliance.view import BattleDrawing, battle_view, render_battle

HERE = Path(__file__).parent

WON = {"objectives": ("battle.game.end.b", "three of the opponent's objectives claimed"),
       "sites": ("battle.sample.standing-stones.goal", "the scenario's sites are held")}
"""The goals that end a game at once: the rule, and the reason told."""


class DireAllianceBattle(Ruleset[BattleTable]):
    """Dire Alliance: Horror, Battle Mode: two players, red and blue."""

    meta = RulesetMeta(name="dire-alliance-battle", version=3,
                       title="Dire Alliance: Horror — Battle Mode", players=setup.SEATS,
                       chance=True, hidden_information=True, max_length=20000,
                       max_steps=20_000, source="dire-alliance-horror.en.txt")
    ruling_set = BattleRulings
    history = history.BATTLE
    table_type = BattleTable
    code_paths = tuple(sorted(HERE.glob("*.py")))
    """Battle Mode's code: the package's modules (Raid Mode's subpackage is not Battle's)."""
    content_model = DireAllianceContent
    content_dir = HERE / "content"
    locale_dir = HERE / "locale"
    rules_files = (HERE / "rules.yaml",)
    options_model = BattleOptions
    metrics = battle.METRICS
    entities = battle.ENTITIES
    bots = {"heuristic": "rulekeeper.rulesets.dire_alliance.bots:HeuristicBot"}
    default_bot = "heuristic"
    compiled = tuple(f"rulekeeper.rulesets.dire_alliance.{name}" for name in (
        "bots", "actions", "battle", "special", "attack", "damage", "movement", "opportunity",
        "cards", "estimate", "pieces", "copies", "asking", "messages", "tabletop", "table",
        "mode", "hidden", "dice"))
    """The bot, the steps of the rules and a search's estimate (docs/benchmarks.md, "The
    compiled build")."""
    search = {"prior": "heuristic", "depth": "8"}
    """Random rollouts cut after 8 decisions and scored by ``evaluate``, the heuristic bot's
    scores as the prior (docs/benchmarks.md, "How often mcts wins")."""
    odds_questions = OddsQuestions("dire-alliance",
                                   "rulekeeper.rulesets.dire_alliance.odds:QUESTIONS")
    drawing = BattleDrawing()
    templates = TEMPLATES

    @cites("battle.setup.choose-scenario.b", "battle.rulebook.default-scenario")  # the first
    def scenario_choices(self, content: Any) -> list[Choice]:
        return [Choice(s.id, s.name) for s in content.scenarios if s.mode == "battle"]

    def option_choices(self, content: DireAllianceContent) -> Mapping[str, Sequence[Choice]]:
        factions = [Choice(f.id, f.name) for f in content.factions]
        leaders = [Choice(x.id, x.name) for x in content.leaders]
        return {"red_faction": factions, "red_leader": leaders,
                "blue_faction": factions, "blue_leader": leaders}

    def check_content(self, content: Any, user_dir: Path | None) -> None:
        content_checks.check_battle(content, content_checks.Files(self.content_dir, user_dir))

    def prepare(self, content: Any) -> Boards:
        return prepare_boards(content.boards)

    def play(self, table: BattleTable) -> Procedure:
        return battle.play_battle(table)

    def resume(self, table: BattleTable) -> Procedure:
        """Goes on after the setup, after a turn, or inside one (``Battle.progress``)."""
        table.state.logging = table.logging  # a logged game's search worlds log nothing
        return battle.play_rounds(table.state)

    def evaluate(self, table: BattleTable) -> Mapping[str, float] | None:
        """A search's estimate (``estimate.chances``): objectives, sites, fighters, cards,
        where the fighters stand."""
        return estimate.chances(table.state) if table.state is not None else None

    def determinize(self, table: BattleTable, seat: str, rng: Rng) -> None:
        """The opponent's hand dealt again from its hand and deck; both decks shuffled."""
        if table.state is not None:
            for owner, area in table.state.sides.items():
                hidden.redraw(area, owner == seat, rng)

    def game_over(self, table: BattleTable, over: GameOver) -> Result:
        """The closing event of a goal reached, and the game's numbers."""
        t = table.state
        if over.reason in WON:
            rule, reason = WON[over.reason]
            table.emit("won", rule, seat=over.winner, reason=reason)
        t.turn, t.active = "over", None  # nobody plays any more (what a view shows)
        return Result(over.winner, over.reason, t.round, battle.metrics(t))

    def judge(self, table: BattleTable) -> str | None:
        """The rules' own count, as at the round limit: most objectives (or sites)."""
        return battle.at_limit(table.state)[0]

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        return dice.script_faces(content.components)

    def view(self, table: BattleTable, player: str | None) -> dict[str, Any]:
        return battle_view(table.state, player) if table.state is not None else {}

    def render(self, view: Mapping[str, Any]) -> str:
        return render_battle(view) if view.get("state") else ""

    def invariant_violations(self, table: BattleTable) -> list[str]:
        """Card conservation, one area per fighter, defeated fighters off the board."""
        t = table.state
        if t is None:
            return []
        wrong: list[str] = []
        dread = t.dread
        for seat, area in t.sides.items():
            held = area.counts()
            dread += held.pop(DREAD, 0)
            for card in area.supply:
                if held[card] != DECK_COPIES + SUPPLY_COPIES:
                    wrong.append(f"{seat} holds {held[card]} {card} cards")
            if set(held) - set(area.supply):
                wrong.append(f"{seat} holds unknown cards {sorted(set(held) - set(area.supply))}")
        if dread != table.content.components.dread_cards:
            wrong.append(f"{dread} dread cards in all, not {table.content.components.dread_cards}")
        wrong += t.placement_violations()
        wrong += [f"{f.id} is off the board but not defeated" for f in t.fighters.values()
                  if not f.defeated and f.area is None]
        return wrong
