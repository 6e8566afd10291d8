"""What a ruleset declares, and the table a game is played on.

A ruleset declares its static facts once (metadata, rulings, content model,
templates, rule index) and writes its rules as one generator procedure,
:meth:`Ruleset.play`, that yields a :class:`~rulekeeper.core.decisions.Decision`
whenever the rules give someone a choice, receives the chosen option id, and
returns a :class:`Result`. Everything random goes through ``table.rng``; every
change of state is announced with ``table.emit``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from rulekeeper.core.content import ContentSet
from rulekeeper.core.decisions import Decision
from rulekeeper.core.errors import DiceScriptError, ReplayMismatch, RulesetError, UsageError
from rulekeeper.core.events import Event, Messages
from rulekeeper.core.odds import OddsQuestions
from rulekeeper.core.registry import RulesetMeta
from rulekeeper.core.rng import Rng, ScriptValue
from rulekeeper.core.rulings import Ruling, did_you_mean


@dataclass(frozen=True)
class Result:
    """How a game ended.

    Attributes:
        winner: the winning seat or side (``"red"``, ``"heroes"``); None for a tie.
        reason: why it ended, as a short id (``"three-objectives"``, ``"villain-defeated"``).
        rounds: rounds (or rolls, or turns) played, as the ruleset counts them.
        metrics: the ruleset's declared per-game numbers (damage dealt, cards lost...).
    """

    winner: str | None
    reason: str
    rounds: int = 0
    metrics: Mapping[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "rounds": self.rounds,
                "metrics": dict(self.metrics)}


Procedure = Generator[Decision, str, Result]
"""The rules of a game: yields decisions, receives option ids, returns the result."""


class NoOptions(BaseModel):
    """A ruleset without setup options."""

    model_config = ConfigDict(extra="forbid")


InputSource = Callable[[str, dict[str, Any]], Any]
"""Answers a game's request for an outside input: ``source(kind, request) -> JSON value``."""


class Inputs:
    """The values a game receives from outside its rules, in the order it asks for them.

    Recorded values are given back first (a replay needs no source); past them, the
    source is asked and its answer recorded. Values are kept as JSON would give them
    back, so a game played live and its replay from a file see the same data.
    """

    __slots__ = ("known", "source", "used")

    def __init__(self, recorded: Sequence[Mapping[str, Any]],
                 source: InputSource | None) -> None:
        self.known: list[dict[str, Any]] = [dict(item) for item in recorded]
        self.used: list[dict[str, Any]] = []
        self.source = source

    def take(self, kind: str, request: dict[str, Any], table: Table) -> Any:
        index = len(self.used)
        if index < len(self.known):
            item = self.known[index]
            if item.get("kind") != kind:
                raise ReplayMismatch(f"outside input {index + 1} is {item.get('kind')!r} in the "
                                     f"record; the game asks for {kind!r}")
        else:
            source = self.source or table.ruleset.input_source(table)
            if source is None:
                raise UsageError(f"{table.ruleset.meta.id} needs an outside input ({kind}) and "
                                 f"no source was given")
            self.source = source
            try:
                value = json.loads(json.dumps(source(kind, request)))
            except TypeError as error:
                raise RulesetError(f"outside input {kind!r} is not JSON data: {error}") from None
            item = {"kind": kind, "value": value}
            self.known.append(item)
        self.used.append(item)
        return item["value"]


class Table:
    """Everything one game's rules may use: its dice, rulings, content, options and log."""

    __slots__ = ("content", "events", "inputs", "logging", "options", "rng", "ruleset",
                 "rulings", "scenario", "seats", "state")

    def __init__(self, ruleset: Ruleset, rng: Rng, rulings: Mapping[str, str], content: Any,
                 scenario: str | None, options: Any, seats: tuple[str, ...], logging: bool,
                 inputs: Inputs | None = None) -> None:
        self.ruleset = ruleset
        self.rng = rng
        self.rulings = rulings
        self.content = content
        self.scenario = scenario
        self.options = options
        self.seats = seats
        self.logging = logging
        self.events: list[Event] = []
        self.state: Any = None
        self.inputs = inputs if inputs is not None else Inputs((), None)

    def outside(self, kind: str, request: dict[str, Any]) -> Any:
        """A value from outside the rules (the opponent matchmaking picks...), recorded.

        ``request`` tells the source what is asked (JSON data); the answer is kept in the
        game's record, so a replay gets the same value without asking anyone.
        """
        return self.inputs.take(kind, request, self)

    def emit(self, kind: str, rule: str, to: tuple[str, ...] | None = None, **data: Any) -> None:
        """Record an event (a no-op when the game runs with logging off)."""
        if self.logging:
            self.events.append(Event(kind, rule, data, to))


