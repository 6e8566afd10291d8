"""The table a game of combat-encounter is played on, typed: what every procedure receives."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.ruleset import Table
from rulekeeper.rulesets.combat_encounter.catalog import Catalog
from rulekeeper.rulesets.combat_encounter.models import CombatContent
from rulekeeper.rulesets.combat_encounter.options import CombatOptions
from rulekeeper.rulesets.combat_encounter.rulings import CombatRulings
from rulekeeper.rulesets.combat_encounter.state import State


class CombatTable(Table):
    """A game's dice, log, rulings and options, its :class:`State` and the content's
    :class:`Catalog` (``prepared``)."""

    __slots__ = ()
    state: State
    content: CombatContent
    options: CombatOptions
    prepared: Catalog
    rulings: CombatRulings


def emit_where(table: CombatTable, seat: str, kind: str, rule: str, unseen: str, secret: str,
               **data: Any) -> None:
    """An event that tells where ``seat`` is (``data[secret]``: its Room, or what is in it).

    While ``seat`` is Hidden only ``seat`` sees it; the other seats see the event
    ``unseen`` instead, without ``secret``.
    """
    if not table.logging:
        return
    if "hidden" not in table.state.player(seat).statuses:
        table.emit(kind, rule, **data)
        return
    table.emit(kind, rule, to=(seat,), **data)
    table.emit(unseen, rule, to=tuple(s for s in table.seats if s != seat),
               **{key: value for key, value in data.items() if key != secret})
