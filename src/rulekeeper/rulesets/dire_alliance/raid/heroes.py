"""The heroes' phases (raid.hero-act.*, raid.heroes-react.*): playing a card face up (its ➤
special action, or nothing) or face down (a basic action, or nothing) into the action row,
the two-card limit of the Heroes Act phase, exerting, and boosting before dice are rolled.

Heroes act in any order: the first hero (in seat order) who may still act is asked, and may
let the next one act first; the last hero who has not let another go first must act. In
the Heroes React phase a hero may stop playing cards at any time.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance import special
from rulekeeper.rulesets.dire_alliance.attack import attack, roll_text
from rulekeeper.rulesets.dire_alliance.cards import draw
from rulekeeper.rulesets.dire_alliance.messages import a, count
from rulekeeper.rulesets.dire_alliance.movement import move
from rulekeeper.rulesets.dire_alliance.raid.models import DASH, Modifiers
from rulekeeper.rulesets.dire_alliance.raid.pieces import Hero, RowCard

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Stat

HAND_SIZE = 4
"""Cards each player draws when the Heroes Act phase begins (raid.hero-act.draw)."""
ACT_LIMIT = 2
"""Cards in its action row after which a hero performs no more actions in the Heroes Act
phase (raid.hero-act.two-card-limit)."""


def modifiers_text(mods: Modifiers) -> str:
    """``"+1 melee, -1 defense"`` (or ``"no modifiers"``).

    >>> modifiers_text(Modifiers(melee=2, defense=-1))
    '+2 melee, -1 defense'
    """
    return _modifiers_text(mods.melee, mods.shoot, mods.defense)


@lru_cache(maxsize=256)
def _modifiers_text(melee: int, shoot: int, defense: int) -> str:
    """(Every hero decision's options name the modifiers of the cards in hand: each text is
    made once.)"""
    parts = [f"{v:+d} {k}" for k, v in (("melee", melee), ("shoot", shoot),
                                         ("defense", defense)) if v]
    return ", ".join(parts) or "no modifiers"


def may_act(hero: Hero, act: bool) -> bool:
    """Whether the hero may still do something this phase (play a card or exert)."""
    if act and len(hero.row) >= ACT_LIMIT:
        return False
    if not act and hero.done:
        return False
    return bool(hero.piles.hand) or not hero.exerted


def heroes_phase(t: Raid, act: bool) -> Asks[None]:
    """The Heroes Act phase (``act``: draw four, act until every hero has two cards in its
    action row) or the Heroes React phase (play any remaining cards)."""
    begin_heroes_phase(t, act)
    yield from heroes_turns(t, act)


def begin_heroes_phase(t: Raid, act: bool) -> None:
    t.phase = "Heroes Act" if act else "Heroes React"
    t.emit("raid.phase", "raid.round.heroes-act.actions" if act else "raid.round.heroes-react",
           round=t.round, phase=t.phase)
    cites("raid.hero-act.actions")
    for hero in t.heroes.values():
        hero.exerted = hero.done = False
        if act:
            cites("raid.round.heroes-act.draw")
            draw(t, hero.piles, HAND_SIZE, "raid.hero-act.draw")
    t.waited = []


def heroes_turns(t: Raid, act: bool) -> Asks[None]:
    """The heroes' turns of the phase begun, one action at a time until the phase ends, with
    a checkpoint before each (``t.waited`` holds who let another go first)."""
    waited = t.waited
    assert waited is not None
    while True:
        if act and all(len(h.row) >= ACT_LIMIT for h in t.heroes.values()):
            t.emit("raid.act.end", "raid.hero-act.end")
            break
        able = [h for h in t.heroes.values() if may_act(h, act)]
        if not able:
            t.emit("raid.phase.over", "raid.heroes-react.end" if not act
                   else "raid.round.heroes-act.actions", phase=t.phase)
            break
        t.table.checkpoint()
        cites("raid.hero-act.fully-resolved")  # one action at a time, each fully resolved
        turn = [h for h in able if h.seat not in waited] or able
        hero = turn[0]
        choice = yield from ask_turn(t, hero, act, turn[1] if len(turn) > 1 else None)
        if choice == "wait":
            waited.append(hero.seat)
            t.emit("raid.wait", "raid.hero-act.any-order", hero=hero.name,
                   other=turn[1].name)
            continue
        waited.clear()
        if choice == "stop":
            hero.done = True
            t.emit("raid.stop", "raid.heroes-react.end" if not act
                   else "raid.round.heroes-act.actions", hero=hero.name)
            continue
        yield from take_action(t, hero, choice)
        if act and len(hero.row) >= ACT_LIMIT:
            t.emit("raid.limit", "raid.hero-act.two-card-limit", hero=hero.name,
                   count=len(hero.row))
    t.waited = None


def ask_turn(t: Raid, hero: Hero, act: bool, other: Hero | None) -> Asks[str]:
    """The hero's choice: a card to play face up or face down, exert, let another hero act
    first, or stop (React phase, or an empty hand). (A game no one reads labels the cards'
    options by their ids, ``Table.labelled``.)"""
    pairs: list[tuple[str, str]] = []
    labelled = t.table.labelled
    for card in sorted(set(hero.piles.hand)):
        up, down = f"up:{card}", f"down:{card}"
        if not labelled:
            pairs += ((up, up), (down, down))
            continue
        spec = t.cards[card]
        mods = modifiers_text(spec.modifiers)
        what = f"➤ {spec.special.name}: {spec.special.text}" if spec.special else "no ➤ action"
        pairs.append((up, f"Play {spec.name} face up ({mods}; {what})"))
        pairs.append((down, f"Play {spec.name} face down (a basic action)"))
    if not hero.exerted:
        cites("raid.exert.optional")
        pairs.append(("exert", "Exert: lose the top card of your deck to Move"))
    if other is not None:
        pairs.append(("wait", f"Let {other.name} act first"))
    if not act or not hero.piles.hand:
        pairs.append(("stop", "Play no more cards this phase"))
    rule = "raid.hero-action.play-card" if act else "raid.heroes-react.play"
    return (yield from t.ask(hero.seat, "hero-action", pairs, rule,
                             f"{t.phase}: {hero.name}'s action ({count(len(hero.row), 'card')} "
                             f"in the action row)"))


def take_action(t: Raid, hero: Hero, choice: str) -> Asks[None]:
    """Carry out a hero's turn choice: exert, or play a card and act with it. During its
    action the hero settles the ties the rules leave to the players (ruling raid-ties)."""
    t.last_actor = t.decider = hero.seat
    if choice == "exert":
        yield from exert(t, hero)
        return
    face, _, card = choice.partition(":")
    cites("raid.action-row.play", "raid.action-row.row", "raid.hero-action.keep",
          "raid.hero-action.face")
    hero.piles.hand.remove(card)
    row_card = RowCard(card, face == "up")
    hero.row.append(row_card)
    t.bump("hero_cards_played")
    t.played.add(card)
    t.emit("raid.play", "raid.hero-action.faceup" if face == "up"
           else "raid.hero-action.facedown", hero=hero.name, card=t.card_name(card),
           face=face, count=len(hero.row))
    if face == "up":
        yield from faceup_action(t, hero, row_card)
    else:
        yield from basic_action(t, hero, row_card)


def faceup_action(t: Raid, hero: Hero, row_card: RowCard) -> Asks[None]:
    """raid.hero-action.faceup: the card's ➤ special action, or no action. While it is
    resolved, the card is the one its effects put tokens on."""
    hero.resolving = row_card
    cites("raid.hero-action.move.c")  # a card may withdraw the hero: not a Move action
    try:
        yield from special_or_nothing(t, hero, row_card)
    finally:
        hero.resolving = None


def special_or_nothing(t: Raid, hero: Hero, row_card: RowCard) -> Asks[None]:
    own = t.cards[row_card.card].special
    pairs = [("none", "No action")]
    if own is not None and special.possible(t, hero.fighter, own.effects):
        pairs.insert(0, ("special", f"➤ {own.name}: {own.text}"))
    answer = yield from t.ask(hero.seat, "action", pairs, "raid.hero-action.faceup",
                              f"{hero.name}: the special action of "
                              f"{t.card_name(row_card.card)}?")
    if answer == "none":
        t.emit("raid.no-action", "raid.hero-action.faceup", hero=hero.name,
               card=t.card_name(row_card.card))
        return
    assert own is not None
    yield from special.resolve(t, hero.fighter, own.name, own.effects)


def could_roll(t: Raid, hero: Hero, stat: Stat) -> bool:
    """The hero has dice for ``stat``, or could boost to have some (not for a "—" stat)."""
    if t.stat(hero.fighter, stat) > 0:
        return True
    if getattr(hero.spec, stat) == DASH:
        return False
    return any(getattr(t.cards[c].modifiers, stat) > 0 for c in hero.piles.hand)


def basic_options(t: Raid, hero: Hero) -> list[tuple[str, str]]:
    """raid.hero-action.facedown: Move, Melee, Shoot (no enemy in the area), Rest (no enemy
    in the area), Interact; or no action. (A game no one reads labels the moves and attacks
    by their ids, ``Table.labelled``.)"""
    fighter = hero.fighter
    here = fighter.area
    assert here is not None
    labelled = t.table.labelled
    enemies = t.enemies_in(here, fighter.team)
    out: list[tuple[str, str]] = []
    risk = f" (opportunity attacks: {len(enemies)})" if enemies else ""
    for area in t.board.neighbours(here):
        option = f"move:{area}"
        out.append((option, f"Move to {t.area_name(area)}{risk}" if labelled else option))
    if could_roll(t, hero, "melee"):
        for enemy in enemies:
            option = f"melee:{enemy.id}"
            out.append((option, f"Melee {enemy.name} ({roll_text(t, fighter, [enemy], 'melee')})"
                        if labelled else option))
    cites("raid.hero-action.shoot.b")
    if not enemies and could_roll(t, hero, "shoot"):
        for enemy in special.shoot_targets(t, fighter):
            option = f"shoot:{enemy.id}"
            out.append((option, f"Shoot {enemy.name} in {t.area_name(enemy.area)} "
                                f"({roll_text(t, fighter, [enemy], 'shoot')})"
                        if labelled else option))
    if not enemies and t.can_heal(fighter):
        out.append(("rest", "Rest: heal (a card from your damage pile to your discard pile)"))
    if special.interact_possible(t, fighter, t.scenario.interact):
        assert t.scenario.interact is not None
        out.append(("interact", f"➤ Interact: {t.scenario.interact.name}"))
    out.append(("none", "No action"))
    return out


RULES = {"move": "raid.hero-action.move.a", "melee": "raid.hero-action.melee",
         "shoot": "raid.hero-action.shoot.a", "rest": "raid.hero-action.rest",
         "interact": "raid.hero-action.interact.a"}


def basic_action(t: Raid, hero: Hero, row_card: RowCard) -> Asks[None]:
    fighter = hero.fighter
    answer = yield from t.ask(hero.seat, "action", basic_options(t, hero),
                              "raid.hero-action.facedown",
                              f"{hero.name}: which basic action "
                              f"({t.area_name(fighter.area)})?")
    verb, _, arg = answer.partition(":")
    if verb == "none":
        t.emit("raid.no-action", "raid.hero-action.facedown", hero=hero.name,
               card="face-down")
        return
    t.emit("raid.action", RULES[verb], hero=hero.name, action=a(verb.capitalize()))
    if verb == "move":
        yield from move(t, fighter, arg)
    elif verb in ("melee", "shoot"):
        yield from attack(t, fighter, [t.fighters[arg]], "melee" if verb == "melee"
                          else "shoot")
    elif verb == "rest":
        yield from t.heal(fighter, 1, "raid.hero-action.rest")
    else:
        interact = t.scenario.interact
        assert interact is not None
        yield from special.resolve(t, fighter, interact.name, interact.effects)


def exert(t: Raid, hero: Hero) -> Asks[None]:
    """raid.exert.*: suffer a damage (the top card of the deck), then a Move action."""
    hero.exerted = True
    t.bump("exerts")
    t.emit("raid.exert", "raid.exert.once-per-phase", hero=hero.name)
    yield from t.suffer_damage(hero.fighter, "raid.exert.damage")
    here = hero.fighter.area
    assert here is not None
    destination = yield from t.ask(
        hero.seat, "area", [(a, t.area_name(a)) for a in t.board.neighbours(here)],
        "raid.exert.move", f"{hero.name}: Move (exert) where?")
    t.emit("raid.action", "raid.exert.move", hero=hero.name, action=a("Move"))
    yield from move(t, hero.fighter, destination)


@cites("raid.boost.name", "raid.boost.no-action")
def boost_window(t: Raid, attacker: Fighter, targets: list[Fighter], kind: str) -> Asks[None]:
    """raid.boost.*: before an attack's dice are rolled, each hero rolling (the attacker, or
    a target defending) may play cards face up from its hand for their modifiers (a boost:
    no action)."""
    for fighter in [attacker, *targets]:
        if not t.is_hero(fighter):
            continue
        hero = t.hero(fighter)
        role = (f"attacking {', '.join(f.name for f in targets)} ({kind})" if fighter is attacker
                else f"defending against {attacker.name}'s {kind}")
        while hero.piles.hand:
            pairs = [(f"boost:{c}", f"Boost with {t.card_name(c)} "
                                    f"({modifiers_text(t.cards[c].modifiers)})")
                     for c in sorted(set(hero.piles.hand))]
            answer = yield from t.ask(hero.seat, "boost", [("done", "No (more) boost"), *pairs],
                                      "raid.boost.play",
                                      f"{hero.name}, {role}: boost before the dice are rolled?")
            if answer == "done":
                break
            card = answer.partition(":")[2]
            hero.piles.hand.remove(card)
            hero.row.append(RowCard(card, True))
            t.bump("boosts")
            t.played.add(card)
            t.emit("raid.boost", "raid.boost.modifiers", hero=hero.name,
                   card=t.card_name(card),
                   modifiers=modifiers_text(t.cards[card].modifiers),
                   melee=t.stat(fighter, "melee"), shoot=t.stat(fighter, "shoot"),
                   defense=t.stat(fighter, "defense"))
