"""The setup options of a Raid game: how many heroes, each seat's hero and class, the
villain and faction. (A module of their own, kept out of the compiled build, as Battle
Mode's: :mod:`..options`.)"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.ruleset import of_seat
from rulekeeper.rulesets.dire_alliance.models import Whole


class RaidOptions(BaseModel):
    """Setup options: how many heroes, each seat's hero and class, the villain and faction."""

    model_config = ConfigDict(extra="forbid")

    heroes: Whole = Field(2, ge=1, le=4, description="number of heroes (one player each)")
    hero1: str = Field("maren", title="Hero 1", description="hero of the first seat",
                       json_schema_extra=of_seat("hero1"))
    hero2: str = Field("cole", title="Hero 2", description="hero of the second seat",
                       json_schema_extra=of_seat("hero2"))
    hero3: str = Field("varga", title="Hero 3", description="hero of the third seat",
                       json_schema_extra=of_seat("hero3"))
    hero4: str = Field("crane", title="Hero 4", description="hero of the fourth seat",
                       json_schema_extra=of_seat("hero4"))
    class1: str = Field("slayer", title="Class 1", description="hero class of the first seat",
                        json_schema_extra=of_seat("hero1"))
    class2: str = Field("hunter", title="Class 2", description="hero class of the second seat",
                        json_schema_extra=of_seat("hero2"))
    class3: str = Field("slayer", title="Class 3", description="hero class of the third seat",
                        json_schema_extra=of_seat("hero3"))
    class4: str = Field("hunter", title="Class 4", description="hero class of the fourth seat",
                        json_schema_extra=of_seat("hero4"))
    villain: str = Field("hollow-king", description="the villain")
    faction: str = Field("grievers", description="the faction the villain leads")
