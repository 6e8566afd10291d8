"""Setup (battle.setup.*), the board (battle.board.*) and who is who."""

from collections import Counter

import pytest

from rulekeeper.core.errors import UsageError
from rulekeeper.core.registry import load

from .helpers import battle, events, fighter, start, table


@pytest.mark.rule("battle.overview.modes.battle", "battle.fighter.friendly", "battle.fighter.enemy")
def test_two_players_red_and_blue_play_against_each_other():
    game = start()
    assert game.seats == ("red", "blue")
    assert load("dire-alliance-battle").meta.players == ("red", "blue")
    t = table(game)
    assert t.opponent("red") == "blue" and t.opponent("blue") == "red"
    # the leader is a friendly fighter of its faction; the other side's leader an enemy
    countess = fighter(game, "red.countess")
    kramer = fighter(game, "blue.kramer")
    t.place(kramer, countess.area)
    assert countess in t.friends_in(countess.area, "red")
    assert countess in t.enemies_in(countess.area, "blue")
    assert countess not in t.enemies_in(countess.area, "red")
    assert countess not in t.friends_in(countess.area, "blue")
    assert t.enemies_in(countess.area, "red") == [kramer]
    assert sorted(f.id for f in t.friends_in(countess.area, "red")) == [
        "red.countess", "red.devoted", "red.empyreal", "red.hypnotist", "red.unbroken"]


@pytest.mark.rule("battle.rulebook.default-scenario", "battle.setup.choose-scenario.a",
                  "battle.setup.choose-scenario.b", "battle.setup.game-board.a",
                  "battle.setup.game-board.b", "battle.scenario.agree")
def test_default_scenario_is_beaten_path_on_the_darkwood():
    game = start()
    assert game.record().scenario == "beaten-path"
    assert battle(game).scenario.name == "Beaten Path"
    assert table(game).board.spec.id == "darkwood"
    assert events(game, "setup.scenario")[0]["board"] == "The Darkwood"
    other = start(scenario="standing-stones")
    assert battle(other).scenario.board == "darkwood"
    view = other.view("blue")["state"]
    assert view["scenario"]["name"] == "The Standing Stones"  # public to both players
    with pytest.raises(UsageError, match="no scenario"):
        start(scenario="into-the-darkwood")


@pytest.mark.rule("battle.setup.player-colors.initiative.a",
                  "battle.setup.player-colors.initiative.b", "battle.round.aggressor-defender")
def test_the_scenario_colour_starts_with_initiative():
    game = start()
    assert battle(game).aggressor == "red" and battle(game).defender == "blue"
    assert game.pending.player == "red" and game.pending.kind == "play-card"
    stones = start(scenario="standing-stones")
    assert battle(stones).aggressor == "blue"
    assert stones.pending.player == "blue"


@pytest.mark.rule("battle.setup.player-colors.demo-kit", "battle.ruling.player-colors")
def test_colours_as_chosen_put_the_shroud_on_red():
    game = start()
    assert battle(game).factions == {"red": "shroud", "blue": "grievers"}
    assert not events(game, "setup.flip")
    swapped = start(red_faction="grievers", red_leader="kramer", blue_faction="shroud",
                    blue_leader="countess")
    assert battle(swapped).factions == {"red": "grievers", "blue": "shroud"}


@pytest.mark.rule("battle.setup.player-colors.flip", "battle.ruling.player-colors")
def test_flipped_colours_are_random_and_recorded():
    seen = Counter()
    for seed in range(40):
        game = start(seed=seed, rulings={"player-colors": "flip"})
        flip = events(game, "setup.flip")
        assert len(flip) == 1
        factions = battle(game).factions
        seen[factions["red"]] += 1
        # the player who flipped is the colour shown
        faction_name = {"shroud": "The Shroud", "grievers": "The Grievers"}
        assert faction_name[factions[flip[0]["colour"]]] == flip[0]["faction"]
    assert seen["shroud"] > 5 and seen["grievers"] > 5


@pytest.mark.rule("battle.setup.order", "battle.setup.factions.choose",
                  "battle.setup.factions.collect", "battle.setup.leaders.choose",
                  "battle.setup.leaders.collect")
