"""Odds of a matchup: Monte Carlo over seeded battles, or exact enumeration.

**Exact.** The battle between two throws is a state (the board, the roll number and
the reroll count: :meth:`Battle.key`, one flat tuple). From each state, every throw is
enumerated: the results of the two dice and, inside the throw, every other draw (a random
enemy, a tie-order coin), each branch with its exact probability. The rules read two
dice only as their total and whether they are a double: 15 results, each weighted by
how many of the 36 throws show it (:data:`DICE_CLASSES`); when no cryptid that is or
may come on the board changes the total, results that fire the same abilities are
thrown once, their weights added. Equal states reached by different paths are merged
(memoised) and expanded once, roll after roll, so each distinct state is played forward
once per roll number; transitions from states before roll 15 are also shared across
roll numbers (nothing depends on the roll number before sudden death). One battle is
loaded with each state in turn (:meth:`Battle.load`), not built anew.

Exactness without fractions: every probability met is a whole number over a whole
denominator (a branch is 1 over the product of its draws' choices). A state's throws
are kept as numerators over one denominator (their least common multiple), and the
states of a roll as numerators over one denominator per roll (:class:`Pot`, which
grows to a common multiple when a mass over another denominator comes in). Python's
integers do not round, so sums and products are exact; the fractions of the report
are formed once, at the end, and are the same as summing fractions all along.

The cut-off: the enumeration stops with an error once it has met ``max_states``
distinct states, which makes it an answer for small teams only (the sample 5-vs-5
teams are far beyond it; docs/benchmarks.md says how far it goes).
"""

from __future__ import annotations

import math
import os
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core import registry
from rulekeeper.core.content import parse_value
from rulekeeper.core.errors import UsageError
from rulekeeper.core.odds import Odds, OddsQuestion, in_parallel, wilson
from rulekeeper.core.ruleset import LABELS
from rulekeeper.core.rulings import resolve
from rulekeeper.rulesets.cryptids.battle import SUDDEN_DEATH, Battle, Outcome
from rulekeeper.rulesets.cryptids.cards import DICE_RESULTS, Card, Lineup
from rulekeeper.rulesets.cryptids.kernel import engines
from rulekeeper.rulesets.cryptids.kernel.layout import O_HP0, O_HP1, O_ROLLS, O_WINNER
from rulekeeper.rulesets.cryptids.models import CryptidsContent
from rulekeeper.rulesets.cryptids.ruleset import CryptidsRuleset
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings

OUTCOMES = ("left wins", "tie", "right wins")
DEFAULT_MAX_STATES = 200_000


def _name(outcome: Outcome) -> str:
    return "tie" if outcome.winner is None else f"{outcome.winner} wins"


Counts = tuple[dict[str, int], dict[str, dict[int, int]], list[str]]
"""Battles counted: by outcome, and by rolls and HP left; and the engine's notes."""
CHUNKS = {"python": 1_000, "kernel": 250_000}
"""Battles per job of a Monte Carlo answer on several workers, by engine (a job of the
compiled kernel is over in about a second)."""
WINNERS = {0: "left wins", 1: "right wins", 2: "tie"}
"""The kernel's winner codes (:data:`.kernel.layout.TIE` is 2) as outcomes."""


def battles(left: Lineup, right: Lineup, rulings: CryptidsRulings, seed: int, start: int,
            stop: int, engine: str = engines.DEFAULT) -> Counts:
    """Battles ``start..stop-1`` of a Monte Carlo answer, played by ``engine``, counted."""
    played = engines.play([(left, right)], rulings, (seed, start, stop), engine)
    out = played.out
    counts = dict.fromkeys(OUTCOMES, 0)
    for code, count in zip(*np.unique(out[:, O_WINNER], return_counts=True), strict=True):
        counts[WINNERS[int(code)]] = int(count)
    dists = {name: dict(zip(*(values.tolist() for values in np.unique(out[:, column],
                                                                        return_counts=True)),
                            strict=True))
             for name, column in (("rolls", O_ROLLS), ("left HP", O_HP0), ("right HP", O_HP1))}
    return counts, dists, played.notes


