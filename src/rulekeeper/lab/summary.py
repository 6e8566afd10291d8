"""A batch's summary: win, tie and loss for one side with intervals, and means with intervals.

Win, tie and loss are seen from one side (a seat or side name such as ``red``,
``heroes``, ``left``; by default the first seat): the side wins when it is the
winner, ties when there is no winner, and loses when another side wins.

Per-entity metrics (the flags ``played.<id>``, ``survived.<id>``, ``defeated.<id>``, and
the measures ``entity.<side>.<id>.<measure>``) are left to the report's impact and
culprits sections; every other metric gets a mean.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Group
from rich.table import Table

from rulekeeper.core import entities, registry
from rulekeeper.lab.batch import BatchSpec, GameResult
from rulekeeper.lab.stats import Estimate, Running, wilson

ENTITY_PREFIXES = ("played.", "survived.", "defeated.")
OUTCOMES = ("win", "tie", "loss")


def is_entity_metric(key: str) -> bool:
    """Whether a metric is a per-entity flag or measure.

    >>> is_entity_metric("played.butcher"), is_entity_metric("damage_red")
    (True, False)
    """
    return key.startswith(ENTITY_PREFIXES) or key.startswith(entities.PREFIX)


def outcome(winner: str | None, side: str) -> str:
    """``win``, ``tie`` or ``loss`` of ``side`` in a game won by ``winner`` (None: a tie).

    >>> outcome("red", "red"), outcome(None, "red"), outcome("blue", "red")
    ('win', 'tie', 'loss')
    """
    if winner is None:
        return "tie"
    return "win" if winner == side else "loss"


@dataclass
class OutcomeCounts:
    """Running counts of a side's wins, ties and losses (for ``--until-ci``)."""

    side: str
    counts: Counter[str] = field(default_factory=Counter)

    def add(self, winner: str | None) -> None:
        self.counts[outcome(winner, self.side)] += 1

    @property
    def games(self) -> int:
        return sum(self.counts.values())

    def estimates(self) -> dict[str, Estimate]:
        return {name: wilson(self.counts[name], self.games) for name in OUTCOMES}

    def widest(self) -> float:
        """The largest half-width of the win, tie and loss intervals."""
        return max(e.half_width for e in self.estimates().values())


def metric_names(results: Iterable[GameResult], declared: Sequence[str] = ()) -> list[str]:
    """The metrics to average: the declared ones first, then any other non-entity key."""
    seen = dict.fromkeys(declared)
    for result in results:
        for key in result.metrics:
            if not is_entity_metric(key):
                seen.setdefault(key)
    return list(seen)


class Tally:
    """A batch's summary kept as its games come in, in game order: counts and running means,
    never the games themselves (memory does not grow with the batch).

    With ``paired``, it also keeps whether the side won each game (one byte a game), for
    paired comparisons between variants.
    """

    def __init__(self, side: str, declared: Sequence[str] = (), paired: bool = False) -> None:
        self.side = side
        self.counts = OutcomeCounts(side)
        self.winners: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        self.ends: Counter[tuple[str, str]] = Counter()
        self.means: dict[str, Running] = {name: Running() for name in
                                          ("rounds", "decisions", *declared)}
        self.wins: bytearray | None = bytearray() if paired else None

    @property
    def games(self) -> int:
        return self.counts.games

    def add(self, results: Iterable[GameResult]) -> Tally:
        for result in results:
            self.counts.add(result.winner)
            self.winners[result.winner or "tie"] += 1
            self.reasons[result.reason] += 1
            self.ends[result.winner or "tie", result.reason] += 1
            self.means["rounds"].add(result.rounds)
            self.means["decisions"].add(result.decisions)
            for key, value in result.metrics.items():
                if not is_entity_metric(key):
                    running = self.means.get(key)
                    if running is None:
                        running = self.means[key] = Running()
                    running.add(float(value))
            if self.wins is not None:
                self.wins.append(result.winner == self.side)
        return self

    def summary(self) -> Summary:
        return Summary(self.side, self.games, self.counts.estimates(),
                       dict(self.winners.most_common()), dict(self.reasons.most_common()),
                       {name: running.estimate() for name, running in self.means.items()},
                       dict(self.ends.most_common()))


