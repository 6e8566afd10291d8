"""Forks resume from the latest checkpoint, and nothing they do differs from a replay."""

from __future__ import annotations

import copy
import gc
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from rulekeeper.core import registry
from rulekeeper.core.board import AreaSpec, Board, BoardSpec
from rulekeeper.core.checkpoints import Shared, shared_objects
from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.errors import RulesetError, UsageError
from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.ruleset import GameOver, Procedure, Ruleset, Table
from tests.core.duel import Duel, rounds
from tests.core.duel.table import DuelState


class RerunDuel(Duel):
    """The duel without :meth:`resume`: its forks re-run the whole game."""

    meta = replace(Duel.meta, name="rerun-duel")
    resume = Ruleset.resume  # type: ignore[assignment]


@dataclass
class Holding(DuelState):
    """A duel's state that also holds the table, its parts and content."""

    table: Table | None = None
    rng: Any = None
    emit: Any = None
    rulings: Any = None
    deck: Any = None


class HoldingDuel(Duel):
    """The duel whose state also holds the table, its parts and content."""

    meta = replace(Duel.meta, name="holding-duel")

    def play(self, table: Table) -> Procedure:
        rounds.deal(table)
        table.state = Holding(**vars(table.state), table=table, rng=table.rng, emit=table.emit,
                              rulings=table.rulings, deck=table.content.deck)
        table.checkpoint()
        yield from rounds.rounds(table)


class Counting(Ruleset):
    """Five rounds: ask an outside number, then guess high or low; one d6 a round."""

    meta = RulesetMeta(name="counting", version=1, title="Counting", players=("seer",),
                       chance=True, hidden_information=False, max_length=10)
    content_model = Duel.content_model
    content_dir = Duel.content_dir

    def play(self, table: Table) -> Procedure:
        table.state = {"round": 0, "score": 0}
        return self.resume(table)

    def resume(self, table: Table) -> Procedure:
        state = table.state
        while state["round"] < 5:
            state["round"] += 1
            number = table.outside("number", {"round": state["round"]})
            guess = yield Decision("seer", "guess", options([("high", "high"), ("low", "low")]),
                                   "counting.guess", "high or low?")
            state["score"] += (guess == "high") == (number + table.rng.roll(6) > 7)
            table.checkpoint()
        raise GameOver("seer" if state["score"] >= 3 else None, "guesses")


RULESETS = {"rerun-duel-v1": RerunDuel, "holding-duel-v1": HoldingDuel, "counting-v1": Counting}


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    for ruleset_id, ruleset in RULESETS.items():
        registry.register(ruleset_id, ruleset)
    yield
    for ruleset_id in RULESETS:
        registry.unregister(ruleset_id)


def events(game: Game) -> list[dict[str, Any]]:
    return [e.to_json() for e in game.events]


def random_decisions(game: Game, rng: random.Random) -> Game:
    while game.pending is not None:
        game.step(rng.choice(game.pending.ids))
    return game


@pytest.mark.parametrize("ruleset", ["duel", "rerun-duel", "holding-duel"])
@pytest.mark.parametrize("log", [True, False])
def test_fork_and_continue_is_a_fresh_replay_at_every_point(ruleset, log):
    for seed in range(12):
        chooser = random.Random(seed)
        dice = [3, 3] if seed % 3 == 0 else []  # some ties go to the scripted dice
        cards = {"deck.cards": [5, 5, 5, 6, 6, 6, 7]} if seed % 2 else None
        game = new_game(ruleset, seed=seed, log=log, dice=dice, content_set=cards)
        while True:
            before = (list(game.decisions), events(game))
            fork = random_decisions(game.fork(), random.Random(seed * 100 + len(game.decisions)))
            fresh = replay(fork.record(), log=log)
            assert events(fork) == events(fresh)
            assert fork.result == fresh.result and fork.decisions == fresh.decisions
            assert (list(game.decisions), events(game)) == before  # the source is untouched
            if game.over:
                break
            game.step(chooser.choice(game.pending.ids))
        assert events(game) == events(replay(game.record(), log=log))


def test_a_fork_resumes_from_the_latest_checkpoint(monkeypatch):
    game = new_game("duel", seed=3)
    plays = []
    original = Duel.play
    monkeypatch.setattr(Duel, "play", lambda self, table: plays.append(1) or original(self, table))
    for _ in range(3):
        game.step(game.pending.ids[0])
    game.fork()  # the first fork re-runs the game, and the game keeps checkpoints from now on
    assert plays == [1]
    game.step(game.pending.ids[0])  # the end of round 2: a checkpoint
    forks = [game.fork() for _ in range(5)]
    assert plays == [1]  # no fork started the game again
    assert all(f.decisions == game.decisions and events(f) == events(game) for f in forks)
    assert forks[0].pending == game.pending


def test_a_ruleset_without_resume_re_runs_every_fork(monkeypatch):
    game = new_game("rerun-duel", seed=3)
    plays = []
    original = Duel.play
    monkeypatch.setattr(Duel, "play", lambda self, table: plays.append(1) or original(self, table))
    game.step(game.pending.ids[0])
    game.fork()
    game.fork()
    assert plays == [1, 1]


