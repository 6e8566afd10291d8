"""Who sits at a game: people (you, or anyone who joins later) and bots.

A seat is ``human`` (you), ``bot`` (a bot the server can run for the ruleset:
:func:`rulekeeper.server.bots.offered`) or ``open``: nobody yet. Each open seat has an
invitation code, given to the game's players (``seats[i].invite``, and a link the page
copies); whoever has it takes the seat with ``POST /api/games/{id}/join``. A public game
is listed in the lobby (``GET /api/lobby``) while a seat is open, and anyone may join it from
there without an invitation; anyone may also watch it. A game waits, and nobody decides,
until every seat is held.

Nobody takes a seat for another player: a ``human`` seat naming another player (``player``)
is an open seat kept for them (``invited``), listed in their invitations
(``GET /api/invitations``) until they take it (``join``) or decline it (``decline``; it is
then an open seat like any other). Until they take it, no clock runs against them.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi import Path as UrlPath
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import func, select
from sqlalchemy.orm import Session, joinedload

from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.server.auth import CurrentPlayer, Me
from rulekeeper.server.bots import offered
from rulekeeper.server.clocks import ClockSpec
from rulekeeper.server.errors import (
    ApiError,
    Conflict,
    Forbidden,
    NotFound,
    TooManyRequests,
    documented,
)
from rulekeeper.server.models import GameSeat, Player, StoredGame
from rulekeeper.server.players import PlayerName
from rulekeeper.server.sentences import SAID_IN, Said, check_lang

SeatName = Annotated[str, Field(min_length=1, max_length=32)]
Invite = Annotated[str, Field(min_length=1, max_length=32)]


class SeatSpec(BaseModel):
    """Who holds a seat: you (``human``; naming another player in ``player`` invites them
    instead: the seat stays open, kept for them, until they accept), a bot, or nobody yet
    (``open``: an invitation is made for it)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot", "open"]
    player: PlayerName | None = Field(None, description="human seats: another player's name "
                                                        "invites them to the seat")
    bot: str | None = Field(None, max_length=32, description="bot seats: the agent's name")


class SeatOut(BaseModel):
    seat: str
    kind: Literal["human", "bot", "open"]
    player: str | None = None
    bot: str | None = None
    invite: str | None = Field(None, description="an open seat's invitation code (shown to "
                                                 "the game's players only; none while the "
                                                 "seat is kept for an invited player)")
    invited: str | None = Field(None, description="an open seat kept for this player until "
                                                  "they accept or decline")
    side: str | None = Field(None, description="the side the seat plays (the seat itself, or "
                                               "one side shared by several seats, such as "
                                               "``heroes``): seats of one side play together, "
                                               "the others against them")


def new_invite() -> str:
    return secrets.token_urlsafe(12)


def same_secret(given: str | None, kept: str | None) -> bool:
    """Whether ``given`` is the secret ``kept`` (an invitation, a watch key), compared in
    constant time; any text may be given (``compare_digest`` refuses non-ASCII text)."""
    if not given or not kept:
        return False
    return secrets.compare_digest(given.encode(), kept.encode())


