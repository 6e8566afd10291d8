"""The compiled build (``rulekeeper compile``, :mod:`rulekeeper.core.compiled`): used only
when built from today's sources, and the same games as the Python source, to the type of
every number."""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import os
import random
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.agents import decide, make_agent, play_out, seat_agents
from rulekeeper.core import compiled, registry
from rulekeeper.core.decisions import Decision, Option
from rulekeeper.core.decisions import options as offered
from rulekeeper.core.game import Game, new_game
from rulekeeper.core.rng import derive_seed

ROOT = Path(__file__).resolve().parents[2]
COMPILED_RULESETS = ("dire-alliance-battle", "dire-alliance-raid")


def modules() -> list[str]:
    return sorted({*compiled.SEARCH, *compiled.CORE,
                   *(m for r in COMPILED_RULESETS for m in type(registry.load(r)).compiled)})


def games() -> list[dict[str, Any]]:
    """Games that take the rules' and the bots' paths: both modes, every party size, each
    ruling option, and random changes to the fighters' stats."""
    specs: list[dict[str, Any]] = []
    for ruleset_id, options in (("dire-alliance-battle", {}), *(
            ("dire-alliance-raid", {"heroes": n}) for n in (1, 2, 3, 4))):
        specs += [{"ruleset": ruleset_id, "options": options, "seed": s} for s in range(3)]
        ruleset = registry.load(ruleset_id)
        for ruling in ruleset.rulings:
            for option in ruling.options:
                if option != ruling.default:
                    specs.append({"ruleset": ruleset_id, "options": options, "seed": 11,
                                  "rulings": {ruling.id: option}})
    rng = random.Random(5)
    fighters = [(faction, fighter) for faction, names in (
        ("shroud", ("devoted", "empyreal", "hypnotist", "unbroken")),
        ("grievers", ("butcher", "caretaker", "gravedigger", "mourner"))) for fighter in names]
    for seed in range(6):
        changes = {f"factions.{faction}.fighters.{fighter}.{stat}": rng.randint(0, 5)
                   for faction, fighter in rng.sample(fighters, 3)
                   for stat in (rng.choice(("melee", "shoot", "defense")),)}
        specs.append({"ruleset": "dire-alliance-battle", "options": {}, "seed": 100 + seed,
                      "content_set": changes})
    return specs


def play(specs: list[dict[str, Any]]) -> list[str]:
    """Each game to the end with the default bots and its log on, as exact JSON."""
    out = []
    for spec in specs:
        seed = derive_seed(spec["seed"], 1)
        game = new_game(spec["ruleset"], seed=seed, options=spec["options"],
                        rulings=spec.get("rulings"), content_set=spec.get("content_set"))
        play_out(game, seat_agents(game.ruleset, game.seats, None, seed))
        result = game.result
        assert result is not None
        out.append(json.dumps([game.decisions, [[e.kind, e.rule, e.data, e.to]
                                                for e in game.events],
                               result.winner, result.reason, result.rounds,
                               sorted(result.metrics.items())]))
    return out


def searched(ruleset_id: str, options: dict[str, Any]) -> list[str]:
    """mcts's choices at an iteration budget at the first decisions with a choice of a game
    the heuristic bot plays (worlds copied from checkpoints the compiled rules made)."""
    game = new_game(ruleset_id, seed=3, options=options, log=False)
    bots = seat_agents(game.ruleset, game.seats, None, 3)
    search = make_agent("mcts", game.ruleset, game.seats[0], 3)
    search.budget = type(search.budget)(iterations=12)
    choices: list[str] = []
    while game.pending is not None and len(choices) < 6:
        if len(game.pending.options) > 1 and game.pending.player == game.seats[0]:
            choices.append(search.search(game))
        game.step(decide(bots[game.pending.player], game))
    return choices


def run_python_source(code: str) -> Any:
    """``code``'s printed JSON, run in a child process with the compiled build off."""
    env = {**os.environ, compiled.ENV: "0"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True)
    return json.loads(done.stdout)


CHILD = """
import json, importlib
from rulekeeper.core import compiled
from tests.core import test_compiled as t
print(json.dumps({"compiled": compiled.in_use(importlib.import_module(t.modules()[0])),
                  "games": t.play(t.games()),
                  "searches": [t.searched("dire-alliance-battle", {}),
                               t.searched("dire-alliance-raid", {"heroes": 2})]}))
"""


def test_the_build_is_in_use_where_the_machine_can_compile() -> None:
    why = compiled.problem()
    if why is not None:
        pytest.skip(f"this machine cannot compile: {why}")
    assert compiled.matching() is not None, "no build of today's sources: `rulekeeper compile`"
    for name in modules():
        assert compiled.in_use(importlib.import_module(name)), name


