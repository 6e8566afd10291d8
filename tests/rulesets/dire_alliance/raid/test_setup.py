"""Raid Mode setup (raid.setup.*): scenario, board, heroes and classes, villain and faction."""

from collections import Counter

import pytest

from rulekeeper.core.errors import ContentError, UsageError
from rulekeeper.core.game import new_game

from .helpers import RULESET, hero, kinds, raid, start


@pytest.mark.rule("raid.setup.choose-scenario.a", "raid.setup.choose-scenario.b",
                  "raid.setup.game-board.a", "raid.setup.game-board.b")
def test_into_the_darkwood_on_the_darkwood_is_the_default_and_only_raid_scenarios_are_offered():
    game = start()
    r = raid(game)
    assert game.record().scenario == "into-the-darkwood"
    assert r.scenario.name == "Into the Darkwood" and r.board.spec.id == "darkwood"
    assert game.ruleset.scenarios(game.table.content) == ["into-the-darkwood", "barrow-stones"]
    with pytest.raises(UsageError, match="no scenario 'beaten-path'"):
        new_game(RULESET, "beaten-path")
    other = start(scenario="barrow-stones")
    assert raid(other).scenario.name == "The Barrow Stones"


@pytest.mark.rule("raid.overview.heroes", "raid.setup.hero.choose", "raid.setup.hero.collect",
                  "raid.setup.class.choose", "raid.setup.class.collect")
def test_one_to_four_players_each_choose_a_hero_and_a_class():
    for count in (1, 2, 3, 4):
        game = start(count)
        assert game.seats == ("hero1", "hero2", "hero3", "hero4")[:count]
        r = raid(game)
        assert [h.fighter.team for h in r.heroes.values()] == ["heroes"] * count
    game = start(2, hero1="crane", class1="hunter", hero2="varga", class2="slayer")
    assert (hero(game).name, hero(game).hero_class.name) == ("Tobias Crane", "Hunter")
    assert (hero(game, "hero2").name, hero(game, "hero2").hero_class.name) == (
        "Dr. Ilse Varga", "Slayer")
    # the hero's token is on the board, its hero card and the class's four cards are its own
    assert raid(game).fighters["crane"].area == "red-camp"
    assert sorted(hero(game).piles.supply) == sorted(
        ["salt-ward", "crossbow", "snare", "scout", "field-kit"])
    for bad in ({"heroes": 0}, {"heroes": 5}):
        with pytest.raises(UsageError, match="--heroes"):
            new_game(RULESET, options=bad)
    with pytest.raises(UsageError, match="one token each"):
        start(2, hero1="cole", hero2="cole")
    with pytest.raises(UsageError, match=r"unknown hero 'marn'.*did you mean 'maren'"):
        start(1, hero1="marn")
    with pytest.raises(UsageError, match="unknown hero class"):
        start(1, class1="paladin")


@pytest.mark.rule("raid.setup.play-area.order", "raid.setup.play-area.class-board",
                  "raid.setup.play-area.supply.a", "raid.setup.play-area.supply.b",
                  "raid.setup.play-area.starting-deck.a", "raid.setup.play-area.starting-deck.b",
                  "raid.setup.play-area.deck", "raid.setup.play-area.damage-pile")
def test_each_play_area_has_a_shuffled_deck_of_ten_a_supply_of_three_each_and_a_damage_pile():
    game = start(1)
    h = hero(game)
    piles = h.piles
    held = Counter(piles.deck) + Counter(piles.hand)
    # 2 copies of each of the 4 class cards and 2 of the hero card: 10 cards, 4 of them drawn
    assert held == Counter({c: 2 for c in ("consecrated-blade", "heavy-cleaver", "iron-brace",
                                          "charge", "trophy")})
    assert len(piles.hand) == 4 and len(piles.deck) == 6
    # the supply holds the other 3 of each: 5 hero cards and 5 copies of each class card
    assert piles.supply == {c: 3 for c in held}
    assert piles.graveyard == [] and piles.discard == [] and h.row == []
    # the class board and reference card: the hero's base stats and class are in play
    assert (h.spec.melee, h.spec.shoot, h.spec.defense) == (2, "—", 1)
    # shuffled with the game's generator: the same seed deals the same cards, others differ
    orders = {tuple(hero(start(1, seed=s)).piles.deck) for s in range(6)}
    assert len(orders) > 1
    assert hero(start(1, seed=3)).piles.deck == hero(start(1, seed=3)).piles.deck
    setup = [e for e in game.events if e.kind == "raid.setup.hero"]
    assert setup[0].rule == "raid.setup.play-area.starting-deck.b"
    assert setup[0].data["deck"] == 10 and setup[0].data["supply"] == 15


