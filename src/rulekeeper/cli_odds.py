"""``rulekeeper odds``: one command per odds question a ruleset declares.

A ruleset declares its questions as data (:mod:`rulekeeper.core.odds`); each question's
parameters model gives its command's options: a field ``defender_sated`` is
``--defender-sated`` (a yes/no field also ``--no-defender-sated``), a mapping field
``rulings`` is ``--ruling id=option`` (repeatable), and the field's description is the
option's help. Every command also takes ``--json``. The
commands are built when the ``odds`` group is used, so that other commands load no
ruleset they do not need.
"""

import inspect
import json
import types
from collections.abc import Callable
from typing import Annotated, Any, Union, get_args, get_origin

import annotated_types
import typer
import typer.main
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from typer.core import TyperGroup

from rulekeeper.cli_args import console
from rulekeeper.core import registry
from rulekeeper.core.errors import RulesetError, UsageError
from rulekeeper.core.odds import Answer, OddsQuestion, OddsQuestions
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.rulings import did_you_mean, parse_assignments


class OddsGroup(TyperGroup):
    """The ``odds`` group: one entry per group name the registered rulesets declare."""

    def list_commands(self, ctx: Any) -> list[str]:
        return sorted(declared())

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = declared().get(cmd_name)
        return None if found is None else typer.main.get_command(group_app(cmd_name, *found))

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """As a group of fixed commands does, with a close group name for a typo (Typer's
        suggestions read only the commands a group was made with)."""
        name = args[0] if args else ""
        groups = self.list_commands(ctx)
        if name and not name.startswith("-") and name not in groups:
            ctx.fail(f"No such command {name!r}{did_you_mean(name, groups)}; the groups: "
                     f"{', '.join(groups)}.")
        return super().resolve_command(ctx, args)


def declared() -> dict[str, tuple[Ruleset, OddsQuestions]]:
    """Every registered ruleset's odds questions, by group name."""
    groups: dict[str, tuple[Ruleset, OddsQuestions]] = {}
    for ruleset_id in registry.ids():
        ruleset = registry.load(ruleset_id)
        if ruleset.odds_questions is not None:
            groups[ruleset.odds_questions.group] = (ruleset, ruleset.odds_questions)
    return groups


def group_app(group: str, ruleset: Ruleset, declaration: OddsQuestions) -> typer.Typer:
    """The commands of one group: one per question, or the group itself for a lone unnamed
    question (``odds cryptids --left duo``)."""
    questions = declaration.load()
    unnamed = [q for q in questions if q.name is None]
    if unnamed and len(questions) > 1:
        raise RulesetError(f"{ruleset.meta.id}: an unnamed odds question must be its group's "
                           f"only one")
    app = typer.Typer(name=group, no_args_is_help=not unnamed, add_completion=False)
    if not unnamed:  # a group, even of one command (Typer would make it the command)
        app.callback(help=f"Odds of {ruleset.meta.title}.")(_group)
    for question in questions:
        app.command(question.name or group, help=question.summary)(command(question))
    return app


def _group() -> None:
    """A group's own callback: nothing to do before its command runs."""


def command(question: OddsQuestion) -> Callable[..., None]:
    """A Typer command function whose options are the question's parameters and ``--json``."""
    fields = question.params.model_fields
    parameters = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY,
                                    default=_default(field), annotation=_option(name, field))
                  for name, field in fields.items()]
    parameters.append(inspect.Parameter(
        "as_json", inspect.Parameter.KEYWORD_ONLY, default=False,
        annotation=Annotated[bool, typer.Option("--json", help="print JSON")]))

    def run(**values: Any) -> None:
        as_json = values.pop("as_json")
        for name, field in fields.items():
            if _is_mapping(field) and values.get(name) is not None:
                values[name] = parse_assignments(values[name], flag(name, field))
        show(question.answer(parameters_of(question.params, values)), as_json)

    run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    return run


