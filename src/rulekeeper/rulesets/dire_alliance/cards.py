"""A player's cards: deck, hand, discard pile, graveyard, supply piles and the cards in play.

Cards are their ids: a fighter card is the id of the faction fighter, leader or hero card
it belongs to; a dread card (Battle Mode) is ``DREAD``. Drawing and reshuffling are the
same in Battle Mode and Raid Mode; the events they emit cite the Battle Mode rules they
carry out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.dire_alliance.tabletop import PlayArea

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.tabletop import Tabletop

DREAD = "dread"
DECK_COPIES = 2
"""Copies of each fighter card in a starting deck (battle.setup.starting-deck.a)."""
SUPPLY_COPIES = 3
"""Copies of each fighter card in its supply pile (battle.setup.play-area.supply)."""
HAND_SIZE = 4
"""Cards in a new hand (battle.round.draw)."""


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


@cites("battle.graveyard.out-of-game")
def reshuffle(t: Tabletop, area: PlayArea) -> None:
    """The discard pile becomes the new deck, shuffled (battle.round.reshuffle.a); the
    graveyard stays out of the game."""
    area.deck, area.discard = area.discard, []
    t.rng.shuffle(area.deck)
    t.emit("reshuffle", "battle.round.reshuffle.a", seat=t.seat_name(area.seat),
           cards=len(area.deck))
