"""Logs written by older rulekeepers, replayed by this one (contract 12: records outlive releases).

``--write DIR``: for each commit asked (``--commits``, else every commit of main's first-parent
history since e73932f, the 1 December 2026 release), its ``src`` and ``pyproject.toml`` are
extracted to a temporary folder and *its own* command line writes logs there: ``rulekeeper play
RULESET --log`` (and ``battle cryptids --log``) for every ruleset it has, over every scenario,
every ruling option (one at a time), a few setup options, a ``--set`` value and its bots. The
old code runs with this tree's .venv (the libraries) and ``PYTHONPATH`` at the old ``src``; the
old release's entry points (its rulesets and commands, read from its pyproject) are given by a
small distribution folder put first on the path. Logs go to ``DIR/<date>-<commit>/``.

``--check DIR``: every log below DIR is replayed with this rulekeeper as ``rulekeeper replay``
does (the record re-run, its events checked by their data); the first failures are named.

``--corpus DIR``: the logs of DIR that bring something new (a record and events not already
kept) are copied, gzipped, into ``tests/records/<date>-<commit>/``: the golden corpus that
``tests/core/test_golden_records.py`` replays.

Run: .venv/bin/python benchmarks/old_records.py --write /tmp/old-logs [--commits e73932f,...]
     .venv/bin/python benchmarks/old_records.py --check /tmp/old-logs
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

FIRST = "e73932f"
"""The release of 1 December 2026: the oldest whose logs must replay."""

REPO = Path(__file__).resolve().parent.parent

OPTIONS: dict[str, list[list[str]]] = {
    "dire-alliance-battle": [["--red-faction", "grievers", "--red-leader", "kramer",
                              "--blue-faction", "shroud", "--blue-leader", "countess"]],
    "dire-alliance-raid": [["--heroes", "1"], ["--heroes", "3"]],
    "enemy-attacks": [["--players", "1"]],
    "combat-encounter": [["--players", "4"], ["--start", "random"]],
    "cryptids": [["--left", "hunters", "--right", "guardians"],
                 ["--left", "swamp", "--right", "duo"]],
}
"""Setup options per ruleset name (a set the old release refuses is left out)."""

SETS: dict[str, str] = {
    "dire-alliance-battle": "factions.shroud.fighters.empyreal.melee=4",
    "dire-alliance-raid": "heroes.maren.melee=3",
    "enemy-attacks": "allies.heroes.brannoc.stamina=8",
    "combat-encounter": "characters.cards.knight.health=14",
    "cryptids": "cryptids.cryptids.jackalope.hp=6",
    "cryptids-run": "shop.shop.gold=12",
}
"""One ``--set`` value per ruleset (left out where the old content has no such field)."""

MCTS = {"combat-encounter": ["mcts:budget=20", "mcts:iterations=20"]}
"""A search bot (its spec in each release that had one), where a few iterations are cheap."""


# --- the driver: runs inside the old release (imports only what every release had) -------

def drive(out: Path) -> None:
    """Write this release's logs into ``out`` (run with the old ``src`` on the path)."""
    from rulekeeper.core import registry

    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for ruleset_id in registry.ids():
        ruleset = registry.load(ruleset_id)
        name = ruleset.meta.name
        content = ruleset.load_content()[0]
        scenarios = ruleset.scenarios(content) or [None]
        bots = [ruleset.default_bot] + (["random"] if ruleset.default_bot != "random" else [])
        games: list[list[str]] = []
        for scenario in scenarios:
            for bot in bots:
                games.append([*(["--scenario", scenario] if scenario else []), "--agents", bot])
        for ruling in ruleset.rulings:
            if ruling.id == "work-budget":
                continue
            for option in ruling.options:
                if option != ruling.default:
                    games.append(["--ruling", f"{ruling.id}={option}", "--agents", bots[-1]])
        games += [[*options, "--agents", bots[0]] for options in OPTIONS.get(name, [])]
        if name in SETS:
            games.append(["--set", SETS[name], "--agents", bots[0]])
        started = time.perf_counter()
        for number, args in enumerate(games, 1):
            path = out / f"{name}-{number:02d}.jsonl"
            if _run(["play", ruleset_id, "--seed", str(number), *args, "--log", str(path)]):
                written += 1
        for spec in MCTS.get(name, []):
            path = out / f"{name}-mcts.jsonl"
            if _run(["play", ruleset_id, "--seed", "99", "--agents", spec, "--log", str(path)],
                    quiet=True):
                written += 1
                break
        if name == "cryptids":
            path = out / "cryptids-battle.jsonl"
            written += _run(["battle", "cryptids", "--seed", "7", "--log", str(path)])
        print(f"  {ruleset_id}: {time.perf_counter() - started:.0f} s")
    print(f"{written} logs written to {out}")


