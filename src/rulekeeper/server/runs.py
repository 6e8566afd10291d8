"""``/api/runs`` and ``/api/battles``: the cryptids online game.

A run is a game of the ``cryptids-run`` ruleset, stored as its record (seed, shop
decisions, and the opponents matchmaking gave it). The shop's actions are its
decisions; ending the shop is the decision ``end``, taken by ``POST .../end-shop``
alone, in one transaction that stores the snapshot in the pool, matches an opponent
from the database's pool (the ruleset's matchmaking over :class:`DatabasePool`),
fights the battle from the run's server-side seed, stores the battle and the run, and,
when the run is over, applies the run's rating total to the player.

Every change names the run's ``version``: a stale one gets 409; an exact repeat of the
change that made the current version gets its answer again (the same battle, never two).
A player has at most one run in progress; nobody sees another player's run.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as UrlPath
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import CursorResult, select, update
from sqlalchemy.orm import Session

from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.rulesets.cryptids_run.matchmaking import Matchmaker
from rulekeeper.rulesets.cryptids_run.run import BattleEntry, RunState
from rulekeeper.server.auth import CurrentPlayer, Me
from rulekeeper.server.errors import ApiError, Conflict, NotFound
from rulekeeper.server.games import EventOut, check_lang, log_file
from rulekeeper.server.models import Player, StoredBattle, StoredRun, now
from rulekeeper.server.pool import DatabasePool, run_ruleset

router = APIRouter(prefix="/api/runs", tags=["runs"])
battles_router = APIRouter(prefix="/api/battles", tags=["runs"])

END = "end"
"""The shop's option that ends it (taken only by ``end-shop``)."""
RunId = Annotated[str, UrlPath(max_length=32, description="the run's id")]
Lang = Annotated[str, Query(max_length=8, description="language of event sentences (en, fr)")]


class Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=40,
                        description="a shop option id: buy-O-P, sell-P, move-P-left, ...")
    version: int = Field(ge=0, description="the run's version this action answers")


