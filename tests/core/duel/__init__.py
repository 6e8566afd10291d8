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

    def play(self, table: Table) -> Procedure:
        deck = list(table.content.deck.cards)
        table.rng.shuffle(deck)
        hands = {"north": deck[:3], "south": deck[3:6]}
        won = {"north": 0, "south": 0}
        table.state = {"hands": hands, "won": won, "round": 0}
        for seat in table.seats:
            table.emit("deal", "duel.deal", to=(seat,), seat=seat, cards=sorted(hands[seat]))
        rounds = 1 if table.scenario == "short" else table.options.rounds
        for number in range(1, rounds + 1):
            table.state["round"] = number
            shown = {}
            for seat in table.seats:
                choice = yield Decision(seat, "play-card",
                                        options((str(c), f"play {c}") for c in hands[seat]),
                                        "duel.play", f"Round {number}: play a card")
                hands[seat].remove(int(choice))
                shown[seat] = int(choice)
                table.emit("play", "duel.play", seat=seat)
            table.emit("reveal", "duel.reveal", **shown)
            winner = self._winner(table, shown["north"], shown["south"])
            if winner is None:
                table.emit("round-drawn", "duel.tie-break", round=number)
            else:
                won[winner] += 1
                table.emit("round", "duel.reveal.higher", winner=winner, round=number)
        overall = None if won["north"] == won["south"] else max(won, key=lambda s: won[s])
        return Result(overall, "rounds", rounds,
                      {"north_rounds": won["north"], "south_rounds": won["south"]})

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
        }

    def render(self, view: Any) -> str:
        return f"round {view['state']['round']}, hands {view['state']['hands']}"
