"""The table of a battle game, typed, and its setup options (which teams fight)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, ValidationInfo, field_validator

from rulekeeper.core.ruleset import NoOptions, Table
from rulekeeper.rulesets.cryptids.battle import Battle
from rulekeeper.rulesets.cryptids.cards import Catalogue
from rulekeeper.rulesets.cryptids.models import CryptidsContent, TeamFromFile, team_option
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings


class BattleOptions(NoOptions):
    """Which teams fight: a team id of the content, or a path to a team YAML file.

    A team file is read as the options are parsed, so the game's record holds the team
    itself (:class:`TeamFromFile`), not a path that means something else elsewhere.
    """

    left: str | TeamFromFile = Field("french-legends",
                                     description="the left team: a team id or a YAML file")
    right: str | TeamFromFile = Field("backwoods",
                                      description="the right team: a team id or a YAML file")

    @field_validator("left", "right", mode="before")
    @classmethod
    def _read_team_file(cls, value: Any, info: ValidationInfo) -> Any:
        return team_option(value, str(info.field_name)) if isinstance(value, str) else value


class CryptidsTable(Table):
    """The table of a battle game: the battle itself is its state."""

    __slots__ = ()
    state: Battle
    content: CryptidsContent
    options: BattleOptions
    prepared: Catalogue
    rulings: CryptidsRulings
