"""Hero turns, Enemy turns, rounds and the scenario (sample rules)."""

import pytest

from rulekeeper.core.game import new_game
from tests.rulesets.enemy_attacks.helpers import events, figure, pass_heroes, start

NO_DICE = ["blank"] * 20


# ---------------------------------------------------------------- hero turn

@pytest.mark.rule("sample.hero-turn.action-and-manoeuvre")
def test_one_action_and_one_manoeuvre_in_either_order():
    game = start(heroes=[("ayla", "a")], enemies=[("ghoul", "c")], dice=NO_DICE)
    first = set(game.pending.ids)
    assert {"ranged-ghoul", "move-b", "end"} <= first and "move-u" not in first
    game.step("move-b")
    assert game.pending.ids == ("ranged-ghoul", "end")  # no second manoeuvre
    assert game.view("p1")["state"]["used"] == ["manoeuvre"]
    assert "Ayla Swiftbow acts (manoeuvre used)" in game.ruleset.render(game.view("p1"))
    game.step("ranged-ghoul")
    # both used: the turn ends by itself, the enemy phase runs
    assert events(game, "enemy-turn")


@pytest.mark.rule("sample.hero-turn.action-and-manoeuvre")
def test_attack_first_then_move_or_skip():
    game = start(heroes=[("ayla", "a")], enemies=[("ghoul", "c")], dice=NO_DICE)
    game.step("ranged-ghoul")
    assert game.pending.kind == "hero-turn"
    assert all(o.startswith("move-") or o == "end" for o in game.pending.ids)
    game.step("end")
    assert figure(game, "ayla").area == "a"


@pytest.mark.rule("sample.hero-turn.melee-attack")
def test_a_melee_attack_rolls_might_and_deals_its_successes():
    game = start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a")],
                 dice=["two", "one", "blank"])
    assert game.pending.ids[0] == "melee-ghoul"
    game.step("melee-ghoul")
    assert events(game, "check")[0]["ability"] == "Might"
    assert figure(game, "ghoul").health == 1 and events(game, "hero-hits")[0]["damage"] == 3


@pytest.mark.rule("sample.hero-turn.ranged-attack")
def test_a_ranged_attack_rolls_agility_within_its_range():
    # Tobin's ranged range is 2: c (distance 2) is offered, d (3) is not
    game = start(heroes=[("tobin", "a")], enemies=[("ghoul", "c")], dice=["two", "two"])
    game.step("ranged-ghoul")
    assert events(game, "check")[0]["ability"] == "Agility"
    assert figure(game, "ghoul").health == 0
    game = start(heroes=[("tobin", "a")], enemies=[("ghoul", "d")])
    assert "ranged-ghoul" not in game.pending.ids


@pytest.mark.rule("sample.hero-turn.ranged-attack")
def test_ranged_attacks_need_sight_and_allow_range_zero():
    game = start(heroes=[("ayla", "d")], enemies=[("ghoul", "e"), ("cultist", "d")])
    assert "ranged-ghoul" not in game.pending.ids  # behind the wall
    assert "ranged-cultist" in game.pending.ids  # same area: range 0


@pytest.mark.rule("sample.hero-turn.magic-attack")
def test_a_magic_attack_rolls_will():
    game = start(heroes=[("miren", "a")], enemies=[("ghoul", "d")], dice=["two", "one", "one"])
    game.step("magic-ghoul")
    assert events(game, "check")[0]["ability"] == "Will"
    # the sight line from a to d passes through b and c, both empty: no reduction
    assert figure(game, "ghoul").health == 0


@pytest.mark.rule("sample.hero-turn.magic-attack")
def test_a_magic_attack_needs_line_of_sight():
    # the wall inside d blocks sight from e to c (distance 2, within Miren's magic range 3)
    blocked = start(heroes=[("miren", "e")], enemies=[("ghoul", "c")]).pending
    assert "magic-ghoul" not in [o.id for o in blocked.options]
    seen = start(heroes=[("miren", "b")], enemies=[("ghoul", "d")]).pending
    assert "magic-ghoul" in [o.id for o in seen.options]


