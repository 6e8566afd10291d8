"""The ``dire-alliance-battle`` ruleset: static facts, rulings, content, view and invariants."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulekeeper.core.odds import OddsQuestions
from rulekeeper.core.registry import RulesetMeta
from rulekeeper.core.ruleset import Procedure, Ruleset, Table
from rulekeeper.core.rulings import Ruling
from rulekeeper.rulesets.dire_alliance import (
    actions,
    attack,
    battle,
    cards,
    damage,
    dice,
    healing,
    movement,
    setup,
    special,
)
from rulekeeper.rulesets.dire_alliance.cards import DECK_COPIES, DREAD, SUPPLY_COPIES
from rulekeeper.rulesets.dire_alliance.models import DireAllianceContent
from rulekeeper.rulesets.dire_alliance.view import battle_view, render_battle

HERE = Path(__file__).parent

RULINGS = (
    Ruling("combat-die", "What are the six faces of a combat die? (not public; data)",
           ("default", "hit-heavy", "block-heavy"), "default"),
    Ruling("vampire-die", "What are the six faces of the vampire die? (not public; data)",
           ("default", "single-drain"), "default"),
    Ruling("focus-empty-supply", "A fighter gains more cards than its supply pile holds: what "
           "does it gain?", ("what-is-there", "all-or-nothing"), "what-is-there"),
    Ruling("player-colors", "Are colours flipped at random (the rule) or as the players chose "
           "them with their factions (the demo kit's fixed colours)?", ("as-chosen", "flip"),
           "as-chosen"),
    Ruling("resilient-damage", "\"does not get removed when damaged or does not lose cards\": "
           "does a damaged Resilient fighter lose a card?", ("no-loss", "loses-cards"),
           "no-loss"),
    Ruling("dread-cards", "Dread cards go to the discard pile (Suffering Damage) or to the deck "
           "(Dread Cards)?", ("discard", "deck"), "discard"),
)


class DireAllianceBattle(Ruleset):
    """Dire Alliance: Horror, Battle Mode: two players, red and blue."""

    meta = RulesetMeta(name="dire-alliance-battle", version=1,
                       title="Dire Alliance: Horror — Battle Mode", players=setup.SEATS,
                       chance=True, hidden_information=True, max_length=20000,
                       source="dire-alliance-horror.en.txt")
    rulings = RULINGS
    content_model = DireAllianceContent
    content_dir = HERE / "content"
    rules_files = (HERE / "rules_battle.yaml",)
    options_model = setup.BattleOptions
    metrics = battle.METRICS
    bots = {"heuristic": "rulekeeper.rulesets.dire_alliance.bots:HeuristicBot"}
    default_bot = "heuristic"
    odds_questions = OddsQuestions("dire-alliance",
                                   "rulekeeper.rulesets.dire_alliance.odds:QUESTIONS")
    templates = (cards.TEMPLATES | damage.TEMPLATES | healing.TEMPLATES | attack.TEMPLATES
                 | movement.TEMPLATES | special.TEMPLATES | actions.TEMPLATES | setup.TEMPLATES
                 | battle.TEMPLATES)

    def scenarios(self, content: Any) -> list[str]:
        return [s.id for s in content.scenarios if s.mode == "battle"]

    def play(self, table: Table) -> Procedure:
        return battle.play_battle(table)

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        return dice.script_faces(content.components)

    def view(self, table: Table, player: str | None) -> dict[str, Any]:
        return battle_view(table.state, player) if table.state is not None else {}

    def render(self, view: Mapping[str, Any]) -> str:
        return render_battle(view) if view.get("state") else ""

    def invariant_violations(self, table: Table) -> list[str]:
        """Card conservation, one area per fighter, defeated fighters off the board."""
        if table.state is None:
            return []
        t = table.state.t
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
