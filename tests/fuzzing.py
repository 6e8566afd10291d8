"""The fuzzing harness (issue 12): content, ``--set`` values and dice scripts made up by
hypothesis for every registered ruleset, and the property they must keep.

A case is a ruleset's sample content changed in a few places, written to a folder and
played with ``--content-replace``, with ``--set`` values, a ``--dice`` script, rulings
and a scenario drawn too. The changes are of two kinds:

- *valid-shaped*: a value keeps its type (a number from 0 to twice it, or a large one up
  to a million; another string of the file under the same key; a list with an item
  dropped, copied under a new id or the order shuffled): content a user would write;
- *broken*: wrong types, huge, negative and non-finite numbers, booleans for numbers,
  missing keys, emptied lists, an item copied with its id.

The property (:func:`check`): loading the case and playing a few games with random and
first-option agents either succeeds within a time and memory budget, or fails with the
project's own error type (:class:`~rulekeeper.core.errors.RulekeeperError`, never the
:class:`~rulekeeper.core.errors.RulesetError` of a ruleset bug) whose message is one line. ``tests/test_fuzzing.py`` runs bounded examples; ``benchmarks/fuzz.py`` runs many.
"""

from __future__ import annotations

import copy
import math
import re
import resource
import shutil
import signal
import tempfile
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from rulekeeper.agents import FirstOptionAgent, RandomAgent
from rulekeeper.core import registry
from rulekeeper.core.content import parse_value
from rulekeeper.core.errors import RulekeeperError, RulesetError
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import parse_dice_script

Path_ = tuple[str | int, ...]
"""Where a value is in the content data: file name, then keys and list indexes."""


@cache
def sample(ruleset_id: str) -> dict[str, Any]:
    """A ruleset's sample content as the files hold it (file name to data)."""
    data, _ = registry.load(ruleset_id).content_set.raw()
    return data


def paths(data: Any, where: Path_ = ()) -> Iterator[Path_]:
    """Every place of the data, the files themselves included (not the root)."""
    if where:
        yield where
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*where, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, (*where, index))


def get(data: Any, where: Path_) -> Any:
    for part in where:
        data = data[part]
    return data


def put(data: Any, where: Path_, value: Any) -> None:
    get(data, where[:-1])[where[-1]] = value


def strings(data: Any) -> list[str]:
    """Every string value of the data (ids, names, references), in a stable order."""
    return sorted({v for p in paths(data) if isinstance(v := get(data, p), str)})


def _key(where: Path_) -> str:
    """The name a value goes by: its last key (``neighbours`` for ``areas.3.neighbours.1``)."""
    return next((str(p) for p in reversed(where) if isinstance(p, str)), "")


def strings_like(data: Any, where: Path_) -> list[str]:
    """The strings of ``where``'s file under the same key as ``where`` (other areas for a
    neighbour, other ids for an id), else every string of the file."""
    file = data[where[0]]
    key = _key(where)
    alike = sorted({v for p in paths(file, where[:1]) if _key(p) == key
                    and isinstance(v := get(data, p), str)})
    return alike or strings(file)


# Values a broken change puts in place of a value.
WRONG_TYPES: tuple[Any, ...] = ("x", "", [], {}, None, 2.5, [1, 2], {"id": "x"}, "1")
HUGE: tuple[Any, ...] = (10**9, 10**18, 2**64, -1, -(10**9), 0, 1e308, math.inf, -math.inf,
                         math.nan, 1e-9)
BOOLEANS: tuple[Any, ...] = (True, False)
LADDER = (10, 100, 1000, 10**4, 10**5, 10**6)
"""Large numbers a valid-shaped change tries: those within a field's bounds must play fast."""


@st.composite
def valid_change(draw: st.DrawFn, data: dict[str, Any]) -> str:
    """Change one value of ``data`` in place, keeping its shape; says what it did."""
    where = draw(st.sampled_from(list(paths(data))))
    value = get(data, where)
    if isinstance(value, bool):
        put(data, where, not value)
    elif isinstance(value, int):
        put(data, where, draw(st.one_of(st.integers(0, max(2 * abs(value), 3)),
                                        st.sampled_from(LADDER))))
    elif isinstance(value, float):
        put(data, where, draw(st.floats(0, max(2 * abs(value), 1.0))))
    elif isinstance(value, str):
        put(data, where, draw(st.sampled_from(strings_like(data, where))))
    elif isinstance(value, list) and value:
        how = draw(st.sampled_from(("drop", "copy", "shuffle", "one")))
        if how == "drop":
            del value[draw(st.integers(0, len(value) - 1))]
        elif how == "copy":
            item = copy.deepcopy(value[draw(st.integers(0, len(value) - 1))])
            if isinstance(item, dict) and "id" in item:
                item["id"] = f"{item['id']}-copy"
            value.append(item)
        elif how == "shuffle":
            draw(st.randoms(use_true_random=False)).shuffle(value)
        else:
            del value[1:]
        return f"{how} {_dotted(where)}"
    elif isinstance(value, dict) and value:
        key = draw(st.sampled_from(sorted(value, key=str)))
        del value[key]
        return f"del {_dotted((*where, key))}"
    else:
        return "none"
    return f"{_dotted(where)}={get(data, where)!r}"