class EndShop(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = Field(ge=0)


class BattleLine(BaseModel):
    """A battle of a run, as the run's page lists it."""

    id: str | None = Field(description="None: an empty row, lost without a battle")
    round: int
    outcome: str
    opponent: str
    ghost: bool
    rating_change: float


class RunOut(BaseModel):
    id: str
    version: int
    round: int
    lives: int
    victories: int
    victories_needed: int
    gold: int
    actions: int
    offers: list[Any]
    row: list[Any] = Field(description="the row's places, left to right (None: empty)")
    buying: Any = Field(description="a bought cryptid waiting for its ability choice")
    prices: dict[str, Any]
    rating: dict[str, float]
    rating_change: dict[str, float] = Field(description="this run's total so far, applied "
                                                        "when it ends")
    over: bool
    result: dict[str, Any] | None
    pending: dict[str, Any] | None = Field(description="the shop's decision and its options")
    battles: list[BattleLine]


class BattleSummary(BaseModel):
    id: str
    run: str
    round: int
    outcome: str = Field(description="for the run's player: win, loss or tie")
    player: str
    opponent: str = Field(description="the opponent snapshot's player (ghost: a bot's row)")
    snapshot: str
    ghost: bool


class BattleOut(BattleSummary):
    record: dict[str, Any] = Field(description="a cryptids-v1 record: rulekeeper replay it")
    result: dict[str, Any] | None
    events: list[EventOut]


class EndShopOut(BaseModel):
    round: int
    outcome: str
    battle: BattleSummary | None = Field(
        description="None: an empty row, lost without a battle; its events: GET /api/battles/ID")
    run: RunOut


class RunSummary(BaseModel):
    id: str
    round: int
    lives: int
    victories: int
    over: bool
    winner: str | None
    rating_change: float
    created_at: str


# -- reading ------------------------------------------------------------------------------


def state_of(game: Game) -> RunState:
    state = game.table.state
    assert isinstance(state, RunState)
    return state


def battle_id(run_id: str, round_: int) -> str:
    """A battle's id: its run's and its round's (a run fights at most one battle a round)."""
    return f"{run_id}-{round_}"


def run_out(stored: StoredRun, game: Game) -> RunOut:
    view = game.view("player")
    state = view["state"]
    entries = state_of(game).battles
    return RunOut(
        id=stored.id, version=stored.version, round=state["round"], lives=state["lives"],
        victories=state["victories"], victories_needed=state["victories_needed"],
        gold=state["gold"], actions=state["actions"], offers=state["offers"],
        row=state["places"], buying=state["buying"], prices=state["prices"],
        rating=state["rating"], rating_change=state["rating_change"], over=game.over,
        result=view["result"], pending=view["pending"],
        battles=[BattleLine(id=battle_id(stored.id, e.round) if e.fought else None,
                            round=e.round, outcome=e.outcome,
                            opponent=e.opponent.title()["en"] if e.opponent else "nobody",
                            ghost=bool(e.opponent and e.opponent.ghost),
                            rating_change=e.change.mu) for e in entries])


def fetch_run(session: Session, run_id: str, me: Me) -> StoredRun:
    stored = session.get(StoredRun, run_id)
    if stored is None or stored.player_id != me.id:
        raise NotFound(f"no run {run_id!r} of yours")
    return stored


class PoolSource:
    """Where a stored run's next opponent comes from: the pool lent by ``end-shop``'s
    transaction, and nothing outside it (a shop action never asks for one)."""

    def __init__(self) -> None:
        self.lent: Matchmaker | None = None

    def __call__(self, kind: str, request: dict[str, Any]) -> Any:
        if self.lent is None:
            raise ApiError("only POST /api/runs/{id}/end-shop ends the shop")
        return self.lent(kind, request)

    @contextmanager
    def lend(self, session: Session, game: Game) -> Iterator[None]:
        self.lent = Matchmaker(DatabasePool(session), run_ruleset().ghosts(game.table.content))
        try:
            yield
        finally:
            self.lent = None


@dataclass
class LiveRun:
    """A stored run rebuilt in this process, with the source of its opponents."""

    game: Game
    source: PoolSource

    @classmethod
    def of(cls, record: dict[str, Any]) -> LiveRun:
        source = PoolSource()
        return cls(replay(record, log=False, source=source), source)


def rebuild(request: Request, stored: StoredRun) -> LiveRun:
    run: LiveRun = request.app.state.runs.take(stored.id, stored.version,
                                               lambda: LiveRun.of(stored.record))
    return run


def battle_summary(battle: StoredBattle, player: str) -> BattleSummary:
    return BattleSummary(id=battle.id, run=battle.run_id, round=battle.round,
                         outcome=battle.outcome, player=player, opponent=battle.opponent,
                         snapshot=battle.snapshot, ghost=battle.ghost)


def battle_out(battle: StoredBattle, player: str, lang: str) -> BattleOut:
    game = replay(battle.record)
    check_lang(game.ruleset, lang)
    render = game.ruleset.messages.render
    return BattleOut(
        **battle_summary(battle, player).model_dump(),
        record=battle.record, result=game.result.to_json() if game.result else None,
        events=[EventOut(n=n, kind=e.kind, rule=e.rule, text=render(e, lang), data=dict(e.data))
                for n, e in enumerate(game.events)])


# -- changing -----------------------------------------------------------------------------


def store_run(session: Session, stored: StoredRun, expected: int, game: Game,
              change: dict[str, Any]) -> None:
    """Write the run's new record if it is still at ``expected`` (else :class:`Conflict`)."""
    state = state_of(game)
    done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
        update(StoredRun).where(StoredRun.id == stored.id, StoredRun.version == expected)
        .values(record=game.record().model_dump(mode="json"), version=expected + 1,
                round=state.round, lives=state.lives, victories=state.victories,
                over=game.over, winner=game.result.winner if game.result else None,
                rating_change=state.change.mu, last_change=change, updated_at=now()))
    if done.rowcount != 1:
        raise Conflict(f"version {expected} is stale: run {stored.id} changed meanwhile")
    stored.version = expected + 1
    stored.last_change = change


def read_for_change(request: Request, run_id: str, me: Me, version: int,
                    change: dict[str, Any]) -> tuple[StoredRun, LiveRun | None]:
    """The run, rebuilt at ``version``; None for the game when ``change`` is what made the
    current version (a repeat, or the first try of a retried commit)."""
    stored = request.app.state.db.read(lambda s: fetch_run(s, run_id, me))
    if version == stored.version:
        return stored, rebuild(request, stored)
    last = stored.last_change or {}
    if stored.version == version + 1 and {k: last.get(k) for k in change} == change:
        return stored, None
    raise Conflict(f"version {version} is stale: run {run_id} is at version {stored.version}")