def monte_carlo(left: Lineup, right: Lineup, rulings: CryptidsRulings, games: int,
                seed: int = 0, workers: int = 1, engine: str = engines.DEFAULT) -> Odds:
    """``games`` battles, game i seeded with ``derive_seed(seed, i)`` (as the lab does), on
    up to ``workers`` processes, played by ``engine`` (the compiled kernel by default, else
    the Python engine; :mod:`.kernel.engines`): the counts add up to the same answer however
    many workers, whichever engine."""
    chunk = CHUNKS[engines.check(engine)]
    jobs = [(left, right, rulings, seed, start, min(games, start + chunk), engine)
            for start in range(0, games, chunk)]
    if engine == "kernel" and workers > 1 and len(jobs) > 1:
        engines.load()  # once, before the workers are forked
    counts = dict.fromkeys(OUTCOMES, 0)
    dists: dict[str, dict[int, int]] = {"rolls": defaultdict(int), "left HP": defaultdict(int),
                                        "right HP": defaultdict(int)}
    notes: list[str] = []
    for part_counts, part_dists, part_notes in in_parallel(battles, jobs, workers):
        notes += [note for note in part_notes if note not in notes]
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
        notes=[f"Monte Carlo: {games} battles, seed {seed}; 95% Wilson intervals.", *notes])
    report.means = {k: sum(v * p for v, p in d.items()) for k, d in report.distributions.items()}
    return report


class Chooser:
    """A stand-in for the game's generator that takes its draws from a path of choices; the
    two dice of a throw are given apart (their class is enumerated by :class:`Enumeration`)."""

    __slots__ = ("dice", "path", "taken")

    def __init__(self, path: list[int], dice: tuple[int, int] | None = None) -> None:
        self.path = path
        self.taken: list[tuple[int, int]] = []
        self.dice = list(reversed(dice)) if dice else []

    def _pick(self, arity: int) -> int:
        index = len(self.taken)
        value = self.path[index] if index < len(self.path) else 0
        self.taken.append((value, arity))
        return value

    def roll(self, sides: int) -> int:
        if self.dice:
            return self.dice.pop()
        return self._pick(sides) + 1

    def below(self, n: int) -> int:
        return self._pick(n)

    def coin(self) -> bool:
        return self._pick(2) == 1


def branches(step: Callable[[Chooser], Any],
             dice: tuple[int, int] | None = None) -> Iterator[tuple[int, Any]]:
    """Every outcome of ``step`` over all its draws (but ``dice``, given), with the inverse of
    its probability: the product of the number of choices at each draw."""
    path: list[int] = []
    while True:
        chooser = Chooser(path, dice)
        result = step(chooser)
        weight = 1
        for _, arity in chooser.taken:
            weight *= arity
        yield weight, result
        taken = chooser.taken
        i = len(taken) - 1
        while i >= 0 and taken[i][0] + 1 >= taken[i][1]:
            i -= 1
        if i < 0:
            return
        path = [value for value, _ in taken[:i]] + [taken[i][0] + 1]


DICE_CLASSES = tuple(sorted(
    (total, doubles, sum(1 for a in range(1, 7) for b in range(1, 7)
                         if a + b == total and (a == b) == doubles))
    for total, doubles in DICE_RESULTS))
"""The 15 results of two dice as the rules read them (total, doubles), with how many of the
36 throws show each: nothing in a battle reads the two dice apart."""


def _faces(total: int, doubles: bool) -> tuple[int, int]:
    """Two faces showing this result."""
    low = total // 2 if doubles else max(1, total - 6)
    return low, total - low


class Pot:
    """Exact probability masses as integers over one common denominator, which grows (to a
    common multiple) when a mass over another denominator comes in: sums without fractions."""

    __slots__ = ("den", "nums")

    def __init__(self) -> None:
        self.den = 1
        self.nums: dict[Any, int] = {}

    def factor(self, den: int) -> int:
        """What a numerator over ``den`` is multiplied by to be over this pot's denominator."""
        if self.den % den:
            grown = math.lcm(self.den, den)
            scale = grown // self.den
            nums = self.nums
            for key in nums:
                nums[key] *= scale
            self.den = grown
        return self.den // den

    def add(self, key: Any, num: int) -> None:
        nums = self.nums
        nums[key] = nums.get(key, 0) + num


Key = tuple[Any, ...]
"""A battle state (:meth:`Battle.key`), the reroll count first."""
End = tuple[str, int, int]
"""How a battle ended: its outcome, the HP left on each side."""
Moves = tuple[int, list[tuple[int, int, Key, End | None]]]
"""The throws from a state: a denominator, and per next state (or end) its numerator, the
rolls added, the next state's key or the end (outcome, HP left, HP right)."""