def _run(argv: list[str], quiet: bool = False) -> bool:
    """Run the old command line in this process; whether it wrote its log."""
    from rulekeeper.cli import main

    sys.argv = ["rulekeeper", *argv]
    code: Any = 0
    with contextlib.redirect_stdout(io.StringIO()), \
            contextlib.redirect_stderr(io.StringIO()) as err:
        try:
            main()
        except SystemExit as done:
            code = done.code
    log = Path(argv[argv.index("--log") + 1])
    if code not in (0, None) or not log.exists():
        if not quiet:
            print(f"  skipped {' '.join(argv[:-2])}: {err.getvalue().strip()[:200]}")
        log.unlink(missing_ok=True)
        return False
    return True


# --- writing: one old release at a time ---------------------------------------------------

def commits(asked: str | None) -> list[tuple[str, str]]:
    """(date, short hash) of the commits asked, oldest first."""
    if asked:
        names = asked.split(",")
    else:
        names = [FIRST, *_git("rev-list", "--first-parent", "--reverse",
                              f"{FIRST}..main").split()]
    out = []
    for name in names:
        found = _git("log", "-1", "--format=%cd %h", "--date=format:%Y%m%d-%H%M", name).split()
        out.append((found[0], found[1]))
    return out


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def entry_points(pyproject: str) -> str:
    """The entry-point groups of an old pyproject.toml, as an ``entry_points.txt``."""
    import tomllib

    groups = tomllib.loads(pyproject).get("project", {}).get("entry-points", {})
    return "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items()) + "\n"
                   for group, entries in groups.items())


def write(commit: str, out: Path) -> None:
    """Extract ``commit`` and run its command line to write its logs into ``out``."""
    with tempfile.TemporaryDirectory(prefix=f"old-{commit}-") as tmp:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", commit, "src",
                                  "pyproject.toml"], check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        pyproject = Path(tmp, "pyproject.toml").read_text()
        version = re.search(r'^version = "([^"]+)"', pyproject, re.M)
        dist = Path(tmp, "meta", "rulekeeper-0.dist-info")
        dist.mkdir(parents=True)
        dist.joinpath("METADATA").write_text(
            f"Metadata-Version: 2.1\nName: rulekeeper\nVersion: "
            f"{version.group(1) if version else '0.1.0'}\n")
        dist.joinpath("entry_points.txt").write_text(entry_points(pyproject))
        env = {**os.environ, "PYTHONPATH": f"{tmp}/meta:{tmp}/src", "RULEKEEPER_CACHE": "",
               "PYTHONDONTWRITEBYTECODE": "1"}
        subprocess.run([sys.executable, __file__, "--drive", str(out)], check=True, env=env,
                       cwd=tmp)


# --- checking: this rulekeeper replays them -----------------------------------------------

def check(folder: Path, quiet: bool = False) -> int:
    """Replay every log below ``folder``; the number that failed."""
    from rulekeeper.core.errors import RulekeeperError
    from rulekeeper.core.game import replay
    from rulekeeper.core.records import read_log, verify

    failed = total = 0
    by_release: dict[str, list[str]] = {}
    started = time.perf_counter()
    for path in sorted(folder.rglob("*.jsonl")):
        total += 1
        try:
            log = read_log(path)
            verify(log, replay(log.record, events=log.events))
        except RulekeeperError as error:
            failed += 1
            by_release.setdefault(path.parent.name, []).append(f"{path.name}: {error}")
    for release, failures in sorted(by_release.items()):
        print(f"{release}: {len(failures)} failed")
        for line in failures[: (3 if quiet else len(failures))]:
            print(f"  {line[:300]}")
    print(f"{total - failed} of {total} logs reproduced ({time.perf_counter() - started:.0f} s)")
    return failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="write old releases' logs below this folder")
    group.add_argument("--check", type=Path, help="replay every log below this folder")
    group.add_argument("--drive", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--commits", help="comma-separated commits (default: every commit of "
                                          f"main's first-parent history since {FIRST})")
    parser.add_argument("--quiet", action="store_true", help="name 3 failures per release")
    args = parser.parse_args()
    if args.drive:
        drive(args.drive)
        return
    if args.check:
        sys.exit(1 if check(args.check, args.quiet) else 0)
    for date, commit in commits(args.commits):
        out = args.write / f"{date}-{commit}"
        if out.exists():
            print(f"{out.name}: already written")
            continue
        started = time.perf_counter()
        try:
            write(commit, out)
        except subprocess.CalledProcessError:
            shutil.rmtree(out, ignore_errors=True)
            print(f"{out.name}: the old release failed to write its logs")
            continue
        print(f"{out.name}: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