@pytest.mark.rule("sample.round.order")
def test_an_enemy_defeated_in_the_hero_phase_takes_no_turn():
    game = start(heroes=[("brannoc", "a")], enemies=[("ghoul", "a"), ("gargoyle", "e")],
                 sets={"enemies.enemies.ghoul.health": 1}, dice=["two", "blank", "blank"])
    game.step("melee-ghoul")
    game.step("end")
    assert game.over and [d["enemy"] for d in events(game, "enemy-turn")] == ["Gargoyle"]


@pytest.mark.rule("sample.hero-turn.target-choice")
def test_the_player_chooses_any_eligible_enemy():
    game = start(heroes=[("ayla", "b")], enemies=[("ghoul", "a"), ("cultist", "c"),
                                                  ("gargoyle", "b")])
    attacks = {o for o in game.pending.ids if not o.startswith(("move-", "end"))}
    assert attacks == {"melee-gargoyle", "ranged-gargoyle", "ranged-ghoul", "ranged-cultist"}


@pytest.mark.rule("sample.hero-turn.manoeuvre", "sample.board.movement")
def test_a_hero_moves_one_area_respecting_capacity_and_height():
    # from b: a (room), c (full), v (a ledge: height 1, no stairs)
    game = start(heroes=[("brannoc", "b")], enemies=[("gargoyle", "c")], caps={"c": 1})
    assert {o for o in game.pending.ids if o.startswith("move-")} == {"move-a"}
    game.step("move-a")
    assert figure(game, "brannoc").area == "a"
    assert events(game, "hero-moves") == [{"hero": "Brannoc the Shield", "origin": "B",
                                           "destination": "A"}]
    assert game.over  # one area only: no second move is offered, the turn and round end


@pytest.mark.rule("sample.board.movement")
def test_stairs_connect_heights():
    game = start(heroes=[("brannoc", "c")])
    assert "move-w" in game.pending.ids  # w (height 1) is stairs
    game = start(heroes=[("brannoc", "w")])
    assert {"move-c", "move-v"} <= set(game.pending.ids)


# ---------------------------------------------------------------- enemy turn

@pytest.mark.rule("sample.enemy-turn.attack-if-able")
def test_an_enemy_that_can_attack_does_so_without_moving():
    game = pass_heroes(start(heroes=[("brannoc", "a"), ("ayla", "c")],
                             enemies=[("cultist", "b")], dice=NO_DICE))
    assert figure(game, "cultist").area == "b" and events(game, "enemy-moves") == []
    assert len(events(game, "target")) == 1


@pytest.mark.rule("sample.enemy-turn.would-be-target", "sample.enemy-turn.move-toward")
def test_otherwise_it_moves_one_area_toward_the_closest_ally():
    # Brannoc is 4 away, Ayla 2: the ghoul in e goes for Ayla in c
    game = pass_heroes(start(heroes=[("brannoc", "a"), ("ayla", "c")],
                             enemies=[("ghoul", "e")], dice=NO_DICE))
    assert events(game, "would-be-target")[0]["target"] == "Ayla Swiftbow"
    assert events(game, "enemy-moves")[0]["destination"] == "D"
    assert figure(game, "ghoul").area == "d"


@pytest.mark.rule("sample.enemy-turn.would-be-target", "sample.enemy-turn.move-toward")
@pytest.mark.parametrize("distance", ["borders", "walking"])
def test_an_ally_it_can_never_walk_to_is_not_its_would_be_target(distance):
    # with v raised to height 2, u is a ledge all round: Ayla there is 1 border from the ghoul
    # in a but no walk reaches her; Brannoc in c is 2 away on foot: the ghoul goes for him
    game = pass_heroes(start(heroes=[("ayla", "u"), ("brannoc", "c")], enemies=[("ghoul", "a")],
                             heights={"v": 2}, dice=NO_DICE, rounds=2,
                             rulings={"range": distance}))
    would_be = events(game, "would-be-target")[0]
    assert would_be["target"] == "Brannoc the Shield"
    assert would_be["reason"] == "the only Ally it can walk to"
    assert figure(game, "ghoul").area == "b"
    pass_heroes(game)  # next round: into c, where Brannoc is, and attacks him
    assert figure(game, "ghoul").area == "c" and figure(game, "brannoc").wounded == 3


