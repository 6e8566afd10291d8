"""combat-encounter: the Combat Encounters of a d20 dungeon game, in a small sample dungeon game."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulekeeper.core.errors import ContentError
from rulekeeper.core.registry import RulesetMeta
from rulekeeper.core.ruleset import Procedure, Result, Ruleset, Table
from rulekeeper.core.rulings import Ruling
from rulekeeper.rulesets.combat_encounter import view as views
from rulekeeper.rulesets.combat_encounter.damage import DamageDice
from rulekeeper.rulesets.combat_encounter.gameplay import play_game
from rulekeeper.rulesets.combat_encounter.models import CombatContent, reference_problem
from rulekeeper.rulesets.combat_encounter.random_encounters import build_deck
from rulekeeper.rulesets.combat_encounter.setup import CombatOptions, opening_for, players_for
from rulekeeper.rulesets.combat_encounter.state import (
    SLOT_KINDS,
    WEAPON_SLOTS,
    Catalog,
    Ctx,
    GameOver,
    State,
)
from rulekeeper.rulesets.combat_encounter.templates import TEMPLATES

HERE = Path(__file__).parent
SEATS = tuple(f"p{i}" for i in range(1, 7))

RULINGS = (
    Ruling("crit-fixed-damage", "What does a Critical Hit do with a Weapon whose Damage is a "
           "fixed value (no dice to roll twice)?", ("double", "single"), "double"),
    Ruling("kaos-step", "How much does each Kaos spent add to an Attack Check's Final Result?",
           ("1", "2", "3"), "1"),
    Ruling("sample-death", "What follows a death by Combat Damage? (Death, Player Fall and "
           "Final Death are in chapters the text does not give.)", ("loot-one", "no-loot"),
           "loot-one"),
    Ruling("kaos-natural-1", "Does Kaos spent on a natural 1 only prevent the Weapon drop, or "
           "can it turn the failed Attack Check into a hit?", ("prevents-drop", "turns-check"),
           "prevents-drop"),
    Ruling("order-tie-rewards", "Does a natural 1 or 20 on a Combat Order Check replaced by a "
           "tie-break reroll still give its reward?", ("final-roll", "every-roll"),
           "final-roll"),
    Ruling("flee-next", "After a Flee, which Combatant is 'the next Combatant in Combat Order'?",
           ("follower", "first"), "follower"),
)

METRICS = ("encounters", "attacks", "hits", "criticals", "critical_failures", "drops",
           "combat_damage", "deaths", "flees", "disengages", "random_encounters", "loot_taken",
           "clock")


class CombatEncounterRuleset(Ruleset):
    """Combat Encounters of a d20 dungeon game (06_COMBAT_ENCOUNTER) with sample chapters."""

    meta = RulesetMeta(
        name="combat-encounter", version=1, title="Combat Encounter (d20 dungeon)",
        players=SEATS, min_players=2, chance=True, hidden_information=True,
        max_length=20_000, source="combat-encounter.en.txt")
    rulings = RULINGS
    content_model = CombatContent
    content_dir = HERE / "content"
    rules_files = (HERE / "rules.yaml",)
    templates = TEMPLATES
    options_model = CombatOptions
    metrics = METRICS
    bots = {"heuristic": "rulekeeper.rulesets.combat_encounter.bots:HeuristicBot"}
    default_bot = "heuristic"

    def __init__(self) -> None:
        self._catalogs: dict[int, tuple[CombatContent, Catalog]] = {}

    def catalog(self, content: CombatContent) -> Catalog:
        """The content indexed by id (built once per content)."""
        found = self._catalogs.get(id(content))
        if found is None or found[0] is not content:
            found = (content, Catalog(content))
            self._catalogs[id(content)] = found
        return found[1]

    def check_content(self, content: Any, user_dir: Path | None) -> None:
        """The ids one file names checked against the others."""
        problem = reference_problem(content)
        if problem is not None:
            name, message = problem
            path = user_dir / f"{name}.yaml" if user_dir and (
                user_dir / f"{name}.yaml").is_file() else self.content_dir / f"{name}.yaml"
            raise ContentError(str(path), message)

    def seats(self, options: Any) -> tuple[str, ...]:
        return SEATS[:options.players]

    def play(self, table: Table) -> Procedure:
        cat = self.catalog(table.content)
        state = State(players_for(cat, table.options, table.seats), deck=[])
        table.state = state
        ctx = Ctx(table, state, cat)
        state.deck = build_deck(ctx)
        opening = opening_for(state, table.options, table.rng)
        for seat in opening.hidden:
            state.players[seat].statuses.append("hidden")
        for player in state.players.values():
            ctx.emit_where(player.seat, "setup", "sample.game.setup", "setup.hidden", "room",
                           who=player.seat, character=player.character.name,
                           room=ctx.room_name(player.room))
        if table.options.start == "random":
            ctx.emit("setup.random", "sample.game.setup", by=opening.kind,
                     initiator=state.players[opening.initiator].label,
                     target=state.players[opening.target].label,
                     hidden=[state.players[s].label for s in opening.hidden] or ["nobody"])
        for seat in opening.hidden:
            ctx.emit("status.gained", "sample.game.setup", who=state.players[seat].label,
                     status="Hidden")
        try:
            yield from play_game(ctx, opening)
        except GameOver as over:
            result = over.result
        return Result(result.winner, result.reason, state.round, self._metrics(state))

    def _metrics(self, state: State) -> dict[str, float]:
        metrics: dict[str, float] = {name: float(state.metrics[name]) for name in METRICS}
        metrics["clock"] = float(state.clock)
        for seat, player in state.players.items():
            character = player.character.id
            metrics[f"played.{character}"] = 1.0
            metrics[f"survived.{character}" if player.alive else f"defeated.{character}"] = 1.0
            metrics[f"damage.{seat}"] = float(state.metrics[f"damage.{seat}"])
        return metrics

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        """Numbers only: the d20 of checks and the dice of Damage values."""
        sides = [s for item in content.items.cards if item.damage is not None
                 for _, _, s in DamageDice.parse(item.damage).dice]
        return frozenset(), max([20, *sides])

    def view(self, table: Table, player: str | None) -> dict[str, Any]:
        if table.state is None:
            return {}
        return views.game_view(Ctx(table, table.state, self.catalog(table.content)), player)

    def render(self, view: Mapping[str, Any]) -> str:
        return views.render(view) if view.get("state") else ""

    def invariant_violations(self, table: Table) -> list[str]:
        state: State | None = table.state
        if state is None:
            return []
        cat = self.catalog(table.content)
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
