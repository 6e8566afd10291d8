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
A player has at most one run in progress; nobody sees another player's run. What a round
did is shown to its player once, on any device: a battle until ``POST /api/battles/{id}/seen``,
a round lost without a fight (an empty row: no battle) until ``POST .../empty-row-seen``.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Annotated, Any, cast

from fastapi import APIRouter, BackgroundTasks, Depends, Query, Request, Response
from fastapi import Path as UrlPath
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy import CursorResult, Table, func, insert, select, update
from sqlalchemy.orm import Session

from rulekeeper.core.errors import UsageError
from rulekeeper.core.events import Event
from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.sentences import sentences
from rulekeeper.rulesets.cryptids.ruleset import CryptidsRuleset
from rulekeeper.rulesets.cryptids_run import rating
from rulekeeper.rulesets.cryptids_run.matchmaking import Matchmaker
from rulekeeper.rulesets.cryptids_run.models import battle_ruleset
from rulekeeper.rulesets.cryptids_run.odds import BATTLES as ODDS_BATTLES
from rulekeeper.rulesets.cryptids_run.odds import WinChance, win_chance
from rulekeeper.rulesets.cryptids_run.snapshots import Snapshot, players_named, snapshot_id
from rulekeeper.rulesets.cryptids_run.table import BattleEntry, RunState
from rulekeeper.rulesets.cryptids_run.view import row_view, summons_view
from rulekeeper.server import addresses
from rulekeeper.server.auth import CurrentPlayer, Me
from rulekeeper.server.cache import GameCache
from rulekeeper.server.changes import rebuilding
from rulekeeper.server.costs import Costly
from rulekeeper.server.errors import (
    ApiError,
    Conflict,
    NotFound,
    TooManyRequests,
    documented,
    not_at,
)
from rulekeeper.server.games import EventOut, check_lang, lock_address, log_file, made_a_day
from rulekeeper.server.models import Player, StoredBattle, StoredRun, StoredSnapshot, now
from rulekeeper.server.pool import RUN_RULESET, DatabasePool, KeptSnapshots, run_ruleset
from rulekeeper.server.refusals import concerning
from rulekeeper.server.sentences import SAID_IN, SPOKEN


def the_runs(request: Request) -> None:
    """A run's refusals use the run's ruleset's words too (its ``refusals.po``)."""
    concerning(request, RUN_RULESET)


router = APIRouter(prefix="/api/runs", tags=["runs"],
                   dependencies=[SAID_IN, Depends(the_runs), Costly],
                   responses=documented(400, 401, 403, 404, 409, 410, 429, 503))
rules_router = APIRouter(prefix="/api/runs", tags=["runs"], dependencies=[SAID_IN],
                        responses=documented(429))
"""What anyone may read before signing up (the how-to-play's numbers): no token, no lane."""
battles_router = APIRouter(prefix="/api/battles", tags=["runs"], dependencies=[SAID_IN, Costly],
                           responses=documented(400, 401, 404, 410, 429, 503))

END = "end"
"""The shop's option that ends it (taken only by ``end-shop``)."""
INTEGER_MOST = 2**31 - 1
"""The largest number an ``INTEGER`` column holds on every database: a number a request
compares with one is at most this (SQLite's driver fails on one past 64 bits)."""
RunId = Annotated[str, UrlPath(max_length=32, description="the run's id")]
Lang = Annotated[str, Query(max_length=8, description="language of event sentences (en, fr; "
                                                      "FR, fr-FR too)"), SPOKEN]


class Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=40,
                        description="a shop option id: buy-O-P, sell-P, move-P-left, ...")
    version: StrictInt = Field(ge=0, description="the run's version this action answers")


