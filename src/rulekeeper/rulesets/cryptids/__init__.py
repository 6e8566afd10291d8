"""Cryptids: the battle of ``cryptids-bataille.fr.txt``.

Two rows of cryptids fight on 2d6 rolls, by threat order, with no player choices.
The battle itself is :class:`~rulekeeper.rulesets.cryptids.battle.Battle`; this
module declares the ruleset around it (seats, options, rulings, content, events).
"""

from rulekeeper.rulesets.cryptids.ruleset import CryptidsRuleset

__all__ = ["CryptidsRuleset"]
