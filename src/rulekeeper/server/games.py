"""``/api/games``: games of any registered ruleset, played through the decision contract.

A game is stored as its record and rebuilt by replaying it, so a restarted server loses
nothing. Each seat is held by a player or a bot; bots move on the server as soon as the
pending decision is theirs, each from a seed derived from the game's seed and the
decision's number (so a game stays a pure function of its record). A player sees only
what the seats they hold may see: ``Game.view(seat)`` and the events visible to it.

Every change names the game's ``version``. A stale version gets 409, except an exact
repeat of the change that made the current version (a retried request), which gets the
current state again.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as UrlPath
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import CursorResult, select, update
from sqlalchemy.orm import Session

from rulekeeper import agents
from rulekeeper.agents import agent_names, make_agent
from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.core.records import log_lines
from rulekeeper.core.rng import derive_seed
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.server.auth import CurrentPlayer, Me
from rulekeeper.server.costs import Costly
from rulekeeper.server.errors import ApiError, Conflict, Forbidden, NotFound, documented
from rulekeeper.server.models import GameSeat, Player, StoredGame, now
from rulekeeper.server.players import PlayerName
from rulekeeper.server.pool import RUN_RULESET

router = APIRouter(prefix="/api/games", tags=["games"], dependencies=[Costly],
                   responses=documented(400, 401, 403, 404, 409, 429, 503))
log = logging.getLogger("rulekeeper.server")

Lang = Annotated[str, Query(max_length=8, description="language of event sentences (en, fr)")]
SeatName = Annotated[str, Field(min_length=1, max_length=32)]
GameId = Annotated[str, UrlPath(max_length=32, description="the game's id")]


class SeatSpec(BaseModel):
    """Who holds a seat: a player (you, unless ``player`` names another) or a bot."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"]
    player: PlayerName | None = Field(None, description="human seats: the player's name")
    bot: str | None = Field(None, max_length=32, description="bot seats: the agent's name")


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ruleset: str = Field(max_length=64, description="a ruleset id (GET /api/rulesets)")
    scenario: str | None = Field(None, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict, description="the ruleset's options")
    rulings: dict[str, str] = Field(default_factory=dict, description="ruling id to option")
    seats: dict[SeatName, SeatSpec] = Field(
        default_factory=dict,
        description="by seat; unnamed seats: the first is yours, the others the default bot")
    seed: int | None = Field(None, ge=0, lt=2**63,
                             description="only when you hold every human seat")


