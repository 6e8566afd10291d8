"""``/api/games``: games of any registered ruleset, played through the decision contract.

A game is stored as its record and rebuilt by replaying it, so a restarted server loses
nothing. Each seat is held by a player, a bot, or nobody yet (an open seat, taken by
invitation or from the lobby: :mod:`.seats`). Bots move on the server (:mod:`.bots`), each
from a seed derived from the game's seed and the decision's number (so a game stays a pure
function of its record). A player sees only what the seats they hold may see:
``Game.view(seat)`` and the events visible to it; each change reaches the players' streams
(:mod:`.live`). A game may have a turn clock (:mod:`.clocks`).

Every change names the game's ``version``. A stale version gets 409, except an exact
repeat of the change that made the current version (a retried request), which gets the
current state again.
"""

from __future__ import annotations

import functools
import json
import logging
import secrets
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as UrlPath
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt
from sqlalchemy import CursorResult, func, select, update
from sqlalchemy import text as sql
from sqlalchemy.orm import Session

from rulekeeper.core import registry
from rulekeeper.core.errors import OptionError, UsageError
from rulekeeper.core.game import Game, new_game
from rulekeeper.core.records import log_lines
from rulekeeper.core.ruleset import LABELS, WORDED_DEFAULT, Ruleset
from rulekeeper.core.rulings import CLOCK_EXPIRY, did_you_mean
from rulekeeper.core.sentences import sentences
from rulekeeper.lab.names import RulesetWords, spaced_id
from rulekeeper.server import addresses, bots, changes, clocks, live
from rulekeeper.server.auth import CurrentPlayer, Me, TokenHash, still_holds
from rulekeeper.server.bots import SEARCHING, offered, play_quick_bots, searching_turn
from rulekeeper.server.changes import bots_of, take
from rulekeeper.server.clocks import ClockSpec
from rulekeeper.server.costs import Costly, Payer, address
from rulekeeper.server.errors import (
    ApiError,
    Conflict,
    Forbidden,
    NotFound,
    TooManyRequests,
    documented,
    not_at,
)
from rulekeeper.server.models import GameSeat, Player, StoredGame, now
from rulekeeper.server.pool import RUN_RULESET
from rulekeeper.server.refusals import concerning
from rulekeeper.server.seats import (
    Join,
    SeatName,
    SeatOut,
    SeatSpec,
    cancel_refusal,
    invited_seat,
    not_closed,
    open_seat,
    seat_rows,
    seats_out,
    take_seat,
    with_seats,
)
from rulekeeper.server.sentences import (
    SAID_IN,
    SPOKEN,
    check_lang,
    ruling_words,
    worded_ruling,
    worded_view,
)

router = APIRouter(prefix="/api/games", tags=["games"], dependencies=[SAID_IN],
                   responses=documented(400, 401, 403, 404, 409, 410, 429, 503))
"""The calls that play or replay games run in lanes (``dependencies=[Costly]``, each its own:
a live stream must not hold a lane for as long as it is followed)."""
log = logging.getLogger("rulekeeper.server")

Lang = Annotated[str, Query(max_length=8, description="language of event sentences (en, fr; "
                                                      "FR, fr-FR too)"), SPOKEN]
GameId = Annotated[str, UrlPath(max_length=32, description="the game's id")]
Since = Annotated[int, Query(ge=0, description="first event number to send")]
Limit = Annotated[int | None, Query(ge=1, description="the most events to send (at most the "
                                                      "server's page, 1,000 by default); the "
                                                      "rest: ask again with since")]
SeatQuery = Annotated[str | None, Query(max_length=32)]


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ruleset: str = Field(max_length=64, description="a ruleset id (GET /api/rulesets)")
    scenario: str | None = Field(None, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict, description="the ruleset's options")
    rulings: dict[str, str] = Field(default_factory=dict, description="ruling id to option")
    seats: dict[SeatName, SeatSpec] = Field(
        default_factory=dict,
        description="by seat; unnamed seats: the first is yours, the others the default bot")
    seed: StrictInt | None = Field(None, ge=0, lt=2**63,
                             description="only when you hold every human seat")
    public: StrictBool = Field(False, description="listed in the lobby while a seat is open "
                                            "(anyone may join), and watched by anyone")
    clock: ClockSpec | None = Field(None, description="a turn clock (default: none)")