def seat_rows(session: Session, me: Me, ruleset: Ruleset, seats: tuple[str, ...],
              given: Mapping[str, SeatSpec], invitations: int,
              held: int) -> list[GameSeat]:
    """The seats of a new game: those ``given``; the first of the others is yours, the
    rest the ruleset's default bot. A player invited by name may hold at most
    ``invitations`` seats kept for them by ``me``, and ``held`` kept for them by anyone
    (429 beyond: :func:`invite`)."""
    for seat in given:
        if seat not in seats:
            raise ApiError(f"seats: {ruleset.meta.id} has no seat {seat!r}"
                           f"{did_you_mean(seat, seats)}; its seats: {', '.join(seats)}")
    bots = offered(ruleset.meta.id)
    rows = []
    for position, seat in enumerate(seats):
        if seat in given:
            spec = given[seat]
        elif position == 0:
            spec = SeatSpec(kind="human", player=None, bot=None)
        else:
            spec = SeatSpec(kind="bot", player=None, bot=ruleset.default_bot)
        if spec.kind == "open":
            rows.append(GameSeat(seat=seat, position=position, invite=new_invite(), player=None))
            continue
        if spec.kind == "bot":
            name = spec.bot or ruleset.default_bot
            if name not in bots:
                raise ApiError(f"seats.{seat}: no bot {name!r}{did_you_mean(name, bots)}; "
                               f"bots for {ruleset.meta.id}: {', '.join(bots)}")
            rows.append(GameSeat(seat=seat, position=position, bot=name, player=None))
            continue
        if spec.player is not None and spec.player.lower() != me.name.lower():
            rows.append(invite(session, me, seat, position, spec.player, rows, invitations,
                               held))
            continue
        rows.append(GameSeat(seat=seat, position=position, player=session.get(Player, me.id)))
    if not any(r.player is not None and r.player.id == me.id for r in rows):
        raise ApiError("seats: you hold no seat; hold one yourself (the others may be bots or "
                       "open)")
    return rows


def invite(session: Session, me: Me, seat: str, position: int, name: str,
           rows: list[GameSeat], most: int, held: int) -> GameSeat:
    """The seat ``seat`` kept for the player called ``name``, unless ``me`` already keeps
    ``most`` seats for them (of games going on, ``rows`` of the new one included) that they
    have not answered, or they hold ``held`` such seats kept by anyone: then 429, so that
    nobody fills another's invitations, not even with many accounts (the oldest are kept,
    the new one refused). The caller holds ``me``'s row locked, as :func:`.games.admit`
    takes it, and the invited player's row is locked here, so two at once are counted one
    after the other."""
    invited = session.scalar(select(Player).where(Player.name_key == name.lower())
                             .with_for_update())
    if invited is None:
        raise ApiError(f"seats.{seat}: no player is called {name!r}", refusal="no-such-player",
                       facts={"seat": seat, "name": name})
    pending = select(func.count()).select_from(GameSeat).join(StoredGame).where(
        GameSeat.invited_id == invited.id, GameSeat.player_id.is_(None),
        StoredGame.over.is_(False))
    new = sum(1 for r in rows if r.invited is invited)
    kept = (session.scalar(pending.where(StoredGame.created_by == me.id)) or 0) + new
    if kept >= most:
        raise TooManyRequests(f"seats.{seat}: {invited.name} has {kept} invitations of yours "
                              f"not answered yet (at most {most}): wait until they take or "
                              f"decline one, or cancel a game you invited them to, before "
                              f"you invite them again", retry_after=60,
                              refusal="too-many-invitations",
                              facts={"seat": seat, "player": invited.name, "count": kept,
                                     "most": most})
    holds = (session.scalar(pending) or 0) + new
    if holds >= held:
        raise TooManyRequests(f"seats.{seat}: {invited.name} holds {holds} invitations not "
                              f"answered yet (at most {held}): they can be invited again once "
                              f"they take or decline one", retry_after=600)
    return GameSeat(seat=seat, position=position, invite=new_invite(), player=None,
                    invited=invited)


def seats_out(stored: StoredGame, invites: bool) -> list[SeatOut]:
    """The seats as the API shows them; ``invites`` for the game's own players."""
    sides = seat_sides(stored)
    return [SeatOut(seat=s.seat, kind="open" if s.open else "bot" if s.bot else "human",
                    bot=s.bot, invite=s.invite if invites and s.open and s.invited_id is None
                    else None, player=s.player.name if s.player is not None else None,
                    invited=s.invited.name if s.open and s.invited_id is not None and
                    s.invited is not None else None, side=sides.get(s.seat))
            for s in stored.seats]