class Decide(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: SeatName
    option: str = Field(min_length=1, max_length=200, description="the option's id")
    version: int = Field(ge=0, description="the game's version this decision answers")


class Undo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: SeatName
    version: int = Field(ge=0)


class SeatOut(BaseModel):
    seat: str
    kind: Literal["human", "bot"]
    player: str | None = None
    bot: str | None = None


class EventOut(BaseModel):
    n: int = Field(description="the event's number among those this seat sees")
    kind: str
    rule: str
    text: str
    data: dict[str, Any]


class GameOut(BaseModel):
    id: str
    ruleset: str
    version: int
    over: bool
    result: dict[str, Any] | None
    turn: str | None = Field(description="the seat whose decision is pending")
    seats: list[SeatOut]


class SeatView(GameOut):
    seat: str
    view: dict[str, Any] = Field(description="Game.view(seat): state, pending decision, result")
    events: list[EventOut]
    events_total: int
    can_undo: bool


class GameSummary(BaseModel):
    id: str
    ruleset: str
    version: int
    over: bool
    seats: list[SeatOut]


# -- building games ------------------------------------------------------------------------


def load_ruleset(ruleset_id: str) -> Ruleset:
    return registry.load(ruleset_id)


def bot_seed(game: Game) -> int:
    return derive_seed(game.record().seed, 1000 + len(game.decisions))


@contextmanager
def bot_trouble(name: str, ruleset: Ruleset, seat: str) -> Iterator[None]:
    """A bot that cannot be built or cannot choose on the server is the request's 400."""
    try:
        yield
    except UsageError as error:
        raise ApiError(f"seats.{seat}: {error}") from None
    except Exception as error:  # a bot that cannot play on the server: say so, and log it
        log.warning("bot %r cannot play %s", name, ruleset.meta.id, exc_info=error)
        raise ApiError(f"seats.{seat}: the bot {name!r} cannot play {ruleset.meta.id} on "
                       f"this server") from None


def play_bots(game: Game, bots: Mapping[str, str], deciders: list[str]) -> None:
    """Let the bots decide while the pending decision is theirs (bounded by the ruleset)."""
    while game.pending is not None and game.pending.player in bots:
        seat = game.pending.player
        with bot_trouble(bots[seat], game.ruleset, seat):
            agent = make_agent(bots[seat], game.ruleset, seat, bot_seed(game))
            option = agents.decide(agent, game)
        game.step(option)
        deciders.append(seat)


def seat_rows(session: Session, me: Me, ruleset: Ruleset, seats: tuple[str, ...],
              given: Mapping[str, SeatSpec]) -> list[GameSeat]:
    for seat in given:
        if seat not in seats:
            raise ApiError(f"seats: {ruleset.meta.id} has no seat {seat!r}"
                           f"{did_you_mean(seat, seats)}; its seats: {', '.join(seats)}")
    bots = [n for n in agent_names(ruleset) if n != "human"]
    rows = []
    for position, seat in enumerate(seats):
        if seat in given:
            spec = given[seat]
        elif position == 0:
            spec = SeatSpec(kind="human", player=None, bot=None)
        else:
            spec = SeatSpec(kind="bot", player=None, bot=ruleset.default_bot)
        if spec.kind == "bot":
            name = spec.bot or ruleset.default_bot
            if name not in bots:
                raise ApiError(f"seats.{seat}: no bot {name!r}{did_you_mean(name, bots)}; "
                               f"bots for {ruleset.meta.id}: {', '.join(bots)}")
            with bot_trouble(name, ruleset, seat):
                make_agent(name, ruleset, seat, 0)  # before any work
            rows.append(GameSeat(seat=seat, position=position, bot=name))
            continue
        player_id = me.id
        if spec.player is not None and spec.player.lower() != me.name.lower():
            found = session.scalar(select(Player.id).where(
                Player.name_key == spec.player.lower()))
            if found is None:
                raise ApiError(f"seats.{seat}: no player is called {spec.player!r}")
            player_id = found
        rows.append(GameSeat(seat=seat, position=position, player_id=player_id))
    if not any(r.player_id == me.id for r in rows):
        raise ApiError("seats: you hold no seat; at least one seat must be "
                       '{"kind": "human"} (yours)')
    return rows


def create(session: Session, me: Me, body: NewGame) -> StoredGame:
    ruleset = load_ruleset(body.ruleset)
    options = ruleset.parse_options(body.options)
    rows = seat_rows(session, me, ruleset, ruleset.seats(options), body.seats)
    if body.seed is not None and any(r.player_id not in (None, me.id) for r in rows):
        raise ApiError("seed: a seed may be chosen only when you hold every human seat")
    seed = body.seed if body.seed is not None else secrets.randbits(63)
    game = new_game(ruleset.meta.id, body.scenario, None, body.rulings, seed,
                    options=body.options)
    deciders: list[str] = []
    play_bots(game, bots_of(rows), deciders)
    stored = StoredGame(id=secrets.token_hex(8), ruleset=ruleset.meta.id,
                        record=game.record().model_dump(mode="json"), version=0,
                        deciders=deciders, over=game.over, created_by=me.id, seats=rows)
    session.add(stored)
    session.flush()
    return stored


def bots_of(rows: list[GameSeat]) -> dict[str, str]:
    return {r.seat: r.bot for r in rows if r.bot is not None}


# -- reading -------------------------------------------------------------------------------


def fetch(session: Session, game_id: str, me: Me) -> StoredGame:
    """The game, if ``me`` holds a seat of it (anyone else gets 404: it is not theirs)."""
    stored = session.get(StoredGame, game_id)
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


def seats_out(stored: StoredGame, names: Mapping[int, str]) -> list[SeatOut]:
    return [SeatOut(seat=s.seat, kind="bot" if s.bot else "human", bot=s.bot,
                    player=names.get(s.player_id) if s.player_id is not None else None)
            for s in stored.seats]


def player_names(session: Session, stored: StoredGame) -> dict[int, str]:
    ids = {s.player_id for s in stored.seats if s.player_id is not None}
    rows = session.execute(select(Player.id, Player.name).where(Player.id.in_(ids)))
    return {row.id: row.name for row in rows}


def check_lang(ruleset: Ruleset, lang: str) -> None:
    if lang not in ruleset.messages.locales:
        raise ApiError(f"lang {lang!r} is not available; languages: "
                       f"{', '.join(ruleset.messages.locales)}")


def undoable(stored: StoredGame, seat: str) -> int | None:
    """The index of ``seat``'s last decision if only bots have decided since; else None."""
    bots = bots_of(stored.seats)
    for index in range(len(stored.deciders) - 1, -1, -1):
        decider = stored.deciders[index]
        if decider == seat:
            return index
        if decider not in bots:
            return None
    return None


def seat_view(stored: StoredGame, game: Game, seat: str, lang: str, since: int,
              names: Mapping[int, str]) -> SeatView:
    visible = [e for e in game.events if e.visible_to(seat)]
    messages = game.ruleset.messages
    return SeatView(
        id=stored.id, ruleset=stored.ruleset, version=stored.version, over=game.over,
        result=game.result.to_json() if game.result else None,
        turn=game.pending.player if game.pending else None,
        seats=seats_out(stored, names), seat=seat, view=game.view(seat),
        events=[EventOut(n=n, kind=e.kind, rule=e.rule, text=messages.render(e, lang),
                         data=dict(e.data)) for n, e in enumerate(visible) if n >= since],
        events_total=len(visible),
        can_undo=undoable(stored, seat) is not None)


def answer(request: Request, me: Me, stored: StoredGame, names: Mapping[int, str],
           seat: str | None, lang: str, since: int) -> SeatView:
    """The view of ``seat`` (by default the player's seat to play), from the cached game."""
    cache = request.app.state.games
    game = cache.take(stored.id, stored.version, lambda: replay(stored.record))
    check_lang(game.ruleset, lang)
    view = seat_view(stored, game, my_seat(stored, me, seat, game), lang, since,
                     names)
    cache.keep(stored.id, stored.version, game)
    return view


# -- changing ------------------------------------------------------------------------------


def commit_change(session: Session, stored: StoredGame, expected: int, game: Game,
                  deciders: list[str], change: dict[str, Any]) -> None:
    """Store the new record if the game is still at ``expected`` (else :class:`Conflict`)."""
    done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
        update(StoredGame).where(StoredGame.id == stored.id, StoredGame.version == expected)
        .values(record=game.record().model_dump(mode="json"), version=expected + 1,
                deciders=deciders, over=game.over, last_change=change, updated_at=now()))
    if done.rowcount != 1:
        raise Conflict(f"version {expected} is stale: game {stored.id} changed meanwhile")
    stored.version = expected + 1
    stored.deciders = deciders


