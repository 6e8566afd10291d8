"""Content of both modes is refused with one clear error naming the file, not accepted to
fail or hang later: numbers that are not whole numbers (``true``, ``2.5``), values past the
sane maximums, die faces that no ruling option or symbol explains, and names one file gives
that another does not have. The largest accepted content still plays to the end quickly."""

from __future__ import annotations

import sys
import time

import pytest

from rulekeeper import cli
from rulekeeper.agents import RandomAgent
from rulekeeper.core.errors import ContentError, UsageError
from rulekeeper.core.game import new_game

BATTLE, RAID = "dire-alliance-battle", "dire-alliance-raid"


def refused(ruleset: str, match: str, content: str | None = None, **sets: object) -> str:
    with pytest.raises(ContentError, match=match) as error:
        new_game(ruleset, content=content, content_set=sets)
    return str(error.value)


@pytest.mark.parametrize("ruleset, path", [
    (BATTLE, "factions.shroud.fighters.empyreal.melee"),
    (BATTLE, "factions.grievers.fighters.gravedigger.special.effects.0.withdraw"),
    (BATTLE, "scenarios.beaten-path.round_limit"),
    (BATTLE, "scenarios.beaten-path.goal.objectives"),
    (BATTLE, "components.dread_cards"),
    (RAID, "heroes.maren.melee"),
    (RAID, "villains.hollow-king.health"),
    (RAID, "raids.barrow-stones.villain_goal.minions"),
])
@pytest.mark.parametrize("value", [True, 2.5])
def test_a_number_field_refuses_booleans_and_fractions(ruleset, path, value):
    message = refused(ruleset, "valid integer", **{path: value})
    assert message.startswith(f"--set {path}: ")


@pytest.mark.parametrize("ruleset, path, value", [
    (BATTLE, "factions.shroud.fighters.empyreal.melee", 11),
    (BATTLE, "factions.shroud.fighters.empyreal.special.effects.1.melee.dice", 1000),
    (BATTLE, "factions.grievers.fighters.gravedigger.special.effects.0.withdraw", 10**9),
    (BATTLE, "factions.grievers.fighters.caretaker.special.effects.0.heal", 11),
    (BATTLE, "scenarios.beaten-path.round_limit", 10**6),
    (BATTLE, "components.dread_cards", 10**9),
    (RAID, "villains.hollow-king.health", 10**9),
    (RAID, "heroes.maren.melee", 99),
])
def test_counts_and_stats_have_sane_maximums(ruleset, path, value):
    refused(ruleset, "less than or equal", **{path: value})


def test_a_number_of_heroes_is_a_whole_number_too():
    with pytest.raises(UsageError, match="--heroes"):
        new_game(RAID, options={"heroes": True})


def test_every_option_of_a_die_ruling_has_faces_and_every_face_a_known_symbol():
    refused(BATTLE, "no faces for the ruling's options hit-heavy",
            **{"components.combat_die.faces": {"default": ["HIT"], "block-heavy": ["BLOCK"]}})
    refused(RAID, "not 'HTI'", **{"components.combat_die.faces.default.0": "HTI"})
    refused(BATTLE, "at most 20", **{"components.vampire_die.faces.default": ["HIT"] * 21})


@pytest.mark.parametrize("sets, match", [
    ({"scenarios.beaten-path.board": "fallen-gate"}, "unknown board 'fallen-gate'"),
    ({"scenarios.beaten-path.start.red": "nowhere"}, "area 'nowhere', not on board"),
    ({"scenarios.standing-stones.interact.fighters": ["nobody"]}, "unknown fighter 'nobody'"),
])
def test_a_battle_scenario_names_only_what_the_other_files_have(sets, match):
    message = refused(BATTLE, match, **sets)
    assert message.split(":")[0].endswith("scenarios.yaml")