def seat_sides(stored: StoredGame) -> dict[str, str]:
    """Each seat's side (:meth:`Ruleset.side_of`) under the options the game's record keeps;
    none when the ruleset no longer loads or those options no longer parse (a record older
    than its ruleset's options)."""
    try:
        ruleset = registry.load(stored.ruleset)
        options = ruleset.parse_options(stored.record.get("options"))
    except UsageError:
        return {}
    return {s.seat: ruleset.side_of(options, s.seat) for s in stored.seats}


def with_seats(session: Session, game_id: str) -> StoredGame | None:
    """The game with its seats and their players, in one query."""
    return session.get(StoredGame, game_id, options=[joinedload(StoredGame.seats)])


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: SeatName
    invite: Invite | None = Field(None, description="the seat's invitation (not needed to "
                                                    "join a public game)")


CLOSED = {"expired": "expired: it waited too long for players",
          "cancelled": "was cancelled by the player who made it"}
"""Why a game closed before its end (``games.closed``), as its refusals say it."""


def not_closed(stored: StoredGame) -> None:
    """Nothing changes a game closed before its end (409)."""
    if stored.closed is not None:
        raise Conflict(f"game {stored.id} {CLOSED.get(stored.closed, stored.closed)}, and "
                       f"nothing can change it now")


def others_seated(stored: StoredGame, me_id: int) -> list[str]:
    """The other people holding a seat of the game (by name)."""
    return [s.player.name for s in stored.seats
            if s.player is not None and s.player_id != me_id]


def cancel_refusal(stored: StoredGame, me_id: int) -> ApiError | None:
    """Why ``me_id`` may not cancel the game (None: they may): only its creator may, while
    it goes on and no other person holds a seat (open, invited and bot seats may be left);
    a game with another player ends by being played out, by its clock, or by a resignation."""
    if stored.created_by != me_id:
        return Forbidden(f"only the player who made game {stored.id} may cancel it")
    if stored.closed == "cancelled":
        return Conflict(f"game {stored.id} is already cancelled")
    if stored.closed is not None or stored.over:
        return Conflict(f"game {stored.id} is over; it can no longer be cancelled")
    others = others_seated(stored, me_id)
    if others:
        return Conflict(f"{', '.join(others)} {'holds' if len(others) == 1 else 'hold'} a "
                        f"seat of game {stored.id}: a game with another player cannot be "
                        f"cancelled; it ends when it is played out, by its clock, or when a "
                        f"player resigns",
                        refusal="others-seated", facts={"players": others})
    return None


def open_seat(stored: StoredGame, body: Join, me: Me | None = None) -> GameSeat:
    """The seat ``body`` asks for ``me``, if it is open and kept for nobody else, and the
    invitation fits (needless in a public game, and for the player it is kept for); else
    one 4xx."""
    not_closed(stored)
    if stored.over:
        raise Conflict(f"game {stored.id} is over; no seat can be taken")
    row = next((s for s in stored.seats if s.seat == body.seat), None)
    if row is None:
        raise NotFound(f"game {stored.id} has no seat {body.seat!r}; its seats: "
                       f"{', '.join(s.seat for s in stored.seats)}")
    if not row.open:
        if stored.public or row.invite is None or same_secret(body.invite, row.invite):
            raise Conflict(f"seat {body.seat} is taken", refusal="seat-taken",
                           facts={"seat": body.seat})
        raise Forbidden(f"this is not the invitation to seat {body.seat}")  # a made-up one
    if row.invited_id is not None:
        if me is None or row.invited_id != me.id:
            raise Conflict(f"seat {body.seat} is kept for the player invited to it")
        return row
    if not stored.public and not same_secret(body.invite, row.invite):
        raise Forbidden(f"this is not the invitation to seat {body.seat}")
    return row


def take_seat(session: Session, stored: StoredGame, me: Me, body: Join) -> None:
    """Give ``me`` the seat, if it is open and the invitation fits (else one 4xx). The
    seat keeps its invitation code, so that the used invitation is told from a made-up one
    (a seat taken before 0.3.0 kept none: any code is then said to be used)."""
    row = open_seat(stored, body, me)
    if row.invited_id is not None:
        row.invite = None  # kept for a player by name: its code was never given out
    row.player, row.invited = session.get(Player, me.id), None