class EndShop(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: StrictInt = Field(ge=0)


class EmptyRowSeen(BaseModel):
    model_config = ConfigDict(extra="forbid")
    round: StrictInt = Field(ge=1, le=INTEGER_MOST,
                       description="the round lost without a fight that was shown")


class BattleLine(BaseModel):
    """A battle of a run, as the run's page lists it."""

    id: str | None = Field(description="None: an empty row, lost without a battle")
    round: int
    outcome: str
    opponent: str = Field(description="the opponent snapshot's player (ghost: a bot's row)")
    ghost: bool = Field(description="the opponent's row was built by a bot")
    lives_lost: int
    lives: int = Field(description="the run's lives after it")
    victories: int = Field(description="the run's victories after it")
    rating_change: float = Field(description="how much it moves the shown rating (mu - 3 "
                                             "sigma), applied when the run ends")


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
    rating: dict[str, float] = Field(description="mu, sigma and shown: the rating the page "
                                                 "shows, mu - 3 sigma")
    rating_change: dict[str, float] = Field(description="this run's total so far (mu, sigma, "
                                                        "and shown: what the shown rating "
                                                        "would move), applied when it ends")
    over: bool
    result: dict[str, Any] | None
    pending: dict[str, Any] | None = Field(description="the shop's decision and its options")
    battles: list[BattleLine]


class Odds(BaseModel):
    """The player's chance to win a battle: the same two rows fought again many times."""

    odds: float = Field(ge=0, le=1, description="the player's chance to win, 0 to 1")
    odds_interval: tuple[float, float] = Field(description="its 95% interval")
    odds_battles: int = Field(description="battles the Monte Carlo played")

    @classmethod
    def of(cls, chance: WinChance) -> Odds:
        return cls(odds=chance.chance, odds_interval=(chance.low, chance.high),
                   odds_battles=chance.battles)


class BattleSummary(BaseModel):
    id: str
    run: str
    round: int
    outcome: str = Field(description="for the run's player: win, loss or tie")
    player: str
    opponent: str = Field(description="the opponent snapshot's player (ghost: a bot's row)")
    snapshot: str
    ghost: bool = Field(description="the opponent's row was built by a bot (a ghost line or "
                                    "a bot player)")
    lives_lost: int | None = Field(description="lives the battle cost (None: a battle stored "
                                               "before the service counted them)")
    lives: int | None = Field(description="the run's lives after it")
    victories: int | None = Field(description="the run's victories after it")
    victories_needed: int
    odds: float | None = Field(description="the player's chance to win this exact battle (the "
                                           "same rows and rulings, 2,000 battles), 0 to 1; "
                                           "None until computed, a moment after end-shop: "
                                           "GET /api/battles/{id}/odds waits for it")
    odds_interval: tuple[float, float] | None = Field(description="its 95% interval")
    odds_battles: int | None = None
    rows: dict[str, list[Any]] = Field(description="the player's and the opponent's rows as "
                                                   "they fought: each cryptid named, its "
                                                   "stats, copies combined, its ability")
    summons: dict[str, Any] = Field(description="the cryptids their abilities may summon, "
                                                "with their abilities, by id")


class Moment(EventOut):
    """An event that decided a battle, with the roll it happened in (0: before roll 1)."""

    roll: int
    side: str | None = Field(None, description="for a death: the side whose cryptid died "
                                               "(left: the run's player), a summoned one too")
    cause: EventOut | None = Field(None, description="for a death: the blow that brought the "
                                                     "cryptid to 0 HP (its sentence and its "
                                                     "rule: an ability, damage over time)")
    source: Moment | None = Field(None, description="for a death by damage over time: the "
                                                    "ability that put it on the cryptid, "
                                                    "with its roll")


class BattleOut(BattleSummary):
    record: dict[str, Any] = Field(description="a cryptids-v1 record: rulekeeper replay it")
    result: dict[str, Any] | None
    side: str = Field(description="where your row fought: left (your run's battle) or right "
                                  "(another player's run met your row); the events that "
                                  "name the sides are told for it (\"your row has 6 HP "
                                  "left, theirs 5\")")
    events: list[EventOut]
    deciding: list[Moment] = Field(description="why it was won or lost: the deaths, in order, "
                                               "and how it ended")


class MetLine(BaseModel):
    """A battle another player's run fought against a row of yours (your snapshot)."""

    id: str = Field(description="the battle: GET /api/battles/{id} and its frames")
    round: int
    player: str = Field(description="the player whose run met your row")
    outcome: str = Field(description="for your row: win, loss or tie")
    created_at: str


class Met(BaseModel):
    """How often your rows were met by other players' runs, and the latest of those battles."""

    met: int = Field(description="battles other players' runs fought against your rows")
    won: int = Field(description="of them, won by your row")
    lost: int
    tied: int
    battles: list[MetLine] = Field(description="the latest, newest first (at most limit)")


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
    rating_change: float = Field(description="the run's total change of mu")
    rating_shown_change: float | None = Field(description="how much the run moves the shown "
                                                          "rating, mu - 3 sigma (so far)")
    unseen: str | None = Field(description="its first battle whose result its player has not "
                                           "been shown yet (POST /api/battles/{id}/seen)")
    unseen_empty_row: int | None = Field(description="the round its row was empty, lost "
                                                     "without a fight, if its player has not "
                                                     "been shown that yet (POST /api/runs/{id}"
                                                     "/empty-row-seen)")
    created_at: str


class RunRules(BaseModel):
    """The numbers of a run (from the content): what the page's how-to-play says."""

    run: dict[str, Any] = Field(description="lives, victories, rounds, loss_costs")
    shop: dict[str, Any] = Field(description="gold, offers, places, prices, tiers, combine")
    rating: dict[str, Any]
    battle: dict[str, Any] = Field(description="the battle's rules: roll_cap (it ends after "
                                               "that roll, the most HP left winning), "
                                               "sudden_death (from that roll every hit gets "
                                               "stronger), by_hp (the ends judged by the HP "
                                               "left)")
    odds_battles: int = Field(description="battles played for a battle's odds")


# -- reading ------------------------------------------------------------------------------


def state_of(game: Game) -> RunState:
    state = game.table.state
    assert isinstance(state, RunState)
    return state


def battle_id(run_id: str, round_: int) -> str:
    """A battle's id: its run's and its round's (a run fights at most one battle a round)."""
    return f"{run_id}-{round_}"


def run_out(run_id: str, version: int, game: Game) -> RunOut:
    view = game.view("player")
    state = view["state"]
    entries = state_of(game).battles
    return RunOut(
        id=run_id, version=version, round=state["round"], lives=state["lives"],
        victories=state["victories"], victories_needed=state["victories_needed"],
        gold=state["gold"], actions=state["actions"], offers=state["offers"],
        row=state["places"], buying=state["buying"], prices=state["prices"],
        rating=state["rating"], rating_change=state["rating_change"], over=game.over,
        result=view["result"], pending=view["pending"],
        battles=[BattleLine(id=battle_id(run_id, e.round) if e.fought else None,
                            round=e.round, outcome=e.outcome,
                            opponent=e.opponent.player if e.opponent else "nobody",
                            ghost=bool(e.opponent and e.opponent.ghost),
                            lives_lost=e.lives_lost, lives=e.lives, victories=e.victories,
                            rating_change=line["rating_change"]["shown"])
                 for e, line in zip(entries, state["battles"], strict=True)])


def json_answer(model: BaseModel, status_code: int = 200) -> Response:
    """``model`` encoded once as the JSON answer (the route's ``response_model`` documents
    it; FastAPI would validate the built model again, in another thread hop)."""
    return Response(model.model_dump_json(), status_code=status_code,
                    media_type="application/json")


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
    def lend(self, session: Session, game: Game, kept: KeptSnapshots) -> Iterator[None]:
        self.lent = Matchmaker(DatabasePool(session, kept),
                               run_ruleset().ghosts(game.table.content))
        try:
            yield
        finally:
            self.lent = None


@dataclass
class LiveRun:
    """A stored run rebuilt in this process: its game, the source of its opponents, and
    its player (who never changes, so a kept run tells whose it is without a read)."""

    game: Game
    source: PoolSource
    player_id: int

    @classmethod
    def of(cls, record: dict[str, Any], player_id: int) -> LiveRun:
        source = PoolSource()
        with rebuilding(f"run {record.get('options', {}).get('run')}"):
            return cls(replay(record, log=False, source=source), source, player_id)


def replayed(battle: StoredBattle) -> Game:
    """A stored battle, rebuilt from its record (410 if this server no longer can)."""
    with rebuilding(f"battle {battle.id}"):
        return replay(battle.record)


def rebuild(request: Request, stored: StoredRun) -> LiveRun:
    run: LiveRun = request.app.state.runs.take(
        stored.id, stored.version, lambda: LiveRun.of(stored.record, stored.player_id))
    return run


def kept_run(request: Request, run_id: str, version: int, me: Me) -> LiveRun | None:
    """The run at ``version``, taken out of this process's cache if it is kept there and is
    ``me``'s; else None (then the run is read from the database)."""
    cache: GameCache[LiveRun] = request.app.state.runs
    live = cache.pop(run_id, version)
    if live is not None and live.player_id != me.id:
        cache.keep(run_id, version, live)
        return None
    return live


def refuse_illegal(request: Request, run_id: str, version: int, live: LiveRun,
                   option: str) -> None:
    """Raise the game's error if ``option`` cannot be taken now; the run, unchanged, is kept."""
    pending = live.game.pending
    try:
        if pending is None:
            raise ApiError("the run is over")
        pending.option(option)
    except (ApiError, UsageError):
        request.app.state.runs.keep(run_id, version, live)
        raise


def battle_summary(battle: StoredBattle, player: str,
                   rows: tuple[Snapshot | None, Snapshot | None]) -> BattleSummary:
    """A stored battle's summary; ``rows``: the player's and the opponent's snapshots."""
    ruleset = run_ruleset()
    stock = ruleset.stock(ruleset.load_content()[0])
    fielded = [s.row if s is not None else () for s in rows]
    low, high = battle.odds_low, battle.odds_high
    return BattleSummary(
        id=battle.id, run=battle.run_id, round=battle.round, outcome=battle.outcome,
        player=player, opponent=battle.opponent, snapshot=battle.snapshot, ghost=battle.ghost,
        lives_lost=battle.lives_lost, lives=battle.lives, victories=battle.victories,
        victories_needed=stock.rules.run.victories,
        odds=battle.odds,
        odds_interval=(low, high) if low is not None and high is not None else None,
        odds_battles=battle.odds_battles,
        rows={"player": row_view(fielded[0], stock), "opponent": row_view(fielded[1], stock)},
        summons=summons_view(fielded, stock))


def battle_rows(session: Session, battle: StoredBattle,
                kept: KeptSnapshots) -> tuple[Snapshot | None, Snapshot | None]:
    """The snapshots a stored battle fought: the player's (of its run and round), the
    opponent's."""
    wanted = (snapshot_id(battle.run_id, battle.round), battle.snapshot)
    found = kept.known(wanted)
    missing = [i for i in wanted if i not in found]
    if missing:
        for data in session.scalars(select(StoredSnapshot.data).where(
                StoredSnapshot.id.in_(missing))):
            snapshot = Snapshot.model_validate(data)
            kept.keep(snapshot)
            found[snapshot.id] = snapshot
    return found.get(wanted[0]), found.get(wanted[1])


DECIDING = ("death", "end.", "result.")
"""The events that tell why a battle was won or lost: its deaths and how it ended (a
trailing dot: a prefix)."""


def named(value: Any) -> Any:
    """A cryptid's name in an event's data, as one key (its English name)."""
    return value.get("en") if isinstance(value, dict) else value


def deciding(events: list[Event], said: list[EventOut]) -> list[Moment]:
    """The battle's deciding events, each with the roll it happened in; a death with its
    side and the blow that brought its cryptid to 0 HP (the last one before it: a heal may
    come between), and for damage over time the ability that put it on (the last one). A
    side's cryptids are its lineup's ("Goatman 2 5/3": a name, then its HP/threat) and those
    they summon (names are unique on the board)."""
    moments, roll = [], 0
    blows: dict[Any, EventOut] = {}
    afflictions: dict[Any, Moment] = {}  # the last damage over time put on each cryptid
    sides: dict[Any, str] = {}
    for event, out in zip(events, said, strict=True):
        if event.kind in ("roll", "reroll.next"):
            roll = int(event.data["roll"])
        if event.kind in ("lineup.left", "lineup.right"):
            sides.update({str(named(c)).rsplit(" ", 1)[0]: event.kind.split(".")[1]
                          for c in event.data["cryptids"]})
        if event.kind == "summon" and named(event.data["who"]) in sides:
            sides[named(event.data["summoned"])] = sides[named(event.data["who"])]
        if event.kind == "status":
            afflictions[named(event.data["target"])] = Moment(**out.model_dump(), roll=roll)
        if event.data.get("hp") == 0 and event.data.get("before") and "target" in event.data:
            blows[named(event.data["target"])] = out
        if any(event.kind.startswith(k) if k.endswith(".") else event.kind == k
               for k in DECIDING):
            dead = named(event.data.get("who")) if event.kind == "death" else None
            blow = blows.get(dead)
            moments.append(Moment(**out.model_dump(), roll=roll, side=sides.get(dead),
                                  cause=blow, source=afflictions.get(dead)
                                  if blow is not None and blow.kind == "damage.status" else None))
    return moments


def side_of(battle: StoredBattle, me: Me) -> str:
    """Where ``me``'s row fought ``battle``: left, the run's; right, the row the run met."""
    return "left" if battle.player_id == me.id else "right"


def told_for(side: str) -> Callable[[Ruleset[Any], Sequence[str], str], Callable[[Event], str]]:
    """The sentences of a battle's events for the player whose row fought on ``side``: as
    :func:`~rulekeeper.core.sentences.sentences`, but the events that name the sides told
    by the battle's ruleset for that side ("your row has 6 HP left, theirs 5"), and a bot
    player's row named as the run's sentences name it (``bot-3, round 2``: *Bot 3, round 2*;
    :func:`~rulekeeper.rulesets.cryptids_run.snapshots.players_named`)."""

    def said(ruleset: Ruleset[Any], seats: Sequence[str], lang: str) -> Callable[[Event], str]:
        plain = sentences(ruleset, seats, lang)  # the engine's own events too
        if not isinstance(ruleset, CryptidsRuleset):
            return plain
        told, words = ruleset.told_for(side, lang), run_ruleset().messages.wording(lang)

        def sentence(event: Event) -> str:
            event = players_named(event, words, you=False)  # a person named "you" stays so
            text = told(event)
            return plain(event) if text is None else text

        return sentence

    return said


def battle_out(summary: BattleSummary, battle: StoredBattle, lang: str, side: str) -> BattleOut:
    game = replayed(battle)
    check_lang(game.ruleset, lang)
    sentence = told_for(side)(game.ruleset, game.seats, lang)
    events = list(game.events)
    said = [EventOut(n=n, kind=e.kind, rule=e.rule, text=sentence(e), data=dict(e.data))
            for n, e in enumerate(events)]
    return BattleOut(**summary.model_dump(), record=battle.record,
                     result=game.result.to_json() if game.result else None, side=side,
                     events=said, deciding=deciding(events, said))


class OddsDesk:
    """Where a process works out battles' odds, each from ``battles`` battles, one battle's
    at a time (a second request for the same battle waits for the first's answer)."""

    def __init__(self, battles: int = ODDS_BATTLES) -> None:
        self.battles = battles
        self._lock = threading.Lock()
        self._working: dict[str, threading.Lock] = {}

    def settle(self, db: Any, battle_id: str) -> Odds:
        """The battle's odds: stored ones, else worked out now and stored (once: the answer
        is a function of the battle's record, so two processes racing store the same)."""
        with self._lock:
            lock = self._working.setdefault(battle_id, threading.Lock())
        with lock:
            try:
                battle: StoredBattle = db.read(lambda s: s.get(StoredBattle, battle_id))
                if battle.odds is not None and battle.odds_low is not None \
                        and battle.odds_high is not None and battle.odds_battles:
                    return Odds(odds=battle.odds, odds_interval=(battle.odds_low,
                                                                 battle.odds_high),
                                odds_battles=battle.odds_battles)
                chance = win_chance(battle.record, run_ruleset().arena, self.battles)
                db.write(lambda s: s.execute(
                    update(BATTLES).where(BATTLES.c.id == battle_id, BATTLES.c.odds.is_(None))
                    .values(odds=chance.chance, odds_low=chance.low, odds_high=chance.high,
                            odds_battles=chance.battles)))
                return Odds.of(chance)
            finally:
                with self._lock:
                    self._working.pop(battle_id, None)


# -- changing -----------------------------------------------------------------------------


RUNS = cast(Table, StoredRun.__table__)
BATTLES = cast(Table, StoredBattle.__table__)
"""The tables the hot statements write (Core statements: no ORM bookkeeping)."""


def store_run(session: Session, run_id: str, player_id: int, expected: int, game: Game,
              change: dict[str, Any], **columns: Any) -> None:
    """Write the run's new record (and ``columns``) if it is still ``player_id``'s run at
    ``expected`` (else :class:`Conflict`): one statement, whose condition the database
    checks on the locked row."""
    state = state_of(game)
    floor = game.table.prepared.stock.rules.rating.sigma_floor
    done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
        update(RUNS).where(RUNS.c.id == run_id, RUNS.c.player_id == player_id,
                           RUNS.c.version == expected)
        .values(record=game.record().model_dump(mode="json"), version=expected + 1,
                round=state.round, lives=state.lives, victories=state.victories,
                over=game.over, winner=game.result.winner if game.result else None,
                rating_change=state.change.mu,
                rating_shown_change=rating.shown_change(state.rating, state.change, floor),
                last_change=change, updated_at=now(), **columns))
    if done.rowcount != 1:
        raise Conflict(f"version {expected} is stale: run {run_id} changed meanwhile")


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
    raise not_at(version, f"run {run_id}", stored.version)


