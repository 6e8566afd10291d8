"""A player's cards: deck, hand, discard pile, graveyard, supply piles and the cards in play.

Cards are their ids: a fighter card is the id of the faction fighter, leader or hero card
it belongs to; a dread card (Battle Mode) is ``DREAD``. Drawing and reshuffling are the
same in Battle Mode and Raid Mode; the events they emit cite the Battle Mode rules they
carry out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulekeeper.core.rules_index import cites

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.tabletop import Tabletop

DREAD = "dread"
DECK_COPIES = 2
"""Copies of each fighter card in a starting deck (battle.setup.starting-deck.a)."""
SUPPLY_COPIES = 3
"""Copies of each fighter card in its supply pile (battle.setup.play-area.supply)."""
HAND_SIZE = 4
"""Cards in a new hand (battle.round.draw)."""


@dataclass(slots=True)
class PlayArea:
    """One player's cards and claimed objectives."""

    seat: str
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)
    play: list[str] = field(default_factory=list)
    claimed: list[str] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> PlayArea:
        """Its piles hold card ids: a copy of a game's state (a checkpoint's, a search's
        world) copies them pile by pile, much faster than deeply."""
        return PlayArea(self.seat, list(self.deck), list(self.hand), list(self.discard),
                        list(self.graveyard), dict(self.supply), list(self.play),
                        list(self.claimed))

    def counts(self) -> Counter[str]:
        """Every card this player holds, wherever it is (for the conservation check)."""
        total = Counter(self.deck) + Counter(self.hand) + Counter(self.discard)
        total += Counter(self.graveyard) + Counter(self.play)
        total.update(self.supply)
        return total

    def take(self, card: str) -> str | None:
        """Remove one ``card`` from hand, else deck, else discard pile; where it was, or None.

        >>> area = PlayArea("red", deck=["a", "b"], discard=["b"])
        >>> area.take("b"), area.take("b"), area.take("b")
        ('deck', 'discard', None)
        """
        for where, pile in (("hand", self.hand), ("deck", self.deck), ("discard", self.discard)):
            if card in pile:
                pile.remove(card)
                return where
        return None


def starting_piles(seat: str, cards: list[str]) -> PlayArea:
    """A play area with 2 copies of each card in the deck (unshuffled) and 3 in supply."""
    return PlayArea(seat, deck=[c for c in cards for _ in range(DECK_COPIES)],
                    supply={c: SUPPLY_COPIES for c in cards})


def draw(t: Tabletop, area: PlayArea, count: int, rule: str) -> list[str]:
    """Draw up to ``count`` cards, shuffling the discard pile into a new deck when needed."""
    drawn: list[str] = []
    for _ in range(count):
        if not area.deck:
            if not area.discard:
                break
            reshuffle(t, area)
            cites("battle.round.reshuffle.b")  # and the draw goes on from the new deck
        drawn.append(area.deck.pop())
    area.hand.extend(drawn)
    if t.logging and drawn:
        t.emit("draw", rule, seat=t.seat_name(area.seat), count=len(drawn))
        t.emit("draw.cards", rule, to=(area.seat,), seat=t.seat_name(area.seat),
               cards=sorted(t.card_name(c) for c in drawn))
    return drawn


def reshuffle(t: Tabletop, area: PlayArea) -> None:
    """The discard pile becomes the new deck, shuffled (battle.round.reshuffle.a); the
    graveyard stays out of the game."""
    cites("battle.graveyard.out-of-game")
    area.deck, area.discard = area.discard, []
    t.rng.shuffle(area.deck)
    t.emit("reshuffle", "battle.round.reshuffle.a", seat=t.seat_name(area.seat),
           cards=len(area.deck))