@st.composite
def broken_change(draw: st.DrawFn, data: dict[str, Any]) -> str:
    """Break one value of ``data`` in place; says what it did."""
    where = draw(st.sampled_from(list(paths(data))))
    value = get(data, where)
    how = draw(st.sampled_from(("type", "huge", "bool", "missing", "empty", "same-id")))
    if how == "missing" and len(where) > 1 and isinstance(get(data, where[:-1]), dict):
        del get(data, where[:-1])[where[-1]]
        return f"del {_dotted(where)}"
    if how == "same-id" and isinstance(value, list) and any(
            isinstance(item, dict) and "id" in item for item in value):
        value.append(copy.deepcopy(next(i for i in value if isinstance(i, dict) and "id" in i)))
        return f"same id twice in {_dotted(where)}"
    if how == "empty" and isinstance(value, list | dict):
        put(data, where, type(value)())
    elif how == "huge" or (how == "empty" and isinstance(value, int | float)):
        put(data, where, draw(st.sampled_from(HUGE)))
    elif how == "bool":
        put(data, where, draw(st.sampled_from(BOOLEANS)))
    else:
        put(data, where, draw(st.sampled_from(WRONG_TYPES)))
    return f"{_dotted(where)}={get(data, where)!r}"


def _dotted(where: Path_) -> str:
    return ".".join(str(p) for p in where)


