"""What a seat does not know, redrawn for a search (``Ruleset.determinize``).

Deck order is hidden from everyone, a hand from everyone but its owner; played cards,
discard piles, graveyards and supply piles are open, and so is every card's count. A seat
therefore knows which cards another player holds in hand and deck together, but not which
are in the hand: the world redeals them. Each pile is sorted before it is shuffled, so the
world drawn from a seed depends only on what the seat knows, never on the true order.
"""

from __future__ import annotations

from rulekeeper.core.rng import Rng
from rulekeeper.rulesets.dire_alliance.tabletop import PlayArea


def redraw(area: PlayArea, owner: bool, rng: Rng) -> None:
    """Shuffle ``area``'s deck; when the seat is not its ``owner``, deal the hand again
    from the hand and deck together."""
    pool = sorted(area.deck) if owner else sorted(area.hand + area.deck)
    rng.shuffle(pool)
    if owner:
        area.deck[:] = pool
    else:
        area.hand[:], area.deck[:] = pool[:len(area.hand)], pool[len(area.hand):]


def shuffled(deck: list[str], rng: Rng) -> None:
    """A deck nobody knows the order of, in an order drawn from ``rng`` alone."""
    deck.sort()
    rng.shuffle(deck)
