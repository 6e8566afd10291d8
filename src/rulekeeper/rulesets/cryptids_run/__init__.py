"""Cryptids: the whole game around the battle — shop, lives, snapshots, matchmaking, rating.

One player's run of rounds: the shop (decisions), then a battle against another
player's snapshot of the same round (automated; a ``cryptids-v1`` game of its own).
"""

from rulekeeper.rulesets.cryptids_run.ruleset import CryptidsRunRuleset

__all__ = ["CryptidsRunRuleset"]
