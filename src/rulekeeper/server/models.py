"""The tables. A game is stored as its record; its state is rebuilt by replaying it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[str]: JSON}


class Player(Base):
    """A person (or a bot ghost) with a name and a bearer token, stored only as a hash."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(32), unique=True, doc="the name, lower-cased")
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class StoredGame(Base):
    """A game of any ruleset: its record, its seats and a version bumped by every change."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    record: Mapped[dict[str, Any]]
    version: Mapped[int] = mapped_column(Integer, default=0)
    deciders: Mapped[list[str]] = mapped_column(doc="the seat that made each decision")
    last_change: Mapped[dict[str, Any] | None] = mapped_column(
        JSON, doc="the last state-changing request, to answer an identical repeat")
    over: Mapped[bool] = mapped_column(default=False)
    created_by: Mapped[int] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    seats: Mapped[list[GameSeat]] = relationship(
        back_populates="game", order_by="GameSeat.position", lazy="selectin")


class GameSeat(Base):
    """Who sits at one seat of a game: a player, or a bot named by the ruleset's agents."""

    __tablename__ = "game_seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(32), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(32))
    game: Mapped[StoredGame] = relationship(back_populates="seats")