def answer(request: Request, run_id: str, version: int, live: LiveRun) -> RunOut:
    """The run's view at ``version``; the run is kept in this process under it."""
    out = run_out(run_id, version, live.game)
    request.app.state.runs.keep(run_id, version, live)
    return out


START_LOCK = 7415
"""PostgreSQL advisory lock taken, with the address's hash, while a run is started: the
runs of one address are counted one after the other (its players are not one row)."""


def start_run(session: Session, me: Me, address: str,
              a_day: int) -> tuple[StoredRun, LiveRun | None]:
    """The player's run in progress (and None), never refused; or a new one (and the run
    rebuilt), refused (429) past ``a_day`` runs started from ``address`` in the last 24
    hours whatever accounts started them (each run stores at most ``run.rounds`` battles and
    rows: the battles an address stores a day are bounded so)."""
    player = session.execute(select(Player).where(Player.id == me.id)
                             .with_for_update()).scalar_one()  # one start at a time
    active = session.scalar(select(StoredRun).where(StoredRun.player_id == me.id,
                                                    StoredRun.over.is_(False)))
    if active is not None:
        return active, None
    lock_address(session, START_LOCK, address)
    started, wait = made_a_day(session, StoredRun, address)
    if started >= a_day:
        raise TooManyRequests(f"your address started {started} runs in the last 24 hours, "
                              f"whatever accounts started them (at most {a_day}): try again "
                              f"later", retry_after=wait)
    run_id = secrets.token_hex(8)
    source = PoolSource()
    game = new_game(run_ruleset().meta.id, seed=secrets.randbits(63), log=False,
                    source=source, options={"player": player.name, "run": run_id,
                                            "mu": player.mu, "sigma": player.sigma})
    state = state_of(game)
    stored = StoredRun(id=run_id, player_id=me.id, record=game.record().model_dump(mode="json"),
                       version=0, round=state.round, lives=state.lives, victories=0, over=False,
                       rating_change=0.0, address=address)
    session.add(stored)
    session.flush()
    return stored, LiveRun(game, source, me.id)


