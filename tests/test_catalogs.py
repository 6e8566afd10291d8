"""Every Babel catalog of the project (the page's web.po, the server's refusals, each
ruleset's, the lab's, the command line's) defines each msgid once: Babel keeps the first of
two definitions without a word, so a second one (another gender, another wording) is a
translation silently lost (``msgfmt -c`` refuses such a file)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

import rulekeeper

CATALOGS = sorted(Path(rulekeeper.__file__).parent.rglob("*.po"))


def msgids(po: Path) -> list[tuple[str, str]]:
    """Each entry's context and msgid, as written (a msgid over several lines joined)."""
    found: list[tuple[str, str]] = []
    context, reading, parts = "", None, []
    for line in [*po.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith('"') and reading is not None:
            parts.append(ast.literal_eval(line))
            continue
        if reading == "msgid":
            found.append((context, "".join(parts)))
            context = ""
        elif reading == "msgctxt":
            context = "".join(parts)
        reading, parts = None, []
        for keyword in ("msgctxt", "msgid"):
            if line.startswith(f"{keyword} "):
                reading, parts = keyword, [ast.literal_eval(line[len(keyword) + 1:])]
    return [entry for entry in found if entry[1]]  # (the header's empty msgid)


def test_the_catalogs_are_found():
    assert len(CATALOGS) > 20
    assert any(po.name == "web.po" for po in CATALOGS)


def test_msgids_are_read_whole():
    assert ("", "the name {name} is taken") in msgids(
        Path(rulekeeper.__file__).parent / "server/locale/fr/LC_MESSAGES/refusals.po")


@pytest.mark.parametrize("po", CATALOGS, ids=lambda po: str(po.relative_to(po.parents[5])))
def test_each_msgid_is_defined_once(po):
    twice = sorted(msgid for msgid, n in Counter(msgids(po)).items() if n > 1)
    assert twice == [], f"{po}: defined more than once"


@pytest.mark.parametrize("folder", sorted({po.parent for po in CATALOGS}),
                         ids=lambda folder: str(folder.relative_to(folder.parents[4])))
def test_a_folders_catalogs_translate_a_msgid_one_way(folder):
    """One folder's catalogs make one catalog (``core.events.Messages``, the last file's
    translation winning): a msgid that two translate differently changes the sentences of
    the other (a board's word added to ``view.po`` once changed how an event ends a game
    in French)."""
    from babel.messages.pofile import read_po

    said: dict[str, tuple[str, str]] = {}
    for po in sorted(folder.glob("*.po")):
        with po.open("rb") as handle:
            for message in read_po(handle):
                if message.id and message.string and isinstance(message.id, str):
                    first = said.setdefault(message.id, (po.name, message.string))
                    assert first[1] == message.string, \
                        f"{folder}: {message.id!r} is {first[1]!r} in {first[0]}, " \
                        f"{message.string!r} in {po.name}"
