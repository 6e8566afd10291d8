"""What a ruleset declares, and the table a game is played on.

A ruleset declares its static facts once (metadata, rulings, content model,
templates, rule index) and writes its rules as one generator procedure,
:meth:`Ruleset.play`, that yields a :class:`~rulekeeper.core.decisions.Decision`
whenever the rules give someone a choice, receives the chosen option id, and ends the
game by raising :class:`GameOver` (its :meth:`Ruleset.game_over` hook gives the
:class:`Result`). Everything random goes through ``table.rng``; every
change of state is announced with ``table.emit``.
"""

from __future__ import annotations

import copy
import inspect
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from rulekeeper.core import archive, versions
from rulekeeper.core.content import CONTENTS_KEPT, ContentSet, Library, digest
from rulekeeper.core.decisions import Decision
from rulekeeper.core.entities import Entities
from rulekeeper.core.errors import OptionError, ReplayMismatch, RulesetError, UsageError
from rulekeeper.core.events import Event, Messages
from rulekeeper.core.lru import Lru
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.odds import OddsQuestions
from rulekeeper.core.rng import Rng, ScriptValue, check_script
from rulekeeper.core.rules_index import CORE_RULES, RuleBook, RuleEntry, load_rules
from rulekeeper.core.rulings import CoreRulings, Ruling, WorkBudget, did_you_mean
from rulekeeper.core.versions import Change, LogChange, log_changes, logged_as, pinned
from rulekeeper.core.view import Drawing

T = TypeVar("T")


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


Procedure = Generator[Decision, str, None]
"""The rules of a game: yields decisions, receives option ids, and ends the game by raising
:class:`GameOver` (a procedure that returns is a ruleset's bug)."""

Asks = Generator[Decision, str, T]
"""A part of the rules that may ask decisions and gives back a ``T`` (``yield from`` it)."""


class GameOver(Exception):
    """The game ends at once, from wherever in the rules it happens.

    The one way a game ends: raise it anywhere inside :meth:`Ruleset.play`; the engine
    catches it and asks the ruleset's :meth:`Ruleset.game_over` for the result.

    Attributes:
        winner: the winning seat or side; None for a tie.
        reason: why it ended, as a short id (``"objectives"``).
        rounds: the rounds played, when the rules count them here.
    """

    def __init__(self, winner: str | None, reason: str, rounds: int | None = None) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason
        self.rounds = rounds


CORE_TEMPLATES = {
    "work-budget.tie": "The work budget is reached ({limit} {what}): the game ends in a tie",
    "work-budget.judged": "The work budget is reached ({limit} {what}): the game ends, won "
                          "on the rules' count by {winner}",
    "clock.bot": "{seat}: the clock runs out, and the seat's bot decides",
    "clock.forfeit": "{seat}: the clock runs out, and the game is lost by forfeit (losing "
                     "side: {side})",
    "resign": "{seat}: resignation, and the game is lost (losing side: {side})",
}
"""Sentences of the events the engine itself emits, in every ruleset. A seat or side is
named where any name reads right, whatever a ruleset calls it (*Red*, *You*, *Vous*): never
as the subject of a verb nor with a possessive (*You's clock*, *You wins*)."""


@dataclass(frozen=True)
class Choice:
    """A value a setup option may take (a faction, a hero, a team), as a form lists it."""

    id: str
    label: str


SEATS_OF_THE_GAME: dict[str, Any] = {"x-seats": True}
"""``Field(json_schema_extra=SEATS_OF_THE_GAME)`` marks a setup option whose values are the
game's seats (one, or a list): a form lists the seats the other options give."""


WORDED_DEFAULT = "x-default-worded"
"""``Field(json_schema_extra={WORDED_DEFAULT: True})`` marks a setup option whose default a
form shows in the page's language (a run's player, ``you``: *vous*) and never sends: the
game gets the option's own default (display only)."""


LABELS = "x-labels"
"""``Field(json_schema_extra={"enum": [...], LABELS: {value: label}})``: the values a text
option or parameter takes, each by its label in English, which a form shows in the page's
language (the ruleset's ``view.po``) while it sends the value."""


