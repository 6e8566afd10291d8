"""The golden corpus: logs written by each release since e73932f (1 December 2026) replay with
today's rulekeeper, event by event and by their data (contract 12).

``tests/records/<date>-<commit>/`` holds the logs that release's own ``rulekeeper play --log``
(and ``battle --log``) wrote, gzipped: every ruleset it had, its scenarios, each ruling option,
setup options, ``--set`` values, its bots, and a game a person stopped midway. A release is
kept for the rulesets whose version or sample content it changed
(``benchmarks/old_records.py --corpus``; tests/records/README.md). They stay here for ever: a
change of behaviour that breaks one is a new ruleset version, never an edit of the corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.core.game import replay
from rulekeeper.core.records import read_log, verify

CORPUS = Path(__file__).parent / "records"
LOGS = sorted(CORPUS.rglob("*.jsonl.gz"))


def test_the_corpus_holds_the_first_release_and_every_ruleset():
    releases = {path.parent.name for path in LOGS}
    assert any(name.endswith("-e73932f") for name in releases)
    names = {path.name.rsplit("-", 1)[0] for path in LOGS}
    assert {"combat-encounter", "cryptids", "cryptids-run", "dire-alliance-battle",
            "dire-alliance-raid", "enemy-attacks"} <= names


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_log_of_an_older_release_replays(path: Path):
    log = read_log(path)
    game = replay(log.record, events=log.events)
    verify(log, game)
    assert game.record().ruleset.rsplit("-v", 1)[0] == log.record.ruleset.rsplit("-v", 1)[0]


def test_rulekeeper_replay_reproduces_a_log_of_the_first_release_and_names_its_version(
        capsys, monkeypatch):
    from tests.core.test_cli import run

    path = next(p for p in LOGS if p.parent.name.endswith("-e73932f")
                and p.name.startswith("enemy-attacks-01"))
    code, out, err = run(["replay", str(path)], capsys, monkeypatch)
    assert code == 0, err
    assert "Reproduced enemy-attacks-v" in out and "enemy-attacks-v5" not in out
