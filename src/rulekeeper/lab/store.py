"""The results store: a Parquet file with one row per game, queryable with DuckDB.

Columns: ``variant`` (the batch's label: ``""`` for a plain simulation, e.g.
``deck.cards.0=9`` in a sweep), ``params`` (what the variant changes, JSON), the
batch's spec (``ruleset``, ``scenario``, ``agents``, ``options``, ``rulings`` in
force, ``content``, ``content_set``, ``batch_seed``), then the game's ``game``
number, ``seed``, ``winner``, ``outcome`` (win, tie or loss of the file's side),
``reason``, ``rounds``, ``decisions``, and ``metrics``: a struct with one field
per metric key (null where a game did not report it).

The file's metadata (key ``rulekeeper``) says what made it: the command, the
side, the seats and the declared metrics. With DuckDB::

    SELECT variant, avg((outcome = 'win')::INT) AS win_rate, avg(metrics.damage_red)
    FROM 'results.parquet' GROUP BY variant
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import resolve
from rulekeeper.lab.batch import BatchSpec, GameResult
from rulekeeper.lab.summary import outcome

META_KEY = b"rulekeeper"
FORMAT = 1


@dataclass
class Batch:
    """One variant's games: its label, what it changes, its spec and seed, and results."""

    label: str
    params: dict[str, Any]
    spec: BatchSpec
    seed: int
    results: list[GameResult]


@dataclass
class Run:
    """What a results file holds: the batches of one command, seen from one side."""

    kind: str
    side: str
    seats: list[str]
    declared: list[str]
    batches: list[Batch]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ruleset(self) -> str:
        return self.batches[0].spec.ruleset if self.batches else ""

    @property
    def games(self) -> int:
        return sum(len(b.results) for b in self.batches)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _rulings_in_force(spec: BatchSpec) -> dict[str, str]:
    try:
        return resolve(registry.load(spec.ruleset).rulings, spec.rulings)
    except UsageError:
        return dict(spec.rulings)


def metric_keys(results: Sequence[GameResult], declared: Sequence[str] = ()) -> list[str]:
    """Every metric key of the results: the declared ones first, then the others sorted."""
    keys: set[str] = set()
    for result in results:
        keys.update(result.metrics)
    return [k for k in declared if k in keys] + sorted(keys - set(declared))


def to_table(run: Run) -> pa.Table:
    """The run as an Arrow table (one row per game), with its metadata."""
    rows = [(batch, r) for batch in run.batches for r in batch.results]
    columns: dict[str, Any] = {}
    spec_columns: dict[str, Any] = {
        "variant": lambda b: b.label, "params": lambda b: _json(b.params),
        "ruleset": lambda b: b.spec.ruleset, "scenario": lambda b: b.spec.scenario,
        "agents": lambda b: ",".join(b.spec.agents), "options": lambda b: _json(b.spec.options),
        "rulings": lambda b: _json(_rulings_in_force(b.spec)),
        "content": lambda b: b.spec.content, "content_set": lambda b: _json(b.spec.content_set),
        "batch_seed": lambda b: b.seed}
    for name, get in spec_columns.items():
        per_batch = {id(b): get(b) for b in run.batches}
        columns[name] = [per_batch[id(b)] for b, _ in rows]
    columns["batch_seed"] = pa.array(columns["batch_seed"], pa.uint64())
    columns["game"] = [r.game for _, r in rows]
    columns["seed"] = pa.array([r.seed for _, r in rows], pa.uint64())
    columns["winner"] = pa.array([r.winner for _, r in rows], pa.string())
    columns["outcome"] = [outcome(r.winner, run.side) for _, r in rows]
    columns["reason"] = [r.reason for _, r in rows]
    columns["rounds"] = [r.rounds for _, r in rows]
    columns["decisions"] = [r.decisions for _, r in rows]
    keys = metric_keys([r for _, r in rows], run.declared)
    if keys:
        columns["metrics"] = pa.StructArray.from_arrays(
            [pa.array([r.metrics.get(k) for _, r in rows], pa.float64()) for k in keys],
            names=keys)
    table = pa.table(columns)
    meta = {"format": FORMAT, "kind": run.kind, "side": run.side, "seats": run.seats,
            "declared": run.declared, "extra": run.extra}
    return table.replace_schema_metadata({META_KEY: _json(meta).encode()})


def write(path: Path, run: Run) -> None:
    """Write the run to a Parquet file (replacing it)."""
    try:
        pq.write_table(to_table(run), path)
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error}") from None


def _metrics(row: Mapping[str, Any] | None) -> dict[str, float]:
    return {k: v for k, v in (row or {}).items() if v is not None}


def read(path: Path) -> Run:
    """Read a results file written by :func:`write`."""
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowInvalid) as error:
        raise UsageError(f"cannot read {path} as Parquet: {error}") from None
    raw = (table.schema.metadata or {}).get(META_KEY)
    if raw is None:
        raise UsageError(f"{path} was not written by rulekeeper (no 'rulekeeper' metadata)")
    meta = json.loads(raw)
    data = table.to_pydict()
    metrics = data.get("metrics") or [None] * table.num_rows
    batches: dict[str, Batch] = {}
    for i in range(table.num_rows):
        label = data["variant"][i]
        if label not in batches:
            spec = BatchSpec(
                data["ruleset"][i], tuple(a for a in data["agents"][i].split(",") if a),
                data["scenario"][i], json.loads(data["options"][i]),
                json.loads(data["rulings"][i]), data["content"][i],
                json.loads(data["content_set"][i]))
            batches[label] = Batch(label, json.loads(data["params"][i]), spec,
                                   data["batch_seed"][i], [])
        batches[label].results.append(GameResult(
            data["game"][i], data["seed"][i], data["winner"][i], data["reason"][i],
            data["rounds"][i], data["decisions"][i], _metrics(metrics[i])))
    return Run(meta["kind"], meta["side"], meta["seats"], meta["declared"],
               list(batches.values()), meta.get("extra", {}))
