"""The ``compile`` command: the compiled build of the rulesets' hottest modules
(:mod:`rulekeeper.core.compiled`)."""

import importlib
import time
from typing import Annotated

import typer

from rulekeeper.cli_args import console
from rulekeeper.core import compiled, registry
from rulekeeper.core.errors import UsageError

app = typer.Typer()


def compiled_modules() -> list[str]:
    """Every module a registered ruleset asks to compile (:attr:`Ruleset.compiled`), and
    the search's and the core's (``compiled.SEARCH``, ``compiled.CORE``)."""
    found: set[str] = {*compiled.SEARCH, *compiled.CORE}
    for ruleset_id in registry.ids():
        found.update(type(registry.load(ruleset_id)).compiled)
    return sorted(found)


@app.command("compile")
def compile_command(
        check: Annotated[bool, typer.Option(
            "--check", help="only say whether a build of today's sources is there and in use "
                            "(exit code 1: none)")]
        = False) -> None:
    """Compile the rulesets' hottest modules (bots, rules steps) with mypyc, for faster games.

    The build goes to the cache folder and is used only while the sources are unchanged;
    RULEKEEPER_COMPILED=0 turns it off. Needs a C compiler.
    """
    modules = compiled_modules()
    found = compiled.matching()
    if check:
        if found is None:
            console.print(f"No build of today's sources ({len(modules)} modules): games run "
                          f"from the Python source. `rulekeeper compile` builds one.",
                          highlight=False)
            raise typer.Exit(1)
        using = compiled.in_use(importlib.import_module(modules[0])) if modules else False
        console.print(f"Built in {found[0]}; {'in use' if using else 'not in use (turned off)'}.",
                      highlight=False)
        return
    if found is not None:  # its digest covers the rulesets' lists of modules too
        console.print(f"Up to date: {len(modules)} modules compiled in {found[0]}.",
                      highlight=False)
        return
    why = compiled.problem()
    if why is not None:
        raise UsageError(f"cannot compile: {why}")
    console.print(f"Compiling {len(modules)} modules with mypyc (a minute or two)...",
                  highlight=False)
    started = time.perf_counter()
    folder = compiled.build(modules)
    console.print(f"Compiled in {time.perf_counter() - started:.0f} s into {folder}; used from "
                  f"the next start.", highlight=False)


def add_commands(to: typer.Typer) -> None:
    to.registered_commands += app.registered_commands