def set_paths(data: Any, where: tuple[str, ...] = ()) -> Iterator[str]:
    """The ``--set`` paths of the data's values (list items by id where they have one)."""
    if where:
        yield ".".join(where)
    if isinstance(data, dict):
        for key, value in data.items():
            yield from set_paths(value, (*where, str(key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            name = str(value["id"]) if isinstance(value, dict) and "id" in value else str(index)
            yield from set_paths(value, (*where, name))


SET_TEXTS = ("true", "false", "null", "", "1e400", "-1", "0", "1000000000", "2.5", "[1, 2]",
             "{a: 1}", "nan", ".inf", "x", "'3'", "[]", "{}")


@st.composite
def set_values(draw: st.DrawFn, ruleset_id: str) -> dict[str, Any]:
    """``--set`` values as the command line reads them (YAML text), at real paths mostly."""
    known = list(set_paths(sample(ruleset_id)))
    sets: dict[str, Any] = {}
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(known))
        if draw(st.integers(0, 9)) == 0:
            path += ".nowhere"
        text = draw(st.one_of(st.sampled_from(SET_TEXTS), st.integers(-5, 10**6).map(str),
                              st.text(max_size=8)))
        sets[path] = parse_value(text)
    return sets


@st.composite
def dice_scripts(draw: st.DrawFn, ruleset_id: str) -> str:
    """A ``--dice`` argument: numbers (in range or not) and face names, by commas and ``+``."""
    words = [s for s in strings(sample(ruleset_id)) if s.isalpha()][:40] or ["x"]
    token = st.one_of(st.integers(-3, 30).map(str), st.sampled_from(words),
                      st.sampled_from(("", " ", "1.5", "0", "10" * 10)))
    tokens = draw(st.lists(token, max_size=12))
    return "".join(t + draw(st.sampled_from((",", "+"))) for t in tokens).rstrip(",+")


@dataclass
class Case:
    """One made-up input: content changes, ``--set`` values, a dice script, rulings."""

    ruleset: str
    changes: list[str] = field(default_factory=list)
    data: dict[str, Any] | None = None
    sets: dict[str, Any] = field(default_factory=dict)
    dice: str = ""
    rulings: dict[str, str] = field(default_factory=dict)
    scenario_index: int = 0
    seed: int = 0

    def describe(self) -> str:
        parts = [self.ruleset, *self.changes]
        if self.sets:
            parts.append(f"--set {self.sets}")
        if self.dice:
            parts.append(f"--dice {self.dice!r}")
        if self.rulings:
            parts.append(f"rulings {self.rulings}")
        return "; ".join(parts)


@st.composite
def cases(draw: st.DrawFn, ruleset_id: str, kind: str | None = None) -> Case:
    """A case of ``kind`` (``valid``, ``broken``, ``set``, ``dice``; None: any)."""
    kind = kind or draw(st.sampled_from(("valid", "broken", "set", "dice")))
    case = Case(ruleset_id, seed=draw(st.integers(0, 2**32)))
    if kind in ("valid", "broken"):
        case.data = copy.deepcopy(sample(ruleset_id))
        change = valid_change if kind == "valid" else broken_change
        case.changes = [draw(change(case.data)) for _ in range(draw(st.integers(1, 5)))]
    elif kind == "set":
        case.sets = draw(set_values(ruleset_id))
    else:
        case.dice = draw(dice_scripts(ruleset_id))
    for ruling in registry.load(ruleset_id).rulings:
        if draw(st.integers(0, 3)) == 0:
            case.rulings[ruling.id] = draw(st.sampled_from(list(ruling.options)))
    case.scenario_index = draw(st.integers(0, 5))
    return case


@dataclass
class Outcome:
    """What a case did: ``played`` games, was ``refused`` with one line, or is a ``failure``."""

    kind: str
    detail: str = ""
    seconds: float = 0.0
    games: int = 0


INTERNAL = re.compile(r"instance of [A-Z]\w+|Traceback|object at 0x|expected [A-Z_]+, [A-Z_]+")
"""What a message for a user must not show: a model's class, a traceback, an object's
address, a parser's token names."""


class Slow(Exception):
    """The time budget of a case ran out."""


MEMORY = 2 * 1024**3
"""Address space a case may add to the process (bytes): past it, allocations fail."""


@contextmanager
def memory_limit(extra: int = MEMORY) -> Iterator[None]:
    """Let the process grow by at most ``extra`` bytes of address space meanwhile (a case
    that would fill the machine's memory gets a MemoryError instead)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        size = int(statm.read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (size + extra, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Slow` once the process has spent ``seconds`` of CPU time (not wall
    time: on a busy machine a sound case waits for the CPU, a hang spends it)."""
    def ring(number: int, frame: Any) -> None:
        raise Slow()
    previous = signal.signal(signal.SIGPROF, ring)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def write_content(data: dict[str, Any], folder: Path) -> None:
    for name, value in data.items():
        (folder / f"{name}.yaml").write_text(yaml.safe_dump(value, sort_keys=False),
                                             encoding="utf-8")


def play(case: Case, folder: Path | None, games: int) -> int:
    """Load the case and play ``games`` games (random agents, then first-option agents)."""
    ruleset = registry.load(case.ruleset)
    content, _ = ruleset.load_content(str(folder) if folder else None, case.sets, True)
    scenarios = ruleset.scenarios(content)
    scenario = scenarios[case.scenario_index % len(scenarios)] if scenarios else None
    dice = parse_dice_script(case.dice) if case.dice else []
    for number in range(games):
        game = new_game(case.ruleset, scenario, str(folder) if folder else None, case.rulings,
                        case.seed + number, content_replace=folder is not None, dice=dice,
                        content_set=case.sets, log=number == 0)
        agent = RandomAgent if number % 2 == 0 else FirstOptionAgent
        agents = {seat: agent(seat, case.seed + i) for i, seat in enumerate(game.seats)}
        while not game.over:
            decision = game.pending
            game.step(agents[decision.player].choose(None, decision))
        if number == 0:
            for event in game.events:
                ruleset.messages.render(event, "en")
    return games


def check(case: Case, budget: float = 5.0, games: int = 3) -> Outcome:
    """The property: the case plays, or is refused with one line of the project's own error
    type, within ``budget`` seconds of CPU time; anything else is a failure (named by its
    exception and the line that raised it)."""
    folder = Path(tempfile.mkdtemp(prefix="fuzz-")) if case.data is not None else None
    ruleset = registry.load(case.ruleset)
    start = time.perf_counter()
    try:
        if folder is not None and case.data is not None:
            write_content(case.data, folder)
        with memory_limit(), time_limit(budget):
            played = play(case, folder, games)
        return Outcome("played", seconds=time.perf_counter() - start, games=played)
    except MemoryError:
        return Outcome("failure", f"memory: over {MEMORY // 1024**3} GB more",
                       time.perf_counter() - start)
    except Slow:
        return Outcome("failure", f"slow: over {budget:g} s of CPU",
                       time.perf_counter() - start)
    except RulesetError as error:
        return Outcome("failure", f"RulesetError: {error}", time.perf_counter() - start)
    except RulekeeperError as error:
        message = str(error)
        seconds = time.perf_counter() - start
        if not message.strip() or "\n" in message:
            return Outcome("failure", f"{type(error).__name__} of {message.count(chr(10)) + 1} "
                                      f"lines: {message[:300]!r}", seconds)
        if INTERNAL.search(message):
            return Outcome("failure", f"unclear: {type(error).__name__} names the code's "
                                      f"insides: {message[:300]}", seconds)
        return Outcome("refused", f"{type(error).__name__}: {message}", seconds)
    except Exception as error:  # the property's whole point: anything else is a failure
        where = traceback.extract_tb(error.__traceback__)[-1]
        return Outcome("failure", f"{type(error).__name__} at {Path(where.filename).name}:"
                                  f"{where.lineno}: {str(error)[:200]}",
                       time.perf_counter() - start)
    finally:
        ruleset.library.loaded.clear()  # every case is a new folder: keep memory flat
        ruleset._prepared.clear()
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)

