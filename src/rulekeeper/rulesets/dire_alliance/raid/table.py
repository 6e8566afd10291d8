"""The table of a Raid game: the shared ``Tabletop`` with the heroes, the villain, the minion
bag and the round's flow; the setup options are :mod:`.options`'s. Raid Mode's answers to
the tabletop's hooks are :class:`~.mode.RaidMode`'s. (``Raid`` is a native class in the
compiled build, ``RaidTable`` an ordinary Python class, as Battle Mode's: :mod:`..table`.)"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Self, cast

from mypy_extensions import mypyc_attr

from rulekeeper.core.checkpoints import Shared
from rulekeeper.rulesets.dire_alliance.copies import copied, copy_pieces
from rulekeeper.rulesets.dire_alliance.raid.models import (
    HeroCard,
    MinionKind,
    RaidContent,
    RaidScenario,
    RaidSide,
    VillainCard,
)
from rulekeeper.rulesets.dire_alliance.raid.options import RaidOptions
from rulekeeper.rulesets.dire_alliance.raid.pieces import HEROES, Hero, VillainState
from rulekeeper.rulesets.dire_alliance.raid.rulings import RaidRulings
from rulekeeper.rulesets.dire_alliance.tabletop import (
    DireTable,
    Fighter,
    Tabletop,
)


@mypyc_attr(native_class=False)
class RaidTable(DireTable):
    """The table of a Raid game."""

    __slots__ = ()
    state: "Raid"  # noqa: UP037 (a string: the compiled class is made before Raid)
    content: RaidContent
    options: RaidOptions
    rulings: RaidRulings


@dataclass(slots=True)
class EnemiesTurn:
    """An enemies phase as far as it has gone: the villain card drawn, the heroes' seats in
    activation order, and how many of them have activated a minion (or spawned one); then
    the villain activates."""

    card: str
    order: list[str]
    done: int = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> EnemiesTurn:
        """Values only: copied field by field (a checkpoint's copy, a search's world)."""
        return EnemiesTurn(self.card, list(self.order), self.done)


@dataclass(kw_only=True, eq=False)
class Raid(Tabletop):
    """Everything on the table of a Raid game, and its flow (round, phase, last actor); a
    game's is a :class:`~.mode.RaidMode`, which answers the tabletop's hooks. Its ``table``
    is a :class:`RaidTable`."""

    scenario: RaidScenario
    side: RaidSide
    heroes: dict[str, Hero] = field(default_factory=dict)
    """Seat -> hero, in clockwise order."""
    villain: VillainState | None = None
    bag: list[str] = field(default_factory=list)
    """The minion bag: ids of the minion tokens in it, in a stable order."""
    cards: Shared[str, HeroCard] = field(default_factory=Shared)
    """Hero card id -> card, of every hero in play (filled at the setup, like the next two:
    copies of the state share them)."""
    villain_cards: Shared[str, VillainCard] = field(default_factory=Shared)
    kinds: Shared[str, MinionKind] = field(default_factory=Shared)
    """Minion kind id -> kind."""
    claimed: list[str] = field(default_factory=list)
    """Objectives in the enemy play area."""
    round: int = 0
    next_phase: int = 0
    """The place in ``rounds.PHASES`` of the next phase (0: a round begins)."""
    phase: str = "setup"
    last_actor: str | None = None
    activated: set[str] = field(default_factory=set)
    """Minions activated in this phase."""
    decider: str = ""
    """The seat that settles ties for the enemies right now (ruling raid-ties)."""
    played: set[str] = field(default_factory=set)
    """Hero cards played at least once (metrics)."""
    waited: list[str] | None = None
    """Inside a heroes phase (None between phases): the seats of the heroes who let another
    act first since the latest action (a game resumes there: ``heroes.heroes_turns``)."""
    enemies: EnemiesTurn | None = None
    """Inside an enemies phase (None between phases): its villain card and who activates a
    minion (a game resumes there: ``enemies.activations``)."""
    printed: Shared[str, Any] = field(default_factory=Shared)
    """What the view shows of the printed cards and the board: built at the first view,
    never changed after (copies share it: copying it was more than half of a state's copy)."""

    def copy_fields(self, new: Self, fighters: dict[str, Fighter],
                    memo: dict[int, Any]) -> None:
        super().copy_fields(new, fighters, memo)
        new.scenario = copied(self.scenario, memo)
        new.side = copied(self.side, memo)
        new.heroes = copy_pieces(self.heroes, memo)
        new.villain = copied(self.villain, memo)
        new.bag = list(self.bag)
        new.cards = self.cards
        new.villain_cards = self.villain_cards
        new.kinds = self.kinds
        new.claimed = list(self.claimed)
        new.round = self.round
        new.next_phase = self.next_phase
        new.phase = self.phase
        new.last_actor = self.last_actor
        new.activated = set(self.activated)
        new.decider = self.decider
        new.played = set(self.played)
        new.waited = list(self.waited) if self.waited is not None else None
        new.enemies = copied(self.enemies, memo)
        new.printed = self.printed

    @property
    def rulings(self) -> RaidRulings:
        return cast("RaidRulings", self.table.rulings)

    # --- who is who ------------------------------------------------------------------------

    @property
    def the_villain(self) -> VillainState:
        assert self.villain is not None
        return self.villain

    @property
    def players(self) -> int:
        return len(self.heroes)

    def hero(self, fighter: Fighter) -> Hero:
        return self.heroes[fighter.side]

    def is_hero(self, fighter: Fighter) -> bool:
        return fighter.team == HEROES

    def is_villain(self, fighter: Fighter) -> bool:
        return self.villain is not None and fighter is self.villain.fighter

    def is_minion(self, fighter: Fighter) -> bool:
        return fighter.card in self.kinds

    def rank(self, fighter: Fighter) -> str | None:
        """An enemy's rank (None: unranked); heroes have none."""
        if self.is_minion(fighter):
            return self.kinds[fighter.card].rank
        if self.is_villain(fighter):
            return self.the_villain.spec.rank
        return None

    def hero_figures(self) -> list[Fighter]:
        return [h.fighter for h in self.heroes.values() if h.fighter.on_board]

    def minions(self) -> list[Fighter]:
        """The minions on the board."""
        return [f for f in self.fighters.values() if f.on_board and self.is_minion(f)]

    def heroes_in(self, area: str) -> list[Fighter]:
        return [f for f in self.occupants[area] if f.team == HEROES]

    def objectives_in_play(self) -> list[str]:
        """Objective ids still on the board (not claimed)."""
        return [o.id for o in self.objectives.values() if o.claimed_by is None]
