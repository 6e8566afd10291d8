"""The rulings of combat-encounter: the points the text leaves open, with their options.

Rules ask them as ``table.rulings.kaos_natural_1 is KaosNatural1.TURNS_CHECK``.
"""

from __future__ import annotations

from enum import StrEnum

from rulekeeper.core.rulings import CoreRulings, ruling


class CritFixedDamage(StrEnum):
    DOUBLE = "double"
    SINGLE = "single"


class KaosStep(StrEnum):
    ONE = "1"
    TWO = "2"
    THREE = "3"


class SampleDeath(StrEnum):
    LOOT_ONE = "loot-one"
    NO_LOOT = "no-loot"


class KaosNatural1(StrEnum):
    PREVENTS_DROP = "prevents-drop"
    TURNS_CHECK = "turns-check"


class OrderTieRewards(StrEnum):
    FINAL_ROLL = "final-roll"
    EVERY_ROLL = "every-roll"


class FleeNext(StrEnum):
    FOLLOWER = "follower"
    FIRST = "first"


class LoneOrderCheck(StrEnum):
    """Versions 1 and 2 had a single other Combatant roll its check (and win its rewards)."""

    NONE = "none"
    ROLLED = "rolled"


class CombatRulings(CoreRulings):
    """The rulings of combat-encounter (and the engine's ``work-budget``)."""

    crit_fixed_damage: CritFixedDamage = ruling(
        "What does a Critical Hit do with a Weapon whose Damage is a fixed value (no dice to "
        "roll twice)?", CritFixedDamage.DOUBLE)
    kaos_step: KaosStep = ruling(
        "How much does each Kaos spent add to an Attack Check's Final Result?", KaosStep.ONE)
    sample_death: SampleDeath = ruling(
        "What follows a death by Combat Damage? (Death, Player Fall and Final Death are in "
        "chapters the text does not give.)", SampleDeath.LOOT_ONE)
    kaos_natural_1: KaosNatural1 = ruling(
        "Does Kaos spent on a natural 1 only prevent the Weapon drop, or can it turn the failed "
        "Attack Check into a hit?", KaosNatural1.PREVENTS_DROP)
    order_tie_rewards: OrderTieRewards = ruling(
        "Does a natural 1 or 20 on a Combat Order Check replaced by a tie-break reroll still "
        "give its reward?", OrderTieRewards.FINAL_ROLL)
    flee_next: FleeNext = ruling(
        "After a Flee, which Combatant is 'the next Combatant in Combat Order'?",
        FleeNext.FOLLOWER)
    lone_order_check: LoneOrderCheck = ruling(
        "Does a single other Combatant (nobody to contest) roll a Combat Order Check, and win "
        "its natural 1 or 20 rewards?", LoneOrderCheck.NONE)

    @property
    def kaos_bonus(self) -> int:
        """What one Kaos adds to an Attack Check's Final Result."""
        return int(self.kaos_step)
