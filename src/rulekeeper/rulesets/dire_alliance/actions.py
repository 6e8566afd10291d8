"""The actions a fighter may perform during its activation: its card's ➤ special action, the
basic actions (Move, Melee, Shoot, Focus, Control, Interact) and returning a dread card.

``options`` lists them with stable ids (``move:crossroads``, ``melee:blue.butcher``,
``focus:red.devoted``, ``control:bog-site``, ``special``, ``interact``, ``dread``);
``perform`` carries one out. Both are independent of whose turn it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.entities import Measure
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance import special
from rulekeeper.rulesets.dire_alliance.attack import attack, attack_dice, roll_text
from rulekeeper.rulesets.dire_alliance.cards import DREAD
from rulekeeper.rulesets.dire_alliance.messages import a, count
from rulekeeper.rulesets.dire_alliance.movement import move
from rulekeeper.rulesets.dire_alliance.rulings import FocusEmptySupply

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.models import Interact
    from rulekeeper.rulesets.dire_alliance.table import Battle
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Objective, PlayArea

FOCUS_HERE = 2
"""Cards gained by Focus on itself or a friendly fighter in its area (battle.action.focus.a)."""
FOCUS_SEEN = 1
"""Cards gained by Focus on a friendly fighter it sees elsewhere (battle.action.focus.b)."""


def focus_options(t: Battle, fighter: Fighter) -> list[tuple[str, str]]:
    """Focus on itself or a friendly fighter: one option per card gained and count (two
    fighters of one card, Dr. Kramer and Rutger, gain the same cards: one option; before
    version 3, one option per fighter)."""
    by_card = t.made("focus-by-card")
    chosen: dict[tuple[str, str, int], list[Fighter]] = {}
    for friend in special.candidates(t, fighter, "friend-seen", None):
        gained = FOCUS_HERE if friend.area == fighter.area else FOCUS_SEEN
        key = friend.card if by_card else friend.id
        chosen.setdefault((friend.side, key, gained), []).append(friend)
    labelled = t.table.labelled
    out = []
    for (side, _, gained), friends in chosen.items():
        option = f"focus:{friends[0].id}"
        if not labelled:
            out.append((option, option))
            continue
        names = " and ".join(f.name for f in friends)
        held = t.sides[side].supply.get(friends[0].card, 0)
        out.append((option, f"Focus: {names} gain{'s' * (len(friends) == 1)} "
                            f"{count(gained, 'card')} ({held} in supply)"))
    return out


@cites("battle.status.stunned-prevents.control")  # only a ready enemy blocks Control
def claimable(t: Battle, fighter: Fighter) -> list[Objective]:
    """Enemy objectives in the fighter's area when no ready enemy fighter is there."""
    area = fighter.area
    if area is None or t.ready_enemies_in(area, fighter.team):
        return []
    return [o for o in t.objectives.values()
            if o.area == area and o.owner != fighter.team and o.claimed_by is None]


@cites("battle.action.basic", "battle.board.adjacent")
def options(t: Battle, fighter: Fighter, interact: Interact | None = None,
            dread_in_play: bool = False) -> list[tuple[str, str]]:
    """Every action the fighter may perform now, as (id, label): its special action, or one
    of the basic actions. (A game no one reads labels them by their ids: the same options,
    without the work of the labels, ``Table.labelled``.)"""
    assert fighter.area is not None
    here = fighter.area
    form = fighter.form
    labelled = t.table.labelled
    out: list[tuple[str, str]] = []
    if form.special is not None and special.possible(t, fighter, form.special.effects):
        out.append(("special", f"➤ {form.special.name}: {form.special.text}"
                    if labelled else "special"))
    watchers = t.ready_enemies_in(here, fighter.team) if labelled else []
    risk = f" (opportunity attacks: {len(watchers)})" if watchers else ""
    for area in t.board.neighbours(here):
        option = f"move:{area}"
        out.append((option, f"Move to {t.area_name(area)}{risk}" if labelled else option))
    if attack_dice(t, fighter, "melee", 0) > 0:
        for enemy in t.enemies_in(here, fighter.team):
            option = f"melee:{enemy.id}"
            out.append((option, f"Melee {enemy.name} ({roll_text(t, fighter, [enemy], 'melee')})"
                        if labelled else option))
    if attack_dice(t, fighter, "shoot", 0) > 0:
        for enemy in special.shoot_targets(t, fighter):
            option = f"shoot:{enemy.id}"
            out.append((option, f"Shoot {enemy.name} in {t.area_name(enemy.area)} "
                                f"({roll_text(t, fighter, [enemy], 'shoot')})"
                        if labelled else option))
    out += focus_options(t, fighter)
    for objective in claimable(t, fighter):
        option = f"control:{objective.id}"
        out.append((option, f"Control: claim {objective.name}" if labelled else option))
    if interact is not None and special.interact_possible(t, fighter, interact):
        cites("battle.action.interact.b")  # the scenario sheet's action
        out.append(("interact", f"➤ Interact: {interact.name}" if labelled else "interact"))
    if dread_in_play:
        out.append(("dread", "Return a played dread card to the dread pile"))
    return out


