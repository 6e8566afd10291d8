"""Lab jobs run off the web processes: one job at a time, each in a process of its own.

Every app process runs a :class:`Dispatcher` thread. It claims a queued job when no job
runs anywhere (one *lane* for the whole service: the claim and the check are one write
transaction, under an advisory lock on PostgreSQL), and starts
``python -m rulekeeper.server.lab_runner`` for it. That process asks the job's question
with the lab's own code (:mod:`rulekeeper.lab.questions`), on the local worker pool or,
when the service is given one, on a Ray cluster (the same results either way), streams
the games to the job's Parquet results file and writes the progress, then the answer,
into the job's row.

The lane is shared fairly: the job claimed is the oldest queued job of the client address
whose last job started longest ago, and within it of the player whose last job started
longest ago (addresses in turn, then their players in turn, not jobs in order of asking:
one person's many accounts take one address's turn), and a job runs
at most its time cap (:attr:`Dispatcher.seconds`): then its process stops playing and the
job is done with the games it finished, its answer marked ``stopped`` (or failed, when no
game finished). A process still running :data:`GRACE` seconds past the cap is stopped by
its dispatcher. So another player's job waits at most one cap per player ahead of it.

A job is never lost silently: while it runs, its dispatcher marks the row alive every
second; a running job whose row stayed silent for :data:`STALE` seconds (its server was
stopped or killed), or whose dispatcher's process is gone from this host, is queued
again (the same seeds give the same answer) if it was started fewer than
:data:`ATTEMPTS` times, and else marked failed with the reason. A cancelled job's process
is stopped (SIGTERM: the lab's workers end with it) and its partial file removed.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Table, func, select, update
from sqlalchemy.orm import Session

from rulekeeper.server.db import Database
from rulekeeper.server.models import StoredLabJob, now

log = logging.getLogger(__name__)

JOBS = cast(Table, StoredLabJob.__table__)
STALE = 30.0
"""Seconds a running job's row may stay without a sign of life before it is taken back."""
ATTEMPTS = 2
"""Times a job is started at most (a restart queues it once more, then it fails)."""
BEAT = 1.0
"""Seconds between the dispatcher's looks at its job (and its sign of life)."""
IDLE = 0.25
"""Seconds between an idle dispatcher's looks at the queue (one read)."""
AWAY = 5.0
"""Seconds a dispatcher waits after a failed look (its database away, say): one line logged."""
LANE_LOCK = 7412
"""PostgreSQL advisory lock taken by a claim (one job runs in the whole service)."""
ENDED = ("done", "failed", "cancelled")
CHUNK = 50
"""Games per task of a job: a job stopped at its time cap loses the chunks under way."""
GRACE = 15.0
"""Seconds past its time cap a job's process is given to stop itself with its games."""


@dataclass(frozen=True)
class Backend:
    """Where a job's games are played: ``workers`` local processes, or a Ray cluster."""

    workers: int = 1
    ray_address: str | None = None

    def args(self) -> list[str]:
        return [str(self.workers), self.ray_address or ""]


def results_file(folder: Path, job_id: str) -> Path:
    """Where a job's games are kept (Parquet, as ``--out`` writes them)."""
    return folder / f"{job_id}.parquet"


def report_file(folder: Path, job_id: str) -> Path:
    """Where a job's HTML report is kept (``rulekeeper report`` of its games)."""
    return folder / f"{job_id}.html"


def forget(folder: Path, job_id: str) -> None:
    """Remove a job's files (a cancelled or failed job keeps none)."""
    for path in (results_file(folder, job_id), report_file(folder, job_id)):
        path.unlink(missing_ok=True)


def this_runner() -> str:
    return f"{socket.gethostname()[:60]}:{os.getpid()}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def take_back(session: Session, stale: float = STALE) -> list[str]:
    """Queue again (or fail) the running jobs nobody runs any more; their ids."""
    host = socket.gethostname()[:60]
    limit = now() - timedelta(seconds=stale)
    taken = []
    for job in session.scalars(select(StoredLabJob).where(StoredLabJob.state == "running")):
        runner_host, _, pid = (job.runner or "").rpartition(":")
        gone = runner_host == host and pid.isdigit() and not _alive(int(pid))
        beat = job.beat_at or job.started_at
        silent = beat is None or _aware(beat) < limit
        if not (gone or silent):
            continue
        if job.attempts < ATTEMPTS:
            job.state, job.done, job.runner, job.beat_at = "queued", 0, None, None
        else:
            job.state, job.finished_at = "failed", now()
            job.error = (f"the server stopped while the job ran ({job.attempts} times); "
                         "ask again with fewer games")
        taken.append(job.id)
    return taken


