"""Ruleset versions: older versions replay with the rulings they pinned; records of
rulekeeper 0.1.0, which named every version -v1, replay with the one that reproduces them."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum

import pytest

from rulekeeper.core import registry
from rulekeeper.core.errors import ReplayMismatch, RulesetError, UnknownRuleset
from rulekeeper.core.events import Event
from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.ruleset import Procedure
from rulekeeper.core.rulings import ruling
from rulekeeper.core.versions import Change
from tests.core.duel import Duel, rounds
from tests.core.duel.rulings import DuelRulings
from tests.core.duel.table import DuelTable


class Ace(StrEnum):
    HIGH = "high"
    LOW = "low"


class AcesRulings(DuelRulings):
    ace: Ace = ruling("Does a 1 beat every other card?", Ace.HIGH)


def aces_high(table: DuelTable, north: int, south: int) -> str | None:
    """The higher card, where a 1 beats every other card when the ruling says so."""
    if table.rulings.ace is Ace.HIGH and 1 in (north, south) and north != south:  # type: ignore[attr-defined]
        return "north" if north == 1 else "south"
    return rounds.higher(table, north, south)


class AcesHigh(Duel):
    """Duel version 2: a 1 beats every card. Version 1 played aces low (pinned)."""

    meta = RulesetMeta(name="aces", version=2, title="Aces", players=("north", "south"),
                       chance=True, hidden_information=True, max_length=6)
    ruling_set = AcesRulings
    history = (Change(2, "a 1 beats every card; a round's winner is told as 'round'",
                      "0.1.0", {"ace": "low"}, log=lambda table, event: [
                          Event("round.won", event.rule, event.data, event.to)
                          if event.kind == "round" else event], name="aces-high"),)
    templates = {**Duel.templates, "round.won": "{winner} wins round {round}"}

    def play(self, table: DuelTable) -> Procedure:
        rounds.deal(table)
        table.checkpoint()
        yield from rounds.rounds(table, aces_high)

    def resume(self, table: DuelTable) -> Procedure:
        return rounds.rounds(table, aces_high)


@pytest.fixture(autouse=True)
def aces() -> Iterator[None]:
    registry.register("aces-v2", AcesHigh)
    yield
    registry.unregister("aces-v2")


def played(ruleset_id: str, seed: int) -> Game:
    game = new_game(ruleset_id, seed=seed)
    while game.pending is not None:
        game.step(game.pending.options[0].id)
    return game


def an_ace_decides(seed: int) -> bool:
    """Whether the versions disagree on the game of ``seed`` (an ace met another card)."""
    def told(game: Game) -> list[tuple[str, object]]:
        return [(e.rule, e.data) for e in game.events]

    return told(played("aces-v1", seed)) != told(played("aces-v2", seed))


def test_an_older_version_is_the_same_rules_with_its_pinned_defaults():
    older, newest = registry.load("aces-v1"), registry.load("aces")
    assert (older.meta.id, newest.meta.id) == ("aces-v1", "aces-v2")
    assert {r.id: r.default for r in older.rulings}["ace"] == "low"
    assert {r.id: r.default for r in newest.rulings}["ace"] == "high"
    assert type(older) is type(newest) and registry.known("aces-v1")
    assert new_game("aces-v1").record().rulings["ace"] == "low"


def test_an_older_version_logs_as_it_did():
    kinds = {e.kind for e in played("aces-v1", 3).events}
    assert "round.won" in kinds and "round" not in kinds
    assert "round" in {e.kind for e in played("aces", 3).events}


def test_a_version_never_declared_is_refused():
    with pytest.raises(UnknownRuleset, match="aces-v0 is not a version"):
        registry.load("aces-v0")
    with pytest.raises(UnknownRuleset, match="unknown ruleset 'aces-v3'"):
        registry.load("aces-v3")
    assert not registry.known("aces-v0")


def test_a_record_of_an_older_version_replays_with_its_behaviour():
    seed = next(s for s in range(50) if an_ace_decides(s))
    record = played("aces-v1", seed).record()
    assert record.ruleset == "aces-v1"
    assert replay(record).events == played("aces-v1", seed).events
    chosen = record.model_copy(update={"rulings": {**record.rulings, "ace": "high"}})
    with pytest.raises(ReplayMismatch, match="events differ"):
        replay(chosen)  # a ruling chosen in the record is kept, whatever the version pins


@pytest.mark.parametrize("made_by", ["aces-v1", "aces-v2"])
def test_a_record_of_rulekeeper_0_1_0_replays_with_the_version_that_made_it(made_by: str):
    """0.1.0 named every version -v1, and its records had no rulings added since."""
    seed = next(s for s in range(50) if an_ace_decides(s))
    game = played(made_by, seed)
    old = game.record().model_dump(mode="json")
    old.update(ruleset="aces-v1", rulekeeper="0.1.0")
    del old["rulings"]["ace"]
    again = replay(old)
    assert again.events == game.events
    assert again.record().ruleset == made_by  # the record now names its version exactly
    assert again.record().rulings["ace"] == game.record().rulings["ace"]


def test_a_record_no_version_reproduces_names_what_each_found():
    game = played("aces-v2", 1)
    old = game.record().model_dump(mode="json") | {"ruleset": "aces-v1", "rulekeeper": "0.1.0"}
    old["events_digest"] = "0" * 16
    with pytest.raises(ReplayMismatch, match=r"no version of aces that rulekeeper 0.1.0 "
                                             r"named aces-v1 reproduces the record \(as aces-v2: "
                                             r".*; as aces-v1: "):
        replay(old)


def test_a_record_of_the_current_version_is_not_searched():
    seed = next(s for s in range(50) if an_ace_decides(s))
    record = played("aces-v1", seed).record().model_dump(mode="json")
    record.update(ruleset="aces-v2", rulings={"tie-break": "dice"})
    with pytest.raises(ReplayMismatch, match=r"^the replayed events differ"):
        replay(record)


@pytest.mark.parametrize("ruleset_id", registry.BUILT_IN)
def test_each_rulesets_history_names_its_rulings_and_versions(ruleset_id: str):
    ruleset = registry.load(ruleset_id)
    options = {r.id: r.options for r in ruleset.rulings}
    for change in ruleset.history:
        assert 2 <= change.version <= ruleset.meta.version, change.what
        assert change.what and change.release
        for ruling_id, option in change.rulings.items():
            assert option in options[ruling_id], f"{ruling_id}={option}: {change.what}"
    for version in range(1, ruleset.meta.version + 1):
        assert registry.load(f"{ruleset.meta.name}-v{version}").meta.version == version
    assert {c.version for c in ruleset.history} == set(range(2, ruleset.meta.version + 1))


def test_an_older_version_made_after_the_newest_answers_for_itself():
    newest = registry.load("aces")
    assert newest.log_changes == () and newest.made("aces-high")
    older = registry.load("aces-v1")
    assert len(older.log_changes) == 1 and not older.made("aces-high")
    with pytest.raises(RulesetError, match="no change named 'nothing'"):
        newest.made("nothing")


def test_the_changelog_tells_every_version_of_every_ruleset():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "CHANGELOG.md").read_text(encoding="utf-8")
    sections: dict[str, str] = {}   # a ruleset's sections of every release, together
    for part in text.split("\n### ")[1:]:
        name = part.split("\n", 1)[0].strip()
        sections[name] = sections.get(name, "") + part
    for ruleset_id in registry.BUILT_IN:
        ruleset = registry.load(ruleset_id)
        if not ruleset.history:
            continue
        section = sections[ruleset.meta.name]
        for version in range(1, ruleset.meta.version + 1):
            assert f"- **v{version}** (" in section, f"{ruleset.meta.name}-v{version}"
        assert f"`{ruleset.meta.id}`" in text
