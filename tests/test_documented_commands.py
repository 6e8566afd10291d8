"""Every ``rulekeeper`` command the documentation shows works as shown.

The commands are read from README.md and docs/*.md: the lines of their code blocks and the
inline code that start with ``rulekeeper`` (a new documented command is tested without
touching this file). An example is run, in order with the others of its page in one
folder, with fewer games (:func:`smaller`); a synopsis (placeholders such as ``RULESET``,
``[--option]``, ``a|b``, ``...``) is run without its optional parts when nothing else in it
is a placeholder, and each of its options must be one the command offers. Commands on a Ray cluster (``--backend ray``) are left to the lab's Ray
tests, which start one.
"""

from __future__ import annotations

import re
import shlex
from functools import cache
from pathlib import Path

import pytest

from rulekeeper.core import registry
from tests.core.test_cli import run

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SMALL = {"--games": 2, "--ruling-games": 1, "--sample": 50, "--max-games": 4}
"""Games (or samples) of a documented command, whatever the page says."""
SMALL_MATCHUP = {**SMALL, "--games": 1}
"""A matchup's games per pairing: a matchup of 8 contenders plays 64 pairings."""
MATCHUP_CONTENDERS = 3
"""A matchup's contenders kept (the first ones): the 8-contender matchups of the tuning page
took most of its time; tests/lab play bigger ones."""
SMALL_LEAGUE = {"--runs": 1, "--players": 2}
"""A league's runs and players (``simulate cryptids-run``)."""
EXTRA_OPTIONS = {"play", "battle", "simulate", "sweep", "matchup", "tune"}
"""Commands that take a ruleset's own options last (``--heroes 2``)."""
NOT_HERE = ("--backend ray", "rulekeeper serve", "USER:PASSWORD@HOST")
"""Commands not run here: Ray's (tests/lab run them on a head), the server's, which runs until
stopped (tests/server and tests/browser start it), and those naming a database to fill in."""
TEAM = "name: Mine\ncryptids: [yeti, jackalope, {cryptid: nessie, hp: 14}]\n"
FIXTURES = {"my-team.yaml": TEAM, "a.yaml": "name: A\ncryptids: [tsuchinoko]\n",
            "b.yaml": "name: B\ncryptids: [fresno-nightcrawler]\n", "teams/my-team.yaml": TEAM}
"""Files the documentation's examples read, as a user would have them."""
MADE_BY = {"replay": ["play", "cryptids", "--log"],
           "report": ["simulate", "cryptids", "--games", "2", "--out"]}
"""How to make the file a command reads when the page made it in a command not run here."""


def documented(doc: Path) -> list[str]:
    """The ``rulekeeper`` commands of a page, in order: code block lines and inline code."""
    text = doc.read_text(encoding="utf-8")
    found: list[tuple[int, int, str]] = []
    for block in re.finditer(r"```[^\n]*\n(.*?)```", text, re.S):
        body = block.group(1).replace("\\\n", " ")
        for number, line in enumerate(body.splitlines()):
            command = re.sub(r"^(\.venv/bin/)?", "", line.strip())
            if command.startswith("rulekeeper "):
                found.append((block.start(), number, re.split(r"\s+#", command)[0].strip()))
    outside = re.sub(r"```.*?```", lambda m: " " * len(m.group(0)), text, flags=re.S)
    for span in re.finditer(r"`((?:\.venv/bin/)?rulekeeper [^`]+)`", outside):
        command = " ".join(span.group(1).replace("\\|", "|").split())
        found.append((span.start(), 0, command.removeprefix(".venv/bin/")))
    return [command for *_, command in sorted(found)]


def is_synopsis(command: str) -> bool:
    """A command with placeholders, shown for its shape rather than to be run, or a bare
    command named in a sentence (``rulekeeper rules`` reports...)."""
    words = command.split()[1:]
    if len(words) == 1 and words[0] not in ("list", "demo", "odds"):
        return True
    return any(re.search(r"[\[\]|]|\.\.\.", w) or re.fullmatch(r"[A-Z][A-Z0-9_]*", w)
               for w in words)


def runnable(command: str) -> str | None:
    """The command as written, or a synopsis without its optional ``[...]`` parts when
    nothing else in it is a placeholder; None when it cannot be run as shown."""
    if not is_synopsis(command):
        return command
    base = " ".join(re.sub(r"\[[^\]]*\]", " ", command).split())
    return base if base.count(" ") > 1 and not is_synopsis(base) else None


