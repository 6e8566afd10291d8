"""The Enemies Act and Enemies React phases (raid.enemy-act.*, raid.round.enemies-*): draw a
villain card into the villain action row, each hero in activation order activates the
nearest minion of the card's colour (or spawns one), then the villain activates with the
card's actions; the Enemies React phase ends with the end-of-round discards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks, GameOver
from rulekeeper.rulesets.dire_alliance.messages import count
from rulekeeper.rulesets.dire_alliance.raid.enemy_actions import activate
from rulekeeper.rulesets.dire_alliance.raid.heroes import modifiers_text
from rulekeeper.rulesets.dire_alliance.raid.minions import activation_order, nearest_minion, spawn
from rulekeeper.rulesets.dire_alliance.raid.table import EnemiesTurn

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid


def draw_villain_card(t: Raid, act: bool) -> str:
    """raid.enemy-act.villain-card: the top villain card joins the villain action row."""
    villain = t.the_villain
    if not villain.deck:
        t.emit("raid.villain.empty", "raid.game.end.villain-deck-empty")
        raise GameOver("enemies", "villain-deck-empty")
    card = villain.deck.pop()
    villain.row.append(card)
    spec = t.villain_cards[card]
    t.emit("raid.villain.card", "raid.enemy-act.villain-card" if act
           else "raid.round.enemies-react.villain-card", card=spec.name,
           modifiers=modifiers_text(spec.modifiers), colour=spec.minion,
           villain=villain.spec.name, left=len(villain.deck),
           melee=t.stat(villain.fighter, "melee"), shoot=t.stat(villain.fighter, "shoot"),
           defense=t.stat(villain.fighter, "defense"))
    return card


def enemies_phase(t: Raid, act: bool) -> Asks[None]:
    """One Enemies phase: the villain card, the minions in activation order, the villain."""
    begin_enemies_phase(t, act)
    yield from activations(t, act)


def begin_enemies_phase(t: Raid, act: bool) -> None:
    t.phase = "Enemies Act" if act else "Enemies React"
    t.emit("raid.phase", "raid.enemy-act.when" if act else "raid.enemies-react.same",
           round=t.round, phase=t.phase)
    cites("raid.round.enemies-act.villain-card", "raid.round.enemies-act.minions",
          "raid.round.enemies-act.villain", "raid.round.enemies-react.activations")
    card = draw_villain_card(t, act)
    t.activated = set()
    t.enemies = EnemiesTurn(card, activation_order(t))


def activations(t: Raid, act: bool) -> Asks[None]:
    """The activations of the enemies phase begun (``t.enemies``), with a checkpoint before
    each hero's minion and before the villain; then, in the Enemies React phase, the end of
    the round."""
    turn = t.enemies
    assert turn is not None
    card = t.villain_cards[turn.card]
    cites("raid.enemy-act.minions-first")
    while turn.done < len(turn.order):
        t.table.checkpoint()
        seat = turn.order[turn.done]
        turn.done += 1
        hero = t.heroes[seat]
        minion = yield from nearest_minion(t, seat, card.minion)
        if minion is None:
            spawn(t, hero.name)
            continue
        t.activated.add(minion.id)
        t.decider = seat
        cites("raid.minion.faction-board", "raid.minion.basic-actions")
        yield from activate(t, minion, t.kinds[minion.card].actions,
                            f"{hero.name} activates it", "raid.minion.one-action")
    villain = t.the_villain.fighter
    if villain.on_board:
        t.table.checkpoint()
        t.decider = turn.order[0]
        cites("raid.enemy-act.villain", "raid.villain.card-action", "raid.villain.basic-actions")
        yield from activate(t, villain, card.actions,
                            f"after the minions, with the newest villain card, {card.name}",
                            "raid.villain.after-minions")
    t.enemies = None
    if not act:
        cites("raid.round.enemies-react.discard")
        end_of_round(t)


def end_of_round(t: Raid) -> None:
    """raid.enemies-react.discard.*: hands, then action rows (their tokens too), then the
    villain action row."""
    for hero in t.heroes.values():
        piles = hero.piles
        if piles.hand:
            t.emit("raid.discard.hand", "raid.enemies-react.discard.hand", hero=hero.name,
                   count=len(piles.hand))
            piles.discard.extend(piles.hand)
            piles.hand.clear()
    for hero in t.heroes.values():
        if hero.row:
            tokens = sum(len(c.tokens) for c in hero.row)
            t.emit("raid.discard.row", "raid.action-row.tokens.discard" if tokens
                   else "raid.enemies-react.discard.action-row", hero=hero.name,
                   count=len(hero.row),
                   tokens=f" and the {count(tokens, 'token')} on them" if tokens else "")
            hero.piles.discard.extend(c.card for c in hero.row)
            hero.row.clear()
    villain = t.the_villain
    t.emit("raid.discard.villain", "raid.enemies-react.discard.villain-row",
           count=len(villain.row))
    villain.discard.extend(villain.row)
    villain.row.clear()
