"""A fighter's melee, shoot and defense in a Raid (raid.stats.*): a hero's from its base and
its action row, the villain's from its own row, a minion's as printed. (Raid Mode's ``stat``
hook; a module of its own so that the compiled build compiles it: every attack and every
reading of the bots asks it.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.dire_alliance.raid.models import DASH
from rulekeeper.rulesets.dire_alliance.raid.pieces import HEROES

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.pieces import Fighter
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid
    from rulekeeper.rulesets.dire_alliance.tabletop import Stat


@cites("raid.stats.base", "raid.stats.modifiers", "raid.stats.dash.no-dice",
       "raid.stats.dash.no-modifiers", "raid.stats.dash.zero", "raid.stats.faceup",
       "raid.stats.facedown", "raid.stats.minimum-zero.a", "raid.stats.minimum-zero.b",
       "raid.enemy-act.villain-modifiers")
def stat(t: Raid, fighter: Fighter, name: Stat) -> int:
    """A hero's base plus the face-up action-row modifiers (never below 0; a "—" stat is 0
    and takes no modifier); the villain's base plus its action row's modifiers; a minion's
    printed value (★ is 0: the star ability gives the dice)."""
    if fighter.team == HEROES:
        hero = t.heroes[fighter.side]
        base = getattr(hero.spec, name)
        if base == DASH:
            return 0
        bonus = 0
        for card in hero.row:
            if card.faceup:
                bonus += getattr(t.cards[card.card].modifiers, name)
        return max(0, int(base) + bonus)
    villain = t.villain
    if villain is not None and fighter is villain.fighter:
        base = getattr(villain.spec, name)
        bonus = 0
        for card_id in villain.row:
            bonus += getattr(t.villain_cards[card_id].modifiers, name)
        return 0 if isinstance(base, str) else max(0, base + bonus)
    value = getattr(t.kinds[fighter.card], name)
    return value if isinstance(value, int) else 0
