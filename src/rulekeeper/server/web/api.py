"""The JSON the web page needs besides the games and runs API: boards, rule texts, frames.

- ``GET /api/rulesets/{id}/board?scenario=``: the board's geometry and line of sight.
- ``GET /api/rulesets/{id}/automation``: which event kinds are the automation's reasons.
- ``GET /api/games/{id}/board?seat=``: a seat's table (pieces, marks, hands and piles as
  that seat may see them) and the places each pending option names.
- ``GET /api/games/{id}/frames``, ``GET /api/battles/{id}/frames``, ``POST /api/replay``:
  a record played back event by event, with the board at each event.
- ``GET /api/i18n/{lang}``: the page's words in a language (its Babel catalog).
"""

from __future__ import annotations

import gzip
import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as UrlPath
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from rulekeeper.core.errors import ReplayMismatch
from rulekeeper.core.game import replay
from rulekeeper.core.records import parse_log
from rulekeeper.server import games, runs
from rulekeeper.server.auth import CurrentPlayer
from rulekeeper.server.errors import ApiError, NotFound
from rulekeeper.server.web import boards, words
from rulekeeper.server.web.frames import film

router = APIRouter(tags=["web page"])

RulesetId = Annotated[str, UrlPath(max_length=64, description="a ruleset id")]
GameId = Annotated[str, UrlPath(max_length=32, description="the game's id")]
Lang = Annotated[str, Query(max_length=8, description="language of event sentences (en, fr)")]
Seat = Annotated[str | None, Query(max_length=32, description="default: your seat to play")]


def packed(request: Request, data: Any) -> Response:
    """JSON, gzipped when the client takes it (frames run to megabytes of repeated keys)."""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    if "gzip" in request.headers.get("accept-encoding", "") and len(body) > 4096:
        return Response(gzip.compress(body, 5), media_type="application/json",
                        headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    return Response(body, media_type="application/json")


@router.get("/api/rulesets/{ruleset_id}/board")
def ruleset_board(ruleset_id: RulesetId, scenario: Annotated[
        str | None, Query(max_length=64)] = None) -> dict[str, Any]:
    """The board of a scenario (default: the first): areas, walls, line of sight."""
    ruleset = games.load_ruleset(ruleset_id)
    content, _ = ruleset.load_content()
    return boards.geometry(ruleset, content, ruleset.pick_scenario(content, scenario))


@router.get("/api/rulesets/{ruleset_id}/automation")
def ruleset_automation(ruleset_id: RulesetId) -> list[str]:
    """The kinds of the events in which the rules decide for the automated side (villains,
    minions, enemies, targeting): the page shows them as its reasons. A trailing dot is a
    prefix. (The rule texts are ``GET /api/rulesets/{id}/rules``.)"""
    return list(boards.AUTOMATION.get(games.load_ruleset(ruleset_id).meta.name, ()))


@router.get("/api/games/{game_id}/board")
def game_board(game_id: GameId, me: CurrentPlayer, request: Request,
               seat: Seat = None) -> dict[str, Any]:
    """A seat's table: drawn from that seat's view only, so it holds nothing the seat may not
    know; and, for its pending decision, the areas and pieces each option names."""
    db, cache = request.app.state.db, request.app.state.games
    stored = db.read(lambda s: games.fetch(s, game_id, me))
    game = cache.take(stored.id, stored.version, lambda: replay(stored.record))
    chosen = games.my_seat(stored, me, seat, game)
    view = game.view(chosen)
    cache.keep(stored.id, stored.version, game)
    model = boards.table(game.ruleset, view["state"])
    ids = list(model["areas"]) + boards.piece_ids(model)
    return {"id": stored.id, "version": stored.version, "seat": chosen,
            "geometry": boards.geometry(game.ruleset, game.table.content, game.table.scenario),
            "table": model, "targets": boards.targets(view["pending"], ids)}


@router.get("/api/games/{game_id}/frames")
def game_frames(game_id: GameId, me: CurrentPlayer, request: Request, lang: Lang = "en",
                seat: Seat = None) -> Response:
    """The game so far, event by event with the board at each: as your seat saw it while
    the game goes on, everything once it is over."""
    db, cache = request.app.state.db, request.app.state.games
    stored = db.read(lambda s: games.fetch(s, game_id, me))
    game = cache.take(stored.id, stored.version, lambda: replay(stored.record))
    cache.keep(stored.id, stored.version, game)
    games.check_lang(game.ruleset, lang)
    shown = None if game.over else games.my_seat(stored, me, seat, game)
    return packed(request, film(stored.record, shown, lang))


@router.get("/api/battles/{battle_id}/frames")
def battle_frames(battle_id: Annotated[str, UrlPath(max_length=32)], me: CurrentPlayer,
                  request: Request, lang: Lang = "en") -> Response:
    """A cryptids battle you fought or were fought by, event by event with both rows."""

    def read(session: Session) -> Any:
        return runs.fetch_battle(session, battle_id, me)[0]

    battle = request.app.state.db.read(read)
    games.check_lang(games.load_ruleset(battle.record["ruleset"]), lang)
    return packed(request, film(battle.record, None, lang))


class LogHead(BaseModel):
    """The first line of a log file (``play --log``), or a bare record."""

    model_config = ConfigDict(extra="allow")
    record: dict[str, Any] | None = Field(None, description="the game's record")


@router.post("/api/replay")
def replay_file(body: dict[str, Any], me: CurrentPlayer, request: Request,
                lang: Lang = "en") -> Response:
    """Play back a record: the first line of a log file (``{"format", "record"}``) or a
    record alone. The events are rebuilt from it (and checked against its digest)."""
    try:
        log = parse_log([body], "the file")
        games.check_lang(games.load_ruleset(log.record.ruleset), lang)
        return packed(request, film(log.record, None, lang))
    except ReplayMismatch as error:
        raise ApiError(str(error)) from None


@router.get("/api/rulesets/{ruleset_id}/seats")
def ruleset_seats(ruleset_id: RulesetId, options: Annotated[
        str, Query(max_length=2000, description="the options, as JSON")] = "{}") -> list[str]:
    """The seats a game with these options has (some options set how many play)."""
    ruleset = games.load_ruleset(ruleset_id)
    try:
        given = json.loads(options)
    except json.JSONDecodeError as error:
        raise ApiError(f"options: not JSON ({error.msg})") from None
    if not isinstance(given, dict):
        raise ApiError("options: a JSON object is needed")
    games.refuse_file_options(given)
    return list(ruleset.seats(ruleset.parse_options(given)))


class PageWords(BaseModel):
    lang: str
    languages: list[str] = Field(description="every language the page speaks")
    messages: dict[str, str] = Field(description="the page's English words and their "
                                                 "translation (empty for English)")


@router.get("/api/i18n/{lang}", response_model=PageWords)
def page_words(lang: Annotated[str, UrlPath(max_length=8, description="en, fr")]) -> PageWords:
    """The web page's words in ``lang``, from the server's Babel catalogs (the page is
    written in English; events come translated with ``?lang=``)."""
    if lang not in words.languages():
        raise NotFound(f"the page has no language {lang!r}; its languages: "
                       f"{', '.join(words.languages())}")
    return PageWords(lang=lang, languages=words.languages(), messages=words.catalog(lang))
