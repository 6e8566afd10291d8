"""The luck ledger of a finished game: how much of its result came from the dice, and how
much from the decisions.

The judge is the ruleset's strong bot (its default bot, the one ``mcts`` uses as its prior
and rollout) with the ruleset's estimate of each side's chance to win (``evaluate``, else its
``judge``): the value of a position, for each seat, is the mean score of ``samples`` worlds
the deciding seat may imagine from it (``Game.sample``: the coming dice drawn afresh, hidden
cards dealt again), each played on by the bot for ``depth`` decisions and then scored. Values
are chances to win, 0 to 1.

- **A decision's cost**: the value of the best option judged, less the value of the option
  chosen, for the seat that chose (0: it chose as well as the judge can tell).
- **A roll's luck**: the dice (and shuffles) between a decision and the next are a chance
  step. Its luck for each seat is the value after it, less the value the chosen option was
  expected to have before the dice fell. When the dice of an option can show few outcomes
  (``exact``), the expected value is their exact mean, weighted by the dice odds: each
  outcome is played as scripted dice. The odds of each die's face are listed with it.

Summed per seat, the decisions' cost and the dice's luck say what the result owes to each.
The cost is bounded: ``samples`` worlds per option, at most ``options`` options per decision
(the chosen one and the first others offered), ``depth`` decisions per world, and a game of
at most ``max_steps`` decisions (a longer one is refused, :class:`LedgerTooLong`). Given the
same record, judge and seed, the ledger is the same.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rulekeeper.agents import Agent, decide, make_agent
from rulekeeper.agents.scores import score
from rulekeeper.core.errors import UsageError
from rulekeeper.core.game import Game, Record, replay
from rulekeeper.core.rng import Rolled, derive_seed

Values = dict[str, float]
"""A position's value for each seat: its chance to win, 0 to 1."""

WEAK_BOTS = ("random", "first")
"""Bots that cannot judge a decision."""


class LedgerTooLong(UsageError):
    """The game has more decisions than the ledger judges, or judging it took longer than
    allowed."""


@dataclass(frozen=True)
class Judge:
    """How hard the ledger looks (its cost is about decisions × options × samples)."""

    samples: int = 4
    """Worlds imagined per option judged (and per position after a chance step)."""
    options: int = 8
    """The most options judged per decision: the chosen one and the first others offered."""
    depth: int | None = None
    """Decisions the bot plays in each world before it is scored (None: the ruleset's
    search depth, or 8)."""
    exact: int = 36
    """Dice with at most this many outcomes are judged exactly (every outcome, weighted by
    its odds); more are sampled."""
    max_steps: int = 400
    """The longest game judged, in decisions."""
    seconds: float | None = None
    """The longest the ledger may take, on the clock (None: no limit): a service bounds how
    long one request holds a worker."""


@dataclass(frozen=True)
class Die:
    """One die of a chance step: its faces, the face it showed and that face's odds."""

    faces: str
    shown: str
    odds: float

    @classmethod
    def of(cls, rolled: Rolled) -> Die:
        sides, index = rolled
        if isinstance(sides, int):
            return cls(f"d{sides}", str(index + 1), 1 / sides)
        name = sides[index]
        return cls("/".join(sides), name, sides.count(name) / len(sides))


@dataclass(frozen=True)
class DecisionCost:
    step: int
    seat: str
    question: str
    chosen: str
    best: str
    values: Mapping[str, float]
    """The deciding seat's value of each option judged."""
    offered: int
    labels: Mapping[str, str] = field(default_factory=dict)
    """The labels of the chosen and the best option (English, the ruleset's words)."""

    @property
    def cost(self) -> float:
        return self.values[self.best] - self.values[self.chosen]


@dataclass(frozen=True)
class ChanceStep:
    step: int
    """The decision the dice followed."""
    dice: Sequence[Die]
    draws: int
    """Random draws besides the dice (shuffles, cards, picks)."""
    exact: bool
    expected: Mapping[str, float]
    after: Mapping[str, float]

    @property
    def luck(self) -> Values:
        return {seat: self.after[seat] - self.expected[seat] for seat in self.after}

    @property
    def odds(self) -> float:
        """The odds of the faces the dice showed, together."""
        return math.prod(d.odds for d in self.dice)