def test_the_copy_shares_content_and_takes_the_forks_own_table_parts():
    game = new_game("holding-duel", seed=1)
    game.step(game.pending.ids[0])
    game.fork()
    fork = game.fork()
    state = fork.table.state
    assert state.table is fork.table and state.rng is fork.table.rng
    assert state.emit.__self__ is fork.table and state.rulings is fork.table.rulings
    assert state.deck is game.table.content.deck  # content is shared, never copied
    assert state.hands is not game.table.state.hands


def test_shared_objects_reach_into_models_dicts_and_slots():
    game = new_game("duel", seed=1)
    found = shared_objects([game.table.content])
    deck = game.table.content.deck
    assert found[id(deck)] is deck and found[id(deck.cards)] is deck.cards


def test_a_state_that_cannot_be_copied_is_the_rulesets_error():
    class Unsaved(Counting):
        meta = replace(Counting.meta, name="unsaved")

        def play(self, table: Table) -> Procedure:
            table.state = {"round": 0, "score": 0, "stream": (n for n in range(3))}
            return self.resume(table)

    registry.register("unsaved-v1", Unsaved)
    try:
        game = new_game("unsaved", source=lambda kind, request: 4)
        game.fork()
        with pytest.raises(RulesetError, match="cannot save its state"):
            game.step("high")
    finally:
        registry.unregister("unsaved-v1")


def test_outside_inputs_dice_and_undo_go_through_checkpoints():
    calls: list[int] = []
    game = new_game("counting", seed=5, dice=[6, 1, 6],
                    source=lambda kind, request: calls.append(1) or request["round"] * 2)
    game.step("high")
    game.fork()
    game.step("low")
    game.step("high")
    fork = random_decisions(game.fork(), random.Random(1))
    assert len(calls) == 5  # the fork asked only for the rounds it added
    assert events(replay(fork.record())) == events(fork) and fork.result == replay(
        fork.record()).result
    game.undo()  # from the checkpoint after round 2
    assert game.decisions == ["high", "low"]
    game.step("low")
    assert game.record().inputs[:3] == [{"kind": "number", "value": v} for v in (2, 4, 6)]
    random_decisions(game, random.Random(2))
    assert replay(game.record()).result == game.result


def test_a_sample_redraws_what_the_seat_cannot_know_and_the_coming_chance():
    game = new_game("duel", seed=4, content_set={"deck.cards": [1, 2, 3, 4, 5, 6, 7, 8, 9]})
    game.step(game.pending.ids[0])  # north plays face down; south decides
    truth = {seat: sorted(hand) for seat, hand in game.table.state.hands.items()}
    worlds = [game.sample("south", seed) for seed in range(20)]
    assert all(sorted(w.table.state.hands["south"]) == truth["south"] for w in worlds)
    norths = {tuple(sorted(w.table.state.hands["north"])) for w in worlds}
    assert len(norths) > 1  # north's hand is redrawn, from cards south has not seen
    unseen = set(range(1, 10)) - set(truth["south"])
    assert all(set(n) <= unseen for n in norths)
    again = game.sample("south", 7)
    assert again.table.state == worlds[7].table.state  # the same seed, the same world
    assert game.table.state.hands == {s: h for s, h in game.table.state.hands.items()}
    assert {s: sorted(h) for s, h in game.table.state.hands.items()} == truth
    assert not worlds[0].table.logging and not worlds[0].events[len(game.events):]


def test_a_sample_draws_its_own_dice_and_leaves_the_games_to_come():
    cards = {"deck.cards": [5] * 6}  # every round ties: the d6 decide
    game = new_game("duel", seed=0, content_set=cards)
    game.step("5")
    outcomes = set()
    for seed in range(12):
        world = game.sample("south", seed)
        world.step("5")
        outcomes.add(tuple(world.table.state.won.values()))
    assert len(outcomes) > 1  # the worlds roll their own dice
    game.step("5")
    fresh = new_game("duel", seed=0, content_set=cards)
    fresh.step("5")
    fresh.step("5")
    assert events(game) == events(fresh)  # the game rolls what it would have rolled


def test_a_sample_has_no_record_and_cannot_be_forked_or_undone():
    world = new_game("duel", seed=1).sample("north", 1)
    for action in (world.fork, world.record, world.undo, lambda: world.sample("north", 2)):
        with pytest.raises(UsageError, match="sampled for a search"):
            action()
    world.step(world.pending.ids[0])
    assert world.decisions


