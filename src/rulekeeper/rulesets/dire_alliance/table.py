"""The table of a Battle Mode game: the shared tabletop with the round's flow (round, turn,
aggressor) and the dread pile, and the setup options. Battle Mode's answers to the
tabletop's hooks are :class:`~.mode.BattleMode`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.rulesets.dire_alliance.tabletop import DireTable, Tabletop

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.models import DireAllianceContent, Scenario
    from rulekeeper.rulesets.dire_alliance.rulings import BattleRulings


class BattleOptions(BaseModel):
    """Setup options: each colour's faction and leader (``--red-faction shroud``...)."""

    model_config = ConfigDict(extra="forbid")

    red_faction: str = Field("shroud", description="faction id of the red player")
    red_leader: str = Field("countess", description="leader id of the red player")
    blue_faction: str = Field("grievers", description="faction id of the blue player")
    blue_leader: str = Field("kramer", description="leader id of the blue player")


class BattleTable(DireTable):
    """The table of a Battle Mode game."""

    __slots__ = ()
    state: Battle
    content: DireAllianceContent
    options: BattleOptions
    rulings: BattleRulings


@dataclass(kw_only=True, eq=False)
class Battle(Tabletop):
    """Everything on the table of a Battle Mode game, and the round's flow (a game's is a
    :class:`~.mode.BattleMode`, which answers the tabletop's hooks)."""

    table: BattleTable
    scenario: Scenario
    aggressor: str
    dread: int
    """Cards left in the dread pile."""
    factions: dict[str, str] = field(default_factory=dict)
    leaders: dict[str, str] = field(default_factory=dict)
    faction_names: dict[str, str] = field(default_factory=dict)
    leader_names: dict[str, str] = field(default_factory=dict)
    round: int = 0
    next_turn: int = 0
    """The place in ``battle.TURNS`` of the next turn (0: a round begins)."""
    turn: str = "setup"
    active: str | None = None
    played: set[str] = field(default_factory=set)
    """Fighter cards played at least once (metrics)."""

    @property
    def rulings(self) -> BattleRulings:
        return self.table.rulings

    @property
    def defender(self) -> str:
        return self.opponent(self.aggressor)