def of_seat(seat: str) -> dict[str, Any]:
    """``Field(json_schema_extra=of_seat("hero3"))`` marks a setup option that matters only
    in a game with that seat (``"x-seat"`` in the schema): a form shows it only then."""
    return {"x-seat": seat}


def _union_branch(part: str | int) -> bool:
    """Whether a part of a pydantic error's place names a union's branch (``str``,
    ``CarriedTeam``, ``function-after[...]``), not a field or an index."""
    return isinstance(part, str) and (part in ("str", "int", "float", "bool") or "[" in part
                                      or part[:1].isupper())


BOUND_ERRORS = ("greater_than", "greater_than_equal", "less_than", "less_than_equal")
_BOUNDS = {"ge": "at least", "gt": "more than", "le": "at most", "lt": "less than"}


def _range(field: Any) -> str:
    """What a number option bounded both ways takes (else ""), for a refusal that names
    both ends: ``Input should be at least -1 and at most 1``."""
    said = [f"{words} {getattr(m, bound):g}" for m in getattr(field, "metadata", ())
            for bound, words in _BOUNDS.items() if hasattr(m, bound)]
    return f"Input should be {' and '.join(said)}" if len(said) == 2 else ""


def _finite(value: Any) -> bool:
    """Whether every number in ``value`` (nested lists and mappings) is finite.

    >>> _finite({"a": [1, 2.5]}), _finite([float("nan")])
    (True, False)
    """
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, Mapping):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list | tuple):
        return all(_finite(v) for v in value)
    return True


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

    def give(self, kind: str, value: Any, at: int) -> None:
        """Keep a value that came unasked when the game stood at decision ``at`` (a turn
        clock that ran out); a replay finds it there again (:meth:`waiting`)."""
        item = {"kind": kind, "value": json.loads(json.dumps(value)), "at": at}
        self.known[len(self.used):len(self.used)] = [item]
        self.used.append(item)

    def waiting(self, kind: str, at: int) -> Any:
        """The value of ``kind`` that came unasked at decision ``at``, taken; None if the
        next recorded value is not one."""
        index = len(self.used)
        if index < len(self.known):
            item = self.known[index]
            if item.get("kind") == kind and item.get("at") == at:
                self.used.append(item)
                return item["value"]
        return None

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
    """Everything one game's rules may use: its dice, rulings, content, options and log.

    A ruleset may subclass it with ``__slots__ = ()`` and typed annotations of ``state``,
    ``content``, ``options``, ``prepared`` and ``rulings`` (its :class:`RulingSet`), and
    name the subclass as its :attr:`Ruleset.table_type`.

    Attributes:
        state: what the ruleset keeps of the game (what :meth:`Ruleset.view` reads).
        prepared: what :meth:`Ruleset.prepare` made of the content, once per content.
        rulings: the rulings in force (typed fields, and a mapping of id to option).
        steps: automated steps spent so far (:meth:`spend`).
        labelled: whether anyone reads the labels of the options (a person, a view); a game
            no one reads (a batch's, a search's world) may label an option by its id and
            skip the work of its label. The options and their order are the same either way.
    """

    __slots__ = ("content", "events", "held", "inputs", "labelled", "logging", "older_log",
                 "options", "prepared", "rng", "ruleset", "rulings", "saving", "scenario", "seats",
                 "state", "steps")

    def __init__(self, ruleset: Ruleset[Any], rng: Rng, rulings: Mapping[str, str],
                 content: Any, scenario: str | None, options: Any, seats: tuple[str, ...],
                 logging: bool, inputs: Inputs | None = None) -> None:
        self.ruleset = ruleset
        self.rng = rng
        self.rulings: CoreRulings = ruleset.ruling_set(rulings)  # its own: it counts the reads
        self.content = content
        self.prepared: Any = ruleset.prepared(content)
        self.steps = 0
        self.scenario = scenario
        self.options = options
        self.seats = seats
        self.logging = logging
        self.labelled = True
        self.events: list[Event] = []
        self.state: Any = None
        self.inputs = inputs if inputs is not None else Inputs((), None)
        self.saving: Callable[[], None] | None = None
        """Saves a checkpoint for the game, when it keeps them (:meth:`checkpoint`)."""
        self.older_log = ruleset.log_changes
        """How the log of the ruleset's version differs from today's (an older version)."""
        self.held: dict[str, Event] = {}
        """Events an older version's log holds back until a later one (``Change.log``)."""

    def resumed(self, rng: Rng, inputs: Inputs, logging: bool, labelled: bool) -> Table:
        """A new table of this same game, with no state yet (a checkpoint's is restored into
        it: a fork's table, a search's world's), its own dice, outside inputs and log.

        It shares what a game never changes (the ruleset, content, what ``prepare`` made of
        it, scenario, options, seats) and the rulings object itself: a fork's reads count as
        the game's (:meth:`RulingSet.report_to`), so one set serves both, and the new table
        neither checks the rulings again nor reads each one afresh (a search makes hundreds
        of worlds a second)."""
        table = object.__new__(type(self))
        table.ruleset = self.ruleset
        table.rng = rng
        table.rulings = self.rulings
        table.content = self.content
        table.prepared = self.prepared
        table.steps = 0
        table.scenario = self.scenario
        table.options = self.options
        table.seats = self.seats
        table.logging = logging
        table.labelled = labelled
        table.events = []
        table.state = None
        table.inputs = inputs
        table.saving = None
        table.older_log = self.older_log
        table.held = {}
        return table

    def checkpoint(self) -> None:
        """Mark a point where the rules can go on from ``state`` alone (the end of a
        round...), for a ruleset that implements :meth:`Ruleset.resume`, which goes on from
        right after this call.

        A game that is forked keeps the latest one (a copy of ``state``, the dice, the
        steps), and its forks resume from there; otherwise this does nothing.
        """
        if self.saving is not None and self.ruleset.resumable:
            self.saving()

    def outside(self, kind: str, request: dict[str, Any]) -> Any:
        """A value from outside the rules (the opponent matchmaking picks...), recorded.

        ``request`` tells the source what is asked (JSON data); the answer is kept in the
        game's record, so a replay gets the same value without asking anyone.
        """
        return self.inputs.take(kind, request, self)

    def emit(self, kind: str, rule: str, to: tuple[str, ...] | None = None, **data: Any) -> None:
        """Record an event (a no-op when the game runs with logging off)."""
        if self.logging:
            event = Event(kind, rule, data, to)
            if self.older_log:
                self.events.extend(logged_as(self, event, self.older_log))
            else:
                self.events.append(event)

    def spend(self, steps: int = 1) -> None:
        """Count automated steps (an enemy's action, a chained effect...).

        Past the ruleset's ``meta.max_steps`` the game ends by the ``work-budget`` ruling.
        """
        self.steps += steps
        if self.steps > self.ruleset.meta.max_steps:
            raise self.out_of_budget("steps", self.ruleset.meta.max_steps)

    def out_of_budget(self, what: str, limit: int) -> GameOver:
        """Announce that the work budget is reached; the :class:`GameOver` to end with."""
        winner = None
        if self.rulings.work_budget is WorkBudget.JUDGE:
            winner = self.ruleset.judge(self)
        if winner is None:
            self.emit("work-budget.tie", "core.work-budget", limit=limit, what=what)
        else:
            self.emit("work-budget.judged", "core.work-budget", limit=limit, what=what,
                      winner=winner)
        return GameOver(winner, "work-budget")


