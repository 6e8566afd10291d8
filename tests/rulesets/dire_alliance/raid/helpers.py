"""Helpers for Raid Mode tests: start a game, arrange the table, drive procedures."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from rulekeeper.core.game import Game, new_game
from rulekeeper.rulesets.dire_alliance.raid.pieces import Hero, RowCard
from rulekeeper.rulesets.dire_alliance.raid.table import Raid
from rulekeeper.rulesets.dire_alliance.tabletop import Fighter

from ..helpers import drive, events, pick, step  # noqa: F401  (re-exported for the tests)

RULESET = "dire-alliance-raid"


def start(heroes: int = 2, *, dice: Iterable[Any] = (), rulings: dict[str, str] | None = None,
          scenario: str | None = None, seed: int = 0, sets: dict[str, Any] | None = None,
          **options: Any) -> Game:
    """A game paused at its first decision (setup done, the heroes' first hands drawn)."""
    return new_game(RULESET, scenario, None, rulings, seed, options={"heroes": heroes, **options},
                    dice=list(dice), content_set=sets)


def raid(game: Game) -> Raid:
    return game.table.state


def hero(game: Game, seat: str = "hero1") -> Hero:
    return raid(game).heroes[seat]


def figure(game: Game, fighter_id: str) -> Fighter:
    return raid(game).fighters[fighter_id]


def villain(game: Game) -> Fighter:
    return raid(game).the_villain.fighter


def place(game: Game, **where: str) -> None:
    """place(game, maren="crossroads", hollow_king="bog"): fighter ids with _ for -."""
    r = raid(game)
    for key, area in where.items():
        r.place(r.fighters[key.replace("_", "-")], area)


def summon(game: Game, kind: str, area: str) -> Fighter:
    """Take a minion of ``kind`` out of the bag and put it in ``area`` (conserving the bag)."""
    r = raid(game)
    token = next(m for m in r.bag if r.fighters[m].card == kind)
    r.bag.remove(token)
    r.place(r.fighters[token], area)
    return r.fighters[token]


def clear_minions(game: Game) -> None:
    """Every minion back in the bag."""
    r = raid(game)
    for minion in r.minions():
        r.remove(minion)
        r.bag.append(minion.id)
    r.bag.sort()


def deal(game: Game, seat: str = "hero1", *, row: Iterable[tuple[str, bool]] = (),
         **piles: list[str]) -> None:
    """Set some of a hero's piles (hand, deck, discard, graveyard = the damage pile) and its
    action row ((card, face up) pairs); its other cards go to the supply, so that every card
    stays counted once (conservation)."""
    h = hero(game, seat)
    p = h.piles
    names = ("hand", "deck", "discard", "graveyard")
    before = sum((Counter(getattr(p, n)) for n in names), Counter()) + Counter(p.supply)
    before += Counter(c.card for c in h.row)
    row = [RowCard(card, up) for card, up in row]
    for name in names:
        setattr(p, name, list(piles.get(name, [])))
    h.row = row
    used = sum((Counter(getattr(p, n)) for n in names), Counter()) + Counter(c.card for c in row)
    left = before - used
    assert not (used - before), f"dealing more cards than the hero has: {used - before}"
    p.supply = {card: left[card] for card in p.supply}
    after = sum((Counter(getattr(p, n)) for n in names), Counter()) + Counter(p.supply)
    assert after + Counter(c.card for c in row) == before


def kinds(game: Game, since: int = 0) -> list[str]:
    return [e.kind for e in game.events[since:]]


def rules(game: Game, since: int = 0) -> list[str]:
    return [e.rule for e in game.events[since:]]


def mark(game: Game) -> int:
    """The number of events so far (to read only the new ones)."""
    return len(game.events)


def new_events(game: Game, since: int, kind: str | None = None) -> list[dict[str, Any]]:
    return [dict(e.data) | {"kind": e.kind, "rule": e.rule} for e in game.events[since:]
            if kind is None or e.kind == kind]


def stack(game: Game, *cards: str) -> None:
    """Put these villain cards on top of the villain deck, to be drawn in this order."""
    villain = raid(game).the_villain
    rest = [c for c in villain.deck if c not in cards]
    villain.deck = rest + list(reversed(cards))


HARD = {"raid-ties": "hard"}
"""Ruling raid-ties at hard: enemy ties are settled without asking the heroes."""


def armed(game: Game, seat: str = "hero1") -> None:
    """Two copies of each of the hero's cards in its deck and an empty hand: cards to lose."""
    deal(game, seat, deck=[c for c in hero(game, seat).piles.supply for _ in range(2)])
