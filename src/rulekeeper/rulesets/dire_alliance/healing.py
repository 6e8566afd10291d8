"""Heal in Battle Mode: the controlling player may move one of the fighter's cards from the
graveyard to the discard pile (battle.graveyard.heal, battle.keyword.heal.fighter); a
defeated fighter cannot be healed (battle.graveyard.no-heal-defeated,
battle.keyword.heal.defeated)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.messages import a_card
from rulekeeper.rulesets.dire_alliance.rulings import HealedCard

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.table import Battle
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, PlayArea


def can_heal(t: Battle, fighter: Fighter) -> bool:
    """Healing does something: a card of the fighter's is in the graveyard."""
    return fighter.card in t.sides[fighter.side].graveyard


def heal(t: Battle, fighter: Fighter, times: int, rule: str) -> Asks[None]:
    """Heal ``fighter`` ``times`` times; each heal is the controlling player's choice."""
    area = t.sides[fighter.side]
    for _ in range(times):
        t.spend()
        if fighter.defeated:
            cites("battle.graveyard.no-heal-defeated")
            t.emit("heal.defeated", "battle.keyword.heal.defeated", fighter=fighter.name)
            return
        if fighter.card in area.graveyard:
            answer = yield from t.ask(
                fighter.side, "heal",
                [("heal", f"Heal {fighter.name}: move {a_card(t.card_name(fighter.card))} from "
                          f"the graveyard to the {healed_pile(t)}"),
                 ("no", "Do not heal")],
                "battle.graveyard.heal", f"{fighter.name} may heal", fighter)
            if answer == "no":
                t.emit("heal.declined", "battle.graveyard.heal", seat=fighter.side,
                       fighter=fighter.name)
                continue
        heal_card(t, area, fighter.card, fighter.name, rule)


@cites("battle.ruling.healed-card")
def healed_pile(t: Battle) -> str:
    """Where a healed card goes (ruling healed-card)."""
    return "supply pile" if t.rulings.healed_card is HealedCard.SUPPLY else "discard pile"


@cites("battle.graveyard.return")
def heal_card(t: Battle, area: PlayArea, card: str, fighter: str, rule: str) -> bool:
    """Move one of the fighter's cards from the graveyard to the discard pile, or (ruling
    healed-card) to its supply pile: a card in the graveyard returns by healing."""
    if card not in area.graveyard:
        t.emit("heal.none", rule, fighter=fighter, seat=area.seat,
               card=a_card(t.card_name(card)))
        return False
    area.graveyard.remove(card)
    pile = healed_pile(t)
    if t.rulings.healed_card is HealedCard.SUPPLY:
        area.supply[card] = area.supply.get(card, 0) + 1
    else:
        area.discard.append(card)
    t.emit("heal", rule, fighter=fighter, seat=area.seat, card=a_card(t.card_name(card)),
           pile=pile)
    return True