def test_each_player_collects_faction_objectives_fighters_and_leader():
    game = start(blue_leader="ellis")
    t = table(game)
    red = sorted(f.spec.id for f in t.fighters.values() if f.side == "red")
    blue = sorted(f.spec.id for f in t.fighters.values() if f.side == "blue")
    assert red == ["countess", "devoted", "empyreal", "hypnotist", "unbroken"]
    assert blue == ["butcher", "caretaker", "ellis", "gravedigger", "mourner"]
    owners = Counter(o.owner for o in t.objectives.values())
    assert owners == {"red": 4, "blue": 4}  # Beaten Path: four a side
    assert all("vessel" in o.name for o in t.objectives.values() if o.owner == "red")
    assert all("gravestone" in o.name for o in t.objectives.values() if o.owner == "blue")
    order = [e["kind"] for e in events(game) if e["kind"].startswith("setup.")]
    assert order[:3] == ["setup.scenario", "setup.colours", "setup.deck"]
    assert order[-1] == "setup.initiative"
    kramer = start()
    assert sorted(f.spec.id for f in table(kramer).fighters.values() if f.side == "blue") == [
        "butcher", "caretaker", "gravedigger", "kramer", "mourner", "rutger"]
    # each leader's 5 fighter cards: 2 in the starting deck (or hand), 3 in its supply pile
    for g, seat, leader in ((game, "red", "countess"), (game, "blue", "ellis"),
                            (kramer, "blue", "kramer")):
        area = table(g).sides[seat]
        assert (area.deck + area.hand).count(leader) == 2 and area.supply[leader] == 3
        assert area.counts()[leader] == 5


def test_unknown_faction_or_leader_is_one_clear_error():
    with pytest.raises(UsageError, match=r"unknown faction 'shrowd' \(did you mean 'shroud'"):
        start(red_faction="shrowd")
    with pytest.raises(UsageError, match="unknown leader"):
        start(blue_leader="dracula")
    with pytest.raises(UsageError, match="option --red-side"):
        start(red_side="x")


@pytest.mark.rule("battle.setup.starting-deck.a", "battle.setup.starting-deck.b",
                  "battle.setup.play-area.order", "battle.setup.play-area.faction-board",
                  "battle.setup.play-area.supply", "battle.setup.play-area.deck",
                  "battle.setup.play-area.graveyard", "battle.round.draw")
def test_starting_deck_of_ten_supply_of_three_and_empty_graveyard():
    game = start()
    for seat, cards in (("red", ["countess", "devoted", "empyreal", "hypnotist", "unbroken"]),
                        ("blue", ["butcher", "caretaker", "gravedigger", "kramer", "mourner"])):
        area = table(game).sides[seat]
        assert len(area.deck) + len(area.hand) == 10
        assert Counter(area.deck + area.hand) == {c: 2 for c in cards}
        assert area.supply == {c: 3 for c in cards}
        assert area.discard == [] and area.graveyard == [] and area.play == []
        assert len(area.hand) == 4  # the opening hand
    decks = {tuple(table(start(seed=s)).sides["red"].deck) for s in range(6)}
    assert len(decks) > 1  # shuffled with the game's generator
    view = game.view("red")["state"]["players"]
    assert view["red"]["deck"] == 6 and view["blue"]["hand"] is None  # deck order never shown
    assert (view["red"]["faction"], view["blue"]["faction"]) == ("shroud", "grievers")


@pytest.mark.rule("battle.status.start-ready", "battle.status.ready-or-stunned",
                  "battle.status.ready", "battle.board.one-area", "battle.board.capacity")
def test_fighters_start_ready_in_their_start_area():
    game = start()
    t = table(game)
    for f in t.fighters.values():
        assert not f.stunned and not f.sated and not f.defeated
        assert f.area == ("red-camp" if f.side == "red" else "blue-camp")
    assert len(t.in_area("blue-camp")) == 6  # any number of fighters share an area
    empyreal = fighter(game, "red.empyreal")
    t.place(empyreal, "crossroads")
    listed = [a for a, fs in t.occupants.items() if empyreal in fs]
    assert listed == ["crossroads"]


@pytest.mark.rule("battle.board.areas", "battle.board.adjacent", "battle.line-of-sight.designator")
def test_darkwood_areas_have_designators_and_symmetric_borders():
    board = table(start()).board
    assert len(board.ids) >= 10
    for area in board.ids:
        assert board.areas[area].sight is not None
        for other in board.neighbours(area):
            assert board.adjacent(other, area)
    assert board.adjacent("crossroads", "cairn") and not board.adjacent("crossroads", "well")
