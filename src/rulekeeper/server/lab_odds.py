"""``/api/lab/odds``: the odds questions of ``rulekeeper odds``, asked from /lab.

A ruleset declares its odds questions as data (:mod:`rulekeeper.core.odds`): a pydantic
model of parameters and a pure function. The server offers the same questions from the same
models and answers them at once, with the JSON ``rulekeeper odds ... --json`` prints for the
same parameters (the same seed gives the same figures). An odds question is no lab job: it
plays no games to stream nor report, and an exact answer takes a moment; its cost is
bounded instead, and it runs in a lane of :mod:`.costs` (per-player in-flight and time
budgets, 429 beyond).

What the server changes in a question's parameters (by their field names, the vocabulary
of ``rulekeeper odds``):

- ``content`` (a folder of the machine) is refused: content changes come as the lab's
  ``set`` paths or ``overlay``, into a question that takes ``set`` (400 for one that does
  not). Every request is answered inside :func:`rulekeeper.core.files.remote`, so a team
  or any value naming a file is refused too, before the disk is looked at.
- ``games`` and ``sample`` (Monte Carlo battles or draws) are at most
  :attr:`LabLimits.games <rulekeeper.server.lab_jobs.LabLimits.games>` (a default past
  it is lowered to it, as the answer's ``params`` say); ``max_states``
  (the cut-off of an exact enumeration) at most :attr:`OddsLimits.states`; past them, 400.
- ``workers`` is one: the answer is the same on any number of processes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.events import DECIMAL_COMMA
from rulekeeper.core.odds import OddsQuestion
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.core.workers import fork_server
from rulekeeper.lab.questions import overlay_sets
from rulekeeper.lab.report_words import LANGUAGES
from rulekeeper.server.costs import CostlyPlayer
from rulekeeper.server.errors import ApiError, api_wording, documented
from rulekeeper.server.games import worded_options
from rulekeeper.server.lab_jobs import LabLimits, Lang
from rulekeeper.server.refusals import concerning
from rulekeeper.server.sentences import SAID_IN, Said

router = APIRouter(prefix="/api/lab/odds", tags=["lab"], dependencies=[SAID_IN],
                   responses=documented(400, 401, 422, 429))

SERVER_SETS = ("content", "workers", "set")
"""Fields the server fills itself (a form shows none of them)."""
COUNTS = ("games", "sample")
"""Fields that count Monte Carlo battles or draws: at most the lab's games a job."""


@dataclass(frozen=True)
class OddsLimits:
    """What one odds question may cost, besides the lab's games (:class:`LabLimits`)."""

    states: int = 200_000
    """The most states an exact enumeration (``max_states``) may meet."""
    seconds: float = 10.0
    """The most time one answer may take: a question's own bounds do not bound its time (an
    exact check of many dice, a need of a million), so past it the answer is stopped, 413."""


Name = Annotated[str, Field(min_length=1, max_length=200)]


class OddsAsk(BaseModel):
    """An odds question asked from /lab."""

    model_config = ConfigDict(extra="forbid")

    ruleset: str = Field(max_length=64, description="a ruleset id, e.g. cryptids")
    question: str | None = Field(None, max_length=64, description="the question's name "
                                 "(attack, check...); none for a ruleset's only unnamed one")
    params: dict[Name, Any] = Field(default_factory=dict, description="the question's "
                                    "parameters, by field name (as its command's options)")
    set: dict[Name, Any] = Field(default_factory=dict,
                                 description="content values by path (as --set path=value)")
    overlay: dict[Name, Any] = Field(default_factory=dict,
                                     description="content laid over the sample, by file")


def offered() -> list[tuple[str, str, OddsQuestion]]:
    """Every registered ruleset's odds questions, with the ruleset's id and the group name
    the terminal offers them under (``rulekeeper odds GROUP``)."""
    out = []
    for ruleset_id in registry.ids():
        declaration = registry.load(ruleset_id).odds_questions
        if declaration is not None:
            out += [(ruleset_id, declaration.group, q) for q in declaration.load()]
    return out


def form_schema(question: OddsQuestion) -> dict[str, Any]:
    """The JSON Schema of a question's parameters, without those the server fills."""
    schema = question.params.model_json_schema()
    for name in SERVER_SETS:
        schema.get("properties", {}).pop(name, None)
    if "required" in schema:
        schema["required"] = [n for n in schema["required"] if n not in SERVER_SETS]
    return schema


class QuestionOut(BaseModel):
    ruleset: str
    group: str = Field(description="as the terminal offers it: rulekeeper odds GROUP")
    question: str | None = Field(description="its name, none for a ruleset's only question")
    summary: str = Field(description="what it answers, as the terminal's help says it (its "
                                     "options' values as placeholders: DICE)")
    asks: str = Field(description="what it answers, as a page says it: the summary with each "
                                  "placeholder as the field of its parameter ({dice}), for "
                                  "the page to fill with the value asked")
    schema_: dict[str, Any] = Field(alias="schema", description="its parameters (JSON Schema)")
    content_changes: bool = Field(description="whether it takes the lab's content changes")