@pytest.mark.rule("sample.enemy-turn.would-be-target", "ruling.would-be-distance")
def test_the_would_be_target_is_the_closest_on_foot_not_across_a_ledge():
    # by default (ruling would-be-distance: walking), Ayla in u is 1 border from the ghoul in a, but 5 on foot (up the stairs in w); Brannoc in
    # c is 2 on foot: the ghoul walks toward Brannoc
    game = pass_heroes(start(heroes=[("ayla", "u"), ("brannoc", "c")], enemies=[("ghoul", "a")],
                             dice=NO_DICE))
    would_be = events(game, "would-be-target")[0]
    assert (would_be["target"], would_be["reason"]) == ("Brannoc the Shield",
                                                        "closest at walking distance 2")
    assert figure(game, "ghoul").area == "b"


@pytest.mark.rule("sample.enemy-turn.would-be-target")
def test_with_no_ally_it_can_walk_to_it_stays():
    game = pass_heroes(start(heroes=[("ayla", "u")], enemies=[("ghoul", "a")],
                             heights={"v": 2}, dice=NO_DICE))
    assert figure(game, "ghoul").area == "a"
    assert events(game, "enemy-stays")[0]["target"] == "any Ally"


@pytest.mark.rule("sample.enemy-turn.would-be-target", "ruling.taunt-tie")
def test_the_would_be_target_ties_go_to_taunt_then_the_players():
    # Brannoc (4) in a and Tobin (3) in e are both 2 from the ghoul in c
    game = pass_heroes(start(heroes=[("brannoc", "a"), ("tobin", "e")],
                             enemies=[("ghoul", "c")], dice=NO_DICE))
    assert events(game, "would-be-target")[0]["target"] == "Brannoc the Shield"
    # equal Taunt: the first player chooses
    game = pass_heroes(start(heroes=[("brannoc", "a"), ("tobin", "e")],
                             enemies=[("ghoul", "c")], sets={"allies.heroes.tobin.taunt": 4},
                             dice=NO_DICE))
    assert game.pending.kind == "taunt-tie" and game.pending.ids == ("ally-brannoc", "ally-tobin")
    game.step("ally-tobin")
    assert figure(game, "ghoul").area == "d"


@pytest.mark.rule("sample.enemy-turn.move-toward", "sample.players.group-decisions")
def test_the_first_player_chooses_among_equally_good_ways():
    # with v lowered to height 0, the ghoul in c reaches Ayla in v through b or through w
    game = pass_heroes(start(heroes=[("miren", "e"), ("ayla", "v")],
                             enemies=[("ghoul", "c")], players=2, heights={"v": 0},
                             dice=NO_DICE))
    assert events(game, "would-be-target")[0]["target"] == "Ayla Swiftbow"
    decision = game.pending
    assert decision.kind == "enemy-move" and decision.player == "p1"
    assert decision.ids == ("area-b", "area-w")
    game.step("area-w")
    assert figure(game, "ghoul").area == "w"


@pytest.mark.rule("sample.enemy-turn.move-toward")
def test_it_walks_around_ledges_and_stays_when_blocked():
    # Ayla in v (height 1) is adjacent to b across a ledge: the ghoul walks to the stairs
    game = pass_heroes(start(heroes=[("ayla", "v")], enemies=[("ghoul", "b")], dice=NO_DICE))
    assert figure(game, "ghoul").area == "c"  # toward the stairs, not up the ledge
    # the only way is full: it stays
    game = pass_heroes(start(heroes=[("ayla", "e")], enemies=[("ghoul", "c"),
                                                             ("gargoyle", "d")],
                             caps={"d": 1}, dice=NO_DICE))
    assert figure(game, "ghoul").area == "c" and events(game, "enemy-stays")


