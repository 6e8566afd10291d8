"""People read names, never ids (a two-player trial read ``p2 (Wren)`` and ``Longsword
(weapon-1)``): version 4's events call a seat by its Player (``Player 2 (Wren)``) and a slot by
its name (``Weapon Slot 1``); the decisions, the board and the setup form do so whatever the
version; a record of version 3 replays with the events it had (history.py, ``names-not-ids``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rulekeeper.core import registry
from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.core.records import read_log
from rulekeeper.core.view import translated
from tests.rulesets.combat_encounter.helpers import answer, data, start
from tests.test_no_internal_ids import read

IDS = re.compile(r"\bp[1-6]\b|\bweapon-[12]\b|\bplot-armor\b|\(armor\)")
"""A seat's or a slot's id, as a person would read it in a text."""

SETUPS = ({"players": 3}, {"players": 4, "start": "random"}, {"players": 3, "start": "gong"},
          {"players": 2, "start": "challenge"})
CORPUS = Path(__file__).resolve().parents[2] / "records"
SPARE = {"characters.cards.knight.loadout": {"weapons": ["longsword"], "armor": "chain-mail",
                                             "backpack": ["spear"]}}
"""The knight's Spear in the Backpack, Weapon Slot 2 empty (an Equip move to offer)."""


def played(ruleset_id: str, seed: int) -> tuple[Game, list[str]]:
    """A game of random choices, and what a person reads of it: its decisions' prompts and
    options, its tables (the board, the panels) and its events' sentences."""
    game = new_game(ruleset_id, seed=seed, options=SETUPS[seed % len(SETUPS)])
    return game, list(read(game, 250))


@pytest.mark.parametrize("seed", range(8))
def test_version_4_names_players_and_slots_wherever_a_person_reads(seed):
    game, texts = played("combat-encounter", seed)
    assert game.record().ruleset == "combat-encounter-v4"
    texts += [json.dumps(dict(e.data)) for e in game.events]
    assert [t for t in texts if IDS.search(t)] == []
    assert any("Player 1 (" in t for t in texts)


@pytest.mark.parametrize("seed", range(4))
def test_version_3_names_them_too_but_in_its_events(seed):
    game, texts = played("combat-encounter-v3", seed)
    told = {game.ruleset.messages.render(e, locale) for e in game.events
            for locale in game.ruleset.messages.locales}  # in French too (its events' data)
    assert [t for t in texts if IDS.search(t) and t not in told] == []
    assert any(IDS.search(t) for t in told)


def test_version_3_tells_its_events_with_the_ids_as_it_did():
    old = start([1], sets=SPARE, ruleset="combat-encounter-v3")
    new = start([1], sets=SPARE)
    assert data(old, "setup")[0]["who"] == "p1" and data(new, "setup")[0]["who"] == "Player 1"
    assert old.pending.prompt == new.pending.prompt == "Sir Brannock, choose a Combat Action"
    labels = {game: [o.label for o in game.pending.options] for game in (old, new)}
    assert labels[old] == labels[new]
    assert "Attack Player 2 (Wren) with Longsword (melee, 1d8)" in labels[new]
    assert "Equip Spear (Weapon Slot 2)" in labels[new]
    for game in (old, new):
        answer(game, "attack:p2:weapon-1")  # a natural 1: the Longsword is Dropped
    assert data(old, "weapon.dropped") == [{"who": "p1 (Sir Brannock)", "weapon": "Longsword",
                                            "slot": "weapon-1"}]
    assert data(new, "weapon.dropped") == [{"who": "Player 1 (Sir Brannock)",
                                            "weapon": "Longsword", "slot": "Weapon Slot 1"}]
    assert replay(old.record()).events == old.events


def test_the_records_made_before_version_4_replay_with_their_ids():
    logs = sorted(CORPUS.glob("*-e73932f/combat-encounter-0*.jsonl.gz"))
    assert logs
    for path in logs:
        log = read_log(path)
        game = replay(log.record, events=log.events)
        assert game.record().ruleset in ("combat-encounter-v2", "combat-encounter-v3")
        assert game.events == log.events
        assert data(game, "setup")[0]["who"] == "p1"


def test_the_board_calls_the_seats_players_and_labels_the_figures_by_their_characters():
    game = start(options={"players": 3})
    table = game.table_view("p1")
    assert [table.panels[n].title for n in range(3)] == [
        "Player 1: Sir Brannock", "Player 2: Wren", "Player 3: Grub"]
    assert sorted(p.label for p in table.pieces()) == ["Bra", "Gru", "Wre"]
    french = translated(game.board(), game.ruleset.messages.wording("fr"))
    assert [french.sides[s].label for s in game.seats] == ["Joueur 1", "Joueur 2", "Joueur 3"]


def test_the_setup_form_says_players_and_the_openings_in_words():
    ruleset = registry.load("combat-encounter")
    fields = ruleset.options_model.model_json_schema()["properties"]
    said = [f.get(k, "") for f in fields.values() for k in ("title", "description")]
    shown = [s for s in said if s and not s.startswith(("seat=room", "Character ids"))]
    assert [s for s in shown if IDS.search(s)] == []
    starts = ruleset.option_choices(ruleset.load_content()[0])["start"]
    assert [c.id for c in starts] == list(fields["start"]["enum"])
    assert [c.label for c in starts][:3] == ["an Ambush", "a Challenge", "the Opening Gong"]
    french = ruleset.messages.wording("fr")
    assert [s for s in shown if french(s) == s] == []
    assert french(fields["initiator"]["description"]) == (
        "le joueur qui engage le combat (par défaut\u00a0: Joueur 1)")
    assert [french(c.label) for c in starts][:3] == ["une embuscade", "un défi",
                                                     "le gong d'ouverture"]