TableT = TypeVar("TableT", bound=Table)


class Ruleset(ABC, Generic[TableT]):
    """Base of every ruleset. Subclasses set the class attributes and write :meth:`play`.

    Its rulings are declared as a :class:`RulingSet` subclass of :class:`CoreRulings`
    (``ruling_set``); :attr:`rulings` holds their declarations, the engine's own included
    (what the command line and the lab offer).
    """

    meta: ClassVar[RulesetMeta]
    ruling_set: ClassVar[type[CoreRulings]] = CoreRulings
    rulings: ClassVar[tuple[Ruling, ...]] = ()
    table_type: ClassVar[type[Table]] = Table
    code_paths: ClassVar[tuple[Path, ...]] = ()
    """Where the code that applies its rules lives (folders or files); by default the
    folder of the module that defines the ruleset."""
    content_model: ClassVar[type[BaseModel]]
    content_dir: ClassVar[Path]
    rules_files: ClassVar[tuple[Path, ...]] = ()
    templates: ClassVar[Mapping[str, str]] = {}
    locale_dir: ClassVar[Path | None] = None
    options_model: ClassVar[type[BaseModel]] = NoOptions
    metrics: ClassVar[tuple[str, ...]] = ()
    entities: ClassVar[Entities] = Entities()
    """What its metrics record of each fighter, hero or cryptid, and their main stats
    (:mod:`rulekeeper.core.entities`): the lab's per-entity measures and ablation."""
    bots: ClassVar[Mapping[str, str]] = {}
    """Ruleset-specific agents: name to ``"module:factory"``; factory(seat, seed) -> Agent."""
    default_bot: ClassVar[str] = "random"
    search: ClassVar[Mapping[str, str]] = {}
    """The settings of the ``mcts`` agent that measured best in this ruleset (its options as
    the command line writes them: ``rollout``, ``prior``, ``depth``, ``c``...); the options
    a user gives override them (docs/bots.md)."""
    compiled: ClassVar[tuple[str, ...]] = ()
    """Its modules where games spend their time (dotted names: bots, rules steps), which
    ``rulekeeper compile`` compiles with mypyc (:mod:`rulekeeper.core.compiled`). They must
    stay plain typed Python mypyc accepts: no ``__dict__`` writes, no class with
    ``__slots__`` deriving from a class of another module, nothing patched at run time, and no
    reliance on a ``dict`` subclass's own methods through a value typed ``dict`` (a compiled
    ``d.get`` skips an overridden ``get``: type it ``Any`` where that matters, as
    ``copies.known`` does for a checkpoint's memo). A class is native there: its attributes
    are read at fixed places and its methods called directly, but it has no ``__dict__``,
    keeps the types of the attributes it inherits, and refuses a value of another type (so
    Dire Alliance's state types its table by a protocol, which mypyc does not check: a
    checkpoint's copy holds a placeholder there); a method with a decorator (``@cites``) is
    called through Python; a dataclass takes ``metaclass=ABCMeta``, not an ``ABC`` base, and
    ``abstractmethod`` refuses nothing. An interpreted subclass of a native class is refused
    unless the class is marked ``@mypyc_attr(allow_interpreted_subclasses=True)`` (the core's
    ``Game`` and ``Decision``). A class marked ``@mypyc_attr(native_class=False)``
    (Dire Alliance's ``DireTable``, deriving from the interpreted ``Table``) is an ordinary
    Python class with compiled methods: it may keep a ``__dict__``, narrow its base's
    attributes and derive from an interpreted class, but its attributes are read by name and
    its methods refuse the instances of an interpreted subclass. A
    compiled module makes its classes' annotations at import (their types imported at run
    time, a later class named by a string), and pydantic models stay in a module left out."""
    odds_questions: ClassVar[OddsQuestions | None] = None
    """Its odds questions (:mod:`rulekeeper.core.odds`), offered as ``rulekeeper odds``."""
    drawing: ClassVar[Drawing] = Drawing()
    """How its games are drawn (:mod:`rulekeeper.core.view`): its board, a seat's table,
    its sides' colours, its automation's event kinds; declared in its ``view.py``."""
    history: ClassVar[tuple[Change, ...]] = ()
    """The changes its versions made (:mod:`rulekeeper.core.versions`): the rulings that keep
    an older version's behaviour, and how its log differed. Empty: version 1 is the only one."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "rulings" in vars(cls):
            raise RulesetError(f"{cls.__name__} declares its rulings as ruling_set = a "
                            f"CoreRulings subclass, not as rulings")
        cls.rulings = cls.ruling_set.declared

    def __repr__(self) -> str:
        return f"<Ruleset {self.meta.id}>"

    def at_version(self, number: int) -> Ruleset[TableT]:
        """The ruleset as its version ``number`` plays: the same rules, with the options that
        version pinned as the rulings' defaults. An unknown version raises
        :class:`UsageError`."""
        if number == self.meta.version:
            return self
        if not self.history or not 1 <= number < self.meta.version:
            raise UsageError(f"{self.meta.name}-v{number} is not a version this rulekeeper "
                             f"knows; it has {self.meta.name}-v1 to {self.meta.id}")
        older = copy.copy(self)  # shares the content, messages and rule index already read
        for name in ("_made", "log_changes"):  # what depends on the version
            vars(older).pop(name, None)
        options = pinned(self.history, number)
        vars(older).update(meta=replace(self.meta, version=number), rulings=tuple(
            replace(r, default=options.get(r.id, r.default)) for r in self.rulings))
        return older

    def made(self, change: str) -> bool:
        """Whether this version of the ruleset has made the named change of its history (a
        version before it offers or tells the same rules the older way); a name the history
        does not declare raises :class:`RulesetError`."""
        made = self._made.get(change)
        if made is None:
            raise RulesetError(f"{self.meta.name} declares no change named {change!r}")
        return made

    @cached_property
    def _made(self) -> dict[str, bool]:
        return {c.name: c.version <= self.meta.version for c in self.history if c.name}

    @cached_property
    def log_changes(self) -> tuple[LogChange, ...]:
        """How this version's log differs from today's, newest change first (empty for
        today's version)."""
        return log_changes(self.history, self.meta.version)

    @abstractmethod
    def play(self, table: TableT) -> Procedure:
        """The whole game, from setup to the end, as a generator procedure."""

    def resume(self, table: TableT) -> Procedure:
        """The rest of a game from right after a ``table.checkpoint()`` call of its rules.

        ``table.state`` (a copy), the dice and the steps are as they were there; the
        procedure must go on exactly as :meth:`play` would have from that call. A ruleset
        that implements it makes its forks cost about a round, not a game.
        """
        raise RulesetError(f"{self.meta.id} cannot resume a game from its state")

    @cached_property
    def resumable(self) -> bool:
        """Whether the ruleset implements :meth:`resume`."""
        return type(self).resume is not Ruleset.resume

    def determinize(self, table: TableT, seat: str, rng: Rng) -> None:
        """Redraw, in place and with ``rng``, what ``seat`` cannot know (the opponent's
        hand, the order of a deck), consistently with what it has seen: a world a search
        for ``seat`` may imagine. The default: nothing is hidden."""

    def prepare(self, content: Any) -> Any:
        """What the rules need of the content, built once per content (indexes, compiled
        cards...); the game's ``table.prepared``."""
        return None

    def prepared(self, content: Any) -> Any:
        """:meth:`prepare` of this content, cached (for the contents used last)."""
        known = self._prepared.get(id(content))
        if known is None or known[0] is not content:
            known = (content, self.prepare(content))
            self._prepared.put(id(content), known)
        return known[1]

    @cached_property
    def _prepared(self) -> Lru[int, tuple[Any, Any]]:
        return Lru(items=CONTENTS_KEPT)  # a preparation per content kept

    def game_over(self, table: TableT, over: GameOver) -> Result:
        """The result of a game that ended by :class:`GameOver` (the rules', or the engine's
        work budget); a ruleset emits its closing event and adds its metrics here."""
        return Result(over.winner, over.reason, over.rounds or 0)

    engines: ClassVar[tuple[str, ...]] = ()
    """The engines this ruleset can play its games with, the default first (none: one; the
    lab's ``--engine``). Every engine gives the same games."""

    def use_engine(self, engine: str) -> None:
        """Play this process's games with ``engine``, one of :attr:`engines`."""
        raise UsageError(f"--engine: {self.meta.id} has one engine; --engine chooses among "
                         f"the engines of rulesets that have several")

    def warm_up(self, say: Callable[[str], None]) -> None:
        """Make now whatever this ruleset makes slowly the first time it is used (a compiled
        kernel), telling ``say`` what it does: what a server calls before it takes requests,
        so that no request waits for it. Nothing by default."""

    def play_many(self, content: Any, options: Any, rulings: Mapping[str, str],
                  seeds: Sequence[int]) -> list[Result] | None:
        """The results of games with these seeds (options and rulings as a game parses and
        resolves them), played together by the engine in use, faster than one by one;
        None when they are played one by one (a ruleset whose games ask decisions)."""
        return None

    def judge(self, table: TableT) -> str | None:
        """Who wins a game stopped by its work budget, by the rules' own count (the
        ``work-budget=judge`` ruling); None for a tie."""
        return None

    def evaluate(self, table: TableT) -> Mapping[str, float] | None:
        """A search's estimate, in a game it stopped before the end (``mcts``'s ``depth``),
        of each side's chance to win (0 to 1, by side name); None: score it by
        :meth:`judge`. Not a rule: it never changes a game."""
        return None

    @cached_property
    def rule_index(self) -> list[RuleEntry]:
        """Every rule of the ruleset's index, the engine's own rules included."""
        return load_rules((*self.rules_files, CORE_RULES))

    @cached_property
    def rule_book(self) -> RuleBook:
        """Its rules with the code that applies them (:attr:`code_paths`, and the engine)."""
        own = self.code_paths or (Path(inspect.getfile(type(self))).parent,)
        return RuleBook(self.rule_index, (*own, CORE_RULES.parent))

    def scenario_choices(self, content: Any) -> list[Choice]:
        """The scenarios this content offers, each its id and name (what a form lists); the
        first is the default."""
        return []

    def scenarios(self, content: Any) -> list[str]:
        """The scenario ids this content offers (:meth:`scenario_choices`'); the first is the
        default."""
        return [c.id for c in self.scenario_choices(content)]

    def seats(self, options: Any) -> tuple[str, ...]:
        """The seats of a game with these options."""
        return self.meta.players

    def sides(self, options: Any) -> tuple[str, ...]:
        """The names a winner can take: the seats, or sides such as ``heroes``/``enemies``."""
        return self.seats(options)

    def side_of(self, options: Any, seat: str) -> str:
        """The side ``seat`` plays: the seat itself when it is a side (``red``), else the
        first side that is no seat (every hero seat of a co-operative game plays
        ``heroes``). Rulesets list the players' side first among :meth:`sides`."""
        sides = self.sides(options)
        if seat in sides:
            return seat
        seats = self.seats(options)
        return next((side for side in sides if side not in seats), seat)

    def forfeit(self, table: TableT, seat: str) -> Result:
        """The result of a game ``seat`` forfeits (its clock ran out): its side loses, and
        the other side wins when there is only one (else nobody wins)."""
        side = self.side_of(table.options, seat)
        table.emit("clock.forfeit", "core.clock-expiry", seat=seat, side=side)
        return self.game_over(table, self._lost_by(table, side, "forfeit"))

    def resign(self, table: TableT, seat: str) -> Result:
        """The result of a game ``seat`` resigns: as a forfeit, its side loses, and the other
        side wins when there is only one (else nobody wins)."""
        side = self.side_of(table.options, seat)
        table.emit("resign", "core.resign", seat=seat, side=side)
        return self.game_over(table, self._lost_by(table, side, "resigned"))

    def _lost_by(self, table: TableT, side: str, reason: str) -> GameOver:
        """The end of a game ``side`` loses: the other side wins when there is only one."""
        others = [s for s in self.sides(table.options) if s != side]
        return GameOver(others[0] if len(others) == 1 else None, reason)

    def view(self, table: TableT, player: str | None) -> dict[str, Any]:
        """What ``player`` may know of the game (None: everything), as JSON-able data."""
        return {}

    def input_source(self, table: TableT) -> InputSource | None:
        """The source of outside inputs when the game was started without one (offline play)."""
        return None

    def script_faces(self, content: Any) -> tuple[frozenset[str], int] | None:
        """What a scripted die value (``--dice``) may be in this ruleset, checked at game start.

        Returns the face names of its custom dice (compared without case) and the largest
        number a die shows (or face index); None leaves the check to each roll.
        """
        return None

    def check_dice_script(self, content: Any, values: Sequence[ScriptValue]) -> None:
        """Refuse, before the game starts, a scripted value no die of this ruleset can show
        (:func:`~rulekeeper.core.rng.check_script` with its :meth:`script_faces`)."""
        check_script(values, self.script_faces(content), self.meta.id)

    def invariant_violations(self, table: TableT) -> list[str]:
        """What is wrong with the current state (lost cards, a figure in two areas...).

        Test games call this after every step; an empty list means the state is sound.
        """
        return []

    def render(self, view: Mapping[str, Any]) -> str:
        """A readable text picture of a view, for the terminal."""
        return ""

    def metric_words(self, name: str, lang: str) -> str | None:
        """A metric its games give per content item (``offered.black-shuck``), which no
        catalog can word by its id, in words in ``lang`` (*offered (Black Shuck)*); None
        for any other (the lab words it by the catalogs: ``lab.names.RulesetWords``)."""
        return None

    @cached_property
    def messages(self) -> Messages:
        return Messages({**CORE_TEMPLATES, **self.templates}, self.locale_dir,
                        versions.older_templates(self.history))

    @cached_property
    def library(self) -> Library:
        """Its content files and the contents loaded from them (:class:`Library`)."""
        return Library(ContentSet(self.content_model, self.content_dir), self.check_content,
                       self.sample_data)

    @property
    def content_set(self) -> ContentSet:
        """Its content files: their models, schemas and sample folder."""
        return self.library.files

    @property
    def archive_dir(self) -> Path:
        """Where every sample content the ruleset has shipped is kept, by digest
        (:mod:`rulekeeper.core.archive`): ``archive/`` beside the content folder."""
        return self.content_dir.parent / "archive"

    @cached_property
    def sample_digest(self) -> str:
        """The digest of the sample content's data (what a record names it by)."""
        return digest(self.content_set.raw()[0])

    def sample_data(self, sample: str | None) -> dict[str, Any] | None:
        """The data of the sample content ``sample`` (a digest) when it is not today's,
        from the archive; None for today's."""
        if sample is None or sample == self.sample_digest:
            return None
        return archive.read(self.archive_dir, sample)

    def load_content(self, user_dir: str | None = None,
                     sets: Mapping[str, Any] | None = None,
                     replace: bool = False, *, sample: str | None = None,
                     files: Mapping[str, Any] | None = None) -> tuple[BaseModel, str]:
        """The validated content and its digest (:meth:`Library.load`, kept once loaded).

        ``user_dir``'s files (or ``files``, a user's files as data) are laid over the
        sample's by item id, or with ``replace`` take the place of the sample's files.
        ``sample`` names by digest an archived sample to play instead of today's.
        """
        content, data_digest = self.library.load(user_dir, sets, replace, sample=sample,
                                                 files=files)
        return content, self.content_digest(data_digest)

    def content_digest(self, data_digest: str) -> str:
        """The digest a record names for content whose data has ``data_digest``: that one,
        unless the ruleset's games depend on more than its content files."""
        return data_digest

    def check_content(self, content: Any, user_dir: Path | None) -> None:
        """Checks across content files that the models cannot make (ids one file names
        in another...); raise :class:`ContentError` naming the file."""

    def parse_options(self, given: Mapping[str, Any] | None) -> BaseModel:
        """The setup options, validated; a bad one (a number not finite too) raises
        :class:`UsageError`."""
        try:
            options = self.options_model.model_validate(dict(given or {}))
        except ValidationError as error:
            first = error.errors()[0]
            fields = self.options_model.model_fields
            known = ", ".join("--" + f.replace("_", "-") for f in fields) or "none"
            name = ".".join(str(p) for p in first["loc"] if not _union_branch(p))
            flag = "--" + name.replace("_", "-")
            if first["type"] == "extra_forbidden":
                raise OptionError(f"{self.meta.id} has no option {flag}"
                                  f"{did_you_mean(name, fields)}; its options: {known}", name,
                                  f"{self.meta.id} has no such option"
                                  f"{did_you_mean(name, fields)}") from None
            message = first["msg"].removeprefix("Value error, ")
            if first["type"] == "finite_number":
                message = f"{first['input']!r} is not a finite number"
            elif first["type"] in BOUND_ERRORS:
                message = _range(fields.get(name)) or message
            where = f"option {flag}: " if name else "options: "
            raise OptionError(f"{where}{message} (options of {self.meta.id}: {known})", name,
                              message) from None
        for name, value in options.model_dump().items():
            if not _finite(value):
                raise OptionError(f"option --{name.replace('_', '-')}: {value!r} is not a finite "
                                  f"number", name, f"{value!r} is not a finite number")
        return options

    def option_choices(self, content: Any) -> Mapping[str, Sequence[Choice]]:
        """The values each setup option may take in this content, by option name (the
        factions, leaders, heroes, classes, teams it offers), for forms that list them; an
        option not named takes any value its model allows. A list option takes several."""
        return {}

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