def answer(request: Request, stored: StoredRun, live: LiveRun | None) -> RunOut:
    if live is None:
        live = rebuild(request, stored)
    out = run_out(stored, live.game)
    request.app.state.runs.keep(stored.id, stored.version, live)
    return out


def start_run(session: Session, me: Me) -> tuple[StoredRun, LiveRun | None]:
    """The player's run in progress (and None), or a new one (and the run rebuilt)."""
    player = session.execute(select(Player).where(Player.id == me.id)
                             .with_for_update()).scalar_one()  # one start at a time
    active = session.scalar(select(StoredRun).where(StoredRun.player_id == me.id,
                                                    StoredRun.over.is_(False)))
    if active is not None:
        return active, None
    run_id = secrets.token_hex(8)
    source = PoolSource()
    game = new_game(run_ruleset().meta.id, seed=secrets.randbits(63), log=False,
                    source=source, options={"player": player.name, "run": run_id,
                                            "mu": player.mu, "sigma": player.sigma})
    state = state_of(game)
    stored = StoredRun(id=run_id, player_id=me.id, record=game.record().model_dump(mode="json"),
                       version=0, round=state.round, lives=state.lives, victories=0, over=False,
                       rating_change=0.0)
    session.add(stored)
    session.flush()
    return stored, LiveRun(game, source)


def end_shop(session: Session, stored: StoredRun, live: LiveRun, version: int,
             change: dict[str, Any]) -> StoredBattle | None:
    """Ending the shop, all in ``session``'s transaction (see the module's doc)."""
    locked = session.execute(select(StoredRun.version).where(StoredRun.id == stored.id)
                             .with_for_update()).scalar_one()
    if locked != version:
        raise Conflict(f"version {version} is stale: run {stored.id} is at version {locked}")
    game = live.game
    with live.source.lend(session, game):
        game.step(END)
    entry: BattleEntry = state_of(game).battles[-1]
    battle = None
    record = entry.record()
    if record is not None and entry.opponent is not None:
        battle = StoredBattle(
            id=battle_id(stored.id, entry.round), run_id=stored.id, round=entry.round,
            player_id=stored.player_id, opponent=entry.opponent.player,
            snapshot=entry.opponent.id, ghost=entry.opponent.ghost, outcome=entry.outcome,
            record=record.model_dump(mode="json"))
        session.add(battle)
        session.flush()
    store_run(session, stored, version, game,
              {**change, "battle": battle.id if battle else None})
    if game.result is not None:  # rating.change.b: the run's total, applied at its end
        metrics = game.result.metrics
        session.execute(update(Player).where(Player.id == stored.player_id).values(
            mu=metrics["rating.mu"], sigma=metrics["rating.sigma"]))
    return battle


# -- routes -------------------------------------------------------------------------------


@router.post("", response_model=RunOut, status_code=201,
             responses={200: {"description": "your run in progress (none was created)"}})
def create_run(me: CurrentPlayer, request: Request, response: Response) -> RunOut:
    """Start a run (5 lives, 0 victories); if you have one in progress, it is returned (200)."""
    stored, live = request.app.state.db.write(lambda s: start_run(s, me))
    if live is None:
        response.status_code = 200
    return answer(request, stored, live)


