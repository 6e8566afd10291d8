"""Bounded work and content checks (issue 12): a short Kaos question however much Kaos is
held, sane maximums, numbers that are not booleans, repeated ids."""

import pytest

from rulekeeper.agents import decide, play_out, seat_agents
from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.combat_encounter.bots import HeuristicBot
from rulekeeper.rulesets.combat_encounter.checks import KAOS_RANGE
from rulekeeper.rulesets.combat_encounter.odds import AttackQuestion, exact_odds, sample_odds
from tests.rulesets.combat_encounter.helpers import answer, data, options_of, player, start

RICH = {"characters.cards.knight.kaos": 100_000}


@pytest.mark.rule("combat.attack-check.kaos-increases")
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_a_hundred_thousand_kaos_asks_a_short_question(bots):
    """The former slow case (22 s for 20 games, 100,001 options per Attack Check)."""
    longest = 0
    for seed in range(20):
        game = new_game("combat-encounter", seed=seed, content_set=RICH)
        agents = seat_agents(game.ruleset, game.seats, [bots] * 2, seed)
        while game.pending:
            if game.pending.kind == "kaos":
                longest = max(longest, len(game.pending.options))
            game.step(decide(agents[game.pending.player], game))
        assert game.over
    assert 0 < longest <= KAOS_RANGE + 3


@pytest.mark.rule("combat.attack-check.kaos-increases", "combat.attack-check.success-at-or-above")
def test_the_kaos_offered_past_ten_is_what_reaches_the_defense_and_all():
    # Sir Brannock (Brawn 3) rolls 2: Final Result 5 against Wren's Defense 17 + 1 + 1 = 19
    game = start([2, 4], knight__kaos=100_000, ranger__defense=17)
    answer(game, "attack:p2:weapon-1")
    assert options_of(game) == [f"kaos:{n}" for n in (*range(11), 14, 100_000)]
    assert game.pending.option("kaos:14").label == "Spend 14 Kaos (Final Result 19)"
    assert HeuristicBot("p1").choose_from(game.table, game.pending) == "kaos:14"
    answer(game, "kaos:14")
    assert data(game, "attack.result")[-1]["outcome"] == "hit"
    assert player(game, "p1").kaos == 100_000 - 14


@pytest.mark.rule("combat.ruling.kaos-step", "combat.attack-check.kaos-increases")
def test_with_two_per_kaos_the_amount_offered_past_ten_rounds_up_to_reach_the_defense():
    # Final Result 5 against Defense 30 + 1 + 1 = 32: 27 short, 13 Kaos (+26) would not do
    game = start([2, 4], rulings={"kaos-step": "2"}, knight__kaos=100_000, ranger__defense=30)
    answer(game, "attack:p2:weapon-1")
    assert options_of(game) == [f"kaos:{n}" for n in (*range(11), 14, 100_000)]
    assert game.pending.option("kaos:14").label == "Spend 14 Kaos (Final Result 33)"
    answer(game, "kaos:14")
    assert data(game, "attack.result")[-1]["outcome"] == "hit"


def test_every_amount_up_to_ten_is_offered():
    game = start([2], knight__kaos=7, ranger__defense=17)
    answer(game, "attack:p2:weapon-1")
    assert options_of(game) == [f"kaos:{n}" for n in range(8)]


def test_the_odds_of_an_attacker_with_a_hundred_thousand_kaos():
    question = AttackQuestion(stat=0, defense=30, weapon="1d6", kaos=100_000)
    exact = exact_odds(question)
    assert exact.outcomes["hit"] == pytest.approx(19 / 20)  # every natural but a 1 is raised
    sampled = sample_odds(question, 200)
    assert sampled.outcomes["hit"] == pytest.approx(19 / 20, abs=0.06)


@pytest.mark.parametrize("path", [
    "characters.cards.knight.kaos", "characters.cards.knight.health",
    "characters.cards.knight.brawn", "characters.cards.knight.patron.defense",
    "items.cards.chain-mail.defense", "statuses.statuses.blessed.defense",
    "encounters.cards.ogre.count", "game.turn_actions", "game.critical_success_reward.rerolls",
    "variables.DISENGAGE_COST"])
def test_a_boolean_is_not_a_number(path):
    with pytest.raises(ContentError, match=rf"^--set {path}: .*a whole number is "
                                           r"expected, not true$"):
        new_game("combat-encounter", content_set={path: True})


@pytest.mark.parametrize(("path", "value"), [
    ("characters.cards.knight.kaos", 1_000_001), ("characters.cards.knight.health", 100_001),
    ("characters.cards.knight.rerolls", 1_001), ("characters.cards.knight.defense", 101),
    ("encounters.cards.ogre.count", 101), ("game.turn_actions", 11),
    ("encounters.cards.ogre.effects", [{"damage": 1}] * 101)])
def test_numbers_and_lists_past_their_maximum_are_refused(path, value):
    with pytest.raises(ContentError, match=r"less than or equal to|at most"):
        new_game("combat-encounter", content_set={path: value})


def test_a_boolean_in_a_file_is_refused_with_its_line(tmp_path):
    (tmp_path / "characters.yaml").write_text(
        "cards:\n  - id: knight\n    name: Sir A\n    health: true\n    defense: 10\n"
        "    patron: {name: X}\n")
    with pytest.raises(ContentError) as error:
        new_game("combat-encounter", content=str(tmp_path))
    assert str(error.value) == (f"{tmp_path / 'characters.yaml'}:4: cards.0.health: a whole "
                                f"number is expected, not true")


@pytest.mark.parametrize(("file", "text", "line"), [
    ("characters.yaml", "cards:\n  - {id: knight, name: A, health: 5, defense: 10, patron: {name: X}}\n"
                        "  - {id: knight, name: B, health: 6, defense: 10, patron: {name: X}}\n", 3),
    ("items.yaml", "cards:\n  - {id: gem, name: Gem, kind: magic}\n"
                   "  - {id: spear, name: Spear, kind: weapon, mode: melee, damage: 1d6}\n"
                   "  - {id: gem, name: Other Gem, kind: magic}\n", 4)])
@pytest.mark.parametrize("replace", [False, True])
def test_an_id_given_twice_is_refused_naming_file_line_and_id(tmp_path, file, text, line, replace):
    (tmp_path / file).write_text(text)
    with pytest.raises(ContentError) as error:
        new_game("combat-encounter", content=str(tmp_path), content_replace=replace)
    item = "knight" if file == "characters.yaml" else "gem"
    assert str(error.value) == (f"{tmp_path / file}:{line}: cards.{line - 2}: id {item!r} is "
                                f"used twice in this list (first at line 2)")


def test_a_game_with_the_largest_counts_still_plays():
    sets = {"characters.cards.knight.kaos": 1_000_000, "characters.cards.knight.rerolls": 1_000,
            "encounters.cards.quiet-corridor.count": 100}
    game = new_game("combat-encounter", seed=3, content_set=sets)
    play_out(game, seat_agents(game.ruleset, game.seats, ["heuristic"] * 2, 3))
    assert game.over and len(game.table.state.deck) + len(game.table.state.discard) == 110
