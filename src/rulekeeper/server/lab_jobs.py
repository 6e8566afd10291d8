"""``/api/lab/jobs``: the lab's questions asked on the server (issue 33).

A job is one of the lab's questions (:mod:`rulekeeper.lab.questions`: ``simulate``,
``sweep``, ``matchup``, ``tune``, ``compare``, ``culprits``, ``dead-rules``) with the
parameters its command takes; it is checked at once (a bad ruleset, path, ruling or agent is
a 400 before anything is queued), queued in the database and run by :mod:`.lab_runner`, one
job at a time. Its ``result`` is the JSON the command's ``--json`` prints for the same
question (a ``simulate`` job's games are in its results file, not in its answer). A job
keeps the language it was asked in (``?lang=fr``: /lab's): its HTML report, written when it
ends, is in that language, and so is why it failed; a question refused is said in it too
(:mod:`.refusals`).

Every job is bounded: at most :attr:`LabLimits.games` games (the most a ``tune`` may
play counts), content changes only as data (``set`` paths or an ``overlay``; never a
folder of the server), per player at most :attr:`LabLimits.at_once` jobs queued or
running and :attr:`LabLimits.games_a_day` games asked in the last 24 hours, per client
address at most :attr:`LabLimits.address_at_once` jobs queued or running and
:attr:`LabLimits.address_jobs_a_day` jobs asked in the last 24 hours, whatever accounts
asked them (each job keeps its files: this bounds what one address adds to the lab's
folder in a day), and at most :attr:`LabLimits.queue` jobs queued in all (429 beyond): one
person's many free accounts hold one address's share of the queue, never all of it;
a searching agent (``mcts``) may search each decision at most :attr:`LabLimits.search_seconds`
or :attr:`LabLimits.search_iterations` (400 beyond), and a job runs at most the server's time
cap (:mod:`.lab_runner`: then it stops with the games it played, marked ``stopped``).
A job is its player's: others get 404.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request
from fastapi import Path as UrlPath
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from rulekeeper.agents import parse_spec
from rulekeeper.agents.mcts import Budget
from rulekeeper.core import registry
from rulekeeper.lab.names import answer_words
from rulekeeper.lab.questions import GAMELESS, SweepQuestion, parse_question
from rulekeeper.lab.report_words import LANGUAGES
from rulekeeper.server import addresses, games
from rulekeeper.server.auth import CurrentPlayer, Me
from rulekeeper.server.bots import SEARCHING
from rulekeeper.server.costs import CostlyPlayer
from rulekeeper.server.errors import ApiError, NotFound, TooManyRequests, documented
from rulekeeper.server.lab_runner import ENDED, report_file, results_file
from rulekeeper.server.models import Player, StoredLabJob, now
from rulekeeper.server.refusal_words import wording
from rulekeeper.server.refusals import concerning
from rulekeeper.server.sentences import SAID_IN, SPOKEN, Said

router = APIRouter(prefix="/api/lab/jobs", tags=["lab"], dependencies=[SAID_IN],
                   responses=documented(400, 401, 404, 422, 429))
JobId = Annotated[str, UrlPath(max_length=32, description="the job's id")]
Lang = Annotated[str, Query(max_length=8, description="the language of its HTML report "
                                                      "(en, fr; FR, fr-FR too)"), SPOKEN]


@dataclass(frozen=True)
class LabLimits:
    """What one lab job and one player may ask (see the module)."""

    games: int = 20_000
    at_once: int = 2
    games_a_day: int = 100_000
    queue: int = 100
    address_at_once: int = 4
    address_jobs_a_day: int = 500
    variants: int = 64
    search_seconds: float = 1.0
    search_iterations: int = 2_000

    def check_searches(self, specs: list[str]) -> None:
        """Refuse (400) an ``mcts`` agent among ``specs`` whose budget is over the caps
        (``specs`` may hold contenders that are no agents: ``shroud:countess``)."""
        for spec in specs:
            if spec.split(":")[0].strip() not in SEARCHING:
                continue
            options = parse_spec(spec)[1]
            if "budget" not in options:
                continue
            budget = Budget.parse(options["budget"])
            if (budget.seconds or 0) > self.search_seconds or \
                    (budget.iterations or 0) > self.search_iterations:
                raise ApiError(f"agent {spec!r}: a lab job's mcts searches at most "
                               f"{self.search_seconds:g}s or {self.search_iterations:,} "
                               f"iterations a decision (budget={options['budget']})")


    def check_variants(self, question: Any) -> None:
        """Refuse (400) a sweep of more than :attr:`variants` variants (every combination of
        its values): each variant's content is checked in the request that asks it, tens of
        milliseconds each, so 998 values of one path held the lane for 45 s."""
        if not isinstance(question, SweepQuestion):
            return
        ruleset = question.spec().ruleset
        count = math.prod(len(vary.axis(ruleset).values) for vary in question.vary)
        if count > self.variants:
            raise ApiError(f"vary: {count:,} variants (every combination of the values "
                           f"given); a lab job on the server asks at most {self.variants:,}")


class Progress(BaseModel):
    done: int = Field(description="games played")
    planned: int = Field(description="the most games the job plays (tune may stop sooner)")
    elapsed: float | None = Field(description="seconds since the job started")
    remaining: float | None = Field(description="an estimate of the seconds left")


class JobOut(BaseModel):
    id: str
    kind: str
    ruleset: str
    state: str = Field(description="queued, running, done, failed or cancelled")
    question: dict[str, Any]
    progress: Progress
    result: dict[str, Any] | None = Field(description="the answer, as the command's --json")
    error: str | None = Field(description="why it failed, in the language it was asked in")
    created_at: str
    results: str | None = Field(description="where to download the games (Parquet), when "
                                            "done (a dead-rules job keeps none)")
    report: str | None = Field(description="where to download its HTML report, when done "
                                           "(a dead-rules job has none)")
    lang: str = Field(description="the language of its report (the language it was asked in)")
    words: dict[str, str] = Field(description="the ids its answer shows (end reasons, main "
                                              "stats) by their words in the call's lang, "
                                              "those the ruleset's catalogs word")


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def job_out(job: StoredLabJob, lang: str = "en") -> JobOut:
    elapsed = remaining = None
    if job.started_at is not None:
        end = _aware(job.finished_at) if job.finished_at else now()
        elapsed = round((end - _aware(job.started_at)).total_seconds(), 2)
        if job.state == "running" and job.done:
            remaining = round(elapsed * (job.planned - job.done) / job.done, 1)
    error = wording(job.lang or "en", job.ruleset)(job.error) if job.error else None
    kept = job.state == "done" and job.kind not in GAMELESS  # its games and their report
    return JobOut(id=job.id, kind=job.kind, ruleset=job.ruleset, state=job.state,
                  question=job.question, result=job.result, error=error,
                  progress=Progress(done=job.done, planned=job.planned, elapsed=elapsed,
                                    remaining=remaining),
                  created_at=_aware(job.created_at).isoformat(),
                  results=f"/api/lab/jobs/{job.id}/results" if kept else None,
                  report=f"/api/lab/jobs/{job.id}/report" if kept else None,
                  lang=job.lang or "en", words=answer_words(job.ruleset, job.result, lang))


def fetch(session: Session, job_id: str, me: Me, lock: bool = False) -> StoredLabJob:
    """The job, if it is ``me``'s (404 otherwise); ``lock``: its row locked until the
    transaction ends (it is read again if another transaction changed it meanwhile)."""
    job = session.get(StoredLabJob, job_id, with_for_update=lock, populate_existing=lock)
    if job is None or job.player_id != me.id:
        raise NotFound(f"no lab job {job_id!r} of yours")
    return job


ADMIT_LOCK = 7413
"""PostgreSQL advisory lock taken while a job is admitted (the counts of a player, of an
address and of the queue, one job after the other)."""


def admit(session: Session, me: Me, address: str, planned: int, limits: LabLimits) -> None:
    """Refuse a job past the player's quotas, its address's share or the queue's length
    (429): the games a day are those the player's jobs of the last 24 hours asked for, a
    cancelled job's those it played. Jobs are admitted one after the other (the player's
    row locked, and on PostgreSQL an advisory lock: two players of one address asking at
    once would each see the other's count without it)."""
    if session.get_bind().dialect.name == "postgresql":
        session.connection().exec_driver_sql(f"SELECT pg_advisory_xact_lock({ADMIT_LOCK})")
    session.execute(select(Player.id).where(Player.id == me.id).with_for_update())
    waiting = session.scalar(select(func.count()).where(
        StoredLabJob.player_id == me.id, StoredLabJob.state.in_(("queued", "running"))))
    if waiting and waiting >= limits.at_once:
        raise TooManyRequests(f"you have {waiting} lab jobs queued or running (at most "
                              f"{limits.at_once}): wait for one, or cancel one", retry_after=10)
    since = now() - timedelta(days=1)
    # a job counts its games asked; a cancelled one the games it played (none if it never
    # ran): cancelling a job just before its end must not give its games back
    counted = case((StoredLabJob.state == "cancelled", StoredLabJob.done),
                   else_=StoredLabJob.planned)
    asked = session.scalar(select(func.coalesce(func.sum(counted), 0)).where(
        StoredLabJob.player_id == me.id, StoredLabJob.created_at >= since)) or 0
    if asked + planned > limits.games_a_day:
        raise TooManyRequests(f"this job's {planned:,} games would make {asked + planned:,} "
                              f"in 24 hours (at most {limits.games_a_day:,} a player)",
                              retry_after=3600)
    of_address = session.scalar(select(func.count()).where(
        StoredLabJob.address == address, StoredLabJob.state.in_(("queued", "running")))) or 0
    if of_address >= limits.address_at_once:
        raise TooManyRequests(f"your address has {of_address} lab jobs queued or running, "
                              f"whatever accounts asked them (at most "
                              f"{limits.address_at_once}): wait for one, or cancel one",
                              retry_after=60)
    of_address_today = session.scalar(select(func.count()).where(
        StoredLabJob.address == address, StoredLabJob.created_at >= since)) or 0
    if of_address_today >= limits.address_jobs_a_day:
        raise TooManyRequests(f"your address asked {of_address_today:,} lab jobs in 24 hours, "
                              f"whatever accounts asked them (at most "
                              f"{limits.address_jobs_a_day:,}): try again tomorrow",
                              retry_after=3600)
    queued = session.scalar(select(func.count()).where(StoredLabJob.state == "queued")) or 0
    if queued >= limits.queue:
        raise TooManyRequests(f"the lab's queue is full ({queued} jobs): try again later",
                              retry_after=60)


