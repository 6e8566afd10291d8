"""Logs written by older rulekeepers, replayed by this one (contract 12: records outlive releases).

The old code of a commit is its ``src`` and ``pyproject.toml``, extracted to a temporary folder
(``git archive``) and run with this tree's .venv (the libraries) and ``PYTHONPATH`` at the old
``src``; its entry points (rulesets, commands, read from its pyproject) come from a small
distribution folder put first on the path.

``--write DIR``: at each commit asked (``--commits``, else every commit of main's first-parent
history since e73932f, main on 1 December 2026), *the old release's own command line* writes
logs into ``DIR/<date>-<commit>/``: ``rulekeeper play RULESET --log`` for every ruleset it has
(``--only`` some), over every scenario, each ruling option (one at a time), setup options, a
``--set`` value, more seeds of the cheap rulesets, a game a person stopped at their ninth
decision, and ``battle cryptids --log``, with each ruleset's default bot; ``--quick``: with
random agents (and with ``--bots`` a game of each bot, and a search bot's where it is cheap).

``--changes DIR``: the commits in turn; at each, the old code replays the latest logs of every
ruleset (by their data); a ruleset it does not reproduce (or adds) changed there, and the
commit writes its logs. Folders already written are taken as they are. This finds the commits
that change behaviour, and checks that the others do not.

``--check DIR``: this rulekeeper replays every log below DIR (``.jsonl`` or ``.jsonl.gz``) as
``rulekeeper replay`` does; the failures are named by release.

``--corpus DIR``: the logs of DIR's releases that bring a ruleset version or sample content the
golden corpus lacks are copied, gzipped, into ``tests/records/<date>-<commit>/``
(``tests/test_golden_records.py`` replays them). ``--archive``: each ruleset's sample content at
every commit that changed one (and today's) is added to its archive (``core/archive.py``).

Run: .venv/bin/python benchmarks/old_records.py --write /tmp/old-logs --quick [--commits C,...]
     .venv/bin/python benchmarks/old_records.py --changes /tmp/old-logs --commits C,...
     .venv/bin/python benchmarks/old_records.py --check /tmp/old-logs
Results: docs/benchmarks.md, "Records of older releases".
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import json
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
"""main on 1 December 2026: the oldest release whose logs must replay."""

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

SEEDS: dict[str, tuple[int, list[list[str]]]] = {
    "cryptids": (12, [[], ["--left", "hunters", "--right", "guardians"],
                      ["--left", "swamp", "--right", "duo"]]),
    "combat-encounter": (6, [["--players", "3"], ["--players", "4", "--start", "random"],
                              ["--players", "3", "--start", "gong"]]),
    "enemy-attacks": (2, [[], ["--players", "1"]]),
}
"""More seeds of cheap games where a behaviour shows only now and then: (seeds, option sets),
random agents."""

MCTS = {"combat-encounter": ["mcts:budget=20", "mcts:iterations=20"]}
"""A search bot (its spec in each release that had one), where a few iterations are cheap."""


# --- the driver: runs inside the old release (imports only what every release had) -------

def drive(out: Path, quick: bool, only: set[str] | None = None, bots: bool = False) -> None:
    """Write this release's logs into ``out`` (run with the old ``src`` on the path); with
    ``quick``, random agents only (a bot's choices do not change a ruleset's behaviour, and
    random agents cost next to nothing), and with ``bots`` a game of each of its bots too;
    ``only`` those rulesets."""
    from rulekeeper.core import registry

    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for ruleset_id in registry.ids():
        ruleset = registry.load(ruleset_id)
        name = ruleset.meta.name
        if only is not None and name not in only:
            continue
        content = ruleset.load_content()[0]
        scenarios = ruleset.scenarios(content) or [None]
        agents = ["random"] if quick else [ruleset.default_bot] + (
            ["random"] if ruleset.default_bot != "random" else [])
        games: list[list[str]] = []
        for scenario in scenarios:
            for agent in agents:
                games.append([*(["--scenario", scenario] if scenario else []), "--agents", agent])
        if bots:  # each of the ruleset's own bots once
            games += [["--agents", bot] for bot in sorted(ruleset.bots) if bot != "random"]
        for ruling in ruleset.rulings:
            if ruling.id == "work-budget":
                continue
            for option in ruling.options:
                if option != ruling.default:
                    games.append(["--ruling", f"{ruling.id}={option}", "--agents", agents[-1]])
        games += [[*options, "--agents", agents[0]] for options in OPTIONS.get(name, [])]
        if name in SETS:
            games.append(["--set", SETS[name], "--agents", agents[0]])
        seeds, option_sets = SEEDS.get(name, (0, []))
        games += [[*options, "--agents", "random", "--seed", str(100 + seed)]
                  for seed in range(seeds) for options in option_sets]
        started = time.perf_counter()
        for number, args in enumerate(games, 1):
            path = out / f"{name}-{number:02d}.jsonl"
            seed = [] if "--seed" in args else ["--seed", str(number)]
            if _run(["play", ruleset_id, *seed, *args, "--log", str(path)]):
                written += 1
        for spec in MCTS.get(name, []) if bots or not quick else []:
            path = out / f"{name}-mcts.jsonl"
            if _run(["play", ruleset_id, "--seed", "99", "--agents", spec, "--log", str(path)],
                    quiet=True):
                written += 1
                break
        if name == "cryptids":
            path = out / "cryptids-battle.jsonl"
            written += _run(["battle", "cryptids", "--seed", "7", "--log", str(path)])
        elif ruleset.meta.max_length:  # a game stopped at a person's ninth decision
            path = out / f"{name}-unfinished.jsonl"
            agents = "human" if len(ruleset.meta.players) == 1 else "human,random"
            written += _run(["play", ruleset_id, "--seed", "5", "--agents", agents,
                             "--log", str(path)], answers=8)
        print(f"  {ruleset_id}: {time.perf_counter() - started:.0f} s")
    print(f"{written} logs written to {out}")


def replays(folder: Path, out: Path) -> None:
    """Replay the logs of ``folder`` with this release (run with the old ``src`` on the path)
    and write to ``out`` which of them it reproduces, event by event and by their data."""
    from rulekeeper.core import registry
    from rulekeeper.core.game import replay

    found: dict[str, str] = {}
    for ruleset_id in registry.ids():
        name = registry.load(ruleset_id).meta.name
        if not any(ruleset_of(p) == name for p in folder.glob("*.jsonl")):
            found[f"{name}-new"] = "a ruleset the logs do not have"
    for path in sorted(folder.glob("*.jsonl")):
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        try:
            game = replay(rows[0]["record"], check=False)
        except Exception as error:  # any failure of an old release counts
            found[path.name] = f"{type(error).__name__}: {error}"[:300]
            continue
        made = [event.to_json() for event in game.events]
        logged = [row["event"] for row in rows[1:]]
        found[path.name] = "ok" if made == logged else next(
            (f"event {n + 1} differs" for n, (a, b) in enumerate(zip(made, logged, strict=False))
             if a != b), f"{len(logged)} events logged, {len(made)} replayed")
    out.write_text(json.dumps(found))


def dump_samples(out: Path) -> None:
    """Write this release's sample content of each ruleset (name to data) into ``out``, as
    JSON (run with the old ``src`` on the path)."""
    from rulekeeper.core import registry
    from rulekeeper.core.content import digest

    found = {}
    for ruleset_id in registry.ids():
        ruleset = registry.load(ruleset_id)
        data = ruleset.content_set.raw()[0]
        if digest(data) != ruleset.content_set.load()[1]:
            raise SystemExit(f"{ruleset_id}: the sample's digest is not its data's")
        found[ruleset.meta.name] = data
    out.write_text(json.dumps(found, default=str))


def _run(argv: list[str], quiet: bool = False, answers: int = 0) -> bool:
    """Run the old command line in this process; whether it wrote its log. A person at the
    terminal gives the first option ``answers`` times, then the input ends."""
    from rulekeeper.cli import main

    sys.argv = ["rulekeeper", *argv]
    sys.stdin = io.StringIO("1\n" * answers)
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


def write(commit: str, out: Path, quick: bool, only: str | None = None,
          bots: bool = False) -> None:
    """Extract ``commit`` and run its command line to write its logs into ``out``."""
    with tempfile.TemporaryDirectory(prefix=f"old-{commit}-") as tmp:
        env = _extract(commit, Path(tmp))
        subprocess.run([sys.executable, __file__, "--drive", str(out),
                        *(["--quick"] if quick else []), *(["--only", only] if only else []),
                        *(["--bots"] if bots else [])],
                       check=True, env=env, cwd=tmp)


def ruleset_of(log: Path) -> str:
    """The ruleset name of a log this script wrote (``enemy-attacks-07.jsonl``)."""
    return log.name.split(".")[0].rsplit("-", 1)[0]


def changes(folder: Path, asked: str | None) -> None:
    """Walk the commits (oldest first). At each, the old code replays the latest logs of each
    ruleset; the rulesets it does not reproduce (or that it adds) changed there, and that
    commit writes their logs (random agents) into ``folder/<date>-<commit>``. A folder already
    written is taken as it is."""
    latest: dict[str, list[Path]] = {}
    for date, commit in commits(asked):
        out = folder / f"{date}-{commit}"
        started = time.perf_counter()
        if out.exists():
            for name in {ruleset_of(p) for p in out.glob("*.jsonl")}:
                latest[name] = sorted(out.glob(f"{name}-*.jsonl"))
            print(f"{out.name}: written before")
            continue
        with tempfile.TemporaryDirectory(prefix=f"old-{commit}-") as tmp:
            env = _extract(commit, Path(tmp))
            logs = Path(tmp, "logs")
            logs.mkdir()
            for path in (p for paths in latest.values() for p in paths):
                (logs / path.name).symlink_to(path)
            result = Path(tmp, "replays.json")
            done = subprocess.run([sys.executable, __file__, "--replays", str(logs),
                                   str(result)], env=env, cwd=tmp, capture_output=True, text=True)
            if done.returncode:
                print(f"{out.name}: the old release cannot replay: "
                      f"{done.stderr.strip().splitlines()[-1:]}")
                continue
            failed = {k: v for k, v in json.loads(result.read_text()).items() if v != "ok"}
            changed = sorted({k.split(".")[0].rsplit("-", 1)[0] for k in failed})
            if changed:
                subprocess.run([sys.executable, __file__, "--drive", str(out), "--quick",
                                "--only", ",".join(changed)], check=True, env=env, cwd=tmp)
                for name in changed:
                    latest[name] = sorted(out.glob(f"{name}-*.jsonl"))
        print(f"{out.name}: " + (f"CHANGED {', '.join(changed)}: " + "; ".join(
            f"{k}: {v}" for k, v in list(failed.items())[:3]) if changed else "same")
              + f" ({time.perf_counter() - started:.0f} s)", flush=True)


# --- the archive of sample content -------------------------------------------------------

def archive_samples(asked: str | None) -> None:
    """Add to each ruleset's archive its sample content at each commit that changed sample
    content since FIRST (or at the commits asked), and today's."""
    from rulekeeper.core import archive, registry

    if asked is None:
        asked = ",".join([FIRST, *_git("rev-list", "--reverse", f"{FIRST}..HEAD", "--",
                                       ":(glob)src/rulekeeper/rulesets/**/content/**").split()])
    folders = {registry.load(i).meta.name: registry.load(i).archive_dir for i in registry.ids()}
    added = 0
    for date, commit in commits(asked):
        with tempfile.TemporaryDirectory(prefix=f"old-{commit}-") as tmp:
            env = _extract(commit, Path(tmp))
            dump = Path(tmp, "samples.json")
            subprocess.run([sys.executable, __file__, "--dump-samples", str(dump)], check=True,
                           env=env, cwd=tmp)
            for name, data in json.loads(dump.read_text()).items():
                before = len(archive.digests(folders[name]))
                sample = archive.write(folders[name], data)
                if len(archive.digests(folders[name])) > before:
                    added += 1
                    print(f"{date}-{commit}: {name} sample {sample} archived")
    for ruleset_id in registry.ids():
        ruleset = registry.load(ruleset_id)
        archive.write(ruleset.archive_dir, ruleset.content_set.raw()[0])
    print(f"{added} samples added")


