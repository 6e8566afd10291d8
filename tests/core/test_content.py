import pytest
from jsonschema import Draft202012Validator

from rulekeeper.core import registry
from rulekeeper.core.board import BoardSpec
from rulekeeper.core.content import ContentSet, digest, load_file, set_path
from rulekeeper.core.errors import ContentError, ReplayMismatch, UsageError
from rulekeeper.core.game import new_game, replay

BOARD = """\
id: test
areas:
  - id: a
    neighbours: [b]
    sight: [0, 0]
  - id: b
    neighbours: [a]
    sight: [1, 0]
    capacity: lots
"""


def test_error_names_file_line_and_field(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(BOARD)
    with pytest.raises(ContentError) as caught:
        load_file(path, BoardSpec)
    message = str(caught.value)
    assert message.startswith(f"{path}:9: areas.1.capacity: ")
    assert caught.value.line == 9 and caught.value.field == "areas.1.capacity"


def test_yaml_syntax_error_names_the_line(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text("id: x\nareas: [\n  - a\n")
    with pytest.raises(ContentError, match=r"board.yaml:\d+: not valid YAML"):
        load_file(path, BoardSpec)


def test_validator_errors_are_content_errors(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.replace("neighbours: [a]", "neighbours: []").replace("lots", "2"))
    with pytest.raises(ContentError, match="does not list 'a' as a neighbour"):
        load_file(path, BoardSpec)


def test_user_folder_replaces_sample_files(tmp_path):
    ruleset = registry.load("duel")
    (tmp_path / "deck.yaml").write_text("cards: [10, 20, 30, 40, 50, 60]\n")
    game = new_game("duel", content=str(tmp_path), seed=1)
    dealt = [c for e in game.events if e.kind == "deal" for c in e.data["cards"]]
    assert sorted(dealt) == [10, 20, 30, 40, 50, 60]
    record = game.record()  # the files travel with the record, never the folder's name
    assert record.content_dir is None and record.content_files == {"deck": {"cards": [
        10, 20, 30, 40, 50, 60]}}
    assert record.content_sample == ruleset.sample_digest
    (tmp_path / "deck.yaml").unlink()
    assert replay(record).events == game.events
    sample, _ = ruleset.load_content()
    assert sample.deck.cards[0] == 1


def test_a_user_folder_is_read_once_until_a_file_of_it_changes(tmp_path, monkeypatch):
    """Every game of a batch on a folder records its files: they are read once, and again
    when one changes (a file edited, added or removed)."""
    import os

    from rulekeeper.core import content as content_module

    deck = tmp_path / "deck.yaml"
    deck.write_text("cards: [10, 20, 30, 40, 50, 60]\n")
    reads: list[str] = []
    parse = content_module._parse_content_file
    monkeypatch.setattr(content_module, "_parse_content_file",
                        lambda path: reads.append(path.name) or parse(path))
    first = new_game("duel", content=str(tmp_path), seed=0, log=False).record()
    read = len(reads)
    more = [new_game("duel", content=str(tmp_path), seed=s, log=False).record()
            for s in range(1, 4)]
    assert read >= 1 and len(reads) == read, "the later games read no file"
    assert first.content_files == more[-1].content_files == {"deck": {"cards": [
        10, 20, 30, 40, 50, 60]}}
    deck.write_text("cards: [1, 2, 3, 4, 5, 6]\n")
    os.utime(deck, ns=(deck.stat().st_atime_ns, deck.stat().st_mtime_ns + 10**9))
    changed = new_game("duel", content=str(tmp_path), seed=1, log=False).record()
    assert len(reads) > read and changed.content_files == {"deck": {"cards": [
        1, 2, 3, 4, 5, 6]}}


def test_bad_user_file_names_the_user_file(tmp_path):
    (tmp_path / "deck.yaml").write_text("cards:\n  - 1\n  - two\n")
    with pytest.raises(ContentError, match=r"deck.yaml:3: cards.1: "):
        new_game("duel", content=str(tmp_path))


def test_missing_folder_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="does not exist"):
        new_game("duel", content=str(tmp_path / "nope"))


def test_set_values_change_content_and_digest():
    ruleset = registry.load("duel")
    base, base_digest = ruleset.load_content()
    changed, changed_digest = ruleset.load_content(None, {"deck.cards": [9] * 6})
    assert changed.deck.cards == [9] * 6 and base.deck.cards != changed.deck.cards
    assert base_digest != changed_digest


def test_a_bad_set_value_is_reported_against_the_set_argument():
    with pytest.raises(ContentError, match=r"^--set deck.cards: .*at least"):
        registry.load("duel").load_content(None, {"deck.cards": [1]})
    with pytest.raises(ContentError, match=r"^--set enemies.enemies.ghoul.health: .*integer"):
        registry.load("enemy-attacks").load_content(None, {"enemies.enemies.ghoul.health": "abc"})


def test_a_set_path_that_leads_nowhere_says_what_is_there():
    with pytest.raises(UsageError, match="the content has no field 'deck'"):
        set_path({}, "deck.cards", 1)
    with pytest.raises(UsageError, match=r"enemies has no field 'ghoul'; its fields: sample, "
                                         r"enemies$"):
        registry.load("enemy-attacks").load_content(None, {"enemies.ghoul.health": 3})
    with pytest.raises(UsageError, match=r"no content file 'enemy' \(did you mean 'enemies'\?\)"
                                         r"; a path starts with a file's name: dice, allies"):
        registry.load("enemy-attacks").load_content(None, {"enemy.ghoul.health": 3})


def test_set_path_finds_list_items_by_id_or_index():
    data = {"units": [{"id": "a", "hp": 1}, {"id": "b", "hp": 2}]}
    set_path(data, "units.b.hp", 5)
    set_path(data, "units.0.hp", 7)
    assert data == {"units": [{"id": "a", "hp": 7}, {"id": "b", "hp": 5}]}
    with pytest.raises(UsageError, match=r"units has no item 'c'; its items: a, b$"):
        set_path(data, "units.c.hp", 1)
    with pytest.raises(UsageError, match=r"units.a.hp is a single value, with no field 'x'"):
        set_path(data, "units.a.hp.x", 1)
    with pytest.raises(UsageError, match=r"it has 2 items, 0 to 1$"):
        set_path({"n": [1, 2]}, "n.5", 1)


def test_digest_is_stable():
    assert digest({"a": 1, "b": [1, 2]}) == digest({"b": [1, 2], "a": 1})


def test_content_set_reads_only_model_files(tmp_path):
    ruleset = registry.load("duel")
    data, origin = ContentSet(ruleset.content_model, ruleset.content_dir).raw()
    assert set(data) == {"deck"} and origin["deck"].file.endswith("deck.yaml")


def test_non_utf8_file_is_a_content_error(tmp_path):
    (tmp_path / "deck.yaml").write_bytes(b"cards: [1, 2, 3, 4, 5, 6]\n# Caf\xe9\n")
    with pytest.raises(ContentError, match=r"deck.yaml:2: not UTF-8"):
        new_game("duel", content=str(tmp_path))


def test_stray_and_empty_files_are_refused(tmp_path):
    (tmp_path / "decks.yaml").write_text("cards: [1]\n")
    with pytest.raises(ContentError, match=r"decks.yaml: not a content file.*deck.yaml"):
        new_game("duel", content=str(tmp_path))
    (tmp_path / "decks.yaml").unlink()
    (tmp_path / "deck.yaml").write_text("# nothing\n")
    with pytest.raises(ContentError, match="the file is empty"):
        new_game("duel", content=str(tmp_path))


def test_a_record_of_format_2_reads_its_folder_and_replays_in_todays_format(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "deck.yaml").write_text("cards: [1, 2, 3, 4, 5, 6]\n")
    game = new_game("duel", content=str(tmp_path / "mine"))
    old = game.record().model_dump(mode="json")
    old.update(format=2, content_dir=str(tmp_path / "mine"), content_files={},
               content_sample=None)
    again = replay(old).record()
    assert again.format == 3 and again.content_dir is None
    assert again.content_files == game.record().content_files
    assert again.content_sample == registry.load("duel").sample_digest
    (tmp_path / "mine" / "deck.yaml").write_text("cards: [6, 5, 4, 3, 2, 1]\n")
    with pytest.raises(ReplayMismatch, match="no sample content this rulekeeper has"):
        replay(old)


def test_json_schema_of_the_whole_content_and_of_each_file():
    content = registry.load("duel").content_set
    assert content.files == ("deck",)
    whole = content.schema()
    assert whole["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert whole["required"] == ["deck"]
    deck = content.schema("deck")
    assert deck["title"] == "deck.yaml" and deck["$schema"] == whole["$schema"]
    validator = Draft202012Validator(deck)
    data, _ = content.raw()
    assert validator.is_valid(data["deck"])
    assert not validator.is_valid({"cards": [1, 2]})
    assert not validator.is_valid({"cards": [1, 2, 3, 4, 5, 6], "jokers": 2})
