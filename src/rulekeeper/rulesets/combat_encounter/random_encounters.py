"""Drawing and resolving Random Encounters (sample 10_RANDOM_ENCOUNTERS).

The deck is shuffled with the game's generator at setup; the top card is the last
of the list. Card effects are declarations (``damage``, ``heal``, ``gain_kaos``,
``gain_rerolls``, ``add_status``, ``remove_status``) applied to the Player who drew
the card. Their Damage is not Combat Damage: no Stat is added and no Loot
Opportunity follows, but it can cause Death.
"""

from __future__ import annotations

from rulekeeper.rulesets.combat_encounter.checks import Asks
from rulekeeper.rulesets.combat_encounter.death import death_process
from rulekeeper.rulesets.combat_encounter.state import Ctx

RULE = "sample.random-encounters.cards"


def build_deck(ctx: Ctx) -> list[str]:
    """Every card id as many times as its count, shuffled."""
    deck = [card.id for card in ctx.cat.content.encounters.cards for _ in range(card.count)]
    ctx.table.rng.shuffle(deck)
    return deck


def draw_random_encounter(ctx: Ctx, seat: str, rule: str) -> Asks:
    """``seat`` draws the top card and resolves it; ``rule`` is why they draw."""
    state = ctx.state
    if not state.deck:
        state.deck, state.discard = state.discard, []
        ctx.table.rng.shuffle(state.deck)
        ctx.emit("deck.reshuffled", "sample.random-encounters.deck", cards=len(state.deck))
    card = ctx.cat.cards[state.deck.pop()]
    state.discard.append(card.id)
    player = ctx.player(seat)
    state.metrics["random_encounters"] += 1
    ctx.emit("encounter.drawn", rule, who=player.label, card=card.name, text=card.text)
    for effect in card.effects:
        if effect.add_status and effect.add_status not in player.statuses:
            player.statuses.append(effect.add_status)
            ctx.emit("status.gained", RULE, who=player.label,
                     status=ctx.cat.statuses[effect.add_status].name)
        if effect.remove_status and effect.remove_status in player.statuses:
            player.statuses.remove(effect.remove_status)
            ctx.emit("status.lost", RULE, who=player.label,
                     status=ctx.cat.statuses[effect.remove_status].name)
        if effect.gain_kaos:
            player.kaos += effect.gain_kaos
            ctx.emit("kaos.gained", RULE, who=player.label, kaos=effect.gain_kaos,
                     total=player.kaos)
        if effect.gain_rerolls:
            player.rerolls += effect.gain_rerolls
            ctx.emit("rerolls.gained", RULE, who=player.label, rerolls=effect.gain_rerolls,
                     total=player.rerolls)
        if effect.heal:
            healed = min(effect.heal, player.character.health - player.health)
            player.health += max(healed, 0)
            ctx.emit("healed", RULE, who=player.label, amount=max(healed, 0),
                     health=player.health)
        if effect.damage:
            player.health -= effect.damage
            ctx.emit("damage.other", RULE, who=player.label, amount=effect.damage,
                     source=card.name, health=max(player.health, 0))
            if player.health <= 0:
                yield from death_process(ctx, seat)
                return
    ctx.emit("encounter.resolved", "sample.random-encounters.deck", who=player.label,
             card=card.name)
