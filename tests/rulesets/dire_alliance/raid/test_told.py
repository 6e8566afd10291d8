"""Raid Mode: a card's Shoot with an enemy in the hero's area (ruling raid-special-shoot),
damage a ward token prevents (never suffered, logged or counted), and what a player is
told: draws name the hero, the villain's heal, no tie between two heroes of one area, the
terminal picture on an 80x40 screen, taking back a decision and help at the terminal."""

from __future__ import annotations

import io
import sys

import pytest
from rich.console import Console

from rulekeeper import cli
from rulekeeper.agents.human import HumanAgent
from rulekeeper.core.records import read_log
from rulekeeper.rulesets.dire_alliance import special
from rulekeeper.rulesets.dire_alliance.attack import attack
from rulekeeper.rulesets.dire_alliance.models import Effect
from rulekeeper.rulesets.dire_alliance.raid import damage, enemy_actions, movement
from rulekeeper.rulesets.dire_alliance.raid.models import EnemyEffect

from .helpers import HARD, armed, deal, drive, hero, mark, new_events, place, raid, start, summon

SHOOT = Effect.model_validate({"shoot": {}})


@pytest.mark.rule("raid.ruling.raid-special-shoot", "raid.hero-action.shoot.b")
@pytest.mark.parametrize("option", ["no-enemies-here", "allowed"])
def test_a_cards_shoot_needs_no_enemy_in_the_heros_area_unless_the_ruling_allows(option):
    game = start(2, rulings={"raid-special-shoot": option})
    r = raid(game)
    cole = hero(game, "hero2").fighter
    place(game, cole="crossroads")
    summon(game, "reclaimed", "thorn-thicket")  # seen from the Crossroads
    crossbow = r.cards["crossbow"].special
    assert special.possible(r, cole, crossbow.effects)  # no enemy in his area
    summon(game, "reclaimed", "crossroads")
    barred = option == "no-enemies-here"
    assert special.possible(r, cole, crossbow.effects) is not barred
    since = mark(game)
    drive(special.run(r, cole, SHOOT, None), *([] if barred else ["done"]))  # no boost
    assert bool(new_events(game, since, "effect.skipped")) is barred
    assert bool(new_events(game, since, "attack")) is not barred


@pytest.mark.rule("raid.sample.ward")
def test_damage_a_ward_prevents_is_not_suffered_logged_or_counted():
    game = start(1, rulings=HARD)
    r = raid(game)
    deal(game, row=[("iron-brace", True)], deck=["trophy"] * 2 + ["charge"] * 2)
    h = hero(game)
    h.row[0].tokens.append("ward")
    place(game, maren="old-mill", hollow_king="old-mill")
    r.rng._script.extend(["HIT"] * 3 + ["blank"] * 3)
    since = mark(game)
    damaged, asked = drive(attack(r, r.the_villain.fighter, [h.fighter], "melee"), "ward")
    assert damaged == [] and asked[-1].kind == "ward"
    assert "would suffer damage from The Hollow King" in asked[-1].prompt
    assert [e["kind"] for e in new_events(game, since)][-2:] == ["hit", "raid.ward"]
    assert new_events(game, since, "raid.damage") == []
    assert r.stats.get("heroes_damage_taken", 0) == 0 and h.damage_pile == []


@pytest.mark.rule("raid.objective.villain-damage", "raid.sample.ward")
def test_a_warded_villain_attack_claims_no_objective():
    """The villain claims "after it attacks and successfully damages a hero"."""
    game = start(1, rulings=HARD)
    r = raid(game)
    deal(game, row=[("iron-brace", True)], deck=["trophy"] * 2 + ["charge"] * 2)
    hero(game).row[0].tokens.append("ward")
    place(game, maren="old-mill", hollow_king="old-mill")
    r.rng._script.extend(["HIT"] * 3 + ["blank"] * 3)
    drive(enemy_actions.perform(r, r.the_villain.fighter, Effect.model_validate({"melee": {}})),
          "ward")
    assert r.claimed == [] and "grey" in r.objectives_in_play()


@pytest.mark.rule("raid.hero-act.draw")
def test_draws_name_the_hero():
    game = start(2)
    draws = [e for e in game.events if e.kind == "draw"]
    assert [e.data["seat"] for e in draws] == ["Sister Maren", "Cole Ashby"]
    assert game.ruleset.messages.render(draws[0]) == "Sister Maren draws 4 cards"
    assert {e.to for e in game.events if e.kind == "draw.cards"} == {("hero1",), ("hero2",)}


