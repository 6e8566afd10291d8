"""The rulings of Dire Alliance: the points the rulebook leaves open, with their options.

``DireRulings`` holds the ones both modes share (the dice faces, an empty supply pile);
``BattleRulings`` adds Battle Mode's. Raid Mode adds its own in ``raid.rulings``.
"""

from __future__ import annotations

from enum import StrEnum

from rulekeeper.core.rulings import CoreRulings, ruling


class CombatDie(StrEnum):
    DEFAULT = "default"
    HIT_HEAVY = "hit-heavy"
    BLOCK_HEAVY = "block-heavy"


class VampireDie(StrEnum):
    DEFAULT = "default"
    SINGLE_DRAIN = "single-drain"


class FocusEmptySupply(StrEnum):
    WHAT_IS_THERE = "what-is-there"
    ALL_OR_NOTHING = "all-or-nothing"


class PlayerColors(StrEnum):
    AS_CHOSEN = "as-chosen"
    FLIP = "flip"


class ResilientDamage(StrEnum):
    NO_LOSS = "no-loss"
    LOSES_CARDS = "loses-cards"


class DreadCards(StrEnum):
    DISCARD = "discard"
    DECK = "deck"


class HealedCard(StrEnum):
    DISCARD = "discard"
    SUPPLY = "supply"


class DreadInitiative(StrEnum):
    ALLOW = "allow"
    REFUSE = "refuse"


class DireRulings(CoreRulings):
    """The rulings both modes share."""

    combat_die: CombatDie = ruling(
        "What are the six faces of a combat die? (not public; data)", CombatDie.DEFAULT)
    vampire_die: VampireDie = ruling(
        "What are the six faces of the vampire die? (not public; data)", VampireDie.DEFAULT)
    focus_empty_supply: FocusEmptySupply = ruling(
        "A fighter gains more cards than its supply pile holds: what does it gain?",
        FocusEmptySupply.WHAT_IS_THERE)


class BattleRulings(DireRulings):
    """Battle Mode's rulings."""

    player_colors: PlayerColors = ruling(
        "Are colours flipped at random (the rule) or as the players chose them with their "
        "factions (the demo kit's fixed colours)?", PlayerColors.AS_CHOSEN)
    resilient_damage: ResilientDamage = ruling(
        "\"does not get removed when damaged or does not lose cards\": does a damaged "
        "Resilient fighter lose a card?", ResilientDamage.NO_LOSS)
    dread_cards: DreadCards = ruling(
        "Dread cards go to the discard pile (Suffering Damage) or to the deck (Dread Cards)?",
        DreadCards.DISCARD)
    healed_card: HealedCard = ruling(
        "A healed fighter's card leaves the graveyard for the discard pile (Heal; Graveyard and "
        "Healing) or for that fighter's supply pile (\"returned to that fighter's supply "
        "through certain game effects and healing\")?", HealedCard.DISCARD)
    dread_initiative: DreadInitiative = ruling(
        "May the defender discard a played dread card (which does nothing) to claim "
        "initiative, or only a fighter card it gives up?", DreadInitiative.ALLOW)