EXAMPLE = {"kind": "sweep", "ruleset": "cryptids", "games": 200, "seed": 1,
           "vary": [{"set": "cryptids.cryptids.bigfoot.hp", "values": [12, 16]}]}


@router.post("", status_code=202, response_model=JobOut)
def ask(request: Request, me: CostlyPlayer,
        body: Annotated[dict[str, Any], Body(examples=[EXAMPLE])], lang: Lang = "en") -> JobOut:
    """Ask a lab question: ``kind`` (simulate, sweep, matchup, tune, compare, culprits,
    dead-rules), ``ruleset`` and the parameters of its command (games, seed, agents, options,
    rulings, ``set`` paths, an ``overlay``; sweep and tune: ``vary``; matchup:
    ``contenders``; compare: ``old`` and ``new``; culprits: ``ablation_games`` and
    ``entities``; dead-rules: ``rare``). Checked at
    once, then queued: 202 and the job. Its HTML report is written in ``lang``, and a
    refusal is said in it (English where the server has no words for it)."""
    concerning(request, body.get("ruleset"))
    if lang not in LANGUAGES:
        raise ApiError(f"lang {lang!r} is not available; languages: {', '.join(LANGUAGES)}")
    if body.get("content") is not None or any(
            isinstance(side, dict) and side.get("content") is not None
            for side in (body.get("old"), body.get("new"))):
        raise ApiError("content: the server reads no folder; change content with 'set' "
                       "paths or an 'overlay'")
    limits: LabLimits = request.app.state.lab_limits
    question = parse_question(body)
    if question.options:  # (a number given as text or true/false: refused as a game's are)
        games.numbers_only(registry.load(question.ruleset), question.options,
                           lambda name: f"options.{name}")
    limits.check_searches([*question.agents, *getattr(question, "contenders", [])])
    limits.check_variants(question)
    run = question.prepare(most=limits.games)
    job_id = secrets.token_hex(8)

    address = addresses.of_request(request)

    def store(session: Session) -> StoredLabJob:
        admit(session, me, address, run.planned, limits)
        job = StoredLabJob(id=job_id, player_id=me.id, kind=run.kind,
                           ruleset=registry.resolve_id(question.ruleset), state="queued",
                           question=question.model_dump(mode="json", exclude_none=True),
                           planned=run.planned, done=0, attempts=0, created_at=now(),
                           lang=lang, address=address)
        session.add(job)
        return job

    return job_out(request.app.state.db.write(store))