def flag(name: str, field: FieldInfo) -> str:
    """The option of a field: ``defender_sated`` is ``--defender-sated``, ``rulings`` is
    ``--ruling`` (a mapping is given one ``key=value`` at a time)."""
    if _is_mapping(field):
        name = name.removesuffix("s")
    return "--" + name.replace("_", "-")


def parameters_of(model: type[BaseModel], values: dict[str, Any]) -> BaseModel:
    """The validated parameters (options not given take the model's defaults); a value out
    of bounds is a :class:`UsageError` naming its option."""
    try:
        return model.model_validate({k: v for k, v in values.items() if v is not None})
    except ValidationError as error:
        first = error.errors()[0]
        name = str(first["loc"][0]) if first["loc"] else ""
        field = model.model_fields.get(name)
        option = flag(name, field) if field is not None else name
        bound = first.get("ctx", {})
        if first["type"] == "greater_than_equal":
            raise UsageError(f"{option} must be {bound['ge']} or more, got "
                             f"{first['input']}") from None
        if first["type"] == "less_than_equal":
            raise UsageError(f"{option} must be {bound['le']} or less, got "
                             f"{first['input']}") from None
        message = first["msg"].removeprefix("Value error, ")
        raise UsageError(f"{option}: {message}") from None


def show(answer: Answer, as_json: bool) -> None:
    """Print the answer as tables, or as JSON (a list when the question gives several)."""
    from rulekeeper.lab.odds import render

    answers = answer if isinstance(answer, list) else [answer]
    if as_json:
        data = [a.to_json() for a in answers] if isinstance(answer, list) else answer.to_json()
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for one in answers:
        console.print(render(one))


def _is_mapping(field: FieldInfo) -> bool:
    return get_origin(field.annotation) is dict


def _default(field: FieldInfo) -> Any:
    if field.is_required():
        return inspect.Parameter.empty
    if _is_mapping(field):
        return None
    return field.get_default(call_default_factory=True)


def _option(name: str, field: FieldInfo) -> Any:
    """The Typer annotation of a field: its type (int, float, bool or text) and option."""
    help_text = (field.description or "") + _bounds(field)
    if _is_mapping(field):
        return Annotated[list[str] | None, typer.Option(
            flag(name, field), help=f"{help_text} (key=value, repeatable)")]
    kind = _scalar(field.annotation)
    if kind is bool:
        decl = flag(name, field)
        return Annotated[bool, typer.Option(f"{decl}/--no-{decl[2:]}", help=help_text)]
    optional = not field.is_required() and field.default is None
    return Annotated[kind | None if optional else kind,  # type: ignore[operator]
                     typer.Option(flag(name, field), help=help_text)]


def _scalar(annotation: Any) -> type:
    """The option type of an annotation: ``int``, ``float`` or ``bool`` as such, else text."""
    if get_origin(annotation) in (Union, types.UnionType):
        annotation = next((a for a in get_args(annotation) if a is not type(None)), str)
    return annotation if annotation in (int, float, bool) else str


def _bounds(field: FieldInfo) -> str:
    """`` (0 to 20)`` or `` (at least 1)`` from the field's bounds."""
    low = next((m.ge for m in field.metadata if isinstance(m, annotated_types.Ge)), None)
    high = next((m.le for m in field.metadata if isinstance(m, annotated_types.Le)), None)
    if low is not None and high is not None:
        return f" ({low} to {high})"
    if low is not None:
        return f" (at least {low})"
    return f" (at most {high})" if high is not None else ""


def add_commands(to: typer.Typer) -> None:
    """Add the ``odds`` group to the ``rulekeeper`` app."""
    odds_app = typer.Typer(cls=OddsGroup, invoke_without_command=True)
    odds_app.callback()(odds)
    to.add_typer(odds_app, name="odds",
                 help="Odds of a ruleset's dice questions: exact, or by Monte Carlo.")


def odds(ctx: typer.Context) -> None:
    """Without a question, the questions there are."""
    if ctx.invoked_subcommand is None:
        print(ctx.get_help(), end="")
