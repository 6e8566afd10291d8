"""Duel: a tiny ruleset, the example package every ruleset's layout follows.

Two seats are dealt three cards each from a shuffled deck. For three rounds, north
then south play a card face down; the higher card wins the round; a tie is broken
by a d6 each (ruling ``tie-break``: ``dice`` or ``none``). Most rounds won wins.

Its modules are the skeleton of every ruleset (``rulekeeper.core.layout``): the ruleset
(``ruleset.py``), its table (``table.py``), content models (``models.py``), rulings
(``rulings.py``), sentences (``messages.py``), view (``view.py``), rule index
(``rules.yaml``) and content (``content/``); its rules are in ``rounds.py``.
docs/architecture.md walks through it.
"""

from tests.core.duel.ruleset import Duel

__all__ = ["Duel"]