@router.get("", response_model=list[JobOut])
def mine(request: Request, me: CurrentPlayer, lang: Said = "en") -> list[JobOut]:
    """Your lab jobs, newest first (the last 100); their answers' ids worded in ``lang``."""
    jobs = request.app.state.db.read(lambda s: list(s.scalars(
        select(StoredLabJob).where(StoredLabJob.player_id == me.id)
        .order_by(StoredLabJob.created_at.desc()).limit(100))))
    return [job_out(job, lang) for job in jobs]


@router.get("/{job_id}", response_model=JobOut)
def read(job_id: JobId, request: Request, me: CurrentPlayer, lang: Said = "en") -> JobOut:
    """A job of yours: its state, progress and, when done, its answer (its ids worded in
    ``lang``: ``words``)."""
    return job_out(request.app.state.db.read(lambda s: fetch(s, job_id, me)), lang)


@router.delete("/{job_id}", response_model=JobOut)
def cancel(job_id: JobId, request: Request, me: CurrentPlayer, lang: Said = "en") -> JobOut:
    """Cancel a job queued or running (its games so far are dropped); an ended job is
    answered unchanged."""

    def work(session: Session) -> StoredLabJob:
        job = fetch(session, job_id, me, lock=True)  # (the runner's claim locks it too)
        if job.state not in ENDED:
            job.state, job.finished_at = "cancelled", now()
        return job

    return job_out(request.app.state.db.write(work), lang)


