"""Views hide what a seat may not know; the terminal picture; terminal play; the heroes'
bots; the dice rulings."""

import io
import json
import sys

import pytest
from pydantic import ValidationError

from rulekeeper import cli
from rulekeeper.agents import decide, play_out, seat_agents
from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.dire_alliance.attack import attack
from rulekeeper.rulesets.dire_alliance.models import SpecialAction
from rulekeeper.rulesets.dire_alliance.raid.bots import RaidHeuristicBot, Reading
from rulekeeper.rulesets.dire_alliance.raid.enemies import draw_villain_card
from rulekeeper.rulesets.dire_alliance.raid.models import HeroSpecial

from .helpers import RULESET, deal, drive, hero, place, raid, stack, start, summon, villain


def test_a_hand_is_shown_to_its_own_seat_only_and_the_villain_deck_as_a_count():
    game = start(2)
    mine = game.view("hero1")["state"]["heroes"]
    assert len(mine["hero1"]["hand"]) == 4 and mine["hero2"]["hand"] is None
    assert mine["hero2"]["hand_size"] == 4
    observer = game.view(None)["state"]["heroes"]
    assert observer["hero1"]["hand"] and observer["hero2"]["hand"]
    villain_view = game.view("hero1")["state"]["villain"]
    assert villain_view["deck"] == 14 and "order" not in json.dumps(villain_view)
    json.dumps(game.view("hero2"))
    assert {e.to for e in game.events if e.kind == "draw.cards"} == {("hero1",), ("hero2",)}


def test_the_picture_shows_the_villain_row_minions_wounds_objectives_and_action_rows():
    game = start(2, rulings={"raid-ties": "hard"})
    stack(game, "crushing-grip")
    r = raid(game)
    draw_villain_card(r, True)
    r.the_villain.wounds = 3
    summon(game, "butcher", "crossroads")
    deal(game, row=[("heavy-cleaver", True), ("charge", False)], hand=["trophy"],
         deck=["iron-brace"] * 2)
    hero(game).row[0].tokens.append("ward")
    picture = game.ruleset.render(game.view("hero1"))
    assert "The Hollow King (III) 4/1/2; wounds 3 of 17; villain deck 13;" in picture
    assert "objectives claimed 0 of 3" in picture
    assert "  row: Crushing Grip (+2 melee; minions red): Melee with +1 die. |" in picture
    assert " F Crossroads    DEIJ    BDEGHIJL Butcher red II ★/0/1" in picture
    assert "objective: grey gravestone" in picture
    assert "  row: Heavy Cleaver up (+2 melee, -1 defense) +ward," in picture
    assert "Charge down (no modifiers); discard: none; damage: none" in picture
    assert "in the bag of 19" in picture and "  Butcher red II ★/0/1, 2: Melee. |" in picture
    assert "hand: Trophy (+1 melee; III; ➤ Take a Trophy)" in picture
    assert "  row: empty; discard: none; damage: none" in picture  # hero2, hand hidden


