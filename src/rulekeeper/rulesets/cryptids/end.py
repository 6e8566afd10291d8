"""How a battle ends ("Gagner le combat"), checked after each completed roll.

"La bataille se termine quand un camp n'a plus de cryptides. Si les deux camps
perdent leur dernier cryptide en même temps, c'est une égalité. Si la bataille
atteint 36 lancers, ou si aucun camp ne peut infliger de dégâts à l'autre, le camp
qui a le plus de points de vie restants au total gagne. À points de vie égaux,
c'est une égalité."

The battle asks (:meth:`~.battle.Battle.check_end`); these functions read its boards
(:class:`Ending`), tell the end and give the :class:`Outcome`.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids.board import SIDES, Field, Fighter
from rulekeeper.rulesets.cryptids.cards import DICE_RESULTS, Card, Lineup, Summon
from rulekeeper.rulesets.cryptids.models import MAX_TOTAL
from rulekeeper.rulesets.cryptids.rulings import HealAtZero

_HEALED = HealAtZero.YES  # bound once: an enumeration's member costs ~0.4 µs on Python 3.11

ROLL_CAP = 36
"""'Si la bataille atteint 36 lancers': the battle ends after its 36th roll."""
BY_HP = ("roll-cap", "no-damage", "work-budget")
"""The ends judged by the HP left on the board (:func:`end_by_hp`'s reasons): the cap of
rolls, no damage possible, and the battle's work budget under ruling ``work-budget: judge``."""


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


class Ending(Field, Protocol):
    """What the end of a battle reads of it."""

    @property
    def roll(self) -> int: ...

    @property
    def lineups(self) -> tuple[Lineup, Lineup]: ...

    @property
    def starters(self) -> tuple[tuple[Fighter, ...], tuple[Fighter, ...]]: ...

    @property
    def extras(self) -> list[Fighter]:
        """The cryptids summoned during the battle."""

    @property
    def dealt(self) -> list[int]:
        """HP taken from the enemy, per side."""

    @property
    def rerolls_total(self) -> int: ...

    @property
    def each_roll(self) -> bool: ...

    def changing_total(self) -> list[Fighter]:
        """The cryptids on the board whose every-roll abilities change the total."""


def check_empty(battle: Ending) -> Outcome | None:
    """end.side-empty: the side with cryptids left wins; end.simultaneous-draw: none left."""
    left, right = battle.rows
    if left and right:
        return None
    if not left and not right:
        return finish(battle, None, "both-empty", "end.simultaneous-draw")
    return finish(battle, 0 if left else 1, "side-empty", "end.side-empty")


@cites("end.limit.b")
def no_damage_possible(battle: Ending) -> bool:
    """Whether neither side can deal damage to the other any more: the common case first, a
    cryptid that deals damage on its own with the total's change known; then
    :func:`can_deal_damage`."""
    shift = 0
    heal_at_zero = battle.rulings.heal_at_zero is _HEALED
    if battle.each_roll:
        for fighter in battle.changing_total():
            if fighter.hp > 0:
                shift += fighter.card.modifier
            elif heal_at_zero:
                shift = MAX_TOTAL * 9  # unknown: no striker counts here
    if not (battle.lineups[0].brings_modifiers or battle.lineups[1].brings_modifiers):
        for row in battle.rows:
            for fighter in row:
                if fighter.dots or (fighter.hp > 0 and shift in fighter.card.strikes):
                    return False
    return not can_deal_damage(battle.rows, heal_at_zero)


def can_deal_damage(rows: list[list[Fighter]], heal_at_zero: bool) -> bool:
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
    shift = 0
    settled = True  # whether the total's change is known for the rest of the battle
    found: list[tuple[int, Card, bool]] = []  # side, card, whether alive (else it is dying)
    dying = [False, False]
    for side, row in enumerate(rows):
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


def end_by_hp(battle: Ending, reason: str, rule: str) -> Outcome:
    """end.limit.c: the most HP left on the board wins; end.hp-tie-draw: equal HP tie."""
    left, right = (sum(f.hp for f in row) for row in battle.rows)
    if battle.emit is not None:
        battle.emit("end." + reason, rule, roll=battle.roll, left=left, right=right)
    if left == right:
        return finish(battle, None, reason, "end.hp-tie-draw")
    return finish(battle, 0 if left > right else 1, reason, "end.limit.c")


def finish(battle: Ending, winner: int | None, reason: str, rule: str) -> Outcome:
    """The battle's outcome, announced."""
    if battle.emit is not None:
        kind = "result.tie" if winner is None else "result." + SIDES[winner]
        battle.emit(kind, rule, team=battle.lineups[winner].label if winner is not None else "",
                    reason=reason, rolls=battle.roll)
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
    return Outcome(
        None if winner is None else SIDES[winner], reason, battle.roll, (hp[0], hp[1]),
        (battle.dealt[0], battle.dealt[1]), battle.rerolls_total, fielded,
        (frozenset(survivors[0]), frozenset(survivors[1])),
        (frozenset(defeated[0]), frozenset(defeated[1])))
