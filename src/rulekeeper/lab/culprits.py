"""Answers that name the culprit: each entity's measures, ranked, and an automatic ablation.

Every fighter, hero or cryptid a ruleset measures (:mod:`rulekeeper.core.entities`) gets,
over the games it took part in, the mean of each measure with its 95% interval and its
side's win rate; entities are ranked, strongest first, by the measure the ruleset ranks
by. Entities in every game are measured like any other: nothing is compared with games
without them.

The ablation then asks what each entity's main stat is worth: the batch's first games
are played again, same seeds, with that stat one step down and one step up (a content
change for that batch only), and the entity's side's win rate is compared game by game
with the batch as given (McNemar's exact test, Holm-adjusted, Bonferroni intervals, as
every paired comparison of the lab). A strong entity's side loses games when its stat
goes down.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.entities import MainStat, Measure, parse
from rulekeeper.lab.batch import BatchSpec, GameResult
from rulekeeper.lab.stats import Estimate, Running, wilson
from rulekeeper.lab.sweep import Comparison, Wins, compare

ABLATION_GAMES = 100
"""Games of each ablation batch by default (at most the batch's games)."""
MOST_ENTITIES = 12
"""Entities ablated by default: the strongest and the weakest in turn (each costs two
batches)."""
AS_GIVEN = "as given"


@dataclass(frozen=True)
class Standing:
    """One entity over the games it took part in: each measure's mean, its side's win rate."""

    side: str
    entity: str
    games: int
    means: dict[Measure, Estimate]
    win: Estimate

    @property
    def name(self) -> str:
        return f"{self.entity} ({self.side})"

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "entity": self.entity, "games": self.games,
                "means": {m.value: e.to_json() for m, e in self.means.items()},
                "win": self.win.to_json()}


class EntityTally:
    """Each entity's measures as games come in (nothing kept per game)."""

    def __init__(self) -> None:
        self.running: dict[tuple[str, str], dict[Measure, Running]] = {}
        self.won: dict[tuple[str, str], int] = {}

    def add(self, results: Iterable[GameResult]) -> EntityTally:
        for result in results:
            seen: set[tuple[str, str]] = set()
            for metric, value in result.metrics.items():
                found = parse(metric)
                if found is None:
                    continue
                side, entity, measure = found
                seen.add((side, entity))
                self.running.setdefault((side, entity), {}).setdefault(
                    measure, Running()).add(float(value))
            for who in seen:
                self.won[who] = self.won.get(who, 0) + (result.winner == who[0])
        return self

    def standings(self, rank_by: Measure | None) -> list[Standing]:
        """Every entity, strongest first by ``rank_by`` (then by side and id)."""
        out = []
        for (side, entity), measures in self.running.items():
            games = max(r.n for r in measures.values())
            means = {m: wilson(round(r.mean * r.n), r.n) if m is Measure.SURVIVED
                     else r.estimate() for m in Measure if (r := measures.get(m)) is not None}
            out.append(Standing(side, entity, games, means,
                                wilson(self.won[side, entity], games)))

        def strength(s: Standing) -> float:
            estimate = s.means.get(rank_by) if rank_by is not None else None
            return -estimate.value if estimate is not None else 0.0

        return sorted(out, key=lambda s: (strength(s), s.side, s.entity))


def both_ends(ranked: Sequence[Any]) -> list[Any]:
    """The strongest, the weakest, the second strongest, the second weakest...

    >>> both_ends([1, 2, 3, 4, 5])
    [1, 5, 2, 4, 3]
    """
    out = []
    low, high = 0, len(ranked) - 1
    while low <= high:
        out.append(ranked[low])
        if high != low:
            out.append(ranked[high])
        low, high = low + 1, high - 1
    return out


@dataclass(frozen=True)
class Knob:
    """One entity's main stat as the batch plays it, and its steps down and up."""

    side: str
    entity: str
    stat: str
    path: str
    value: int
    down: int | None
    up: int | None

    def label(self, value: int) -> str:
        return f"{self.entity} {self.stat} {self.value}→{value}"

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "entity": self.entity, "stat": self.stat,
                "path": self.path, "value": self.value, "down": self.down, "up": self.up}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Knob:
        return cls(**data)


def main_stats(spec: BatchSpec) -> dict[str, tuple[MainStat, str, Any]]:
    """Each entity's main stat in the batch's content (its changes applied): by entity id,
    the stat, its content path and its value."""
    ruleset = registry.load(spec.ruleset)
    if not ruleset.entities.main_stats:
        return {}
    content, _ = ruleset.load_content(spec.content, spec.content_set)
    data = content.model_dump(mode="json", by_alias=True)
    found: dict[str, tuple[MainStat, str, Any]] = {}
    for stat in ruleset.entities.main_stats:
        for entity, (path, value) in stat.find(data):
            found.setdefault(entity, (stat, path, value))
    return found