@pytest.mark.parametrize("ruleset", ["dire-alliance-battle", "dire-alliance-raid"])
def test_a_released_world_is_freed_at_once_without_the_garbage_collector(ruleset):
    game = new_game(ruleset, seed=1, log=False)
    for _ in range(20):
        assert game.pending is not None
        game.step(game.pending.ids[-1])
    game.fork()  # the game keeps checkpoints from here: worlds resume from them
    with pytest.raises(UsageError, match="only a game sampled"):
        game.release()
    gc.disable()
    try:
        for release in (False, True):
            world = game.sample(game.pending.player, 5)
            world.step(world.pending.ids[0])
            state = world.table.state
            kind, where = type(state), id(state)
            del state  # (a compiled state is a native class, which takes no weak reference)
            if release:
                world.release()
            del world
            alive = any(type(o) is kind and id(o) == where for o in gc.get_objects())
            assert alive is not release  # without it, only a collection frees it
    finally:
        gc.enable()


def test_a_sample_is_unlabelled_and_a_fork_keeps_its_games_labels():
    for labels in (True, False):
        game = new_game("duel", seed=1, labels=labels)
        game.step(game.pending.ids[0])
        assert game.table.labelled is labels
        assert game.fork().table.labelled is labels
        assert game.sample("south", 1).table.labelled is False
        assert game.fork().table.labelled is labels  # a fork from the kept checkpoint too
    assert new_game("duel", seed=1).table.labelled is True


def test_a_board_is_shared_by_copies_of_a_state():
    board = Board(BoardSpec(id="b", areas=[AreaSpec(id="a", neighbours=[], sight=(0, 0))]))
    state = {"board": board, "figures": {"x": "a"}}
    copied = copy.deepcopy(state)
    assert copied["board"] is board and copied["figures"] is not state["figures"]


def test_a_shared_dict_is_shared_by_copies_of_a_state():
    names: Shared[str, str] = Shared(a="Alice")
    state = {"names": names, "hand": ["a"]}
    copied = copy.deepcopy(state)
    assert copied["names"] is names and copied["hand"] is not state["hand"]


def test_a_raid_fork_shares_what_its_setup_fixed_and_copies_the_rest():
    game = new_game("dire-alliance-raid", seed=2, options={"heroes": 2}, log=False)
    first = game.fork()  # re-runs the game, and hands its checkpoint to the source
    first.view(first.seats[0])  # builds the printed part of the view
    second = game.fork()  # a copy of that checkpoint
    one, two = first.table.state, second.table.state
    for name in ("printed", "cards", "villain_cards", "kinds", "card_names"):
        assert getattr(two, name) is getattr(one, name) and getattr(one, name)
    assert two.fighters is not one.fighters and two.heroes is not one.heroes
    content = game.table.content  # the content's own models, never copied
    assert two.scenario is one.scenario is content.raid(two.scenario.id)
    assert two.side is content.raid_side(two.side.faction)


def test_a_battle_fork_shares_the_content_it_plays():
    game = new_game("dire-alliance-battle", seed=2, log=False)
    for _ in range(12):
        assert game.pending is not None
        game.step(game.pending.options[0].id)
    fork = game.fork()
    again = fork.fork()  # from the checkpoint the first fork took
    content = game.table.content
    for one in (fork, again):
        state = one.table.state
        assert state.scenario is content.scenario(state.scenario.id)
        assert state.fighters is not game.table.state.fighters
        assert all(f.form is game.table.state.fighters[i].form
                   for i, f in state.fighters.items())


def test_a_copied_dire_alliance_table_keeps_who_is_who():
    game = new_game("dire-alliance-raid", seed=4, options={"heroes": 2}, log=False)
    for _ in range(30):
        assert game.pending is not None
        game.step(game.pending.options[0].id)
    copied = copy.deepcopy(game.table.state, {id(game.table): game.table})
    fighters = copied.fighters
    assert all(f is not game.table.state.fighters[k] for k, f in fighters.items())
    assert all(h.fighter is fighters[h.fighter.id] for h in copied.heroes.values())
    assert copied.the_villain.fighter is fighters[copied.the_villain.fighter.id]
    assert all(f is fighters[f.id] for group in copied.occupants.values() for f in group)
    assert [f.id for f in copied.occupants[next(iter(copied.occupants))]] == [
        f.id for f in game.table.state.occupants[next(iter(copied.occupants))]]
    hero = next(h for h in copied.heroes.values() if h.row)
    hero.resolving = hero.row[-1]
    again = copy.deepcopy(copied, {id(game.table): game.table})
    mine = again.heroes[hero.seat]
    assert mine.resolving is mine.row[-1] and mine.resolving is not hero.resolving


def test_a_dire_alliance_table_copy_keeps_classes_and_copies_what_it_does_not_know():
    from rulekeeper.rulesets.dire_alliance.copies import copied
    from rulekeeper.rulesets.dire_alliance.pieces import Fighter

    odd = {"kinds": {"a": Fighter}, "pairs": [("a", [1])], "fighter": Fighter}
    memo: dict[int, Any] = {}
    copy_ = {name: copied(value, memo) for name, value in odd.items()}
    assert copy_["kinds"] == {"a": Fighter} and copy_["kinds"] is not odd["kinds"]
    assert copy_["fighter"] is Fighter
    assert copy_["pairs"] == odd["pairs"] and copy_["pairs"][0][1] is not odd["pairs"][0][1]
