"""Abilities in words, for the shop's options: what a trigger and its effects do.

>>> from rulekeeper.rulesets.cryptids.models import Ability
>>> describe(Ability.model_validate({"when": {"range": [9, 11]},
...                                  "do": [{"damage": 2, "target": "lowest-hp"}]}))
'on 9 to 11: 2 damage to the enemy with the lowest HP'
"""

from __future__ import annotations

from rulekeeper.rulesets.cryptids.models import Ability, Effect

TRIGGERS = {
    "doubles": "on doubles", "odd": "on an odd total", "even": "on an even total",
    "each-roll": "every roll", "hurt": "when hurt", "ally-hurt": "when an ally is hurt",
    "healed": "when healed", "ally-death": "when an ally dies", "death": "when it dies",
    "battle-start": "at the start of the battle",
}
TARGETS = {
    "threat": "the enemy with the highest threat", "lowest-hp": "the enemy with the lowest HP",
    "all-enemies": "every enemy", "random-enemy": "a random enemy",
    "adjacent": "the highest-threat enemy and its neighbours", "attacker": "its attacker",
    "self": "itself", "all-allies": "every ally", "adjacent-allies": "its neighbours",
    "lowest-hp-ally": "the ally with the lowest HP", "that-ally": "that ally",
}


def describe(ability: Ability) -> str:
    """The ability in a short English sentence."""
    when = ability.when
    if when.kind == "total":
        trigger = f"on {when.totals[0]}"
    elif when.kind == "totals":
        trigger = "on " + " or ".join(str(t) for t in when.totals)
    elif when.kind == "range":
        trigger = f"on {when.totals[0]} to {when.totals[-1]}"
    else:
        trigger = TRIGGERS[when.kind]
    return f"{trigger}: " + ", then ".join(_effect(e) for e in ability.do)


def _effect(effect: Effect) -> str:
    target = TARGETS.get(effect.selector or "", "")
    kind = effect.kind
    if kind == "damage":
        return f"{effect.damage} damage to {target}"
    if kind == "damage-over-time":
        return f"{effect.damage_over_time} damage a roll for {effect.rolls} rolls to {target}"
    if kind in ("heal", "shield"):
        return f"{kind} {target} by {getattr(effect, kind)}"
    if kind in ("buff-threat", "buff-attack"):
        stat = kind.removeprefix("buff-")
        return f"+{getattr(effect, kind.replace('-', '_'))} {stat} to {target}"
    if kind == "modify-total":
        return f"{effect.modify_total:+d} to the dice total"
    if kind == "summon":
        return f"summon {effect.summon}"
    if kind == "swap":
        return f"swap places with its {effect.swap} neighbour"
    return "reroll the dice"
