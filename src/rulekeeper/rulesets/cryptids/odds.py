"""Odds of a matchup: Monte Carlo over seeded battles, or exact enumeration.

**Exact.** The battle between two throws is a state (the board, the roll number and
the reroll count: :meth:`Battle.key`). From each state, every throw is enumerated:
the 36 outcomes of the two dice and, inside the throw, every other draw (a random
enemy, a tie-order coin), each branch with its exact probability. Equal states
reached by different paths are merged (memoised) and expanded once, roll after roll,
so each distinct state is played forward once per roll number; transitions from
states before roll 15 are also shared across roll numbers (nothing depends on the
roll number before sudden death). The cut-off: the enumeration stops with an error
once it has met ``max_states`` distinct states, which makes it an answer for small
teams only (the sample 5-vs-5 teams are far beyond it).
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.odds import Odds, OddsQuestion, in_parallel, wilson
from rulekeeper.core.rng import Rng, derive_seed
from rulekeeper.core.rulings import resolve
from rulekeeper.rulesets.cryptids.battle import SUDDEN_DEATH, Battle, Outcome
from rulekeeper.rulesets.cryptids.cards import Lineup
from rulekeeper.rulesets.cryptids.ruleset import CryptidsRuleset
from rulekeeper.rulesets.cryptids.rulings import BattleRulings
from rulekeeper.rulesets.cryptids.schema import CryptidsContent

OUTCOMES = ("left wins", "tie", "right wins")
DEFAULT_MAX_STATES = 200_000


def _name(outcome: Outcome) -> str:
    return "tie" if outcome.winner is None else f"{outcome.winner} wins"


Counts = tuple[dict[str, int], dict[str, dict[int, int]]]
"""Battles counted: by outcome, and by rolls and HP left."""
CHUNK = 1_000
"""Battles per job of a Monte Carlo answer on several workers."""


def battles(left: Lineup, right: Lineup, rulings: BattleRulings, seed: int, start: int,
            stop: int) -> Counts:
    """Battles ``start..stop-1`` of a Monte Carlo answer, counted."""
    counts = dict.fromkeys(OUTCOMES, 0)
    dists: dict[str, dict[int, int]] = {"rolls": defaultdict(int), "left HP": defaultdict(int),
                                        "right HP": defaultdict(int)}
    for index in range(start, stop):
        outcome = Battle(left, right, Rng(derive_seed(seed, index)), rulings).run()
        counts[_name(outcome)] += 1
        _tally(dists, outcome.rolls, outcome.hp, 1)
    return counts, {k: dict(d) for k, d in dists.items()}


def monte_carlo(left: Lineup, right: Lineup, rulings: BattleRulings, games: int,
                seed: int = 0, workers: int = 1) -> Odds:
    """``games`` battles, game i seeded with ``derive_seed(seed, i)`` (as the lab does), on
    up to ``workers`` processes: the counts add up to the same answer however many."""
    jobs = [(left, right, rulings, seed, start, min(games, start + CHUNK))
            for start in range(0, games, CHUNK)]
    counts = dict.fromkeys(OUTCOMES, 0)
    dists: dict[str, dict[int, int]] = {"rolls": defaultdict(int), "left HP": defaultdict(int),
                                        "right HP": defaultdict(int)}
    for part_counts, part_dists in in_parallel(battles, jobs, workers):
        for name, count in part_counts.items():
            counts[name] += count
        for key, dist in part_dists.items():
            for value, count in dist.items():
                dists[key][value] += count
    report = Odds(
        _title(left, right),
        outcomes={name: count / games for name, count in counts.items()},
        intervals={name: wilson(count, games) for name, count in counts.items()},
        distributions={k: {v: c / games for v, c in sorted(d.items())}
                       for k, d in dists.items()},
        notes=[f"Monte Carlo: {games} battles, seed {seed}; 95% Wilson intervals."])
    report.means = {k: sum(v * p for v, p in d.items()) for k, d in report.distributions.items()}
    return report


class Chooser:
    """A stand-in for the game's generator that takes its draws from a path of choices."""

    __slots__ = ("path", "taken")

    def __init__(self, path: list[int]) -> None:
        self.path = path
        self.taken: list[tuple[int, int]] = []

    def _pick(self, arity: int) -> int:
        index = len(self.taken)
        value = self.path[index] if index < len(self.path) else 0
        self.taken.append((value, arity))
        return value

    def roll(self, sides: int) -> int:
        return self._pick(sides) + 1

    def below(self, n: int) -> int:
        return self._pick(n)

    def coin(self) -> bool:
        return self._pick(2) == 1


def branches(step: Callable[[Chooser], Any]) -> Iterator[tuple[Fraction, Any]]:
    """Every outcome of ``step`` over all its draws, with its exact probability."""
    path: list[int] = []
    while True:
        chooser = Chooser(path)
        result = step(chooser)
        weight = 1
        for _, arity in chooser.taken:
            weight *= arity
        yield Fraction(1, weight), result
        taken = chooser.taken
        i = len(taken) - 1
        while i >= 0 and taken[i][0] + 1 >= taken[i][1]:
            i -= 1
        if i < 0:
            return
        path = [value for value, _ in taken[:i]] + [taken[i][0] + 1]


Transition = tuple[Fraction, int, Hashable | None, Outcome | None]


