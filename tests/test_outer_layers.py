"""The outer layers (server, lab, rl, the command line) name no ruleset but cryptids, whose
online game and league are built for it: they run, offer and draw every ruleset, a
plug-in's too, from what the ruleset declares (its meta, options, bots, drawing)."""

from __future__ import annotations

import re
from pathlib import Path

import rulekeeper
from rulekeeper.core import registry

SRC = Path(rulekeeper.__file__).parent
OUTER = [SRC / "server", SRC / "lab", SRC / "rl", *sorted(SRC.glob("cli*.py"))]
NAMED = re.compile(r"dire[\s_-]?alliance|enemy[\s_-]?attacks|combat[\s_-]?encounter", re.I)


def colour_map() -> re.Pattern[str]:
    """A side of a built-in ruleset named with a colour (``red: "#b3261e"``): the ruleset's
    to declare."""
    sides = {s for i in registry.BUILT_IN for r in [registry.load(i)]
             for s in (*r.meta.players, *r.drawing.sides)}
    names = "|".join(sorted(map(re.escape, sides)))
    return re.compile(rf"""\b["']?({names})["']?\s*:\s*["']#[0-9a-fA-F]{{3,6}}["']""")


def files(*roots: Path) -> list[Path]:
    return [p for root in roots for p in (sorted(root.rglob("*")) if root.is_dir() else [root])
            if p.suffix in (".py", ".js", ".html", ".css")]


def lines(paths: list[Path], pattern: re.Pattern[str]) -> list[str]:
    return [f"{path.name}:{n}: {line.strip()}" for path in paths
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if pattern.search(line)]


def test_no_outer_layer_names_a_ruleset_but_cryptids():
    assert lines(files(*OUTER), NAMED) == []


def test_the_pages_script_knows_no_ruleset():
    """The page draws from the typed view: no ruleset id, no colour of a side."""
    scripts = [p for p in files(SRC / "server" / "web" / "static")
               if p.suffix == ".js" and p.name != "cryptids.js"]  # cryptids.js: the online game
    ids = "|".join(re.escape(i.rsplit("-v", 1)[0]) for i in registry.BUILT_IN)
    assert lines(scripts, re.compile(rf"""["'`]({ids})""")) == []
    assert lines(scripts, colour_map()) == []


def test_the_checks_find_what_they_look_for(tmp_path):
    """The patterns above do match a ruleset's name and a colour map."""
    named = tmp_path / "named.py"
    named.write_text('NAME = "enemy-attacks"\n# Dire Alliance\nx = "combat_encounter"\n')
    script = tmp_path / "a.js"
    script.write_text('const SIDES = { red: "#b3261e" };\nif (id.startsWith("cryptids-run")) {}\n')
    assert len(lines([named], NAMED)) == 3
    assert len(lines([script], colour_map())) == 1
    assert re.search('["\'`](cryptids-run|cryptids)', script.read_text())
