"""An ability as the shop offers it to keep: its name and what it does, in words.

What an ability does is said by the battle's own words
(:mod:`rulekeeper.rulesets.cryptids.abilities`); the run only adds the option's name.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulekeeper.core.events import Localized
from rulekeeper.rulesets.cryptids.abilities import describe, say
from rulekeeper.rulesets.cryptids_run.models import AbilityOption


def choice(ability: AbilityOption, names: Mapping[str, Localized] | None = None,
           lang: str = "en") -> str:
    """An ability as the shop offers it to keep: its name and what it does, in ``lang``.

    >>> gait = AbilityOption.model_validate({
    ...     "id": "lopsided", "name": {"en": "Lopsided gait", "fr": "Pas de travers"},
    ...     "when": "each-roll", "do": [{"modify-total": -1}]})
    >>> choice(gait)
    'Lopsided gait: every roll: \u22121 to the dice total'
    >>> choice(gait, {}, "fr").replace("\u00a0", " ")
    'Pas de travers : à chaque lancer : \u22121 au total des dés'
    """
    said = {"en": describe(ability, names), lang: describe(ability, names, lang)}
    return say("ability", lang, trigger=ability.name, effects=said)  # said, not worded again
