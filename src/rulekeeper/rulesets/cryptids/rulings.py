"""The rulings of cryptid battles: where the French text is silent or ambiguous.

The first seven are the project's default rulings for this text; the next four are
points found while implementing the battle, then a reading settled by an audit; the
last one bounds the battle's work (docs/cryptids.md, "Rulings").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rulekeeper.core.rulings import Ruling

RULINGS = (
    Ruling("tie-order", "Two cryptids of equal threat on different boards: which acts first?",
           ("position", "coin", "left-first"), "position"),
    Ruling("sudden-death", "What does the sudden death bonus from roll 16 add?",
           ("bonus", "strike"), "bonus"),
    Ruling("reroll-counts", "Is a reroll a new roll for the 36-roll cap and sudden death?",
           ("yes", "no"), "yes"),
    Ruling("reaction-depth", "How deep may reactions chain before the chain is cut?",
           ("64", "8", "1"), "64"),
    Ruling("no-damage-possible", "When does 'neither side can deal damage' end a battle?",
           ("after-deaths", "never"), "after-deaths"),
    Ruling("deaths-on-reroll", "What happens to cryptids at 0 HP when a roll is rerolled?",
           ("stay", "process"), "stay"),
    Ruling("overheal", "Can healing raise HP above the maximum?", ("cap", "allow"), "cap"),
    Ruling("zero-hp-target", "Can enemies at 0 HP (still on the board) be targeted?",
           ("skip", "allow"), "skip"),
    Ruling("heal-at-zero", "Can a cryptid at 0 HP be healed before step 6?", ("no", "yes"), "no"),
    Ruling("reaction-order", "In which order do several reactions to one event resolve?",
           ("threat", "target-first"), "threat"),
    Ruling("lowest-hp-tie", "Which of several enemies with the lowest HP is hit?",
           ("threat", "leftmost"), "threat"),
    Ruling("last-reroll", "A reroll asked on the 36th roll (rerolls counted) cannot be thrown: "
           "are that roll's deaths handled before the battle ends?", ("end", "deaths"), "end"),
    Ruling("ability-budget", "A battle spent its work budget of ability resolutions: who wins?",
           ("hp", "tie"), "hp"),
)
"""Every ruling of cryptid battles; the default of each is its first option."""


@dataclass(frozen=True, slots=True)
class BattleRulings:
    """The rulings in force, read once per battle into plain fields for the hot path."""

    tie_order: str = "position"
    strike: bool = False
    reroll_counts: bool = True
    reaction_depth: int = 64
    no_damage_check: bool = True
    deaths_stay: bool = True
    overheal_cap: bool = True
    zero_hp_targets: bool = False
    heal_at_zero: bool = False
    reactions_by_threat: bool = True
    lowest_hp_by_threat: bool = True
    last_reroll_deaths: bool = False
    budget_tie: bool = False

    @classmethod
    def read(cls, rulings: Mapping[str, str]) -> BattleRulings:
        """From a game's rulings (ruling id to option); missing ones take their default.

        >>> BattleRulings.read({"sudden-death": "strike"}).strike
        True
        """
        chosen = {r.id: rulings.get(r.id, r.default) for r in RULINGS}
        return cls(
            tie_order=chosen["tie-order"],
            strike=chosen["sudden-death"] == "strike",
            reroll_counts=chosen["reroll-counts"] == "yes",
            reaction_depth=int(chosen["reaction-depth"]),
            no_damage_check=chosen["no-damage-possible"] == "after-deaths",
            deaths_stay=chosen["deaths-on-reroll"] == "stay",
            overheal_cap=chosen["overheal"] == "cap",
            zero_hp_targets=chosen["zero-hp-target"] == "allow",
            heal_at_zero=chosen["heal-at-zero"] == "yes",
            reactions_by_threat=chosen["reaction-order"] == "threat",
            lowest_hp_by_threat=chosen["lowest-hp-tie"] == "threat",
            last_reroll_deaths=chosen["last-reroll"] == "deaths",
            budget_tie=chosen["ability-budget"] == "tie",
        )