def triangle_board():
    """x, y, z all border one another; t borders z only (a row of 1 x 1 areas)."""
    neighbours = {"x": ["y", "z"], "y": ["x", "z"], "z": ["x", "y", "t"], "t": ["z"]}
    return {"id": "triangle", "areas": [
        {"id": a, "neighbours": n, "sight": [i + 0.5, 0.5], "capacity": 3,
         "polygon": [[i, 0], [i + 1, 0], [i + 1, 1], [i, 1]]}
        for i, (a, n) in enumerate(neighbours.items())]}


@pytest.mark.rule("sample.enemy-turn.move-toward")
def test_it_moves_only_into_an_area_closer_to_its_would_be_target():
    # from x, y is as far from t as x is (2): only z (1) brings the ghoul closer, no choice
    scenario = {"id": "tri", "name": "Triangle", "rounds": 1,
                "heroes": [{"figure": "ayla", "area": "t"}],
                "enemies": [{"figure": "ghoul", "area": "x"}]}
    game = new_game("enemy-attacks", options={"players": 1}, dice=NO_DICE, content_set={
        "board": triangle_board(), "scenarios": {"scenarios": [scenario]}})
    pass_heroes(game)
    assert game.over and figure(game, "ghoul").area == "z"
    assert events(game, "enemy-moves")[0]["destination"] == "z"


@pytest.mark.rule("sample.enemy-turn.attack-after-move")
def test_after_moving_it_attacks_if_it_now_can():
    game = pass_heroes(start(heroes=[("brannoc", "b")], enemies=[("ghoul", "c")],
                             caps={"b": 2}, dice=NO_DICE))
    kinds = [e.kind for e in game.events]
    assert kinds.index("no-target") < kinds.index("enemy-moves") < kinds.index("target")
    assert figure(game, "brannoc").wounded == 3
    # and when it still cannot, it says so
    game = pass_heroes(start(heroes=[("brannoc", "a")], enemies=[("ghoul", "e")],
                             dice=NO_DICE))
    assert events(game, "still-no-target")


# ---------------------------------------------------------------- rounds and scenario

@pytest.mark.rule("sample.round.order", "sample.players.group-decisions")
def test_heroes_act_in_the_order_the_first_player_chooses_then_enemies_in_order():
    game = start(heroes=[("brannoc", "a"), ("ayla", "b"), ("miren", "c")],
                 enemies=[("gargoyle", "e"), ("gargoyle", "d", "statue")], players=2)
    assert game.pending.kind == "hero-order" and game.pending.player == "p1"
    assert game.pending.ids == ("hero-brannoc", "hero-ayla", "hero-miren")
    game.step("hero-ayla")  # Ayla belongs to p2; p1 still orders
    assert game.pending.player == "p2" and game.pending.kind == "hero-turn"
    game.step("end")
    assert game.pending.ids == ("hero-brannoc", "hero-miren")
    game.step("hero-miren")
    game.step("end")
    game.step("end")  # Brannoc, the last, needs no choice
    turns = [(e.kind, e.data.get("hero") or e.data.get("enemy")) for e in game.events
             if e.kind in ("hero-turn", "enemy-turn")]
    assert turns[:5] == [("hero-turn", "Ayla Swiftbow"), ("hero-turn", "Miren of the Ash"),
                         ("hero-turn", "Brannoc the Shield"), ("enemy-turn", "Gargoyle"),
                         ("enemy-turn", "Gargoyle (statue)")]


