"""Shared helpers of the combat-encounter tests: scripted games and event look-ups."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.game import Game, new_game
from rulekeeper.rulesets.combat_encounter.table import CombatTable

CHARACTERS = ("knight", "ranger", "brute", "rogue", "mystic", "soldier")


def quiet(*keep: str) -> dict[str, Any]:
    """Content changes giving every Character 0 Kaos and 0 Reroll Tokens (so no token
    decisions), except the characters in ``keep``."""
    sets: dict[str, Any] = {}
    for character in CHARACTERS:
        if character not in keep:
            sets[f"characters.cards.{character}.kaos"] = 0
            sets[f"characters.cards.{character}.rerolls"] = 0
    return sets


def start(dice=(), options=None, rulings=None, sets=None, seed=0, keep=(),
          ruleset="combat-encounter", **changes) -> Game:
    """A game with scripted dice; by default nobody has Kaos or Reroll Tokens.

    ``changes`` change Characters: ``knight__health=3`` is ``characters.cards.knight.health=3``;
    ``ruleset`` may name an older version (``combat-encounter-v2``).
    """
    content_set = quiet(*keep)
    content_set.update({"characters.cards." + k.replace("__", "."): v for k, v in changes.items()})
    content_set.update(sets or {})
    return new_game(ruleset, seed=seed, options=options or {}, rulings=rulings,
                    dice=list(dice), content_set=content_set)


def answer(game: Game, *choices: str) -> Game:
    """Answer the pending decisions with these option ids, in order."""
    for choice in choices:
        assert game.pending is not None, f"the game is over before {choice!r}"
        game.step(choice)
    return game


def data(game: Game, kind: str) -> list[dict[str, Any]]:
    """The data of every event of this kind."""
    return [dict(e.data) for e in game.events if e.kind == kind]


def kinds(game: Game) -> list[str]:
    return [e.kind for e in game.events]


def rules(game: Game) -> list[str]:
    return [e.rule for e in game.events]


def table(game: Game) -> CombatTable:
    """The typed table of a running game (for procedure-level tests)."""
    assert isinstance(game.table, CombatTable)
    return game.table


def player(game: Game, seat: str):
    return game.table.state.players[seat]


def options_of(game: Game) -> list[str]:
    assert game.pending is not None
    return list(game.pending.ids)


def drive(procedure, *choices: str):
    """Run a procedure (generator) directly, answering its decisions with ``choices``.

    Returns (result, decisions asked).
    """
    asked = []
    answers = iter(choices)
    try:
        decision = next(procedure)
        while True:
            asked.append(decision)
            decision = procedure.send(next(answers))
    except StopIteration as done:
        return done.value, asked
