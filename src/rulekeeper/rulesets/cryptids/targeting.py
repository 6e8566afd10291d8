"""Targeting and the threat order ("Menace et ciblage").

"Une capacité qui touche un seul ennemi cible le cryptide à la menace la plus
élevée. Si deux cibles ont la même menace, celle la plus à gauche est touchée."
Abilities that target by another rule name it (``target:`` in their declaration).
Every choice is explained by an event naming the candidates and the tie-break.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids.board import Field, Fighter
from rulekeeper.rulesets.cryptids.messages import names
from rulekeeper.rulesets.cryptids.rulings import (
    HealAtZero,
    LowestHpTie,
    TieOrder,
    ZeroHpTarget,
)

# Options compared on the hot path, bound once: on Python 3.11 reading an enumeration's member
# (``TieOrder.COIN``) goes through ``EnumType.__getattr__`` and costs about 0.4 µs.
_SKIP = ZeroHpTarget.SKIP
_BY_THREAT = LowestHpTie.THREAT
_HEALED = HealAtZero.YES
_POSITION = TieOrder.POSITION
_LEFT_FIRST = TieOrder.LEFT_FIRST
_COIN = TieOrder.COIN


def standing(fighters: list[Fighter], zeroes: bool) -> list[Fighter]:
    """The cryptids an effect may reach: those above 0 HP when some fell this roll
    (``zeroes``: else every cryptid on the board lives, and the row itself is returned)."""
    return [f for f in fighters if f.hp > 0] if zeroes else fighters


@cites("ruling.zero-hp-target")
def foes(battle: Field, actor: Fighter) -> list[Fighter]:
    """The enemies an effect may reach: at 0 HP (still on the board) only under ruling
    zero-hp-target ``allow``."""
    return standing(battle.rows[1 - actor.side],
                    battle.zeroes and battle.rulings.zero_hp_target is _SKIP)


@cites("targeting.single.highest-threat", "targeting.single.tie-leftmost")
def highest_threat(candidates: list[Fighter]) -> Fighter | None:
    """The candidate with the highest threat, the leftmost on a tie (candidates left to right)."""
    best = None
    for fighter in candidates:
        if best is None or fighter.threat > best.threat:
            best = fighter
    return best


@cites("ruling.lowest-hp-tie")
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


def default_target(battle: Field, actor: Fighter) -> Fighter | None:
    """The enemy a single-target ability hits: the highest threat, the leftmost on a tie."""
    return highest_threat(foes(battle, actor))


def aimed(battle: Field, actor: Fighter, target: Fighter, candidates: list[Fighter]) -> None:
    """Tell the default target: the highest threat, and the leftmost when several share it."""
    emit = battle.emit
    assert emit is not None
    tied = [f for f in candidates if f.threat == target.threat]
    if len(tied) > 1:
        emit("target.threat-tie", "targeting.single.tie-leftmost", who=actor.label,
             target=target.label, threat=target.threat, tied=names(tied))
    else:
        emit("target.threat", "targeting.single.highest-threat", who=actor.label,
             target=target.label, threat=target.threat)


def no_target(battle: Field, actor: Fighter, rule: str) -> None:
    """Tell that an effect finds no target (it does nothing)."""
    if battle.emit is not None:
        battle.emit("target.none", rule, who=actor.label)


@cites("targeting.override.a")
def enemies(battle: Field, actor: Fighter, selector: str, other: Fighter | None,
            rule: str) -> list[Fighter]:
    """The enemies an effect hits by its target rule, each choice explained."""
    candidates = foes(battle, actor)
    if not candidates:
        no_target(battle, actor, rule)
        return []
    emit = battle.emit
    if selector == "threat" or selector == "adjacent":
        target = highest_threat(candidates)
        assert target is not None
        if emit is not None:
            aimed(battle, actor, target, candidates)
        if selector == "threat":
            return [target]
        hit = [f for f in candidates if abs(f.pos - target.pos) <= 1]
        if emit is not None:
            emit("target.adjacent", "targeting.override.a", who=actor.label, targets=names(hit))
        return hit
    if selector == "lowest-hp":
        by_threat = battle.rulings.lowest_hp_tie is _BY_THREAT
        target = lowest_hp(candidates, by_threat)
        assert target is not None
        if emit is not None:
            tied = [f for f in candidates if f.hp == target.hp]
            if len(tied) > 1:
                emit("target.lowest-hp-tie." + ("threat" if by_threat else "leftmost"),
                     "ruling.lowest-hp-tie", who=actor.label, target=target.label,
                     hp=target.hp, tied=names(tied))
            else:
                emit("target.lowest-hp", "targeting.override.b", who=actor.label,
                     target=target.label, hp=target.hp)
        return [target]
    if selector == "all-enemies":
        if emit is not None:
            emit("target.all", "targeting.override.a", who=actor.label,
                 targets=names(candidates))
        return list(candidates)
    if selector == "random-enemy":
        target = candidates[battle.rng.below(len(candidates))]
        if emit is not None:
            emit("target.random", "targeting.override.a", who=actor.label,
                 target=target.label, candidates=names(candidates))
        return [target]
    # attacker: the cryptid whose ability dealt the damage this reaction answers
    if other is not None and not other.gone and other in candidates:
        if emit is not None:
            emit("target.attacker", "targeting.override.a", who=actor.label,
                 target=other.label)
        return [other]
    no_target(battle, actor, rule)
    return []


@cites("ruling.heal-at-zero")
def allies(battle: Field, actor: Fighter, selector: str, other: Fighter | None,
           rule: str) -> list[Fighter]:
    """The cryptids of the actor's own side an effect reaches (the actor included), at
    0 HP only under ruling heal-at-zero ``yes``."""
    at_zero = battle.rulings.heal_at_zero is _HEALED
    if selector == "self" or selector == "that-ally":
        reached = actor if selector == "self" else other
        if reached is not None and not reached.gone and (reached.hp > 0 or at_zero):
            return [reached]
        no_target(battle, actor, rule)
        return []
    candidates = standing(battle.rows[actor.side], battle.zeroes and not at_zero)
    if selector == "all-allies":
        found = list(candidates)
    elif selector == "adjacent-allies":
        near = (actor.pos - 1, actor.pos) if actor.gone else (actor.pos - 1, actor.pos + 1)
        found = [f for f in candidates if f.pos in near]
    else:  # lowest-hp-ally
        target = lowest_hp(candidates, battle.rulings.lowest_hp_tie is _BY_THREAT)
        if target is None:
            found = []
        else:
            found = [target]
            if battle.emit is not None:
                battle.emit("target.lowest-hp-ally", "targeting.override.a", who=actor.label,
                            target=target.label, hp=target.hp)
    if not found:
        no_target(battle, actor, rule)
    return found


def _by_position(entry: tuple[Any, ...]) -> tuple[int, int, int]:
    return -entry[0].threat, entry[0].pos, entry[0].side


def _by_side(entry: tuple[Any, ...]) -> tuple[int, int, int]:
    return -entry[0].threat, entry[0].side, entry[0].pos


@cites("threat.order")
def order(battle: Field, entries: list[Any]) -> list[Any]:
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
    ties = battle.rulings.tie_order
    entries.sort(key=_by_position if ties is _POSITION else _by_side)
    if ties is _LEFT_FIRST:
        return entries
    return _coin_flips(battle, entries, ties is _COIN)


@cites("ruling.tie-order")
def _coin_flips(battle: Field, entries: list[Any], coin: bool) -> list[Any]:
    """Entries sorted by threat, with each group of equal threat on both boards (and, unless
    ``coin``, the same position) ordered by a seeded coin flip: which side acts first."""
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
            if battle.emit is not None:
                battle.emit("order.coin", "ruling.tie-order", tied=names([e[0] for e in group]),
                            threat=first.threat, first=group[0][0].label)
        out.extend(group)
        i = j
    return out