@dataclass
class Ledger:
    ruleset: str
    seats: Sequence[str]
    winner: str | None
    judge: Judge
    bot: str
    decisions: list[DecisionCost] = field(default_factory=list)
    chances: list[ChanceStep] = field(default_factory=list)

    def totals(self) -> dict[str, dict[str, float]]:
        """Per seat: the cost of its decisions and the luck of the dice, summed."""
        return {seat: {"cost": sum(d.cost for d in self.decisions if d.seat == seat),
                       "luck": sum(c.luck[seat] for c in self.chances),
                       "decisions": sum(d.seat == seat for d in self.decisions)}
                for seat in self.seats}

    def swings(self, count: int = 10) -> list[dict[str, Any]]:
        """The largest costs and lucks, largest first (a chance step by its largest luck)."""
        items: list[dict[str, Any]] = []
        for d in self.decisions:
            if d.cost > 0:
                chosen, best = (d.labels.get(o, o) for o in (d.chosen, d.best))
                items.append({"step": d.step, "kind": "decision", "seat": d.seat,
                              "amount": -d.cost, "what": f"{chosen} (best: {best})",
                              "chosen": chosen, "best": best})
        for c in self.chances:
            seat = max(c.luck, key=lambda s: abs(c.luck[s]))
            faces = [d.shown for d in c.dice]
            items.append({"step": c.step, "kind": "roll", "seat": seat,
                          "amount": c.luck[seat],
                          "what": " ".join(faces) or f"{c.draws} draw(s)",
                          "faces": faces, "draws": c.draws})
        items.sort(key=lambda i: (-abs(i["amount"]), i["step"], i["kind"]))
        return [{**i, "amount": round(i["amount"], 4)} for i in items[:count]]

    def to_json(self, swings: int = 10) -> dict[str, Any]:
        j = self.judge
        return {
            "format": 1, "ruleset": self.ruleset, "seats": list(self.seats),
            "winner": self.winner, "bot": self.bot,
            "judge": {"samples": j.samples, "options": j.options, "depth": j.depth,
                      "exact": j.exact},
            "totals": {seat: {k: round(v, 4) for k, v in t.items()}
                       for seat, t in self.totals().items()},
            "decisions": [{"step": d.step, "seat": d.seat, "question": d.question,
                           "chosen": d.chosen, "best": d.best, "offered": d.offered,
                           "cost": round(d.cost, 4),
                           "values": {o: round(v, 4) for o, v in d.values.items()}}
                          for d in self.decisions],
            "rolls": [{"step": c.step, "exact": c.exact, "draws": c.draws,
                       "odds": round(c.odds, 6),
                       "dice": [{"faces": d.faces, "shown": d.shown, "odds": round(d.odds, 4)}
                                for d in c.dice],
                       "expected": {s: round(v, 4) for s, v in c.expected.items()},
                       "luck": {s: round(v, 4) for s, v in c.luck.items()}}
                      for c in self.chances],
            "swings": self.swings(swings)}


class _Judging:
    """The judge at work on one game."""

    def __init__(self, game: Game, judge: Judge, seed: int, bot: str) -> None:
        self.game = game
        self.ruleset = game.ruleset
        self.judge = judge
        self.seed = seed
        self.bot = bot
        depth = judge.depth if judge.depth is not None else self.ruleset.search.get("depth", "8")
        self.depth = int(depth) if str(depth).isdigit() else 8
        options = game.table.options
        self.sides = {seat: self.ruleset.side_of(options, seat) for seat in game.seats}
        self.bots: dict[str, Agent] = {}

    def seed_of(self, *where: int) -> int:
        value = self.seed
        for part in where:
            value = derive_seed(value, part)
        return value

    def scores(self, world: Game) -> Values:
        """Play the world on for ``depth`` decisions; each seat's score."""
        for _ in range(self.depth):
            if world.pending is None:
                break
            seat = world.pending.player
            agent = self.bots.get(seat)
            if agent is None:
                agent = self.bots[seat] = make_agent(self.bot, self.ruleset, seat,
                                                     self.seed_of(len(self.bots)))
            world.step(decide(agent, world))
        if world.result is not None:
            return {s: score(side, world.result.winner) for s, side in self.sides.items()}
        chances = self.ruleset.evaluate(world.table)
        if chances is not None:
            return {s: chances.get(side, 0.5) for s, side in self.sides.items()}
        winner = self.ruleset.judge(world.table)
        return {s: score(side, winner) for s, side in self.sides.items()}

    def world(self, seat: str, seed: int, dice: Sequence[int] = ()) -> Game:
        """A world ``seat`` may imagine from the game as it stands, whose next dice show
        ``dice`` (1-based faces) and the rest at random: a record's scripted dice are not
        known to the judge."""
        world = self.game.sample(seat, seed)
        rng = world.table.rng
        state, _, draws = rng.snapshot()
        rng.restore((state, tuple(dice), draws))
        return world

    def option(self, step: int, option: str) -> tuple[Values, bool]:
        """The value of taking ``option`` now, for each seat; whether its dice were judged
        exactly (every outcome). Every option of a decision is judged in the same worlds
        (the same seeds), so that their differences are not the worlds' luck."""
        seat = self.game.pending.player  # type: ignore[union-attr]
        probe = self.world(seat, self.seed_of(step, 0))
        probe.table.rng.rolled = []
        probe.step(option)
        rolled, probe.table.rng.rolled = probe.table.rng.rolled, None
        outcomes = math.prod(len(s) if isinstance(s, tuple) else s for s, _ in rolled)
        if rolled and outcomes <= self.judge.exact:
            exact = self.exactly(seat, step, option, rolled)
            if exact is not None:
                return exact, True
        runs = [self.scores(probe)]
        for k in range(1, self.judge.samples):
            world = self.world(seat, self.seed_of(step, k))
            world.step(option)
            runs.append(self.scores(world))
        return mean(runs), False

    def exactly(self, seat: str, step: int, option: str,
                rolled: Sequence[Rolled]) -> Values | None:
        """The mean value over every outcome of the dice ``option`` rolled in a probe, each
        weighted by its odds; None when another outcome rolls other dice."""
        total: Values = dict.fromkeys(self.sides, 0.0)
        sizes = [len(s) if isinstance(s, tuple) else s for s, _ in rolled]
        for number, faces in enumerate(outcomes_of(sizes)):
            world = self.world(seat, self.seed_of(step, 1000 + number), faces)
            world.step(option)
            if world.table.rng.scripted_left:
                return None
            weight = 1 / math.prod(sizes)
            for s, value in self.scores(world).items():
                total[s] += weight * value
        return total

    def position(self, step: int) -> Values:
        """The value of the game as it stands (the next decision's)."""
        if self.game.result is not None:
            winner = self.game.result.winner
            return {s: score(side, winner) for s, side in self.sides.items()}
        seat = self.game.pending.player  # type: ignore[union-attr]
        return mean([self.scores(self.world(seat, self.seed_of(step, 999_999, k)))
                     for k in range(self.judge.samples)])