def perform(t: Battle, fighter: Fighter, option: str,
            interact: Interact | None = None) -> Asks[None]:
    """Carry out the action ``option`` (an id from :func:`options`)."""
    verb, _, arg = option.partition(":")
    if verb == "special":
        own = fighter.form.special
        assert own is not None
        yield from special.resolve(t, fighter, own.name, own.effects)
    elif verb == "move":
        yield from move(t, fighter, arg)
    elif verb in ("melee", "shoot"):
        rule = "battle.action.melee" if verb == "melee" else "battle.action.shoot.a"
        t.emit("action", rule, fighter=fighter.name, action=a(verb.capitalize()))
        yield from attack(t, fighter, [t.fighters[arg]], "melee" if verb == "melee" else "shoot")
    elif verb == "focus":
        focus(t, fighter, t.fighters[arg])
    elif verb == "control":
        control(t, fighter, t.objectives[arg])
    elif verb == "interact":
        assert interact is not None
        t.emit("interact", "battle.action.interact.a", fighter=fighter.name, action=interact.name)
        yield from special.resolve(t, fighter, interact.name, interact.effects)
    elif verb == "dread":
        area = t.sides[fighter.side]
        area.play.remove(DREAD)
        t.dread += 1
        t.emit("dread.returned", "battle.dread.play.return", fighter=fighter.name, left=t.dread)


def focus(t: Battle, fighter: Fighter, target: Fighter) -> None:
    """battle.action.focus.a/.b: 2 cards in its own area, 1 to a friendly fighter it sees."""
    here = target.area == fighter.area
    count = FOCUS_HERE if here else FOCUS_SEEN
    if t.logging:
        t.emit("focus", "battle.action.focus.a" if here else "battle.action.focus.b",
               fighter=fighter.name, target=target.name, count=count)
    gain(t, t.sides[target.side], target.card, count, target.name)


def control(t: Battle, fighter: Fighter, objective: Objective) -> None:
    """Claim an enemy objective and place it in the play area; the goal may be reached."""
    objective.claimed_by = fighter.side
    claimed = t.sides[fighter.side].claimed
    claimed.append(objective.id)
    t.bump(f"{fighter.side}_objectives")
    t.credit(fighter, Measure.OBJECTIVES)
    t.emit("control", "battle.action.control", fighter=fighter.name, seat=fighter.side,
           seat_owner=objective.owner, objective=objective.name, claimed=len(claimed))
    t.check_goal(fighter.side)


def gain(t: Battle, area: PlayArea, card: str, wanted: int, fighter: str) -> int:
    """Move ``wanted`` cards from the card's supply pile to the discard pile.

    When the pile holds fewer, ruling ``focus-empty-supply`` decides: ``what-is-there``
    gains what the pile holds, ``all-or-nothing`` gains nothing.
    """
    held = area.supply.get(card, 0)
    count = wanted
    if held < wanted:
        count = held if t.rulings.focus_empty_supply is FocusEmptySupply.WHAT_IS_THERE else 0
        if t.logging:
            t.emit("gain.short", "battle.ruling.focus-empty-supply", fighter=fighter,
                   wanted=wanted, held=held, count=count,
                   ruling=t.rulings.focus_empty_supply.value)
    if count:
        area.supply[card] = held - count
        area.discard.extend([card] * count)
        if t.logging:
            t.emit("gain", "battle.action.focus.c", fighter=fighter, seat=area.seat,
                   count=count, left=area.supply[card])
    return count