def exact(left: Lineup, right: Lineup, rulings: BattleRulings,
          max_states: int = DEFAULT_MAX_STATES) -> Odds:
    """The exact odds, by enumeration over memoised battle states (see the module doc)."""
    outcomes = dict.fromkeys(OUTCOMES, Fraction(0))
    dists: dict[str, dict[int, Fraction]] = {"rolls": defaultdict(Fraction),
                                             "left HP": defaultdict(Fraction),
                                             "right HP": defaultdict(Fraction)}
    layers: dict[tuple[int, int], dict[Hashable, Fraction]] = defaultdict(dict)

    def settle(mass: Fraction, roll: int, key: Hashable | None, outcome: Outcome | None) -> None:
        if outcome is not None:
            outcomes[_name(outcome)] += mass
            _tally(dists, roll, outcome.hp, mass)
        else:
            layer = layers[(roll, key[0])]  # type: ignore[index]
            layer[key] = layer.get(key, Fraction(0)) + mass

    def start(chooser: Chooser) -> tuple[Hashable | None, Outcome | None]:
        battle = Battle(left, right, chooser, rulings)
        outcome = battle.begin()
        return (None, outcome) if outcome is not None else (battle.key(), None)

    for mass, (key, outcome) in branches(start):
        settle(mass, 0, key, outcome)
    cache: dict[tuple[int, Hashable], list[Transition]] = {}
    seen = 0
    while layers:
        roll, rerolls = min(layers)
        layer = layers.pop((roll, rerolls))
        seen += len(layer)
        if seen > max_states:
            raise UsageError(f"--exact: the enumeration passed {max_states:,} battle states "
                             f"(at roll {roll}); use Monte Carlo (--games) or smaller teams, "
                             f"or raise --max-states")
        bucket = roll if roll >= SUDDEN_DEATH - 1 else -1
        for key, mass in layer.items():
            moves = cache.get((bucket, key))
            if moves is None:
                moves = cache[(bucket, key)] = _moves(left, right, rulings, roll, key)
            for p, delta, after, outcome in moves:
                settle(mass * p, roll + delta, after, outcome)
    report = Odds(
        _title(left, right), outcomes=dict(outcomes),
        distributions={k: dict(sorted(d.items())) for k, d in dists.items()},
        notes=[f"Exact: every throw enumerated over {seen:,} memoised battle states "
               f"(cut-off {max_states:,})."])
    report.means = {k: float(sum(v * p for v, p in d.items()))
                    for k, d in report.distributions.items()}
    return report


def _moves(left: Lineup, right: Lineup, rulings: BattleRulings, roll: int,
           key: Hashable) -> list[Transition]:
    """Every throw from a state: probability, rolls added, next state or outcome."""
    def step(chooser: Chooser) -> tuple[int, Hashable | None, Outcome | None]:
        battle = Battle(left, right, chooser, rulings)
        battle.load(key)
        battle.roll = roll
        outcome = battle.throw()
        return battle.roll - roll, (battle.key() if outcome is None else None), outcome

    return [(p, delta, after, outcome) for p, (delta, after, outcome) in branches(step)]


def _tally(dists: dict[str, Any], rolls: int, hp: tuple[int, int], weight: Any) -> None:
    dists["rolls"][rolls] += weight
    dists["left HP"][hp[0]] += weight
    dists["right HP"][hp[1]] += weight


def _title(left: Lineup, right: Lineup) -> str:
    return f"{left.label['en']} (left) against {right.label['en']} (right)"


class MatchupParams(BaseModel):
    """Two teams, and how to answer: Monte Carlo over seeded battles, or exact enumeration."""

    model_config = ConfigDict(extra="forbid")

    left: str = Field("french-legends", description="a team id of the content, or a team "
                                                    "YAML file")
    right: str = Field("backwoods", description="a team id of the content, or a team YAML file")
    games: int = Field(10_000, ge=1, le=10_000_000, description="battles to simulate")
    exact: bool = Field(False, description="enumerate every throw instead (small teams)")
    max_states: int = Field(DEFAULT_MAX_STATES, ge=1, le=100_000_000,
                            description="cut-off of --exact: most battle states enumerated")
    seed: int = Field(0, description="random seed")
    workers: int | None = Field(None, ge=1, le=1024, description="processes for Monte Carlo "
                                "(default: one per CPU; the answer is the same on any number)")
    rulings: dict[str, str] = Field(default_factory=dict, description="id=option")
    content: str | None = Field(None, description="folder of YAML files over the sample content")


def matchup_odds(params: MatchupParams) -> Odds:
    """Win, tie and loss of the left team, with battle length and remaining HP."""
    ruleset = registry.load("cryptids")
    assert isinstance(ruleset, CryptidsRuleset)
    content = ruleset.load_content(params.content)[0]
    assert isinstance(content, CryptidsContent)
    rulings = BattleRulings.read(resolve(ruleset.rulings, params.rulings))
    left = ruleset.lineup(content, params.left, "left")
    right = ruleset.lineup(content, params.right, "right")
    if params.exact:
        return exact(left, right, rulings, params.max_states)
    workers = params.workers or os.cpu_count() or 1
    return monte_carlo(left, right, rulings, params.games, params.seed, workers)


QUESTIONS = (
    OddsQuestion(None, "Win, tie and loss odds of a cryptid matchup.", MatchupParams,
                 matchup_odds),
)
