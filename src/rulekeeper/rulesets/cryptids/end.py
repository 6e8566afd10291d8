"""How a battle ends ("Gagner le combat"), checked after each completed roll.

"La bataille se termine quand un camp n'a plus de cryptides. Si les deux camps
perdent leur dernier cryptide en même temps, c'est une égalité. Si la bataille
atteint 36 lancers, ou si aucun camp ne peut infliger de dégâts à l'autre, le camp
qui a le plus de points de vie restants au total gagne. À points de vie égaux,
c'est une égalité."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rulekeeper.rulesets.cryptids.board import SIDES

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids.battle import Battle

ROLL_CAP = 36
"""'Si la bataille atteint 36 lancers': the battle ends after its 36th roll."""


class Outcome(NamedTuple):  # not a frozen dataclass: one is built per battle, this is cheaper
    """How a battle ended.

    Attributes:
        winner: ``"left"``, ``"right"``, or None for a tie.
        reason: ``side-empty``, ``both-empty``, ``roll-cap`` or ``no-damage``.
        rolls: rolls thrown (as ruling reroll-counts counts them).
        hp: total HP remaining per side.
        damage: HP taken from the enemy per side.
        rerolls: how many times a roll was rerolled.
        fielded: per side, the ids of the cryptids that were on its board (summons included).
        survivors: per side, the ids still on its board at the end.
        defeated: per side, the ids that died.
    """

    winner: str | None
    reason: str
    rolls: int
    hp: tuple[int, int]
    damage: tuple[int, int]
    rerolls: int
    fielded: tuple[frozenset[str], frozenset[str]]
    survivors: tuple[frozenset[str], frozenset[str]]
    defeated: tuple[frozenset[str], frozenset[str]]


def check_end(battle: Battle) -> Outcome | None:
    """After a completed roll: an empty side, the 36th roll, or no damage possible."""
    if not (battle.rows[0] and battle.rows[1]):
        return check_empty(battle)
    if battle.roll >= ROLL_CAP:
        return end_by_hp(battle, "roll-cap", "end.limit.a")
    rulings = battle.rulings
    if rulings.no_damage_check and not rulings.strike and battle.recheck:
        battle.recheck = False
        for row in battle.rows:
            for fighter in row:
                if fighter.card.damages or fighter.dots:
                    return None
        return end_by_hp(battle, "no-damage", "end.limit.b")
    return None


def check_empty(battle: Battle) -> Outcome | None:
    """end.side-empty: the side with cryptids left wins; end.simultaneous-draw: none left."""
    left, right = battle.rows
    if left and right:
        return None
    if not left and not right:
        return finish(battle, None, "both-empty", "end.simultaneous-draw")
    return finish(battle, 0 if left else 1, "side-empty", "end.side-empty")


def end_by_hp(battle: Battle, reason: str, rule: str) -> Outcome:
    """end.limit.c: the most HP left on the board wins; end.hp-tie-draw: equal HP tie."""
    left, right = (sum(f.hp for f in row) for row in battle.rows)
    battle.log.end_by_hp(battle, reason, rule, left, right)
    if left == right:
        return finish(battle, None, reason, "end.hp-tie-draw")
    return finish(battle, 0 if left > right else 1, reason, "end.limit.c")


def finish(battle: Battle, winner: int | None, reason: str, rule: str) -> Outcome:
    """The battle's outcome, announced."""
    battle.log.result(battle, winner, reason, rule)
    hp = [0, 0]
    survivors: tuple[set[str], set[str]] = (set(), set())
    defeated: tuple[set[str], set[str]] = (set(), set())
    for fighters in (*battle.starters, battle.extras):
        for fighter in fighters:
            if fighter.gone:
                defeated[fighter.side].add(fighter.card.id)
            elif fighter.hp > 0:
                hp[fighter.side] += fighter.hp
                survivors[fighter.side].add(fighter.card.id)
    fielded = battle.lineups[0].ids, battle.lineups[1].ids
    if battle.extras:
        summoned: tuple[list[str], list[str]] = ([], [])
        for fighter in battle.extras:
            summoned[fighter.side].append(fighter.card.id)
        fielded = fielded[0].union(summoned[0]), fielded[1].union(summoned[1])
    battle.outcome = Outcome(
        None if winner is None else SIDES[winner], reason, battle.roll, (hp[0], hp[1]),
        (battle.dealt[0], battle.dealt[1]), battle.rerolls_total, fielded,
        (frozenset(survivors[0]), frozenset(survivors[1])),
        (frozenset(defeated[0]), frozenset(defeated[1])))
    return battle.outcome
