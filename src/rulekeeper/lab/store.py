"""The results store: a Parquet file with one row per game, queryable with DuckDB.

Columns: ``variant`` (the batch's label: ``""`` for a plain simulation, e.g.
``deck.cards.0=9`` in a sweep), ``params`` (what the variant changes, JSON), the
batch's spec (``ruleset``, ``scenario``, ``agents``, ``options``, ``rulings`` in
force, ``content``, ``content_set``, ``content_digest``, ``batch_seed`` as decimal
text, so that a seed of any size is kept), then the game's ``game`` number, ``seed``,
``winner``, ``outcome`` (win, tie or loss of the file's side), ``reason``, ``rounds``,
``decisions``, ``consulted`` (the ids of the rulings the game's play read, a list;
null where unknown) and ``metrics``: a struct with one field per metric key (null where a
game did not report it).

The file's metadata (key ``rulekeeper``) says what made it: its ``format`` version,
the ``rulekeeper`` version, the command, the side, the seats and the declared
metrics. With DuckDB::

    SELECT variant, avg((outcome = 'win')::INT) AS win_rate, avg(metrics.damage_red)
    FROM 'results.parquet' GROUP BY variant

A :class:`Writer` streams games to a file as they finish: they wait in an anonymous
spool file beside the target (removed by the system whatever happens), and the
results file appears, whole, when the writer closes, also when the command is
stopped; a file it replaces stays as it was until then.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from pydantic import BaseModel, ValidationError

from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import resolve
from rulekeeper.core.version import VERSION as RULEKEEPER_VERSION
from rulekeeper.lab.batch import BatchSpec, GameResult
from rulekeeper.lab.summary import outcome

META_KEY = b"rulekeeper"
FORMAT = 3
"""The results format: 1, the first; 2 adds the rulekeeper version, the content digest,
and keeps the batch seed as text (any integer); 3 adds the rulings each game consulted
(files of formats 1 and 2 read with ``consulted`` unknown)."""
ROW_GROUP = 10_000
"""Games per Parquet row group (the spool is read back this many at a time: it bounds the
memory a file needs as it is written)."""


@dataclass
class Batch:
    """One variant's games: its label, what it changes, its spec and seed, and results.

    ``digest`` is the digest of the content the games were played with (None in files
    of format 1).
    """

    label: str
    params: dict[str, Any]
    spec: BatchSpec
    seed: int
    results: list[GameResult] = field(default_factory=list)
    digest: str | None = None


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


class Meta(BaseModel):
    """The file's metadata."""

    format: int
    rulekeeper: str = "unknown"
    kind: str
    side: str
    seats: list[str]
    declared: list[str]
    extra: dict[str, Any] = {}


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
    return _ordered(keys, declared)


def _ordered(keys: set[str], declared: Sequence[str]) -> list[str]:
    return [k for k in declared if k in keys] + sorted(keys - set(declared))


METRICS_MAP = pa.map_(pa.string(), pa.float64())
CONSULTED = pa.list_(pa.string())