def end_shop(session: Session, run_id: str, player_id: int, version: int,
             live: LiveRun | None, change: dict[str, Any],
             kept: KeptSnapshots) -> tuple[LiveRun, StoredBattle | None]:
    """Ending the shop, all in ``session``'s transaction (see the module's doc). ``live`` is
    the run at ``version``; None (a retried transaction) rebuilds it from the stored record."""
    locked = session.execute(select(StoredRun.version).where(
        StoredRun.id == run_id, StoredRun.player_id == player_id).with_for_update()).scalar()
    if locked != version:
        raise not_at(version, f"run {run_id}", locked)
    if live is None:
        live = LiveRun.of(session.scalars(select(StoredRun.record).where(
            StoredRun.id == run_id)).one(), player_id)
    game = live.game
    with live.source.lend(session, game, kept):
        game.step(END)
    entry: BattleEntry = state_of(game).battles[-1]
    battle = None
    record = entry.record()
    if record is not None and entry.opponent is not None:
        battle = StoredBattle(
            id=battle_id(run_id, entry.round), run_id=run_id, round=entry.round,
            player_id=player_id, opponent=entry.opponent.player,
            snapshot=entry.opponent.id, ghost=entry.opponent.ghost, outcome=entry.outcome,
            record=record.model_dump(mode="json"), lives_lost=entry.lives_lost,
            lives=entry.lives, victories=entry.victories, seen=False, created_at=now())
        session.execute(insert(BATTLES).values(
            {c.key: getattr(battle, c.key) for c in BATTLES.columns}))
    # an empty row's loss has no battle to be seen: the run keeps it unseen until it is shown
    unseen = {} if battle is not None else {"unseen_empty_row": entry.round}
    store_run(session, run_id, player_id, version, game,
              {**change, "battle": battle.id if battle else None}, **unseen)
    if game.result is not None:  # rating.change.b: the run's total, applied at its end
        metrics = game.result.metrics
        session.execute(update(Player).where(Player.id == player_id).values(
            mu=metrics["rating.mu"], sigma=metrics["rating.sigma"])
            .execution_options(synchronize_session=False))
    return live, battle