@pytest.mark.rule("sample.round.non-hero-allies")
def test_non_hero_allies_take_no_turns_but_fill_places_and_are_attacked():
    game = pass_heroes(start(heroes=[("brannoc", "e")], allies=[("hound", "b")],
                             enemies=[("ghoul", "a")], caps={"b": 1}, dice=NO_DICE))
    assert {e.data.get("hero") for e in game.events if e.kind == "hero-turn"} == {
        "Brannoc the Shield"}
    assert events(game, "target")[0]["target"] == "War Hound"  # b is full with the hound alone
    assert figure(game, "ghoul").area == "a" and events(game, "enemy-moves") == []


@pytest.mark.rule("sample.scenario.setup", "sample.figures.control")
def test_setup_places_figures_and_deals_heroes_in_turn():
    game = start(heroes=[("brannoc", "a"), ("ayla", "b"), ("miren", "c"), ("tobin", "d")],
                 allies=[("hound", "a")], players=3)
    st = game.table.state
    assert [h.controller for h in st.heroes] == ["p1", "p2", "p3", "p1"]
    assert figure(game, "hound").controller == "p1"
    assert {f.id: f.area for f in st.everyone()} == {
        "brannoc": "a", "ayla": "b", "miren": "c", "tobin": "d", "hound": "a", "gargoyle": "e"}
    assert game.seats == ("p1", "p2", "p3")
    assert game.view("p2")["state"]["players"] == {"p1": ["brannoc", "tobin"], "p2": ["ayla"],
                                                   "p3": ["miren"]}


@pytest.mark.rule("sample.scenario.setup")
def test_the_item_deck_is_shuffled_by_the_seed():
    decks = {seed: tuple(start(seed=seed).table.state.item_deck) for seed in range(6)}
    assert all(sorted(deck) == sorted(decks[0]) for deck in decks.values())
    assert len(set(decks.values())) > 1  # the scenario's order is not kept
    assert decks[3] == tuple(start(seed=3).table.state.item_deck)


@pytest.mark.rule("sample.scenario.setup")
def test_more_players_than_heroes_is_a_usage_error():
    from rulekeeper.core.errors import UsageError
    with pytest.raises(UsageError,
                       match=r"^Players: at most 1 in this scenario \(one Hero each\), not 2$"):
        start(players=2)


@pytest.mark.rule("sample.scenario.heroes-win")
def test_the_heroes_win_at_once_when_every_enemy_is_defeated():
    game = start(heroes=[("brannoc", "a"), ("ayla", "a")], enemies=[("ghoul", "a")],
                 sets={"enemies.enemies.ghoul.health": 2}, dice=["two", "blank", "blank"])
    game.step("hero-brannoc")
    game.step("melee-ghoul")
    assert game.over and game.result.winner == "heroes"
    assert game.result.reason == "every-enemy-defeated"
    assert [e.kind for e in game.events][-1] == "game-over"
    assert not [e for e in game.events if e.data.get("hero") == "Ayla Swiftbow"]  # no more turns


@pytest.mark.rule("sample.scenario.heroes-lose", "sample.health.hero-wounded-out")
def test_the_heroes_lose_at_once_when_every_hero_is_wounded_out():
    game = pass_heroes(start(heroes=[("ayla", "a")], enemies=[("ghoul", "a"),
                                                              ("ghoul", "a", "ghoul-2")],
                             sets={"allies.heroes.ayla.stamina": 2}, dice=NO_DICE))
    assert game.over and game.result.winner == "enemies"
    assert game.result.reason == "every-hero-wounded-out"
    assert len(events(game, "enemy-turn")) == 1  # the second ghoul never acts
    assert figure(game, "ayla").area is None


@pytest.mark.rule("sample.scenario.round-limit")
def test_the_heroes_lose_when_the_last_round_ends():
    game = start(rounds=3)
    for _ in range(3):
        pass_heroes(game)
    assert game.over and game.result.winner == "enemies" and game.result.reason == "round-limit"
    assert game.result.rounds == 3 and len(events(game, "round")) == 3
