"""The ``enemy-attacks`` ruleset: its static facts, and the hooks the engine calls."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from rulekeeper.core.entities import Entities, MainStat, Measure
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.odds import OddsQuestions
from rulekeeper.core.ruleset import Choice, GameOver, Procedure, Result, Ruleset
from rulekeeper.rulesets.enemy_attacks.history import HISTORY
from rulekeeper.rulesets.enemy_attacks.messages import TEMPLATES
from rulekeeper.rulesets.enemy_attacks.models import (
    MAX_ENEMIES,
    MAX_HEROES,
    MAX_ROUNDS,
    EnemyAttacksContent,
)
from rulekeeper.rulesets.enemy_attacks.rounds import rounds, setup
from rulekeeper.rulesets.enemy_attacks.rulings import EnemyAttacksRulings
from rulekeeper.rulesets.enemy_attacks.table import (
    Enemy,
    EnemyAttacksOptions,
    EnemyAttacksTable,
    Hero,
    NonHeroAlly,
    Terrain,
)
from rulekeeper.rulesets.enemy_attacks.view import CrawlerDrawing, render, state_view

HERE = Path(__file__).parent

_PER_ROUND = (MAX_HEROES - 1) + MAX_HEROES * 3 + MAX_ENEMIES * (3 + 2 + 2 * MAX_HEROES)
"""Most decisions a round can ask: Hero order, Hero turns (two choices and a stamina spend),
and per Enemy two ties, a way to move, the exception (two players), and for every Hero an
area attack hits, two stamina spends (reactive and active checks)."""
MAX_STEPS = 50_000
"""Automated steps of a game: one per Enemy turn (200 at most) and one per extra die a
check rolls. The sample games use fewer than 100; an Action die that is mostly extra faces
reaches it within a few rounds."""

_END_RULES = {
    "every-enemy-defeated": "sample.scenario.heroes-win",
    "every-hero-wounded-out": "sample.scenario.heroes-lose",
    "round-limit": "sample.scenario.round-limit",
}
"""The rule of each way the skirmish ends (the work budget's event is the engine's)."""


ENTITIES = Entities(
    (Measure.DAMAGE, Measure.KILLS, Measure.SURVIVED, Measure.ROUNDS),
    (MainStat("stamina", "allies.heroes.*.stamina", lowest=1),
     MainStat("health", "allies.non_hero_allies.*.health", lowest=1),
     MainStat("health", "enemies.enemies.*.health", lowest=1)))
"""What the metrics record of each figure (entity.heroes|enemies.<figure>.<measure>; a
scenario's second copy of a figure has its own id, cultist-2), and their main stats: a
Hero's stamina, an Ally's or an Enemy's health."""


class EnemyAttacksRuleset(Ruleset[EnemyAttacksTable]):
    meta = RulesetMeta(name="enemy-attacks", version=5, title="Enemy attacks (co-op crawler)",
                       players=("p1", "p2", "p3", "p4"), min_players=1, chance=True,
                       hidden_information=False, max_length=MAX_ROUNDS * _PER_ROUND,
                       max_steps=MAX_STEPS, source="enemy-attacks.en.txt")
    ruling_set = EnemyAttacksRulings
    history = HISTORY
    table_type = EnemyAttacksTable
    content_model = EnemyAttacksContent
    content_dir = HERE / "content"
    locale_dir = HERE / "locale"
    rules_files = (HERE / "rules.yaml",)
    options_model = EnemyAttacksOptions
    odds_questions = OddsQuestions("enemy-attacks",
                                   "rulekeeper.rulesets.enemy_attacks.odds:QUESTIONS")
    templates = TEMPLATES
    entities = ENTITIES
    metrics = ("damage_to_allies", "damage_to_enemies", "stamina_lost", "stamina_spent",
               "enemy_attacks", "obstructed_aim", "hero_exceptions", "conditions_gained",
               "enemies_defeated", "heroes_wounded_out", "allies_exhausted",
               "item_cards_placed", "item_tokens_placed", "stars_placed")
    bots = {"heuristic": "rulekeeper.rulesets.enemy_attacks.bots:HeuristicHeroes"}
    default_bot = "heuristic"
    drawing = CrawlerDrawing()
    search = {"rollout": "heuristic"}
    """The heuristic bot's rollouts to the end (docs/benchmarks.md, "How often mcts wins")."""

    def scenario_choices(self, content: Any) -> list[Choice]:
        return [Choice(s.id, s.name) for s in content.scenarios.scenarios]

    def seats(self, options: Any) -> tuple[str, ...]:
        return self.meta.players[:options.players]

    def sides(self, options: Any) -> tuple[str, ...]:
        return ("heroes", "enemies")

    def prepare(self, content: EnemyAttacksContent) -> Terrain:
        """The board's answers (walking distances, sight lines crossed), once per content."""
        return Terrain(content.board)

    def play(self, table: EnemyAttacksTable) -> Procedure:
        setup(table)
        table.checkpoint()
        yield from rounds(table)

    def resume(self, table: EnemyAttacksTable) -> Procedure:
        """Goes on after the setup, a Hero turn or an Enemy turn."""
        return rounds(table)

    def game_over(self, table: EnemyAttacksTable, over: GameOver) -> Result:
        """The closing event (unless the work budget ended the game: the engine announced
        that) and the game's metrics."""
        st = table.state
        st.phase, st.active = "over", None
        if over.reason in _END_RULES:
            table.emit("game-over", _END_RULES[over.reason], winner=over.winner,
                       why=over.reason.replace("-", " "))
        return Result(over.winner, over.reason, st.round, self._metrics(table))

    def judge(self, table: EnemyAttacksTable) -> str | None:
        """Under ``work-budget=judge``: the side that has lost the smaller share of its
        health wins (Heroes and Non-Hero Allies against Enemies); equal shares tie."""
        st = table.state
        allies_lost = _share_lost([(h.chips, h.wounded) for h in st.heroes]
                                  + [(a.spec.health, a.spec.health - a.health) for a in st.others])
        enemies_lost = _share_lost([(e.spec.health, e.spec.health - e.health)
                                    for e in st.enemies])
        if allies_lost == enemies_lost:
            return None
        return "heroes" if allies_lost < enemies_lost else "enemies"

    def _metrics(self, table: EnemyAttacksTable) -> dict[str, float]:
        st = table.state
        metrics: dict[str, float] = {name: float(st.tally[name]) for name in self.metrics}
        metrics["enemies_defeated"] = sum(1 for e in st.enemies if not e.in_play)
        metrics["heroes_wounded_out"] = sum(1 for h in st.heroes if not h.in_play)
        metrics["allies_exhausted"] = sum(1 for a in st.others if not a.in_play)
        for figure in st.everyone():
            metrics[f"played.{figure.id}"] = 1
            metrics[f"{'survived' if figure.in_play else 'defeated'}.{figure.id}"] = 1
            ENTITIES.record(metrics, "enemies" if figure in st.enemies else "heroes", figure.id,
                            st.measures(figure))
        return metrics

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        die = content.dice.action_die
        return frozenset(die.faces), max(len(names) for names in die.dice.values())

    def view(self, table: EnemyAttacksTable, player: str | None) -> dict[str, Any]:
        return state_view(table.state) if table.state is not None else {}

    def render(self, view: Any) -> str:
        return render(view)

    def invariant_violations(self, table: EnemyAttacksTable) -> list[str]:
        st = table.state
        if st is None:
            return []
        problems = []
        for area in st.board.ids:
            capacity = st.board.areas[area].capacity
            if capacity is not None and st.filled(area) > capacity:
                problems.append(f"{area} holds {st.filled(area)} places of {capacity}")
        for figure in st.everyone():
            if figure.area is not None and figure.area not in st.board.areas:
                problems.append(f"{figure.id} stands in unknown area {figure.area}")
            if len(set(figure.conditions)) != len(figure.conditions):
                problems.append(f"{figure.id} holds a condition twice")
            if isinstance(figure, Hero):
                if min(figure.spent, figure.wounded, figure.ready) < 0:
                    problems.append(f"{figure.id} has chips {figure.ready}/{figure.spent}/"
                                    f"{figure.wounded}")
                if figure.in_play != (figure.wounded < figure.chips):
                    problems.append(f"{figure.id} in play: {figure.in_play}, chips wounded "
                                    f"{figure.wounded} of {figure.chips}")
            elif isinstance(figure, NonHeroAlly | Enemy):
                health = figure.health
                if not 0 <= health <= figure.spec.health or figure.in_play != (health > 0):
                    problems.append(f"{figure.id} in play: {figure.in_play}, health {health}")
        if st.round > st.scenario.rounds:
            problems.append(f"round {st.round} past the scenario's {st.scenario.rounds}")
        return problems


def _share_lost(health: list[tuple[int, int]]) -> Fraction:
    """The share of a side's health it has lost, from (most, lost) per figure."""
    return Fraction(sum(lost for _, lost in health), sum(most for most, _ in health))
