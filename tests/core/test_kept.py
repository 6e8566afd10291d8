"""Sample content files are parsed once and kept between runs (core/kept.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.core import content, kept
from rulekeeper.core.content import ContentSet, Model
from rulekeeper.core.errors import ContentError


class Deck(Model):
    cards: list[int]


class Content(Model):
    deck: Deck


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(kept.CACHE_ENV, str(folder))
    return folder


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files read as YAML."""
    read: list[Path] = []
    real = content.read_yaml

    def counting(path: Path):  # type: ignore[no-untyped-def]
        read.append(path)
        return real(path)

    monkeypatch.setattr(content, "read_yaml", counting)
    return read


def sample(tmp_path: Path, text: str = "cards: [1, 2, 3]\n") -> ContentSet:
    folder = tmp_path / "sample"
    folder.mkdir(exist_ok=True)
    (folder / "deck.yaml").write_text(text)
    return ContentSet(Content, folder)


def test_a_sample_file_is_parsed_once(tmp_path, cache, parses):
    contents = sample(tmp_path)
    first = contents.raw()
    second = contents.raw()
    assert parses == [tmp_path / "sample" / "deck.yaml"]
    assert second[0] == first[0] == {"deck": {"cards": [1, 2, 3]}}
    assert second[1]["deck"].locate(["cards", 2]) == (str(tmp_path / "sample" / "deck.yaml"),
                                                      1, "cards.2")
    assert len(list(cache.iterdir())) == 1


def test_an_edited_sample_file_is_parsed_again_and_its_old_entry_removed(tmp_path, cache,
                                                                         parses):
    sample(tmp_path).raw()
    (old,) = cache.iterdir()
    data, _ = sample(tmp_path, "cards: [4]\n").raw()
    assert data == {"deck": {"cards": [4]}} and len(parses) == 2
    (new,) = cache.iterdir()
    assert new != old


def test_a_damaged_entry_is_parsed_again_and_rewritten(tmp_path, cache, parses):
    sample(tmp_path).raw()
    (entry,) = cache.iterdir()
    entry.write_bytes(b"\x80\x05not a pickle")
    assert sample(tmp_path).raw()[0] == {"deck": {"cards": [1, 2, 3]}}
    assert sample(tmp_path).raw()[0] == {"deck": {"cards": [1, 2, 3]}}
    assert len(parses) == 2  # the damaged entry's, then the rewritten one was read


def test_no_cache_when_the_folder_cannot_be_written_or_is_off(tmp_path, monkeypatch, parses):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(kept.CACHE_ENV, str(blocker / "cache"))
    assert sample(tmp_path).raw()[0] == {"deck": {"cards": [1, 2, 3]}}
    monkeypatch.setenv(kept.CACHE_ENV, "")
    assert kept.folder() is None
    assert sample(tmp_path).raw()[0] == {"deck": {"cards": [1, 2, 3]}}
    assert len(parses) == 2


def test_the_cache_folder(tmp_path, monkeypatch):
    monkeypatch.delenv(kept.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert kept.folder() == tmp_path / "xdg" / "rulekeeper"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert kept.folder() == tmp_path / ".cache" / "rulekeeper"
    monkeypatch.setenv("HOME", "relative")  # no usable home: no cache, not one in the cwd
    assert kept.folder() is None


def test_user_files_are_always_parsed_and_never_kept(tmp_path, cache, parses):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "deck.yaml").write_text("cards: [9]\n")
    contents = sample(tmp_path)
    for _ in range(2):
        assert contents.raw(mine, replace=True)[0] == {"deck": {"cards": [9]}}
    assert parses.count(mine / "deck.yaml") == 2
    assert [p.name.split("-")[0] for p in cache.iterdir()] == ["deck"]  # the sample's entry


def test_a_kept_file_with_an_error_still_names_its_line(tmp_path, cache):
    contents = sample(tmp_path, "cards: [1, two]\n")
    for _ in range(2):  # parsed, then kept
        with pytest.raises(ContentError, match=r"deck.yaml:1: cards.1: "):
            contents.load()


def test_a_short_simulate_with_kept_sample_files_imports_no_yaml():
    import subprocess
    import sys

    probe = ("import atexit, sys\n"
             "atexit.register(lambda: print('yaml' in sys.modules, file=sys.stderr))\n"
             "from rulekeeper.cli import main\nmain()\n")
    runs = [subprocess.run([sys.executable, "-c", probe, "simulate", "cryptids", "--games", "1"],
                           capture_output=True, text=True, check=True) for _ in range(2)]
    assert runs[1].stderr.strip().splitlines()[-1] == "False"  # the second run read kept files
