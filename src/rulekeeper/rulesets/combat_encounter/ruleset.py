"""combat-encounter: the Combat Encounters of a d20 dungeon game, in a small sample dungeon game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from rulekeeper.core.entities import Entities, MainStat, Measure
from rulekeeper.core.errors import ContentError
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.odds import OddsQuestions
from rulekeeper.core.rng import Rng
from rulekeeper.core.ruleset import Choice, GameOver, Procedure, Result, Ruleset
from rulekeeper.rulesets.combat_encounter import hidden
from rulekeeper.rulesets.combat_encounter import view as views
from rulekeeper.rulesets.combat_encounter.catalogue import Catalogue
from rulekeeper.rulesets.combat_encounter.damage import DamageDice
from rulekeeper.rulesets.combat_encounter.gameplay import play_game, player_turns
from rulekeeper.rulesets.combat_encounter.history import HISTORY
from rulekeeper.rulesets.combat_encounter.messages import TEMPLATES
from rulekeeper.rulesets.combat_encounter.models import CombatContent, reference_problem
from rulekeeper.rulesets.combat_encounter.rulings import CombatRulings
from rulekeeper.rulesets.combat_encounter.setup import set_up
from rulekeeper.rulesets.combat_encounter.table import (
    SLOT_KINDS,
    WEAPON_SLOTS,
    CombatOptions,
    CombatTable,
    State,
)

HERE = Path(__file__).parent
SEATS = tuple(f"p{i}" for i in range(1, 7))
SPREAD = 4
"""Health that makes a Player about three times as likely to win, in a search's estimate."""

STARTS = (Choice("ambush", "an Ambush"), Choice("challenge", "a Challenge"),
          Choice("gong", "the Opening Gong"),
          Choice("random", "drawn at random (the kind, the pair, the Hidden Players)"))
"""How the opening Combat Encounter may begin (``start``), in words."""

METRICS = ("encounters", "attacks", "hits", "criticals", "critical_failures", "drops",
           "combat_damage", "deaths", "flees", "disengages", "random_encounters", "loot_taken",
           "clock")


ENTITIES = Entities((Measure.DAMAGE, Measure.KILLS, Measure.SURVIVED),
                    (MainStat("health", "characters.cards.*.health", lowest=1),))
"""What the metrics record of each Player's Character (entity.<seat>.<character>.<measure>),
and its main stat: its Health."""


