"""``/api/players``: sign up (a token, given once), who am I, and the token rotated or revoked."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field, StringConstraints
from sqlalchemy import CursorResult, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from rulekeeper.server import addresses
from rulekeeper.server.auth import CurrentPlayer, Me, TokenHash, new_token, token_hash
from rulekeeper.server.errors import PATTERNS, ApiError, Conflict, Unauthorized, documented
from rulekeeper.server.models import Player
from rulekeeper.server.sentences import SAID_IN

router = APIRouter(prefix="/api/players", tags=["players"], dependencies=[SAID_IN],
                   responses=documented(400, 401, 409, 429))

NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{1,19}$"
NAME_FORM = "2 to 20 letters, digits, - or _, starting with a letter or digit"
PATTERNS[NAME_PATTERN] = f"a player's name is {NAME_FORM}"
PlayerName = Annotated[str, StringConstraints(pattern=NAME_PATTERN)]


class NewPlayer(BaseModel):
    name: PlayerName = Field(description=f"{NAME_FORM}; unique, whatever the case")


class PlayerOut(BaseModel):
    id: int
    name: str


class NewPlayerOut(PlayerOut):
    token: str = Field(description="the bearer token; shown only this once")


def create_player(session: Session, name: str, token: str) -> Player:
    """Add a player; a name taken in any case raises :class:`Conflict`."""
    key = name.lower()
    if key.startswith("bot-") or key in ("ghost", "me"):
        raise ApiError(f"the name {name!r} is kept for the game (bots, ghosts, /me)")
    if session.scalar(select(Player.id).where(Player.name_key == key)) is not None:
        raise Conflict(f"the name {name!r} is taken")
    player = Player(name=name, name_key=key, token_hash=token_hash(token))
    session.add(player)
    session.flush()
    return player


@router.post("", status_code=201, response_model=NewPlayerOut)
def sign_up(body: NewPlayer, request: Request) -> NewPlayerOut:
    """Create a player. The token is returned once; only its hash is stored."""
    address = addresses.of_request(request)
    request.app.state.limits.check("signup", address)
    token = new_token()
    try:
        player = request.app.state.db.write(lambda s: create_player(s, body.name, token))
    except IntegrityError:  # the same name, created at the same moment
        raise Conflict(f"the name {body.name!r} is taken") from None
    return NewPlayerOut(id=player.id, name=player.name, token=token)


@router.get("/me", response_model=PlayerOut)
def who_am_i(me: CurrentPlayer) -> PlayerOut:
    """The player the token belongs to."""
    return PlayerOut(id=me.id, name=me.name)


def replace_token(request: Request, me: Me, hashed: str, token: str) -> None:
    """Store ``token``'s hash in place of ``hashed`` (the token the request carries)."""

    def work(session: Session) -> None:
        done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
            update(Player).where(Player.id == me.id, Player.token_hash == hashed)
            .values(token_hash=token_hash(token)))
        if done.rowcount != 1:
            raise Unauthorized("unknown token")

    request.app.state.db.write(work)
    request.app.state.tokens.forget(hashed)


@router.post("/me/token", response_model=NewPlayerOut)
def rotate_token(me: CurrentPlayer, hashed: TokenHash, request: Request) -> NewPlayerOut:
    """A new token for you; the one this call carries stops working. Shown only this once."""
    token = new_token()
    replace_token(request, me, hashed, token)
    return NewPlayerOut(id=me.id, name=me.name, token=token)


@router.delete("/me/token", status_code=204)
def revoke_token(me: CurrentPlayer, hashed: TokenHash, request: Request) -> Response:
    """Revoke the token this call carries (sign out for good): it stops working, and no token
    of yours is left. Your name, runs and rating stay; nobody can play as you again."""
    replace_token(request, me, hashed, new_token())  # a token nobody is ever shown
    return Response(status_code=204)