def test_a_scenario_gives_both_colours_and_each_objective_site_once():
    refused(BATTLE, "objectives names no blue",
            **{"scenarios.beaten-path.objectives": {"red": ["bog-site"]}})
    refused(BATTLE, "given twice",
            **{"scenarios.beaten-path.objectives.blue": ["marsh-site", "marsh-site"]})


def test_fighter_ids_that_would_clash_in_a_game_are_refused(tmp_path):
    refused(BATTLE, "fighter id 'butcher' is a faction fighter's",
            **{"leaders.kramer.fighters.1.id": "butcher"})
    refused(BATTLE, "'dread' is the dread card's id", **{"leaders.hush.id": "dread"})
    # the error names the file the mistake is in: the user's file when it is theirs
    (tmp_path / "leaders.yaml").write_text("- id: empyreal\n  name: Twin\n  rule: x\n"
                                           "  fighters:\n    - {id: twin, name: Twin, melee: 1,"
                                           " shoot: 1, defense: 1}\n")
    message = refused(BATTLE, "card id 'empyreal' is used by two", content=str(tmp_path))
    assert message.startswith(str(tmp_path / "leaders.yaml"))


def test_special_actions_name_only_forms_and_tokens_their_fighter_has():
    refused(BATTLE, "transform names 'bat'", **{
        "leaders.ellis.fighters.0.special.effects.0.transform": "bat"})
    refused(BATTLE, "teleport names unknown token 'grave'", **{
        "leaders.countess.fighters.0.special.effects.0": {"teleport": "grave"}})
    refused(BATTLE, "a faction fighter has none", **{
        "factions.shroud.fighters.empyreal.special.effects.0": {"teleport": "coffin"}})


@pytest.mark.parametrize("sets, file, match", [
    ({"raid_sides.0.minions.0.id": "charge"}, "raid_sides.yaml", "minion 'charge' has a hero"),
    ({"heroes.maren.id": "reclaimed-1"}, "heroes.yaml", "hero 'reclaimed-1' has a minion"),
    ({"villains.hollow-king.id": "butcher"}, "villains.yaml", "villain 'butcher' has a minion"),
    ({"raids.into-the-darkwood.objectives.pink": "bog-site"}, "raids.yaml",
     "no Raid side has colour 'pink'"),
    ({"raids.barrow-stones.interact.fighters": ["nobody"]}, "raids.yaml",
     "unknown fighter 'nobody'"),
    ({"villains.hollow-king.deck.0.minion": "pink"}, "villains.yaml", "unknown colour 'pink'"),
])
def test_raid_content_names_only_what_the_other_files_have(sets, file, match):
    assert refused(RAID, match, **sets).split(":")[0].endswith(file)


def test_a_bad_set_value_is_one_line_at_the_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["rulekeeper", "play", "dire-alliance-battle", "--set",
                                      "factions.shroud.fighters.empyreal.melee=true"])
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "valid integer" in err and "Traceback" not in err


@pytest.mark.parametrize("ruleset, sets", [
    (BATTLE, {"factions.grievers.fighters.gravedigger.special.effects.0.withdraw": 10,
              "factions.grievers.fighters.gravedigger.special.effects.1.gain": 10,
              "factions.grievers.fighters.caretaker.special.effects.0.heal": 10,
              "factions.shroud.fighters.empyreal.melee": 10,
              "scenarios.beaten-path.round_limit": 1000}),
    (RAID, {"villains.hollow-king.health": 50, "raid_sides.0.minions.4.actions.1.effects.0.move": 10,
            "villains.hollow-king.deck.2.actions.0.effects.0.spawn": 10}),
])
def test_the_largest_content_accepted_plays_to_the_end_quickly(ruleset, sets):
    began = time.process_time()
    for seed in range(3):
        game = new_game(ruleset, seed=seed, content_set=sets, log=False)
        agents = {s: RandomAgent(s, seed + i) for i, s in enumerate(game.seats)}
        while not game.over:
            game.step(agents[game.pending.player].choose(None, game.pending))
        assert game.result is not None
    assert time.process_time() - began < 20