@pytest.mark.rule("raid.setup.villain.choose", "raid.setup.villain.collect",
                  "raid.setup.enemy-play-area.reference-card",
                  "raid.setup.enemy-play-area.villain-deck", "raid.setup.enemy-play-area.order",
                  "raid.damage.villain.health", "raid.setup.order")
def test_the_villain_token_and_its_shuffled_deck_without_the_reference_card():
    game = start(2)
    r = raid(game)
    villain = r.the_villain
    assert villain.spec.id == "hollow-king" and villain.fighter.area == "blue-camp"
    # the deck is the villain's cards only (the Reference card gives stats and health)
    assert sorted(villain.deck) == sorted(c.id for c in villain.spec.deck)
    assert len(villain.deck) == 14 and villain.row == [] and villain.discard == []
    assert villain.wounds == 0
    orders = {tuple(raid(start(2, seed=s)).the_villain.deck) for s in range(6)}
    assert len(orders) > 1
    # Widow Thorne's card gives health X = 6: 6 times the players
    for players in (1, 2, 3, 4):
        other = raid(start(players, villain="widow-thorne")).the_villain
        assert other.spec.name == "Widow Thorne" and other.health == 6 * players
    told = next(e for e in start(3, villain="widow-thorne").events
                if e.kind == "raid.setup.villain")
    assert (told.data["health_x"], told.data["players"], told.data["health"]) == (6, 3, 18)
    with pytest.raises(UsageError, match="unknown villain"):
        start(villain="dracula")
    assert kinds(game)[:5] == ["raid.setup.scenario", "raid.setup.hero", "raid.setup.hero",
                               "raid.setup.villain.printed", "raid.setup.faction"]


@pytest.mark.rule("raid.setup.faction.choose", "raid.setup.faction.demo-kit",
                  "raid.setup.faction.collect", "raid.setup.enemy-play-area.faction-board",
                  "raid.setup.enemy-play-area.minion-supply", "raid.minion.faction-board")
def test_the_grievers_raid_side_a_bag_of_twenty_minions_and_five_objectives():
    game = start()
    r = raid(game)
    assert r.side.faction == "grievers"
    assert len(r.bag) == 20 and r.minions() == []
    assert Counter(r.fighters[m].card for m in r.bag) == Counter(
        {"reclaimed": 8, "caretaker": 3, "mourner": 4, "gravedigger": 2, "butcher": 3})
    assert {o.id: o.area for o in r.objectives.values()} == {
        "grey": "old-mill", "green": "bog", "blue": "lych-gate", "yellow": "cairn",
        "red": "marsh"}
    assert r.objectives["grey"].name == "grey gravestone"
    # minions act from the faction board's Raid side
    assert r.kinds["mourner"].actions[0].text == "Shoot."
    with pytest.raises(UsageError, match="unknown faction 'shroud'"):
        start(faction="shroud")


@pytest.mark.rule("raid.sample.party-health")
def test_the_hollow_king_prints_his_health_for_each_party_size():
    healths = [raid(start(players)).the_villain.health for players in (1, 2, 3, 4)]
    assert healths == [12, 17, 22, 22]
    told = next(e for e in start(2).events if e.kind == "raid.setup.villain.printed")
    assert (told.data["players"], told.data["health"]) == (2, 17) and "health_x" not in told.data
    # a list of another length is refused: one value for each of one to four heroes
    with pytest.raises(ContentError, match="health"):
        start(1, sets={"villains.hollow-king.health": [12, 17, 22]})
