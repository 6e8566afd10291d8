"""The table of a Battle Mode game: the shared tabletop with the round's flow (round, turn,
aggressor) and the dread pile; the setup options are :mod:`.options`'s. Battle Mode's
answers to the tabletop's hooks are :class:`~.mode.BattleMode`'s.

In the compiled build, ``Battle`` and ``BattleMode`` are native classes, as the tabletop
is (what that asks of them: :class:`~.tabletop.Tabletop`): a state has no ``__dict__`` and
is copied field by field (``copy_fields``), and ``Battle.table`` keeps the tabletop's type
(``rulings`` narrows it). ``BattleTable``, deriving from the core's interpreted ``Table``,
stays an ordinary Python class (``native_class=False``) with compiled methods. The compiled
module evaluates a class's annotations when it makes the class, so the types they name are
imported at run time, and a class not made yet is named by a string.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Self, cast

from mypy_extensions import mypyc_attr

from rulekeeper.core.checkpoints import Shared
from rulekeeper.rulesets.dire_alliance.copies import copied
from rulekeeper.rulesets.dire_alliance.models import DireAllianceContent, Scenario
from rulekeeper.rulesets.dire_alliance.options import BattleOptions
from rulekeeper.rulesets.dire_alliance.rulings import BattleRulings
from rulekeeper.rulesets.dire_alliance.tabletop import DireTable, Fighter, Tabletop


@mypyc_attr(native_class=False)
class BattleTable(DireTable):
    """The table of a Battle Mode game."""

    __slots__ = ()
    state: "Battle"  # noqa: UP037 (a string: the compiled class is made before Battle)
    content: DireAllianceContent
    options: BattleOptions
    rulings: BattleRulings


TurnStep = Literal["play", "initiative", "activate"]
"""Where a turn stands: its player choosing the cards to play, the defender about to claim
initiative or not, the played cards' fighters activating."""


@dataclass(slots=True)
class TurnProgress:
    """The turn being played, as far as it has gone: what a game resumes from inside a turn
    (``battle.play_rounds``), so that a fork or a search's world answers again only the
    decisions since the latest step of the turn, not since the turn began.

    ``cards`` is how many cards its player plays from hand (turn 1: two, or fewer left;
    turn 2 plays the whole hand); ``slots`` each played fighter card and the fighters (ids)
    it may still activate, in the order the cards were played."""

    seat: str
    role: str
    number: int
    cards: int
    step: TurnStep = "play"
    slots: list[tuple[str, list[str]]] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> TurnProgress:
        """Values only: copied field by field (a checkpoint's copy, a search's world)."""
        return TurnProgress(self.seat, self.role, self.number, self.cards, self.step,
                            [(card, list(ids)) for card, ids in self.slots])


@dataclass(kw_only=True, eq=False)
class Battle(Tabletop):
    """Everything on the table of a Battle Mode game, and the round's flow (a game's is a
    :class:`~.mode.BattleMode`, which answers the tabletop's hooks). Its ``table`` is a
    :class:`BattleTable`."""

    scenario: Scenario
    aggressor: str
    dread: int
    """Cards left in the dread pile."""
    factions: Shared[str, str] = field(default_factory=Shared)
    """Each seat's faction and leader, ids and names, filled at the setup (copies share
    them)."""
    leaders: Shared[str, str] = field(default_factory=Shared)
    faction_names: Shared[str, str] = field(default_factory=Shared)
    leader_names: Shared[str, str] = field(default_factory=Shared)
    round: int = 0
    next_turn: int = 0
    """The place in ``battle.TURNS`` of the next turn (0: a round begins)."""
    turn: str = "setup"
    active: str | None = None
    played: set[str] = field(default_factory=set)
    """Fighter cards played at least once (metrics)."""
    progress: TurnProgress | None = None
    """The turn being played (None between turns)."""

    def copy_fields(self, new: Self, fighters: dict[str, Fighter],
                    memo: dict[int, Any]) -> None:
        super().copy_fields(new, fighters, memo)
        new.scenario = copied(self.scenario, memo)
        new.aggressor = self.aggressor
        new.dread = self.dread
        new.factions = self.factions
        new.leaders = self.leaders
        new.faction_names = self.faction_names
        new.leader_names = self.leader_names
        new.round = self.round
        new.next_turn = self.next_turn
        new.turn = self.turn
        new.active = self.active
        new.played = set(self.played)
        new.progress = copied(self.progress, memo)

    @property
    def rulings(self) -> BattleRulings:
        return cast("BattleRulings", self.table.rulings)

    @property
    def defender(self) -> str:
        return self.opponent(self.aggressor)
