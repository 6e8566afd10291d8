"""Matchup matrices: every contender against every contender, one batch per pair.

A contender is what one side brings: a cryptid team (options ``left`` and
``right``), a faction and its leader (``red_faction``, ``red_leader``
against ``blue_faction``, ``blue_leader``). The row contender plays the first
seat, the column contender the second, and each cell is the row's win rate. By
default the options of each side are found by name: those called after the
first seat (``left``, or starting with ``red_``) and their counterparts for the
second seat (``right``, ``blue_...``); failing that, options named after the
usual pairs ``left``/``right`` and ``red``/``blue``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.errors import OptionError, UsageError
from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.stats import Estimate
from rulekeeper.lab.sweep import Variant, apply

COUNTERPARTS = (("left", "right"), ("red", "blue"))


def side_fields(ruleset_id: str, options: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The options that choose the first seat's contender, and the second seat's."""
    ruleset = registry.load(ruleset_id)
    seats = ruleset.seats(ruleset.parse_options(options))
    fields = list(ruleset.options_model.model_fields)
    by_seat = [(seats[0], seats[1])] if len(seats) >= 2 else []
    for first, second in [*by_seat, *COUNTERPARTS]:
        row = [f for f in fields if f == first or f.startswith(first + "_")]
        column = [second + f[len(first):] for f in row]
        if row and all(f in fields for f in column):
            return row, column
    raise UsageError(f"cannot tell which options of {ruleset.meta.id} choose each side's "
                     f"contender; give --row and --col (options: {', '.join(fields) or 'none'})")


class ContenderError(UsageError):
    """A contender the ruleset refused. The message is the command line's; ``index`` (the
    contender's place in the list) and ``problem`` (the refusal without the command line's
    flags, nor its offer of a file) let the server say it of its request's field
    ``contenders`` (``contenders.1: no team 'x'...``), which the page marks."""

    def __init__(self, message: str, index: int, problem: str) -> None:
        super().__init__(message)
        self.index = index
        self.problem = problem

    @property
    def field(self) -> str:
        return f"contenders.{self.index}"


@dataclass(frozen=True)
class Matchup:
    """Contenders and the options that seat them: row options for the first seat."""

    row_fields: tuple[str, ...]
    column_fields: tuple[str, ...]
    contenders: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.row_fields) != len(self.column_fields) or not self.row_fields:
            raise UsageError("--row and --col must name as many options as each other")
        if len(self.contenders) < 2:
            raise UsageError("a matchup needs at least two contenders, one for each side of a game")
        for contender in self.contenders:
            self.values(contender)

    def values(self, contender: str) -> list[str]:
        """A contender's option values: ``shroud:countess`` for two options, else the whole text.

        Values stay text (team ids, file paths); the ruleset's options model converts them.

        >>> Matchup(("red_faction", "red_leader"), ("blue_faction", "blue_leader"),
        ...         ("shroud:countess", "grievers:butcher")).values("shroud:countess")
        ['shroud', 'countess']
        """
        parts = contender.split(":") if len(self.row_fields) > 1 else [contender]
        if len(parts) != len(self.row_fields):
            raise UsageError(f"contender {contender!r} should give {len(self.row_fields)} values "
                             f"separated by ':' ({':'.join(self.row_fields)})")
        return parts

    def variants(self, base: BatchSpec) -> list[Variant]:
        """One variant per (row, column) pair, row by row."""
        out = []
        for row in self.contenders:
            for column in self.contenders:
                params = {f"option:{f}": v for f, v in zip(self.row_fields, self.values(row),
                                                            strict=True)}
                params |= {f"option:{f}": v for f, v in zip(self.column_fields,
                                                             self.values(column), strict=True)}
                out.append(Variant(f"{row} vs {column}", params, apply(base, params)))
        return out

    def blamed(self, cell: int, error: UsageError,
               setup_fine: Callable[[], bool]) -> UsageError:
        """The refusal of pairing ``cell`` (in :meth:`variants` order, checked the first time
        one of its contenders plays: the first row against each, each against the first
        column) said of the contender it is about: the one an option refused seats, or,
        when the setup without contenders is fine (``setup_fine``), the newcomer of the
        pairing. Else the error as it is.

        >>> m = Matchup(("left",), ("right",), ("a", "b", "c"))
        >>> m.blamed(2, OptionError("--right: no team 'c'", "right", "no team 'c'"),
        ...          lambda: True).field
        'contenders.2'
        >>> m.blamed(3, UsageError("unknown faction 'b'"), lambda: True).field
        'contenders.1'
        """
        row, column = divmod(cell, len(self.contenders))
        if isinstance(error, OptionError) and error.option in self.row_fields:
            index = row
        elif isinstance(error, OptionError) and error.option in self.column_fields:
            index = column
        elif not isinstance(error, OptionError | ContenderError) and setup_fine():
            index = column if row == 0 else row
        else:
            return error
        problem = error.problem if isinstance(error, OptionError) else str(error)
        return ContenderError(str(error), index, problem)

    def matrix(self, cells: Sequence[Estimate]) -> list[list[Estimate]]:
        """The row side's win rate of every pairing (in :meth:`variants` order), as rows."""
        n = len(self.contenders)
        return [list(cells[i * n:(i + 1) * n]) for i in range(n)]
