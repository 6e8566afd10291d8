"""combat-encounter: Combat Encounters of a d20 dungeon game (combat-encounter.en.txt).

The rule text is implemented rule by rule (``rules.yaml`` indexes it); the chapters it
refers to but does not give (Stats, characters, items, Death and Victory, Loot, Random
Encounters, the turn structure) are small sample modules and sample content.
"""

from rulekeeper.rulesets.combat_encounter.ruleset import CombatEncounterRuleset

__all__ = ["CombatEncounterRuleset"]
