"""The tables. A game is stored as its record; its state is rebuilt by replaying it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Index, Integer, String, UniqueConstraint
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
    mu: Mapped[float | None] = mapped_column(Float, doc="cryptids rating; None: a new player's")
    sigma: Mapped[float | None] = mapped_column(Float)


class StoredGame(Base):
    """A game of any ruleset: its record, its seats and a version bumped by every change.

    Besides the record, a few columns say what the lists and the clocks need without a
    replay (kept equal to the record at every change): the scenario, whose turn it is and
    since when, which seats are out of play, how many seats are open, the turn clock and when
    it runs out.
    """

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_public_open", "public", "open_seats"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    record: Mapped[dict[str, Any]]
    version: Mapped[int] = mapped_column(Integer, default=0)
    deciders: Mapped[list[str]] = mapped_column(doc="the seat that made each decision")
    last_change: Mapped[dict[str, Any] | None] = mapped_column(
        JSON, doc="the last state-changing request, to answer an identical repeat")
    over: Mapped[bool] = mapped_column(default=False)
    closed: Mapped[str | None] = mapped_column(
        String(16), doc="why the game ended before its rules ended it: ``expired`` (it "
                        "waited for players too long) or ``cancelled`` (by its creator, nobody "
                        "else seated); its record is left as it was")
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, doc="how the game ended")
    created_by: Mapped[int] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    scenario: Mapped[str | None] = mapped_column(String(64))
    public: Mapped[bool] = mapped_column(default=False, doc="listed in the lobby, watched by all")
    watch_key: Mapped[str | None] = mapped_column(String(32), doc="the watch link's key")
    open_seats: Mapped[int] = mapped_column(Integer, default=0, doc="seats nobody holds yet")
    turn: Mapped[str | None] = mapped_column(String(32), doc="the seat whose decision is pending")
    turn_since: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), doc="when the pending decision began (for a waiting game: "
        "when the game began to wait)")
    bot_turn: Mapped[bool] = mapped_column(default=False, doc="a bot's decision is pending")
    out_seats: Mapped[list[str] | None] = mapped_column(
        JSON, doc="the seats out of play while the game goes on (a board's ``out``: the rules "
                  "took every piece of theirs out)")
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, doc="the turn clock's settings")
    clock_used: Mapped[dict[str, Any] | None] = mapped_column(
        JSON, doc="seconds each seat has spent on its decisions")
    deadline: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), index=True, doc="when the pending seat's clock runs out")
    address: Mapped[str | None] = mapped_column(
        String(64), index=True, doc="the client address it was made from (None: made before "
                                    "revision 0013; no address counts it)")
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
    invite: Mapped[str | None] = mapped_column(
        String(32), doc="the seat's invitation code, kept once it is taken with it")
    invited_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id"), index=True,
        doc="an open seat kept for the player its game's creator named, until they accept "
            "(then they hold it) or decline (then it is an open seat like any other)")
    game: Mapped[StoredGame] = relationship(back_populates="seats")
    player: Mapped[Player | None] = relationship(lazy="joined", foreign_keys=[player_id])
    invited: Mapped[Player | None] = relationship(lazy="joined", foreign_keys=[invited_id])

    @property
    def open(self) -> bool:
        """Nobody holds the seat yet (it waits for a player to join)."""
        return self.bot is None and self.player_id is None and self.player is None


class StoredRun(Base):
    """A cryptids run: its record, and what the lists show (kept equal to the record)."""

    __tablename__ = "runs"
    __table_args__ = (Index("ix_runs_player_created", "player_id", "created_at"),
                      Index("ix_runs_address_created", "address", "created_at"))

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    record: Mapped[dict[str, Any]]
    version: Mapped[int] = mapped_column(Integer, default=0)
    round: Mapped[int] = mapped_column(Integer, default=1)
    lives: Mapped[int] = mapped_column(Integer)
    victories: Mapped[int] = mapped_column(Integer, default=0)
    over: Mapped[bool] = mapped_column(default=False, index=True)
    winner: Mapped[str | None] = mapped_column(String(16), doc="player, opponents or None")
    rating_change: Mapped[float] = mapped_column(Float, default=0.0)
    rating_shown_change: Mapped[float | None] = mapped_column(
        Float, doc="how much the run moves the shown rating (mu - 3 sigma), so far")
    last_change: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    unseen_empty_row: Mapped[int | None] = mapped_column(
        Integer, doc="the round its row was empty, lost without a fight, if its player has not "
                     "been shown that yet (on any device): until then the page shows it first")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    address: Mapped[str | None] = mapped_column(
        String(64), doc="the client address it was started from (None: started before "
                        "revision 0014; no address counts it)")


class StoredSnapshot(Base):
    """A row frozen at the end of a shop: the pool matchmaking chooses opponents from."""

    __tablename__ = "snapshots"
    __table_args__ = (Index("ix_snapshots_round_mu", "round", "mu"),)

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, doc="order of arrival")
    id: Mapped[str] = mapped_column(String(80), unique=True)
    run: Mapped[str] = mapped_column(String(48))
    player: Mapped[str] = mapped_column(String(32))
    round: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    ghost: Mapped[bool] = mapped_column(default=False)
    data: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class StoredBattle(Base):
    """A battle of a run: its own ``cryptids-v1`` record, which replays alone."""

    __tablename__ = "battles"
    __table_args__ = (UniqueConstraint("run_id", "round"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    run_id: Mapped[str] = mapped_column(ForeignKey("runs.id"))
    round: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    opponent: Mapped[str] = mapped_column(String(32), index=True,
                                          doc="the opponent snapshot's player")
    snapshot: Mapped[str] = mapped_column(String(80), doc="the opponent snapshot's id")
    ghost: Mapped[bool] = mapped_column(default=False)
    outcome: Mapped[str] = mapped_column(String(8), doc="win, loss or tie, for the run")
    record: Mapped[dict[str, Any]]
    lives_lost: Mapped[int | None] = mapped_column(Integer, doc="None: stored before revision 0005")
    lives: Mapped[int | None] = mapped_column(Integer, doc="the run's lives after it")
    victories: Mapped[int | None] = mapped_column(Integer, doc="the run's victories after it")
    odds: Mapped[float | None] = mapped_column(
        Float, doc="the player's chance to win it (Monte Carlo); None until computed")
    odds_low: Mapped[float | None] = mapped_column(Float, doc="its 95% interval")
    odds_high: Mapped[float | None] = mapped_column(Float)
    odds_battles: Mapped[int | None] = mapped_column(Integer, doc="battles played for it")
    seen: Mapped[bool] = mapped_column(
        default=False, doc="its result was shown to the run's player (on any device): until "
                           "then the page shows it first")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class StoredLabJob(Base):
    """A lab job: a question of the lab (:mod:`rulekeeper.lab.questions`) a player asked,
    queued, run by a process of its own (:mod:`rulekeeper.server.lab_runner`) and answered."""

    __tablename__ = "lab_jobs"
    __table_args__ = (Index("ix_lab_jobs_player_created", "player_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    kind: Mapped[str] = mapped_column(String(16))
    ruleset: Mapped[str] = mapped_column(String(64))
    question: Mapped[dict[str, Any]] = mapped_column(doc="the question as asked (its JSON)")
    state: Mapped[str] = mapped_column(String(16), index=True,
                                       doc="queued, running, done, failed or cancelled")
    planned: Mapped[int] = mapped_column(Integer, doc="the most games the job plays")
    done: Mapped[int] = mapped_column(Integer, default=0, doc="games played so far")
    attempts: Mapped[int] = mapped_column(Integer, default=0, doc="times it was started")
    runner: Mapped[str | None] = mapped_column(String(80), doc="host:pid of its dispatcher")
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, doc="the answer, when done")
    error: Mapped[str | None] = mapped_column(String(2000), doc="why it failed")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    beat_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), doc="the last sign of life of its run")
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    lang: Mapped[str | None] = mapped_column(
        String(8), doc="the language its report is written in (None: English, as every job "
                       "asked before revision 0011)")
    address: Mapped[str | None] = mapped_column(
        String(64), doc="the client address it was asked from (None: asked before revision "
                        "0012; it counts as its player's own)")