@router.get("", response_model=list[QuestionOut], response_model_by_alias=True)
def questions(lang: Said = "en") -> list[QuestionOut]:
    """The odds questions /lab offers: every ruleset's, with its parameters' schema; the
    summary and each parameter's title and description in ``lang`` (the ruleset's board
    catalog, as the options' are: English where it has none)."""
    out = []
    for ruleset, group, q in offered():
        words = registry.load(ruleset).messages.wording(lang)
        out.append(QuestionOut(ruleset=ruleset, group=group, question=q.name,
                               summary=words(q.summary),
                               asks=asked(words(q.summary), q.params.model_fields),
                               schema=worded_options(form_schema(q), words),
                               content_changes="set" in q.params.model_fields))
    return out


def asked(summary: str, parameters: Iterable[str]) -> str:
    """A question's summary as a page says it: each placeholder of the terminal's help (a
    parameter's name in capitals, as its option's value is shown) as a field that names the
    parameter, which the page fills with the value asked.

    >>> asked("Probabilité qu'un test de DICE dés atteigne NEED succès.", ["dice", "need"])
    "Probabilité qu'un test de {dice} dés atteigne {need} succès."
    """
    for name in (n for n in parameters if len(n) > 1):  # ("A" may begin a sentence)
        summary = re.sub(rf"\b{re.escape(name.upper())}\b", f"{{{name}}}", summary)
    return summary


EXAMPLE = {"ruleset": "cryptids", "params": {"left": "duo", "right": "lone-yeti", "exact": True},
           "set": {"cryptids.cryptids.yeti.hp": 8}}


@router.post("")
def ask(request: Request, me: CostlyPlayer, body: Annotated[OddsAsk, Body(examples=[EXAMPLE])],
        lang: Lang = "en") -> dict[str, Any]:
    """Ask an odds question: answered at once with the JSON ``rulekeeper odds ... --json``
    prints (``answer``: one answer, or a list), and the parameters as the server read them
    (``params``). 400 for a question it does not know or would not answer here, said in
    ``lang`` (as a lab job's refusals are)."""
    concerning(request, body.ruleset)
    if lang not in LANGUAGES:
        raise ApiError(f"lang {lang!r} is not available; languages: {', '.join(LANGUAGES)}")
    limits: LabLimits = request.app.state.lab_limits
    odds_limits: OddsLimits = request.app.state.odds_limits
    question = find(body.ruleset, body.question)
    values = dict(body.params)
    fields = question.params.model_fields
    if values.get("content") is not None:
        raise ApiError("content: the server reads no folder; change content with 'set' "
                       "paths or an 'overlay'")
    unknown = sorted(set(values) - set(fields) - set(SERVER_SETS))
    if unknown:
        raise ApiError(f"params.{unknown[0]}: not a parameter of this question"
                       f"{did_you_mean(unknown[0], list(fields))}; its parameters: "
                       f"{', '.join(n for n in fields if n not in SERVER_SETS)}")
    values.pop("set", None)
    ruleset_id = registry.resolve_id(body.ruleset)
    sets = {**overlay_sets(ruleset_id, body.overlay), **body.set} \
        if body.overlay else dict(body.set)
    if sets:
        if "set" not in fields:
            raise ApiError("this odds question takes no content changes ('set' or "
                           "'overlay'): its dice are the rulebook's")
        values["set"] = sets
    if "workers" in fields:
        values["workers"] = 1
    for name in COUNTS:  # a default past the cap: the cap (a count given past it: 400)
        default = fields[name].default if name in fields else None
        if name not in values and isinstance(default, int) and default > limits.games:
            values[name] = limits.games
    params = validated(question, values)
    for name in COUNTS:
        count = getattr(params, name, None)
        if isinstance(count, int) and count > limits.games:
            raise ApiError(f"params.{name}: at most {limits.games:,} on the server, got "
                           f"{count:,}")
    states = getattr(params, "max_states", None)
    if isinstance(states, int) and states > odds_limits.states:
        raise ApiError(f"params.max_states: at most {odds_limits.states:,} on the server, "
                       f"got {states:,}")
    shown = answered(ruleset_id, question.name, params, odds_limits.seconds)
    return {"ruleset": ruleset_id, "question": question.name,
            "params": params.model_dump(mode="json", exclude={"workers", "content"}),
            "answer": shown, "words": answer_words(ruleset_id, shown, lang)}


