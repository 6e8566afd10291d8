"""What a search may imagine of a Dire Alliance game (``determinize``): only what its seat
cannot know is redrawn, from the seat's knowledge alone."""

from __future__ import annotations

from collections import Counter

import pytest

from rulekeeper.agents import decide, make_agent
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import Rng
from rulekeeper.rulesets.dire_alliance.hidden import redraw
from rulekeeper.rulesets.dire_alliance.tabletop import PlayArea

# pairs of seeds whose first decision looks the same to its seat, the other seat's hand differing
SAME_VIEW = {"dire-alliance-battle": ((0, 10), {}), "dire-alliance-raid": ((9, 12), {"heroes": 2})}


def hands(game, seat: str) -> list[list[str]]:
    """The hands of the other seats (a raid's heroes are its seats too)."""
    return [sorted(area.hand) for owner, area in game.table.state.sides.items() if owner != seat]


@pytest.mark.parametrize("ruleset_id", sorted(SAME_VIEW))
def test_a_world_keeps_what_the_seat_sees_and_redraws_the_rest(ruleset_id):
    (seed, _), options = SAME_VIEW[ruleset_id]
    game = new_game(ruleset_id, seed=seed, options=options, log=False)
    seat = game.pending.player
    seen = game.view(seat)["state"]
    worlds = [game.sample(seat, n) for n in range(8)]
    for world in worlds:
        assert world.view(seat)["state"] == seen
        assert game.ruleset.invariant_violations(world.table) == []
    assert len({str(hands(w, seat)) for w in worlds}) > 1  # the other hands are redrawn
    assert hands(game.sample(seat, 3), seat) == hands(game.sample(seat, 3), seat)


@pytest.mark.parametrize("ruleset_id", sorted(SAME_VIEW))
def test_the_world_drawn_depends_only_on_the_seats_view(ruleset_id):
    seeds, options = SAME_VIEW[ruleset_id]
    games = [new_game(ruleset_id, seed=s, options=options, log=False) for s in seeds]
    seat = games[0].pending.player
    assert games[0].view(seat) == games[1].view(seat)
    assert hands(games[0], seat) != hands(games[1], seat)
    worlds = [g.sample(seat, 7) for g in games]
    assert worlds[0].view(None) == worlds[1].view(None)


@pytest.mark.parametrize("ruleset_id", sorted(SAME_VIEW))
def test_the_searchs_choice_depends_only_on_the_seats_view(ruleset_id):
    seeds, options = SAME_VIEW[ruleset_id]
    searches = []
    for seed in seeds:
        game = new_game(ruleset_id, seed=seed, options=options, log=False)
        agent = make_agent("mcts:budget=40:depth=12", game.ruleset, game.pending.player, 5)
        searches.append((decide(agent, game), agent.last.visits))
    assert searches[0] == searches[1]


def test_a_redrawn_hand_comes_from_the_hand_and_deck_together():
    area = PlayArea("blue", deck=["a", "b", "c", "d"], hand=["e", "f"], discard=["g"])
    before = area.counts()
    found = set()
    for seed in range(30):
        copy = PlayArea("blue", deck=list(area.deck), hand=list(area.hand), discard=["g"])
        redraw(copy, False, Rng(seed))
        assert copy.counts() == before and len(copy.hand) == 2 and copy.discard == ["g"]
        found.add(tuple(sorted(copy.hand)))
    assert len(found) > 5
    own = PlayArea("red", deck=["a", "b", "c"], hand=["e"])
    redraw(own, True, Rng(1))
    assert own.hand == ["e"] and Counter(own.deck) == Counter("abc")
