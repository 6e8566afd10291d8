"""Targeting and the threat order.

"Une capacité qui touche un seul ennemi cible le cryptide à la menace la plus
élevée. Si deux cibles ont la même menace, celle la plus à gauche est touchée."
Abilities that target by another rule name it (``target:`` in their declaration).
Every choice is explained by an event naming the candidates and the tie-break.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids.battle import Battle, Fighter


def highest_threat(candidates: list[Fighter]) -> Fighter | None:
    """The candidate with the highest threat, the leftmost on a tie (candidates left to right)."""
    best = None
    for fighter in candidates:
        if best is None or fighter.threat > best.threat:
            best = fighter
    return best


def lowest_hp(candidates: list[Fighter], by_threat: bool) -> Fighter | None:
    """The candidate with the lowest HP (candidates left to right).

    A tie goes to the highest threat then the leftmost (ruling lowest-hp-tie
    ``threat``), or to the leftmost (``leftmost``).
    """
    best = None
    for fighter in candidates:
        if best is None or fighter.hp < best.hp or (
                by_threat and fighter.hp == best.hp and fighter.threat > best.threat):
            best = fighter
    return best


def names(fighters: list[Fighter]) -> list[Any]:
    return [f.label for f in fighters]


def _by_position(entry: tuple[Any, ...]) -> tuple[int, int, int]:
    return -entry[0].threat, entry[0].pos, entry[0].side


def _by_side(entry: tuple[Any, ...]) -> tuple[int, int, int]:
    return -entry[0].threat, entry[0].side, entry[0].pos


def order(battle: Battle, entries: list[Any], rule: str) -> list[Any]:
    """Entries ``(fighter, ...)`` in threat order, highest first, across both boards.

    On one board, equal threat goes to the leftmost. Across boards, ruling
    tie-order: ``position`` (leftmost position first, then a seeded coin flip),
    ``coin`` (a seeded coin flip) or ``left-first`` (the left side first).
    """
    if len(entries) == 2:  # the common case, without sorting
        a, b = entries[0][0], entries[1][0]
        if a.threat != b.threat:
            return entries if a.threat > b.threat else [entries[1], entries[0]]
        if a.side == b.side:
            return entries if a.pos <= b.pos else [entries[1], entries[0]]
    elif len(entries) < 2:
        return entries
    tie = battle.rulings.tie_order
    entries.sort(key=_by_position if tie == "position" else _by_side)
    if tie == "left-first":
        return entries
    coin = tie == "coin"
    for i in range(len(entries) - 1):  # most orders have no tie between the boards
        a, b = entries[i][0], entries[i + 1][0]
        if a.threat == b.threat and a.side != b.side and (coin or a.pos == b.pos):
            break
    else:
        return entries
    out: list[Any] = []
    i = 0
    while i < len(entries):
        first = entries[i][0]
        j = i + 1
        while j < len(entries) and entries[j][0].threat == first.threat and (
                coin or entries[j][0].pos == first.pos):
            j += 1
        group = entries[i:j]
        sides = {e[0].side for e in group}
        if len(sides) == 2:
            right_first = battle.rng.coin()
            ahead = [e for e in group if e[0].side == (1 if right_first else 0)]
            behind = [e for e in group if e[0].side != (1 if right_first else 0)]
            group = ahead + behind
            if battle.log:
                battle.emit("order.coin", "ruling.tie-order", tied=names([e[0] for e in group]),
                            threat=first.threat, first=group[0][0].label)
        out.extend(group)
        i = j
    return out
