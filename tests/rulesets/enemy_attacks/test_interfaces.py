"""Terminal play, replay --explain, the view and its picture, bots, content files."""

import json
import re

import pytest

from rulekeeper.agents import RandomAgent, play_out, seat_agents
from rulekeeper.core.game import new_game, replay
from rulekeeper.lab.batch import BatchSpec, run_serial
from rulekeeper.lab.summary import Summary
from tests.core.test_cli import run
from tests.rulesets.enemy_attacks.helpers import events, pass_heroes, start


def test_a_person_plays_a_whole_game_in_the_terminal(capsys, monkeypatch):
    code, out, err = run(["play", "enemy-attacks", "--seed", "2", "--agents", "human,heuristic"],
                         capsys, monkeypatch, stdin="1\n" * 3000)
    assert code == 0, err
    assert "Game over" in out and "Which Hero takes the next turn?" in out
    assert "gate (Crypt Gate): height 0, 3 of 4 places filled" in out
    assert "Enemy Bone Colossus (huge): health 9/9; melee: 3 damage" in out


def test_players_option_and_one_player(capsys, monkeypatch):
    code, out, _ = run(["play", "enemy-attacks", "--agents", "heuristic", "--players", "1"],
                       capsys, monkeypatch)
    assert code == 0 and "Game over" in out and "(p2)" not in out
    code, _, err = run(["play", "enemy-attacks", "--players", "5"], capsys, monkeypatch)
    assert code == 2 and "option --players" in err and len(err.strip().splitlines()) == 1


def test_replay_explain_shows_targeting_and_reductions(tmp_path, capsys, monkeypatch):
    log = tmp_path / "game.jsonl"
    code, _, _ = run(["play", "enemy-attacks", "--seed", "5", "--agents", "heuristic",
                      "--log", str(log)], capsys, monkeypatch)
    assert code == 0
    code, out, _ = run(["replay", str(log), "--explain"], capsys, monkeypatch)
    assert code == 0 and "Reproduced enemy-attacks-v5" in out
    text = " ".join(out.split())  # the terminal wraps long sentences
    targets = text.split("attack may reach")[1:]
    assert targets and all("Taunt" in t.split("]")[0] for t in targets)
    # each says whom it attacks, or that Allies are tied, and the next sentence breaks the tie
    assert all("it attacks" in t.split("[")[0] or ("are tied" in t.split("[")[0] and
               "'s target is" in t.split("[")[1]) for t in targets)
    assert any("are tied" in t for t in targets)
    assert "distance" in text and "highest Taunt" in text
    results = text.split(" suffers ")[1:]
    assert results and all(re.search(r"check success(es)? ", r.split("[")[0]) for r in results)


def test_the_target_sentence_explains_candidates_and_the_choice():
    game = pass_heroes(start(heroes=[("ayla", "a"), ("brannoc", "c"), ("miren", "e")],
                             enemies=[("cultist", "b")], dice=["blank"] * 5))
    sentence = game.ruleset.messages.render(next(e for e in game.events if e.kind == "target"))
    assert sentence == (
        "Cultist Archer's ranged attack may reach Ayla Swiftbow (distance 1 of range 3, in line "
        "of sight, Taunt 2), Brannoc the Shield (distance 1 of range 3, in line of sight, "
        "Taunt 4); not eligible: Miren of the Ash (not in line of sight); it attacks Brannoc "
        "the Shield: closest at distance 1 (2 tied), then highest Taunt 4")
    result = game.ruleset.messages.render(next(e for e in game.events
                                               if e.kind == "attack-result"))
    assert result == ("Brannoc the Shield suffers 3 damage from Cultist Archer: 3 damage shown, "
                      "aim not obstructed, -0 check successes = 3")


def test_the_view_hides_only_the_item_deck_order():
    game = start(heroes=[("brannoc", "a"), ("ayla", "b")], players=2)
    mine, theirs = game.view("p1"), game.view("p2")
    assert mine["state"] == theirs["state"] == game.view(None)["state"]
    assert mine["state"]["item_deck"] == 5
    json.dumps(mine)
    assert mine["pending"] is not None and theirs["pending"] is None


