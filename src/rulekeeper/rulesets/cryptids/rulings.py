"""The rulings of cryptid battles: where the French text is silent or ambiguous.

The first seven are the project's default rulings for this text; the next four are
points found while implementing the battle, the last one a reading settled by an
audit (docs/cryptids.md, "Rulings"). The engine's own ruling ``work-budget`` decides
how a battle that spent its work budget ends.
"""

from __future__ import annotations

from enum import StrEnum

from rulekeeper.core.rulings import CoreRulings, ruling


class TieOrder(StrEnum):
    POSITION = "position"
    COIN = "coin"
    LEFT_FIRST = "left-first"


class SuddenDeath(StrEnum):
    BONUS = "bonus"
    STRIKE = "strike"


class RerollCounts(StrEnum):
    YES = "yes"
    NO = "no"


class ReactionDepth(StrEnum):
    DEEP = "64"
    SHALLOW = "8"
    ONE = "1"


class NoDamagePossible(StrEnum):
    AFTER_DEATHS = "after-deaths"
    NEVER = "never"


class DeathsOnReroll(StrEnum):
    STAY = "stay"
    PROCESS = "process"


class Overheal(StrEnum):
    CAP = "cap"
    ALLOW = "allow"


class ZeroHpTarget(StrEnum):
    SKIP = "skip"
    ALLOW = "allow"


class HealAtZero(StrEnum):
    NO = "no"
    YES = "yes"


class ReactionOrder(StrEnum):
    THREAT = "threat"
    TARGET_FIRST = "target-first"


class LowestHpTie(StrEnum):
    THREAT = "threat"
    LEFTMOST = "leftmost"


class LastReroll(StrEnum):
    END = "end"
    DEATHS = "deaths"


class CryptidsRulings(CoreRulings):
    """The rulings in force in a battle (a mapping of ruling id to option, and typed fields)."""

    tie_order: TieOrder = ruling(
        "Two cryptids of equal threat on different boards: which acts first?", TieOrder.POSITION)
    sudden_death: SuddenDeath = ruling(
        "What does the sudden death bonus from roll 16 add?", SuddenDeath.BONUS)
    reroll_counts: RerollCounts = ruling(
        "Is a reroll a new roll for the 36-roll cap and sudden death?", RerollCounts.YES)
    reaction_depth: ReactionDepth = ruling(
        "How deep may reactions chain before the chain is cut?", ReactionDepth.DEEP)
    no_damage_possible: NoDamagePossible = ruling(
        "When does 'neither side can deal damage' end a battle?", NoDamagePossible.AFTER_DEATHS)
    deaths_on_reroll: DeathsOnReroll = ruling(
        "What happens to cryptids at 0 HP when a roll is rerolled?", DeathsOnReroll.STAY)
    overheal: Overheal = ruling("Can healing raise HP above the maximum?", Overheal.CAP)
    zero_hp_target: ZeroHpTarget = ruling(
        "Can enemies at 0 HP (still on the board) be targeted?", ZeroHpTarget.SKIP)
    heal_at_zero: HealAtZero = ruling(
        "Can a cryptid at 0 HP be healed before step 6?", HealAtZero.NO)
    reaction_order: ReactionOrder = ruling(
        "In which order do several reactions to one event resolve?", ReactionOrder.THREAT)
    lowest_hp_tie: LowestHpTie = ruling(
        "Which of several enemies with the lowest HP is hit?", LowestHpTie.THREAT)
    last_reroll: LastReroll = ruling(
        "A reroll asked on the 36th roll (rerolls counted) cannot be thrown: are that roll's "
        "deaths handled before the battle ends?", LastReroll.END)


RULINGS = CryptidsRulings.declared
"""Every ruling of cryptid battles, the engine's ``work-budget`` first."""
