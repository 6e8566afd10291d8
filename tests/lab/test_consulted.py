"""The rulings a game consulted, and the report's ruling sweep that reuses the games that
did not consult the ruling a variant changes."""

import json
from enum import StrEnum

import pyarrow.parquet as pq
import pytest

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core.game import new_game
from rulekeeper.core.rulings import RulingSet, ruling
from rulekeeper.lab import store
from rulekeeper.lab.batch import BatchSpec, play_one
from rulekeeper.lab.report import Report, consulted_in, ruling_sweep, ruling_variants, to_play
from rulekeeper.lab.run import Plan, run_batch

BATTLE = BatchSpec("dire-alliance-battle")


class Overheal(StrEnum):
    CAP = "cap"
    ALLOW = "allow"


class Tie(StrEnum):
    DRAW = "draw"
    REPLAY = "replay"


class Rulings(RulingSet):
    overheal: Overheal = ruling("Can healing raise HP above the maximum?", Overheal.CAP)
    tie: Tie = ruling("A tie?", Tie.DRAW)


def test_a_ruling_is_consulted_when_read_as_a_field_or_by_id_not_when_shown():
    rulings = Rulings({"tie": "replay"})
    assert (dict(rulings.chosen), list(rulings), len(rulings)) == (
        {"tie": "replay", "overheal": "cap"}, ["tie", "overheal"], 2)
    assert repr(rulings) == "Rulings({'tie': 'replay', 'overheal': 'cap'})"
    assert rulings.consulted == frozenset()
    assert rulings.overheal is Overheal.CAP and rulings.overheal is Overheal.CAP
    assert rulings.consulted == {"overheal"}
    assert rulings["tie"] == "replay" and rulings.consulted == {"overheal", "tie"}
    with pytest.raises(AttributeError):
        rulings.ties  # noqa: B018 (not a ruling: an error, and nothing consulted)
    with pytest.raises(ValueError, match="no option 'maybe'"):
        Rulings({"tie": "maybe"})
    # a set made from another counts its own reads; one reporting to it counts for both
    copy, fork = Rulings(rulings), Rulings(rulings)
    assert copy.consulted == frozenset() and copy.tie is Tie.REPLAY
    fork.report_to(copy)
    assert fork.overheal is Overheal.CAP and copy.consulted == {"tie", "overheal"}
    assert rulings.consulted == {"overheal", "tie"}


def test_a_battle_consulted_dread_cards_exactly_when_a_fighter_was_defeated():
    seen = set()
    for seed in range(8):
        game = new_game("dire-alliance-battle", seed=seed)
        setup = game.table.rulings.consulted
        assert setup == {"player-colors", "combat-die", "vampire-die"}  # read at every setup
        play_out(game, seat_agents(game.ruleset, game.seats, None, seed))
        consulted = game.table.rulings.consulted
        defeated = any(e.kind == "defeated" for e in game.table.events)
        assert ("dread-cards" in consulted) == defeated
        seen.add(defeated)
    assert seen == {True, False}  # both kinds of game were checked


def test_what_a_fork_reads_its_game_reads():
    game = new_game("dire-alliance-battle", seed=3)
    before = game.table.rulings.consulted
    fork = game.fork()
    play_out(fork, seat_agents(fork.ruleset, fork.seats, None, 3))
    assert game.table.rulings.consulted == fork.table.rulings.consulted > before


@pytest.fixture(scope="module")
def battle_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("consulted") / "battle.parquet"
    results = run_batch(BATTLE, 20, 1)
    store.write(path, store.Run("simulate", "red", ["red", "blue"], [],
                                [store.Batch("", {}, BATTLE, 1, results)]))
    return path


def test_the_report_reuses_the_games_that_did_not_consult_the_ruling_changed(battle_file):
    run = store.read(battle_file)
    assert all(r.consulted for r in run.batches[0].results)  # the file says
    counted = []
    reused = ruling_sweep(run, 20, progress=counted.append)
    found = ruling_variants(run.batches[0])
    assert [b.label for b in reused] == [v.label for v in found]
    for variant, batch in zip(found, reused, strict=True):
        assert batch.results == run_batch(variant.spec, 20, 1), variant.label
    assert sum(counted) == 20 * len(found)  # every game counted, played or taken
    played = sum(len(indices) for _, indices in to_play(run.batches[0], 20))
    assert 0 < played < 20 * (len(found) - 1)
    page = Report(run, ruling_batches=reused).rulings()
    dread = sum("dread-cards" in r.consulted for r in run.batches[0].results)
    row = page[page.index("<td>Dread cards go to the discard pile (Suffering Damage) or to the "
                          "deck (Dread Cards)? deck</td>"):]
    assert row[:row.index("</tr>")].endswith(f"<td>{dread} of 20 ({dread / 20:.0%})</td>")


def test_a_file_that_does_not_say_what_was_consulted_plays_every_game(battle_file, tmp_path):
    table = pq.read_table(battle_file)
    meta = json.loads(table.schema.metadata[store.META_KEY])
    old = tmp_path / "format2.parquet"
    pq.write_table(table.drop_columns(["consulted"]).replace_schema_metadata(
        {store.META_KEY: json.dumps({**meta, "format": 2}).encode()}), old)
    run = store.read(old)
    assert [r.consulted for r in run.batches[0].results] == [None] * 20
    assert [r._replace(consulted=None) for r in store.read(battle_file).batches[0].results] == (
        run.batches[0].results)
    assert all(indices == list(range(20)) for _, indices in to_play(run.batches[0], 20)[1:])
    first = run.batches[0]
    deck = store.Batch("dread-cards=deck", {"ruling:dread-cards": "deck"}, first.spec, 1,
                       first.results)
    assert (consulted_in(first, first), consulted_in(first, deck)) == ("—", "unknown")


def test_the_lab_plays_a_list_of_games_in_game_order_on_any_backend():
    wanted = [17, 3, 29, 4]
    expected = [play_one(BatchSpec("skirmish-v1", ("random",)), 5, i) for i in sorted(wanted)]
    seen = []
    spec = BatchSpec("skirmish-v1", ("random",))
    assert run_batch(spec, 30, 5, only=wanted) == expected
    assert run_batch(spec, 30, 5, Plan(workers=2, chunk=1), only=wanted,
                     progress=seen.append) == expected
    assert sum(seen) == 4
