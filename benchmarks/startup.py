"""The command line's fixed start-up cost: how long a command takes before its first game.

It runs each command ``--runs`` times in a fresh process and reports the median and the
fastest wall-clock time, and the median CPU time (user + system, of the process and its
children: on a machine shared with other work, wall time waits for the CPU; CPU time
does not), next to ``python -c pass`` (the interpreter alone). A batch of
one game stands for the fixed cost of ``simulate`` (the game itself takes about a
millisecond). ``--imports`` lists the slowest imports of ``simulate`` (``python -X
importtime``, cumulative microseconds). ``--instructions`` counts each command's
instructions once under valgrind (callgrind): unlike times, the count does not depend on
what else the machine runs, so before and after compare on a busy machine too. It also
counts the libraries alone (pydantic with one model, Typer and the Rich modules
the commands use), the floor no change in rulekeeper can go under.

Bytecode caches are written first (``PYTHONDONTWRITEBYTECODE`` is unset for the runs), as
an installed package has them.

Run: .venv/bin/python benchmarks/startup.py [--runs 15] [--imports] [--instructions]
     [--python OTHER/bin/python]   # the same commands with another install (before/after)
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "rulekeeper --help": ["-c", "from rulekeeper.cli import main; main()", "--help"],
    "rulekeeper simulate cryptids --games 1": [
        "-c", "from rulekeeper.cli import main; main()", "simulate", "cryptids", "--games", "1"],
    "rulekeeper simulate cryptids --games 100": [
        "-c", "from rulekeeper.cli import main; main()", "simulate", "cryptids", "--games",
        "100"],
}


LIBRARIES = ["-c", "import pydantic, typer, rich.console, rich.table, rich.markup, "
                   "rich.progress\nclass M(pydantic.BaseModel):\n    x: int"]
"""The libraries' own start-up: what every command pays before rulekeeper's code runs."""

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def instructions(python: str, args: list[str]) -> int:
    """The instructions one run executes (valgrind's callgrind count)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           python, *args], capture_output=True, text=True, check=True, env=ENV)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit("valgrind printed no instruction count")
    return int(found.group(1))


def timed(python: str, args: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each run."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([python, *args], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=ENV)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def slowest_imports(python: str, count: int = 15) -> list[tuple[int, str]]:
    done = subprocess.run([python, "-X", "importtime", *COMMANDS[
        "rulekeeper simulate cryptids --games 1"]], capture_output=True, text=True, check=True,
        env=ENV)
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    top = [(us, name) for us, name in rows if len(name) - len(name.lstrip()) <= 3]
    return sorted(top, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--imports", action="store_true")
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()
    # write the caches first: bytecode, and the kept sample content
    subprocess.run([args.python, *COMMANDS["rulekeeper simulate cryptids --games 1"]],
                   check=True, stdout=subprocess.DEVNULL, env=ENV)
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
        print(f"| command | instructions, millions |  ({args.python})")
        print("|---|---:|")
        for label, command in {**COMMANDS, "the libraries alone": LIBRARIES}.items():
            print(f"| {label} | {instructions(args.python, command) / 1e6:,.0f} |", flush=True)
        return
    print(f"| command | wall, median s | wall, fastest s | CPU, median s |  ({args.runs} runs, "
          f"{args.python})")
    print("|---|---|---|---|")
    for label, command in COMMANDS.items():
        walls, cpus = timed(args.python, command, args.runs)
        print(f"| `{label}` | {statistics.median(walls):.3f} | {min(walls):.3f} | "
              f"{statistics.median(cpus):.3f} |", flush=True)
    if args.imports:
        print("\ncumulative import time (us) of simulate's top-level imports:")
        for us, name in slowest_imports(args.python):
            print(f"{us:>9,}  {name.strip()}")


if __name__ == "__main__":
    main()
