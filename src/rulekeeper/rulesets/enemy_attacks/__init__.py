"""Enemy attacks in an area-based co-op crawler, as a playable skirmish (``enemy-attacks``).

The text (enemy-attacks.en.txt) says how Enemies choose whom to attack and how
their attacks resolve; the rules around it (figures, checks, turns, scenario) are
sample rules written for rulekeeper, marked ``sample`` in rules.yaml. One seat per
player; the Heroes are dealt to the players in turn; the Enemies are run by the
rules. The heroes win when every Enemy is defeated and lose when every Hero is
wounded out or the last round ends.
"""

from rulekeeper.rulesets.enemy_attacks.ruleset import EnemyAttacksRuleset

__all__ = ["EnemyAttacksRuleset"]
