"""Suffering damage in Battle Mode: lose a card (hand, then deck, then discard pile), else be
defeated and take two dread cards. Keywords Resilient and Vampire, and forms that revert."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.dire_alliance.cards import DREAD, draw
from rulekeeper.rulesets.dire_alliance.messages import a_card
from rulekeeper.rulesets.dire_alliance.rulings import DreadCards, ResilientDamage

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.table import Battle
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter

DREAD_PER_DEFEAT = 2
"""Dread cards a player takes when a fighter of theirs is defeated (battle.suffer-damage.dread)."""


def suffer_damage(t: Battle, fighter: Fighter, rule: str) -> None:
    """One damage to ``fighter`` (battle.suffer-damage.*), cited as caused by ``rule``."""
    t.emit("damage", rule, fighter=fighter.name)
    t.bump(f"{fighter.side}_damage_taken")
    if fighter.sated:
        fighter.sated = False
        t.emit("sated.lost", "battle.keyword.vampire.lose-sated", fighter=fighter.name)
    cites("battle.ruling.resilient-damage")
    if fighter.has("resilient") and t.rulings.resilient_damage is ResilientDamage.NO_LOSS:
        t.emit("resilient", "battle.keyword.resilient.no-card-loss", fighter=fighter.name)
    elif not lose_card(t, fighter):
        if fighter.has("resilient"):
            t.emit("resilient.kept", "battle.keyword.resilient.no-removal", fighter=fighter.name,
                   card=t.card_name(fighter.card))
        else:
            defeat(t, fighter)
            return
    if fighter.form.reverts_when_damaged:
        fighter.form = fighter.spec
        t.emit("form.revert", "battle.sample.leader.ellis", fighter=fighter.spec.name,
               form=fighter.spec.name)


LOST = {"hand": ("lose.hand", "battle.suffer-damage.hand.a"),
        "deck": ("lose.deck", "battle.suffer-damage.deck.a"),
        "discard": ("lose.discard", "battle.suffer-damage.discard.a")}
"""Where a card was lost: its event and the rule of that step."""


@cites("battle.suffer-damage.one-card", "battle.suffer-damage.order",
       "battle.suffer-damage.hand.c", "battle.suffer-damage.deck.b",
       "battle.suffer-damage.discard.b", "battle.graveyard.place")
def lose_card(t: Battle, fighter: Fighter) -> bool:
    """Move one of the fighter's cards to the graveyard: from hand (and draw), deck, discard;
    the search stops at the first pile that has one."""
    area = t.sides[fighter.side]
    where = area.take(fighter.card)
    if where is None:
        return False
    area.graveyard.append(fighter.card)
    t.bump(f"{fighter.side}_cards_lost")
    kind, rule = LOST[where]
    t.emit(kind, rule, seat=area.seat, card=a_card(t.card_name(fighter.card)))
    if where == "hand":
        draw(t, area, 1, "battle.suffer-damage.hand.b")
    return True


def defeat(t: Battle, fighter: Fighter) -> None:
    """The fighter leaves the board for good; its player takes two dread cards."""
    fighter.defeated = True
    t.fell(fighter, t.round)
    fighter.stunned = False
    fighter.sated = False
    t.remove(fighter)
    t.bump(f"{fighter.side}_defeated")
    t.emit("defeated", "battle.suffer-damage.defeated", fighter=fighter.name)
    area = t.sides[fighter.side]
    cites("battle.dread.defeat", "battle.ruling.dread-cards")
    count = min(DREAD_PER_DEFEAT, t.dread)
    t.dread -= count
    if t.rulings.dread_cards is DreadCards.DECK:
        area.deck.extend([DREAD] * count)
        t.rng.shuffle(area.deck)
        pile = "deck (shuffled)"
    else:
        area.discard.extend([DREAD] * count)
        pile = "discard pile"
    t.emit("dread", "battle.suffer-damage.dread", seat=area.seat, count=count, pile=pile,
           left=t.dread)
