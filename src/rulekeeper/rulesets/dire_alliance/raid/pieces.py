"""The pieces of a Raid that hold no rules: a hero in play with its action row, the
villain with its deck and wounds, and the names of the two teams. (Each writes its
``__init__`` out, which mypyc compiles: see :mod:`..pieces`.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekeeper.rulesets.dire_alliance.copies import copy_piece
from rulekeeper.rulesets.dire_alliance.pieces import Fighter, PlayArea
from rulekeeper.rulesets.dire_alliance.raid.models import Hero as HeroSpec
from rulekeeper.rulesets.dire_alliance.raid.models import HeroClass, Villain

HEROES = "heroes"
"""The heroes' team (each hero has its own seat)."""
ENEMIES = "enemies"
"""The enemies' team and side: the villain and its minions, played by the rules."""


@dataclass(slots=True, init=False)
class RowCard:
    """A card in a hero's action row: face up (its modifiers apply) or face down, and the
    tokens placed on it."""

    card: str
    faceup: bool
    tokens: list[str]

    def __init__(self, card: str, faceup: bool, tokens: list[str] | None = None) -> None:
        self.card = card
        self.faceup = faceup
        self.tokens = [] if tokens is None else tokens

    def __deepcopy__(self, memo: dict[int, Any]) -> RowCard:
        """Its fields are values (tokens are ids): copied field by field (see ``Fighter``)."""
        return RowCard(self.card, self.faceup, list(self.tokens))


@dataclass(eq=False, init=False)
class Hero:
    """A hero in play: its seat, cards and action row. The damage pile is ``piles.graveyard``
    (raid.damage.hero.damage-pile)."""

    seat: str
    spec: HeroSpec
    hero_class: HeroClass
    fighter: Fighter
    piles: PlayArea
    row: list[RowCard]
    exerted: bool
    done: bool
    resolving: RowCard | None
    """The face-up card whose special action is being resolved (tokens go on it)."""

    def __init__(self, seat: str, spec: HeroSpec, hero_class: HeroClass, fighter: Fighter,
                 piles: PlayArea, row: list[RowCard] | None = None, exerted: bool = False,
                 done: bool = False, resolving: RowCard | None = None) -> None:
        self.seat = seat
        self.spec = spec
        self.hero_class = hero_class
        self.fighter = fighter
        self.piles = piles
        self.row = [] if row is None else row
        self.exerted = exerted
        self.done = done
        self.resolving = resolving

    def __deepcopy__(self, memo: dict[int, Any]) -> Hero:
        """Its cards and row by value, its fighter the copy ``memo`` holds (see
        ``Tabletop.__deepcopy__``); the card being resolved is the copy of that row card."""
        row = []
        for card in self.row:
            row.append(memo.get(id(card)) or card.__deepcopy__(memo))
            memo[id(card)] = row[-1]
        resolving = self.resolving
        return Hero(self.seat, self.spec, self.hero_class, copy_piece(self.fighter, memo),
                    copy_piece(self.piles, memo), row, self.exerted, self.done,
                    None if resolving is None else copy_piece(resolving, memo))

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def damage_pile(self) -> list[str]:
        return self.piles.graveyard

    def losable(self) -> list[str]:
        """Cards the hero could still lose: hand, deck and discard pile (not the row)."""
        return self.piles.hand + self.piles.deck + self.piles.discard


@dataclass(eq=False, init=False)
class VillainState:
    """The villain: its fighter, deck, action row, discard pile and wounds."""

    spec: Villain
    fighter: Fighter
    health: int
    deck: list[str]
    row: list[str]
    discard: list[str]
    wounds: int

    def __init__(self, spec: Villain, fighter: Fighter, health: int,
                 deck: list[str] | None = None, row: list[str] | None = None,
                 discard: list[str] | None = None, wounds: int = 0) -> None:
        self.spec = spec
        self.fighter = fighter
        self.health = health
        self.deck = [] if deck is None else deck
        self.row = [] if row is None else row
        self.discard = [] if discard is None else discard
        self.wounds = wounds

    def __deepcopy__(self, memo: dict[int, Any]) -> VillainState:
        """Its piles by value, its fighter the copy ``memo`` holds (see ``Hero``)."""
        return VillainState(self.spec, copy_piece(self.fighter, memo), self.health,
                            list(self.deck), list(self.row), list(self.discard), self.wounds)

    @property
    def newest(self) -> str:
        """The card most recently added to the villain action row."""
        return self.row[-1]
