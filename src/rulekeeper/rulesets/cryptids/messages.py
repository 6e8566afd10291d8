"""The English sentence of every battle event (French: locale/fr/LC_MESSAGES/messages.po),
and how events name cryptids.

Names are given in both languages by the content, so sentences never build French
text in code; French templates avoid "à"/"de" before a name (no "à le Yéti"). A count
shows with its noun in agreement (``{rolls:roll|rolls}``: 1 roll, 2 rolls) and lists of
names end with "and"/"et" (``{tied:and}``): see :mod:`rulekeeper.core.events`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rulekeeper.rulesets.cryptids.end import ROLL_CAP

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids.board import Fighter

TEMPLATES = {
    "battle": "Battle: {left} (left) against {right} (right).",
    "lineup.left": "Left row, {team}, left to right (HP/threat): {cryptids}.",
    "lineup.right": "Right row, {team}, left to right (HP/threat): {cryptids}.",
    "roll": "Roll {roll}: {first} + {second} = {total}.",
    "reroll.roll": "Roll {roll} again: {first} + {second} = {total}.",
    "reroll.next": "Roll {roll}, rerolling roll {rerolled}: {first} + {second} = {total}.",
    "sudden-death.bonus": "Sudden death: each damage a cryptid deals this roll gets +{bonus}.",
    "sudden-death.strike": "Sudden death: each damage a cryptid deals this roll gets +{bonus}, "
                           "and every cryptid strikes for {bonus}.",
    "status.tick": "Damage over time on {who}: {amount} ({rolls:roll|rolls} left).",
    "status.ends": "{who}'s damage over time wears off.",
    "order": "Threat order: {order}.",
    "order.coin": "Coin flip between {tied:and} (threat {threat}): {first} acts first.",
    "skip": "{who} is at 0 HP and does not trigger.",
    "act.total": "{who} triggers on total {total}.",
    "act.totals": "{who} triggers on total {total} ({totals:or}).",
    "act.range": "{who} triggers on total {total} ({low} to {high}).",
    "act.doubles": "{who} triggers on doubles.",
    "act.odd": "{who} triggers on an odd total ({total}).",
    "act.even": "{who} triggers on an even total ({total}).",
    "act.each-roll": "{who} acts, as on every roll.",
    "act.hurt": "{who} reacts to being hurt.",
    "act.ally-hurt": "{who} reacts to {other} being hurt.",
    "act.healed": "{who} reacts to being healed.",
    "act.death": "{who} acts as it dies.",
    "act.ally-death": "{who} reacts to the death of {other}.",
    "act.battle-start": "{who} acts at the start of the battle.",
    "act.strike": "{who} strikes for the sudden death bonus ({bonus}).",
    "chain.cut": "The reaction chain is cut at depth {depth} (limit {limit}): {who} does not "
                 "react.",
    "target.none": "{who} finds no target.",
    "target.threat": "{who} targets {target}, the enemy with the highest threat ({threat}).",
    "target.threat-tie": "{who} targets {target}: highest threat ({threat}), the leftmost of "
                         "{tied:and}.",
    "target.adjacent": "{who} hits the target and its neighbours: {targets:and}.",
    "target.lowest-hp": "{who} targets {target}, the enemy with the lowest HP ({hp}).",
    "target.lowest-hp-tie.threat": "{who} targets {target}: lowest HP ({hp}) shared by "
                                   "{tied:and}, "
                                   "then the highest threat, then the leftmost.",
    "target.lowest-hp-tie.leftmost": "{who} targets {target}: lowest HP ({hp}) shared by "
                                     "{tied:and}, "
                                     "then the leftmost.",
    "target.all": "{who} hits every enemy: {targets:and}.",
    "target.random": "{who} picks {target} at random among {candidates:and}.",
    "target.attacker": "{who} strikes back at its attacker, {target}.",
    "target.lowest-hp-ally": "{who} picks {target}, the ally with the lowest HP ({hp}).",
    "damage.wasted": "{target} is already at 0 HP: the {amount} damage is lost.",
    "damage.shield": "{target}'s shield absorbs {absorbed} damage ({shield} left).",
    "damage": "{who} deals {amount} damage to {target}: {before} → {hp} HP.",
    "damage.status": "{target} loses {amount} HP: {before} → {hp} HP.",
    "zero": "{who} falls to 0 HP and stays on the board until the end of the roll.",
    "heal.full": "{target} is at full HP: the healing of {who} does nothing.",
    "heal": "{who} heals {target} by {amount}: {before} → {hp} HP.",
    "shield": "{who} gives {target} a shield of {amount} (now {shield}).",
    "status": "{who} puts damage over time on {target}: {amount} per roll for "
              "{rolls:roll|rolls}.",
    "buff.threat": "{who} raises the threat of {target} by {amount}, to {value}.",
    "buff.attack": "{who} raises the attack of {target} by {amount} (+{value} on each damage).",
    "modify": "{who} changes the total by {amount}: {before} → {total}.",
    "reroll": "{who} rerolls the dice: roll {roll} stops here, the damage dealt stays.",
    "reroll.guard": "The reroll of {who} is ignored: a roll is rerolled at most "
                    "{limit:time|times}.",
    "reroll.cap": "Roll {roll} was the last one: no new roll can be thrown.",
    "summon": "{who} summons {summoned} at place {place} of its row.",
    "summon.full": "{who} cannot summon {summoned}: the row is full ({limit}).",
    "swap": "{who} swaps places with {other} and is now at place {place}.",
    "swap.none": "{who} has no neighbour on that side to swap with.",
    "death": "{who} dies and leaves the board.",
    "budget.throw": "Roll {roll} stops: it reached the work budget of {limit} ability "
                    "resolutions in one throw; cryptids at 0 HP leave the board without their "
                    "death abilities.",
    "budget.start": "The start of the battle stops: it reached the work budget of {limit} "
                    "ability resolutions; cryptids at 0 HP leave the board without their death "
                    "abilities.",
    "budget.battle": "The battle reached its work budget of {limit} ability resolutions at "
                     "roll {roll}: it ends here.",
    "end.work-budget": "Work budget spent: HP remaining, left {left}, right {right}.",
    "end.roll-cap": f"Roll {{roll}} reaches the cap of {ROLL_CAP} rolls: HP remaining, left "
                    "{left}, right {right}.",
    "end.no-damage": "Neither side can deal damage any more: HP remaining, left {left}, "
                     "right {right}.",
    "result.left": "The left side ({team}) wins after {rolls:roll|rolls}.",
    "result.right": "The right side ({team}) wins after {rolls:roll|rolls}.",
    "result.tie": "A tie after {rolls:roll|rolls}: no life lost, and no win.",
}

ABILITY_PHRASES = {
    "ability": "{trigger}: {effects}",
    "then": "{before}, then {after}",
    "when.total": "on {total}",
    "when.totals": "on {totals:or}",
    "when.range": "on {low} to {high}",
    "when.doubles": "on doubles",
    "when.odd": "on an odd total",
    "when.even": "on an even total",
    "when.each-roll": "every roll",
    "when.hurt": "when hurt",
    "when.ally-hurt": "when an ally is hurt",
    "when.healed": "when healed",
    "when.ally-death": "when an ally dies",
    "when.death": "when it dies",
    "when.battle-start": "at the start of the battle",
    "target.threat": "the enemy with the highest threat",
    "target.lowest-hp": "the enemy with the lowest HP",
    "target.all-enemies": "every enemy",
    "target.random-enemy": "a random enemy",
    "target.adjacent": "the highest-threat enemy and its neighbours",
    "target.attacker": "its attacker",
    "target.all-allies": "every ally",
    "target.adjacent-allies": "its neighbours",
    "target.lowest-hp-ally": "the ally with the lowest HP",
    "target.that-ally": "that ally",
    "do.damage": "{amount:d} damage to {target}",
    "do.damage-over-time": "{amount:d} damage a roll for {rolls:roll|rolls} to {target}",
    "do.heal": "heal {target} by {amount}",
    "do.heal.self": "heal itself by {amount}",
    "do.shield": "shield {target} by {amount}",
    "do.shield.self": "shield itself by {amount}",
    "do.buff-threat": "+{amount} threat to {target}",
    "do.buff-threat.self": "+{amount} threat to itself",
    "do.buff-attack": "+{amount} attack to {target}",
    "do.buff-attack.self": "+{amount} attack to itself",
    "do.modify-total": "{amount} to the dice total",
    "do.reroll": "reroll the dice",
    "do.summon": "summon {summoned}",
    "do.swap.left": "swap places with its left neighbour",
    "do.swap.right": "swap places with its right neighbour",
}
"""The words of an ability (``abilities.describe``), phrase by phrase; French in
locale/fr/LC_MESSAGES/abilities.po."""


def names(fighters: Sequence[Fighter]) -> list[Any]:
    """The names of cryptids, for a list in a sentence (``{tied:and}``)."""
    return [f.label for f in fighters]


def label(fighter: Fighter | None) -> Any:
    """A cryptid's name, or nothing (the damage of a status has no cryptid dealing it)."""
    return fighter.label if fighter is not None else ""


ARTICLES = {"fr": ("le ", "la ", "les ", "l'", "l’")}
"""The articles a content's name may start with, by language: sentences need them ("le Kappa
est touché"), a card's title does not."""


def title(name: Mapping[str, str]) -> dict[str, str]:
    """A name as a card's title says it, without its article (``le Kappa``: ``Kappa``,
    ``l'Homme-papillon``: ``Homme-papillon``)."""
    titled = {}
    for lang, text in name.items():
        article = next((a for a in ARTICLES.get(lang, ()) if text.startswith(a)), "")
        bare = text[len(article):]
        titled[lang] = bare[:1].upper() + bare[1:] if article and bare else text
    return titled


def numbered(name: Mapping[str, str], number: int) -> dict[str, str]:
    """The name of the ``number``-th cryptid of one card a battle fields (``Yeti 2``)."""
    return {lang: f"{text} {number}" for lang, text in name.items()}


def with_threat(fighter: Fighter) -> dict[str, str]:
    return {lang: f"{text} ({fighter.threat})" for lang, text in fighter.label.items()}


def with_stats(fighter: Fighter) -> dict[str, str]:
    return {lang: f"{text} {fighter.hp}/{fighter.threat}" for lang, text in fighter.label.items()}
