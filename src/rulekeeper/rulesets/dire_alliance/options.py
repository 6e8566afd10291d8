"""The setup options of a Battle Mode game. (A module of their own, kept out of the compiled
build: mypyc reads ``Field(...)`` as the value it defaults to, which a pydantic model's class
body does not hold.)"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class BattleOptions(BaseModel):
    """Setup options: each colour's faction and leader (``--red-faction shroud``...)."""

    model_config = ConfigDict(extra="forbid")

    red_faction: str = Field("shroud", description="faction id of the red player")
    red_leader: str = Field("countess", description="leader id of the red player")
    blue_faction: str = Field("grievers", description="faction id of the blue player")
    blue_leader: str = Field("kramer", description="leader id of the blue player")
