"""Heal: the controlling player may move one of the fighter's cards from the graveyard to the
discard pile (battle.graveyard.heal, battle.keyword.heal.fighter); a defeated fighter cannot be
healed (battle.graveyard.no-heal-defeated, battle.keyword.heal.defeated)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.rulesets.dire_alliance.cards import heal_card

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.state import Asked, Fighter, Tabletop

TEMPLATES = {
    "heal.defeated": "{fighter} is defeated and cannot be healed",
    "heal.declined": "{seat} chooses not to heal {fighter}",
}


def heal(t: Tabletop, fighter: Fighter, times: int, rule: str) -> Asked:
    """Heal ``fighter`` ``times`` times; each heal is the controlling player's choice."""
    area = t.sides[fighter.side]
    for _ in range(times):
        if fighter.defeated:
            t.emit("heal.defeated", "battle.keyword.heal.defeated", fighter=fighter.name)
            return
        if fighter.card in area.graveyard:
            answer = yield from t.ask(
                fighter.side, "heal",
                [("heal", f"Heal {fighter.name}: move a {t.card_name(fighter.card)} card from "
                          "the graveyard to the discard pile"),
                 ("no", "Do not heal")],
                "battle.graveyard.heal", f"{fighter.name} may heal", fighter)
            if answer == "no":
                t.emit("heal.declined", "battle.graveyard.heal", seat=fighter.side,
                       fighter=fighter.name)
                continue
        heal_card(t, area, fighter.card, fighter.name, rule)
