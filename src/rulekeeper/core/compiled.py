"""The compiled build: a ruleset's hottest modules compiled to C with mypyc, used in place
of their Python source when it was built from exactly that source.

A ruleset names the modules where its games spend their time (:attr:`Ruleset.compiled`:
its bots, the steps of its rules); the search (:data:`SEARCH`) and the core's modules that
every game runs at each decision (:data:`CORE`: the game and its decisions, the generator,
dice, boards, checkpoints, ``cites``) are compiled for every ruleset. ``Game`` and
``Decision`` are native classes that interpreted subclasses may extend (the server's filmed
game, cryptids-run's ``ShopDecision``): a compiled method of an ordinary Python class
(``native_class=False``) refuses the instances of an interpreted subclass. ``Table`` and
``Ruleset`` stay Python (every ruleset subclasses them), and so do pydantic models.
``rulekeeper compile`` compiles them with mypyc (part of mypy; a C compiler is needed) into
the cache folder (``compiled/<digest>/`` in
:func:`rulekeeper.core.kept.folder`, or ``$RULEKEEPER_COMPILED_CACHE``), never into the
source tree. At start-up, :func:`use` looks there
for a build whose sources hash to what the installed source files hash to now, and when it
finds one, imports those modules from it; an edited source, another Python, no build, or
``RULEKEEPER_COMPILED=0`` leaves every module its Python source. The source stays the
reference: the same code, compiled; tests play the same games both ways
(``tests/core/test_compiled.py``).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterable, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from rulekeeper.core import kept
from rulekeeper.core.errors import UsageError

ENV = "RULEKEEPER_COMPILED"
"""``0`` turns the compiled build off: every module runs from its Python source."""
CACHE_ENV = "RULEKEEPER_COMPILED_CACHE"
"""Where the builds are (default: ``compiled`` in the cache folder; empty: nowhere)."""
FORMAT = 1
"""The build's format (its ``built.json``): part of the digest."""
MARK = "built.json"
SEARCH = ("rulekeeper.agents.mcts",)
"""Modules compiled for every ruleset: the search (``mcts``), whose own steps are a tenth of
an iteration in Dire Alliance."""
CORE = tuple(f"rulekeeper.core.{name}" for name in (
    "board", "checkpoints", "decisions", "dice", "game", "marks", "rng"))
"""The core's modules compiled for every ruleset: what every game runs at each decision (the
game's steps, its decisions, generator, dice, boards, checkpoints, and ``cites``, which rules
steps call as they go)."""
KEEP = 4
"""Builds kept in the cache folder (the latest; an older checkout's build may be one)."""
PACKAGE = Path(__file__).resolve().parents[1]
"""The ``rulekeeper`` package's folder: module names are found from it."""
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def source_of(module: str) -> Path:
    """The source file of a module of the ``rulekeeper`` package, by dotted name."""
    parts = module.split(".")
    if parts[0] != "rulekeeper" or len(parts) < 2:
        raise UsageError(f"compiled module {module!r}: not a module of rulekeeper")
    return PACKAGE.joinpath(*parts[1:]).with_suffix(".py")


def sources(modules: Iterable[str]) -> list[Path]:
    """The source files a build of ``modules`` depends on: the core's and those of each
    module's ruleset package (mypyc compiles a module against the types and signatures of
    what it imports, and a ruleset imports only the core and itself)."""
    folders = {PACKAGE / "core"}
    for module in modules:
        parts = module.split(".")
        folders.add(PACKAGE.joinpath(*parts[1:3]) if parts[1] == "rulesets" else
                    source_of(module).parent)
    return sorted({file for folder in folders for file in folder.rglob("*.py")})


def digest(modules: Iterable[str]) -> str | None:
    """What a build of ``modules`` is named by: this Python's extension ABI, the build's
    format, the modules and every source file they depend on (None when a module's source
    is missing)."""
    modules = sorted(modules)
    if not all(source_of(m).is_file() for m in modules):
        return None
    hashed = hashlib.sha256(f"{FORMAT} {SUFFIX} {sys.version} {' '.join(modules)}".encode())
    for file in sources(modules):
        hashed.update(f"\0{file.relative_to(PACKAGE)}\0".encode() + file.read_bytes())
    return hashed.hexdigest()[:24]


class Loader(importlib.machinery.ExtensionFileLoader):
    """Loads a compiled module. The modules of the build then loaded (mypyc loads those a
    module imports from its group itself) have a ``__file__`` naming the source they were
    compiled from (what tracebacks, ``inspect`` and pytest's doctest collection read);
    ``__spec__.origin`` names the compiled file."""

    def __init__(self, fullname: str, path: str, names: frozenset[str]) -> None:
        super().__init__(fullname, path)
        self.names = names

    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        for name in self.names:
            loaded = sys.modules.get(name)
            if loaded is not None and not name.endswith("__mypyc"):
                loaded.__file__ = str(source_of(name))