def test_a_person_plays_every_hero_at_the_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["rulekeeper", "play", RULESET, "--seed", "4",
                                      "--agents", "human", "--heroes", "2"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    try:
        cli.main()
    except SystemExit as done:
        assert done.code in (0, None)
    out = capsys.readouterr().out
    assert "Game over" in out and "Raid Mode — Hero 2" in out and "Raid Mode — Hero 1" in out
    assert "Heroes Act: Sister Maren's action" in out and "  row: " in out


def test_the_heuristic_bot_beats_the_random_bot():
    wins = {"heuristic": 0, "random": 0}
    for bot in wins:
        for i in range(20):
            game = new_game(RULESET, seed=500 + i, options={"heroes": 1}, log=False)
            play_out(game, seat_agents(game.ruleset, game.seats, [bot], i))
            wins[bot] += game.result.winner == "heroes"
    assert wins["heuristic"] >= 12 and wins["random"] <= 2


def test_the_bot_reads_only_what_its_seat_may_know():
    # what its seat cannot know (the other heroes' hands, every deck's order) drawn again
    # changes none of its scores, at any decision of a game
    game = new_game(RULESET, seed=8, options={"heroes": 3}, log=False)
    bots = seat_agents(game.ruleset, game.seats, None, 8)
    for _ in range(150):
        if game.pending is None:
            break
        seat = game.pending.player
        scores = bots[seat].weigh(game.table, game.pending)
        for world_seed in (1, 2):
            world = game.sample(seat, world_seed)
            assert bots[seat].weigh(world.table, world.pending) == scores
        game.step(decide(bots[seat], game))


def test_the_bot_prefers_the_likelier_hit_and_the_villain_and_settles_ties_kindly():
    game = start(2)
    place(game, maren="crossroads", hollow_king="crossroads")
    summon(game, "reclaimed", "crossroads")
    reading = Reading(game.table.state, "hero1")
    assert reading.basic("melee:hollow-king") > reading.basic("melee:reclaimed-1")
    assert reading.basic("melee:hollow-king") > reading.basic("move:cairn")
    assert reading.threat("crossroads", 1) > reading.threat("red-camp", 1)
    # deciding for the enemies, it sends them toward the hero with more cards left
    deal(game, "hero2", deck=["crossbow"])
    bot = RaidHeuristicBot("hero1", 1)
    tie = Decision("hero1", "tie", options([("maren", "Sister Maren"), ("cole", "Cole Ashby")]),
                   "raid.ties.mutual", "Tie: which hero the Reclaimed attacks?")
    assert bot.choose_from(game.table, tie) == "maren"


def test_the_bot_activates_the_minion_that_can_do_least_and_sends_the_villain_to_the_heroes():
    game = start(2)
    place(game, maren="crossroads", cole="thorn-thicket", hollow_king="well")
    claimer = summon(game, "gravedigger", "marsh")      # Control first, on a free gravestone
    idle = summon(game, "reclaimed", "well")            # no hero to attack, nothing to claim
    fighter = summon(game, "gravedigger", "thorn-thicket")   # can Melee Cole Ashby
    bot = RaidHeuristicBot("hero1", 1)
    question = "Tie: which minion Sister Maren activates?"
    # the quiet Black Marsh is where the Gravedigger would claim: the Dry Well's Reclaimed
    tie = Decision("hero1", "tie", options([(claimer.id, "Gravedigger"), (idle.id, "Reclaimed")]),
                   "raid.ties.mutual", question)
    assert bot.choose_from(game.table, tie) == idle.id
    tie = Decision("hero1", "tie", options([(claimer.id, "Gravedigger"),
                                            (fighter.id, "Gravedigger")]),
                   "raid.ties.mutual", question)
    assert bot.choose_from(game.table, tie) == fighter.id
    # the gravestone nearest a hero (the Stone Cairn, next to both), not the Sunken Bog
    tie = Decision("hero1", "tie", options([("bog", "Sunken Bog"), ("cairn", "Stone Cairn")]),
                   "raid.ties.mutual", "Tie: which objective The Hollow King moves toward?")
    assert bot.choose_from(game.table, tie) == "cairn"


@pytest.mark.rule("raid.ruling.combat-die")
def test_the_combat_die_faces_follow_the_ruling():
    # the third face: BLOCK on the default die, HIT on the hit-heavy one
    results = {}
    for option in ("default", "hit-heavy"):
        game = start(1, rulings={"combat-die": option}, dice=[3, 3, 5])
        deal(game, deck=["trophy"] * 2)
        place(game, hollow_king="red-camp")
        r = raid(game)
        drive(attack(r, hero(game).fighter, [villain(game)], "melee"))
        results[option] = r.the_villain.wounds
    assert results == {"default": 0, "hit-heavy": 1}


@pytest.mark.rule("raid.ruling.vampire-die")
def test_the_vampire_die_faces_follow_the_ruling():
    for option, faces in (("default", ["DRAIN ESSENCE", "DRAIN ESSENCE", "HIT", "HIT", "BLOCK",
                                       "BLOCK"]),
                          ("single-drain", ["DRAIN ESSENCE", "HIT", "HIT", "BLOCK", "BLOCK",
                                            "blank"])):
        game = start(1, rulings={"vampire-die": option})
        assert list(raid(game).dice.vampire.face_names) == faces


def test_bad_raid_content_is_one_clear_error(tmp_path):
    (tmp_path / "heroes.yaml").write_text(
        "- id: x\n  name: X\n  melee: 1\n  shoot: -2\n  defense: 1\n"
        "  card: {id: c, name: C}\n")
    with pytest.raises(ContentError, match=r"heroes.yaml:4: 0.shoot"):
        new_game(RULESET, content=str(tmp_path))
    (tmp_path / "heroes.yaml").unlink()
    (tmp_path / "raid_sides.yaml").write_text(
        "- faction: grievers\n  colours: [grey]\n  ranks: [I]\n  objectives: [grey]\n  bag: 3\n"
        "  minions:\n    - {id: m, name: M, colour: grey, rank: I, melee: 1, shoot: 0,"
        " defense: 0, count: 2, actions: [{text: Melee., effects: [{melee: {}}]}]}\n")
    with pytest.raises(ContentError, match="add up to 2, not the bag's 3"):
        new_game(RULESET, content=str(tmp_path))


def test_hero_special_actions_cannot_use_enemy_verbs_and_only_hero_cards_place_tokens():
    for model in (SpecialAction, HeroSpecial):
        with pytest.raises(ValidationError, match="control"):
            model.model_validate({"name": "x", "effects": [{"control": True}]})
    with pytest.raises(ValidationError, match="token"):  # Raid's verb: not in Battle's cards
        SpecialAction.model_validate({"name": "x", "effects": [{"token": "ward"}]})
    ward = HeroSpecial.model_validate({"name": "x", "effects": [{"token": "ward"}]})
    assert ward.effects[0].verb == "token" and ward.effects[0].name == "ward"