class Ruleset(ABC):
    """Base of every ruleset. Subclasses set the class attributes and write :meth:`play`."""

    meta: ClassVar[RulesetMeta]
    rulings: ClassVar[tuple[Ruling, ...]] = ()
    content_model: ClassVar[type[BaseModel]]
    content_dir: ClassVar[Path]
    rules_files: ClassVar[tuple[Path, ...]] = ()
    templates: ClassVar[Mapping[str, str]] = {}
    locale_dir: ClassVar[Path | None] = None
    options_model: ClassVar[type[BaseModel]] = NoOptions
    metrics: ClassVar[tuple[str, ...]] = ()
    bots: ClassVar[Mapping[str, str]] = {}
    """Ruleset-specific agents: name to ``"module:factory"``; factory(seat, seed) -> Agent."""
    default_bot: ClassVar[str] = "random"
    odds_questions: ClassVar[OddsQuestions | None] = None
    """Its odds questions (:mod:`rulekeeper.core.odds`), offered as ``rulekeeper odds``."""

    def __repr__(self) -> str:
        return f"<Ruleset {self.meta.id}>"

    @abstractmethod
    def play(self, table: Table) -> Procedure:
        """The whole game, from setup to the end, as a generator procedure."""

    def scenarios(self, content: Any) -> list[str]:
        """The scenario ids this content offers; the first is the default."""
        return []

    def seats(self, options: Any) -> tuple[str, ...]:
        """The seats of a game with these options."""
        return self.meta.players

    def sides(self, options: Any) -> tuple[str, ...]:
        """The names a winner can take: the seats, or sides such as ``heroes``/``enemies``."""
        return self.seats(options)

    def view(self, table: Table, player: str | None) -> dict[str, Any]:
        """What ``player`` may know of the game (None: everything), as JSON-able data."""
        return {}

    def input_source(self, table: Table) -> InputSource | None:
        """The source of outside inputs when the game was started without one (offline play)."""
        return None

    def script_faces(self, content: Any) -> tuple[frozenset[str], int] | None:
        """What a scripted die value (``--dice``) may be in this ruleset, checked at game start.

        Returns the face names of its custom dice (compared without case) and the largest
        number a die shows (or face index); None leaves the check to each roll.
        """
        return None

    def check_dice_script(self, content: Any, values: Sequence[ScriptValue]) -> None:
        """Refuse, before the game starts, a scripted value no die of this ruleset can show."""
        faces = self.script_faces(content)
        if faces is None:
            return
        names, largest = faces
        known = {name.casefold() for name in names}
        for value in values:
            fits = (1 <= value <= largest) if isinstance(value, int) else value.casefold() in known
            if not fits:
                shown = f"faces {', '.join(sorted(names))} or " if names else ""
                raise DiceScriptError(f"--dice: {value!r} is not a value of any die of "
                                      f"{self.meta.id} ({shown}numbers 1 to {largest})")

    def invariant_violations(self, table: Table) -> list[str]:
        """What is wrong with the current state (lost cards, a figure in two areas...).

        Test games call this after every step; an empty list means the state is sound.
        """
        return []

    def render(self, view: Mapping[str, Any]) -> str:
        """A readable text picture of a view, for the terminal."""
        return ""

    @cached_property
    def messages(self) -> Messages:
        return Messages(self.templates, self.locale_dir)

    @cached_property
    def content_set(self) -> ContentSet:
        return ContentSet(self.content_model, self.content_dir)

    @cached_property
    def _content_cache(self) -> dict[tuple[str | None, str], tuple[BaseModel, str]]:
        return {}

    def load_content(self, user_dir: str | None = None,
                     sets: Mapping[str, Any] | None = None) -> tuple[BaseModel, str]:
        """The validated content and its digest, cached per (folder, --set values)."""
        key = (user_dir, repr(sorted((sets or {}).items())))
        if key not in self._content_cache:
            folder = Path(user_dir) if user_dir is not None else None
            self._content_cache[key] = self.content_set.load(folder, sets)
        return self._content_cache[key]

    def parse_options(self, given: Mapping[str, Any] | None) -> BaseModel:
        """The setup options, validated; a bad one raises :class:`UsageError`."""
        try:
            return self.options_model.model_validate(dict(given or {}))
        except ValidationError as error:
            first = error.errors()[0]
            fields = self.options_model.model_fields
            known = ", ".join("--" + f.replace("_", "-") for f in fields) or "none"
            name = ".".join(str(p) for p in first["loc"])
            flag = "--" + name.replace("_", "-")
            if first["type"] == "extra_forbidden":
                raise UsageError(f"{self.meta.id} has no option {flag}"
                                 f"{did_you_mean(name, fields)}; its options: {known}") from None
            message = first["msg"].removeprefix("Value error, ")
            where = f"option {flag}: " if name else "options: "
            raise UsageError(f"{where}{message} (options of {self.meta.id}: {known})") from None

    def pick_scenario(self, content: Any, scenario: str | None) -> str | None:
        """The scenario to play: the given one if the content has it, else the default."""
        known = self.scenarios(content)
        if scenario is None:
            return known[0] if known else None
        if scenario not in known:
            listed = f"scenarios: {', '.join(known)}" if known else "it has no scenarios"
            raise UsageError(f"{self.meta.id} has no scenario {scenario!r}"
                             f"{did_you_mean(scenario, known)}; {listed}")
        return scenario
