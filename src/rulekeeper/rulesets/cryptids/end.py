"""How a battle ends ("Gagner le combat"), checked after each completed roll.

"La bataille se termine quand un camp n'a plus de cryptides. Si les deux camps
perdent leur dernier cryptide en même temps, c'est une égalité. Si la bataille
atteint 36 lancers, ou si aucun camp ne peut infliger de dégâts à l'autre, le camp
qui a le plus de points de vie restants au total gagne. À points de vie égaux,
c'est une égalité."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids.board import SIDES
from rulekeeper.rulesets.cryptids.cards import DICE_RESULTS
from rulekeeper.rulesets.cryptids.effects import Summon
from rulekeeper.rulesets.cryptids.models import MAX_TOTAL

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids.battle import Battle
    from rulekeeper.rulesets.cryptids.cards import Card

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
    return check_no_damage(battle)


@cites("ruling.no-damage-possible")
def check_no_damage(battle: Battle) -> Outcome | None:
    """end.limit.b, by ruling no-damage-possible: after each throw, whether neither side can
    deal damage to the other any more (:func:`can_deal_damage`)."""
    rulings = battle.rulings
    if not (rulings.no_damage_check and not rulings.strike and battle.recheck):
        return None
    battle.recheck = False
    # the common case first: a cryptid that deals damage on its own, the total's change known
    shift = 0
    if battle.each_roll:
        for fighter, _, _ in (battle.every or battle.step3())[0]:  # those that change the total
            if fighter.hp > 0:
                shift += fighter.card.modifier
            elif rulings.heal_at_zero:
                shift = MAX_TOTAL * 9  # unknown: no striker counts here
    if not (battle.lineups[0].brings_modifiers or battle.lineups[1].brings_modifiers):
        for row in battle.rows:
            for fighter in row:
                if fighter.dots or (fighter.hp > 0 and shift in fighter.card.strikes):
                    return None
    if can_deal_damage(battle):
        return None
    return end_by_hp(battle, "no-damage", "end.limit.b")


def can_deal_damage(battle: Battle) -> bool:
    """Whether a cryptid on the board may still deal damage, some day.

    Exact for what can be told from the board: an ability counts only if its trigger
    can still happen when no damage is dealt any more, so an ability on a total the dice
    cannot make (13, or 2 when a cryptid adds 1 to every total), a reaction to damage
    (``hurt``, ``ally-hurt``) and the death of a cryptid not at 0 HP do not count; a
    ``healed`` reaction counts if an ability of its side heals, a summon brings its
    cryptid's abilities. Statuses count. What it does not tell (so the battle goes on):
    whether an ability that can fire ever does (a reroll with a higher threat may cut
    every roll before it; a summon may find its row full; a heal may find full HP), and
    totals when a cryptid that changes them may come or go (then every total counts).
    """
    heal_at_zero = battle.rulings.heal_at_zero
    shift = 0
    settled = True  # whether the total's change is known for the rest of the battle
    found: list[tuple[int, Card, bool]] = []  # side, card, whether alive (else it is dying)
    dying = [False, False]
    for side, row in enumerate(battle.rows):
        for fighter in row:
            card = fighter.card
            if fighter.hp > 0:
                shift += card.modifier
                found.append((side, card, True))
            else:  # it leaves at the next step 6 (or, healed first, lives on)
                dying[side] = True
                found.append((side, card, False))
                if heal_at_zero:
                    found.append((side, card, True))
                    settled = settled and not card.modifiers
            settled = settled and not card.brings_modifiers
    results = frozenset((t + shift, d) for t, d in DICE_RESULTS) if settled else None
    heals = [False, False]
    done = 0
    while done < len(found):
        side, card, alive = found[done]
        done += 1
        for act in card.acts:
            kind = act.kind
            if alive:
                fires = (kind == "each-roll" or (kind == "healed" and heals[side]) or (
                    act.trigger.on_dice and (results is None or act.fires_on(results))))
            else:
                fires = kind == "death" or kind == "ally-death"
            fires = fires or (kind == "ally-death" and dying[side])
            if not fires:
                continue
            for effect in act.effects:
                if effect.deals_damage:
                    return True
                if isinstance(effect, Summon) and effect.card is not None and (
                        (side, effect.card, True) not in found):
                    found.append((side, effect.card, True))
            if act.heals and not heals[side]:
                heals[side] = True
                done = 0  # healed reactions of that side may fire now
    return False


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
