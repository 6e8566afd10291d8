"""Resume points inside a turn (Battle: before each card played, the initiative claim and
each choice of the next fighter; the Raid: before each hero's turn of a heroes phase and
each enemy's activation of an enemies phase): a fork or a search's world resumes there and is the game a fresh replay gives, at every
decision of whole games."""

from __future__ import annotations

import random

import pytest

from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.core.ruleset import Ruleset

GAMES = [("dire-alliance-battle", {}, 1), ("dire-alliance-raid", {"heroes": 2}, 0),
         ("dire-alliance-raid", {"heroes": 3}, 3)]


def events(game: Game) -> list[dict]:
    return [e.to_json() for e in game.events]


def where(game: Game) -> tuple:
    """All that a game is at a decision: what everyone sees of the table, the pending
    decision, the events so far, the dice's generator."""
    return (game.ruleset.view(game.table, None), game.pending, events(game),
            game.table.rng.snapshot())


def play_on(game: Game, seed: int) -> Game:
    chooser = random.Random(seed)
    while game.pending is not None:
        game.step(chooser.choice(game.pending.ids))
    return game


def resumed_inside(ruleset: Ruleset, monkeypatch) -> list[object]:
    """Records, for each resume of ``ruleset``, where inside a turn (or heroes phase) it
    resumed (None: between turns or phases)."""
    found: list[object] = []
    resume = type(ruleset).resume

    def recording(self, table):
        state = table.state
        found.append(state.progress.step if hasattr(state, "progress") and state.progress
                     else "heroes" if getattr(state, "waited", None) is not None
                     else "enemies" if getattr(state, "enemies", None) is not None else None)
        return resume(self, table)

    monkeypatch.setattr(type(ruleset), "resume", recording)
    return found


@pytest.mark.parametrize(("ruleset_id", "options", "seed"), GAMES)
def test_a_fork_at_every_decision_is_the_fresh_replay(ruleset_id, options, seed, monkeypatch):
    game = new_game(ruleset_id, seed=seed, options=options)
    twin = new_game(ruleset_id, seed=seed, options=options)  # never forked: never resumes
    inside = resumed_inside(game.ruleset, monkeypatch)
    chooser = random.Random(seed)
    forks = 0
    while game.pending is not None:
        fork = game.fork()
        assert where(fork) == where(twin), len(game.decisions)
        if forks % 40 == 0:  # and then the rest of the game, every 40 decisions
            rest = seed * 1000 + forks
            fresh = replay(game.record())
            assert events(play_on(fork, rest)) == events(play_on(fresh, rest))
            assert fork.result == fresh.result
        world = game.sample(game.pending.player, forks)
        asked = game.pending
        assert (world.pending.player, world.pending.kind, world.pending.ids,
                world.pending.prompt) == (asked.player, asked.kind, asked.ids, asked.prompt)
        forks += 1
        option = chooser.choice(game.pending.ids)
        game.step(option)
        twin.step(option)
    assert twin.over and events(game) == events(twin)
    assert events(game) == events(replay(game.record()))
    # the forks resumed inside turns (after the first, which re-runs the game from the start)
    assert len(inside) >= 2 * forks - 2
    steps = ({"play", "initiative", "activate"} if "battle" in ruleset_id
             else {"heroes", "enemies"})
    assert steps <= set(inside)


def test_a_checkpoint_inside_a_turn_resumes_to_the_same_events(monkeypatch):
    """Battle: a fork taken where the latest checkpoint is before the choice of the next
    fighter (two activations into a turn) resumes there, and plays on to the same events as
    the game itself."""
    game = new_game("dire-alliance-battle", seed=4)
    inside = resumed_inside(game.ruleset, monkeypatch)
    game.fork()  # the game keeps checkpoints from now on
    chooser = random.Random(4)
    activations = 0
    while activations < 2 or game.pending.kind != "activate":
        activations += game.pending.kind == "activate"
        game.step(chooser.choice(game.pending.ids))
    t = game.table.state
    assert t.progress is not None and t.progress.step == "activate"
    fork = game.fork()
    assert inside[-1] == "activate"
    rest = random.Random(5)
    decisions = []
    while fork.pending is not None:
        decisions.append(rest.choice(fork.pending.ids))
        fork.step(decisions[-1])
    for option in decisions:
        game.step(option)
    assert events(fork) == events(game) and fork.result == game.result


@pytest.mark.parametrize(("ruleset_id", "options", "seed"), GAMES)
def test_a_world_is_the_one_made_at_the_checkpoint_reseeded_after_replaying(ruleset_id, options,
                                                                            seed):
    """A search's world where the game drew nothing since its latest checkpoint draws from
    the world's seed at once (``Rng.reseeded_at``): it is the world set at the checkpoint's
    dice, replayed to the decision, then reseeded and redrawn, and it goes on alike; its
    table shares the game's rulings."""
    game = new_game(ruleset_id, seed=seed, options=options, log=False)
    game.fork()  # the game keeps checkpoints from here
    chooser = random.Random(seed)
    quiet = 0
    while game.pending is not None and len(game.decisions) < 150:
        seat, world_seed = game.pending.player, len(game.decisions)
        checkpoint = game._checkpoint
        quiet += checkpoint is not None and checkpoint.rng[2] == game.table.rng.draws
        world = game.sample(seat, world_seed)
        slow = game._rerun(game.decisions, False, False, False)  # at the checkpoint's dice
        slow.table.rng.reseed(world_seed)
        game.ruleset.determinize(slow.table, seat, slow.table.rng)
        assert world.table.rulings is game.table.rulings
        for _ in range(3):
            assert where(world) == where(slow), len(game.decisions)
            if world.pending is None:
                break
            option = chooser.choice(world.pending.ids)
            world.step(option)
            slow.step(option)
        game.step(chooser.choice(game.pending.ids))
    assert quiet > 20  # most worlds skip setting the checkpoint's dice


@pytest.mark.parametrize(("ruleset", "options", "seed"), GAMES)
def test_a_logged_games_search_worlds_log_nothing(ruleset, options, seed):
    """A world resumed from a logged game's checkpoint logs nothing, its state neither (the
    state's flag is a copy of the checkpoint's): its rules skip the sentences' work."""
    game = new_game(ruleset, seed=seed, options=options)
    chooser = random.Random(seed)
    for _ in range(30):
        game.step(chooser.choice(game.pending.ids))
    seat = game.pending.player
    game.sample(seat, 1).release()  # the first world is a fork, which keeps the checkpoint
    world = game.sample(seat, 2)
    assert game.table.state.logging and not world.table.logging
    assert not world.table.state.logging
