"""The terminal picture of a Dire Alliance view, for both modes: the board as one line per
area (its letter, name, the areas it borders and the areas it sees, by letter, then what
stands there), and wrapped lists, all within 78 columns so that an 80-column terminal never
folds a line."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from string import ascii_uppercase
from typing import Any

WIDTH = 76
"""The widest line of a picture (the terminal's frame takes four more columns)."""


def letters(ids: Sequence[str]) -> dict[str, str]:
    """A short name per area, in board order: A, B, ... Z, AA, AB...

    >>> letters(["camp", "mill", "bog"])
    {'camp': 'A', 'mill': 'B', 'bog': 'C'}
    """
    out: dict[str, str] = {}
    for index, area in enumerate(ids):
        first, last = divmod(index, len(ascii_uppercase))
        out[area] = (ascii_uppercase[first - 1] if first else "") + ascii_uppercase[last]
    return out


def wrapped(head: str, items: Sequence[str], indent: int = 2, sep: str = "; ") -> list[str]:
    """``head`` and the ``items`` joined by ``sep``, in lines of at most :data:`WIDTH`: a line
    breaks only between items (a long item alone on its line is broken at its spaces), the
    next line starts under ``indent``.

    >>> wrapped("red: ", ["Empyreal 3/1/2", "The Countess 3/1/2"], 4, ", ")
    ['red: Empyreal 3/1/2, The Countess 3/1/2']
    """
    lines, line = [], head
    pieces = [item + (sep if i < len(items) - 1 else "") for i, item in enumerate(items)]
    for piece in pieces:
        if len(line) + len(piece.rstrip()) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = " " * indent
        line += piece
    lines.append(line.rstrip())
    return [part.rstrip() for long in lines for part in (
        textwrap.wrap(long, WIDTH, subsequent_indent=" " * indent, drop_whitespace=False)
        if len(long) > WIDTH else [long])]


def groups(*parts: Sequence[str]) -> list[str]:
    """Items of several groups, for :func:`wrapped` with ``sep=" "``: commas within a group,
    semicolons between groups.

    >>> groups(["red A", "B"], ["blue C"], [])
    ['red A,', 'B;', 'blue C']
    """
    kept = [list(p) for p in parts if p]
    out: list[str] = []
    for number, group in enumerate(kept):
        out += [item + "," for item in group[:-1]]
        out.append(group[-1] + (";" if number < len(kept) - 1 else ""))
    return out


def board(areas: Sequence[Mapping[str, Any]], contents: Mapping[str, list[str]]) -> list[str]:
    """One line per area (more when what stands there is long): letter, name, the letters of
    the areas it borders and of those it sees (from its line-of-sight designator), and the
    ``contents`` of the area (items from :func:`groups`)."""
    short = letters([a["id"] for a in areas])
    name_width = min(max(len(a["name"]) for a in areas), 14)
    borders = {a["id"]: "".join(sorted(short[n] for n in a["neighbours"])) for a in areas}
    sees = {a["id"]: "".join(sorted(short[n] for n in a["sees"])) or "-" for a in areas}
    border_width = max(len("borders"), *(len(b) for b in borders.values()))
    sees_width = max(len("sees"), *(len(s) for s in sees.values()))
    column = 3 + name_width + 1 + border_width + 1 + sees_width + 1
    lines = [f"{'':>3}{'area':<{name_width}} {'borders':<{border_width}} "
             f"{'sees':<{sees_width}} what stands there"]
    for area in areas:
        head = (f"{short[area['id']]:>2} {area['name'][:name_width]:<{name_width}} "
                f"{borders[area['id']]:<{border_width}} {sees[area['id']]:<{sees_width}} ")
        lines += wrapped(head, contents.get(area["id"]) or ["-"], column, " ")
    return lines


def cards(names: Mapping[str, str], ids: list[str]) -> str:
    """``"Empyreal x2, Dread"`` (or ``"none"``)."""
    counted = Counter(names.get(c, c) for c in ids)
    return ", ".join(f"{n} x{k}" if k > 1 else n for n, k in sorted(counted.items())) or "none"