class _Counted(Game):
    """An interpreted subclass of the game, as the server's filmed game is: its own
    attribute, a method of the game's overridden."""

    def __init__(self, *args: Any) -> None:
        self.advanced = 0
        super().__init__(*args)

    def _advance(self, option_id: str | None) -> None:
        self.advanced += 1
        super()._advance(option_id)


@dataclass(unsafe_hash=True)
class _Noted(Decision):
    """An interpreted subclass of a decision, as cryptids-run's ``ShopDecision`` is."""

    note: str = field(default="", compare=False)

    def option(self, option_id: str) -> Option:
        return Decision.option(self, option_id.lower())


def test_the_game_and_its_decisions_take_interpreted_subclasses() -> None:
    """Compiled, ``Game`` and ``Decision`` are native classes whose methods still take the
    instances of an interpreted subclass, which may add attributes and override methods (an
    ordinary Python class with compiled methods would refuse them)."""
    played = new_game("duel", seed=4)
    game = _Counted(played.ruleset, played.record(), played.table.content)
    for _ in range(3):
        assert game.pending is not None
        game.step(game.pending.options[-1].id)
    assert game.advanced == 4 and len(game.decisions) == 3
    game.back_to(1, keep_inputs=False)  # the game re-run, taken field by field
    assert isinstance(game, _Counted) and game.decisions == game.record().decisions[:1]
    assert game.fork().decisions == game.decisions and type(game.fork()) is Game
    noted = _Noted("north", "pick", offered([("a", "A"), ("b", "B")]), "duel.pick", "?",
                   note="n")
    assert noted.option("B") == ("b", "B") and noted.ids == ("a", "b") and noted.note == "n"
    assert noted == _Noted("north", "pick", noted.options, "duel.pick", "?")
    assert hash(noted) == hash(_Noted("north", "pick", noted.options, "duel.pick", "?"))
    with pytest.raises(ValueError, match="offers no option"):
        _Noted("north", "pick", (), "duel.pick", "?")


def test_compiled_and_python_source_play_the_same_games() -> None:
    """The reference is the Python source: the same decisions, events (their data to the type
    of each number), results and metrics, and the same search, game for game."""
    source = run_python_source(CHILD)
    assert source["compiled"] is False
    mine = play(games())
    assert len(mine) == len(source["games"]) > 40
    for number, (ours, theirs) in enumerate(zip(mine, source["games"], strict=True)):
        assert ours == theirs, f"game {number} of {games()[number]} differs"
    assert [searched("dire-alliance-battle", {}),
            searched("dire-alliance-raid", {"heroes": 2})] == source["searches"]


def copy_package(to: Path) -> Path:
    package = to / "rulekeeper"
    shutil.copytree(compiled.PACKAGE / "core", package / "core")
    shutil.copytree(compiled.PACKAGE / "rulesets" / "dire_alliance",
                    package / "rulesets" / "dire_alliance")
    return package


def source_doctests(module: str) -> list[doctest.DocTest]:
    """The examples in the docstrings of a module's source, run in the namespace of the
    module as imported (compiled when the build is in use: pytest's ``--doctest-modules``
    finds no docstring on a compiled function, so it would skip them)."""
    path = compiled.source_of(module)
    namespace = vars(importlib.import_module(module))
    parser = doctest.DocTestParser()
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
            text = ast.get_docstring(node)
            if text and ">>>" in text:
                name = f"{module}.{getattr(node, 'name', '')}".rstrip(".")
                found.append(parser.get_doctest(text, dict(namespace), name, str(path),
                                                getattr(node, "lineno", 0)))
    return found


@pytest.mark.parametrize("module", modules())
def test_the_examples_of_compiled_modules_run(module: str) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in source_doctests(module):
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {module} failed (above)"


def test_the_examples_are_found_in_compiled_modules() -> None:
    """The examples of a compiled module are read from its source (a failing one fails)."""
    examples = {t.name: t for m in modules() for t in source_doctests(m)}
    assert {"rulekeeper.rulesets.dire_alliance.messages.count",
            "rulekeeper.rulesets.dire_alliance.pieces.take"} <= set(examples)
    broken = examples["rulekeeper.rulesets.dire_alliance.messages.count"]
    broken.examples[0].want = "('2 cards', '0 cards', '3 dice')\n"
    runner = doctest.DocTestRunner()
    runner.run(broken, out=lambda _: None)
    assert runner.failures == 1