def smaller(words: list[str]) -> list[str]:
    """The command with few games: every count of games (and samples) cut to :data:`SMALL`,
    a matchup's to :data:`SMALL_MATCHUP`, a league's to :data:`SMALL_LEAGUE`, a search bot's
    budget to 2 iterations; commands that play games by default get ``--games``."""
    out = list(words)
    if out[0] == "matchup":
        out = few_contenders(out)
    league = out[0] == "simulate" and getattr(registry.load(out[1]), "league", False)
    small = SMALL_LEAGUE if league else SMALL_MATCHUP if out[0] == "matchup" else SMALL
    for i, word in enumerate(out[:-1]):
        if word in small:
            out[i + 1] = str(min(int(out[i + 1]), small[word]))
    out = [re.sub(r"budget=\d+(ms|s)?", "budget=2", word) for word in out]  # searches kept short
    plays = out[0] in ("simulate", "sweep", "matchup", "demo", "tune") or \
        out[:2] == ["odds", "cryptids"]
    if plays and not league and "--games" not in out:
        out += ["--games", "1" if out[0] == "demo" else str(small["--games"])]
    if out[0] == "tune" and "--max-games" not in out:
        out += ["--max-games", str(SMALL["--max-games"])]
    if out[0] == "demo":
        out.append("--no-serve")  # the batch only: serving runs until stopped
    return out


def few_contenders(words: list[str]) -> list[str]:
    """The matchup with its first :data:`MATCHUP_CONTENDERS` contenders (``-c NAME``)."""
    out, kept, rest = [], 0, iter(words)
    for word in rest:
        if word not in ("-c", "--contender"):
            out.append(word)
        elif (kept := kept + 1) <= MATCHUP_CONTENDERS:
            out += [word, next(rest)]
        else:
            next(rest)
    return out


PAGES = {doc.name: documented(doc) for doc in DOCS}
EXAMPLES = [(name, c) for name, commands in PAGES.items() for c in commands
            if not is_synopsis(c)]
SYNOPSES = [(name, c) for name, commands in PAGES.items() for c in commands if is_synopsis(c)]


def test_the_documentation_shows_commands():
    assert len(EXAMPLES) > 40 and len(SYNOPSES) > 10
    assert ("README.md", "rulekeeper matchup cryptids -c hunters -c guardians -c swamp") in EXAMPLES


@pytest.mark.parametrize("page", sorted({name for name, _ in EXAMPLES}))
def test_every_example_of_a_page_runs(page, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, text in FIXTURES.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    for shown in dict.fromkeys(PAGES[page]):  # a command shown twice is run once
        command = runnable(shown)
        if command is None or any(skip in command for skip in NOT_HERE):
            continue
        words = smaller(shlex.split(command)[1:])
        if words[0] in MADE_BY and not Path(words[1]).exists():  # a file made earlier
            run([*MADE_BY[words[0]], words[1]], capsys, monkeypatch)
        code, _, err = run(words, capsys, monkeypatch, stdin="q\n")
        assert code == 0, f"{page}: {command}\n{err}"
        assert "Traceback" not in err, f"{page}: {command}"


@cache
def ruleset_options() -> set[str]:
    return {"--" + field.replace("_", "-") for ruleset_id in registry.ids()
            for field in registry.load(ruleset_id).options_model.model_fields}


@pytest.mark.parametrize("page,command", SYNOPSES)
def test_every_option_of_a_synopsis_is_offered(page, command, capsys, monkeypatch):
    words = command.split()[1:]
    path: list[str] = []
    for word in words:
        if not re.fullmatch(r"[a-z][a-z0-9-]*", word):
            break
        path.append(word)
    code, help_text, _ = run([*path, "--help"], capsys, monkeypatch)
    assert code == 0 and "Usage" in help_text, (page, command)
    flags = {re.sub(r"[\[\]=].*", "", w) for w in re.findall(r"--[a-z][a-z-]*", command)}
    missing = [f for f in flags if f not in help_text
               and not (path[0] in EXTRA_OPTIONS and f in ruleset_options())]
    assert missing == [], f"{page}: {command}"