def invited_seat(stored: StoredGame, me: Me, seat: str) -> GameSeat:
    """The seat ``seat`` of the game, if it is kept for ``me`` (else 404: no invitation of
    theirs)."""
    row = next((s for s in stored.seats if s.seat == seat), None)
    if row is None or not row.open or row.invited_id != me.id or stored.over:
        raise NotFound(f"no invitation of yours to seat {seat!r} of game {stored.id}")
    return row


# -- an invitation, as its holder reads it --------------------------------------------------


class Invitation(BaseModel):
    """What an invitation link tells whoever holds it, signed in or not: who invites them,
    to which game and seat. Nothing more than the link grants: no other seat's invitation,
    no token, nothing of the game's state."""

    game: str
    ruleset: str
    title: str = Field(description="the ruleset's name, in ``lang``")
    scenario: str | None = Field(description="the scenario's name, in ``lang``")
    seat: str
    seat_name: str = Field(description="the seat's name, in ``lang``")
    inviter: str = Field(description="the player who made the game")
    players: list[str] = Field(description="the players seated so far")
    bots: int = Field(description="how many seats bots hold")
    clock: ClockSpec | None = Field(None, description="the game's turn clock (its bot "
                                    "named), to know before taking the seat; none without")


invitations = APIRouter(tags=["games"], dependencies=[SAID_IN],
                        responses=documented(400, 404, 409, 429, 503))


@invitations.get("/api/games/{game_id}/invitation", response_model=Invitation)
def invitation(game_id: Annotated[str, UrlPath(max_length=32)], request: Request,
               seat: Annotated[str, Query(min_length=1, max_length=32)],
               invite: Annotated[str, Query(min_length=1, max_length=32)],
               lang: Said = "en") -> Invitation:
    """An invitation to a seat, read before taking it (no sign-in needed): the game's
    ruleset and scenario, the seat, who invites, in ``lang``. An unknown game or invitation
    is a 404, a seat taken or a game over a 409 (the invitation was used, or is no longer
    good), a language the game is not worded in a 400."""

    def work(session: Session) -> Invitation:
        stored = with_seats(session, game_id)
        if stored is None:
            raise NotFound(f"no game {game_id!r}: the invitation is unknown")
        try:
            row = open_seat(stored, Join(seat=seat, invite=invite))
        except Forbidden:
            raise NotFound("this invitation is unknown (its link is incomplete, or was "
                           "changed)") from None
        return described(session, stored, row, lang)

    found: Invitation = request.app.state.db.read(work)
    return found


def described(session: Session, stored: StoredGame, row: GameSeat, lang: str) -> Invitation:
    """The invitation to ``row``, worded in ``lang`` (400 if the game is not worded so)."""
    ruleset = registry.load(stored.ruleset)
    check_lang(ruleset, lang)
    words = ruleset.messages.wording(lang)
    scenarios = {c.id: c.label for c in ruleset.scenario_choices(ruleset.load_content()[0])}
    sides = ruleset.drawing.coloured(ruleset.meta.players)
    inviter = session.get(Player, stored.created_by)
    return Invitation(
        game=stored.id, ruleset=stored.ruleset, title=words(ruleset.meta.title),
        scenario=words(scenarios[stored.scenario]) if stored.scenario in scenarios else None,
        seat=row.seat, seat_name=words(sides[row.seat].label) if row.seat in sides
        else row.seat, inviter=inviter.name if inviter is not None else "",
        players=[s.player.name for s in stored.seats if s.player is not None],
        bots=sum(1 for s in stored.seats if s.bot),
        clock=ClockSpec.model_validate(stored.clock) if stored.clock else None)


@invitations.get("/api/invitations", response_model=list[Invitation],
                 responses=documented(401))
