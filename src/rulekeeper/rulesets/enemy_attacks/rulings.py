"""The rulings of enemy-attacks: where the text is silent or ambiguous, a named choice.

Each field is a ruling (id: the field name with dashes); its type lists the options,
the default comes first in docs/enemy-attacks.md. ``action-die``, ``reactive-check``,
``range`` and ``size-capacity`` are the project's default rulings for this text; the
others are this ruleset's own.
"""

from __future__ import annotations

from enum import StrEnum

from rulekeeper.core.rulings import CoreRulings, ruling


class ActionDie(StrEnum):
    """Each option names a face list of dice.yaml."""

    DEFAULT = "default"
    SIX_FACES = "six-faces"


class ReactiveCheck(StrEnum):
    PER_SUCCESS = "per-success"
    ALL_OR_NOTHING = "all-or-nothing"


class Range(StrEnum):
    BORDERS = "borders"
    WALKING = "walking"


class SizeCapacity(StrEnum):
    SIZES = "sizes"
    ONE_EACH = "one-each"


class TauntTie(StrEnum):
    PLAYERS = "players"
    RANDOM = "random"


class ExceptionScope(StrEnum):
    ALL = "all"
    RANGED_MAGIC = "ranged-magic"


class ObstructedStamina(StrEnum):
    REDUCES = "reduces"
    DAMAGE_ONLY = "damage-only"


class PointBlank(StrEnum):
    OBSTRUCTED = "obstructed"
    OTHERS_ONLY = "others-only"


class HeroStaminaCheck(StrEnum):
    """Version 1 read a Hero's stamina loss as damage under ruling reactive-check."""

    EACH_SUCCESS = "each-success"
    AS_DAMAGE = "as-damage"


class WouldBeDistance(StrEnum):
    """Versions 1 and 2 measured the would-be target's distance by ruling range."""

    WALKING = "walking"
    RANGE = "range"


class EnemyAttacksRulings(CoreRulings):
    action_die: ActionDie = ruling(
        "Which faces does the Action die have (face lists of dice.yaml)?", ActionDie.DEFAULT)
    reactive_check: ReactiveCheck = ruling(
        "How do a reactive check's successes reduce damage (a Hero's stamina loss drops by 1 "
        "per success, as the text says)?", ReactiveCheck.PER_SUCCESS)
    range: Range = ruling("How is the distance between areas counted?", Range.BORDERS)
    size_capacity: SizeCapacity = ruling("How many places does a figure fill?",
                                         SizeCapacity.SIZES)
    taunt_tie: TauntTie = ruling(
        "Which Ally does an Enemy attack when the rules leave several tied (equal Taunt)?",
        TauntTie.PLAYERS)
    exception_scope: ExceptionScope = ruling(
        "Which attacks may a Hero take instead of the attacked Ally?", ExceptionScope.ALL)
    obstructed_stamina: ObstructedStamina = ruling(
        "Does obstructed aim reduce a Hero's stamina loss?", ObstructedStamina.REDUCES)
    point_blank: PointBlank = ruling(
        "At range 0, do the attacker and the attacked figure obstruct the aim?",
        PointBlank.OBSTRUCTED)
    hero_stamina_check: HeroStaminaCheck = ruling(
        "Does a reactive check reduce a Hero's stamina loss by 1 a success, as the text says, "
        "or as it reduces damage (ruling reactive-check)?", HeroStaminaCheck.EACH_SUCCESS)
    would_be_distance: WouldBeDistance = ruling(
        "Is an Enemy's would-be target the closest Ally it can walk to, or the closest by "
        "ruling range (an Ally on a ledge no walk reaches included)?", WouldBeDistance.WALKING)