def _aware(moment: Any) -> Any:
    """SQLite gives back times without their zone (they were stored in UTC)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def claim(session: Session, runner: str) -> StoredLabJob | None:
    """The next queued job (the oldest of the player whose last job started longest ago,
    of the address whose last job started longest ago), now running under ``runner``; None
    when one already runs (anywhere) or none waits."""
    if session.get_bind().dialect.name == "postgresql":
        session.connection().exec_driver_sql(f"SELECT pg_advisory_xact_lock({LANE_LOCK})")
    if session.scalar(select(StoredLabJob.id).where(StoredLabJob.state == "running")
                      .limit(1)) is not None:
        return None
    # locked: a job cancelled meanwhile waits for this transaction, or is no longer queued
    queued = list(session.scalars(select(StoredLabJob).where(StoredLabJob.state == "queued")
                                  .order_by(StoredLabJob.created_at, StoredLabJob.id)
                                  .with_for_update()))
    if not queued:
        return None
    players = {j.player_id for j in queued}
    addresses = {j.address for j in queued if j.address is not None}
    started = dict(session.execute(  # type: ignore[arg-type]
        select(StoredLabJob.player_id, func.max(StoredLabJob.started_at))
        .where(StoredLabJob.player_id.in_(players)).group_by(StoredLabJob.player_id)).all())
    address_started = dict(session.execute(  # type: ignore[arg-type]
        select(StoredLabJob.address, func.max(StoredLabJob.started_at))
        .where(StoredLabJob.address.in_(addresses)).group_by(StoredLabJob.address)).all())
    never = datetime.min.replace(tzinfo=UTC)

    def turn(job: StoredLabJob) -> tuple[datetime, datetime]:
        player = _aware(started.get(job.player_id) or never)
        # a job asked before revision 0012 has no address: its player's own
        address = player if job.address is None else \
            _aware(address_started.get(job.address) or never)
        return address, player

    job = min(queued, key=turn)  # (ties: the oldest job, as ``queued`` is ordered)
    job.state, job.runner, job.attempts, job.done = "running", runner, job.attempts + 1, 0
    job.started_at = job.beat_at = now()
    return job


class Dispatcher:
    """The thread of an app process that runs lab jobs (see the module)."""

    def __init__(self, db: Database, folder: Path, backend: Backend,
                 seconds: float = 600.0) -> None:
        self.db = db
        self.folder = folder
        self.backend = backend
        self.seconds = seconds
        self.began = 0.0
        self.runner = this_runner()
        self.job: str | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._looked_back = 0.0

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="lab-jobs", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread and the job it runs (which another process takes back later)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(30)
        self._end_process()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                self.step()
            except Exception as error:  # a database away for a while: try again later
                log.warning("lab jobs: %s: %s (trying again in %g s)", type(error).__name__,
                            str(error).splitlines()[0] if str(error) else "", AWAY)
                self._stop.wait(AWAY)
            self._stop.wait(BEAT if self.process is not None else IDLE)

    def step(self) -> None:
        """Look after the running job, or take the next one."""
        if self.process is not None:
            self._watch()
            return
        states = set(self.db.read(lambda s: list(s.scalars(select(StoredLabJob.state).where(
            StoredLabJob.state.in_(("queued", "running"))).distinct()))))
        if "running" in states and time.monotonic() - self._looked_back >= BEAT:
            self._looked_back = time.monotonic()
            states |= {"queued"} if self.db.write(take_back) else set()
        if "queued" in states:
            job = self.db.write(lambda s: claim(s, self.runner))
            if job is not None:
                self._launch(job.id)

    def _launch(self, job_id: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.job = job_id
        self.began = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rulekeeper.server.lab_runner", self.db.url, job_id,
             str(self.folder), f"{self.seconds:g}", *self.backend.args()],
            stdin=subprocess.DEVNULL)

    def _watch(self) -> None:
        assert self.process is not None and self.job is not None
        job_id, code = self.job, self.process.poll()
        if code is not None:
            self.process = self.job = None
            self.db.write(lambda s: _ended_without_answer(s, job_id, code))
            return
        if time.monotonic() - self.began > self.seconds + GRACE:  # it did not stop itself
            self._end_process()
            self.db.write(lambda s: _finish(
                s, job_id, "failed", None, f"stopped at its time cap ({self.seconds:g} s): "
                "its games did not stop in time; ask fewer games or quicker agents", 0))
            forget(self.folder, job_id)
            return
        state = self.db.write(lambda s: _beat(s, job_id))
        if state in ("cancelled", "queued"):  # cancelled, or taken back by another server
            self._end_process()
            if state == "cancelled":
                forget(self.folder, job_id)

    def _end_process(self) -> None:
        process, self.process, self.job = self.process, None, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _beat(session: Session, job_id: str) -> str | None:
    session.execute(update(JOBS).where(JOBS.c.id == job_id, JOBS.c.state == "running")
                    .values(beat_at=now()))
    return session.scalar(select(StoredLabJob.state).where(StoredLabJob.id == job_id))


def _ended_without_answer(session: Session, job_id: str, code: int) -> None:
    """The job's process ended; a job it left running failed."""
    session.execute(update(JOBS).where(JOBS.c.id == job_id, JOBS.c.state == "running").values(
        state="failed", finished_at=now(),
        error=f"the job's process ended without an answer (exit {code})"))