def knobs(spec: BatchSpec, entities: Iterable[tuple[str, str]], most: int) -> list[Knob]:
    """The main stats of ``entities`` (side and id, in the order given) that can step, at
    most ``most`` of them."""
    found = main_stats(spec)
    out: list[Knob] = []
    for side, entity in entities:
        if len(out) >= most or entity not in found:
            continue
        stat, path, value = found[entity]
        down, up = stat.steps(value)
        if down is not None or up is not None:
            out.append(Knob(side, entity, stat.name, path, value, down, up))
    return out


@dataclass(frozen=True)
class Ablation:
    """An entity's side's win rate with its main stat one step down and one step up, each
    against the batch as given on the same games (None: no step that way)."""

    knob: Knob
    down: Comparison | None
    up: Comparison | None

    def to_json(self) -> dict[str, Any]:
        return {**self.knob.to_json(),
                "down_change": self.down.to_json() if self.down is not None else None,
                "up_change": self.up.to_json() if self.up is not None else None}


Winners = Sequence[str | None]


def ablations(found: Sequence[Knob], base: Winners,
              played: Mapping[tuple[str, int], Winners]) -> list[Ablation]:
    """Every knob's steps compared with the batch as given, adjusted together."""
    wins: list[Wins] = []
    pairs: list[tuple[int, int]] = []
    slots: list[tuple[int | None, int | None]] = []
    for knob in found:
        slot: list[int | None] = []
        base_at = None
        for value in (knob.down, knob.up):
            winners = played.get((knob.path, value)) if value is not None else None
            if value is None or winners is None:
                slot.append(None)
                continue
            if base_at is None:
                base_at = len(wins)
                wins.append(Wins(AS_GIVEN, range(len(winners)),
                                 [w == knob.side for w in base[:len(winners)]]))
            slot.append(len(wins))
            pairs.append((base_at, len(wins)))
            wins.append(Wins(knob.label(value), range(len(winners)),
                             [w == knob.side for w in winners]))
        slots.append((slot[0], slot[1]))
    comparisons = dict(zip(pairs, compare(wins, "", pairs), strict=True))
    by_second = {j: c for (_, j), c in comparisons.items()}
    return [Ablation(k, by_second.get(d) if d is not None else None,
                     by_second.get(u) if u is not None else None)
            for k, (d, u) in zip(found, slots, strict=True)]


def no_main_stat(ruleset_id: str) -> str:
    """The line said of a ruleset that declares no main stat."""
    return (f"{ruleset_id} declares no main stat for its entities: measures only, "
            f"no ablation.")


def answer(side: str, rank_by: Measure | None, standings: Sequence[Standing],
           found: Sequence[Ablation], note: str | None, ablation_games: int) -> dict[str, Any]:
    """The culprits as JSON: the command's ``--json`` and the job's result."""
    return {"side": side, "rank_by": rank_by.value if rank_by is not None else None,
            "entities": [s.to_json() for s in standings],
            "strongest": [s.name for s in standings[:3]],
            "weakest": [s.name for s in standings[::-1][:3]],
            "ablation_games": ablation_games,
            "ablation": [a.to_json() for a in found], "note": note}


def mean_text(measure: Measure, estimate: Estimate | None) -> str:
    """A measure's mean with its interval (a share for survival); "-" when not measured."""
    if estimate is None:
        return "-"
    if measure is Measure.SURVIVED:
        return f"{estimate.value:.0%} ({100 * estimate.low:.0f}–{100 * estimate.high:.0f})"
    return f"{estimate.value:.2f} ({estimate.low:.2f}–{estimate.high:.2f})"


def change_text(change: Comparison | None) -> str:
    """A win-rate change in points with its interval, ``*`` when significant."""
    if change is None:
        return "-"
    d = change.difference
    star = " *" if change.significant else ""
    return f"{100 * d.value:+.1f} ({100 * d.low:+.1f} to {100 * d.high:+.1f}){star}"


def step_text(knob: Knob, value: int | None) -> str:
    """``3→2``: the step of a knob's stat (empty: none)."""
    return f"{knob.value}→{value}" if value is not None else ""


def measured(standings: Sequence[Standing]) -> list[Measure]:
    """The measures some entity has, in their declared order."""
    return [m for m in Measure if any(m in s.means for s in standings)]


def from_batches(batches: Sequence[Any], extra: Mapping[str, Any],
                 rank_by: Measure | None) -> tuple[list[Standing], list[Ablation]]:
    """The culprits of a results file: its first batch's entities and, in a file
    ``rulekeeper culprits`` wrote, its ablation batches (found by their content change)."""
    base = batches[0]
    standings = EntityTally().add(base.results).standings(rank_by)
    found = [Knob.from_json(k) for k in extra.get("knobs", ())]
    played = {(path, value): [r.winner for r in b.results]
              for b in batches[1:] for path, value in b.params.items()}
    return standings, ablations(found, [r.winner for r in base.results], played)
