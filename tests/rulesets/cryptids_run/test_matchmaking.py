"""Matchmaking over a snapshot pool: bands, the closest rating, never one's own, not the same
player twice, ghosts, and the events that explain the choice."""

import math

import pytest

from rulekeeper.core import registry
from rulekeeper.rulesets.cryptids_run.matchmaking import Matchmaker, MatchRequest, match
from rulekeeper.rulesets.cryptids_run.pool import InMemoryPool
from tests.rulesets.cryptids_run.helpers import buy_and_end, data, kappa_run, kinds, snapshot

RULESET = registry.load("cryptids-run")
CONTENT = RULESET.load_content()[0]
RULES = RULESET.stock(CONTENT).rules.matchmaking
GHOSTS = RULESET.ghosts(CONTENT)


def ask(pool, mu=25.0, round_=1, player="me", last=None, seed=0):
    request = MatchRequest(round=round_, player=player, run="me-run", rating={"mu": mu,
                           "sigma": 3.0}, last_opponent=last, seed=seed,
                           snapshot=snapshot(player, round_, run="me-run"))
    return match(request, pool, RULES, GHOSTS)


@pytest.mark.rule("matchmaking.band", "rating.matchmaking")
def test_the_band_widens_until_someone_is_near():
    pool = InMemoryPool([snapshot("far", 1, mu=36.0), snapshot("farther", 1, mu=60.0)])
    found = ask(pool, mu=25.0)
    assert [(b.band, b.found) for b in found.bands] == [(2, 0), (4, 0), (8, 0), (16, 1)]
    assert found.opponent.player == "far" and found.reason == "closest"
    found = ask(InMemoryPool([snapshot("farther", 1, mu=60.0)]))
    assert [b.band for b in found.bands] == [2, 4, 8, 16, None]
    assert found.opponent.player == "farther"


@pytest.mark.rule("matchmaking.closest")
def test_the_closest_rating_in_the_band_is_chosen_and_equals_are_drawn():
    pool = InMemoryPool([snapshot("a", 1, mu=24.0), snapshot("b", 1, mu=25.5),
                         snapshot("c", 1, mu=26.5)])
    found = ask(pool, mu=25.0)
    assert found.opponent.player == "b" and found.reason == "closest"
    assert [c.player for c in found.candidates] == ["b", "a", "c"]
    pool = InMemoryPool([snapshot(p, 1, mu=25.0) for p in "abcd"])
    drawn = {ask(pool, seed=seed).opponent.player for seed in range(40)}
    assert drawn == set("abcd") and ask(pool, seed=3).reason == "drawn"
    assert ask(pool, seed=3).opponent == ask(pool, seed=3).opponent  # the seed decides


@pytest.mark.rule("opponent.snapshot.b", "opponent.snapshot.c")
def test_only_other_players_snapshots_of_the_same_round_are_candidates():
    pool = InMemoryPool([snapshot("me", 1, mu=25.0, run="old-run"), snapshot("x", 2, mu=25.0),
                         snapshot("y", 1, mu=40.0)])
    found = ask(pool)
    assert found.opponent.player == "y" and found.opponent.round == 1


@pytest.mark.rule("matchmaking.not-twice")
def test_not_the_same_player_twice_in_a_row_when_others_exist():
    pool = InMemoryPool([snapshot("x", 1, mu=25.0), snapshot("y", 1, mu=30.0)])
    assert ask(pool, last=None).opponent.player == "x"
    assert ask(pool, last="x").opponent.player == "y"
    alone = InMemoryPool([snapshot("x", 1, mu=25.0)])
    found = ask(alone, last="x")
    assert found.opponent.player == "x" and found.reason == "again" and found.bands[-1].again


@pytest.mark.rule("matchmaking.ghost")
def test_with_no_snapshot_at_the_round_a_ghost_built_by_a_bot():
    found = ask(InMemoryPool([snapshot("x", 2)]), round_=3, mu=31.0, seed=5)
    ghost = found.opponent
    assert found.reason == "ghost" and found.bot == "greedy" and ghost.ghost
    assert ghost.round == 3 and ghost.player == "ghost" and ghost.rating.mu == 31.0
    assert 1 <= len(ghost.row) <= 5
    stock = RULESET.stock(CONTENT)
    assert all(stock.tier(f.cryptid) <= 2 for f in ghost.row)  # round 3 shops tiers 1-2
    assert ask(InMemoryPool(), round_=3, mu=31.0, seed=5).opponent == ghost


@pytest.mark.rule("matchmaking.explained")
def test_the_choice_is_explained_as_events():
    pool = InMemoryPool([snapshot("far", 1, mu=28.5), snapshot("near", 1, mu=28.0)])
    game = kappa_run(Matchmaker(pool, GHOSTS), content_set={})
    buy_and_end(game)
    assert kinds(game, "match.") == ["match.band", "match.band", "match.candidates",
                                     "match.closest.chosen"]
    assert [(d["band"], d["found"]) for d in data(game, "match.band")] == [(2, 0), (4, 2)]
    assert data(game, "match.candidates")[0]["candidates"] == ["near (28.0)", "far (28.5)"]
    assert data(game, "match.closest.chosen")[0]["player"] == "near"
    assert len(pool) == 3  # the run's own snapshot was added
    game.step("end")  # round 2: nobody; a ghost
    assert kinds(game, "match.ghost.chosen") == ["match.ghost.chosen"]


def test_the_pool_lists_candidates_newest_first_within_the_window():
    pool = InMemoryPool([snapshot(p, 1, mu=mu, run=f"{p}-r") for p, mu in
                         [("a", 20.0), ("b", 25.0), ("c", 30.0), ("d", 26.0)]])
    got = pool.candidates(1, exclude={"d"}, low=20.0, high=29.0, limit=5)
    assert [s.player for s in got] == ["b", "a"]
    assert [s.player for s in pool.candidates(1, exclude=(), low=-math.inf, high=math.inf,
                                              limit=2)] == ["d", "c"]
