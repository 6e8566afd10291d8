"""Outside inputs kept in the record, and log files with a format version."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import registry
from rulekeeper.core.content import Model
from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.errors import ReplayMismatch, UsageError
from rulekeeper.core.game import RECORD_FORMAT, new_game, parse_record, replay
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.records import parse_log, read_log, verify, write_log
from rulekeeper.core.ruleset import GameOver, Procedure, Ruleset, Table

HERE = Path(__file__).parent


class OracleContent(Model):
    pass


class Oracle(Ruleset):
    """Two rounds: ask the oracle (an outside input) for a number, then guess above or below."""

    meta = RulesetMeta(name="oracle", version=1, title="Oracle", players=("seer",),
                       chance=False, hidden_information=False, max_length=4)
    content_model = OracleContent
    content_dir = HERE / "duel" / "content"
    templates = {"told": "the oracle says {number}", "guess": "{guess}"}

    def play(self, table: Table) -> Procedure:
        score = 0
        for round_ in (1, 2):
            number = table.outside("number", {"round": round_})
            table.emit("told", "oracle.ask", number=number)
            guess = yield Decision("seer", "guess", options([("high", "high"), ("low", "low")]),
                                   "oracle.guess", "high or low?")
            table.emit("guess", "oracle.guess", guess=guess)
            score += (guess == "high") == (number > 5)
        raise GameOver("seer" if score == 2 else None, "guesses")

    def input_source(self, table: Table) -> Any:
        return lambda kind, request: 3 + request["round"] * 2  # 5, then 7


@pytest.fixture(autouse=True)
def oracle() -> Any:
    registry.register("oracle-v1", Oracle)
    yield
    registry.unregister("oracle-v1")


def test_outside_inputs_are_recorded_and_replayed_without_a_source():
    asked: list[tuple[str, dict[str, Any]]] = []

    def source(kind: str, request: dict[str, Any]) -> int:
        asked.append((kind, request))
        return 9 if request["round"] == 1 else 2

    game = new_game("oracle", source=source)
    game.step("high")
    game.step("low")
    record = game.record()
    assert asked == [("number", {"round": 1}), ("number", {"round": 2})]
    assert record.inputs == [{"kind": "number", "value": 9}, {"kind": "number", "value": 2}]
    assert game.result is not None and game.result.winner == "seer"
    again = replay(record)  # no source: the record's inputs are used
    assert [e.data for e in again.events if e.kind == "told"] == [{"number": 9}, {"number": 2}]
    assert len(asked) == 2


def test_undo_and_fork_keep_the_inputs_already_received():
    calls = []
    game = new_game("oracle", source=lambda kind, request: calls.append(1) or 8)
    game.step("high")
    assert len(calls) == 2
    game.undo()
    fork = game.fork()
    fork.step("low")
    assert len(calls) == 2  # nobody was asked again
    assert fork.record().inputs == [{"kind": "number", "value": 8}, {"kind": "number", "value": 8}]


def test_without_a_source_the_rulesets_default_source_answers():
    game = new_game("oracle")
    assert [e.data["number"] for e in game.events if e.kind == "told"] == [5]


def test_a_record_whose_inputs_do_not_fit_is_a_mismatch():
    game = new_game("oracle")
    game.step("high")
    game.step("high")
    data = game.record().model_dump(mode="json")
    data["inputs"][0]["kind"] = "weather"
    with pytest.raises(ReplayMismatch, match="outside input 1 is 'weather'"):
        replay(data)
    data = game.record().model_dump(mode="json")
    data["inputs"].append({"kind": "number", "value": 1})
    with pytest.raises(ReplayMismatch, match="used 2 of the record's 3 outside inputs"):
        replay(data)


def test_records_carry_a_format_and_the_version_that_wrote_them():
    record = new_game("duel", seed=3).record()
    assert record.format == RECORD_FORMAT
    assert record.rulekeeper
    old = record.model_dump(mode="json")
    del old["format"], old["rulekeeper"]
    assert parse_record(old).ruleset == "duel-v1"  # a record from before formats is format 1
    newer = record.model_dump(mode="json") | {"format": RECORD_FORMAT + 98}
    with pytest.raises(ReplayMismatch, match="newer than this rulekeeper"):
        parse_record(newer)
    with pytest.raises(ReplayMismatch, match="not a version number"):
        parse_record(record.model_dump(mode="json") | {"format": "one"})


def _played_log(tmp_path: Path) -> Path:
    game = new_game("duel", seed=3)
    while game.pending:
        game.step(game.pending.options[0].id)
    path = tmp_path / "game.jsonl"
    write_log(path, game)
    return path


def test_a_log_file_replays_and_each_event_is_checked_by_its_data(tmp_path):
    path = _played_log(tmp_path)
    log = read_log(path)
    verify(log, replay(log.record))
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert rows[0]["format"] == RECORD_FORMAT and rows[0]["lang"] == "en"
    rows[2]["text"] = "something else happened"  # a sentence reworded since: not checked
    verify(parse_log(rows), replay(log.record))
    key = next(iter(rows[2]["event"]["data"]))
    rows[2]["event"]["data"][key] = "something else"
    with pytest.raises(ReplayMismatch, match=f"event 2 differs from the log: .* in {key}"):
        verify(parse_log(rows), replay(log.record))
    rows[2]["event"]["rule"] = "duel.other"
    with pytest.raises(ReplayMismatch, match=r"event 2 differs .*\[duel.other\] was logged"):
        verify(parse_log(rows), replay(log.record))


def test_a_log_of_a_newer_format_is_refused_in_one_line(tmp_path):
    path = _played_log(tmp_path)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    rows[0]["format"] = 99
    with pytest.raises(ReplayMismatch, match="format 99, newer"):
        parse_log(rows)


def test_writing_a_log_into_a_missing_folder_is_one_clear_error(tmp_path):
    game = new_game("duel", seed=3)
    with pytest.raises(UsageError, match="cannot write"):
        write_log(tmp_path / "no" / "such" / "x.jsonl", game)


def test_a_gzipped_log_is_read_as_it_is(tmp_path):
    import gzip

    path = _played_log(tmp_path)
    packed = tmp_path / "game.jsonl.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    log = read_log(packed)
    verify(log, replay(log.record, events=log.events))
    packed.write_bytes(path.read_bytes())
    with pytest.raises(UsageError, match="not a gzipped file"):
        read_log(packed)