def outcomes_of(sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Every outcome of dice of these sizes, as scripted 1-based faces, in order."""
    found: list[tuple[int, ...]] = [()]
    for size in sizes:
        found = [(*o, face) for o in found for face in range(1, size + 1)]
    return found


def mean(runs: Sequence[Mapping[str, float]]) -> Values:
    return {seat: sum(r[seat] for r in runs) / len(runs) for seat in runs[0]}


def ledger(record: Record | Mapping[str, Any], judge: Judge | None = None,
           seed: int = 0) -> Ledger:
    """The luck ledger of a finished game's record (module docstring). Raises
    :class:`~rulekeeper.core.errors.ReplayMismatch` for a record that does not replay,
    :class:`LedgerTooLong` for a game longer than ``judge.max_steps`` (or that takes
    longer than ``judge.seconds``), and
    :class:`UsageError` for a game not over or a ruleset without a strong bot."""
    judge = judge or Judge()
    final = replay(record)  # with its events: a record whose digest of them is wrong is refused
    if final.result is None:
        raise UsageError("the game is not over: the ledger judges a finished game")
    ruleset = final.ruleset
    if ruleset.default_bot in WEAK_BOTS:
        raise UsageError(f"{ruleset.meta.id} has no strong bot to judge its decisions")
    done = final.record()
    steps = len(done.decisions)
    if steps > judge.max_steps:
        raise LedgerTooLong(f"the game has {steps} decisions; the ledger judges at most "
                            f"{judge.max_steps}")
    game = replay(done.model_copy(update={"decisions": [], "events_digest": None}),
                  log=False, check=False)
    work = _Judging(game, judge, seed, ruleset.default_bot)
    book = Ledger(ruleset.meta.id, game.seats, final.result.winner,
                  replace(judge, depth=work.depth), work.bot)
    deadline = None if judge.seconds is None else time.monotonic() + judge.seconds
    for step, chosen in enumerate(done.decisions):
        if deadline is not None and time.monotonic() >= deadline:
            raise LedgerTooLong(f"judging the game's {steps} decisions took more than "
                                f"{judge.seconds:g} s (stopped at decision {step + 1})")
        decision = game.pending
        assert decision is not None
        ids = decision.ids
        judged = [chosen, *(o for o in ids if o != chosen)][:max(1, judge.options)]
        values = {}
        exact = {}
        for option in sorted(judged, key=ids.index):
            values[option], exact[option] = work.option(step, option)
        seat = decision.player
        if len(ids) > 1:
            best = max(judged, key=lambda o: (values[o][seat], -ids.index(o)))
            labels = {o: decision.option(o).label for o in (chosen, best)}
            book.decisions.append(DecisionCost(step, seat, decision.kind, chosen, best,
                                               {o: values[o][seat] for o in judged},
                                               len(ids), labels))
        rng = game.table.rng
        draws, rng.rolled = rng.draws, []
        game.step(chosen)
        dice, rng.rolled = rng.rolled, None
        if rng.draws > draws:
            book.chances.append(ChanceStep(step, [Die.of(r) for r in dice],
                                           rng.draws - draws - len(dice), exact[chosen],
                                           values[chosen], work.position(step + 1)))
    return book
