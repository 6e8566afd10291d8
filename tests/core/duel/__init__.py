"""Duel: a tiny ruleset written for the core's tests.

Two seats are dealt three cards each from a shuffled deck. For three rounds, north
then south play a card face down; the higher card wins the round; a tie is broken
by a d6 each (ruling ``tie-break``: ``dice`` or ``none``). Most rounds won wins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from rulekeeper.core.content import Model
from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.registry import RulesetMeta
from rulekeeper.core.ruleset import NoOptions, Procedure, Result, Ruleset, Table
from rulekeeper.core.rulings import Ruling
from tests.core.duel.view import DuelDrawing

HERE = Path(__file__).parent


class Deck(Model):
    cards: list[int] = Field(min_length=6)


class DuelContent(Model):
    deck: Deck


class DuelOptions(NoOptions):
    rounds: int = Field(3, ge=1, le=3)


class Duel(Ruleset):
    meta = RulesetMeta(name="duel", version=1, title="Duel", players=("north", "south"),
                       chance=True, hidden_information=True, max_length=6)
    rulings = (Ruling("tie-break", "How is a tie of equal cards broken?", ("dice", "none"),
                      "dice"),)
    content_model = DuelContent
    content_dir = HERE / "content"
    rules_files = (HERE / "rules.yaml",)
    options_model = DuelOptions
    metrics = ("north_rounds", "south_rounds")
    drawing = DuelDrawing()
    templates = {
        "deal": "{seat} is dealt {cards}",
        "play": "{seat} plays a card",
        "reveal": "north shows {north}, south shows {south}",
        "tie-roll": "tie: north rolls {north}, south rolls {south}",
        "round": "{winner} wins round {round}",
        "round-drawn": "round {round} is drawn",
    }

    def scenarios(self, content: Any) -> list[str]:
        return ["standard", "short"]

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        return frozenset(), 6

    def deal(self, table: Table) -> None:
        deck = list(table.content.deck.cards)
        table.rng.shuffle(deck)
        hands = {"north": deck[:3], "south": deck[3:6]}
        table.state = {"hands": hands, "won": {"north": 0, "south": 0}, "round": 0,
                       "down": {}, "shown": []}
        for seat in table.seats:
            table.emit("deal", "duel.deal", to=(seat,), seat=seat, cards=sorted(hands[seat]))

    def play(self, table: Table) -> Procedure:
        self.deal(table)
        table.checkpoint()  # resume() goes on from here, and from the end of each round
        return (yield from self.rounds(table))

    def resume(self, table: Table) -> Procedure:
        return self.rounds(table)

    def rounds(self, table: Table) -> Procedure:
        """The rounds left after the deal or a round: the state says all they need."""
        state = table.state
        hands, won, down = state["hands"], state["won"], state["down"]
        rounds = 1 if table.scenario == "short" else table.options.rounds
        for number in range(state["round"] + 1, rounds + 1):
            state["round"] = number
            for seat in table.seats:
                choice = yield Decision(seat, "play-card",
                                        options((str(c), f"play {c}") for c in hands[seat]),
                                        "duel.play", f"Round {number}: play a card")
                hands[seat].remove(int(choice))
                down[seat] = int(choice)
                table.emit("play", "duel.play", seat=seat)
            table.emit("reveal", "duel.reveal", **down)
            state["shown"] += down.values()
            winner = self._winner(table, down.pop("north"), down.pop("south"))
            if winner is None:
                table.emit("round-drawn", "duel.tie-break", round=number)
            else:
                won[winner] += 1
                table.emit("round", "duel.reveal.higher", winner=winner, round=number)
            table.checkpoint()
        overall = None if won["north"] == won["south"] else max(won, key=lambda s: won[s])
        return Result(overall, "rounds", rounds,
                      {"north_rounds": won["north"], "south_rounds": won["south"]})

    def determinize(self, table: Table, seat: str, rng: Any) -> None:
        """A seat sees its own cards and the cards shown: the other's hand and face-down
        card are any of the others (the other hand and the cards never dealt)."""
        state = table.state
        other = next(s for s in table.seats if s != seat)
        mine = [state["down"][seat]] if seat in state["down"] else []
        unseen = list(table.content.deck.cards)
        for card in [*state["hands"][seat], *state["shown"], *mine]:
            unseen.remove(card)
        rng.shuffle(unseen)
        hidden = state["hands"][other]
        hidden[:] = unseen[:len(hidden)]
        if other in state["down"]:
            state["down"][other] = unseen[len(hidden)]

    def _winner(self, table: Table, north: int, south: int) -> str | None:
        if north != south:
            return "north" if north > south else "south"
        if table.rulings["tie-break"] == "none":
            return None
        rolls = {"north": table.rng.roll(6), "south": table.rng.roll(6)}
        table.emit("tie-roll", "duel.tie-break", **rolls)
        if rolls["north"] == rolls["south"]:
            return None
        return "north" if rolls["north"] > rolls["south"] else "south"

    def view(self, table: Table, player: str | None) -> dict[str, Any]:
        state = table.state
        return {
            "round": state["round"],
            "won": dict(state["won"]),
            "hands": {seat: (sorted(hand) if player in (None, seat) else len(hand))
                      for seat, hand in state["hands"].items()},
            "down": {seat: card if player in (None, seat) else None
                     for seat, card in state["down"].items()},
        }

    def render(self, view: Any) -> str:
        return f"round {view['state']['round']}, hands {view['state']['hands']}"
