"""Drawing and resolving Random Encounters (sample 10_RANDOM_ENCOUNTERS).

The deck is shuffled with the game's generator at setup; the top card is the last
of the list. Card effects are declarations (``damage``, ``heal``, ``gain_kaos``,
``gain_rerolls``, ``add_status``, ``remove_status``) applied to the Player who drew
the card. Their Damage is not Combat Damage: no Stat is added and no Loot
Opportunity follows, but it can cause Death.
"""

from __future__ import annotations

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.combat_encounter.death import death_process
from rulekeeper.rulesets.combat_encounter.models import Effect
from rulekeeper.rulesets.combat_encounter.table import CombatTable, Player

RULE = "sample.random-encounters.cards"


@cites("sample.random-encounters.deck")
def build_deck(table: CombatTable) -> list[str]:
    """Every card id as many times as its count, shuffled."""
    deck = [card.id for card in table.prepared.content.encounters.cards
            for _ in range(card.count)]
    table.rng.shuffle(deck)
    return deck


def draw_random_encounter(table: CombatTable, seat: str, rule: str) -> Asks[None]:
    """``seat`` draws the top card and resolves it; ``rule`` is why they draw."""
    state = table.state
    if not state.deck:
        state.deck, state.discard = state.discard, []
        table.rng.shuffle(state.deck)
        table.emit("deck.reshuffled", "sample.random-encounters.deck", cards=len(state.deck))
    card = table.prepared.cards[state.deck.pop()]
    state.discard.append(card.id)
    player = state.player(seat)
    state.metrics["random_encounters"] += 1
    table.emit("encounter.drawn", rule, who=player.label, card=card.name, text=card.text)
    for effect in card.effects:
        table.spend()
        apply_effect(table, player, effect, card.name)
        if player.health <= 0:
            yield from death_process(table, seat)
            return
    table.emit("encounter.resolved", "sample.random-encounters.deck", who=player.label,
               card=card.name)


def apply_effect(table: CombatTable, player: Player, effect: Effect, card: str) -> None:
    """One effect of a card, on the Player who drew it (Damage is not Combat Damage)."""
    statuses = table.prepared.statuses
    if effect.add_status and effect.add_status not in player.statuses:
        player.statuses.append(effect.add_status)
        player.sighted, player.hidden_moves = player.room, 0  # seen as it gains it
        table.emit("status.gained", RULE, who=player.label,
                   status=statuses[effect.add_status].name)
    if effect.remove_status and effect.remove_status in player.statuses:
        player.statuses.remove(effect.remove_status)
        table.emit("status.lost", RULE, who=player.label,
                   status=statuses[effect.remove_status].name)
    if effect.gain_kaos:
        player.kaos += effect.gain_kaos
        table.emit("kaos.gained", RULE, who=player.label, kaos=effect.gain_kaos,
                   total=player.kaos)
    if effect.gain_rerolls:
        player.rerolls += effect.gain_rerolls
        table.emit("rerolls.gained", RULE, who=player.label, rerolls=effect.gain_rerolls,
                   total=player.rerolls)
    if effect.heal:
        healed = max(min(effect.heal, player.character.health - player.health), 0)
        player.health += healed
        table.emit("healed", RULE, who=player.label, amount=healed, health=player.health)
    if effect.damage:
        player.health -= effect.damage
        table.emit("damage.other", RULE, who=player.label, amount=effect.damage,
                   source=card, health=max(player.health, 0))