# -- routes -------------------------------------------------------------------------------


@router.post("", response_model=RunOut, status_code=201,
             responses={200: {"description": "your run in progress (none was created)"}})
def create_run(me: CurrentPlayer, request: Request) -> Response:
    """Start a run (5 lives, 0 victories); if you have one in progress, it is returned (200)."""
    address, a_day = addresses.of_request(request), request.app.state.settings.address_runs_a_day
    stored, live = request.app.state.db.write(lambda s: start_run(s, me, address, a_day))
    run = answer(request, stored.id, stored.version, live or rebuild(request, stored))
    return json_answer(run, 201 if live is not None else 200)


@router.get("", response_model=list[RunSummary])
def my_runs(me: CurrentPlayer, request: Request,
            limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[RunSummary]:
    """Your runs, newest first: the run history."""

    def work(session: Session) -> list[RunSummary]:
        rows = session.scalars(select(StoredRun).where(StoredRun.player_id == me.id)
                               .order_by(StoredRun.created_at.desc()).limit(limit)).all()
        unseen = dict(session.execute(
            select(StoredBattle.run_id, func.min(StoredBattle.round))
            .where(StoredBattle.player_id == me.id, StoredBattle.seen.is_(False),
                   StoredBattle.run_id.in_([r.id for r in rows]))
            .group_by(StoredBattle.run_id)).all())
        return [summary(r, unseen.get(r.id)) for r in rows]

    result: list[RunSummary] = request.app.state.db.read(work)
    return result


def summary(row: StoredRun, unseen: int | None = None) -> RunSummary:
    """A run as its history lists it; ``unseen``: the round of its first battle not seen."""
    return RunSummary(id=row.id, round=row.round, lives=row.lives, victories=row.victories,
                      over=row.over, winner=row.winner, rating_change=row.rating_change,
                      rating_shown_change=row.rating_shown_change,
                      unseen=battle_id(row.id, unseen) if unseen is not None else None,
                      unseen_empty_row=row.unseen_empty_row,
                      created_at=row.created_at.isoformat())


@rules_router.get("/rules", response_model=RunRules)
def run_rules(request: Request) -> RunRules:
    """The numbers of a run: lives, the lives a loss costs from each round, victories
    needed, gold, prices, tiers, combining, the rating a new player starts with."""
    ruleset = run_ruleset()
    rules = ruleset.stock(ruleset.load_content()[0]).rules
    return RunRules(run=rules.run.model_dump(), shop=rules.shop.model_dump(),
                    rating=rules.rating.model_dump(), battle=asdict(battle_ruleset().facts),
                    odds_battles=request.app.state.odds.battles)


@router.get("/{run_id}", response_model=RunOut)
def read_run(run_id: RunId, me: CurrentPlayer, request: Request) -> Response:
    """Your run: lives, victories, the shop (gold, offers, row), its options, its battles."""
    stored = request.app.state.db.read(lambda s: fetch_run(s, run_id, me))
    return json_answer(answer(request, stored.id, stored.version, rebuild(request, stored)))


@router.post("/{run_id}/actions", response_model=RunOut)
def act(run_id: RunId, body: Action, me: CurrentPlayer, request: Request) -> Response:
    """One shop action (an option id of ``pending``), naming the run's version.

    When this process keeps the run at that version, the action is one statement (the
    version and the player checked by the update itself); otherwise the run is read first.
    """
    if body.action == END:
        raise ApiError("the shop is ended by POST /api/runs/{id}/end-shop")
    change = {"kind": "action", "action": body.action, "version": body.version}
    live = kept_run(request, run_id, body.version, me)
    if live is None:
        stored, live = read_for_change(request, run_id, me, body.version, change)
        if live is None:  # a repeat: its answer again
            return json_answer(answer(request, run_id, stored.version, rebuild(request, stored)))
    refuse_illegal(request, run_id, body.version, live, body.action)
    live.game.step(body.action)
    try:
        request.app.state.db.write(
            lambda s: store_run(s, run_id, me.id, body.version, live.game, change))
    except Conflict:  # lost a race, or a retried commit that had gone through
        return act(run_id, body, me, request)
    return json_answer(answer(request, run_id, body.version + 1, live))


@router.post("/{run_id}/end-shop", response_model=EndShopOut)
def end(run_id: RunId, body: EndShop, me: CurrentPlayer, request: Request,
        background: BackgroundTasks) -> Response:
    """End the shop: snapshot, opponent, battle, run updated, in one transaction. The
    battle's odds are worked out just after the answer is sent (its ``odds`` is None until
    then; ``GET /api/battles/{id}/odds`` waits for them).

    Repeating it with the same version gives the same battle again, never a second one.
    """
    change = {"kind": "end-shop", "version": body.version}
    db = request.app.state.db
    live = kept_run(request, run_id, body.version, me)
    if live is None:
        stored, live = read_for_change(request, run_id, me, body.version, change)
        if live is None:  # a repeat
            ended_by = (stored.last_change or {}).get("battle")
            battle = db.read(lambda s: s.get(StoredBattle, ended_by)) if ended_by else None
            return ended(request, me, run_id, stored.version, rebuild(request, stored), battle,
                         background)
    refuse_illegal(request, run_id, body.version, live, END)  # before anything changes
    fresh = [live]

    def work(session: Session) -> tuple[LiveRun, StoredBattle | None]:
        # a retried transaction starts again from the stored record, not a stepped game
        return end_shop(session, run_id, me.id, body.version, fresh.pop() if fresh else None,
                        change, request.app.state.snapshots)

    try:
        live, battle = db.write(work)
    except Conflict:
        return end(run_id, body, me, request, background)
    return ended(request, me, run_id, body.version + 1, live, battle, background)


def ended(request: Request, me: Me, run_id: str, version: int, live: LiveRun,
          battle: StoredBattle | None, background: BackgroundTasks) -> Response:
    """The answer of end-shop: the battle's summary and the run (the battle's odds are
    worked out once it is sent)."""
    run = answer(request, run_id, version, live)
    last = run.battles[-1]
    summary = None
    if battle is not None:
        state = state_of(live.game)
        fought = next(b for b in state.battles if b.round == battle.round)
        mine = next((s for s in state.snapshots if s.round == battle.round), None)
        summary = battle_summary(battle, me.name, (mine, fought.opponent))
        if battle.odds is None:
            background.add_task(request.app.state.odds.settle, request.app.state.db,
                                battle.id)
    return json_answer(EndShopOut(round=last.round, outcome=last.outcome, run=run,
                                  battle=summary))


@router.post("/{run_id}/empty-row-seen", status_code=204)
def empty_row_seen(run_id: RunId, body: EmptyRowSeen, me: CurrentPlayer,
                   request: Request) -> Response:
    """The round your row was empty, lost without a fight, was shown to you: the page stops
    showing it first (on every device). Another round leaves the run as it is."""

    def work(session: Session) -> None:
        fetch_run(session, run_id, me)
        session.execute(update(RUNS).where(RUNS.c.id == run_id, RUNS.c.player_id == me.id,
                                           RUNS.c.unseen_empty_row == body.round)
                        .values(unseen_empty_row=None))

    request.app.state.db.write(work)
    return Response(status_code=204)


@router.get("/{run_id}/record", response_class=Response,
            responses={200: {"content": {"application/x-ndjson": {}}}})
def run_record(run_id: RunId, me: CurrentPlayer, request: Request, lang: Lang = "en") -> Any:
    """The run's log file, once it is over (before, its seed would tell the shop's future)."""
    stored = request.app.state.db.read(lambda s: fetch_run(s, run_id, me))
    if not stored.over:
        raise ApiError("the run's record is given once the run is over", 403)
    with rebuilding(f"run {stored.id}"):
        game = replay(stored.record)
    check_lang(game.ruleset, lang)
    return log_file(game, lang, f"cryptids-run-{stored.id}.jsonl")


def fetch_battle(session: Session, battle_id: str, me: Me) -> tuple[StoredBattle, str]:
    """A battle the player fought, or fought against (others get 404); and the run's player."""
    found = session.execute(select(StoredBattle, Player.name).join(
        Player, Player.id == StoredBattle.player_id).where(StoredBattle.id == battle_id)).first()
    if found is not None:
        battle, player = found
        if battle.player_id == me.id or battle.opponent == me.name:
            return battle, str(player)
    raise NotFound(f"no battle {battle_id!r} of yours")


FOR_THE_ROW = {"win": "loss", "loss": "win", "tie": "tie"}
"""A battle's outcome for its opponent's row (a stored outcome is for the run)."""


@battles_router.get("/met", response_model=Met)
def met(me: CurrentPlayer, request: Request,
        limit: Annotated[int, Query(ge=1, le=50)] = 10) -> Met:
    """Battles other players' runs fought against your rows (the snapshots your shops left
    in the pool): how many, won, lost and tied by your row, and the latest ``limit`` of
    them, newest first. Only you see them; each one reads as ``GET /api/battles/{id}``."""
    against = (StoredBattle.opponent == me.name, StoredBattle.player_id != me.id)

    def read(session: Session) -> Met:
        counts = dict(session.execute(select(StoredBattle.outcome, func.count())
                                      .where(*against).group_by(StoredBattle.outcome)).all())
        latest = session.execute(
            select(StoredBattle.id, StoredBattle.round, StoredBattle.outcome,
                   StoredBattle.created_at, Player.name)
            .join(Player, Player.id == StoredBattle.player_id).where(*against)
            .order_by(StoredBattle.created_at.desc(), StoredBattle.id.desc()).limit(limit)).all()
        return Met(met=sum(counts.values()), won=counts.get("loss", 0),
                   lost=counts.get("win", 0), tied=counts.get("tie", 0),
                   battles=[MetLine(id=b.id, round=b.round, player=b.name,
                                    outcome=FOR_THE_ROW.get(b.outcome, b.outcome),
                                    created_at=b.created_at.isoformat()) for b in latest])

    result: Met = request.app.state.db.read(read)
    return result


@battles_router.get("/{battle_id}", response_model=BattleOut)
def read_battle(battle_id: Annotated[str, UrlPath(max_length=32)], me: CurrentPlayer,
                request: Request, lang: Lang = "en") -> Response:
    """A battle you fought or were fought by: its summary (lives, odds, both rows), its
    record and events, in ``lang``, and the events that decided it."""
    kept = request.app.state.snapshots

    def read(session: Session) -> tuple[StoredBattle, BattleSummary]:
        battle, player = fetch_battle(session, battle_id, me)
        return battle, battle_summary(battle, player, battle_rows(session, battle, kept))

    battle, summary = request.app.state.db.read(read)
    return json_answer(battle_out(summary, battle, lang, side_of(battle, me)))


@battles_router.post("/{battle_id}/seen", status_code=204)
def battle_seen(battle_id: Annotated[str, UrlPath(max_length=32)], me: CurrentPlayer,
                request: Request) -> Response:
    """Its result was shown to you: the page stops showing it first (on every device). For
    its opponent, nothing changes."""

    def work(session: Session) -> None:
        fetch_battle(session, battle_id, me)
        session.execute(update(BATTLES).where(BATTLES.c.id == battle_id,
                                               BATTLES.c.player_id == me.id,
                                               BATTLES.c.seen.is_(False)).values(seen=True))

    request.app.state.db.write(work)
    return Response(status_code=204)


@battles_router.get("/{battle_id}/odds", response_model=Odds)
def battle_odds(battle_id: Annotated[str, UrlPath(max_length=32)], me: CurrentPlayer,
                request: Request) -> Odds:
    """The player's chance to win the battle: the same two rows and rulings fought 2,000
    times (seeded from the battle's seed), with its 95% interval. Worked out once, just
    after end-shop, and stored; asked before that, the answer waits for it."""
    battle, _ = request.app.state.db.read(lambda s: fetch_battle(s, battle_id, me))
    odds: Odds = request.app.state.odds.settle(request.app.state.db, battle.id)
    return odds


@battles_router.get("/{battle_id}/record", response_class=Response,
                    responses={200: {"content": {"application/x-ndjson": {}}}})
def battle_record(battle_id: Annotated[str, UrlPath(max_length=32)], me: CurrentPlayer,
                  request: Request, lang: Lang = "en") -> Any:
    """The battle's log file: ``rulekeeper replay`` reproduces it on anyone's machine."""
    battle, _ = request.app.state.db.read(lambda s: fetch_battle(s, battle_id, me))
    game = replayed(battle)
    check_lang(game.ruleset, lang)
    return log_file(game, lang, f"cryptids-battle-{battle.id}.jsonl")
