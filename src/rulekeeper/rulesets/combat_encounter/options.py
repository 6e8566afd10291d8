"""The setup options of combat-encounter (``--players 4 --start challenge ...``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from rulekeeper.core.ruleset import NoOptions


def _words(value: Any) -> Any:
    """``"p2,p3"`` (command line) or a list."""
    if isinstance(value, str):
        return [w.strip() for w in value.split(",") if w.strip()]
    return value


def _pairs(value: Any) -> Any:
    """``"p3=hall,p4=crypt"`` (command line) or a mapping."""
    if isinstance(value, str):
        pairs = [w.partition("=") for w in value.split(",") if w.strip()]
        if any(not sep for _, sep, _ in pairs):
            raise ValueError("expected seat=room pairs, e.g. p3=hall,p4=crypt")
        return {k.strip(): v.strip() for k, _, v in pairs}
    return value


class CombatOptions(NoOptions):
    """Setup options of combat-encounter (``--players 4 --start challenge ...``)."""

    players: int = Field(2, ge=2, le=6, description="number of Players (seats p1..pN)")
    start: Literal["ambush", "challenge", "gong", "random"] = Field(
        "ambush", description="how the opening Combat Encounter begins")
    initiator: str | None = Field(None, description="the initiating Player (default p1)")
    target: str | None = Field(None, description="the primary target (default p2)")
    hidden: list[str] = Field(default_factory=list, description="seats that start Hidden")
    rooms: dict[str, str] = Field(default_factory=dict,
                                  description="seat=room: Portraits not in the start Room")
    characters: list[str] = Field(default_factory=list,
                                  description="Character ids by seat (default: content order)")
    time_limit: int = Field(100, ge=1, le=1000,
                            description="Player Turns and Combat Turns before the dungeon "
                                        "collapses")

    _hidden = field_validator("hidden", "characters", mode="before")(_words)
    _rooms = field_validator("rooms", mode="before")(_pairs)

    @model_validator(mode="after")
    def _seats_exist(self) -> CombatOptions:
        seats = [f"p{i}" for i in range(1, self.players + 1)]
        if self.start == "random":
            given = [f"--{name}" for name, value in (("initiator", self.initiator),
                                                      ("target", self.target),
                                                      ("hidden", self.hidden)) if value]
            if given:
                raise ValueError(f"--start random draws the initiating pair and the Hidden "
                                 f"Players: it cannot be combined with {' or '.join(given)}")
        else:
            self.initiator, self.target = self.initiator or "p1", self.target or "p2"
            for name, seat in (("initiator", self.initiator), ("target", self.target)):
                if seat not in seats:
                    raise ValueError(f"{name} {seat!r} is not a seat ({', '.join(seats)})")
            if self.initiator == self.target:
                raise ValueError("the initiator cannot be its own primary target")
            if self.target in self.hidden:
                raise ValueError(f"the primary target {self.target} cannot be Hidden")
        for seat in [*self.hidden, *self.rooms]:
            if seat not in seats:
                raise ValueError(f"{seat!r} is not a seat ({', '.join(seats)})")
        if len(self.characters) > self.players:
            raise ValueError("more characters than players")
        return self