def _extract(commit: str, tmp: Path) -> dict[str, str]:
    """``commit``'s src and pyproject.toml in ``tmp``, with a distribution folder giving its
    entry points; the environment that runs it."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", commit, "src",
                              "pyproject.toml"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tmp, filter="data")
    pyproject = (tmp / "pyproject.toml").read_text()
    version = re.search(r'^version = "([^"]+)"', pyproject, re.M)
    dist = tmp / "meta" / "rulekeeper-0.dist-info"
    dist.mkdir(parents=True)
    dist.joinpath("METADATA").write_text(
        f"Metadata-Version: 2.1\nName: rulekeeper\nVersion: "
        f"{version.group(1) if version else '0.1.0'}\n")
    dist.joinpath("entry_points.txt").write_text(entry_points(pyproject))
    return {**os.environ, "PYTHONPATH": f"{tmp}/meta:{tmp}/src", "RULEKEEPER_CACHE": "",
            "PYTHONDONTWRITEBYTECODE": "1"}


# --- the golden corpus ---------------------------------------------------------------------

CORPUS = REPO / "tests" / "records"


def corpus(folder: Path) -> None:
    """Copy into the golden corpus, gzipped, the logs below ``folder`` (one folder a release,
    oldest first) that bring a version of a ruleset or a sample content the corpus lacks."""
    from rulekeeper.core.game import replay
    from rulekeeper.core.records import read_log

    kept: set[tuple[str, str | None]] = set()
    for path in sorted(CORPUS.rglob("*.jsonl.gz")):
        log = read_log(path)
        record = replay(log.record, events=log.events).record()
        kept.add((record.ruleset, record.content_sample))
    added = 0
    for release in sorted(p for p in folder.iterdir() if p.is_dir()):
        new: set[tuple[str, str | None]] = set()
        for path in sorted(release.glob("*.jsonl")):
            log = read_log(path)
            record = replay(log.record, events=log.events).record()
            key = (record.ruleset, record.content_sample)
            if key in kept:
                continue
            new.add(key)
            target = CORPUS / release.name / f"{path.name}.gz"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(gzip.compress(path.read_bytes(), 9, mtime=0))
            added += 1
        kept |= new
    print(f"{added} logs added to {CORPUS}")


# --- checking: this rulekeeper replays them -----------------------------------------------

def check(folder: Path, quiet: bool = False) -> int:
    """Replay every log below ``folder``; the number that failed."""
    from rulekeeper.core.errors import RulekeeperError
    from rulekeeper.core.game import replay
    from rulekeeper.core.records import read_log, verify

    failed = total = 0
    by_release: dict[str, list[str]] = {}
    started = time.perf_counter()
    for path in sorted([*folder.rglob("*.jsonl"), *folder.rglob("*.jsonl.gz")]):
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
    group.add_argument("--archive", action="store_true",
                       help="archive the sample content of every release (from git history)")
    group.add_argument("--corpus", type=Path, help="add the logs below this folder that bring "
                       "a ruleset version or sample the golden corpus lacks (tests/records)")
    group.add_argument("--drive", type=Path, help=argparse.SUPPRESS)
    group.add_argument("--dump-samples", type=Path, help=argparse.SUPPRESS)
    group.add_argument("--replays", nargs=2, type=Path, help=argparse.SUPPRESS)
    group.add_argument("--changes", type=Path, help="find the commits that change behaviour "
                       "or sample content: each commit replays the logs of the last one that "
                       "did (old code), and writes its own logs when they do not reproduce")
    parser.add_argument("--commits", help="comma-separated commits (default: every commit of "
                                          f"main's first-parent history since {FIRST})")
    parser.add_argument("--quiet", action="store_true", help="name 3 failures per release")
    parser.add_argument("--quick", action="store_true",
                        help="random agents only (a dense sweep of many commits)")
    parser.add_argument("--only", help="--write: these rulesets only (comma-separated names)")
    parser.add_argument("--bots", action="store_true",
                        help="with --quick: a game of each of the ruleset's bots too")
    args = parser.parse_args()
    if args.drive:
        drive(args.drive, args.quick, set(args.only.split(",")) if args.only else None,
              args.bots)
        return
    if args.dump_samples:
        dump_samples(args.dump_samples)
        return
    if args.archive:
        archive_samples(args.commits)
        return
    if args.corpus:
        corpus(args.corpus)
        return
    if args.replays:
        replays(*args.replays)
        return
    if args.changes:
        changes(args.changes, args.commits)
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
            write(commit, out, args.quick, args.only, args.bots)
        except subprocess.CalledProcessError:
            shutil.rmtree(out, ignore_errors=True)
            print(f"{out.name}: the old release failed to write its logs")
            continue
        print(f"{out.name}: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