# -- the job's own process ----------------------------------------------------------------


class Cancelled(Exception):
    """The job's row is no longer running: stop playing."""


class TimeUp(KeyboardInterrupt):
    """The job's time cap is reached: stop playing, keep the games that finished (the lab
    hands them over when stopped as by Ctrl-C)."""


def play_job(db: Database, job_id: str, folder: Path, backend: Backend,
             seconds: float = 600.0) -> None:
    """Ask a claimed job's question and write its answer (or why it failed) in its row;
    past ``seconds`` the job stops with the games it finished, its answer marked
    ``stopped``."""
    from rulekeeper.core.errors import RulekeeperError
    from rulekeeper.lab.plan import Plan
    from rulekeeper.lab.questions import Recorder, parse_question
    from rulekeeper.lab.store import Writer

    asked = db.read(lambda s: s.get(StoredLabJob, job_id))
    if asked is None or asked.state != "running":
        return
    path = results_file(folder, job_id)
    try:
        run = parse_question(asked.question).prepare()
        plan = Plan(0, "ray", backend.ray_address, CHUNK) if backend.ray_address else \
            Plan(backend.workers, chunk=CHUNK)
        writer = Writer(path, run.kind, run.side, run.seats, run.declared, run.extra) \
            if run.keeps_games else None  # a count of rules keeps no games
        recorder = Recorder(writer, run.side, run.declared, run.paired)
        played, written = 0, time.monotonic()

        def progress(games: int) -> None:
            nonlocal played, written
            played += games
            if time.monotonic() - written >= BEAT:
                written = time.monotonic()
                if not db.write(lambda s: _progress(s, job_id, played)):
                    raise Cancelled

        stopped = None
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            run.play(recorder, plan, progress)
        except TimeUp:
            stopped = (f"its time cap ({seconds:g} s) was reached: {run.played(recorder):,} "
                       f"of {run.planned:,} games played")
            if not run.played(recorder):
                raise RulekeeperError(f"stopped at its time cap ({seconds:g} s) before any "
                                      "game finished: ask fewer games or quicker agents") from None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        try:
            answer = run.to_json(recorder)
        except Exception:
            if stopped is None:
                raise
            raise RulekeeperError(f"stopped: {stopped}, too few for an answer") from None
        if stopped is not None:
            answer["stopped"] = stopped
        if writer is not None:
            writer.close()
            write_report(path, report_file(folder, job_id), run.side, asked.lang or "en")
    except (Cancelled, KeyboardInterrupt):
        forget(folder, job_id)
        return
    except RulekeeperError as error:
        forget(folder, job_id)
        reason = str(error)[:2000]
        db.write(lambda s: _finish(s, job_id, "failed", None, reason, 0))
        return
    if answer.get("games") == []:  # simulate: its games are in the results file
        del answer["games"]
    db.write(lambda s: _finish(s, job_id, "done", answer, None, run.played(recorder)))


def write_report(games: Path, page: Path, side: str, lang: str = "en") -> None:
    """The HTML report of a job's games in ``lang`` (the job's; English for a job stored
    without one), as ``rulekeeper report --lang`` writes it."""
    from rulekeeper.lab import store
    from rulekeeper.lab.report import Report

    page.write_text(Report(store.read(games), side, lang=lang).html(), encoding="utf-8")


def _progress(session: Session, job_id: str, done: int) -> bool:
    changed = session.execute(update(JOBS).where(JOBS.c.id == job_id, JOBS.c.state == "running")
                              .values(done=done, beat_at=now()))
    return bool(changed.rowcount)  # type: ignore[attr-defined]


def _finish(session: Session, job_id: str, state: str, result: dict[str, Any] | None,
            error: str | None, done: int) -> None:
    session.execute(update(JOBS).where(JOBS.c.id == job_id, JOBS.c.state == "running").values(
        state=state, result=result, error=error, done=done, finished_at=now()))


def main(argv: list[str]) -> int:
    """``python -m rulekeeper.server.lab_runner DB_URL JOB_ID FOLDER SECONDS WORKERS
    RAY_ADDRESS``."""
    url, job_id, folder, seconds, workers, ray_address = argv
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGALRM, _time_up)
    db = Database(url)
    try:
        play_job(db, job_id, Path(folder), Backend(int(workers), ray_address or None),
                 float(seconds))
    finally:
        db.dispose()
    return 0


def _interrupt(_number: int, _frame: Any) -> None:
    raise KeyboardInterrupt


def _time_up(_number: int, _frame: Any) -> None:
    raise TimeUp


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
