"""The JSON the web page needs besides the games and runs API: boards, rule texts, frames.

- ``GET /api/rulesets/{id}/board?scenario=``: the board's geometry and line of sight.
- ``GET /api/rulesets/{id}/automation``: which event kinds are the automation's reasons.
- ``GET /api/games/{id}/board?seat=``: a seat's table (pieces, marks, hands and piles as
  that seat may see them) and the places each pending option names;
  ``GET /api/games/{id}/watch/board?key=``: a spectator's.
- ``GET /api/games/{id}/frames``, ``GET /api/battles/{id}/frames``, ``POST /api/replay``:
  a record played back event by event, with the board at each event.
- ``GET /api/games/{id}/luck``, ``POST /api/luck``: a finished game's luck ledger (the
  decisions' cost and the dice's luck, :mod:`rulekeeper.lab.luck`), for the replay viewer.
- ``GET /api/i18n/{lang}``: the page's words in a language (its Babel catalog).

Every board and table is the ruleset's own typed view (:mod:`rulekeeper.core.view`): this
module names no ruleset.
"""

from __future__ import annotations

import gzip
import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as UrlPath
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from rulekeeper.core.errors import ReplayMismatch, UsageError
from rulekeeper.core.game import SPECTATOR, Game, replay
from rulekeeper.core.records import parse_log
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.view import Board, TableView, translated
from rulekeeper.lab.luck import Judge, LedgerTooLong, ledger
from rulekeeper.server import games, runs, watch
from rulekeeper.server.auth import CurrentPlayer
from rulekeeper.server.changes import rebuilding, take
from rulekeeper.server.costs import Costly, Watcher
from rulekeeper.server.errors import ApiError, NotFound, documented
from rulekeeper.server.guard import parse_json
from rulekeeper.server.models import StoredGame
from rulekeeper.server.refusals import concerning
from rulekeeper.server.sentences import SAID_IN, SPOKEN
from rulekeeper.server.watch import Key
from rulekeeper.server.web import words
from rulekeeper.server.web.frames import film

router = APIRouter(tags=["web page"], dependencies=[SAID_IN],
                   responses=documented(400, 401, 403, 404, 410, 429, 503))
words_router = APIRouter(tags=["web page"], responses=documented(404))
"""``GET /api/i18n/{lang}``: its ``lang`` is the path's (the page's words), so it says its one
refusal, a language the page has not, in English."""

RulesetId = Annotated[str, UrlPath(max_length=64, description="a ruleset id")]
GameId = Annotated[str, UrlPath(max_length=32, description="the game's id")]
Lang = Annotated[str, Query(max_length=8, description="language of event sentences (en, fr; "
                                                      "FR, fr-FR too)"), SPOKEN]
BoardLang = Annotated[str, Query(max_length=8, description="language of the board's words "
                                                           "(en, fr; English where the "
                                                           "ruleset has not that one)"), SPOKEN]
Seat = Annotated[str | None, Query(max_length=32, description="default: your seat to play")]


