"""Spectators: a game's public view, for anyone the game allows.

A public game may be watched by anyone; any other game by whoever has its watch link (its
players see it: ``SeatView.watch``, ``/watch/ID?key=KEY``). No token is needed. A spectator
sees what every seat may see (``Game.view(SPECTATOR)``: the board, the open piles and the
events shown to all) and nothing more: no hand, no deck order, no seed, no invitation.

A spectator's reads run in lanes charged to their address (:data:`.costs.Watcher`), and
an answer holds at most a page of events (``limit``, at most the server's ``page_events``)
as a seat's does: the rest are read with ``since``; the stream sends them in messages of
at most a page, one after the other.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import Field
from sqlalchemy.orm import Session

from rulekeeper.core.game import SPECTATOR
from rulekeeper.server import live
from rulekeeper.server.changes import take
from rulekeeper.server.costs import Watcher, address
from rulekeeper.server.errors import NotFound, documented
from rulekeeper.server.games import (
    EventOut,
    GameId,
    GameOut,
    Lang,
    Limit,
    Since,
    check_lang,
    events_out,
    game_out,
    page,
)
from rulekeeper.server.models import StoredGame
from rulekeeper.server.seats import same_secret, with_seats
from rulekeeper.server.sentences import SAID_IN

router = APIRouter(prefix="/api/games", tags=["spectators"], dependencies=[SAID_IN],
                   responses=documented(400, 404, 410, 429, 503))

Key = Annotated[str | None, Query(max_length=32, description="the watch link's key (not "
                                                             "needed for a public game)")]


class WatchView(GameOut):
    view: dict[str, Any] = Field(description="what every seat may see: Game.view(SPECTATOR)")
    events: list[EventOut]
    events_total: int


def watched(session: Session, game_id: str, key: str | None) -> StoredGame:
    """The game, if it may be watched with ``key`` (else 404: nothing to watch)."""
    stored = with_seats(session, game_id)
    if stored is None or not (stored.public or same_secret(key, stored.watch_key)):
        raise NotFound(f"no game {game_id!r} to watch (a game that is not public is "
                       f"watched by its watch link)")
    return stored


def spectator_view(state: Any, stored: StoredGame, lang: str,
                   since: int | live.Sent, limit: int) -> WatchView:
    game = take(state, stored)
    try:
        check_lang(game.ruleset, lang)
        events, total = events_out(game, SPECTATOR, lang, since, limit)
        return WatchView(**game_out(stored, game, invites=False),
                         view=game.view(SPECTATOR), events=events, events_total=total)
    finally:
        state.games.keep(stored.id, stored.version, game)


def read_watched(state: Any, game_id: str, key: str | None) -> StoredGame:
    found: StoredGame = state.db.read(lambda s: watched(s, game_id, key))
    return found


@router.get("/{game_id}/watch", response_model=WatchView, dependencies=[Watcher])
def watch_game(game_id: GameId, request: Request, key: Key = None, lang: Lang = "en",
               since: Since = 0, limit: Limit = None) -> WatchView:
    """A game as a spectator sees it: the board and the events every seat sees, at most
    ``limit`` of them from ``since`` (``events_total``: how many there are)."""
    stored = read_watched(request.app.state, game_id, key)
    return spectator_view(request.app.state, stored, lang, since, page(request.app.state, limit))


@router.get("/{game_id}/watch/events", response_class=Response,
            responses={200: {"content": {"text/event-stream": {}}}})
async def watch_events(game_id: GameId, request: Request, key: Key = None, lang: Lang = "en",
                       since: Since = 0) -> Response:
    """Server-Sent Events of the spectator's view, as ``/events`` gives a seat's (its
    opening and each of its messages charged to the spectator's address)."""
    return await live.opening(request, (address(request),),
                              lambda: watched_events(request, game_id, key, lang, since))


def watched_events(request: Request, game_id: str, key: str | None, lang: str,
                   since: int) -> Response:
    """The spectator's stream (see :func:`watch_events`)."""
    state = request.app.state
    stored = read_watched(state, game_id, key)
    game = take(state, stored)  # before streaming: 410 if its record no longer replays
    state.games.keep(stored.id, stored.version, game)
    check_lang(game.ruleset, lang)
    last = live.last_event_id(request)
    if stored.over and last == stored.version:
        return Response(status_code=204)
    sent = live.Sent(since)

    def read(seen: int | None) -> live.Message | None:
        stored = read_watched(state, game_id, key)
        if stored.version == seen and not sent.behind:
            return None
        view = spectator_view(state, stored, lang, sent, page(state))
        return stored.version, view.over, view.model_dump_json()

    return live.stream(request, game_id, last, read, sent, (address(request),))
