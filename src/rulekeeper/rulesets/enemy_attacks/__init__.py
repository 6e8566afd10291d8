"""Enemy attacks in an area-based co-op crawler, as a playable skirmish (``enemy-attacks-v1``).

The text (enemy-attacks.en.txt) says how Enemies choose whom to attack and how
their attacks resolve; the rules around it (figures, checks, turns, scenario) are
sample rules written for rulekeeper, marked ``sample`` in rules.yaml. One seat per
player; the Heroes are dealt to the players in turn; the Enemies are run by the
rules. The heroes win when every Enemy is defeated and lose when every Hero is
wounded out or the last round ends.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.errors import UsageError
from rulekeeper.core.odds import OddsQuestions
from rulekeeper.core.registry import RulesetMeta
from rulekeeper.core.ruleset import NoOptions, Procedure, Result, Ruleset, Table
from rulekeeper.core.rulings import Ruling
from rulekeeper.rulesets.enemy_attacks.attack import Step
from rulekeeper.rulesets.enemy_attacks.enemy_turn import enemy_turn
from rulekeeper.rulesets.enemy_attacks.health import GameOver
from rulekeeper.rulesets.enemy_attacks.hero_turn import hero_turn
from rulekeeper.rulesets.enemy_attacks.models import (
    ACTION_DIE_OPTIONS,
    MAX_ENEMIES,
    MAX_HEROES,
    MAX_ROUNDS,
    EnemyAttacksContent,
)
from rulekeeper.rulesets.enemy_attacks.state import Enemy, Hero, NonHeroAlly, Skirmish, Terrain
from rulekeeper.rulesets.enemy_attacks.templates import TEMPLATES
from rulekeeper.rulesets.enemy_attacks.view import render, state_view

HERE = Path(__file__).parent

_PER_ROUND = (MAX_HEROES - 1) + MAX_HEROES * 3 + MAX_ENEMIES * (3 + 2 + 2 * MAX_HEROES)
"""Most decisions a round can ask: Hero order, Hero turns (two choices and a stamina spend),
and per Enemy two ties, a way to move, the exception (two players), and for every Hero an
area attack hits, two stamina spends (reactive and active checks)."""


class EnemyAttacksOptions(NoOptions):
    players: int = Field(2, ge=1, le=MAX_HEROES, description="players; Heroes are dealt in turn")


class EnemyAttacksRuleset(Ruleset):
    meta = RulesetMeta(name="enemy-attacks", version=1, title="Enemy attacks (co-op crawler)",
                       players=("p1", "p2", "p3", "p4"), min_players=1, chance=True,
                       hidden_information=False, max_length=MAX_ROUNDS * _PER_ROUND,
                       source="enemy-attacks.en.txt")
    rulings = (
        Ruling("action-die", "Which faces does the Action die have (face lists of dice.yaml)?",
               ACTION_DIE_OPTIONS, "default"),
        Ruling("reactive-check", "How do a reactive check's successes reduce damage or stamina "
               "loss?", ("per-success", "all-or-nothing"), "per-success"),
        Ruling("range", "How is the distance between areas counted?", ("borders", "walking"),
               "borders"),
        Ruling("size-capacity", "How many places does a figure fill?", ("sizes", "one-each"),
               "sizes"),
        Ruling("taunt-tie", "Which Ally does an Enemy attack when the rules leave several tied "
               "(equal Taunt)?", ("players", "random"), "players"),
        Ruling("exception-scope", "Which attacks may a Hero take instead of the attacked Ally?",
               ("all", "ranged-magic"), "all"),
        Ruling("obstructed-stamina", "Does obstructed aim reduce a Hero's stamina loss?",
               ("reduces", "damage-only"), "reduces"),
        Ruling("point-blank", "At range 0, do the attacker and the attacked figure obstruct the "
               "aim?", ("obstructed", "others-only"), "obstructed"),
    )
    content_model = EnemyAttacksContent
    content_dir = HERE / "content"
    rules_files = (HERE / "rules.yaml",)
    options_model = EnemyAttacksOptions
    odds_questions = OddsQuestions("enemy-attacks",
                                   "rulekeeper.rulesets.enemy_attacks.odds:QUESTIONS")
    templates = TEMPLATES
    metrics = ("damage_to_allies", "damage_to_enemies", "stamina_lost", "stamina_spent",
               "enemy_attacks", "obstructed_aim", "hero_exceptions", "conditions_gained",
               "enemies_defeated", "heroes_wounded_out", "allies_exhausted",
               "item_cards_placed", "item_tokens_placed", "stars_placed")
    bots = {"heuristic": "rulekeeper.rulesets.enemy_attacks.bots:HeuristicHeroes"}
    default_bot = "heuristic"

    def __init__(self) -> None:
        self._terrains: dict[int, tuple[EnemyAttacksContent, Terrain]] = {}

    def scenarios(self, content: Any) -> list[str]:
        return [s.id for s in content.scenarios.scenarios]

    def seats(self, options: Any) -> tuple[str, ...]:
        return self.meta.players[:options.players]

    def terrain(self, content: EnemyAttacksContent) -> Terrain:
        """The board's prepared answers, built once per content."""
        key = id(content)
        if key not in self._terrains:
            self._terrains[key] = (content, Terrain(content.board))
        return self._terrains[key][1]

    def play(self, table: Table) -> Procedure:
        content: EnemyAttacksContent = table.content
        scenario = next(s for s in content.scenarios.scenarios if s.id == table.scenario)
        if len(table.seats) > len(scenario.heroes):
            raise UsageError(f"--players {len(table.seats)}: scenario {scenario.id} has only "
                             f"{len(scenario.heroes)} Heroes to deal")
        st = Skirmish(content, self.terrain(content), scenario, table.seats, table.rulings)
        table.state = st
        table.rng.shuffle(st.item_deck)
        table.emit("item-deck", "sample.scenario.setup", count=len(st.item_deck))
        for figure in st.everyone():
            who = (f"Hero of {figure.controller}" if isinstance(figure, Hero) else
                   f"Non-Hero Ally of {figure.controller}" if isinstance(figure, NonHeroAlly)
                   else "Enemy")
            table.emit("place", "sample.scenario.setup", figure=figure.name, who=who,
                       area=st.area_name(figure.area))
        try:
            for number in range(1, scenario.rounds + 1):
                st.round = number
                table.emit("round", "sample.round.order", round=number, rounds=scenario.rounds)
                st.phase = "heroes"
                yield from self._hero_phase(table)
                st.phase = "enemies"
                for enemy in st.enemies:
                    if enemy.in_play:
                        yield from enemy_turn(table, enemy)
            result = Result("enemies", "round-limit", st.round)
        except GameOver as over:
            result = over.result
        st.phase, st.active = "over", None
        table.emit("game-over", _END_RULES[result.reason], winner=result.winner,
                   why=result.reason.replace("-", " "))
        return Result(result.winner, result.reason, result.rounds, self._metrics(st))

    def _hero_phase(self, table: Table) -> Step[None]:
        """Each Hero in play takes one turn, in the order the players choose (sample.round)."""
        st: Skirmish = table.state
        waiting = [h for h in st.heroes if h.in_play]
        while waiting:
            hero = waiting[0]
            if len(waiting) > 1:
                choice = yield Decision(
                    st.lead, "hero-order",
                    options((f"hero-{h.id}", f"{h.name} ({h.controller})") for h in waiting),
                    "sample.round.order", "Which Hero takes the next turn?")
                hero = next(h for h in waiting if f"hero-{h.id}" == choice)
            waiting.remove(hero)
            yield from hero_turn(table, hero)
            st.active, st.used = None, []

    def _metrics(self, st: Skirmish) -> dict[str, float]:
        figures = list(st.everyone())
        metrics: dict[str, float] = {name: float(st.tally[name]) for name in self.metrics}
        metrics["enemies_defeated"] = sum(1 for e in st.enemies if not e.in_play)
        metrics["heroes_wounded_out"] = sum(1 for h in st.heroes if not h.in_play)
        metrics["allies_exhausted"] = sum(1 for a in st.others if not a.in_play)
        for figure in figures:
            metrics[f"played.{figure.id}"] = 1
            metrics[f"{'survived' if figure.in_play else 'defeated'}.{figure.id}"] = 1
        return metrics

    def sides(self, options: Any) -> tuple[str, ...]:
        return ("heroes", "enemies")

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        die = content.dice.action_die
        return frozenset(die.faces), max(len(names) for names in die.dice.values())

    def view(self, table: Table, player: str | None) -> dict[str, Any]:
        return state_view(table.state) if table.state is not None else {}

    def render(self, view: Any) -> str:
        return render(view)

    def invariant_violations(self, table: Table) -> list[str]:
        st: Skirmish | None = table.state
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


_END_RULES = {
    "every-enemy-defeated": "sample.scenario.heroes-win",
    "every-hero-wounded-out": "sample.scenario.heroes-lose",
    "round-limit": "sample.scenario.round-limit",
}
