"""Rulings: named answers to the points a rule text leaves open.

Each ruleset declares its rulings with their options and default; the rulings in
force are part of a game's record, and the lab can sweep them. A ruleset declares
them as a :class:`RulingSet`, whose fields are enumerations of the options, so that
the rules compare against enumeration members (``rulings.overheal is Overheal.ALLOW``)
and a misspelt option is an error, never a silently false comparison.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from rulekeeper.core.errors import UsageError


@dataclass(frozen=True)
class Ruling:
    """A point the text leaves open.

    Attributes:
        id: stable id, e.g. ``"combat-die"``.
        question: what the text does not say.
        options: the answers rulekeeper implements.
        default: the answer used unless another is chosen.
    """

    id: str
    question: str
    options: tuple[str, ...]
    default: str

    def __post_init__(self) -> None:
        if self.default not in self.options:
            raise ValueError(f"ruling {self.id}: default {self.default!r} is not an option")


@dataclass(frozen=True)
class _Declared:
    question: str
    default: StrEnum


def ruling(question: str, default: StrEnum) -> Any:
    """Declare a field of a :class:`RulingSet`: its question and default option.

    The field's type is the enumeration of its options (the default's type); its id is
    the field name with dashes (``tie_order`` is the ruling ``tie-order``).
    """
    if not isinstance(default, StrEnum):
        raise TypeError(f"ruling {question!r}: the default must be a member of a StrEnum of "
                        f"the options, not {default!r}")
    return _Declared(question, default)


class RulingSet(Mapping[str, str]):
    """The rulings in force in one game: typed fields, and a mapping of id to option.

    >>> class Overheal(StrEnum):
    ...     CAP = "cap"
    ...     ALLOW = "allow"
    >>> class Rulings(RulingSet):
    ...     overheal: Overheal = ruling("Can healing raise HP above the maximum?", Overheal.CAP)
    >>> [(r.id, r.options, r.default) for r in Rulings.declared]
    [('overheal', ('cap', 'allow'), 'cap')]
    >>> rulings = Rulings({"overheal": "allow"})
    >>> rulings.consulted, rulings.chosen
    (frozenset(), {'overheal': 'allow'})
    >>> rulings.overheal is Overheal.ALLOW, rulings["overheal"], rulings.consulted
    (True, 'allow', frozenset({'overheal'}))

    A set records which rulings were read (:attr:`consulted`), as a field or by id: a game
    that never read ruling R plays the same under every option of R (the same seed and
    content), which the lab uses to reuse games (``rulekeeper report``). Iterating over
    the ids reads no option; :attr:`chosen` reads them all without counting, for what only
    shows or records the rulings (a view, a record), never for what decides play.
    """

    declared: ClassVar[tuple[Ruling, ...]] = ()
    """The rulings of the set, in the order of the fields."""
    _fields: ClassVar[dict[str, tuple[str, dict[str, StrEnum]]]] = {}
    """Field name -> its ruling id and its options' members by value."""
    _RESERVED: ClassVar[frozenset[str]] = frozenset({"chosen", "consulted", "declared",
                                                     "report_to"})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = list(cls.declared)
        fields = dict(cls._fields)
        for name, value in list(vars(cls).items()):
            if not isinstance(value, _Declared):
                continue
            if name in RulingSet._RESERVED or name.startswith("_"):
                raise TypeError(f"ruling field {name!r}: the name is taken by RulingSet")
            options = type(value.default)  # the field's type: the enumeration of its options
            ruling_id = name.replace("_", "-")
            declared.append(Ruling(ruling_id, value.question, tuple(o.value for o in options),
                                   value.default.value))
            fields[name] = (ruling_id, {o.value: o for o in options})
            delattr(cls, name)
        cls.declared = tuple(declared)
        cls._fields = fields

    def __init__(self, chosen: Mapping[str, str]) -> None:
        if type(chosen) is type(self):  # a fork's: every ruling there, checked already
            object.__setattr__(self, "_chosen", chosen.chosen)
            object.__setattr__(self, "_consulted", set())
            return
        values = chosen.chosen if isinstance(chosen, RulingSet) else dict(chosen)
        for ruling_ in self.declared:
            if values.setdefault(ruling_.id, ruling_.default) not in ruling_.options:
                raise ValueError(f"ruling {ruling_.id} has no option {values[ruling_.id]!r}")
        object.__setattr__(self, "_chosen", values)
        object.__setattr__(self, "_consulted", set())

    def __getattr__(self, name: str) -> Any:
        """A field (only asked when the instance does not hold it yet): the option, typed,
        recorded as consulted, then kept on the instance so later reads cost nothing."""
        field_ = type(self)._fields.get(name)
        if field_ is None:
            raise AttributeError(f"{type(self).__name__} has no ruling {name!r}")
        ruling_id, members = field_
        value = members[self.__dict__["_chosen"][ruling_id]]
        self.__dict__["_consulted"].add(ruling_id)
        object.__setattr__(self, name, value)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("the rulings of a game do not change")

    def __getitem__(self, ruling_id: str) -> str:
        chosen: dict[str, str] = self.__dict__["_chosen"]
        option = chosen[ruling_id]
        self.__dict__["_consulted"].add(ruling_id)
        return option

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dict__["_chosen"])

    def __len__(self) -> int:
        return len(self.__dict__["_chosen"])

    @property
    def chosen(self) -> dict[str, str]:
        """A copy of the options in force, id to option, read without being consulted."""
        return dict(self.__dict__["_chosen"])

    @property
    def consulted(self) -> frozenset[str]:
        """The ids of the rulings read so far (by this set and the sets reporting to it)."""
        return frozenset(self.__dict__["_consulted"])

    def report_to(self, other: RulingSet) -> None:
        """Count this set's reads, past and to come, as ``other``'s: a game's fork (a bot's
        search, a rerun) reads for the game it came from. (A fork's table shares its game's
        set itself: ``Table.resumed``.)"""
        if other is self:
            return
        shared: set[str] = other.__dict__["_consulted"]
        shared |= self.__dict__["_consulted"]
        object.__setattr__(self, "_consulted", shared)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.chosen!r})"