def test_render_lists_areas_with_heights_capacities_figures_and_cards():
    game = start(heroes=[("brannoc", "w")], enemies=[("witch", "c")], caps={"e": None})
    picture = game.ruleset.render(game.view("p1"))
    assert "w (W): height 1, stairs, 1 of 3 places filled; next to c, v" in picture
    assert "e (E): height 0, 0 places filled, no limit" in picture
    assert ("Enemy Hex Witch (normal): health 4/4; magic 3: 3 stamina loss, Will check, "
            "area 1, then cursed; defeat: 1 item card, 1 star") in picture
    assert "Hero Brannoc the Shield (Player 1): Might 3, Agility 1, Will 1, Taunt 4; chips 7" in picture
    assert "[" not in picture


@pytest.mark.parametrize("players", [1, 2, 4])
def test_bot_games_finish_and_replay(players):
    for seed in range(3):
        game = new_game("enemy-attacks", seed=seed, options={"players": players})
        names = ["heuristic", "random"][:players]
        play_out(game, seat_agents(game.ruleset, game.seats, names, seed))
        assert game.over and game.result.winner in ("heroes", "enemies")
        assert replay(game.record()).events == game.events


def test_the_heuristic_bot_beats_random_play():
    def wins(agent):
        results = list(run_serial(BatchSpec("enemy-attacks", (agent,)), 40, 11))
        return Summary.of(results, "heroes").winners.get("heroes", 0)

    assert wins("heuristic") > wins("random") + 10


def test_metrics_are_declared_and_per_figure():
    game = new_game("enemy-attacks", seed=4)
    play_out(game, {s: RandomAgent(s, 1) for s in game.seats})
    metrics = game.result.metrics
    assert set(game.ruleset.metrics) <= set(metrics)
    for fid in ("brannoc", "hound", "colossus"):
        assert metrics[f"played.{fid}"] == 1
        assert metrics.get(f"survived.{fid}", 0) + metrics.get(f"defeated.{fid}", 0) == 1
    defeated = sum(1 for e in game.table.state.enemies if not e.in_play)
    assert metrics["enemies_defeated"] == defeated


def test_sample_content_is_marked_and_has_the_required_shape():
    content = new_game("enemy-attacks").table.content
    assert all(getattr(content, f).sample for f in ("dice", "allies", "enemies", "board",
                                                    "items", "scenarios"))
    board = content.board
    assert len(board.areas) >= 10 and board.walls
    assert all(a.capacity for a in board.areas) and {a.height for a in board.areas} == {0, 1}
    assert len(content.allies.heroes) == 4 and len(content.allies.non_hero_allies) == 2
    sizes = [e.size for e in content.enemies.enemies]
    assert len(sizes) == 6 and sizes.count("large") == 1 and sizes.count("huge") == 1
    assert all(e.box and e.box.defeat for e in content.enemies.enemies)


def test_content_schema_and_bad_files(tmp_path, capsys, monkeypatch):
    code, out, _ = run(["schema", "enemy-attacks"], capsys, monkeypatch)
    assert code == 0 and {"dice", "allies", "enemies", "board", "items", "scenarios"} <= set(
        json.loads(out)["properties"])
    (tmp_path / "enemies.yaml").write_text(
        "enemies:\n  - id: ghoul\n    name: Ghoul\n    health: 2\n"
        "    attack: {kind: ranged, effect: damage, value: 2, ability: might}\n")
    code, _, err = run(["play", "enemy-attacks", "--content", str(tmp_path)], capsys,
                       monkeypatch)
    assert code == 1 and "enemies.yaml:5: enemies.0.attack" in err
    assert len(err.strip().splitlines()) == 1


def test_the_second_scenario_plays():
    game = new_game("enemy-attacks", scenario="gallery-ambush", seed=1)
    play_out(game, {s: RandomAgent(s, 2) for s in game.seats})
    assert game.over and events(game, "place-hero") and events(game, "place-enemy")
