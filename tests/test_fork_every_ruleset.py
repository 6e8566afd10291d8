"""Forks and samples of every registered ruleset: fork-and-continue is a fresh replay.

A ruleset that implements ``resume`` is forked at fifteen decisions spread over the game, or
at every one in a short game (each fork resumes from a checkpoint, and the test checks that
it did); one that does not is forked at a few (each fork re-runs the game).
"""

import random

import pytest

from rulekeeper.core import registry
from rulekeeper.core.game import Game, new_game, replay

RULESETS = registry.ids()


def events(game: Game) -> list[dict]:
    return [e.to_json() for e in game.events]


def play_randomly(game: Game, seed: int) -> Game:
    chooser = random.Random(seed)
    while game.pending is not None:
        game.step(chooser.choice(game.pending.ids))
    return game


FORKS = 15
"""Decisions at which a game of a ruleset that resumes is forked, at most."""


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_fork_and_continue_replays_identically(ruleset_id, monkeypatch):
    ruleset = registry.load(ruleset_id)
    resumed = []
    if ruleset.resumable:
        resume = type(ruleset).resume
        monkeypatch.setattr(type(ruleset), "resume",
                            lambda self, table: resumed.append(1) or resume(self, table))
    for seed in range(3):
        length = len(play_randomly(new_game(ruleset_id, seed=seed, log=False), seed).decisions)
        points = ({*range(0, length + 1, max(1, length // FORKS)), length}
                  if ruleset.resumable else {0, length // 3, 2 * length // 3, length})
        game = new_game(ruleset_id, seed=seed)
        chooser = random.Random(seed)
        while True:
            if len(game.decisions) in points:
                before = (list(game.decisions), events(game))
                fork = play_randomly(game.fork(), seed * 1000 + len(game.decisions))
                assert ruleset.invariant_violations(fork.table) == []
                fresh = replay(fork.record())
                assert events(fork) == events(fresh), (seed, len(game.decisions))
                assert fork.result == fresh.result
                world = game.sample(game.pending.player, seed) if game.pending else None
                if world is not None:
                    play_randomly(world, seed)
                    assert world.over and ruleset.invariant_violations(world.table) == []
                assert (list(game.decisions), events(game)) == before, "the source changed"
            if game.over:
                break
            game.step(chooser.choice(game.pending.ids))
        assert events(game) == events(replay(game.record()))
    assert bool(resumed) == ruleset.resumable
