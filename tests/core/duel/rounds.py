"""The rules of a duel, in the order of its rule text: the deal, then the rounds."""

from __future__ import annotations

from collections.abc import Callable

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.ruleset import GameOver, Procedure
from tests.core.duel.rulings import TieBreak
from tests.core.duel.table import DuelState, DuelTable


def deal(table: DuelTable) -> None:
    """Each seat is dealt three cards from the shuffled deck; only it sees them."""
    deck = list(table.content.deck.cards)
    table.rng.shuffle(deck)
    table.state = DuelState(hands={"north": deck[:3], "south": deck[3:6]})
    for seat in table.seats:
        table.emit("deal", "duel.deal", to=(seat,), seat=seat,
                   cards=sorted(table.state.hands[seat]))


Winner = Callable[[DuelTable, int, int], "str | None"]
"""Who wins a round of the two cards shown (north's, south's): a seat, or None for a draw."""


def rounds(table: DuelTable, winner_of: Winner | None = None) -> Procedure:
    """The rounds left after the deal or a round (the state says all they need), and the end:
    most rounds won wins. ``winner_of`` is :func:`higher` unless a variant plays otherwise."""
    state = table.state
    last = 1 if table.scenario == "short" else table.options.rounds
    for number in range(state.round + 1, last + 1):
        state.round = number
        for seat in table.seats:
            hand = state.hands[seat]
            choice = yield Decision(seat, "play-card",
                                    options((str(c), f"play {c}") for c in hand),
                                    "duel.play", f"Round {number}: play a card")
            hand.remove(int(choice))
            state.down[seat] = int(choice)
            table.emit("play", "duel.play", seat=seat)
        north, south = state.down.pop("north"), state.down.pop("south")
        table.emit("reveal", "duel.reveal", north=north, south=south)
        state.shown += (north, south)
        winner = (winner_of or higher)(table, north, south)
        if winner is not None:
            state.won[winner] += 1
            table.emit("round", "duel.reveal.higher", winner=winner, round=number)
        table.checkpoint()  # the ruleset's resume() goes on from here
    won = state.won
    raise GameOver(None if won["north"] == won["south"] else max(won, key=lambda s: won[s]),
                   "rounds", last)


def higher(table: DuelTable, north: int, south: int) -> str | None:
    """The seat whose card is higher; a tie goes to a d6 each (ruling tie-break), and stays a
    tie (the round is drawn) on equal rolls or under ``tie-break=none``."""
    if north != south:
        return "north" if north > south else "south"
    if table.rulings.tie_break is TieBreak.DICE:
        north, south = table.rng.roll(6), table.rng.roll(6)
        table.emit("tie-roll", "duel.tie-break", north=north, south=south)
        if north != south:
            return "north" if north > south else "south"
    table.emit("round-drawn", "duel.tie-break", round=table.state.round)
    return None