def packed(request: Request, data: Any, most: int | None = None) -> Response:
    """JSON, gzipped when the client takes it (frames run to megabytes of repeated keys);
    refused (413) when it is more than ``most`` bytes."""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    if most is not None and len(body) > most:
        raise ApiError(f"the answer would be {len(body):,} bytes; at most {most:,} are sent "
                       "here (use `rulekeeper replay` on the file)", 413)
    if "gzip" in request.headers.get("accept-encoding", "") and len(body) > 4096:
        return Response(gzip.compress(body, 5), media_type="application/json",
                        headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    return Response(body, media_type="application/json")


@router.get("/api/rulesets/{ruleset_id}/board")
def ruleset_board(ruleset_id: RulesetId, scenario: Annotated[
        str | None, Query(max_length=64)] = None, lang: BoardLang = "en") -> Board:
    """The board of a scenario (default: the first): areas, walls, line of sight, where
    each area's name goes, and the colours and labels of the sides."""
    ruleset = games.load_ruleset(ruleset_id)
    content, _ = ruleset.load_content()
    board = ruleset.drawing.geometry(content, ruleset.pick_scenario(content, scenario),
                                     ruleset.meta.players)
    return translated(board, ruleset.messages.wording(lang))


@router.get("/api/rulesets/{ruleset_id}/automation")
def ruleset_automation(ruleset_id: RulesetId) -> list[str]:
    """The kinds of the events in which the rules decide for the automated side (villains,
    minions, enemies, targeting): the page shows them as its reasons. A trailing dot is a
    prefix. (The rule texts are ``GET /api/rulesets/{id}/rules``.)"""
    return list(games.load_ruleset(ruleset_id).drawing.automation)


class SeatBoard(BaseModel):
    """A seat's board: the geometry and the table as that seat sees it."""

    id: str
    version: int
    seat: str
    geometry: Board
    table: TableView = Field(description="the seat's table; its ``targets``: what each option "
                                         "of the seat's pending decision names")


@router.get("/api/games/{game_id}/board", dependencies=[Costly])
def game_board(game_id: GameId, me: CurrentPlayer, request: Request,
               seat: Seat = None, lang: BoardLang = "en") -> SeatBoard:
    """A seat's table: drawn from that seat's view only, so it holds nothing the seat may not
    know; and, for its pending decision, the areas and pieces each option names."""
    state = request.app.state
    stored = state.db.read(lambda s: games.fetch(s, game_id, me))
    game = take(state, stored)
    try:
        return board_of(stored, game, games.my_seat(stored, me, seat, game), lang)
    finally:
        state.games.keep(stored.id, stored.version, game)


@router.get("/api/games/{game_id}/watch/board", dependencies=[Watcher])
def watched_board(game_id: GameId, request: Request, key: Key = None,
                  lang: BoardLang = "en") -> SeatBoard:
    """The table as a spectator sees it (``GET /api/games/{id}/watch``): what every seat
    may see."""
    state = request.app.state
    stored = watch.read_watched(state, game_id, key)
    game = take(state, stored)
    try:
        return board_of(stored, game, SPECTATOR, lang)
    finally:
        state.games.keep(stored.id, stored.version, game)


def board_of(stored: StoredGame, game: Game, seat: str, lang: str) -> SeatBoard:
    """A seat's board: the geometry and its table, with what its pending options name, its
    words in ``lang``."""
    words = game.ruleset.messages.wording(lang)
    return SeatBoard(id=stored.id, version=stored.version, seat=seat,
                     geometry=translated(game.board(), words),
                     table=translated(game.table_view(seat), words))


@router.get("/api/games/{game_id}/frames", dependencies=[Costly])
def game_frames(game_id: GameId, me: CurrentPlayer, request: Request, lang: Lang = "en",
                seat: Seat = None) -> Response:
    """The game so far, event by event with the board at each: as your seat saw it while
    the game goes on, everything once it is over. A game of more events than the server's
    ``replay_events`` is refused (413), as ``POST /api/replay`` refuses it."""
    state = request.app.state
    stored = state.db.read(lambda s: games.fetch(s, game_id, me))
    game = take(state, stored)
    state.games.keep(stored.id, stored.version, game)
    games.check_lang(game.ruleset, lang)
    shown = None if game.over else games.my_seat(stored, me, seat, game)
    most = state.settings.replay_events  # (as POST /api/replay: a long game is costly)
    return packed(request, film(stored.record, shown, lang, most), REPLAY_BYTES)


@router.get("/api/battles/{battle_id}/frames", dependencies=[SAID_IN, Costly])
def battle_frames(battle_id: Annotated[str, UrlPath(max_length=32)], me: CurrentPlayer,
                  request: Request, lang: Lang = "en") -> Response:
    """A cryptids battle you fought or were fought by, event by event with both rows; the
    events that name the sides told for your row's (``GET /api/battles/{id}``'s ``side``)."""

    def read(session: Session) -> Any:
        return runs.fetch_battle(session, battle_id, me)[0]

    battle = request.app.state.db.read(read)
    games.check_lang(games.load_ruleset(battle.record["ruleset"]), lang)
    with rebuilding(f"battle {battle.id}"):  # a stored record: 410 if it no longer replays
        filmed = film(battle.record, None, lang, request.app.state.settings.replay_events,
                      runs.told_for(runs.side_of(battle, me)))
    return packed(request, filmed, REPLAY_BYTES)


class LogHead(BaseModel):
    """The first line of a log file (``play --log``), or a bare record."""

    model_config = ConfigDict(extra="allow")
    record: dict[str, Any] | None = Field(None, description="the game's record")


REPLAY_LIMITS = {"decisions": 5_000, "dice": 2_000, "inputs": 500, "content_set": 100}
"""The longest record ``POST /api/replay`` plays back, field by field (the longest games of the
sample rulesets have a few hundred decisions)."""
REPLAY_BYTES = 16 * 1024 * 1024
"""The largest answer of ``POST /api/replay`` (its JSON, before gzip)."""


@router.post("/api/replay", dependencies=[Costly])
def replay_file(body: dict[str, Any], me: CurrentPlayer, request: Request,
                lang: Lang = "en") -> Response:
    """Play back a record: the first line of a log file (``{"format", "record"}``) or a
    record alone. The events are rebuilt from it (and checked against its digest); a game of
    more events than the server's ``replay_events`` is refused (413) before it is filmed,
    and so is an answer over :data:`REPLAY_BYTES`."""
    try:
        log = parse_log([body], "the file")
        for field, most in REPLAY_LIMITS.items():
            if len(getattr(log.record, field)) > most:
                raise ApiError(f"record.{field}: {len(getattr(log.record, field))} is too many "
                               f"to replay here (at most {most})", 413)
        games.check_lang(games.load_ruleset(log.record.ruleset), lang)
        most = request.app.state.settings.replay_events
        events = len(replay(log.record).events)  # a plain replay: a small part of filming
        if events > most:
            raise ApiError(f"the record plays {events:,} events; at most {most:,} are played "
                           "back here (use `rulekeeper replay` on the file)", 413)
        return packed(request, film(log.record, None, lang), REPLAY_BYTES)
    except ReplayMismatch as error:
        raise ApiError(str(error)) from None


Samples = Annotated[int, Query(ge=1, le=4, description="worlds the judge imagines per option")]
LUCK_STEPS = 400
"""The longest game whose luck ledger the server works out, in decisions."""
LUCK_SECONDS = 12.0
"""The longest a luck ledger holds a worker lane (others wait for one at most
15 s, ``Costs.wait``): a longer one is a 413."""


def luck_of(record: Any, samples: int, lang: str) -> dict[str, Any]:
    """The ledger's JSON, its swings' options by their labels in ``lang``; a record that
    does not replay (a file's: a stored one is checked before, a 410), a game not over or
    without a strong bot is a 400, a game too long a 413."""
    try:
        book = ledger(record, Judge(samples=samples, max_steps=LUCK_STEPS,
                                    seconds=LUCK_SECONDS)).to_json()
    except LedgerTooLong as error:
        raise ApiError(f"{error}: too long to judge here (use `rulekeeper luck` on its log)",
                       413) from None
    except (ReplayMismatch, UsageError) as error:
        raise ApiError(str(error)) from None
    words = games.load_ruleset(book["ruleset"]).messages.wording(lang)
    for swing in book["swings"]:
        if swing["kind"] == "decision":
            swing |= {"chosen": words(swing["chosen"]), "best": words(swing["best"])}
        else:
            swing["faces"] = [words(face) for face in swing["faces"]]
    return book


@router.get("/api/games/{game_id}/luck", dependencies=[Costly])
def game_luck(game_id: GameId, me: CurrentPlayer, request: Request,
              samples: Samples = 2, lang: Lang = "en") -> dict[str, Any]:
    """A finished game of yours: how much of its result came from the dice and how much
    from the decisions, as the ruleset's strong bot judges them (each seat's totals, every
    decision's cost and roll's luck, the largest swings by step)."""
    state = request.app.state
    stored = state.db.read(lambda s: games.fetch(s, game_id, me))
    state.games.keep(stored.id, stored.version, take(state, stored))  # 410 if it no longer replays
    return luck_of(stored.record, samples, lang)


@router.post("/api/luck", dependencies=[Costly])
def file_luck(body: dict[str, Any], me: CurrentPlayer, samples: Samples = 2,
              lang: Lang = "en") -> dict[str, Any]:
    """The luck ledger of a log file's game: its first line (``{"format", "record"}``) or a
    record alone."""
    try:
        record = parse_log([body], "the file").record
    except ReplayMismatch as error:
        raise ApiError(str(error)) from None
    return luck_of(record, samples, lang)


OptionsQuery = Annotated[str, Query(max_length=2000, description="the options, as JSON")]


def with_options(ruleset_id: str, options: str) -> tuple[Ruleset, Any]:
    """The ruleset and the options given as JSON, checked (400 with the option's title)."""
    ruleset = games.load_ruleset(ruleset_id)
    given = parse_json(options, "options")
    if not isinstance(given, dict):
        raise ApiError("options: a JSON object is needed")
    return ruleset, games.parse_options(ruleset, given)


@router.get("/api/rulesets/{ruleset_id}/seats")
def ruleset_seats(ruleset_id: RulesetId, request: Request,
                  options: OptionsQuery = "{}") -> list[str]:
    """The seats a game with these options has (some options set how many play); options
    refused are said in ``lang``, as the form that asks speaks."""
    concerning(request, ruleset_id)
    ruleset, parsed = with_options(ruleset_id, options)
    return list(ruleset.seats(parsed))


@router.get("/api/rulesets/{ruleset_id}/sides")
def ruleset_sides(ruleset_id: RulesetId, options: OptionsQuery = "{}") -> list[str]:
    """The names a winner of a game with these options can take (its seats, or sides such
    as heroes and enemies); the first is the side the lab counts unless told another."""
    ruleset, parsed = with_options(ruleset_id, options)
    return list(ruleset.sides(parsed))


class PageWords(BaseModel):
    lang: str
    languages: list[str] = Field(description="every language the page speaks")
    messages: dict[str, str] = Field(description="the page's English words and their "
                                                 "translation (empty for English)")


@words_router.get("/api/i18n/{lang}", response_model=PageWords)
def page_words(lang: Annotated[str, UrlPath(max_length=8, description="en, fr (FR, fr-FR too)"),
                              SPOKEN],
               fallback: Annotated[bool, Query(description=(
                   "the language is the browser's, not one chosen: one the page has not is "
                   "answered in English (lang: en) instead of refused"))] = False) -> PageWords:
    """The web page's words in ``lang``, from the server's Babel catalogs (the page is
    written in English; events come translated with ``?lang=``)."""
    if lang not in words.languages() and fallback:
        lang = "en"
    if lang not in words.languages():
        raise NotFound(f"the page has no language {lang!r}; its languages: "
                       f"{', '.join(words.languages())}")
    return PageWords(lang=lang, languages=words.languages(), messages=words.catalog(lang))
