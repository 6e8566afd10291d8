"""Setup: seats, Characters, starting Rooms, Hidden Players and the opening Combat Encounter."""

import pytest

from rulekeeper.core.errors import ContentError, UsageError
from rulekeeper.core.game import new_game
from tests.rulesets.combat_encounter.helpers import data, player, start


@pytest.mark.rule("sample.game.setup", "sample.player.stats", "sample.player.slots")
def test_each_seat_gets_a_character_with_its_health_tokens_and_items():
    game = new_game("combat-encounter", options={"players": 4})
    assert game.seats == ("p1", "p2", "p3", "p4")
    knight, ranger = player(game, "p1"), player(game, "p2")
    assert (knight.character.id, ranger.character.id) == ("knight", "ranger")
    assert (knight.health, knight.kaos, knight.rerolls) == (12, 1, 1)
    assert knight.slots == {"weapon-1": "longsword", "weapon-2": None, "armor": "chain-mail",
                            "plot-armor": None}
    assert knight.backpack == ["gem"]
    assert ranger.slots["weapon-1"] == "short-bow" and ranger.slots["weapon-2"] == "hand-axe"
    assert {p.room for p in game.table.state.players.values()} == {"entrance"}
    assert [d["who"] for d in data(game, "setup")] == ["Player 1", "Player 2", "Player 3",
                                                    "Player 4"]


@pytest.mark.rule("sample.game.setup")
def test_characters_rooms_and_hidden_come_from_the_options():
    game = new_game("combat-encounter", options={
        "players": 3, "characters": "mystic,brute", "rooms": "p3=hall", "hidden": "p3"})
    assert [player(game, s).character.id for s in game.seats] == ["mystic", "brute", "knight"]
    assert player(game, "p3").room == "hall"
    assert player(game, "p3").statuses == ["hidden"]


@pytest.mark.parametrize("options, message", [
    ({"players": 7}, "players"),
    ({"players": 2, "target": "p3"}, "not a seat"),
    ({"initiator": "p2", "target": "p2"}, "its own primary target"),
    ({"hidden": "p2"}, "cannot be Hidden"),
    ({"players": 3, "rooms": "p3"}, "seat=room"),
    ({"players": 3, "rooms": "p3=attic"}, "no room 'attic'"),
    ({"characters": "paladin"}, "no character 'paladin'"),
    ({"players": 3, "rooms": "p2=hall"}, "not in the Room of the initiator"),
    ({"colour": "red"}, "colour"),
])
def test_bad_options_are_one_usage_error(options, message):
    with pytest.raises(UsageError, match=message):
        new_game("combat-encounter", options=options)


@pytest.mark.rule("sample.game.setup")
def test_random_start_draws_a_pair_from_the_same_room_and_says_so():
    seen = set()
    for seed in range(30):
        game = new_game("combat-encounter", seed=seed, options={"players": 4, "start": "random"})
        drawn = data(game, "setup.random")[0]
        assert drawn["initiator"] != drawn["target"] and drawn["by"] in (
            "ambush", "challenge", "gong")
        begins = data(game, "combat.begins")
        if begins:
            seen.add(begins[0]["by"])
        pair = data(game, "combat.initiator") + data(game, "combat.target")
        if pair:
            assert pair[0]["who"] != pair[1]["who"]
    assert {"ambush", "gong"} <= seen


def test_content_naming_an_unknown_item_is_a_content_error():
    with pytest.raises(ContentError, match=r"characters.yaml: character 'knight': 'sword'"):
        start(sets={"characters.cards.knight.loadout": {"weapons": ["sword"]}})