class Enumeration:
    """The exact odds of one matchup (see the module doc)."""

    def __init__(self, left: Lineup, right: Lineup, rulings: CryptidsRulings) -> None:
        self.left, self.right = left, right
        self.battle = Battle(left, right, Chooser([]), rulings)
        """The one battle every state is loaded into."""
        self.classes: dict[tuple[Card, ...], list[tuple[int, tuple[int, int]]]] = {}
        """Per set of cards on the board, the dice results that differ (see :meth:`dice`)."""

    def dice(self, cards: tuple[Card, ...]) -> list[tuple[int, tuple[int, int]]]:
        """The dice results a throw from a board of these cards tells apart, each with how
        many of the 36 throws show it and two faces that show it.

        Two results fire the same abilities of every card that is or may come on the board
        (by a summon) when no cryptid changes the total: the throws are the same but for
        what the log says, so they are thrown once, weighted together.
        """
        known = self.classes.get(cards)
        if known is not None:
            return known
        reach = set(cards)
        for card in cards:
            reach.update(card.summoned)
        grouped: dict[Hashable, list[int]] = {}
        if any(card.modifiers for card in reach):
            for total, doubles, count in DICE_CLASSES:
                grouped[(total, doubles)] = [count, total, doubles]
        else:
            ordered = sorted(reach, key=id)
            for total, doubles, count in DICE_CLASSES:
                acts = tuple(card.on_dice[total * 2 + doubles] for card in ordered)
                if acts in grouped:
                    grouped[acts][0] += count
                else:
                    grouped[acts] = [count, total, doubles]
        found = [(count, _faces(total, bool(doubles)))
                 for count, total, doubles in grouped.values()]
        self.classes[cards] = found
        return found

    def start(self) -> list[tuple[int, Any, Outcome | None]]:
        """Every start of the battle: the inverse of its probability, its state or outcome."""
        def begin(chooser: Chooser) -> tuple[Key | None, Outcome | None]:
            battle = Battle(self.left, self.right, chooser, self.battle.rulings)
            outcome = battle.begin()
            return (None, outcome) if outcome is not None else (battle.key(), None)

        return [(weight, key, outcome) for weight, (key, outcome) in branches(begin)]

    def moves(self, roll: int, key: Any) -> Moves:
        """Every throw from a state after ``roll`` rolls, merged by where it leads."""
        battle = self.battle

        loaded = [True]

        def step(chooser: Chooser) -> tuple[int, Key | None, Outcome | None]:
            if loaded:  # the state is loaded for the first throw already
                loaded.pop()
            else:
                battle.load(key)
            battle.go_on(roll, chooser)
            outcome = battle.throw()
            return battle.roll - roll, (battle.key() if outcome is None else None), outcome

        battle.load(key)
        found = [(count, weight, result)
                 for count, faces in self.dice(tuple(f.card for f in battle.extras))
                 for weight, result in branches(step, faces)]
        den = math.lcm(*(weight for _, weight, _ in found))
        merged: dict[tuple[int, Any, End | None], int] = {}
        for count, weight, (delta, after, outcome) in found:
            end = None if outcome is None else (_name(outcome), *outcome.hp)
            where = (delta, after, end)
            merged[where] = merged.get(where, 0) + count * (den // weight)
        return 36 * den, [(num, *where) for where, num in merged.items()]


def exact(left: Lineup, right: Lineup, rulings: CryptidsRulings,
          max_states: int = DEFAULT_MAX_STATES) -> Odds:
    """The exact odds, by enumeration over memoised battle states (see the module doc)."""
    enumeration = Enumeration(left, right, rulings)
    ends = Pot()
    """The battles' ends: (rolls, outcome, HP left, HP right)."""
    layers: dict[tuple[int, int], Pot] = defaultdict(Pot)
    """The states between two throws, by roll number and reroll count."""
    starts = enumeration.start()
    common = math.lcm(*(weight for weight, _, _ in starts))
    for weight, key, outcome in starts:
        if outcome is None:
            pot = layers[(0, key[0])]
            pot.add(key, common // weight * pot.factor(common))
        else:
            ends.add((0, _name(outcome), *outcome.hp), common // weight * ends.factor(common))
    cache: dict[tuple[int, Key], Moves] = {}
    seen = 0
    while layers:
        roll, rerolls = min(layers)
        layer = layers.pop((roll, rerolls))
        seen += len(layer.nums)
        if seen > max_states:
            raise UsageError(f"--exact: the enumeration passed {max_states:,} battle states "
                             f"(at roll {roll}); use Monte Carlo (--games) or smaller teams, "
                             f"or raise --max-states")
        bucket = roll if roll >= SUDDEN_DEATH - 1 else -1
        expanded: list[tuple[int, Moves]] = []
        for key, mass in layer.nums.items():
            moves = cache.get((bucket, key))
            if moves is None:
                moves = cache[(bucket, key)] = enumeration.moves(roll, key)
            expanded.append((mass, moves))
        common = math.lcm(*(moves[0] for _, moves in expanded))
        den = layer.den * common
        factors: dict[int, int] = {}
        """Per pot reached from this layer (by id), the factor to its denominator."""
        for mass, (own, targets) in expanded:
            mass *= common // own
            for num, delta, after, end in targets:
                if end is None:
                    pot, where = layers[(roll + delta, after[0])], after
                else:
                    pot, where = ends, (roll + delta, *end)
                factor = factors.get(id(pot))
                if factor is None:
                    factor = factors[id(pot)] = pot.factor(den)
                pot.add(where, mass * num * factor)
    outcomes: dict[str, Fraction | float] = dict.fromkeys(OUTCOMES, Fraction(0))
    dists: dict[str, dict[int, Fraction]] = {"rolls": defaultdict(Fraction),
                                             "left HP": defaultdict(Fraction),
                                             "right HP": defaultdict(Fraction)}
    for (rolls, name, left_hp, right_hp), num in ends.nums.items():
        p = Fraction(num, ends.den)
        outcomes[name] += p
        _tally(dists, rolls, (left_hp, right_hp), p)
    report = Odds(
        _title(left, right), outcomes=outcomes,
        distributions={k: dict(sorted(d.items())) for k, d in dists.items()},
        notes=[f"Exact: every throw enumerated over {seen:,} memoised battle states "
               f"(cut-off {max_states:,})."])
    report.means = {k: float(sum(v * p for v, p in d.items()))
                    for k, d in report.distributions.items()}
    return report


def _tally(dists: dict[str, Any], rolls: int, hp: tuple[int, int], weight: Any) -> None:
    dists["rolls"][rolls] += weight
    dists["left HP"][hp[0]] += weight
    dists["right HP"][hp[1]] += weight


def _title(left: Lineup, right: Lineup) -> str:
    return f"{left.label['en']} (left) against {right.label['en']} (right)"


ENGINE_CHOICES: dict[str, Any] = {
    "enum": list(engines.ENGINES),
    LABELS: {"kernel": "the compiled kernel", "python": "the Python engine"}}
"""The engines as a form offers them, by their labels (French: ``view.po``)."""


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
    engine: str = Field(engines.DEFAULT, description="who plays the Monte Carlo battles: "
                        "kernel (compiled, the default) or python (the readable engine); the "
                        "same answer either way",
                        json_schema_extra=ENGINE_CHOICES)
    rulings: dict[str, str] = Field(default_factory=dict, description="id=option")
    content: str | None = Field(None, description="folder of YAML files over the sample content")
    set: dict[str, Any] = Field(default_factory=dict, description="a content value by path, "
                                "over the sample and --content: cryptids.cryptids.bigfoot.hp=20")


def matchup_odds(params: MatchupParams) -> Odds:
    """Win, tie and loss of the left team, with battle length and remaining HP."""
    ruleset = registry.load("cryptids")
    assert isinstance(ruleset, CryptidsRuleset)
    sets = {path: parse_value(v) if isinstance(v, str) else v for path, v in params.set.items()}
    content = ruleset.load_content(params.content, sets or None)[0]
    assert isinstance(content, CryptidsContent)
    rulings = CryptidsRulings(resolve(ruleset.rulings, params.rulings))
    left = ruleset.lineup(content, params.left, "left")
    right = ruleset.lineup(content, params.right, "right")
    if params.exact:
        return exact(left, right, rulings, params.max_states)
    engine = engines.check(params.engine)
    workers = params.workers or os.cpu_count() or 1
    return monte_carlo(left, right, rulings, params.games, params.seed, workers, engine)


QUESTIONS = (
    OddsQuestion(None, "Win, tie and loss odds of a cryptid matchup.", MatchupParams,
                 matchup_odds),
)