class Finder(importlib.abc.MetaPathFinder):
    """Finds the modules of a build (and mypyc's shared library of the group) in its
    folder, before the import system looks at the sources."""

    def __init__(self, folder: Path, names: Iterable[str]) -> None:
        self.folder = folder
        self.names = frozenset(names)

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        file = self.folder.joinpath(*fullname.split(".")).with_name(
            fullname.rpartition(".")[2] + SUFFIX)
        return importlib.util.spec_from_file_location(fullname, file,
                                                      loader=Loader(fullname, str(file),
                                                                    self.names))


def folder() -> Path | None:
    """Where the builds are kept (None: nowhere, the cache is off)."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return Path(configured) if configured else None
    where = kept.folder()
    return where / "compiled" if where is not None else None


def builds() -> list[Path]:
    """The folders of the builds in the cache, newest first."""
    where = folder()
    if where is None or not where.is_dir():
        return []
    found = [p for p in where.iterdir() if (p / MARK).is_file()]
    return sorted(found, key=lambda p: (p / MARK).stat().st_mtime, reverse=True)


def matching() -> tuple[Path, dict[str, object]] | None:
    """The build made from today's sources, with what its ``built.json`` says."""
    for folder in builds():
        try:
            mark = json.loads((folder / MARK).read_text())
            if mark.get("format") == FORMAT and digest(mark["modules"]) == folder.name:
                return folder, mark
        except (OSError, ValueError, KeyError, TypeError, AttributeError, UsageError):
            continue  # a damaged build is never used
    return None


def use() -> Path | None:
    """Import the compiled modules from the build that matches today's sources, if any;
    the build's folder. Called once when ``rulekeeper`` is imported."""
    if os.environ.get(ENV, "1") == "0" or any(isinstance(f, Finder) for f in sys.meta_path):
        return None
    found = matching()
    if found is None:
        return None
    folder, mark = found
    names = [*mark["modules"], *mark.get("libraries", [])]  # type: ignore[misc]
    if any(name in sys.modules for name in names):  # imported from source already
        return None
    sys.meta_path.insert(0, Finder(folder, names))
    return folder


def in_use(module: ModuleType) -> bool:
    """Whether ``module`` runs compiled."""
    spec = getattr(module, "__spec__", None)
    return spec is not None and str(spec.origin).endswith(SUFFIX)


BUILD = """
import sys, json
from setuptools import setup
from mypyc.build import mypycify
paths, lib, temp = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
args = ["--ignore-missing-imports", *paths]  # (shapely and icepool have no types)
setup(name="rulekeeper-compiled", ext_modules=mypycify(args, opt_level="3", target_dir=temp),
      script_args=["build_ext", "--build-lib", lib, "--build-temp", temp])
"""
"""The build: mypyc's setuptools extension, run in a child process in a scratch folder."""


def problem() -> str | None:
    """Why this machine cannot compile (None: it can)."""
    if folder() is None:
        return f"the cache folder is off ({kept.CACHE_ENV} or {CACHE_ENV} is empty)"
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (pip install mypy)"
    compiler = sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        return f"no C compiler ({compiler.split()[0]}) on the PATH"
    return None


def build(modules: Sequence[str]) -> Path:
    """Compile ``modules`` into the cache (nothing when a build of today's sources is
    there); the build's folder. Raises :class:`UsageError` when it cannot."""
    why = problem()
    if why is not None:
        raise UsageError(f"cannot compile: {why}")
    name = digest(modules)
    if name is None:
        raise UsageError("cannot compile: a compiled module's source is missing")
    root = folder()
    assert root is not None
    built = root / name
    if (built / MARK).is_file():
        return built
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="rulekeeper-mypyc-") as scratch:
        lib, temp = Path(scratch) / "lib", Path(scratch) / "temp"
        paths = [str(source_of(m)) for m in modules]
        done = subprocess.run([sys.executable, "-c", BUILD, json.dumps(paths), str(lib), str(temp)],
                              cwd=scratch, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
            raise UsageError("cannot compile: mypyc failed: " + " | ".join(lines[-5:]))
        libraries = sorted(".".join(p.relative_to(lib).parts).removesuffix(SUFFIX)
                           for p in lib.rglob(f"*__mypyc{SUFFIX}"))
        (lib / MARK).write_text(json.dumps({"format": FORMAT, "modules": sorted(modules),
                                            "libraries": libraries, "python": sys.version},
                                           indent=1) + "\n")
        staging = root / f".{name}.{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        shutil.copytree(lib, staging)
        try:
            staging.rename(built)
        except OSError:  # another process built it meanwhile
            shutil.rmtree(staging, ignore_errors=True)
    for old in builds()[KEEP:]:
        shutil.rmtree(old, ignore_errors=True)
    return built
