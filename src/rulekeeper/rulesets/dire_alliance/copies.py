"""Copies of a table's state (a checkpoint's, a fork's, a search's world), made faster than
the general walk of ``copy.deepcopy``. (A module of its own so that the compiled build
compiles it: a search copies a state for every world it imagines.)"""

from __future__ import annotations

import copy
from types import MethodType
from typing import Any

from rulekeeper.core.entities import Measure
from rulekeeper.rulesets.dire_alliance.pieces import Fighter

VALUES = frozenset({str, int, float, bool, type(None), Measure})
"""The types of the values a table's containers hold, which copies share."""


def copy_fighters(fighters: dict[str, Fighter], memo: dict[int, Any]) -> dict[str, Fighter]:
    """A table's fighters copied first (``Tabletop.__deepcopy__``), by value, each one's
    copy recorded in ``memo`` so that every other reference to it (a hero, the villain)
    finds that copy."""
    out: dict[str, Fighter] = {}
    for key, fighter in fighters.items():
        out[key] = memo[id(fighter)] = fighter.__deepcopy__(memo)
    return out


def copy_occupants(occupants: dict[str, list[Fighter]],
                   fighters: dict[str, Fighter]) -> dict[str, list[Fighter]]:
    """The areas' occupants rebuilt from the copied ``fighters``."""
    return {area: [fighters[f.id] for f in group] for area, group in occupants.items()}


def copy_pieces(pieces: dict[str, Any], memo: dict[int, Any]) -> dict[str, Any]:
    """:func:`copied` of a dict of pieces that copy themselves (a table's play areas,
    objectives, sites, heroes: typed so), without asking what it holds: each piece's copy
    taken from ``memo`` or made and recorded there, and the dict's copy recorded too."""
    found = known(memo, pieces)
    if found is not None:
        return found
    out: dict[str, Any] = {key: copy_piece(piece, memo) for key, piece in pieces.items()}
    memo[id(pieces)] = out
    return out


def copy_piece(piece: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(piece, memo)`` of a piece that copies itself (``__deepcopy__``),
    without Python's dispatch: the copy ``memo`` holds, else one made and recorded there."""
    found = known(memo, piece)
    if found is None:
        found = memo[id(piece)] = piece.__deepcopy__(memo)
    return found


def known(memo: Any, value: object) -> Any:
    """The copy ``memo`` holds of ``value`` (None: none yet), looked up by the memo's own
    ``get``: a checkpoint's memo finds there what every copy shares (``checkpoints._Memo``),
    which a compiled lookup in a ``dict`` would not ask it (a plain ``dict``, a restore's
    memo, is looked up as one: the same answer without a call through Python)."""
    if type(memo) is dict:
        plain_memo: dict[int, Any] = memo
        return plain_memo.get(id(value))
    return memo.get(id(value))


def plain(value: object) -> bool:
    """A value copies share: one of ``VALUES``, or a tuple of them."""
    kind = type(value)
    if kind in VALUES:
        return True
    if kind is tuple:
        items: tuple[object, ...] = value  # type: ignore[assignment]
        return all(type(item) in VALUES for item in items)
    return False


def copied(value: Any, memo: dict[int, Any]) -> Any:
    """A copy of one attribute of a table, as ``copy.deepcopy(value, memo)`` makes it:
    a value (or a tuple of values) as it is; what ``memo`` already holds a copy of, that
    copy; a list or set of values shallowly; a dict (with values or tuples of values as
    keys) of values, or of dicts of values, shallowly, or of pieces that copy themselves
    (``__deepcopy__``) piece by piece, each copy recorded in ``memo`` so that another
    reference to it (a hero's piles) finds it; a piece by its ``__deepcopy__``; a bound
    method bound to the copy of its object; anything else deeply."""
    if plain(value):
        return value
    found = known(memo, value)
    if found is not None:
        return found
    kind = type(value)
    out: Any
    if kind is dict:
        out = copied_dict(value, memo)
        if out is None:
            return copy.deepcopy(value, memo)
    elif kind is list or kind is set:
        if not all(type(item) in VALUES for item in value):
            return copy.deepcopy(value, memo)
        out = kind(value)
    elif hasattr(kind, "__deepcopy__"):  # what copy.deepcopy would call, called at once
        out = value.__deepcopy__(memo)
    elif kind is MethodType:  # the table's own emit: bound to the copy's table
        out = MethodType(value.__func__, copied(value.__self__, memo))
    else:
        return copy.deepcopy(value, memo)
    memo[id(value)] = out
    return out


def copied_dict(value: dict[Any, Any], memo: dict[int, Any]) -> dict[Any, Any] | None:
    """:func:`copied` of a dict, or None when it holds anything else than its cases."""
    values_only = True
    dicts_only = True
    for key, item in value.items():
        if not plain(key):
            return None
        kind = type(item)
        if kind not in VALUES:
            values_only = False
        if kind is not dict:
            dicts_only = False
    if values_only:
        return dict(value)
    if dicts_only:
        inner: dict[Any, Any]
        for inner in value.values():
            for key, item in inner.items():
                if type(key) not in VALUES or type(item) not in VALUES:
                    return None
        return {key: dict(inner) for key, inner in value.items()}
    # whether every value copies itself, asked only now (a class as a value is kept as it is)
    if all(hasattr(type(item), "__deepcopy__") for item in value.values()):
        return {key: copy_piece(piece, memo) for key, piece in value.items()}
    return None
