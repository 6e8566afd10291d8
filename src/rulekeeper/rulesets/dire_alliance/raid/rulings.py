"""Raid Mode's rulings: those both modes share, and Raid's own."""

from __future__ import annotations

from enum import StrEnum

from rulekeeper.core.rulings import ruling
from rulekeeper.rulesets.dire_alliance.rulings import DireRulings


class RaidTies(StrEnum):
    HEROES = "heroes"
    HARD = "hard"


class RaidRowIcons(StrEnum):
    FACE_UP = "face-up"
    ALL = "all"


class RaidSpecialShoot(StrEnum):
    NO_ENEMIES_HERE = "no-enemies-here"
    ALLOWED = "allowed"


class RaidWard(StrEnum):
    """Version 1 let the damage be suffered and the token spare only the card."""

    PREVENTS_DAMAGE = "prevents-damage"
    SPARES_CARD = "spares-card"


class RaidHardControl(StrEnum):
    """Versions 1 to 4 put neither first; version 5 the kinds only."""

    KINDS_AND_MINIONS = "kinds-and-minions"
    KINDS = "kinds"
    NONE = "none"


class RaidRulings(DireRulings):
    """Raid Mode's rulings."""

    raid_ties: RaidTies = ruling(
        "Where the players mutually decide a choice on behalf of an enemy, who decides?",
        RaidTies.HEROES)
    raid_row_icons: RaidRowIcons = ruling(
        "Attack priority counts the action-row cards \"containing damage icons\" that match: "
        "face-up cards only (a face-down card's icons are hidden), or every card?",
        RaidRowIcons.FACE_UP)
    raid_special_shoot: RaidSpecialShoot = ruling(
        "\"A hero may only perform a Shoot action if there are no enemies in their area\": "
        "does it hold for the Shoot of a card's special action too, or only for the basic "
        "Shoot?", RaidSpecialShoot.NO_ENEMIES_HERE)
    raid_ward: RaidWard = ruling(
        "A ward token \"prevents one damage\": is the damage never suffered (not logged, not "
        "counted, the attack's other effects on a damaged target do not follow), or suffered "
        "with the token sparing only the card the hero would lose?", RaidWard.PREVENTS_DAMAGE)
    raid_hard_control: RaidHardControl = ruling(
        "Under raid-ties=hard, does a minion kind joining the board, and a minion to activate "
        "that can claim an objective now, come first when its first action is Control?",
        RaidHardControl.KINDS_AND_MINIONS)
