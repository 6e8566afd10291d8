"""Arguments shared by the ``rulekeeper`` commands: option types and their parsers."""

import os
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from rulekeeper.agents import with_options
from rulekeeper.core.content import parse_value
from rulekeeper.core.errors import UsageError
from rulekeeper.core.events import language
from rulekeeper.core.rulings import parse_assignments

console = Console(width=None if sys.stdout.isatty() else 120)
"""Where the commands print; piped output gets wide tables instead of 80 columns."""

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}
"""Context settings of commands that take a ruleset's own options last (``--heroes 2``)."""

def _ruleset_ids(incomplete: str) -> list[str]:
    """The shell completion of a ruleset argument: the registered ids, unversioned."""
    from rulekeeper.core import registry

    names = sorted({i.rsplit("-v", 1)[0] for i in registry.ids()})
    return [n for n in names if n.startswith(incomplete)]


RulesetArg = Annotated[str, typer.Argument(help="ruleset id, e.g. cryptids or cryptids-v1",
                                           autocompletion=_ruleset_ids)]
ScenarioOpt = Annotated[str | None, typer.Option("--scenario", help="scenario id")]
SeedOpt = Annotated[int, typer.Option("--seed", help="random seed")]
AgentsOpt = Annotated[str | None, typer.Option(
    "--agents", help="agents by seat, comma-separated (random, first, human, mcts, or a "
    "ruleset bot); options follow a name as :key=value (mcts:budget=100ms)")]
AgentOptionOpt = Annotated[list[str] | None, typer.Option(
    "--agent-option", help="key=value for every agent that takes options, repeatable (mcts: "
    "budget=200 iterations or 100ms, rollout=random|heuristic, depth=N, c=1.0, peek=true)")]
RulingOpt = Annotated[list[str] | None, typer.Option("--ruling", help="id=option, repeatable")]
ContentOpt = Annotated[str | None, typer.Option(
    "--content", help="folder of YAML files laid over the sample content (by item id)")]
ReplaceOpt = Annotated[bool, typer.Option(
    "--content-replace", help="the --content files replace the sample's whole (default: they "
    "are laid over it by item id)")]
SetOpt = Annotated[list[str] | None, typer.Option(
    "--set", help="change one content value: path.to.field=value, repeatable")]
DiceOpt = Annotated[str | None, typer.Option(
    "--dice", help="scripted dice, e.g. 3+4,6+6 or HIT,BLOCK")]
LogOpt = Annotated[Path | None, typer.Option(
    "--log", help="write the record and events (JSON Lines)")]


LangOpt = Annotated[str, typer.Option("--lang", callback=language, help=(
    "language of event sentences: en or fr, in any case, or as fr-FR (a ruleset without the "
    "language refuses it)"))]
ForceOpt = Annotated[bool, typer.Option("--force", help="replace output files that exist")]


def check_output(path: Path | None, what: str, force: bool = False) -> None:
    """Refuse, before any work is done, an output file that cannot or may not be written:
    a folder, a file in a missing or read-only folder, or a file that exists (without
    ``--force``)."""
    if path is None:
        return
    if path.is_dir():
        raise UsageError(f"{what} {path}: is a folder, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise UsageError(f"{what} {path}: the folder {str(folder)!r} does not exist")
    if path.exists() and not force:
        raise UsageError(f"{what} {path}: the file exists; give --force to replace it")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{what} {path}: cannot write in the folder {str(folder)!r}")


def check_results(out: Path | None, force: bool, formats: Sequence[str] = (".parquet",)
                  ) -> None:
    """``--out``: a file that may be written (:func:`check_output`) and whose name says a
    format the command writes (a results file named ``.json`` would be Parquet inside)."""
    check_output(out, "--out", force)
    if out is not None and out.suffix not in formats:
        names = " or ".join(FORMATS[f] for f in formats)
        raise UsageError(f"--out {out}: this command writes {names}; name the file "
                         f"{out.stem}{formats[0]}")


FORMATS = {".parquet": "Parquet", ".json": "JSON"}


def write_text(path: Path, text: str, what: str) -> None:
    """Write an output file; a failure is one line naming it."""
    write_bytes(path, text.encode("utf-8"), what)


def write_bytes(path: Path, data: bytes, what: str) -> None:
    """Write an output file; a failure is one line naming it."""
    try:
        path.write_bytes(data)
    except OSError as error:
        raise UsageError(f"{what} {path}: cannot write: {error.strerror or error}") from None


class Stop:
    """How a command was stopped: by Ctrl-C (SIGINT) or by SIGTERM."""

    def __init__(self) -> None:
        self.signal = signal.SIGINT

    @property
    def exit_code(self) -> int:
        return 128 + int(self.signal)


@contextmanager
def stop_signals() -> Iterator[Stop]:
    """SIGTERM stops the command as Ctrl-C does (as :class:`KeyboardInterrupt`), so that
    finished work is kept either way; yields which signal it was."""
    stop = Stop()
    owner = os.getpid()

    def terminated(number: int, frame: Any) -> None:
        if os.getpid() != owner:  # a worker forked from this process, before it set its own
            signal.signal(number, signal.SIG_DFL)
            signal.raise_signal(number)
            return
        stop.signal = signal.Signals(number)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGTERM, previous)


def extra_options(args: list[str]) -> dict[str, Any]:
    """A ruleset's own options from the leftover arguments: ``--heroes 2`` or ``--hard``."""
    options: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or len(arg) < 3:
            raise UsageError(f"unexpected argument {arg!r}")
        name, eq, value = arg[2:].partition("=")
        if not eq:
            if i + 1 < len(args) and not args[i + 1].startswith("--"):
                value, i = args[i + 1], i + 1
            else:
                value = "true"
        options[name.replace("-", "_")] = parse_value(value)
        i += 1
    return options


def content_sets(items: list[str] | None, flag: str = "--set") -> dict[str, Any]:
    return {k: parse_value(v) for k, v in parse_assignments(items or [], flag).items()}


def agent_list(text: str | None, options: list[str] | None = None) -> list[str] | None:
    """The agent specs of ``--agents``, with the ``--agent-option`` values added."""
    names = [a.strip() for a in text.split(",") if a.strip()] if text else None
    if options:
        if names is None:
            raise UsageError("--agent-option needs --agents (e.g. --agents mcts,heuristic)")
        names = with_options(names, options)
    return names
