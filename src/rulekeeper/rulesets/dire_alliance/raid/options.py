"""The setup options of a Raid game: how many heroes, each seat's hero and class, the
villain and faction. (A module of their own, kept out of the compiled build, as Battle
Mode's: :mod:`..options`.)"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.ruleset import of_seat
from rulekeeper.rulesets.dire_alliance.models import Whole


def _seat_field(what: str, n: int, default: str) -> Any:
    """The field of seat ``n``'s hero or class (``what``: ``Hero`` or ``Class``)."""
    noun = "hero" if what == "Hero" else "hero class"
    ordinal = ("first", "second", "third", "fourth")[n - 1]
    return Field(default, title=f"{what} {n}", description=f"{noun} of the {ordinal} seat",
                 json_schema_extra=of_seat(f"hero{n}"))


class RaidOptions(BaseModel):
    """Setup options: how many heroes, each seat's hero and class, the villain and faction."""

    model_config = ConfigDict(extra="forbid")

    heroes: Whole = Field(2, ge=1, le=4, description="number of heroes (one player each)")
    hero1: str = _seat_field("Hero", 1, "maren")
    hero2: str = _seat_field("Hero", 2, "cole")
    hero3: str = _seat_field("Hero", 3, "varga")
    hero4: str = _seat_field("Hero", 4, "crane")
    class1: str = _seat_field("Class", 1, "slayer")
    class2: str = _seat_field("Class", 2, "hunter")
    class3: str = _seat_field("Class", 3, "slayer")
    class4: str = _seat_field("Class", 4, "hunter")
    villain: str = Field("hollow-king", description="the villain")
    faction: str = Field("grievers", description="the faction the villain leads")
