"""--content DIR laid over the sample by item id; --content-replace; repeated ids refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.core.content import ContentSet, Model
from rulekeeper.core.errors import ContentError, UsageError
from rulekeeper.core.game import RECORD_FORMAT, Record, new_game, parse_record, replay


class Unit(Model):
    id: str
    hp: int


class Army(Model):
    name: str
    units: list[Unit]


class Settings(Model):
    rounds: int
    limits: dict[str, int]


class Content(Model):
    army: Army
    settings: Settings


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.yaml").write_text(text)
    return folder


@pytest.fixture
def sample(tmp_path: Path) -> ContentSet:
    folder = tmp_path / "sample"
    write(folder, "army", "name: red\nunits:\n  - {id: a, hp: 1}\n  - {id: b, hp: 2}\n")
    write(folder, "settings", "rounds: 3\nlimits: {moves: 2, shots: 1}\n")
    return ContentSet(Content, folder)


def test_a_folder_holding_one_changed_and_one_new_item_is_laid_over_the_sample(sample, tmp_path):
    mine = write(tmp_path / "mine", "army", "units:\n  - {id: b, hp: 5}\n  - {id: c, hp: 3}\n")
    content, _ = sample.load(mine)
    assert content.army.name == "red"
    assert [(u.id, u.hp) for u in content.army.units] == [("a", 1), ("b", 5), ("c", 3)]
    assert content.settings.rounds == 3


def test_mappings_merge_key_by_key(sample, tmp_path):
    mine = write(tmp_path / "mine", "settings", "limits: {shots: 4}\n")
    content, _ = sample.load(mine)
    assert content.settings.limits == {"moves": 2, "shots": 4} and content.settings.rounds == 3


def test_content_replace_keeps_whole_file_replacement(sample, tmp_path):
    mine = write(tmp_path / "mine", "army", "name: blue\nunits:\n  - {id: c, hp: 3}\n")
    content, _ = sample.load(mine, replace=True)
    assert [u.id for u in content.army.units] == ["c"]
    with pytest.raises(ContentError, match=r"settings.yaml.*rounds: Field required"):
        sample.load(write(tmp_path / "mine", "settings", "limits: {}\n"), replace=True)


def test_an_error_in_an_overlaid_item_names_the_users_file_and_line(sample, tmp_path):
    mine = write(tmp_path / "mine", "army", "units:\n  - {id: c, hp: 3}\n  - {id: d, hp: x}\n")
    with pytest.raises(ContentError) as error:
        sample.load(mine)
    assert str(error.value).startswith(f"{mine / 'army.yaml'}:3: units.1.hp:")


def test_an_error_in_a_sample_item_names_the_sample_file(sample, tmp_path):
    mine = write(tmp_path / "mine", "army", "units:\n  - {id: c, hp: 3}\n")
    write(sample.sample_dir, "army", "name: red\nunits:\n  - {id: a, hp: one}\n")
    with pytest.raises(ContentError, match=r"sample/army.yaml:3: units.0.hp"):
        sample.load(mine)


def test_a_list_holding_the_same_id_twice_is_refused_naming_file_line_and_id(sample, tmp_path):
    mine = write(tmp_path / "mine", "army",
                 "units:\n  - {id: c, hp: 3}\n  - {id: e, hp: 1}\n  - {id: c, hp: 4}\n")
    with pytest.raises(ContentError) as error:
        sample.load(mine)
    assert str(error.value) == (f"{mine / 'army.yaml'}:4: units.2: id 'c' is used twice in "
                                f"this list (first at line 2)")
    with pytest.raises(ContentError, match="id 'c' is used twice"):
        sample.load(mine, replace=True)


def test_a_key_given_twice_in_a_mapping_is_refused(sample, tmp_path):
    mine = write(tmp_path / "mine", "settings", "rounds: 2\nrounds: 4\n")
    with pytest.raises(ContentError, match=r"settings.yaml:2: 'rounds' is given twice"):
        sample.load(mine)


def test_content_naming_a_file_says_it_is_a_file(tmp_path):
    (tmp_path / "deck.yaml").write_text("cards: [1, 2, 3, 4, 5, 6]\n")
    with pytest.raises(UsageError, match="is a file; --content takes a folder"):
        new_game("duel", content=str(tmp_path / "deck.yaml"))


def test_the_mode_is_recorded_and_replayed(tmp_path):
    (tmp_path / "deck.yaml").write_text("cards: [6, 5, 4, 3, 2, 1]\n")
    game = new_game("duel", content=str(tmp_path), content_replace=True, seed=2)
    record = game.record()
    assert record.content_replace is True
    assert replay(record).events == game.events


def test_a_format_1_record_with_a_content_folder_replaces_files_whole(tmp_path):
    (tmp_path / "deck.yaml").write_text("cards: [6, 5, 4, 3, 2, 1]\n")
    data = new_game("duel", content=str(tmp_path), seed=2).record().model_dump(mode="json")
    del data["format"], data["content_replace"], data["content_sample"], data["content_files"]
    data["content_dir"] = str(tmp_path)
    old: Record = parse_record(data)
    assert old.content_replace is True and old.format == RECORD_FORMAT
