"""The ``rulekeeper`` command.

Each command is defined in the module :data:`COMMANDS` names, whose ``add_commands(app)``
adds it. A run imports and builds only the command it is asked for: Typer builds every
command it holds from its function's annotations at each start, which for all of them
costs more than a short ``simulate`` plays. Help, and a name that is not a command, get
the whole app (its list of commands, its "did you mean").
"""

import importlib
import inspect
import sys
from collections.abc import Iterable
from typing import Annotated

import typer
import typer.main

from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.version import VERSION as __version__

PROG = "rulekeeper"
"""The command's name, also when run as ``python -m rulekeeper``."""

COMMANDS = {
    "list": "rulekeeper.cli_game",
    "play": "rulekeeper.cli_game",
    "battle": "rulekeeper.cli_game",
    "replay": "rulekeeper.cli_game",
    "rules": "rulekeeper.cli_game",
    "schema": "rulekeeper.cli_game",
    "demo": "rulekeeper.cli_game",
    "simulate": "rulekeeper.lab.cli",
    "sweep": "rulekeeper.lab.cli",
    "matchup": "rulekeeper.lab.cli",
    "tune": "rulekeeper.lab.tune_cli",
    "compare": "rulekeeper.lab.compare_cli",
    "culprits": "rulekeeper.lab.culprits_cli",
    "dead-rules": "rulekeeper.lab.dead_rules_cli",
    "luck": "rulekeeper.lab.luck_cli",
    "report": "rulekeeper.lab.cli",
    "serve": "rulekeeper.server.commands",
    "compile": "rulekeeper.cli_compile",
    "odds": "rulekeeper.cli_odds",
    "db": "rulekeeper.server.commands",
}
"""Every command, in the order help lists them, and the module that defines it."""


def build(names: Iterable[str] = COMMANDS) -> typer.Typer:
    """The ``rulekeeper`` app with the commands ``names``."""
    wanted = list(names)
    app = typer.Typer(help="rulekeeper: a rules engine and simulation lab for tabletop combat.",
                      no_args_is_help=True, pretty_exceptions_enable=False)
    app.callback()(_options)  # a group, even of one command (Typer would make it the app)
    for module in dict.fromkeys(COMMANDS[name] for name in wanted):
        importlib.import_module(module).add_commands(app)
    for command in app.registered_commands:
        command.short_help = command.short_help or _summary(command)
    order = list(COMMANDS).index
    app.registered_commands = sorted(
        (c for c in app.registered_commands if _name(c) in wanted), key=lambda c: order(_name(c)))
    app.registered_groups = sorted((g for g in app.registered_groups if g.name in wanted),
                                   key=lambda g: order(str(g.name)))
    return app


def _name(command: typer.models.CommandInfo) -> str:
    return command.name or typer.main.get_command_name(command.callback.__name__)  # type: ignore[union-attr]


def _summary(command: typer.models.CommandInfo) -> str | None:
    """The first paragraph of a command's help on one line, as the list of commands shows it
    (Typer's rich help keeps a docstring's line breaks there, cutting a sentence in two).

    >>> _summary(typer.models.CommandInfo(help="A batch, then the\\n  web page.\\n\\nMore."))
    'A batch, then the web page.'
    """
    text = command.help or (command.callback.__doc__ if command.callback else None)
    return " ".join(inspect.cleandoc(text).split("\n\n")[0].split()) if text else None


def _show_version(asked: bool) -> None:
    if asked:
        typer.echo(f"rulekeeper {__version__}")
        raise typer.Exit()


def _options(version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=_show_version,
        help="print rulekeeper's version and stop")] = False) -> None:
    """The options of ``rulekeeper`` itself (the shell completion's are Typer's)."""


ParserError: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
"""The base of the argument parser's errors (click's, as Typer vendors it or not)."""


def main() -> None:
    """Entry point: user errors become one line and an exit code, never a traceback."""
    asked = sys.argv[1:2]
    try:
        app = build(asked if asked and asked[0] in COMMANDS else COMMANDS)
        code = app(standalone_mode=False, prog_name=PROG)
    except RulekeeperError as error:  # pydantic's "Value error, " is no word of ours
        fail(str(error).replace("Value error, ", ""), error.exit_code)
    except ParserError as error:
        from rulekeeper.cli_text import asked_language, refusal

        said = refusal(parser_message(error), asked_language(sys.argv[1:]))
        fail(said, getattr(error, "exit_code", 2))
    except typer.Abort:
        fail("aborted", 1)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


def parser_message(error: Exception) -> str:
    """A usage error of the argument parser as one line, naming the command's help."""
    if type(error).__name__ == "NoArgsIsHelpError":  # the help was printed already
        return ""
    message = " ".join(error.format_message().split())  # type: ignore[attr-defined]
    ctx = getattr(error, "ctx", None)
    return f"{message} (see '{ctx.command_path} --help')" if ctx is not None else message


def fail(message: str, code: int) -> None:
    if message:
        sys.stderr.write(f"error: {message}\n")
    sys.exit(code)