def change_game(request: Request, me: Me, game_id: str, seat: str, version: int,
                change: dict[str, Any], apply: Any, lang: str) -> SeatView:
    """Read the game, check the version, ``apply`` the change, store it in one transaction.

    A change that loses the race to another gets 409, unless that other one was the
    same change (a repeat, or a retried commit): then its state is the answer.
    """
    db, cache = request.app.state.db, request.app.state.games

    def read(session: Session) -> tuple[StoredGame, dict[int, str]]:
        stored = fetch(session, game_id, me)
        return stored, player_names(session, stored)

    stored, names = db.read(read)
    game = cache.take(stored.id, stored.version, lambda: replay(stored.record))
    check_lang(game.ruleset, lang)
    seat = my_seat(stored, me, seat, game)
    if version != stored.version:
        if stored.last_change != change or stored.version != version + 1:
            raise Conflict(f"version {version} is stale: game {game_id} is at version "
                           f"{stored.version}")
    else:
        deciders = list(stored.deciders)
        game = apply(stored, game, seat, deciders)
        try:
            db.write(lambda s: commit_change(s, stored, version, game, deciders, change))
        except Conflict:
            return change_game(request, me, game_id, seat, version, change, apply, lang)
    view = seat_view(stored, game, seat, lang, 0, names)
    cache.keep(stored.id, stored.version, game)
    return view


# -- routes --------------------------------------------------------------------------------


@router.post("", status_code=201, response_model=SeatView)
def create_game(body: NewGame, me: CurrentPlayer, request: Request, lang: Lang = "en") -> SeatView:
    """Create a game; bots whose turn comes first move at once. Returns your seat's view."""
    db = request.app.state.db
    check_lang(load_ruleset(body.ruleset), lang)  # before anything is stored

    def work(session: Session) -> tuple[StoredGame, dict[int, str]]:
        stored = create(session, me, body)
        return stored, player_names(session, stored)

    stored, names = db.write(work)
    return answer(request, me, stored, names, None, lang, 0)


