"""The archive of sample content: a balance pass never breaks a record."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import archive, registry
from rulekeeper.core.content import digest
from rulekeeper.core.errors import ReplayMismatch
from rulekeeper.core.game import Game, new_game, replay
from tests.core.duel import Duel
from tests.core.duel.ruleset import HERE


@pytest.fixture
def balanced(tmp_path: Path) -> Iterator[type[Duel]]:
    """``duel-v9``: Duel with its sample content (and archive) in a folder a test may edit."""
    shutil.copytree(HERE / "content", tmp_path / "content")

    class Balanced(Duel):
        meta = Duel.meta.__class__(**{**Duel.meta.__dict__, "name": "balanced"})
        content_dir = tmp_path / "content"

    registry.register("balanced-v1", Balanced)
    yield Balanced
    registry.unregister("balanced-v1")


def played(seed: int, **kwargs: Any) -> Game:
    game = new_game("balanced", seed=seed, **kwargs)
    while game.pending is not None:
        game.step(game.pending.options[-1].id)
    return game


def balance_pass(ruleset: type[Duel]) -> None:
    """The sample is archived (as a release does), then changed."""
    loaded = registry.load("balanced")
    archive.write(loaded.archive_dir, loaded.content_set.raw()[0])
    (ruleset.content_dir / "deck.yaml").write_text("cards: [2, 3, 4, 5, 6, 7, 8, 9, 10]\n")
    registry.unregister("balanced-v1")
    registry.register("balanced-v1", ruleset)  # a new process: today's sample is the new one


@pytest.mark.parametrize("ruleset_id", registry.BUILT_IN)
def test_every_rulesets_sample_is_in_its_archive(ruleset_id: str):
    ruleset = registry.load(ruleset_id)
    data = archive.read(ruleset.archive_dir, ruleset.sample_digest)
    assert data == ruleset.content_set.raw()[0], (
        f"{ruleset_id}'s sample content is not archived: run "
        f".venv/bin/python benchmarks/old_records.py --archive --commits HEAD")


def test_a_record_replays_after_a_balance_pass(balanced: type[Duel]):
    game = played(4)
    record = game.record()
    assert record.content_sample == digest({"deck": {"cards": list(range(1, 10))}})
    balance_pass(balanced)
    assert registry.load("balanced").sample_digest != record.content_sample
    assert replay(record).events == game.events
    assert played(4).events != game.events  # a new game plays the new sample


def test_an_older_record_finds_its_sample_by_the_digest_of_its_content(balanced: type[Duel]):
    game = played(4, content_set={"deck.cards.0": 12})
    old = game.record().model_dump(mode="json") | {"format": 2, "content_sample": None}
    balance_pass(balanced)
    again = replay(old)
    assert again.events == game.events
    assert again.record().content_sample == game.record().content_sample


def test_a_sample_the_archive_lacks_is_one_clear_error(balanced: type[Duel]):
    record = played(4).record().model_copy(update={"content_sample": "0123456789abcdef"})
    with pytest.raises(ReplayMismatch, match="'0123456789abcdef' is not in this rulekeeper's "
                                             "archive"):
        replay(record)
    (balanced.content_dir / "deck.yaml").write_text("cards: [2, 3, 4, 5, 6, 7, 8, 9, 10]\n")
    old = played(4).record().model_dump(mode="json") | {"format": 2, "content_sample": None,
                                                        "content_digest": "0" * 16}
    with pytest.raises(ReplayMismatch, match="no sample content this rulekeeper has"):
        replay(old)


def test_a_damaged_archive_entry_is_refused(tmp_path: Path):
    sample = archive.write(tmp_path, {"deck": {"cards": [1, 2]}})
    other = archive.write(tmp_path / "other", {"deck": {"cards": [3]}})
    shutil.copy(tmp_path / "other" / f"{other}{archive.SUFFIX}", tmp_path / f"{sample}"
                                                                           f"{archive.SUFFIX}")
    with pytest.raises(ReplayMismatch, match="is damaged"):
        archive.read(tmp_path, sample)
    assert archive.digests(tmp_path) == (sample,)
