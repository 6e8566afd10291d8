"""Asking a player to choose: ``Tabletop.ask``'s generator. (A module of its own so that the
compiled build compiles it: every decision of a game, and every option, passes here.)"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.ruleset import Asks

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.pieces import Fighter


class Asking(Protocol):
    """A table that says whom its pending decision is for (``Tabletop.asking``)."""

    asking: tuple[str | None, str | None]


def ask(t: Asking, seat: str, kind: str, pairs: Iterable[tuple[str, str]], rule: str,
        prompt: str, actor: Fighter | None, about: Fighter | None) -> Asks[str]:
    """Ask ``seat`` to choose among ``pairs`` (id, label); a single option is taken without
    asking. The table's ``asking`` names ``actor`` and ``about`` while the decision waits."""
    offered = options(pairs)
    if len(offered) == 1:
        return offered[0].id
    t.asking = (actor.id if actor else None, about.id if about else None)
    answer = yield Decision(seat, kind, offered, rule, prompt)
    t.asking = (None, None)
    return answer
