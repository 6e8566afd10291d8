"""Abilities in words, in every language of the catalogs: what a trigger and its effects do.

The phrases are in :data:`~rulekeeper.rulesets.cryptids.messages.ABILITY_PHRASES`
(French: ``locale/fr/LC_MESSAGES/abilities.po``); a summoned cryptid is named, never
shown by its id.

>>> from rulekeeper.rulesets.cryptids.models import Ability
>>> ability = Ability.model_validate({"when": {"range": [9, 11]},
...                                   "do": [{"damage": 2, "target": "lowest-hp"}]})
>>> describe(ability)
'on 9 to 11: 2 damage to the enemy with the lowest HP'
>>> describe(ability, {}, "fr")
"de 9 à 11\xa0: 2 dégâts à l'ennemi aux PV les plus bas"
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulekeeper.core.events import Event, Localized, Messages
from rulekeeper.rulesets.cryptids.messages import ABILITY_PHRASES
from rulekeeper.rulesets.cryptids.models import Ability, Effect

PHRASES = Messages(ABILITY_PHRASES, Path(__file__).with_name("locale"))
LANGUAGES = tuple(PHRASES.locales)


def say(key: str, lang: str, **data: Any) -> str:
    """The phrase ``key`` of :data:`ABILITY_PHRASES` in ``lang``, its fields filled."""
    return PHRASES.render(Event(key, "battle.shop.c", data), lang)


def describe(ability: Ability, names: Mapping[str, Localized] | None = None,
             lang: str = "en") -> str:
    """The ability in a short sentence in ``lang``; ``names`` names the cryptids it may
    summon (by id; a cryptid not named there is shown by its id)."""
    when = ability.when
    if when.kind == "total":
        trigger = say("when.total", lang, total=when.totals[0])
    elif when.kind == "totals":
        trigger = say("when.totals", lang, totals=[str(t) for t in when.totals])
    elif when.kind == "range":
        trigger = say("when.range", lang, low=when.totals[0], high=when.totals[-1])
    else:
        trigger = say(f"when.{when.kind}", lang)
    effects = [_effect(e, names or {}, lang) for e in ability.do]
    said = effects[0]
    for after in effects[1:]:
        said = say("then", lang, before=said, after=after)
    return say("ability", lang, trigger=trigger, effects=said)


def texts(ability: Ability, names: Mapping[str, Localized] | None = None) -> dict[str, str]:
    """The ability in words in every language: ``{"en": ..., "fr": ...}``."""
    return {lang: describe(ability, names, lang) for lang in LANGUAGES}


def _effect(effect: Effect, names: Mapping[str, Localized], lang: str) -> str:
    kind = effect.kind
    amount = getattr(effect, kind.replace("-", "_"))
    if kind in ("damage", "damage-over-time", "heal", "shield", "buff-threat", "buff-attack"):
        selector = effect.selector or ""
        if selector == "self":
            return say(f"do.{kind}.self", lang, amount=amount)
        target = say(f"target.{selector}", lang)
        return say(f"do.{kind}", lang, amount=amount, target=target, rolls=effect.rolls)
    if kind == "modify-total":
        return say("do.modify-total", lang, amount=f"{amount:+d}")
    if kind == "summon":
        summoned = names.get(amount, {"en": amount})
        return say("do.summon", lang, summoned=summoned)
    if kind == "swap":
        return say(f"do.swap.{amount}", lang)
    return say("do.reroll", lang)
