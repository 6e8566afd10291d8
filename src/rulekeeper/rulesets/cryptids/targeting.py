"""Targeting and the threat order ("Menace et ciblage").

"Une capacité qui touche un seul ennemi cible le cryptide à la menace la plus
élevée. Si deux cibles ont la même menace, celle la plus à gauche est touchée."
Abilities that target by another rule name it (``target:`` in their declaration).
Every choice is explained by an event naming the candidates and the tie-break.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.core.rules_index import cites

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids.battle import Battle
    from rulekeeper.rulesets.cryptids.board import Fighter


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


def default_target(battle: Battle, actor: Fighter) -> Fighter | None:
    """The enemy a single-target ability hits: the highest threat, the leftmost on a tie
    (targeting.single.highest-threat, targeting.single.tie-leftmost), among enemies above
    0 HP unless ruling zero-hp-target allows them."""
    best = None
    anyone = not battle.zeroes or battle.rulings.zero_hp_targets
    for foe in battle.rows[1 - actor.side]:
        if (anyone or foe.hp > 0) and (best is None or foe.threat > best.threat):
            best = foe
    return best


def enemies(battle: Battle, actor: Fighter, selector: str, other: Fighter | None,
            rule: str) -> list[Fighter]:
    """The enemies an effect hits by its target rule (targeting.override.a), each choice
    explained."""
    log = battle.log
    if selector == "threat":
        target = default_target(battle, actor)
        if target is None:
            log.no_target(actor, rule)
            return []
        log.aim_threat(actor, target)
        return [target]
    foes = battle.rows[1 - actor.side]
    if battle.zeroes and not battle.rulings.zero_hp_targets:
        candidates = [f for f in foes if f.hp > 0]
    else:
        candidates = foes
    if not candidates:
        log.no_target(actor, rule)
        return []
    if selector == "adjacent":
        target = highest_threat(candidates)
        assert target is not None
        log.aim_threat(actor, target)
        hit = [f for f in foes if abs(f.pos - target.pos) <= 1 and f in candidates]
        log.aim_adjacent(actor, hit)
        return hit
    if selector == "lowest-hp":
        target = lowest_hp(candidates, battle.rulings.lowest_hp_by_threat)
        assert target is not None
        log.aim_lowest(actor, target, candidates)
        return [target]
    if selector == "all-enemies":
        log.aim_all(actor, candidates)
        return list(candidates)
    if selector == "random-enemy":
        target = candidates[battle.rng.below(len(candidates))]
        log.aim_random(actor, target, candidates)
        return [target]
    # attacker: the cryptid whose ability dealt the damage this reaction answers
    if other is not None and not other.gone and other in candidates:
        log.aim_attacker(actor, other)
        return [other]
    log.no_target(actor, rule)
    return []


@cites("ruling.heal-at-zero")
def allies(battle: Battle, actor: Fighter, selector: str, other: Fighter | None,
           rule: str) -> list[Fighter]:
    """The cryptids of the actor's own side an effect reaches (the actor included), at
    0 HP only under ruling heal-at-zero ``yes``."""
    at_zero = battle.rulings.heal_at_zero
    if selector == "self" or selector == "that-ally":
        reached = actor if selector == "self" else other
        if reached is not None and not reached.gone and (reached.hp > 0 or at_zero):
            return [reached]
        battle.log.no_target(actor, rule)
        return []
    row = battle.rows[actor.side]
    candidates = [f for f in row if f.hp > 0] if battle.zeroes and not at_zero else row
    if selector == "all-allies":
        found = list(candidates)
    elif selector == "adjacent-allies":
        near = (actor.pos - 1, actor.pos) if actor.gone else (actor.pos - 1, actor.pos + 1)
        found = [f for f in candidates if f.pos in near]
    else:  # lowest-hp-ally
        target = lowest_hp(candidates, battle.rulings.lowest_hp_by_threat)
        if target is None:
            found = []
        else:
            found = [target]
            battle.log.aim_lowest_ally(actor, target)
    if not found:
        battle.log.no_target(actor, rule)
    return found


def _by_position(entry: tuple[Any, ...]) -> tuple[int, int, int]:
    return -entry[0].threat, entry[0].pos, entry[0].side


def _by_side(entry: tuple[Any, ...]) -> tuple[int, int, int]:
    return -entry[0].threat, entry[0].side, entry[0].pos


@cites("threat.order")
def order(battle: Battle, entries: list[Any]) -> list[Any]:
    """Entries ``(fighter, ...)`` in threat order, highest first, across both boards
    (threat.order).

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
    rulings = battle.rulings
    entries.sort(key=_by_side if rulings.ties_by_side else _by_position)
    if rulings.ties_to_left:
        return entries
    coin = rulings.ties_by_coin
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
            battle.log.coin(group, first.threat)
        out.extend(group)
        i = j
    return out
