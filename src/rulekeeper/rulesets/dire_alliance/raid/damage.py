"""Damage and healing in Raid Mode (raid.damage.*, raid.heal.*), and gaining cards.

A damaged hero loses a card whose damage icon matches the rank of the enemy that damaged
it (hand, then deck, then discard pile; never the action row) to its damage pile, or the
top card of its deck for an unranked enemy or an effect; a hero who cannot is defeated.
A damaged minion goes back to the bag; the villain takes a wound. A hero who defeats an
enemy may gain any card of its supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.entities import Measure
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks, GameOver
from rulekeeper.rulesets.dire_alliance.cards import draw, reshuffle
from rulekeeper.rulesets.dire_alliance.messages import a, a_card
from rulekeeper.rulesets.dire_alliance.raid import ties
from rulekeeper.rulesets.dire_alliance.raid.rulings import RaidHardControl, RaidWard
from rulekeeper.rulesets.dire_alliance.rulings import FocusEmptySupply

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.table import Hero, Raid
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter

WARD = "ward"
"""The token that prevents one damage from an enemy attack (sample class cards)."""


def suffer(t: Raid, fighter: Fighter, rule: str, source: Fighter | None) -> Asks[bool]:
    """One damage to ``fighter``; ``source`` is the attacker (None: an effect). Returns False
    when a ward token prevented it: then nothing is suffered (nor logged or counted as
    suffered). Under ruling raid-ward=spares-card the damage is suffered and the token only
    spares the card the hero would lose."""
    cites("raid.ruling.raid-ward")
    early = t.rulings.raid_ward is RaidWard.PREVENTS_DAMAGE
    if early and t.is_hero(fighter) and (yield from ward(t, t.hero(fighter), source)):
        return False
    cause = f"attacked by {source.name}" if source is not None else "an effect"
    t.emit("raid.damage", rule, fighter=fighter.name, source=cause)
    t.bump(f"{fighter.team}_damage_taken")
    t.credit(source, Measure.DAMAGE)
    if t.is_hero(fighter):
        if not early and (yield from ward(t, t.hero(fighter), source)):
            return True
        yield from hero_damage(t, t.hero(fighter), source)
    elif t.is_minion(fighter):
        t.remove(fighter)
        t.bag.append(fighter.id)
        t.bag.sort()
        t.bump("minions_defeated")
        t.credit(source, Measure.KILLS)
        t.emit("raid.minion.damaged", "raid.damage.minion", minion=fighter.name,
               bag=len(t.bag))
        yield from defeated_by(t, source)
    else:
        villain = t.the_villain
        villain.wounds += 1
        t.emit("raid.wound", "raid.damage.villain.wound", villain=fighter.name,
               wounds=villain.wounds, health=villain.health)
        if villain.wounds >= villain.health:
            fighter.defeated = True
            t.fell(fighter, t.round)
            t.credit(source, Measure.KILLS)
            t.remove(fighter)
            t.emit("raid.villain.defeated", "raid.damage.villain.defeated",
                   villain=fighter.name, wounds=villain.wounds)
            t.check_goal("heroes")
            yield from defeated_by(t, source)
    return True


def defeated_by(t: Raid, source: Fighter | None) -> Asks[None]:
    """raid.gain-cards.defeat: the hero who defeated an enemy may gain one card."""
    if source is not None and t.is_hero(source):
        yield from gain(t, t.hero(source), 1, "raid.gain-cards.defeat")


def ward(t: Raid, hero: Hero, source: Fighter | None) -> Asks[bool]:
    """A hero about to suffer an enemy attack's damage may discard a ward token from its
    action row to prevent it; True when it does."""
    warded = [c for c in hero.row if WARD in c.tokens]
    if source is None or not warded:
        return False
    cites("raid.sample.ward")
    card = t.card_name(warded[0].card)
    answer = yield from t.ask(
        hero.seat, "ward", [("ward", f"Discard a ward token from {card} to prevent the damage"),
                            ("take", "Suffer the damage")],
        "raid.action-row.tokens.placed",
        f"{hero.name} would suffer damage from {source.name}: discard a ward token to "
        "prevent it?")
    if answer != "ward":
        return False
    warded[0].tokens.remove(WARD)
    t.emit("raid.ward", "raid.action-row.tokens.placed", hero=hero.name,
           card=t.card_name(warded[0].card))
    return True


def hero_damage(t: Raid, hero: Hero, source: Fighter | None) -> Asks[None]:
    """Lose the matching card, or be defeated."""
    rank = t.rank(source) if source is not None else None
    if rank is None:
        lost = lose_top(t, hero, "an unranked enemy" if source is not None else "an effect")
        wanted = "the top card of the deck (deck and discard pile are empty)"
    else:
        lost = yield from lose_ranked(t, hero, rank)
        wanted = f"a card with a rank {rank} damage icon from hand, deck or discard pile"
    if not lost:
        hero.fighter.defeated = True
        t.fell(hero.fighter, t.round)
        t.credit(source, Measure.KILLS)
        t.remove(hero.fighter)
        t.emit("raid.hero.defeated", "raid.damage.hero.defeated", hero=hero.name,
               wanted=wanted)
        cites("raid.game.lose.hero-defeated")
        raise GameOver("enemies", "hero-defeated")


@cites("raid.damage.hero.damage-pile", "raid.lose-card.damage-pile")
def lose_top(t: Raid, hero: Hero, why: str) -> bool:
    """raid.damage.hero.unranked: the top card of the deck goes to the damage pile (an empty
    deck is refilled from the discard pile first). False when there is no card."""
    piles = hero.piles
    if not piles.deck and piles.discard:
        reshuffle(t, piles)
    if not piles.deck:
        return False
    card = piles.deck.pop()
    piles.graveyard.append(card)
    t.bump("hero_cards_lost")
    t.emit("raid.lose.top", "raid.damage.hero.unranked", hero=hero.name,
           card=t.card_name(card), why=why)
    return True


@cites("raid.damage.hero.damage-pile", "raid.lose-card.damage-pile",
       "raid.damage.hero.action-row")
def lose_ranked(t: Raid, hero: Hero, rank: str) -> Asks[bool]:
    """raid.damage.hero.rank-card / search-order: a card with the rank's damage icon, from
    hand (then draw a card), else deck, else discard pile; the hero picks which card when
    several differ; never from the action row. False when there is none."""
    piles = hero.piles
    searched = (("hand", piles.hand), ("deck", piles.deck), ("discard pile", piles.discard))
    for where, pile in searched:
        matching = sorted({c for c in pile if rank in t.cards[c].icons})
        if not matching:
            continue
        card = yield from t.ask(
            hero.seat, "lose-card", [(c, f"Lose {t.card_name(c)} from your {where}")
                                     for c in matching],
            "raid.damage.hero.rank-card", f"{hero.name} must lose a card with a rank {rank} icon")
        pile.remove(card)
        piles.graveyard.append(card)
        t.bump("hero_cards_lost")
        t.emit("raid.lose", "raid.damage.hero.search-order", hero=hero.name,
               card=a_card(t.card_name(card)), pile=where, rank=rank)
        if where == "hand":
            draw(t, piles, 1, "battle.suffer-damage.hand.b")
        return True
    return False


def can_heal(t: Raid, fighter: Fighter) -> bool:
    if t.is_hero(fighter):
        return bool(t.hero(fighter).damage_pile)
    if t.is_villain(fighter):
        return t.the_villain.wounds > 0
    return bool(same_rank_in_bag(t, fighter))


def same_rank_in_bag(t: Raid, minion: Fighter) -> list[str]:
    """The kinds of minion in the bag with the rank of ``minion``."""
    rank = t.rank(minion)
    return sorted({t.fighters[m].card for m in t.bag
                   if t.kinds[t.fighters[m].card].rank == rank})


def heal(t: Raid, fighter: Fighter, times: int, rule: str) -> Asks[None]:
    """raid.heal.*: a hero moves a card of its choice from its damage pile to its discard
    pile; the villain discards a wound; a minion is instead joined by a minion of its rank
    from the bag."""
    for _ in range(times):
        t.spend()
        if fighter.defeated or not can_heal(t, fighter):
            t.emit("raid.heal.nothing", rule, fighter=fighter.name,
                   why="no card in the damage pile" if t.is_hero(fighter)
                   else "no wound" if t.is_villain(fighter)
                   else "no minion of its rank in the bag")
            return
        if t.is_hero(fighter):
            cites("battle.keyword.heal.hero")  # any card of its damage pile
            hero = t.hero(fighter)
            card = yield from t.ask(
                hero.seat, "heal-card",
                [(c, f"Move {t.card_name(c)} from the damage pile to the discard pile")
                 for c in sorted(set(hero.damage_pile))],
                "raid.heal.hero", f"{hero.name} heals: which card?")
            hero.damage_pile.remove(card)
            hero.piles.discard.append(card)
            t.bump("hero_heals")
            t.emit("raid.heal.hero", "raid.heal.hero", hero=hero.name,
                   card=a_card(t.card_name(card)))
        elif t.is_villain(fighter):
            villain = t.the_villain
            cites("raid.additional.villain-heal")
            villain.wounds -= 1
            t.emit("raid.heal.villain", "raid.heal.villain", villain=fighter.name,
                   wounds=villain.wounds, health=villain.health)
        else:
            yield from heal_minion(t, fighter)


@cites("raid.additional.minion-heal")
def heal_minion(t: Raid, minion: Fighter) -> Asks[None]:
    """raid.heal.minion: a minion of the same rank from the bag is placed in its area; which
    kind, when the bag holds several of that rank, is a tie (hard: ``kind_score``)."""
    kinds = same_rank_in_bag(t, minion)
    candidates = [ties.Candidate(k, t.kinds[k].name, kind_score(t, k)) for k in kinds]
    chosen = yield from ties.settle(t, t.decider, f"which minion of rank "
                                    f"{t.rank(minion)} joins {minion.name}", candidates,
                                    "raid.ties.mutual", KIND_CRITERION
                                    if t.rulings.raid_hard_control is not RaidHardControl.NONE
                                    else STRONGEST)
    token = next(m for m in t.bag if t.fighters[m].card == chosen)
    t.bag.remove(token)
    area = minion.area
    assert area is not None
    placed = t.fighters[token]
    t.place(placed, area)
    t.bump("minions_placed")
    t.emit("raid.heal.minion", "raid.heal.minion", minion=minion.name, placed=a(placed.name),
           rank=t.rank(minion) or "unranked", area=t.area_name(area))
    t.check_goal("enemies")


KIND_CRITERION = "a kind whose first action is Control, then the strongest (most dice in all)"
STRONGEST = "the strongest kind (most dice in all)"
"""The criterion before version 5 (ruling raid-hard-control=none)."""


def kind_score(t: Raid, kind: str) -> tuple[float, ...]:
    """The hard ruling's score of a minion kind joining the board: one whose first action is
    Control (it claims the objective where it stands at its next activation, the enemies'
    way to win), then the most dice (ruling raid-hard-control=none: the most dice)."""
    if t.rulings.raid_hard_control is RaidHardControl.NONE:
        return (strength(t, kind),)
    claims = t.kinds[kind].actions[0].effects[0].verb == "control"
    return (1 if claims else 0, strength(t, kind))


def strength(t: Raid, kind: str) -> int:
    """Dice a minion kind rolls in all: melee (or its star ability's dice), shoot, defense."""
    spec = t.kinds[kind]
    star = spec.star.attack.dice if spec.star else 0
    return sum(v if isinstance(v, int) else star for v in (spec.melee, spec.shoot, spec.defense))


def gain(t: Raid, hero: Hero, count: int, rule: str) -> Asks[None]:
    """raid.gain-cards.any-supply: for each card, the hero may take any card of its supply
    into its discard pile. Ruling ``focus-empty-supply`` settles a supply holding fewer."""
    supply = hero.piles.supply
    held = sum(supply.values())
    if held < count:
        ruling = t.rulings.focus_empty_supply
        limit = held if ruling is FocusEmptySupply.WHAT_IS_THERE else 0
        t.emit("raid.gain.short", "raid.ruling.focus-empty-supply", hero=hero.name,
               wanted=count, held=held, count=limit, ruling=ruling.value)
        count = limit
    for _ in range(count):
        choices = [(c, f"Gain {t.card_name(c)} ({n} in the supply)")
                   for c, n in supply.items() if n > 0]
        answer = yield from t.ask(hero.seat, "gain", [*choices, ("none", "Gain no card")],
                                  rule, f"{hero.name} may gain a card from the supply")
        if answer == "none":
            t.emit("raid.gain.none", rule, hero=hero.name, why="the player chose none")
            return
        supply[answer] -= 1
        hero.piles.discard.append(answer)
        t.bump("hero_cards_gained")
        t.emit("raid.gain", rule, hero=hero.name, card=a_card(t.card_name(answer)),
               left=supply[answer])
