"""enemy-attacks's older versions play as they did (core/versions.py; history.py)."""

import pytest

from rulekeeper.core.game import new_game
from tests.rulesets.enemy_attacks.helpers import events, figure, pass_heroes, start
from tests.rulesets.enemy_attacks.test_stamina_conditions import hexed
from tests.rulesets.enemy_attacks.test_turns import NO_DICE


@pytest.mark.rule("ruling.hero-stamina-check", "ruling.reactive-check")
@pytest.mark.parametrize("face,lost", [("blank", 3), ("one", 3), ("two", 3)])
def test_as_damage_reads_a_heros_stamina_loss_all_or_nothing(face, lost):
    """Version 1's reading: fewer successes than the 3 shown prevent nothing."""
    game = hexed(dice=[face], rulings={"reactive-check": "all-or-nothing",
                                       "hero-stamina-check": "as-damage"})
    assert figure(game, "brannoc").spent == lost
    assert "(all-or-nothing)" in events(game, "attack-result")[0]["how"]


def test_version_1_pins_as_damage_and_version_2_each_success():
    assert new_game("enemy-attacks-v1").record().rulings["hero-stamina-check"] == "as-damage"
    assert new_game("enemy-attacks-v2").record().rulings["hero-stamina-check"] == "each-success"
    assert new_game("enemy-attacks").record().rulings["would-be-distance"] == "walking"


@pytest.mark.rule("ruling.would-be-distance", "sample.enemy-turn.would-be-target")
def test_range_takes_the_closest_ally_by_ruling_range_across_a_ledge():
    # Ayla in u is 1 border from the ghoul in a (a ledge), Brannoc in c 2 on foot: by range
    # (borders) Ayla is its would-be target, and it sets off the long way round (up the stairs)
    game = pass_heroes(start(heroes=[("ayla", "u"), ("brannoc", "c")], enemies=[("ghoul", "a")],
                             dice=NO_DICE, rulings={"would-be-distance": "range"}))
    would_be = events(game, "would-be-target")[0]
    assert (would_be["target"], would_be["reason"]) == ("Ayla Swiftbow", "closest at distance 1")
    # with v raised, no walk reaches u: it stands still beside the ledge for ever
    game = pass_heroes(start(heroes=[("ayla", "u"), ("brannoc", "c")], enemies=[("ghoul", "a")],
                             heights={"v": 2}, dice=NO_DICE,
                             rulings={"would-be-distance": "range"}))
    assert events(game, "would-be-target")[0]["target"] == "Ayla Swiftbow"
    assert figure(game, "ghoul").area == "a"


def test_version_3_tells_a_taunt_tie_once_it_is_broken():
    """Brannoc (4) in a and Tobin (3) in e both 2 from the ghoul in c, Taunt made equal."""
    setup = {"heroes": [("brannoc", "a"), ("tobin", "e")], "enemies": [("ghoul", "c")],
             "dice": NO_DICE, "sets": {"allies.heroes.tobin.taunt": 4}}
    old = pass_heroes(start(**setup, ruleset="enemy-attacks-v3"))
    new = pass_heroes(start(**setup))
    assert new.pending is not None and new.pending.kind == "taunt-tie"
    assert [e.kind for e in new.events][-1] == "would-be-tied"
    assert old.pending is not None and old.pending.kind == "taunt-tie"
    assert "would-be-tied" not in [e.kind for e in old.events]
    old.step(old.pending.options[0].id)
    told = events(old, "would-be-target")[0]
    assert told["reason"].endswith("; the players chose Brannoc the Shield")


def test_version_4_logs_the_seats_inside_words_as_it_did():
    """Version 4's records replay as they were logged: a figure's placing is ``place`` with
    its seat inside ``who`` (*Hero of p1*), an exception lists its players' seats
    (``players``); both said by version 4's own templates, in English and French."""
    setup = {"heroes": [("brannoc", "a"), ("ayla", "a")], "allies": [("torchbearer", "b")],
             "enemies": [("ghoul", "a")], "players": 2, "dice": ["blank"] * 6}
    games = {}
    for ruleset in ("enemy-attacks-v4", "enemy-attacks"):
        game = pass_heroes(start(**setup, ruleset=ruleset))
        game.step("hero-ayla")
        game.step("agree-ayla")
        games[ruleset] = game
    old, new = games["enemy-attacks-v4"], games["enemy-attacks"]
    assert old.record().ruleset == "enemy-attacks-v4" and new.record().ruleset == "enemy-attacks-v5"
    assert [e["who"] for e in events(old, "place")] == [
        "Hero of p1", "Hero of p2", "Non-Hero Ally of p1", "Enemy"]
    assert events(old, "exception-taken") == [
        {"hero": "Ayla Swiftbow", "target": "Brannoc the Shield", "players": ["p1", "p2"]}]
    assert not [e for e in old.events if e.kind in ("place-hero", "place-ally", "place-enemy",
                                                    "exception-agreed")]
    said = [old.ruleset.messages.render(e) for e in old.events]
    assert said[1] == "Brannoc the Shield (Hero of p1) starts in A"
    assert ("Ayla Swiftbow takes the attack instead of Brannoc the Shield (agreed by p1, p2)"
            in said)
    french = [old.ruleset.messages.render(e, "fr") for e in old.events]
    assert french[3] == "Porte-torche (Allié non-héros de Joueur 1) commence dans B"
    # the same game otherwise: every other event, and the decisions
    assert old.decisions == new.decisions
    others = ("place", "place-hero", "place-ally", "place-enemy", "exception-taken",
              "exception-agreed")
    assert ([e for e in old.events if e.kind not in others]
            == [e for e in new.events if e.kind not in others])