@router.get("", response_model=list[GameSummary])
def my_games(me: CurrentPlayer, request: Request,
             limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[GameSummary]:
    """Your games, newest first."""

    def work(session: Session) -> list[GameSummary]:
        ids = select(GameSeat.game_id).where(GameSeat.player_id == me.id)
        games = session.scalars(select(StoredGame).where(StoredGame.id.in_(ids))
                                .order_by(StoredGame.created_at.desc()).limit(limit)).all()
        out = []
        for stored in games:
            out.append(GameSummary(id=stored.id, ruleset=stored.ruleset, version=stored.version,
                                   over=stored.over,
                                   seats=seats_out(stored, player_names(session, stored))))
        return out

    result: list[GameSummary] = request.app.state.db.read(work)
    return result


@router.get("/{game_id}", response_model=SeatView)
def read_game(game_id: GameId, me: CurrentPlayer,
              request: Request, lang: Lang = "en",
              seat: Annotated[str | None, Query(max_length=32)] = None,
              since: Annotated[int, Query(ge=0, description="first event number to send")] = 0,
              ) -> SeatView:
    """A seat's view: what it may see now, and the events visible to it from ``since``."""

    def work(session: Session) -> tuple[StoredGame, dict[int, str]]:
        stored = fetch(session, game_id, me)
        return stored, player_names(session, stored)

    stored, names = request.app.state.db.read(work)
    return answer(request, me, stored, names, seat, lang, since)


@router.post("/{game_id}/decisions", response_model=SeatView)
def decide(game_id: GameId, body: Decide, me: CurrentPlayer,
           request: Request, lang: Lang = "en") -> SeatView:
    """Answer the pending decision of your seat; the bots then move until a person must."""

    def apply(stored: StoredGame, game: Game, seat: str, deciders: list[str]) -> Game:
        if game.pending is None:
            raise ApiError("the game is over; there is no decision to make")
        if game.pending.player != seat:
            raise Conflict(f"it is not {seat}'s decision; {game.pending.player} decides now")
        game.step(body.option)
        deciders.append(seat)
        play_bots(game, bots_of(stored.seats), deciders)
        return game

    change = {"kind": "decision", "seat": body.seat, "option": body.option}
    return change_game(request, me, game_id, body.seat, body.version, change, apply, lang)


@router.post("/{game_id}/undo", response_model=SeatView)
def undo(game_id: GameId, body: Undo, me: CurrentPlayer,
         request: Request, lang: Lang = "en") -> SeatView:
    """Take back your seat's last decision, and the bots' moves after it."""

    def apply(stored: StoredGame, game: Game, seat: str, deciders: list[str]) -> Game:
        index = undoable(stored, seat)
        if index is None:
            raise ApiError(f"{seat} has no decision to undo (or another player has decided "
                           f"since)")
        record = game.record().model_copy(update={"decisions": game.decisions[:index],
                                                  "events_digest": None})
        del deciders[index:]
        return replay(record)

    change = {"kind": "undo", "seat": body.seat}
    return change_game(request, me, game_id, body.seat, body.version, change, apply, lang)


@router.get("/{game_id}/record", response_class=Response,
            responses={200: {"content": {"application/x-ndjson": {}}}})
def download_record(game_id: GameId, me: CurrentPlayer,
                    request: Request, lang: Lang = "en") -> Response:
    """The game's log file, as ``play --log`` writes it; ``rulekeeper replay`` checks it.

    The record holds the seed, from which hidden cards could be worked out: while another
    player is still playing, it is refused.
    """
    stored = request.app.state.db.read(lambda s: fetch(s, game_id, me))
    others = any(s.player_id not in (None, me.id) for s in stored.seats)
    if others and not stored.over:
        raise Forbidden("the record is given once the game is over (it would reveal "
                        "the other players' hidden cards)")
    game = replay(stored.record)
    check_lang(game.ruleset, lang)
    return log_file(game, lang, f"{stored.ruleset}-{stored.id}.jsonl")


def log_file(game: Game, lang: str, filename: str) -> Response:
    """A game's log file (``core.records``) as a download."""
    text = "".join(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n"
                   for line in log_lines(game, lang))
    return Response(text, media_type="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def describe(ruleset: Ruleset) -> dict[str, Any]:
    content, _ = ruleset.load_content()
    meta = ruleset.meta
    return {
        "id": meta.id, "title": meta.title, "seats": list(meta.players),
        "min_seats": meta.min_players, "hidden_information": meta.hidden_information,
        "scenarios": ruleset.scenarios(content),
        "options": ruleset.options_model.model_json_schema(),
        "rulings": [{"id": r.id, "question": r.question, "options": list(r.options),
                     "default": r.default} for r in ruleset.rulings],
        "bots": [n for n in agent_names(ruleset) if n != "human"],
        "default_bot": ruleset.default_bot, "languages": ruleset.messages.locales,
        "decisions": meta.max_length > 0,
        "online": "/" if meta.name == RUN_RULESET else None,
    }


rulesets_router = APIRouter(prefix="/api/rulesets", tags=["games"],
                            responses=documented(400))


@rulesets_router.get("")
def list_rulesets() -> list[dict[str, Any]]:
    """Every registered ruleset: seats, scenarios, options (JSON Schema), rulings, bots."""
    try:
        return [describe(registry.load(i)) for i in registry.ids()]
    except UsageError as error:  # a broken plug-in is the operator's problem, said plainly
        raise ApiError(str(error), 500) from None


@rulesets_router.get("/{ruleset_id}/rules")
def rule_texts(ruleset_id: Annotated[str, UrlPath(max_length=64)]) -> list[dict[str, Any]]:
    """The ruleset's rule index: each rule's id, section and text (what events cite)."""
    return [{"id": r.id, "section": r.section, "text": r.text}
            for r in load_ruleset(ruleset_id).rule_index]