def my_invitations(me: CurrentPlayer, request: Request,
                   lang: Said = "en") -> list[Invitation]:
    """The seats other players named you for, newest first: take one with ``POST
    /api/games/{id}/join {"seat"}`` (no invitation code needed), or decline it with ``POST
    /api/games/{id}/decline {"seat"}``. (A game not worded in ``lang`` is in English.)"""

    def work(session: Session) -> list[Invitation]:
        rows = session.scalars(
            select(GameSeat).join(StoredGame).where(
                GameSeat.invited_id == me.id, GameSeat.player_id.is_(None),
                StoredGame.over.is_(False))
            .order_by(StoredGame.created_at.desc()).limit(100)
            .options(joinedload(GameSeat.game).joinedload(StoredGame.seats)))
        return [described(session, row.game, row, lang if lang in registry.load(
            row.game.ruleset).messages.languages else "en") for row in rows.unique()]

    found: list[Invitation] = request.app.state.db.read(work)
    return found


# -- the lobby ------------------------------------------------------------------------------


class LobbyGame(BaseModel):
    id: str
    ruleset: str
    title: str
    scenario: str | None
    seats: list[SeatOut]
    open: list[str] = Field(description="the seats waiting for a player")
    waiting: list[str] = Field(description="the players already seated, who wait")
    since: datetime = Field(description="when the game began to wait (its last change)")
    clock: dict[str, Any] | None


router = APIRouter(prefix="/api/lobby", tags=["games"], dependencies=[SAID_IN],
                   responses=documented(400))


@router.get("", response_model=list[LobbyGame])
def lobby(request: Request, ruleset: Annotated[str | None, Query(max_length=64)] = None,
          limit: Annotated[int, Query(ge=1, le=200)] = 50, lang: Said = "en",
          order: Annotated[Literal["waiting", "newest"], Query(
              description="waiting: the longest waiting first; newest: the game made last "
                          "first")] = "waiting") -> list[LobbyGame]:
    """Public games with an open seat (kept for no invited player), longest waiting first
    (``order=newest``: the newest first), of one ``ruleset`` if named: join one with
    ``POST /api/games/{id}/join {"seat"}`` (no invitation needed). Each game's title is in
    ``lang`` where its ruleset is worded so, as are the refusals. A public game left
    waiting with no change for the server's ``lobby_days`` is closed as expired, and leaves
    the lobby."""

    def work(session: Session) -> list[LobbyGame]:
        free = select(GameSeat.game_id).where(  # (a seat kept for an invited player is not)
            GameSeat.game_id == StoredGame.id, GameSeat.player_id.is_(None),
            GameSeat.bot.is_(None), GameSeat.invited_id.is_(None))
        query = select(StoredGame).where(StoredGame.public.is_(True),
                                         StoredGame.open_seats > 0,
                                         StoredGame.over.is_(False), free.exists())
        if ruleset:
            query = query.where(StoredGame.ruleset == registry.resolve_id(ruleset))
        first = (StoredGame.created_at.desc(), StoredGame.id) if order == "newest" else \
            (StoredGame.turn_since, StoredGame.id)
        games = list(session.scalars(query.order_by(*first).limit(limit)))
        return [LobbyGame(
            id=g.id, ruleset=g.ruleset, title=worded_title(g.ruleset, lang),
            scenario=g.scenario, seats=seats_out(g, invites=False),
            open=[s.seat for s in g.seats if s.open and s.invited_id is None],
            waiting=[s.player.name for s in g.seats if s.player is not None],
            since=g.turn_since or g.created_at, clock=g.clock) for g in games]

    result: list[LobbyGame] = request.app.state.db.read(work)
    return result


def worded_title(ruleset_id: str, lang: str) -> str:
    """The ruleset's name in ``lang`` (English where its catalogs have no such language)."""
    ruleset = registry.load(ruleset_id)
    return ruleset.messages.wording(lang)(ruleset.meta.title)