def test_a_build_is_named_by_every_source_it_depends_on(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Editing a compiled module, a module it calls (its signatures are compiled in) or the
    core gives another digest: an older build is then never used."""
    monkeypatch.setattr(compiled, "PACKAGE", copy_package(tmp_path))
    names = ["rulekeeper.rulesets.dire_alliance.bots"]
    first = compiled.digest(names)
    assert first is not None and compiled.digest(names) == first
    for edited in ("rulesets/dire_alliance/bots.py", "rulesets/dire_alliance/tabletop.py",
                   "core/decisions.py"):
        file = compiled.PACKAGE / edited
        original = file.read_bytes()
        file.write_bytes(original + b"\n")
        assert compiled.digest(names) != first, edited
        file.write_bytes(original)
    assert compiled.digest(names) == first
    assert compiled.digest([*names, "rulekeeper.rulesets.dire_alliance.nowhere"]) is None


def test_only_a_build_of_todays_sources_is_used(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "PACKAGE", copy_package(tmp_path / "src"))
    monkeypatch.setenv(compiled.CACHE_ENV, str(tmp_path / "cache" / "compiled"))
    names = ["rulekeeper.rulesets.dire_alliance.cards"]
    assert compiled.matching() is None  # no build at all
    current = tmp_path / "cache" / "compiled" / str(compiled.digest(names))
    stale = tmp_path / "cache" / "compiled" / "0123456789abcdef01234567"
    for folder in (current, stale):
        folder.mkdir(parents=True)
        (folder / compiled.MARK).write_text(json.dumps(
            {"format": compiled.FORMAT, "modules": names, "libraries": []}))
    found = compiled.matching()
    assert found is not None and found[0] == current
    (compiled.PACKAGE / "rulesets" / "dire_alliance" / "cards.py").write_text("# edited\n")
    assert compiled.matching() is None  # the source changed: Python source it is
    for damaged in ("{not json", "[]", json.dumps({"format": compiled.FORMAT, "modules": ["os"]}),
                    json.dumps({"format": compiled.FORMAT, "modules": [3]})):
        (current / compiled.MARK).write_text(damaged)
        assert compiled.matching() is None, damaged


def test_the_finder_answers_only_for_the_builds_modules(tmp_path: Path) -> None:
    finder = compiled.Finder(tmp_path, ["rulekeeper.rulesets.dire_alliance.bots", "ab__mypyc"])
    spec = finder.find_spec("rulekeeper.rulesets.dire_alliance.bots")
    assert spec is not None and spec.origin == str(
        tmp_path / "rulekeeper" / "rulesets" / "dire_alliance" / f"bots{compiled.SUFFIX}")
    library = finder.find_spec("ab__mypyc")
    assert library is not None and library.origin == str(tmp_path / f"ab__mypyc{compiled.SUFFIX}")
    assert finder.find_spec("rulekeeper.rulesets.dire_alliance.tabletop") is None


def test_compile_says_why_it_cannot(tmp_path: Path) -> None:
    env = {**os.environ, "RULEKEEPER_CACHE": "", compiled.CACHE_ENV: ""}
    done = subprocess.run([sys.executable, "-m", "rulekeeper", "compile"], capture_output=True,
                          text=True, env=env, check=False)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("error: cannot compile: the cache folder is off")
    assert "Traceback" not in done.stderr


def test_compile_check_says_whether_a_build_is_there(tmp_path: Path) -> None:
    def check(cache: Path | None) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, **({compiled.CACHE_ENV: str(cache)} if cache else {})}
        return subprocess.run([sys.executable, "-m", "rulekeeper", "compile", "--check"],
                              capture_output=True, text=True, env=env, check=False)

    none = check(tmp_path)
    assert none.returncode == 1 and none.stdout.startswith("No build of today's sources")
    if compiled.problem() is None:  # make test compiled first
        built = check(None)
        assert built.returncode == 0 and "; in use." in built.stdout, built.stdout


def test_a_game_taken_back_takes_every_field_of_the_game_re_run() -> None:
    """``Game._become`` (``back_to``) gives a game every field of the re-run game, one by one
    (a compiled ``Game`` has no ``__dict__`` to update): a field it forgot would be missing."""
    game = new_game("duel", seed=4)
    for _ in range(3):
        assert game.pending is not None
        game.step(game.pending.options[-1].id)
    fields = getattr(Game, "__mypyc_attrs__", None) or tuple(vars(game))
    rerun = game._rerun(game.decisions[:1], True, game.ruleset.resumable, True)
    taken = Game.__new__(Game)
    taken._become(rerun)
    assert "_procedure" in fields and "table" in fields
    for name in fields:
        assert getattr(taken, name) is getattr(rerun, name), name