class WorkBudget(StrEnum):
    TIE = "tie"
    JUDGE = "judge"


class CoreRulings(RulingSet):
    """The rulings every ruleset has."""

    work_budget: WorkBudget = ruling(
        "A game reaches its work budget (decisions or automated steps): how does it end?",
        WorkBudget.TIE)


class ClockExpiry(StrEnum):
    BOT = "bot"
    FORFEIT = "forfeit"


CLOCK_EXPIRY = Ruling(
    "clock-expiry", "A seat's turn clock runs out (a game played with a clock): what happens?",
    tuple(ClockExpiry), ClockExpiry.BOT)
"""The ruling a game with turn clocks is created with (the service's clocks): the seat's
bot decides for it, or its side forfeits the game. Each expiry is an outside input of
the game's record that carries the ruling (``Game.expire``)."""


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A ``" (did you mean 'x'?)"`` suffix when a close match exists, else ``""``.

    >>> did_you_mean("cryptid", ["cryptids-v1", "enemy-attacks-v1"])
    " (did you mean 'cryptids-v1'?)"
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def resolve(declared: Iterable[Ruling], chosen: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every declared ruling's option in force: the chosen ones, else the defaults.

    An unknown ruling or option raises :class:`UsageError`.
    """
    table = {r.id: r for r in declared}
    rulings = {r.id: r.default for r in table.values()}
    for key, value in (chosen or {}).items():
        if key not in table:
            known = ", ".join(sorted(table)) or "none"
            raise UsageError(f"unknown ruling {key!r}{did_you_mean(key, table)}; rulings: {known}")
        if value not in table[key].options:
            raise UsageError(
                f"ruling {key!r} has no option {value!r}{did_you_mean(value, table[key].options)};"
                f" options: {', '.join(table[key].options)}"
            )
        rulings[key] = value
    return rulings


def parse_assignments(items: Iterable[str], what: str = "--ruling") -> dict[str, str]:
    """Parse ``id=option`` arguments.

    >>> parse_assignments(["combat-die=default", "hard=on"])
    {'combat-die': 'default', 'hard': 'on'}
    """
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"{what} expects id=value, got {item!r}")
        if key.strip() in out:
            raise UsageError(f"{what} {key.strip()} is given twice")
        out[key.strip()] = value.strip()
    return out