class CombatEncounterRuleset(Ruleset[CombatTable]):
    """Combat Encounters of a d20 dungeon game (06_COMBAT_ENCOUNTER) with sample chapters."""

    meta = RulesetMeta(
        name="combat-encounter", version=4, title="Combat Encounter (d20 dungeon)",
        players=SEATS, min_players=2, chance=True, hidden_information=True,
        max_length=20_000, max_steps=10_000, source="combat-encounter.en.txt")
    """The work budget: decisions (the longest bot game of 2,400 took 277), and automated
    steps: Combat Order Checks (tie-break rerolls repeat) and Random Encounter effects
    (at most 50 in a bot game)."""
    ruling_set = CombatRulings
    history = HISTORY
    table_type = CombatTable
    content_model = CombatContent
    content_dir = HERE / "content"
    locale_dir = HERE / "locale"
    rules_files = (HERE / "rules.yaml",)
    templates = TEMPLATES
    options_model = CombatOptions
    metrics = METRICS
    entities = ENTITIES
    bots = {"heuristic": "rulekeeper.rulesets.combat_encounter.bots:HeuristicBot",
            "cautious": "rulekeeper.rulesets.combat_encounter.bots:CautiousBot"}
    default_bot = "heuristic"
    drawing = views.DungeonDrawing()
    search = {"rollout": "heuristic", "c": "1"}
    """The heuristic bot's rollouts to the end, scored win or loss, so ``c=1`` (docs/
    benchmarks.md, "How often mcts wins")."""
    odds_questions = OddsQuestions("combat-encounter",
                                   "rulekeeper.rulesets.combat_encounter.odds:QUESTIONS")

    def prepare(self, content: CombatContent) -> Catalogue:
        """The content indexed by id, the board and the parsed Damage values."""
        return Catalogue(content)

    def check_content(self, content: Any, user_dir: Path | None) -> None:
        """The ids one file names checked against the others."""
        problem = reference_problem(content)
        if problem is not None:
            name, message = problem
            path = user_dir / f"{name}.yaml" if user_dir and (
                user_dir / f"{name}.yaml").is_file() else self.content_dir / f"{name}.yaml"
            raise ContentError(str(path), message)

    def parse_options(self, given: Mapping[str, Any] | None) -> BaseModel:
        """The setup options; a record of version 1 or 2 with ``--start random`` holds the
        initiator and target defaults of then (p1, p2), which that start ignored."""
        if given and given.get("start") == "random" and not self.made("random-start-alone"):
            given = {**given, "initiator": None, "target": None, "hidden": []}
        return super().parse_options(given)

    def seats(self, options: Any) -> tuple[str, ...]:
        return SEATS[:options.players]

    def option_choices(self, content: CombatContent) -> Mapping[str, Sequence[Choice]]:
        return {"start": STARTS,
                "characters": [Choice(c.id, c.name) for c in content.characters.cards]}

    def play(self, table: CombatTable) -> Procedure:
        opening = set_up(table)
        yield from play_game(table, opening)

    def resume(self, table: CombatTable) -> Procedure:
        """Goes on after a Player Turn, or after the opening Combat Encounter."""
        return player_turns(table, None)

    def determinize(self, table: CombatTable, seat: str, rng: Rng) -> None:
        """The Room of every other Hidden Player drawn among those its Move Actions since it
        was last seen could have reached; the Random Encounter deck shuffled."""
        if table.state is not None:
            hidden.redraw(table, seat, rng)

    def game_over(self, table: CombatTable, over: GameOver) -> Result:
        """The game's numbers; nobody's turn any more (what a view shows)."""
        table.state.active = None
        return Result(over.winner, over.reason, table.state.round, self._metrics(table.state))

    def judge(self, table: CombatTable) -> str | None:
        """The Surviving Player with the most Health (``work-budget=judge``); None on a tie."""
        health = sorted(((p.health, seat) for seat, p in table.state.players.items()
                         if p.alive), reverse=True)
        if not health or (len(health) > 1 and health[0][0] == health[1][0]):
            return None
        return health[0][1]

    def evaluate(self, table: CombatTable) -> Mapping[str, float] | None:
        """A search's estimate (not a rule): each Surviving Player's chance grows threefold
        with every ``SPREAD`` Health it has over another; the dead have none."""
        if table.state is None:
            return None
        weight = {seat: 3 ** (p.health / SPREAD) if p.alive else 0.0
                  for seat, p in table.state.players.items()}
        total = sum(weight.values())
        return {seat: w / total for seat, w in weight.items()} if total else None

    def _metrics(self, state: State) -> dict[str, float]:
        metrics: dict[str, float] = {name: float(state.metrics[name]) for name in METRICS}
        metrics["clock"] = float(state.clock)
        for seat, player in state.players.items():
            character = player.character.id
            metrics[f"played.{character}"] = 1.0
            metrics[f"survived.{character}" if player.alive else f"defeated.{character}"] = 1.0
            metrics[f"damage.{seat}"] = float(state.metrics[f"damage.{seat}"])
            ENTITIES.record(metrics, seat, character, {
                Measure.DAMAGE: state.metrics[f"damage.{seat}"],
                Measure.KILLS: state.metrics[f"kills.{seat}"], Measure.SURVIVED: player.alive})
        return metrics

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        """Numbers only: the d20 of checks and the dice of Damage values."""
        sides = [s for item in content.items.cards if item.damage is not None
                 for _, _, s in DamageDice.parse(item.damage).dice]
        return frozenset(), max([20, *sides])

    def view(self, table: CombatTable, player: str | None) -> dict[str, Any]:
        if table.state is None:
            return {}
        return views.game_view(table, player)

    def render(self, view: Mapping[str, Any]) -> str:
        return views.render(view) if view.get("state") else ""

    def invariant_violations(self, table: CombatTable) -> list[str]:
        state: State | None = table.state
        if state is None:
            return []
        cat = table.prepared
        wrong = []
        for seat, p in state.players.items():
            if p.alive != (p.room is not None):
                wrong.append(f"{seat}: alive={p.alive} but room={p.room}")
            if p.room is not None and p.room not in cat.room_names:
                wrong.append(f"{seat}: unknown room {p.room}")
            if p.alive and not 0 < p.health <= p.character.health:
                wrong.append(f"{seat}: alive with health {p.health}")
            if p.kaos < 0 or p.rerolls < 0:
                wrong.append(f"{seat}: negative tokens")
            if not p.dropped <= {s for s in WEAPON_SLOTS if p.slots[s] is not None}:
                wrong.append(f"{seat}: a Dropped Weapon outside a filled Weapon Slot")
            if p.dropped and state.encounter is None:
                wrong.append(f"{seat}: a Dropped Weapon outside a Combat Encounter")
            for slot, item in p.equipped():
                if cat.items[item].kind != SLOT_KINDS[slot]:
                    wrong.append(f"{seat}: {item} in slot {slot}")
            if len(set(p.statuses)) != len(p.statuses):
                wrong.append(f"{seat}: a Status twice")
        encounter = state.encounter
        if encounter is not None:
            if len(set(encounter.order)) != len(encounter.order):
                wrong.append("a Combatant twice in Combat Order")
            for seat in encounter.order:
                p = state.players[seat]
                if not p.alive or p.room != encounter.room:
                    wrong.append(f"{seat}: a Combatant outside the Combat Room")
        cards = sum(card.count for card in cat.content.encounters.cards)
        if len(state.deck) + len(state.discard) != cards:
            wrong.append("Random Encounter cards lost")
        return wrong