@pytest.mark.rule("raid.heal.villain")
def test_the_villains_heal_says_the_wounds_left():
    game = start(1)
    r = raid(game)
    r.the_villain.wounds = 1
    drive(damage.heal(r, r.the_villain.fighter, 1, "raid.heal.villain"))
    healed = [e for e in game.events if e.kind == "raid.heal.villain"][-1]
    assert game.ruleset.messages.render(healed) == (
        "The Hollow King heals: one wound token is discarded (0 wounds left, health 12)")


@pytest.mark.rule("raid.enemy-move.minion.nearest-hero", "raid.ties.mutual")
def test_two_heroes_in_one_area_are_no_tie_for_a_minion_heading_for_them():
    game = start(2)  # the heroes decide ties: a tie would be a decision
    armed(game)
    armed(game, "hero2")
    place(game, maren="crossroads", cole="crossroads")
    minion = summon(game, "reclaimed", "red-camp")
    goal, asked = drive(movement.nearest_hero(raid(game), minion,
                                              "raid.enemy-move.minion.nearest-hero"))
    assert asked == [] and goal.area == "crossroads"


def screen(game) -> list[str]:
    out = io.StringIO()
    seat = game.pending.player
    agent = HumanAgent(game.ruleset, seat, Console(file=out, width=80, height=40,
                                                   color_system=None))
    agent.console.input = lambda prompt="": "1"  # type: ignore[method-assign]
    agent.choose(game.view(seat), game.pending)
    return out.getvalue().splitlines()


@pytest.mark.rule("raid.stats.facedown", "raid.minion.faction-board")
def test_the_picture_shows_minions_face_down_cards_piles_and_keeps_the_phase_on_screen():
    game = start(4, scenario="barrow-stones")
    deal(game, row=[("charge", False), ("iron-brace", True)], hand=["trophy"],
         discard=["heavy-cleaver"], graveyard=["consecrated-blade"], deck=["charge"])
    picture = game.ruleset.render(game.view("hero1")).splitlines()
    assert max(len(line) for line in picture) <= 76
    assert picture[-1] == "Round 1, Heroes Act phase"
    text = "\n".join(picture)
    assert "Charge down (no modifiers), Iron Brace up (+2 defense)" in text
    assert "discard: Heavy Cleaver; damage: Consecrated Blade" in text
    assert "  Reclaimed grey I 2/0/0, 8: Melee. | Move, then Melee." in text
    assert "Gravedigger yellow I 2/0/2" in text  # every kind's rank and actions
    shown = screen(game)
    assert max(len(line) for line in shown) <= 80
    status = shown.index(next(line for line in shown if "Round 1, Heroes Act phase" in line))
    assert len(shown) - status <= 40


@pytest.mark.rule("raid.hero-action.play-card")
def test_a_person_takes_back_a_decision_and_asks_for_help_at_the_terminal(tmp_path, capsys,
                                                                            monkeypatch):
    log = tmp_path / "game.jsonl"
    monkeypatch.setattr(sys, "argv", ["rulekeeper", "play", "dire-alliance-raid", "--heroes",
                                      "1", "--agents", "human", "--log", str(log)])
    monkeypatch.setattr(sys, "stdin", io.StringIO("u\n1\n?\nu\n1\n1\nq\n"))
    try:
        cli.main()
    except SystemExit as done:
        assert done.code in (0, None)
    out = " ".join(capsys.readouterr().out.split())
    assert "There is no decision of yours to take back." in out
    assert "u takes back your last decision; resign resigns the game; ? shows this help" in out
    assert out.count("Your last decision is taken back.") == 1
    record = read_log(log).record
    assert len(record.decisions) == 2  # 1, (taken back), 1, 1


@pytest.mark.rule("raid.heal.minion", "raid.heal.villain")
def test_the_caretakers_heal_a_minion_in_its_area_never_heals_the_villain():
    game = start(1, rulings=HARD)
    r = raid(game)
    r.the_villain.wounds = 2
    place(game, hollow_king="crossroads")
    caretaker = summon(game, "caretaker", "crossroads")
    heal = r.kinds["caretaker"].actions[1].effects[0]  # "Heal a minion in its area"
    assert heal.who == "minion-here"
    assert enemy_actions.heal_candidates(r, caretaker, heal) == [caretaker]
    drive(enemy_actions.perform(r, caretaker, heal))
    assert r.the_villain.wounds == 2  # a minion of its rank joined it instead
    assert len([f for f in r.in_area("crossroads") if r.is_minion(f)]) == 2
    # with no minion to heal there, the action is not performed (it tries the next one)
    r.bag.clear()
    assert enemy_actions.obstacle(r, caretaker, heal) == ("raid.heal.minion", "nothing to heal")
    # "friend-here" still reaches the villain
    friend = EnemyEffect.model_validate({"heal": 1, "who": "friend-here"})
    assert r.the_villain.fighter in enemy_actions.heal_candidates(r, caretaker, friend)