def answer_words(ruleset_id: str, shown: Any, lang: str) -> dict[str, str]:
    """The answer's texts (its title, outcomes', distributions' and means' names, notes) in
    ``lang``, by the ruleset's board catalog, as the page shows them: ``{english: words}``,
    for those it has words for (the answer itself stays the terminal's JSON)."""
    words = registry.load(ruleset_id).messages.wording(lang)
    said: dict[str, str] = {}
    for answer in shown if isinstance(shown, list) else [shown]:
        for text in [answer["title"], *answer["outcomes"], *answer["distributions"],
                     *answer["means"], *answer["notes"]]:
            worded = words(text)
            if worded != text:  # (numbers made in English: "13,695" reads as a decimal there)
                said[text] = decimal_comma(worded) if lang in DECIMAL_COMMA else worded
    return said


GROUPED = re.compile(r"(?<=\d),(?=\d{3}\b)")
"""The comma between a count's groups of thousands, which a language writing decimals with a
comma writes as a narrow no-break space."""
POINT = re.compile(r"(?<=\d)\.(?=\d)")
"""A number's decimal point (``0.5``, ``1.0e-11``), which such a language writes as a comma."""


def decimal_comma(text: str) -> str:
    """``text``'s numbers, made in English, as a language writing decimals with a comma
    writes them.

    >>> decimal_comma("au plus 1.0e-11 sur 13,695 parties") == (
    ...     "au plus 1,0e-11 sur 13\u202f695 parties")
    True
    """
    return POINT.sub(",", GROUPED.sub("\u202f", text))


def answered(ruleset_id: str, name: str | None, params: BaseModel, seconds: float) -> Any:
    """The question's answer as JSON, worked out in a process of its own that is stopped
    after ``seconds`` (413): a thread cannot be stopped, and an answer that never ends would
    hold a lane and a core for ever. The process forks from a server of processes that has
    the lab's modules and the rulesets' kernels loaded (:data:`FORKS`, :mod:`.forked`), so
    it starts in milliseconds; it reads no file a user names
    (:func:`~rulekeeper.core.files.remote`), as the request does not."""
    mine, its = FORKS.Pipe(duplex=False)
    process = FORKS.Process(target=_answer, args=(its, ruleset_id, name, params), daemon=True)
    process.start()
    its.close()
    try:
        if not mine.poll(seconds):
            raise ApiError(f"the answer took more than {seconds:g} s, the most the server "
                           f"gives one: ask fewer dice, games or states, or ask it at the "
                           f"terminal (rulekeeper odds)", 413)
        try:
            said, value = mine.recv()
        except EOFError:
            raise ApiError("the answer's process ended without one", 500) from None
    finally:
        mine.close()
        if process.is_alive():
            process.kill()
        process.join(5)
    if said == "refused":
        raise ApiError(value)
    if said == "failed":
        raise ApiError(f"the answer failed: {value}", 500)
    return value


FORKS = fork_server("rulekeeper.server.forked")


def _answer(to: Connection, ruleset_id: str, name: str | None, params: BaseModel) -> None:
    """In the answer's process: work it out, send it (or a refusal's words) to ``to``."""
    from rulekeeper.core.errors import RulekeeperError
    from rulekeeper.core.files import remote

    try:
        with remote():
            answer = find(ruleset_id, name).answer(params)
            shown = [a.to_json() for a in answer] if isinstance(answer, list) \
                else answer.to_json()
        to.send(("answer", shown))
    except RulekeeperError as error:
        to.send(("refused", api_wording(error, router.prefix)))
    except ApiError as error:
        to.send(("refused", error.message))
    except Exception as error:  # a defect: said to the request as a 500, which is logged
        to.send(("failed", f"{type(error).__name__}: {error}"))
    finally:
        to.close()


def find(ruleset_id: str, name: str | None) -> OddsQuestion:
    """The question ``name`` of the ruleset (400 naming those there are)."""
    ruleset = registry.load(ruleset_id)  # an unknown ruleset: its UsageError, a 400
    if ruleset.odds_questions is None:
        having = sorted({r for r, _, _ in offered()})
        raise ApiError(f"{ruleset.meta.id} asks no odds questions; those that do: "
                       f"{', '.join(having)}")
    found = ruleset.odds_questions.load()
    names = [q.name for q in found if q.name is not None]
    for question in found:
        if question.name == name or (name is None and len(found) == 1):
            return question
    if not names:
        raise ApiError(f"{ruleset.meta.id} has one odds question, asked without a name")
    raise ApiError(f"no odds question {name!r} of {ruleset.meta.id}"
                   f"{did_you_mean(name or '', names)}; its questions: {', '.join(names)}")


def validated(question: OddsQuestion, values: dict[str, Any]) -> BaseModel:
    """The question's parameters, validated (a value out of bounds: 400 naming it)."""
    try:
        return question.params.model_validate(values)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        raise ApiError(f"params.{where}: {message}" if where else message) from None
    except UsageError as error:  # a validator that names an option
        raise ApiError(str(error)) from None
