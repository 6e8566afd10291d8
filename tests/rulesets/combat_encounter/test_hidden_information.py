"""Hidden information: no event another seat sees tells the Room of a Hidden Player."""

import re

import pytest

from rulekeeper.agents import RandomAgent
from rulekeeper.core.game import Game, new_game
from rulekeeper.core.ruleset import Table
from rulekeeper.rulesets.combat_encounter.table import State
from tests.rulesets.combat_encounter.helpers import answer, player, start

ROOMS = {"entrance": "Entrance", "hall": "Great Hall", "armory": "Armory", "crypt": "Crypt",
         "jelly-pit": "Jelly Pit", "vault": "Vault"}


def seen_by(game: Game, seat: str) -> list[str]:
    return [game.ruleset.messages.render(e) for e in game.events if e.visible_to(seat)]


def test_a_player_who_starts_hidden_is_seen_to_start_but_not_where():
    game = new_game("combat-encounter", options={"players": 3, "hidden": "p3",
                                                 "rooms": "p3=crypt"})
    assert player(game, "p3").room == "crypt"
    for seat in ("p1", "p2"):
        assert not [s for s in seen_by(game, seat) if "Crypt" in s]
        assert "Player 3 plays Grub and starts Hidden (their Room is not shown)" in seen_by(game, seat)
    assert "Player 3 plays Grub and starts Hidden in Crypt" in seen_by(game, "p3")
    assert "Player 3 plays Grub and starts Hidden (their Room is not shown)" not in seen_by(game, "p3")


def test_a_hidden_player_left_out_of_combat_alone_learns_it():
    game = start(options={"players": 4, "hidden": "p4"})
    hidden = [e for e in game.events if e.kind == "combat.hidden"]
    assert [(e.to, dict(e.data)) for e in hidden] == [
        (("p4",), {"who": "Player 4 (Vesper)", "room": "Entrance"})]
    assert game.ruleset.messages.render(hidden[0]) == (
        "Player 4 (Vesper) is Hidden in the Combat Room, Entrance: not a Combatant")


def test_a_hidden_move_is_seen_but_not_its_room():
    # p2 declines p1's opening Challenge; in p1's next Player Turn p1 Hides, then Moves
    # (Perception Check: a natural 20, no Random Encounter)
    game = start([20], options={"players": 3, "start": "challenge"})
    answer(game, "decline", "end-turn", "end-turn", "end-turn", "hide", "move:hall")
    assert player(game, "p1").room == "hall" and "hidden" in player(game, "p1").statuses
    assert "Player 1 (Sir Brannock) moves to Great Hall" in seen_by(game, "p1")
    for seat in ("p2", "p3"):
        assert "Player 1 (Sir Brannock) moves while Hidden (the Room is not shown)" in seen_by(game, seat)
        assert not [s for s in seen_by(game, seat) if "Great Hall" in s]


def test_jelly_cube_damage_to_a_hidden_player_does_not_name_the_jelly_cube():
    game = start(options={"players": 3, "rooms": "p3=jelly-pit", "start": "challenge"})
    answer(game, "decline", "end-turn", "end-turn", "hide", "end-turn")  # p3 hides in the Pit
    assert player(game, "p3").health == player(game, "p3").character.health - 1
    assert "Player 3 (Grub) takes 1 Damage from the Jelly Cube (not Combat Damage): 13 Health left" \
        in seen_by(game, "p3")
    for seat in ("p1", "p2"):
        assert "Player 3 (Grub) takes 1 Damage (not Combat Damage): 13 Health left" in seen_by(game, seat)
        assert not [s for s in seen_by(game, seat) if "Jelly Cube" in s]


@pytest.mark.parametrize("seed", range(12))
def test_no_event_another_seat_sees_names_a_hidden_player_with_their_room(seed, monkeypatch):
    """Random games with Hidden Players in several Rooms: at each event, the Hidden Players
    (other than the seats that may see the event) must not be named with their Room."""
    checked = []
    emit = Table.emit

    def spy(table, kind, rule, to=None, **data):
        emit(table, kind, rule, to, **data)
        state = table.state
        if not table.logging or not isinstance(state, State):
            return
        event = table.events[-1]
        text = table.ruleset.messages.render(event)
        for seat, p in state.players.items():
            if "hidden" not in p.statuses or p.room is None:
                continue
            viewers = [s for s in table.seats if s != seat and event.visible_to(s)]
            if viewers and re.search(rf"\b{seat}\b", text) and re.search(
                    rf"\b{ROOMS[p.room]}\b", text):
                checked.append((seat, viewers, text))

    monkeypatch.setattr(Table, "emit", spy)
    rooms = ["entrance", "entrance", "hall", "crypt", "jelly-pit", "entrance"]
    game = new_game("combat-encounter", seed=seed, options={
        "players": 6, "hidden": "p3,p4,p5,p6", "start": "gong",
        "rooms": ",".join(f"p{i}={r}" for i, r in enumerate(rooms, 1) if i > 2)})
    agents = {s: RandomAgent(s, seed * 7 + i) for i, s in enumerate(game.seats)}
    while not game.over:
        game.step(agents[game.pending.player].choose(None, game.pending))
    assert checked == []