class Writer:
    """Streams a run's games to a results file; use it in a ``with`` block.

    The target is checked when the writer opens (its folder must be writable); the file
    is written when it closes, with every game added until then.
    """

    def __init__(self, path: Path, kind: str, side: str, seats: Sequence[str],
                 declared: Sequence[str], extra: Mapping[str, Any] | None = None) -> None:
        self.path = path
        self.side = side
        self.declared = list(declared)
        self.meta = {"format": FORMAT, "rulekeeper": RULEKEEPER_VERSION, "kind": kind,
                     "side": side, "seats": list(seats), "declared": self.declared,
                     "extra": dict(extra or {})}
        self._keys: set[str] = set()
        self._constants: dict[int, dict[str, Any]] = {}
        # The spool's length up to its last whole batch, and the games in it: one attribute,
        # so that a stop cannot come between the two.
        self._whole = (0, 0)
        try:  # unbuffered: what is written is where it was written, whenever a stop comes
            self._spool: IO[bytes] = tempfile.TemporaryFile(  # noqa: SIM115 (closed by close)
                buffering=0, dir=path.parent or ".", prefix=f".{path.name}.")
        except OSError as error:
            raise UsageError(f"cannot write {path}: {error.strerror}") from None

    def __enter__(self) -> Writer:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if kind is None or issubclass(kind, KeyboardInterrupt):
            self.close()
        else:
            self.discard()

    def discard(self) -> None:
        """Forget the games added: the target is left as it was."""
        self._spool.close()

    def add(self, batch: Batch, results: Sequence[GameResult]) -> None:
        """Add games of a batch (whose label, params, spec, seed and digest they share)."""
        if not results:
            return
        constants = self._constants.get(id(batch))
        if constants is None:
            spec = batch.spec
            constants = self._constants[id(batch)] = {
                "variant": batch.label, "params": _json(batch.params), "ruleset": spec.ruleset,
                "scenario": spec.scenario, "agents": ",".join(spec.agents),
                "options": _json(spec.options), "rulings": _json(_rulings_in_force(spec)),
                "content": spec.content, "content_set": _json(spec.content_set),
                "content_digest": batch.digest, "batch_seed": str(batch.seed)}
        columns: dict[str, Any] = {
            name: pa.array([value] * len(results), pa.string())
            for name, value in constants.items()}
        columns["game"] = pa.array([r.game for r in results], pa.int64())
        columns["seed"] = pa.array([r.seed for r in results], pa.uint64())
        columns["winner"] = pa.array([r.winner for r in results], pa.string())
        columns["outcome"] = pa.array([outcome(r.winner, self.side) for r in results],
                                      pa.string())
        columns["reason"] = pa.array([r.reason for r in results], pa.string())
        columns["rounds"] = pa.array([r.rounds for r in results], pa.int64())
        columns["decisions"] = pa.array([r.decisions for r in results], pa.int64())
        columns["consulted"] = pa.array(
            [None if r.consulted is None else sorted(r.consulted) for r in results], CONSULTED)
        columns["metrics"] = pa.array([list(r.metrics.items()) for r in results], METRICS_MAP)
        table = pa.table(columns)
        length, games = self._whole
        messages = [table.schema.serialize()] if not length else []  # an IPC stream's
        messages += [batch.serialize() for batch in table.to_batches()]
        try:
            for message in messages:
                length = _write_at(self._spool, message, length)
        except OSError as error:
            raise UsageError(f"cannot write {self.path}: {error.strerror or error}") from None
        self._whole = (length, games + len(results))
        for result in results:
            self._keys.update(result.metrics)

    @property
    def games(self) -> int:
        """The games added (all kept when the writer closes)."""
        return self._whole[1]

    def close(self) -> None:
        """Write the results file from the games added (replacing a file there at once)."""
        keys = _ordered(self._keys, self.declared)
        temporary = ""
        try:
            with tempfile.NamedTemporaryFile(dir=self.path.parent or ".", delete=False,
                                             prefix=f".{self.path.name}.",
                                             suffix=".tmp") as target:
                temporary = target.name
                batches = self._spooled()
                first = next(batches, None)
                schema = _final_schema(first.schema if first is not None else None, keys)
                schema = schema.with_metadata({META_KEY: _json(self.meta).encode()})
                with pq.ParquetWriter(target, schema) as out:
                    pending: list[pa.RecordBatch] = [first] if first is not None else []
                    for batch in batches:
                        pending.append(batch)
                        if sum(b.num_rows for b in pending) >= ROW_GROUP:
                            out.write_table(_final(pending, keys, schema))
                            pending = []
                    if pending:
                        out.write_table(_final(pending, keys, schema))
            os.replace(temporary, self.path)
        except OSError as error:
            raise UsageError(f"cannot write {self.path}: {error.strerror or error}") from None
        finally:
            self._spool.close()
            if temporary:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(temporary)

    def _spooled(self) -> Any:
        """The whole batches spooled: a stop (Ctrl+C, SIGTERM) in the middle of :meth:`add`
        leaves part of a batch written after them, which is cut off (its games were not
        counted)."""
        length, _ = self._whole
        if not length:
            return iter(())
        self._spool.truncate(length)
        self._spool.seek(0)
        return iter(pa.ipc.open_stream(self._spool))


def _write_at(spool: IO[bytes], data: Any, offset: int) -> int:
    """Write ``data`` (a buffer) into the unbuffered ``spool`` at ``offset``; the offset
    after it. Bytes before ``offset`` are never touched, however the writing is stopped."""
    view = memoryview(data)
    spool.seek(offset)
    while view:
        written = spool.write(view) or 0
        view, offset = view[written:], offset + written
    return offset


