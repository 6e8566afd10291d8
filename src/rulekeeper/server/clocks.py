"""Turn clocks: an optional clock per game, per decision and/or in total for each seat.

A game is created with a clock or without (``NewGame.clock``). A seat's clock runs while its
decision is pending, once every seat is held; bots have no clock. When a clock runs out, the
ruling ``clock-expiry`` chosen at creation decides: the seat's bot (``clock.bot``, a quick bot)
decides for it, or its side forfeits the game. The server applies it (:func:`expire_due`,
run by every app process each second) whether or not anyone's page is open, and the expiry
is an outside input of the game's record (``Game.expire``): the game stays a pure function
of its record.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from rulekeeper.agents import decide
from rulekeeper.core.game import Game
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.rulings import CLOCK_EXPIRY, ClockExpiry, did_you_mean
from rulekeeper.server.bots import SEARCHING, agent, offered
from rulekeeper.server.errors import ApiError, Conflict
from rulekeeper.server.models import StoredGame

WEEK = 7 * 24 * 3600


class ClockSpec(BaseModel):
    """A game's turn clock, as chosen at creation."""

    model_config = ConfigDict(extra="forbid")
    decision: StrictInt | None = Field(None, ge=1, le=WEEK, description="seconds for each decision")
    total: StrictInt | None = Field(None, ge=1, le=4 * WEEK,
                              description="seconds for all of a seat's decisions")
    expiry: ClockExpiry = Field(
        ClockExpiry(CLOCK_EXPIRY.default),
        description=f"the ruling {CLOCK_EXPIRY.id}: {CLOCK_EXPIRY.question} bot: its bot "
                    f"decides for it; forfeit: its side loses")
    bot: str | None = Field(None, max_length=32,
                            description="with expiry=bot: the bot (default: the ruleset's)")

    @model_validator(mode="after")
    def _some_time(self) -> ClockSpec:
        if self.decision is None and self.total is None:
            raise ValueError("give seconds per decision, in total, or both")
        return self


def settings(spec: ClockSpec, ruleset: Ruleset, options: Any) -> dict[str, Any]:
    """The clock as stored with the game, checked against the ruleset."""
    bot = spec.bot or ruleset.default_bot
    quick = [b for b in offered(ruleset.meta.id) if b not in SEARCHING]
    if spec.expiry is ClockExpiry.BOT and bot not in quick:
        raise ApiError(f"clock.bot: {bot!r} cannot decide for a seat whose clock ran out"
                       f"{did_you_mean(bot, quick)}; bots that can: {', '.join(quick)}")
    if spec.expiry is ClockExpiry.FORFEIT and len(ruleset.sides(options)) > 2:
        raise ApiError("clock.expiry: a game of more than two sides cannot be forfeited by "
                       "one seat; choose bot", refusal="forfeit-of-many-sides")
    return {"decision": spec.decision, "total": spec.total, "expiry": spec.expiry.value,
            "bot": bot}


def aware(moment: datetime) -> datetime:
    """A time read back from the database, in UTC (SQLite gives it without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def running(stored: StoredGame) -> bool:
    """Whether the pending seat's clock runs: a clock, every seat held, a person's turn."""
    return (stored.clock is not None and stored.turn is not None and not stored.bot_turn
            and stored.open_seats == 0 and stored.turn_since is not None and not stored.over)


def not_run_out(stored: StoredGame, at: datetime) -> None:
    """Refuse (409) a change that comes once the pending seat's clock ran out, before the
    sweep applied the expiry: the clock's ruling decides for that seat (a late decision, or
    an undo that would start its clock again, would dodge it)."""
    if running(stored) and stored.deadline is not None and aware(stored.deadline) <= at:
        assert stored.clock is not None
        raise Conflict(f"{stored.turn}'s clock ran out at "
                       f"{aware(stored.deadline).isoformat(timespec='seconds')}: the clock's "
                       f"ruling ({stored.clock['expiry']}) decides for that seat now")


def settle(stored: StoredGame, at: datetime) -> dict[str, float] | None:
    """The seconds each seat has used, the pending seat charged up to ``at``."""
    if stored.clock is None:
        return None
    used = dict(stored.clock_used or {})
    if running(stored):
        assert stored.turn is not None and stored.turn_since is not None
        spent = (at - aware(stored.turn_since)).total_seconds()
        used[stored.turn] = round(used.get(stored.turn, 0.0) + max(spent, 0.0), 3)
    return used


def deadline(clock: Mapping[str, Any] | None, used: Mapping[str, float] | None, seat: str,
             since: datetime) -> datetime:
    """When ``seat``'s clock, started at ``since``, runs out."""
    assert clock is not None
    limits = []
    if clock.get("decision") is not None:
        limits.append(float(clock["decision"]))
    if clock.get("total") is not None:
        limits.append(max(float(clock["total"]) - (used or {}).get(seat, 0.0), 0.0))
    return since + timedelta(seconds=min(limits))


def expire(stored: StoredGame, game: Game, deciders: list[str]) -> None:
    """The pending seat's clock ran out: the game's ruling applies (``Game.expire``); under
    ``bot``, the clock's bot answers the decision (its seat's decider is ``clock:SEAT``)."""
    assert stored.clock is not None and game.pending is not None
    ruling = ClockExpiry(stored.clock["expiry"])
    seat = game.pending.player
    game.expire(ruling)
    if ruling is ClockExpiry.BOT:
        bot = agent(stored.clock["bot"], game.ruleset, seat, game, "")
        game.step(decide(bot, game))
        deciders.append(f"clock:{seat}")