@router.get("", response_model=list[RunSummary])
def my_runs(me: CurrentPlayer, request: Request,
            limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[RunSummary]:
    """Your runs, newest first: the run history."""

    def work(session: Session) -> list[RunSummary]:
        rows = session.scalars(select(StoredRun).where(StoredRun.player_id == me.id)
                               .order_by(StoredRun.created_at.desc()).limit(limit))
        return [summary(r) for r in rows]

    result: list[RunSummary] = request.app.state.db.read(work)
    return result


def summary(row: StoredRun) -> RunSummary:
    return RunSummary(id=row.id, round=row.round, lives=row.lives, victories=row.victories,
                      over=row.over, winner=row.winner, rating_change=row.rating_change,
                      created_at=row.created_at.isoformat())


@router.get("/{run_id}", response_model=RunOut)
def read_run(run_id: RunId, me: CurrentPlayer, request: Request) -> RunOut:
    """Your run: lives, victories, the shop (gold, offers, row), its options, its battles."""
    stored = request.app.state.db.read(lambda s: fetch_run(s, run_id, me))
    return answer(request, stored, rebuild(request, stored))


@router.post("/{run_id}/actions", response_model=RunOut)
def act(run_id: RunId, body: Action, me: CurrentPlayer, request: Request) -> RunOut:
    """One shop action (an option id of ``pending``), naming the run's version."""
    if body.action == END:
        raise ApiError("the shop is ended by POST /api/runs/{id}/end-shop")
    change = {"kind": "action", "action": body.action, "version": body.version}
    stored, live = read_for_change(request, run_id, me, body.version, change)
    if live is not None:
        game = live.game
        if game.pending is None:
            raise ApiError("the run is over")
        game.step(body.action)
        try:
            request.app.state.db.write(
                lambda s: store_run(s, stored, body.version, game, change))
        except Conflict:  # lost a race, or a retried commit that had gone through
            return act(run_id, body, me, request)
    return answer(request, stored, live)


@router.post("/{run_id}/end-shop", response_model=EndShopOut)
def end(run_id: RunId, body: EndShop, me: CurrentPlayer, request: Request) -> EndShopOut:
    """End the shop: snapshot, opponent, battle, run updated, in one transaction.

    Repeating it with the same version gives the same battle again, never a second one.
    """
    change = {"kind": "end-shop", "version": body.version}
    stored, live = read_for_change(request, run_id, me, body.version, change)
    db = request.app.state.db
    if live is None:  # a repeat
        ended_by = (stored.last_change or {}).get("battle")
        battle = db.read(lambda s: s.get(StoredBattle, ended_by)) if ended_by else None
    else:
        pending = live.game.pending
        if pending is None:
            raise ApiError("the run is over")
        if END not in pending.ids:
            live.game.step(END)  # refused with the shop's reason, before anything changes
        fresh = [live]

        def work(session: Session) -> tuple[LiveRun, StoredBattle | None]:
            # a retried transaction starts again from the stored record, not a stepped game
            ending = fresh.pop() if fresh else LiveRun.of(stored.record)
            return ending, end_shop(session, stored, ending, body.version, change)

        try:
            live, battle = db.write(work)
        except Conflict:
            return end(run_id, body, me, request)
    run = answer(request, stored, live)
    ended = run.battles[-1]
    return EndShopOut(round=ended.round, outcome=ended.outcome, run=run,
                      battle=battle_summary(battle, me.name) if battle else None)


@router.get("/{run_id}/record", response_class=Response,
            responses={200: {"content": {"application/x-ndjson": {}}}})
def run_record(run_id: RunId, me: CurrentPlayer, request: Request, lang: Lang = "en") -> Any:
    """The run's log file, once it is over (before, its seed would tell the shop's future)."""
    stored = request.app.state.db.read(lambda s: fetch_run(s, run_id, me))
    if not stored.over:
        raise ApiError("the run's record is given once the run is over", 403)
    game = replay(stored.record)
    check_lang(game.ruleset, lang)
    return log_file(game, lang, f"cryptids-run-{stored.id}.jsonl")


def fetch_battle(session: Session, battle_id: str, me: Me) -> tuple[StoredBattle, str]:
    """A battle the player fought, or fought against (others get 404); and the run's player."""
    battle = session.get(StoredBattle, battle_id)
    if battle is not None:
        player = session.scalar(select(Player.name).where(Player.id == battle.player_id))
        if battle.player_id == me.id or battle.opponent == me.name:
            return battle, str(player)
    raise NotFound(f"no battle {battle_id!r} of yours")


@battles_router.get("/{battle_id}", response_model=BattleOut)
def read_battle(battle_id: Annotated[str, UrlPath(max_length=32)], me: CurrentPlayer,
                request: Request, lang: Lang = "en") -> BattleOut:
    """A battle you fought or were fought by: its record and events, in ``lang``."""
    battle, player = request.app.state.db.read(lambda s: fetch_battle(s, battle_id, me))
    return battle_out(battle, player, lang)


@battles_router.get("/{battle_id}/record", response_class=Response,
                    responses={200: {"content": {"application/x-ndjson": {}}}})
def battle_record(battle_id: Annotated[str, UrlPath(max_length=32)], me: CurrentPlayer,
                  request: Request, lang: Lang = "en") -> Any:
    """The battle's log file: ``rulekeeper replay`` reproduces it on anyone's machine."""
    battle, _ = request.app.state.db.read(lambda s: fetch_battle(s, battle_id, me))
    game = replay(battle.record)
    check_lang(game.ruleset, lang)
    return log_file(game, lang, f"cryptids-battle-{battle.id}.jsonl")