class Decide(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: SeatName
    option: str = Field(min_length=1, max_length=200, description="the option's id")
    version: StrictInt = Field(ge=0, description="the game's version this decision answers")


class Undo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: SeatName
    version: StrictInt = Field(ge=0)


class Resign(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: SeatName = Field(description="your seat that resigns")
    version: StrictInt = Field(ge=0, description="the game's version you resign")


class EventOut(BaseModel):
    n: int = Field(description="the event's number among those this seat sees")
    kind: str
    rule: str
    text: str
    data: dict[str, Any]


class ClockOut(BaseModel):
    decision: int | None = Field(description="seconds for each decision")
    total: int | None = Field(description="seconds for all of a seat's decisions")
    expiry: str = Field(description="the clock-expiry ruling: bot or forfeit")
    bot: str
    used: dict[str, float] = Field(description="seconds each seat has used, up to the "
                                               "pending decision")
    deadline: datetime | None = Field(description="when the pending seat's clock runs out")
    now: datetime = Field(description="the server's time, to count down from")


class GameOut(BaseModel):
    id: str
    ruleset: str
    scenario: str | None = None
    version: int
    over: bool
    closed: str | None = Field(None, description="why the game was closed before its end "
                                                 "(``over``, without a result): ``expired`` "
                                                 "(it waited too long for players) or "
                                                 "``cancelled`` (by the player who made it)")
    result: dict[str, Any] | None
    turn: str | None = Field(description="the seat whose decision is pending")
    since: datetime | None = Field(None, description="when that decision began")
    seats: list[SeatOut]
    public: bool = False
    clock: ClockOut | None = None


class SeatView(GameOut):
    seat: str
    view: dict[str, Any] = Field(description="Game.view(seat): state, pending decision, result")
    events: list[EventOut]
    events_total: int
    can_undo: bool
    watch: str | None = Field(None, description="the game's watch link (its players only)")
    can_cancel: bool = Field(False, description="you may cancel the game (POST "
                                                "/api/games/{id}/cancel): you made it, it goes "
                                                "on, and no other person holds a seat")


class GameSummary(BaseModel):
    id: str
    ruleset: str
    title: str
    scenario: str | None
    version: int
    over: bool
    closed: str | None = Field(description="``expired`` or ``cancelled``: closed before its "
                                           "end")
    result: dict[str, Any] | None
    seats: list[SeatOut]
    turn: str | None
    since: datetime | None
    created: datetime = Field(description="when the game was made")
    mine: list[str] = Field(description="your seats")
    your_turn: bool = Field(description="the pending decision is one of your seats'")
    out: list[str] = Field(description="the seats out of play while the game goes on (the "
                                       "rules took every piece of theirs out: the board's "
                                       "``out``)")
    can_cancel: bool = Field(description="you may cancel the game (as a seat's view says)")


# -- building games ------------------------------------------------------------------------


def load_ruleset(ruleset_id: str) -> Ruleset:
    return registry.load(ruleset_id)


def parse_options(ruleset: Ruleset, given: Mapping[str, Any]) -> Any:
    """The options, checked against the model and the values the content lists; a refusal
    worded for a form (the option's title, never a command-line flag). A number option
    given as text or as true/false is refused, whatever the model would make of it (the
    record keeps the options as given)."""
    fields = ruleset.options_model.model_fields

    def title(name: str) -> str:
        field = fields.get(name)
        return (field.title if field and field.title else name.replace("_", " ")).capitalize()

    numbers_only(ruleset, given, title)
    try:
        options = ruleset.parse_options(given)
    except OptionError as error:
        raise ApiError(f"{title(error.option)}: {error.problem}" if error.option
                       else error.problem) from None
    listed = ruleset.option_choices(ruleset.load_content()[0])
    for name, choices in listed.items():
        value = given.get(name)
        ids = [c.id for c in choices]
        for one in value if isinstance(value, list) else [value]:
            if isinstance(one, str) and one not in ids:  # (a team a request carries: content)
                labels = ", ".join(c.label for c in choices)
                raise ApiError(f"{title(name)}: {one!r} is not one of {labels}"
                               f"{did_you_mean(str(one), ids)}")
    return options


def numbers_only(ruleset: Ruleset, given: Mapping[str, Any],
                 shown: Callable[[str], str]) -> None:
    """Refuse (400) a number option given as text or as true/false, whatever the options
    model would make of it (the record keeps the options as given); ``shown`` names an
    option as the request's reader knows it (a form's title, a field's path)."""
    for name, value in given.items():
        takes = json_types(options_schema(ruleset.options_model).get(name, {}))
        number = "integer" if "integer" in takes else "number" if "number" in takes else None
        if number and ((isinstance(value, str) and "string" not in takes)
                       or (isinstance(value, bool) and "boolean" not in takes)):
            raise ApiError(f"{shown(name)}: Input should be a valid {number}, not "
                           f"{json.dumps(value)[:40]}")


@functools.cache
def options_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON Schema of each option of an options model, by name."""
    properties: dict[str, Any] = model.model_json_schema().get("properties", {})
    return properties


def json_types(schema: Mapping[str, Any]) -> set[str]:
    """The JSON types an option's schema takes, its ``anyOf``'s too (an empty set: any).

    >>> sorted(json_types({"anyOf": [{"type": "number"}, {"type": "null"}]}))
    ['null', 'number']
    """
    if "anyOf" in schema:
        return set().union(*(json_types(branch) for branch in schema["anyOf"]))
    if "$ref" in schema:
        return {"object"}
    kind = schema.get("type")
    return {kind} if isinstance(kind, str) else set(kind or ())


def create(session: Session, me: Me, body: NewGame, settings: Any,
           address: str) -> tuple[StoredGame, Game]:
    admit(session, me, settings.open_games, address, settings.address_games,
          settings.address_games_a_day)
    ruleset = load_ruleset(body.ruleset)
    options = parse_options(ruleset, body.options)
    rows = seat_rows(session, me, ruleset, ruleset.seats(options), body.seats,
                     settings.invitations, settings.invitations_held)
    nobody_decides(ruleset, body, rows)
    if body.seed is not None and any(r.bot is None and (r.player is None or r.player.id != me.id)
                                     for r in rows):
        raise ApiError("seed: a seed may be chosen only when you hold every human seat")
    clock = clocks.settings(body.clock, ruleset, options) if body.clock else None
    seed = body.seed if body.seed is not None else secrets.randbits(63)
    game = new_game(ruleset.meta.id, body.scenario, None, body.rulings, seed,
                    options=body.options)
    deciders: list[str] = []
    seat_bots = {r.seat: r.bot for r in rows if r.bot}
    play_quick_bots(game, seat_bots, deciders)
    if searching_turn(game, seat_bots):
        bots.admit(session, me.id, settings.searches_waiting)
    at = now()
    stored = StoredGame(id=secrets.token_hex(8), ruleset=ruleset.meta.id,
                        record=game.record().model_dump(mode="json"), version=0,
                        deciders=deciders, created_by=me.id, seats=rows,
                        scenario=game.record().scenario, public=body.public,
                        watch_key=secrets.token_urlsafe(12), clock=clock, created_at=at,
                        address=address)
    for key, value in changes.derived(stored, game, at).items():
        setattr(stored, key, value)
    session.add(stored)
    session.flush()
    return stored, game


def nobody_decides(ruleset: Ruleset, body: NewGame, rows: list[GameSeat]) -> None:
    """Refuse (400) a clock, or a seat left to another player, in a game nobody decides in
    (it is over once made: the clock would never run, the invitation never seat anyone)."""
    if ruleset.meta.max_length > 0:
        return
    title = ruleset.meta.title
    if body.clock is not None:
        raise ApiError(f"clock: nobody decides in a game of {title}: it has no clock to run")
    waiting = [r.seat for r in rows if r.bot is None and r.player is None]
    if waiting:
        raise ApiError(f"seats.{waiting[0]}: nobody decides in a game of {title}: no seat "
                       f"waits for a player")


ADMIT_LOCK = 7414
"""PostgreSQL advisory lock taken, with the address's hash, while a game is admitted: the
games of one address are counted one after the other (its players are not one row)."""


def admit(session: Session, me: Me, most: int, address: str, address_most: int,
          a_day: int) -> None:
    """Refuse (429) a game that would make more than ``most`` unfinished games ``me`` made,
    or more than ``address_most`` made from ``address`` whatever accounts made them, or
    more than ``a_day`` games made from ``address`` in the last 24 hours, finished or not
    (games over once made, or resigned at once, had no bound: each a stored record, one a
    request). The player's row is locked first, and on PostgreSQL an advisory lock is
    taken, so that two at once are counted one after the other."""
    lock_address(session, ADMIT_LOCK, address)
    session.execute(select(Player.id).where(Player.id == me.id).with_for_update())
    unfinished = session.scalar(select(func.count()).where(
        StoredGame.created_by == me.id, StoredGame.over.is_(False))) or 0
    if unfinished >= most:
        raise TooManyRequests(f"you have {unfinished} unfinished games you made (at most "
                              f"{most}): finish one, or cancel one nobody else has joined, before "
                              f"you start another", retry_after=60,
                              refusal="too-many-games",
                              facts={"count": unfinished, "most": most})
    of_address = session.scalar(select(func.count()).where(
        StoredGame.address == address, StoredGame.over.is_(False))) or 0
    if of_address >= address_most:
        raise TooManyRequests(f"your address has {of_address} unfinished games made from it, "
                              f"whatever accounts made them (at most {address_most}): finish "
                              f"one, or cancel one nobody else has joined, before you start "
                              f"another", retry_after=60)
    made, wait = made_a_day(session, StoredGame, address)
    if made >= a_day:
        raise TooManyRequests(f"your address made {made} games in the last 24 hours, "
                              f"whatever accounts made them (at most {a_day}): try again "
                              f"later", retry_after=wait)


def lock_address(session: Session, lock: int, address: str) -> None:
    """On PostgreSQL, take the advisory lock ``lock`` with ``address``'s hash until the
    transaction ends: what one address makes is counted one after the other (its players
    are not one row to lock). SQLite writes one transaction at a time already."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(sql("SELECT pg_advisory_xact_lock(:lock, hashtext(:address))"),
                        {"lock": lock, "address": address})


DAY = timedelta(days=1)
"""The window of what one address makes a day (:func:`made_a_day`)."""


def made_a_day(session: Session, model: Any, address: str) -> tuple[int, float]:
    """How many rows of ``model`` (a game, a run: its ``address`` and ``created_at``) were
    made from ``address`` in the last 24 hours, and the seconds until the oldest of them is
    a day old (one count and one oldest, by the index on the address)."""
    made, oldest = session.execute(select(func.count(), func.min(model.created_at)).where(
        model.address == address, model.created_at > now() - DAY)).one()
    if oldest is None:
        return 0, 0.0
    oldest = oldest if oldest.tzinfo else oldest.replace(tzinfo=UTC)
    return made, (oldest + DAY - now()).total_seconds()


# -- reading -------------------------------------------------------------------------------


def fetch(session: Session, game_id: str, me: Me) -> StoredGame:
    """The game, if ``me`` holds a seat of it (anyone else gets 404: it is not theirs)."""
    stored = with_seats(session, game_id)
    if stored is None or not any(s.player_id == me.id for s in stored.seats):
        raise NotFound(f"no game {game_id!r} of yours")
    return stored


def my_seat(stored: StoredGame, me: Me, seat: str | None, game: Game) -> str:
    """The seat ``me`` asks for; by default the pending one if it is theirs, else their first."""
    mine = [s.seat for s in stored.seats if s.player_id == me.id]
    if seat is None:
        pending = game.pending.player if game.pending else None
        return pending if pending in mine else mine[0]
    if seat not in {s.seat for s in stored.seats}:
        raise NotFound(f"game {stored.id} has no seat {seat!r}; its seats: "
                       f"{', '.join(s.seat for s in stored.seats)}")
    if seat not in mine:
        raise Forbidden(f"seat {seat!r} is not yours")
    return seat


def undoable(stored: StoredGame, seat: str) -> int | None:
    """The index of ``seat``'s last decision if only bots have decided since and the game
    goes on; else None (a game over stays over: its record, seed included, may be out)."""
    if stored.over:
        return None
    bots = bots_of(stored)
    for index in range(len(stored.deciders) - 1, -1, -1):
        decider = stored.deciders[index]
        if decider == seat:
            return index
        if decider not in bots:
            return None
    return None


def clock_out(stored: StoredGame) -> ClockOut | None:
    if stored.clock is None:
        return None
    return ClockOut(**stored.clock, used=stored.clock_used or {}, now=now(),
                    deadline=clocks.aware(stored.deadline) if stored.deadline else None)


def game_out(stored: StoredGame, game: Game, invites: bool) -> dict[str, Any]:
    """What every view of the game says about it (a seat's, a spectator's)."""
    return {"id": stored.id, "ruleset": stored.ruleset, "scenario": stored.scenario,
            "version": stored.version, "over": game.over or stored.closed is not None,
            "closed": stored.closed,
            "result": game.result.to_json() if game.result else None,
            "turn": game.pending.player if game.pending else None,
            "since": clocks.aware(stored.turn_since) if stored.turn_since else None,
            "seats": seats_out(stored, invites), "public": stored.public,
            "clock": clock_out(stored)}


def page(state: Any, limit: int | None = None) -> int:
    """The most events an answer holds: ``limit``, at most the server's page (its
    ``page_events``)."""
    most: int = state.settings.page_events
    return most if limit is None else min(limit, most)


def events_out(game: Game, seat: str, lang: str, since: int | live.Sent,
               limit: int) -> tuple[list[EventOut], int]:
    """At most ``limit`` of the events ``seat`` may see, from number ``since`` (a stream's
    :class:`.live.Sent`: from where it stands, and past them then); and how many it may see."""
    visible = [e for e in game.events if e.visible_to(seat)]
    first = since.since(game) if isinstance(since, live.Sent) else since
    render = sentences(game.ruleset, game.seats, lang)
    events = [EventOut(n=n, kind=e.kind, rule=e.rule, text=render(e), data=dict(e.data))
              for n, e in enumerate(visible[first:first + limit], first)]
    if isinstance(since, live.Sent):
        since.sent(game, first + len(events), len(visible))
    return events, len(visible)


def watch_link(stored: StoredGame) -> str:
    return f"/watch/{stored.id}" + ("" if stored.public else f"?key={stored.watch_key}")


def seat_view(stored: StoredGame, game: Game, seat: str, lang: str, since: int | live.Sent,
              limit: int) -> SeatView:
    events, total = events_out(game, seat, lang, since, limit)
    holder = next(s.player_id for s in stored.seats if s.seat == seat)
    return SeatView(**game_out(stored, game, invites=True), seat=seat,
                    view=worded_view(game.view(seat), game.ruleset, lang), events=events,
                    events_total=total, can_undo=undoable(stored, seat) is not None,
                    watch=watch_link(stored),
                    can_cancel=holder is not None and cancel_refusal(stored, holder) is None)


def answer(request: Request, me: Me, stored: StoredGame, seat: str | None, lang: str,
           since: int, limit: int | None = None) -> SeatView:
    """The view of ``seat`` (by default the player's seat to play), from the cached game:
    at most ``limit`` events (at most a page)."""
    game = take(request.app.state, stored)
    try:
        check_lang(game.ruleset, lang)
        return seat_view(stored, game, my_seat(stored, me, seat, game), lang, since,
                         page(request.app.state, limit))
    finally:
        request.app.state.games.keep(stored.id, stored.version, game)


# -- changing ------------------------------------------------------------------------------


def change_game(request: Request, me: Me, game_id: str, seat: str, version: int,
                change: dict[str, Any], apply: Any, lang: str, since: int = 0) -> SeatView:
    """Read the game, check the version, ``apply`` the change, store it in one transaction.

    A change that loses the race to another gets 409, unless that other one was the
    same change (a repeat, or a retried commit): then its state is the answer.
    """
    state = request.app.state

    stored: StoredGame = state.db.read(lambda s: fetch(s, game_id, me))
    concerning(request, stored.ruleset)
    game = take(state, stored)
    try:
        check_lang(game.ruleset, lang)
        seat = my_seat(stored, me, seat, game)
        not_closed(stored)
    except ApiError:
        state.games.keep(stored.id, stored.version, game)
        raise
    if version != stored.version:
        try:
            if stored.last_change != change or stored.version != version + 1:
                raise not_at(version, f"game {game_id}", stored.version)
            return seat_view(stored, game, seat, lang, since, page(state))
        finally:
            state.games.keep(stored.id, stored.version, game)
    deciders = list(stored.deciders)
    at = now()
    try:
        clocks.not_run_out(stored, at)
    except ApiError:
        state.games.keep(stored.id, stored.version, game)
        raise
    game = apply(stored, game, seat, deciders)
    try:
        state.db.write(lambda s: changes.store(s, stored, version, game, deciders, change, at))
    except Conflict:
        return change_game(request, me, game_id, seat, version, change, apply, lang, since)
    return answered(state, stored, game,
                    lambda: seat_view(stored, game, seat, lang, since, page(state)))


def answered(state: Any, stored: StoredGame, game: Game,
             view: Callable[[], SeatView]) -> SeatView:
    """The ``view`` of a committed change, made of ``game`` at its stored version before the
    game is kept (:func:`.changes.after`): from then a searching bot's thread may take it
    and move, which the answer must not show as this version."""
    try:
        return view()
    finally:
        changes.after(state, stored, game)


def waiting_for(stored: StoredGame) -> None:
    """Nobody decides while a seat is open (409)."""
    open_seats = [s.seat for s in stored.seats if s.open]
    if open_seats:
        raise Conflict(f"the game waits for a player to take {', '.join(open_seats)}")


# -- routes --------------------------------------------------------------------------------


@router.post("", status_code=201, response_model=SeatView, dependencies=[Costly])
def create_game(body: NewGame, me: CurrentPlayer, request: Request, lang: Lang = "en") -> SeatView:
    """Create a game; bots whose turn comes first move at once. Returns your seat's view,
    with an invitation for each open seat (``seats[i].invite``)."""
    state = request.app.state
    concerning(request, body.ruleset)
    check_lang(load_ruleset(body.ruleset), lang)  # before anything is stored

    address = addresses.of_request(request)
    stored, game = state.db.write(lambda s: create(s, me, body, state.settings, address))
    return answered(state, stored, game, lambda: seat_view(
        stored, game, my_seat(stored, me, None, game), lang, 0, page(state)))


@router.get("", response_model=list[GameSummary])
def my_games(me: CurrentPlayer, request: Request,
             limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[GameSummary]:
    """Your games, newest first: in progress and finished, whose turn it is and since when."""

    def work(session: Session) -> list[GameSummary]:
        ids = select(GameSeat.game_id).where(GameSeat.player_id == me.id)
        games = list(session.scalars(select(StoredGame).where(StoredGame.id.in_(ids))
                                     .order_by(StoredGame.created_at.desc()).limit(limit)))
        out = []
        for stored in games:
            mine = [s.seat for s in stored.seats if s.player_id == me.id]
            out.append(GameSummary(
                id=stored.id, ruleset=stored.ruleset, scenario=stored.scenario,
                title=load_ruleset(stored.ruleset).meta.title, version=stored.version,
                over=stored.over, closed=stored.closed, result=stored.result,
                seats=seats_out(stored, invites=True), turn=stored.turn,
                since=clocks.aware(stored.turn_since) if stored.turn_since else None,
                created=clocks.aware(stored.created_at), mine=mine,
                your_turn=stored.turn in mine and not stored.open_seats,
                out=stored.out_seats or [],
                can_cancel=cancel_refusal(stored, me.id) is None))
        return out

    result: list[GameSummary] = request.app.state.db.read(work)
    return result


@router.get("/{game_id}", response_model=SeatView, dependencies=[Costly])
def read_game(game_id: GameId, me: CurrentPlayer, request: Request, lang: Lang = "en",
              seat: SeatQuery = None, since: Since = 0, limit: Limit = None) -> SeatView:
    """A seat's view: what it may see now, and the events visible to it from ``since``, at
    most ``limit`` of them (``events_total``: how many there are)."""

    stored = request.app.state.db.read(lambda s: fetch(s, game_id, me))
    return answer(request, me, stored, seat, lang, since, limit)


@router.get("/{game_id}/events", response_class=Response,
            responses={200: {"content": {"text/event-stream": {}}}})
async def seat_events(game_id: GameId, me: CurrentPlayer, hashed: TokenHash, request: Request,
                      lang: Lang = "en", seat: SeatQuery = None, since: Since = 0) -> Response:
    """Server-Sent Events of a seat's view: a message (``event: view``, ``id``: the version,
    ``data``: the view as ``GET /api/games/{id}`` gives it) now and at every change. The
    first message's events start at ``since``, the next ones' where the last one's ended;
    a message holds at most a page of events, the next page following at once.
    Reconnecting with ``Last-Event-ID`` sends nothing until the game moves past that
    version; the stream ends with the game, and once the token it was opened with is
    rotated or revoked (its reconnection is then a 401, on every process at once: a
    stream's opening asks the database for its token). Its opening and each of its
    messages are charged to the player's work budget, as a read of the game is."""
    payers = (me.id, address(request))
    return await live.opening(request, payers, lambda: events_of(
        request, me, hashed, game_id, lang, seat, since, payers))


def events_of(request: Request, me: Me, hashed: str, game_id: str, lang: str,
              seat: str | None, since: int, payers: tuple[Payer, ...]) -> Response:
    """The seat's stream (see :func:`seat_events`)."""
    state = request.app.state

    def still_mine(session: Session) -> StoredGame:
        still_holds(session, me, hashed)  # a token rotated or revoked ends the stream
        return fetch(session, game_id, me)

    # the token asked of the database, not of this process's cache: a token rotated on
    # another process is a 401 at once, not a 200 stream that ends with nothing in it
    stored = state.db.read(still_mine)
    game = take(state, stored)
    state.games.keep(stored.id, stored.version, game)
    check_lang(game.ruleset, lang)
    chosen = my_seat(stored, me, seat, game)
    last = live.last_event_id(request)
    if stored.over and last == stored.version:
        return Response(status_code=204)  # a browser's EventSource then stops reconnecting
    sent = live.Sent(since)

    def read(seen: int | None) -> live.Message | None:
        stored: StoredGame = state.db.read(still_mine)
        if stored.version == seen and not sent.behind:
            return None
        game = take(state, stored)
        try:
            view = seat_view(stored, game, chosen, lang, sent, page(state))
        finally:
            state.games.keep(stored.id, stored.version, game)
        return stored.version, view.over, view.model_dump_json()

    return live.stream(request, game_id, last, read, sent, payers)


@router.post("/{game_id}/join", response_model=SeatView, dependencies=[Costly])
def join(game_id: GameId, body: Join, me: CurrentPlayer, request: Request,
         lang: Lang = "en", since: Since = 0) -> SeatView:
    """Take an open seat: with its invitation, without one in a public game or when the
    seat is kept for you (an invitation by name: ``GET /api/invitations``). A seat taken or
    kept for another, a wrong invitation or a game over is refused (409, 403, 409)."""
    state = request.app.state

    def work(session: Session, stored: StoredGame) -> None:
        take_seat(session, stored, me, body)

    joined, game = seat_change(request, game_id, lang, lambda s: open_seat(s, body, me), work,
                               {"kind": "join", "seat": body.seat, "player": me.name})
    return answered(state, joined, game,
                    lambda: seat_view(joined, game, body.seat, lang, since, page(state)))


class Decline(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: SeatName


@router.post("/{game_id}/decline", status_code=204, dependencies=[Costly])
def decline(game_id: GameId, body: Decline, me: CurrentPlayer, request: Request) -> Response:
    """Decline the seat another player named you for (``GET /api/invitations``): it becomes
    an open seat like any other (its game's players may send its invitation; a public game's
    lobby offers it). No invitation of yours to that seat: 404."""

    def work(_session: Session, stored: StoredGame) -> None:
        invited_seat(stored, me, body.seat).invited = None

    stored, game = seat_change(request, game_id, "en",
                               lambda s: invited_seat(s, me, body.seat), work,
                               {"kind": "decline", "seat": body.seat, "player": me.name})
    changes.after(request.app.state, stored, game)
    return Response(status_code=204)


@router.post("/{game_id}/cancel", response_model=SeatView, dependencies=[Costly])
def cancel(game_id: GameId, me: CurrentPlayer, request: Request, lang: Lang = "en",
           since: Since = 0) -> SeatView:
    """Cancel a game you made that no other person holds a seat of (its other seats open,
    kept for a player invited by name, or bots'): it is closed as ``cancelled`` in one
    transaction, as an expired game is (its record kept, replayed and downloaded as it was;
    ``over``, without a result; joining or deciding in it is then 409). Your view of it. A
    game another person holds a seat of is 409 (it ends when it is played out, by its
    clock, or when a player resigns: ``POST …/resign``), as is a game over or already
    cancelled; another's game is 403 (404 if you hold no seat of it)."""
    state = request.app.state

    def work(session: Session) -> StoredGame | None:
        stored = fetch(session, game_id, me)
        refusal = cancel_refusal(stored, me.id)
        if refusal is not None:
            raise refusal
        check_lang(load_ruleset(stored.ruleset), lang)
        done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
            update(StoredGame).where(StoredGame.id == game_id,
                                     StoredGame.version == stored.version)
            .values(**changes.closing("cancelled", now())))
        if done.rowcount != 1:
            return None  # a player joined meanwhile: look again
        live.announce(session, game_id)
        session.refresh(stored)
        return stored

    stored: StoredGame | None = state.db.write(work)
    if stored is None:
        return cancel(game_id, me, request, lang, since)
    log.info("game %s cancelled by %s", game_id, me.name)
    live.changed(state, game_id)
    return answer(request, me, stored, None, lang, since)


def seat_change(request: Request, game_id: str, lang: str, check: Callable[[StoredGame], Any],
                work: Callable[[Session, StoredGame], None],
                change: dict[str, Any]) -> tuple[StoredGame, Game]:
    """A change of who holds a seat: ``check`` the game as read (one 4xx), then let ``work``
    change its seats and store it in one transaction (checked again there); a game changed
    meanwhile is read again. Returns the game stored and played (not yet kept)."""
    state = request.app.state
    stored = state.db.read(lambda s: with_seats(s, game_id))
    if stored is None:
        raise NotFound(f"no game {game_id!r}")
    concerning(request, stored.ruleset)
    check_lang(load_ruleset(stored.ruleset), lang)  # before the seat is taken
    check(stored)
    # taken before the transaction, as every change takes it: a game another thread has
    # out (a searching bot's) is waited for without holding the database's writers
    game = take(state, stored)

    def write(session: Session) -> StoredGame:
        fresh = with_seats(session, game_id)
        assert fresh is not None  # (a game is never deleted)
        work(session, fresh)
        changes.store(session, fresh, stored.version, game, list(fresh.deciders), change,
                      now())
        return fresh

    try:
        return state.db.write(write), game
    except Conflict:  # someone else joined or played meanwhile: look again
        state.games.keep(stored.id, stored.version, game)
        return seat_change(request, game_id, lang, check, work, change)


@router.post("/{game_id}/decisions", response_model=SeatView, dependencies=[Costly])
def decide_option(game_id: GameId, body: Decide, me: CurrentPlayer,
                  request: Request, lang: Lang = "en", since: Since = 0) -> SeatView:
    """Answer the pending decision of your seat; the quick bots then move until a person
    or a searching bot must (a search is made in the background, within its budget). The
    answer's events start at ``since`` (a page that has the first ones)."""

    def apply(stored: StoredGame, game: Game, seat: str, deciders: list[str]) -> Game:
        if game.pending is None:
            raise ApiError("the game is over; there is no decision to make")
        waiting_for(stored)
        if game.pending.player != seat:
            raise Conflict(f"it is not {seat}'s decision; {game.pending.player} decides now")
        game.step(body.option)
        deciders.append(seat)
        play_quick_bots(game, bots_of(stored), deciders)
        return game

    change = {"kind": "decision", "seat": body.seat, "option": body.option}
    return change_game(request, me, game_id, body.seat, body.version, change, apply, lang,
                       since)


@router.post("/{game_id}/undo", response_model=SeatView, dependencies=[Costly])
def undo(game_id: GameId, body: Undo, me: CurrentPlayer,
         request: Request, lang: Lang = "en", since: Since = 0) -> SeatView:
    """Take back your seat's last decision, and the bots' moves after it."""

    def apply(stored: StoredGame, game: Game, seat: str, deciders: list[str]) -> Game:
        if game.over:
            raise ApiError("the game is over; its decisions can no longer be undone")
        index = undoable(stored, seat)
        if index is None:
            raise ApiError(f"{seat} has no decision to undo (or another player has decided "
                           f"since)")
        game.back_to(index, keep_inputs=False)  # (the record keeps only the inputs used)
        del deciders[index:]
        return game

    change = {"kind": "undo", "seat": body.seat}
    return change_game(request, me, game_id, body.seat, body.version, change, apply, lang,
                       since)


@router.post("/{game_id}/resign", response_model=SeatView, dependencies=[Costly])
def resign(game_id: GameId, body: Resign, me: CurrentPlayer,
           request: Request, lang: Lang = "en", since: Since = 0) -> SeatView:
    """Resign the game for your seat, whoever's decision is pending: it ends at once and your
    seat's side loses (the other side wins when there is only one; else nobody wins), the
    result's reason ``resigned`` and its event ``resign`` (``Game.resign``: an outside input
    of the record). A game over, or one still waiting for a player to take a seat, is 409
    (before every seat is taken, its maker may cancel it instead)."""

    def apply(stored: StoredGame, game: Game, seat: str, deciders: list[str]) -> Game:
        if game.over:
            raise Conflict("the game is over; it can no longer be resigned")
        waiting_for(stored)
        game.resign(seat)
        return game

    change = {"kind": "resign", "seat": body.seat}
    log.info("game %s: %s resigns %s", game_id, me.name, body.seat)
    return change_game(request, me, game_id, body.seat, body.version, change, apply, lang,
                       since)


@router.get("/{game_id}/record", response_class=Response, dependencies=[Costly],
            responses={200: {"content": {"application/x-ndjson": {}}}})
def download_record(game_id: GameId, me: CurrentPlayer,
                    request: Request, lang: Lang = "en") -> Response:
    """The game's log file, as ``play --log`` writes it; ``rulekeeper replay`` checks it.

    The record holds the seed, from which hidden cards could be worked out: while another
    player plays, or may still come to play (a seat open, or kept for an invited player),
    it is refused.
    """
    stored = request.app.state.db.read(lambda s: fetch(s, game_id, me))
    others = any(s.bot is None and s.player_id != me.id for s in stored.seats)
    if others and not stored.over:
        raise Forbidden("the record is given once the game is over (it would reveal "
                        "the other players' hidden cards)")
    game = take(request.app.state, stored)
    try:
        check_lang(game.ruleset, lang)
        return log_file(game, lang, f"{stored.ruleset}-{stored.id}.jsonl")
    finally:
        request.app.state.games.keep(stored.id, stored.version, game)


def log_file(game: Game, lang: str, filename: str) -> Response:
    """A game's log file (``core.records``) as a download."""
    lines = log_lines(game, lang, sentences(game.ruleset, game.seats, lang))
    text = "".join(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n" for line in lines)
    return Response(text, media_type="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def describe(ruleset: Ruleset, lang: str) -> dict[str, Any]:
    content, _ = ruleset.load_content()
    meta = ruleset.meta
    words, said = ruleset.messages.wording(lang), ruling_words(ruleset, lang)
    return {
        "id": meta.id, "title": words(meta.title), "version": meta.version,
        "seats": list(meta.players),
        "sides": {name: words(side.label)
                  for name, side in ruleset.drawing.coloured(meta.players).items()},
        "min_seats": meta.min_players, "hidden_information": meta.hidden_information,
        "scenarios": [{"id": c.id, "label": words(c.label)}
                      for c in ruleset.scenario_choices(content)],
        "options": worded_options(ruleset.options_model.model_json_schema(), words),
        "rulings": [worded_ruling(r, said) for r in ruleset.rulings],
        "bots": list(offered(meta.id)),
        "choices": {name: [{"id": c.id, "label": words(c.label)} for c in choices]
                    for name, choices in ruleset.option_choices(content).items()},
        "measures": measures(ruleset, lang),
        "decisions": meta.max_length > 0,
        "clock": {"ruling": worded_ruling(CLOCK_EXPIRY, said),
                  "bots": [b for b in offered(meta.id) if b not in SEARCHING]},
        "default_bot": ruleset.default_bot, "languages": ruleset.messages.languages,
        "online": "/" if meta.name == RUN_RULESET else None,
    }


def measures(ruleset: Ruleset, lang: str) -> dict[str, str]:
    """The ruleset's metrics (what /lab's means measure) that want more than their names
    spaced to be said in the page's language, by their words
    (:meth:`~rulekeeper.lab.names.RulesetWords.metric`): ``damage_to_allies`` is said as
    ``dégâts aux alliés`` in French; a per-side metric, ``lives-lost.left``, as its measure
    and its side, ``lives lost (Left)``, in English too. The others /lab spaces."""
    said = RulesetWords.of_ruleset(ruleset, lang)
    return {name: said.metric(name) for name in ruleset.metrics
            if said.metric(name) != spaced_id(name)}


def worded_options(schema: dict[str, Any], words: Callable[[str], str]) -> dict[str, Any]:
    """The options' JSON Schema with each option's title and description in the page's
    language (the ruleset's board catalog, ``view.po``; English where it has none), and the
    default of an option marked ``x-default-worded`` too (a run's player, ``you``: *vous*; a
    form sends an option only where it differs from the default it shows, so the game gets
    the option's own default), and the labels of its values (``x-labels``: ``kernel``, *the
    compiled kernel*, *le noyau compilé*)."""
    def worded(field: dict[str, Any]) -> dict[str, Any]:
        said: dict[str, Any] = {key: words(field[key]) for key in ("title", "description")
                                if isinstance(field.get(key), str)}
        if field.get(WORDED_DEFAULT) and isinstance(field.get("default"), str):
            said["default"] = words(field["default"])
        if isinstance(field.get(LABELS), dict):
            said[LABELS] = {value: words(label) for value, label in field[LABELS].items()}
        return {**field, **said}

    properties = {name: worded(field) for name, field in schema.get("properties", {}).items()}
    return {**schema, "properties": properties}


rulesets_router = APIRouter(prefix="/api/rulesets", tags=["games"], dependencies=[SAID_IN],
                            responses=documented(400))


@rulesets_router.get("")
def list_rulesets(lang: Annotated[str, Query(max_length=8, description="language of the "
                                                                      "titles (en, fr)"),
                                    SPOKEN] = "en",
                  ) -> list[dict[str, Any]]:
    """Every registered ruleset: seats, scenarios, options (JSON Schema), rulings, bots; its
    title in ``lang`` where the ruleset has it."""
    try:
        return [describe(registry.load(i), lang) for i in registry.ids()]
    except UsageError as error:  # a broken plug-in is the operator's problem, said plainly
        raise ApiError(str(error), 500) from None


@rulesets_router.get("/{ruleset_id}/rules")
def rule_texts(ruleset_id: Annotated[str, UrlPath(max_length=64)],
               lang: Annotated[str, Query(max_length=8, description="the language of the "
                                                                    "texts (en, fr)"),
                               SPOKEN] = "en",
               ) -> list[dict[str, Any]]:
    """The ruleset's rule index: each rule's id, section and text (what events cite), in
    ``lang`` where the rule carries that translation (``fr``/``section_fr``, or ``en``/
    ``section_en`` for the French-written cryptids text; the engine's own rules carry
    French), as written otherwise (:meth:`~rulekeeper.core.rules_index.RuleEntry.in_language`)."""
    return [{"id": r.id, "section": r.in_language(lang, "section"), "text": r.in_language(lang)}
            for r in load_ruleset(ruleset_id).rule_index]
