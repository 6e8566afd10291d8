"""Helpers for Dire Alliance tests: start a game, arrange the table, drive procedures."""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterable
from typing import Any

from rulekeeper.core.decisions import Decision
from rulekeeper.core.game import Game, new_game
from rulekeeper.rulesets.dire_alliance.table import Battle
from rulekeeper.rulesets.dire_alliance.tabletop import Fighter

RULESET = "dire-alliance-battle"


def start(*, dice: Iterable[Any] = (), rulings: dict[str, str] | None = None,
          scenario: str | None = None, seed: int = 0, **options: str) -> Game:
    """A game paused at its first decision (setup done, opening hands drawn)."""
    return new_game(RULESET, scenario, None, rulings, seed, options=options, dice=list(dice))


def battle(game: Game) -> Battle:
    """The game's tabletop (its state)."""
    return game.table.state


table = battle


def fighter(game: Game, fighter_id: str) -> Fighter:
    return table(game).fighters[fighter_id]


def place(game: Game, **where: str) -> None:
    """place(game, red_empyreal="crossroads"): seat_fighter ids with an underscore."""
    t = table(game)
    for key, area in where.items():
        t.place(t.fighters[key.replace("_", ".", 1)], area)


def deal(game: Game, seat: str, **piles: list[str]) -> None:
    """Set some of a seat's piles (hand, deck, discard, graveyard, play); the other cards go
    to the deck (or, when it is given, the discard pile, else the hand): every card stays
    counted once (conservation)."""
    area = table(game).sides[seat]
    names = ("hand", "deck", "discard", "graveyard", "play")
    before = sum((Counter(getattr(area, n)) for n in names), Counter())
    untouched = [n for n in ("deck", "discard", "hand", "graveyard", "play") if n not in piles]
    rest = before - sum((Counter(c) for c in piles.values()), Counter())
    for name, cards in piles.items():
        setattr(area, name, list(cards))
    for name in untouched:
        setattr(area, name, [])
    if untouched:
        getattr(area, untouched[0]).extend(rest.elements())
    after = sum((Counter(getattr(area, n)) for n in names), Counter())
    assert after == before, f"dealing changed the cards: {after - before} / {before - after}"


def pick(decision: Decision, answer: str) -> str:
    """The option id matching ``answer`` exactly, or the only one starting with it."""
    if answer in decision.ids:
        return answer
    found = [i for i in decision.ids if i.startswith(answer)]
    assert len(found) == 1, f"{answer!r} matches {found} of {decision.kind}: {decision.ids}"
    return found[0]


def step(game: Game, *answers: str) -> None:
    """Answer the game's pending decisions in order."""
    for answer in answers:
        assert game.pending is not None, f"the game is over; {answer!r} left"
        game.step(pick(game.pending, answer))


def drive(procedure: Generator[Decision, str, Any], *answers: str) -> tuple[Any, list[Decision]]:
    """Run a rules procedure directly, answering its decisions; its value and the decisions."""
    left = list(answers)
    asked: list[Decision] = []
    try:
        decision = next(procedure)
        while True:
            asked.append(decision)
            assert left, f"no answer for {decision.kind} ({decision.rule}): {decision.ids}"
            decision = procedure.send(pick(decision, left.pop(0)))
    except StopIteration as stop:
        assert not left, f"answers not used: {left}"
        return stop.value, asked


def events(game: Game, kind: str | None = None) -> list[dict[str, Any]]:
    """The data of the game's events (of one kind), with ``kind`` and ``rule`` added."""
    return [dict(e.data) | {"kind": e.kind, "rule": e.rule} for e in game.events
            if kind is None or e.kind == kind]


def kinds(game: Game, since: int = 0) -> list[str]:
    return [e.kind for e in game.events[since:]]
