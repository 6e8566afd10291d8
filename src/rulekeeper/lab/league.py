"""Leagues: bot players playing runs of ``cryptids-run`` round by round, sharing one pool.

``rulekeeper simulate cryptids-run --players 8 --runs 100 --agents greedy,heuristic,random``

Each player plays its runs one after the other; the league advances in *ticks*, and at
each tick every player with a run going plays one round of it, in three phases:

1. **Shops.** Each player's bot shops until it chooses to end the shop; that choice is
   held back, and the snapshot the row will make is read from the run.
2. **Pool.** Those snapshots are added to the pool, in player order.
3. **Battles.** Each held-back choice is played: the run asks matchmaking for an
   opponent (from the pool as it stands now), fights, and goes on to its next shop. A
   run that ends applies its rating total to its player, whose next run starts at the
   next tick.

Phases 1 and 3 of different players read the pool but never change it, so players can
be spread over worker processes, each with a copy of the pool: the workers exchange
the tick's snapshots between phases 1 and 3 (one message a tick, which carries a
tick's snapshots to the battles and brings back the next tick's), and the league
gives the same results on any number of workers. Player ``i``'s run ``k`` has the
seed ``derive_seed(seed, i * 100_003 + k)``.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from rulekeeper.agents import make_agent
from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.game import Game, new_game
from rulekeeper.core.rng import derive_seed
from rulekeeper.core.workers import end_with_parent
from rulekeeper.lab.stats import Estimate, wilson
from rulekeeper.rulesets.cryptids_run.ghosts import Ghosts
from rulekeeper.rulesets.cryptids_run.matchmaking import Matchmaker
from rulekeeper.rulesets.cryptids_run.pool import InMemoryPool
from rulekeeper.rulesets.cryptids_run.ruleset import CryptidsRunRuleset
from rulekeeper.rulesets.cryptids_run.run import snapshot_of
from rulekeeper.rulesets.cryptids_run.shop import SEAT
from rulekeeper.rulesets.cryptids_run.snapshots import Snapshot
from rulekeeper.rulesets.cryptids_run.table import RunState

FORMAT = 1
"""The format of league result files."""
KIND = "league"


@dataclass(frozen=True)
class LeagueSpec:
    """What a league plays (``agents`` repeat over the players: p1 gets the first...)."""

    ruleset: str = "cryptids-run-v1"
    players: int = 8
    runs: int = 10
    agents: tuple[str, ...] = ("greedy",)
    seed: int = 0
    rulings: Mapping[str, str] = field(default_factory=dict)
    content: str | None = None
    content_set: Mapping[str, Any] = field(default_factory=dict)
    engine: str | None = None
    """The engine of the battles (the ruleset's ``engines``; None: its default)."""

    def agent(self, index: int) -> str:
        return self.agents[index % len(self.agents)]


@dataclass(frozen=True)
class RunResult:
    """One run of the league, as its results file keeps it."""

    player: str
    agent: str
    run: int
    winner: str | None
    reason: str
    rounds: int
    victories: int
    mu_before: float
    mu: float
    sigma: float
    metrics: Mapping[str, float]

    def to_json(self) -> dict[str, Any]:
        return {**self.__dict__, "metrics": dict(self.metrics)}


class Seat:
    """One player of the league: its rating, its current run and its bot."""

    def __init__(self, spec: LeagueSpec, index: int, ruleset: CryptidsRunRuleset,
                 pool: InMemoryPool, ghosts: Ghosts) -> None:
        self.spec = spec
        self.index = index
        self.player = f"p{index + 1}"
        self.ruleset = ruleset
        self.pool = pool
        self.ghosts = ghosts
        self.mu: float | None = None
        self.sigma: float | None = None
        self.played = 0
        self.game: Game | None = None
        self.bot: Any = None
        self.held: str | None = None

    def start(self) -> None:
        seed = derive_seed(self.spec.seed, self.index * 100_003 + self.played)
        game = new_game(self.spec.ruleset, None, self.spec.content, self.spec.rulings, seed,
                        options={"player": self.player, "run": f"{self.player}-{self.played + 1}",
                                 "mu": self.mu, "sigma": self.sigma},
                        content_set=self.spec.content_set, log=False,
                        source=Matchmaker(self.pool, self.ghosts))
        self.game = game
        self.bot = make_agent(self.spec.agent(self.index), self.ruleset, SEAT,
                              derive_seed(seed, 1))
        if hasattr(self.bot, "see"):
            self.bot.see(self.pool, self.ghosts)

    def shop(self) -> Snapshot | None:
        """Phase 1: shop until the bot ends the shop (held back); the snapshot it will make."""
        if self.game is None:
            if self.played >= self.spec.runs:
                return None
            self.start()
        game = self.game
        assert game is not None
        while True:
            decision = game.pending
            assert decision is not None
            view = game.view(SEAT) if self.bot.uses_view else None
            choice = self.bot.choose(view, decision)
            if decision.kind == "shop" and choice == "end":
                break
            game.step(choice)
        self.held = choice
        state = game.table.state
        assert isinstance(state, RunState)
        snapshot = snapshot_of(state, self.ruleset.stock(game.table.content))
        return snapshot if snapshot.row else None

    def fight(self) -> RunResult | None:
        """Phase 3: the held-back end of the shop, its battle; the run's result if it ended."""
        game = self.game
        if game is None or self.held is None:
            return None
        game.step(self.held)
        self.held = None
        if not game.over:
            return None
        result = game.result
        assert result is not None
        metrics = result.metrics
        before = game.table.options.mu
        self.mu, self.sigma = metrics["rating.mu"], metrics["rating.sigma"]
        self.played += 1
        self.game = None
        return RunResult(self.player, self.spec.agent(self.index), self.played, result.winner,
                         result.reason, result.rounds, int(metrics["victories"]),
                         before if before is not None else metrics["rating.mu"]
                         - metrics["rating.change.mu"], self.mu, self.sigma, dict(metrics))

    @property
    def done(self) -> bool:
        return self.game is None and self.played >= self.spec.runs


class Players:
    """Some players of a league and their copy of the pool (in this process or a worker)."""

    def __init__(self, spec: LeagueSpec, indexes: Iterable[int]) -> None:
        ruleset = registry.load(spec.ruleset)
        if not isinstance(ruleset, CryptidsRunRuleset):
            raise UsageError(f"{spec.ruleset} is not played as a league")
        if spec.engine is not None:
            ruleset.use_engine(spec.engine)
        self.pool = InMemoryPool()
        content = ruleset.load_content(spec.content, spec.content_set)[0]
        ghosts = ruleset.ghosts(content)
        self.seats = [Seat(spec, i, ruleset, self.pool, ghosts) for i in indexes]

    def shop(self) -> list[tuple[int, Snapshot]]:
        found = []
        for seat in self.seats:
            snapshot = seat.shop()
            if snapshot is not None:
                found.append((seat.index, snapshot))
        return found

    def fight(self, snapshots: Sequence[Snapshot]) -> list[RunResult]:
        for snapshot in snapshots:
            self.pool.add(snapshot)
        return [r for r in (seat.fight() for seat in self.seats) if r is not None]

    @property
    def done(self) -> bool:
        return all(seat.done for seat in self.seats)


def _worker(connection: Connection, spec: LeagueSpec, indexes: list[int],
            entry: tuple[str, str], parent: int) -> None:
    """A worker process: its players, driven by the league's messages (snapshots and
    results travel pickled: they are checked data already)."""
    end_with_parent(parent)
    if not registry.known(entry[0]):
        registry.register(*entry)
    players = Players(spec, indexes)
    while True:
        message, payload = connection.recv()
        if message != "tick":
            connection.close()
            return
        ended = players.fight(payload) if payload is not None else []
        connection.send((ended, players.shop()))


def play_league(spec: LeagueSpec, workers: int = 1,
                progress: Any = None) -> tuple[list[RunResult], list[Snapshot]]:
    """Play the league; its runs in the order they ended, and the pool at the end."""
    if spec.players < 1 or spec.runs < 1:
        raise UsageError("a league needs at least 1 player (--players) and 1 run each (--runs)")
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    ruleset = registry.load(spec.ruleset)
    for index in range(spec.players):
        name = spec.agent(index)
        if name == "human":
            raise UsageError("simulations play bots only; use 'rulekeeper play' to play")
        make_agent(name, ruleset, SEAT, 0)
    workers = min(workers, spec.players)
    if workers == 1:
        return _serial(spec, progress)
    return _parallel(spec, workers, progress)


def _serial(spec: LeagueSpec, progress: Any) -> tuple[list[RunResult], list[Snapshot]]:
    players = Players(spec, range(spec.players))
    results: list[RunResult] = []
    while not players.done:
        tick = [s for _, s in sorted(players.shop(), key=lambda item: item[0])]
        ended = players.fight(tick)
        results += ended
        if progress is not None and ended:
            progress(len(ended))
    return results, list(players.pool)


def _parallel(spec: LeagueSpec, workers: int,
              progress: Any) -> tuple[list[RunResult], list[Snapshot]]:
    method = "fork" if ("fork" in multiprocessing.get_all_start_methods()
                        and threading.active_count() == 1) else "spawn"
    context: Any = multiprocessing.get_context(method)
    ruleset = registry.load(spec.ruleset)
    entry = (ruleset.meta.id, f"{type(ruleset).__module__}:{type(ruleset).__qualname__}")
    links: list[Connection] = []
    processes = []
    try:
        for w in range(workers):
            mine, theirs = context.Pipe()
            indexes = list(range(w, spec.players, workers))
            process = context.Process(target=_worker, daemon=True,
                                      args=(theirs, spec, indexes, entry, os.getpid()))
            process.start()
            links.append(mine)
            processes.append(process)
        results: list[RunResult] = []
        pool: list[Snapshot] = []
        runs_left = spec.players * spec.runs
        tick: list[Snapshot] | None = None
        while True:
            # One message a tick: the last tick's battles, then this tick's shops.
            for link in links:
                link.send(("tick", tick))
            answers = [link.recv() for link in links]
            ended = sorted((r for done, _ in answers for r in done),
                           key=lambda r: int(r.player[1:]))
            results += ended
            runs_left -= len(ended)
            if progress is not None and ended:
                progress(len(ended))
            if runs_left == 0:
                break
            tick = [s for _, s in sorted((item for _, shopped in answers for item in shopped),
                                         key=lambda item: item[0])]
            pool += tick
        for link in links:
            link.send(("stop", None))
        return results, pool
    finally:
        for process in processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()


# -- what a league tells a designer ------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """A cryptid or an ability: how often it was picked, and how it did when fielded."""

    key: str
    offered: int
    bought: int
    pick: Estimate
    fielded: int
    win: Estimate


@dataclass
class LeagueSummary:
    spec: LeagueSpec
    runs: list[RunResult]

    def players(self) -> list[dict[str, Any]]:
        """Per player: its bot, runs, victories, runs won, final rating."""
        out = []
        for index in range(self.spec.players):
            player = f"p{index + 1}"
            mine = [r for r in self.runs if r.player == player]
            last = mine[-1] if mine else None
            out.append({"player": player, "agent": self.spec.agent(index), "runs": len(mine),
                        "victories": sum(r.victories for r in mine) / max(1, len(mine)),
                        "won": wilson(sum(r.winner == "player" for r in mine), len(mine)),
                        "mu": last.mu if last else math.nan,
                        "sigma": last.sigma if last else math.nan,
                        "ordinal": (last.mu - 3 * last.sigma) if last else math.nan})
        return out

    def _sum(self, prefix: str) -> dict[str, int]:
        totals: dict[str, int] = {}
        for run in self.runs:
            for key, value in run.metrics.items():
                if key.startswith(prefix):
                    name = key[len(prefix):]
                    totals[name] = totals.get(name, 0) + int(value)
        return totals

    def cryptids(self) -> list[Row]:
        """Per cryptid: bought of offered (pick rate), battles won of fielded (win rate)."""
        offered, bought = self._sum("offered."), self._sum("bought.")
        fielded, won = self._sum("fielded."), self._sum("fielded-won.")
        names = sorted(k for k in set(offered) | set(bought) if "." not in k)
        return sorted((Row(k, offered.get(k, 0), bought.get(k, 0),
                           wilson(bought.get(k, 0), offered.get(k, 0)), fielded.get(k, 0),
                           wilson(won.get(k, 0), fielded.get(k, 0))) for k in names),
                      key=lambda r: (-r.pick.value, r.key))

    def abilities(self) -> list[Row]:
        """Per ``cryptid.ability``: chosen of its cryptid's purchases, win rate when fielded."""
        chosen, fielded, won = self._sum("chosen."), self._sum("fielded."), self._sum(
            "fielded-won.")
        totals: dict[str, int] = {}
        for key, count in chosen.items():
            cryptid = key.split(".")[0]
            totals[cryptid] = totals.get(cryptid, 0) + count
        keys = sorted(set(chosen) | {k for k in fielded if "." in k})
        return sorted((Row(k, totals.get(k.split(".")[0], 0), chosen.get(k, 0),
                           wilson(chosen.get(k, 0), totals.get(k.split(".")[0], 0)),
                           fielded.get(k, 0), wilson(won.get(k, 0), fielded.get(k, 0)))
                       for k in keys), key=lambda r: (-r.win.value, r.key))

    def to_json(self) -> dict[str, Any]:
        def row(r: Row) -> dict[str, Any]:
            return {"key": r.key, "offered": r.offered, "bought": r.bought,
                    "pick": r.pick.to_json(), "fielded": r.fielded, "win": r.win.to_json()}

        return {"players": [{**p, "won": p["won"].to_json()} for p in self.players()],
                "cryptids": [row(r) for r in self.cryptids()],
                "abilities": [row(r) for r in self.abilities()]}


def _spec_json(spec: LeagueSpec) -> dict[str, Any]:
    kept = {k: v for k, v in spec.__dict__.items() if k != "engine"}
    return {**kept, "agents": list(spec.agents), "rulings": dict(spec.rulings),
            "content_set": dict(spec.content_set)}


def write(path: Path, spec: LeagueSpec, runs: Sequence[RunResult], pool_size: int) -> None:
    """A league's results file: Parquet, one row per run, like every other results file
    (its metadata holds the format, the spec and the pool's size); JSON for a ``.json``
    name. The engine is left out: every engine plays the same league."""
    head = {"format": FORMAT, "kind": KIND, "spec": _spec_json(spec), "pool": pool_size}
    try:
        if path.suffix == ".json":
            data = head | {"runs": [r.to_json() for r in runs]}
            path.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        keys = sorted({k for r in runs for k in r.metrics})
        columns: dict[str, Any] = {name: [getattr(r, name) for r in runs]
                                   for name in RunResult.__dataclass_fields__
                                   if name != "metrics"}
        table = pa.table(columns)
        if keys:
            table = table.append_column("metrics", pa.array(
                [{k: r.metrics.get(k) for k in keys} for r in runs],
                pa.struct([(k, pa.float64()) for k in keys])))
        table = table.replace_schema_metadata({META_KEY: json.dumps(head).encode()})
        pq.write_table(table, path)
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None


META_KEY = b"rulekeeper"
PARQUET_MAGIC = b"PAR1"


def is_league_file(path: Path) -> bool:
    """Whether ``path`` is a league's results file (Parquet or JSON of kind ``league``)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(64)
    except OSError:
        return False
    if head.startswith(PARQUET_MAGIC):
        return _parquet_head(path).get("kind") == KIND
    return head.lstrip().startswith(b"{") and b'"kind": "league"' in head


def _parquet_head(path: Path) -> dict[str, Any]:
    import pyarrow.parquet as pq

    try:
        raw = (pq.read_schema(path).metadata or {}).get(META_KEY)
        found = json.loads(raw) if raw else {}
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def read(path: Path) -> tuple[LeagueSpec, list[RunResult], int]:
    """A league's results file (Parquet or JSON)."""
    try:
        with path.open("rb") as handle:
            parquet = handle.read(4) == PARQUET_MAGIC
        if parquet:
            import pyarrow.parquet as pq

            data = _parquet_head(path)
            rows = pq.read_table(path).to_pylist()
            data["runs"] = [{**row, "metrics": {k: v for k, v in (row.get("metrics") or {})
                                                .items() if v is not None}} for row in rows]
        else:
            data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot read {path} as a league's results: {error}") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise UsageError(f"{path} is not a league's results file")
    if data.get("format") != FORMAT:
        raise UsageError(f"{path} has league format {data.get('format')!r}; this rulekeeper "
                         f"reads format {FORMAT}")
    try:
        spec_data = data["spec"]
        spec = LeagueSpec(**{**spec_data, "agents": tuple(spec_data["agents"])})
        runs = [RunResult(**r) for r in data["runs"]]
    except (KeyError, TypeError) as error:
        raise UsageError(f"{path}: a league's results file, but damaged: {error}") from None
    return spec, runs, int(data.get("pool", 0))