@dataclass
class Summary:
    """What a batch says: outcomes for one side, winners, end reasons and means."""

    side: str
    games: int
    outcomes: dict[str, Estimate]
    winners: dict[str, int]
    reasons: dict[str, int]
    means: dict[str, Estimate]
    ends: dict[tuple[str, str], int] = field(default_factory=dict)
    """Games by winner (``tie`` for none) and end reason together."""

    @classmethod
    def of(cls, results: Sequence[GameResult], side: str,
           declared: Sequence[str] = ()) -> Summary:
        return Tally(side, declared).add(results).summary()

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "side": self.side,
            "outcomes": {name: e.to_json() for name, e in self.outcomes.items()},
            "winners": self.winners,
            "reasons": self.reasons,
            "ends": [{"winner": w, "reason": r, "games": n} for (w, r), n in self.ends.items()],
            "mean_rounds": self.means["rounds"].value,
            "means": {name: e.to_json() for name, e in self.means.items()},
        }

    def render(self, title: str, seats: Sequence[tuple[str, str, str]] = ()) -> Group:
        """Rich tables: the seats (:func:`seat_setup`), outcomes, games by winner and end
        reason, then the means."""
        outcomes = Table("outcome", "games", "share (95% interval)",
                         title=f"{title}: {self.games} games, seen from {self.side}")
        for name, estimate in self.outcomes.items():
            count = round(estimate.value * self.games)
            label = {"win": f"won by {self.side}", "tie": "tie", "loss": f"lost by {self.side}"}
            outcomes.add_row(label[name], str(count),
                             estimate.percent())
        ends = Table("winner", "end reason", "games", "share", title="how games ended")
        for (winner, reason), count in self.ends.items():
            ends.add_row(winner, reason, str(count), f"{count / self.games:.1%}")
        means = Table("per game", "mean (95% interval)", "games", title="means")
        for name, estimate in self.means.items():
            means.add_row(name, estimate.number(), str(estimate.n))
        tables: list[Table] = [outcomes, ends, means]
        if seats:
            played = Table("seat", "plays", "bot", title="seats")
            for row in seats:
                played.add_row(*row)
            tables.insert(0, played)
        return Group(*tables)


def seat_setup(spec: BatchSpec) -> list[tuple[str, str, str]]:
    """Each seat of a batch, what it plays and its bot.

    What a seat plays is read from the setup options named after it: ``left`` (a team),
    ``red_faction`` and ``red_leader``, or ``hero1`` and ``class1``; "-" when no option
    names it (the content decides).

    >>> seat_setup(BatchSpec("cryptids", ("random",)))[0]
    ('left', 'french-legends', '- (no decisions)')
    """
    ruleset = registry.load(spec.ruleset)
    options = ruleset.parse_options(spec.options)
    seats = ruleset.seats(options)
    given = options.model_dump(mode="json")
    bots = list(spec.agents) or [ruleset.default_bot]
    bots += [bots[-1]] * (len(seats) - len(bots))
    rows = []
    for seat, bot in zip(seats, bots, strict=False):
        number = seat[len(seat.rstrip("0123456789")):]
        parts = []
        for name, value in given.items():
            if not isinstance(value, str | int) or isinstance(value, bool):
                continue
            if name == seat and not number:
                parts.append(str(value))
            elif name.startswith(seat + "_"):
                parts.append(f"{name.removeprefix(seat + '_').replace('_', ' ')} {value}")
            elif number and name.endswith(number) and name[:-len(number)].isalpha():
                parts.append(f"{name[:-len(number)]} {value}")
        plays_itself = ruleset.meta.max_length == 0
        rows.append((seat, ", ".join(parts) or "-", "- (no decisions)" if plays_itself else bot))
    return rows
