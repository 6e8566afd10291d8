"""Checkpoints: a game's state saved where its rules can go on from the state alone.

Procedures are generators, which cannot be copied. A ruleset that can continue a game
from its state (:meth:`~rulekeeper.core.ruleset.Ruleset.resume`) calls
``table.checkpoint()`` at such points (the start of a round, say); the game then keeps
the latest :class:`Checkpoint`, and a fork resumes from it and answers again only the
decisions made since, instead of re-running the whole game.

A checkpoint holds a deep copy of ``table.state``, the generator's state (scripted dice
included), the automated steps spent, and how many decisions, events and outside inputs
came before it. What every game shares is never copied: the content, what
:meth:`~rulekeeper.core.ruleset.Ruleset.prepare` made of it, and boards. Parts of the table
that the state refers to (the table itself, its generator, rulings, options, the ruleset, a
bound ``table.emit``) become the fork's own parts.
"""

from __future__ import annotations

import copy
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.core.errors import RulesetError
from rulekeeper.core.rng import RngState

if TYPE_CHECKING:
    from rulekeeper.core.events import Event
    from rulekeeper.core.ruleset import Table


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A game saved at a point its ruleset can resume from. Never changed once taken.

    Attributes:
        state: a copy of ``table.state``, with the table's own parts as placeholders.
        rng: where the game's generator stood.
        steps: automated steps spent so far.
        decisions: decisions answered before it.
        events: events logged before it (0 when the game logs nothing).
        inputs: outside inputs used before it.
    """

    state: Any
    rng: RngState
    steps: int
    decisions: int
    events: int
    inputs: int
    shared: dict[int, Any]
    """The objects every game shares that ``state`` refers to, by id (what a restore's copy
    keeps as they are: a plain dict, much faster to look up than all of them)."""

    def __reduce__(self) -> tuple[Any, ...]:
        # copied and pickled by its fields (compiled, a frozen class takes no state after)
        return Checkpoint, (self.state, self.rng, self.steps, self.decisions, self.events,
                            self.inputs, self.shared)


class _Part:
    """Stands, inside a checkpoint's copy of the state, for a part of the table."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<table part {self.name}>"

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        raise RulesetError(f"a checkpoint's placeholder for the table's {self.name} was copied "
                           f"without a table to stand for")


K = TypeVar("K")
V = TypeVar("V")


class Shared(dict[K, V]):
    """A dict a state fills while the game is set up and never changes after (names of
    cards, the content's cards a game uses, what a view shows of them): every copy of the
    state (a checkpoint's, a fork's, a search's world) shares it instead of copying it. A
    ruleset that changes one after its first checkpoint would change every copy, which
    ``tests/test_fork_every_ruleset.py`` (the source game untouched by its forks) would
    catch."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared[K, V]:
        return self


PARTS = ("rng", "rulings", "options", "inputs", "events", "ruleset")
"""The table's parts a state may refer to, which each game has its own of."""
_TABLE = _Part("table")
_PARTS = {name: _Part(name) for name in PARTS}

_ATOMIC = (type(None), bool, int, float, complex, str, bytes, type, range, types.FunctionType,
           types.BuiltinFunctionType, types.ModuleType, types.MethodType)


class _Memo(dict[int, Any]):
    """``copy.deepcopy``'s memo, falling back on a shared one of objects never copied; the
    shared objects it was asked for are kept in ``found``."""

    __slots__ = ("found", "shared")

    def __init__(self, shared: dict[int, Any]) -> None:
        super().__init__()
        self.shared = shared
        self.found: dict[int, Any] = {}

    def get(self, key: int, default: Any = None) -> Any:
        found = super().get(key, _Memo)
        if found is not _Memo:
            return found
        found = self.shared.get(key, _Memo)
        if found is _Memo:
            return default
        self.found[key] = found
        return found

    def __missing__(self, key: int) -> Any:
        found = self.found[key] = self.shared[key]
        return found


def shared_objects(roots: Iterable[Any]) -> dict[int, Any]:
    """Every object reachable from ``roots``, by id: what a copy of a state shares.

    >>> content = {"cards": [1, 2]}
    >>> state = {"deck": content["cards"], "hand": [3]}
    >>> copied = copy.deepcopy(state, _Memo(shared_objects([content])))
    >>> copied["deck"] is content["cards"], copied["hand"] is state["hand"]
    (True, False)
    """
    found: dict[int, Any] = {}
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if isinstance(obj, _ATOMIC) or id(obj) in found:
            continue
        found[id(obj)] = obj
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        else:
            stack.extend(getattr(obj, "__dict__", {}).values())
            for klass in type(obj).__mro__:
                for slot in getattr(klass, "__slots__", ()):
                    if slot not in ("__dict__", "__weakref__") and hasattr(obj, slot):
                        stack.append(getattr(obj, slot))
    return found


def take(table: Table, decisions: int) -> Checkpoint:
    """Save ``table`` after ``decisions`` answered decisions."""
    memo = _Memo(table_objects(table))
    memo[id(table)] = _TABLE
    for name in PARTS:
        part = getattr(table, name)
        if not isinstance(part, _ATOMIC):
            memo[id(part)] = _PARTS[name]
    try:
        state = copy.deepcopy(table.state, memo)
    except (TypeError, copy.Error) as error:
        raise RulesetError(f"{table.ruleset.meta.id} cannot save its state at a checkpoint: "
                           f"{error}") from None
    return Checkpoint(state, table.rng.snapshot(), table.steps, decisions,
                      len(table.events), len(table.inputs.used), memo.found)


def restore(checkpoint: Checkpoint, table: Table, events: Sequence[Event]) -> None:
    """Put a new game's ``table`` (of the same content, its generator made where the
    checkpoint's stood: ``Rng.at``) where ``checkpoint`` was taken; ``events`` are those of
    the game it was taken in (their first ones are kept when the table logs). The copy meets
    the shared objects the checkpoint's copy met: those."""
    memo = dict(checkpoint.shared)
    memo[id(_TABLE)] = table
    for name in PARTS:
        memo[id(_PARTS[name])] = getattr(table, name)
    state = checkpoint.state
    copier = getattr(type(state), "__deepcopy__", None)
    # a state that copies itself is asked at once: what copy.deepcopy would do, without
    # its dispatch and the memo's keep-alive list (the checkpoint keeps the state alive)
    table.state = copier(state, memo) if copier is not None else copy.deepcopy(state, memo)
    table.steps = checkpoint.steps
    if table.logging:
        table.events[:] = events[:checkpoint.events]
    table.inputs.used = table.inputs.known[:checkpoint.inputs]


_SHARED: dict[int, tuple[Any, dict[int, Any]]] = {}
KEPT = 8
"""How many contents' shared objects are remembered (the latest ones)."""


def table_objects(table: Table) -> dict[int, Any]:
    """:func:`shared_objects` of the table's content and what ``prepare`` made of it, found
    once per content."""
    known = _SHARED.get(id(table.content))
    if known is None or known[0] is not table.content:
        if len(_SHARED) >= KEPT:
            del _SHARED[next(iter(_SHARED))]
        found = shared_objects((table.content, table.prepared))
        known = _SHARED[id(table.content)] = (table.content, found)
    return known[1]
