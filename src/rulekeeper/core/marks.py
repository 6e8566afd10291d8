"""The marks code leaves for the rule index: :func:`cites`, compiled with the core (a rule
step calls it on a hot path, where a Python frame a call would cost a search)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def cites(*rule_ids: str) -> Callable[[T], T]:
    """Mark the code that applies a rule which emits no event (a guard, a filter).

    It does nothing when it runs; :func:`rulekeeper.core.rules_index.find_code_sites` finds
    the ids written in it. Written as a decorator, it marks a whole function or class and
    costs nothing per call, but the compiled build calls a decorated method through Python's
    protocol, so a hot method of a compiled class is cited beside its class instead:

    >>> cites("duel.reveal.higher")  # doctest: +ELLIPSIS
    <...>
    >>> @cites("duel.order")
    ... def order(): return 1
    >>> order()
    1
    """
    return _unchanged


def _unchanged(marked: T) -> T:
    return marked