def _final_schema(spooled: pa.Schema | None, keys: Sequence[str]) -> pa.Schema:
    if spooled is None:  # no game: the columns all the same
        spooled = pa.schema([(name, pa.string()) for name in (
            "variant", "params", "ruleset", "scenario", "agents", "options", "rulings",
            "content", "content_set", "content_digest", "batch_seed")] + [
            ("game", pa.int64()), ("seed", pa.uint64()), ("winner", pa.string()),
            ("outcome", pa.string()), ("reason", pa.string()), ("rounds", pa.int64()),
            ("decisions", pa.int64()), ("consulted", CONSULTED)])
    fields = [f for f in spooled if f.name != "metrics"]
    if keys:
        fields.append(pa.field("metrics", pa.struct([(k, pa.float64()) for k in keys])))
    return pa.schema(fields)


def _final(batches: list[pa.RecordBatch], keys: Sequence[str], schema: pa.Schema) -> pa.Table:
    """Spooled batches with their metrics map turned into the file's struct of every key."""
    table = pa.Table.from_batches(batches)
    metrics = table.column("metrics").combine_chunks()
    table = table.drop_columns(["metrics"])
    if keys:
        values = [pc.map_lookup(metrics, pa.scalar(k), "first") for k in keys]
        table = table.append_column("metrics", pa.StructArray.from_arrays(values, names=keys))
    return table.cast(schema)


def write(path: Path, run: Run) -> None:
    """Write the run to a Parquet file (replacing it)."""
    with Writer(path, run.kind, run.side, run.seats, run.declared, run.extra) as writer:
        for batch in run.batches:
            writer.add(batch, batch.results)


def _metrics(row: Mapping[str, Any] | None) -> dict[str, float]:
    return {k: v for k, v in (row or {}).items() if v is not None}


COLUMNS = ("variant", "params", "ruleset", "scenario", "agents", "options", "rulings",
           "content", "content_set", "batch_seed", "game", "seed", "winner", "reason",
           "rounds", "decisions")


def read(path: Path) -> Run:
    """Read a results file written by :class:`Writer`; anything else is one clear error."""
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowInvalid) as error:
        raise UsageError(f"cannot read {path} as Parquet: {error}") from None
    meta = read_meta(path, (table.schema.metadata or {}).get(META_KEY))
    missing = [c for c in COLUMNS if c not in table.column_names]
    if missing:
        raise UsageError(f"{path}: not a rulekeeper results file: no column "
                         f"{', '.join(missing)}")
    data = table.to_pydict()
    metrics = data.get("metrics") or [None] * table.num_rows
    digests = data.get("content_digest") or [None] * table.num_rows
    consulted = data.get("consulted") or [None] * table.num_rows
    batches: dict[str, Batch] = {}
    try:
        for i in range(table.num_rows):
            label = data["variant"][i]
            if label not in batches:
                spec = BatchSpec(
                    data["ruleset"][i], tuple(a for a in data["agents"][i].split(",") if a),
                    data["scenario"][i], json.loads(data["options"][i]),
                    json.loads(data["rulings"][i]), data["content"][i],
                    json.loads(data["content_set"][i]))
                batches[label] = Batch(label, json.loads(data["params"][i]), spec,
                                       int(data["batch_seed"][i]), [], digests[i])
            batches[label].results.append(GameResult(
                data["game"][i], data["seed"][i], data["winner"][i], data["reason"][i],
                data["rounds"][i], data["decisions"][i], _metrics(metrics[i]),
                None if consulted[i] is None else frozenset(consulted[i])))
    except (TypeError, ValueError, AttributeError) as error:
        raise UsageError(f"{path}: not a rulekeeper results file: row {i + 1}: "
                         f"{str(error).splitlines()[0]}") from None
    for batch in batches.values():
        batch.results.sort(key=lambda r: r.game)
    return Run(meta.kind, meta.side, meta.seats, meta.declared, list(batches.values()),
               meta.extra)


def read_meta(path: Path, raw: bytes | None) -> Meta:
    """The file's metadata, checked: written by rulekeeper, in a format this one reads."""
    if raw is None:
        raise UsageError(f"{path} was not written by rulekeeper (no 'rulekeeper' metadata)")
    try:
        found = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise UsageError(f"{path}: its rulekeeper metadata is not JSON") from None
    version = found.get("format") if isinstance(found, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise UsageError(f"{path}: not a rulekeeper results file: format {version!r} is not a "
                         f"version number")
    if version > FORMAT:
        raise UsageError(f"{path} has results format {version}, newer than this rulekeeper "
                         f"({RULEKEEPER_VERSION}) reads (format {FORMAT}): upgrade rulekeeper "
                         f"to read it")
    try:
        return Meta.model_validate(found)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise UsageError(f"{path}: its rulekeeper metadata is broken: {where}: "
                         f"{first['msg']}") from None