@router.get("/{job_id}/results", response_class=FileResponse,
            responses={200: {"content": {"application/vnd.apache.parquet": {}}}})
def results(job_id: JobId, request: Request, me: CurrentPlayer) -> FileResponse:
    """A done job's games (Parquet, as the command's ``--out`` writes them):
    ``rulekeeper report FILE`` reads it."""
    job = request.app.state.db.read(lambda s: fetch(s, job_id, me))
    path = results_file(request.app.state.lab_folder, job.id)
    if job.kind in GAMELESS:
        raise NotFound(f"lab job {job_id!r} counts rules: it keeps no games, so no results "
                       f"file")
    if job.state != "done" or not path.exists():
        raise NotFound(f"lab job {job_id!r} has no results file (it is {job.state})")
    return FileResponse(path, media_type="application/vnd.apache.parquet",
                        filename=f"lab-{job.kind}-{job.id}.parquet")



@router.get("/{job_id}/report", response_class=FileResponse,
            responses={200: {"content": {"text/html": {}}}})
def report(job_id: JobId, request: Request, me: CurrentPlayer) -> FileResponse:
    """A done job's HTML report (``rulekeeper report`` of its games), as a download."""
    job = request.app.state.db.read(lambda s: fetch(s, job_id, me))
    path = report_file(request.app.state.lab_folder, job.id)
    if job.kind in GAMELESS:
        raise NotFound(f"lab job {job_id!r} counts rules: it keeps no games, so no report")
    if job.state != "done" or not path.exists():
        raise NotFound(f"lab job {job_id!r} has no report (it is {job.state})")
    return FileResponse(path, media_type="text/html", content_disposition_type="attachment",
                        filename=f"lab-{job.kind}-{job.id}.html")


content_router = APIRouter(prefix="/api/lab/rulesets", tags=["lab"], dependencies=[SAID_IN],
                           responses=documented(404))


@content_router.get("/{ruleset_id}/content")
def sample_content(ruleset_id: Annotated[str, UrlPath(max_length=64)]) -> dict[str, Any]:
    """The ruleset's sample content by file, as its YAML files hold it: what a lab job's
    ``set`` paths (``file.item-id.field``) and ``overlay`` change, for that job only; and
    the content's JSON Schema (``schema``), whose constraints /lab's forms follow."""
    from rulekeeper.core.errors import UsageError

    try:
        ruleset = registry.load(ruleset_id)
    except UsageError as error:
        raise NotFound(str(error)) from None
    sample, _ = ruleset.content_set.raw()
    return {"ruleset": ruleset.meta.id, "files": sample,
            "schema": standard(ruleset.content_model.model_json_schema(by_alias=True))}


PYDANTIC_BOUNDS = {"ge": "minimum", "le": "maximum", "gt": "exclusiveMinimum",
                   "lt": "exclusiveMaximum"}
"""Pydantic's names of a number's bounds, and JSON Schema's. Pydantic writes its own names
into a schema when a bound sits on a type that has validators of its own (``Annotated[int,
BeforeValidator(...), Strict()]``); a form reading JSON Schema would see no bound."""


def standard(schema: Any) -> Any:
    """``schema`` with each of Pydantic's bounds (``ge``...) under JSON Schema's name
    (``minimum``...), where that name is not already there.

    >>> standard({"properties": {"hp": {"type": "integer", "ge": 1, "le": 999}}})
    {'properties': {'hp': {'type': 'integer', 'minimum': 1, 'maximum': 999}}}
    """
    if isinstance(schema, list):
        return [standard(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    def name(key: str, value: Any) -> str:
        bound = PYDANTIC_BOUNDS.get(key)
        return bound if bound and isinstance(value, int | float) and bound not in schema else key

    return {name(key, value): standard(value) for key, value in schema.items()}
