"""Minions: the bag, spawning (raid.spawn.*), the activation order and which minion each
hero activates (raid.enemy-act.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.messages import a
from rulekeeper.rulesets.dire_alliance.raid import ties
from rulekeeper.rulesets.dire_alliance.raid.attacks import attacks_with, valid_targets
from rulekeeper.rulesets.dire_alliance.raid.rulings import RaidHardControl

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.attack import Kind
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter


def activation_order(t: Raid) -> list[str]:
    """raid.enemy-act.activation-order: from the hero who most recently resolved an action,
    clockwise (seat order)."""
    seats = list(t.heroes)
    first = t.last_actor if t.last_actor in seats else seats[0]
    index = seats.index(first)
    order = seats[index:] + seats[:index]
    t.emit("raid.order", "raid.enemy-act.activation-order",
           order=[t.heroes[s].name for s in order], first=t.heroes[first].name)
    return order


def spawn_area(t: Raid, minion: Fighter) -> tuple[str, str, str]:
    """The area a drawn minion is placed in, why, and the rule: its colour's objective's area
    if that objective is in play, else the villain's area (the villain's starting area once
    the villain is defeated)."""
    colour = t.kinds[minion.card].colour
    objective = t.objectives.get(colour)
    if objective is not None and objective.claimed_by is None:
        return objective.area, f"the area of the {objective.name}", "raid.spawn.objective-area"
    villain = t.the_villain.fighter
    area = villain.area or t.scenario.villain_start
    why = (f"the {colour} objective is not in play, so the villain's area" if villain.on_board
           else f"the {colour} objective is not in play and the villain is defeated, so the "
                "villain's starting area")
    return area, why, "raid.spawn.villain-area"


def spawn(t: Raid, who: str) -> Fighter | None:
    """raid.spawn.random: ``who`` (a hero, or the villain) draws a random minion from the bag
    and places it."""
    if not t.bag:
        t.emit("raid.spawn.empty", "raid.spawn.random", who=who)
        return None
    token = t.bag.pop(t.rng.below(len(t.bag)))
    minion = t.fighters[token]
    area, why, rule = spawn_area(t, minion)
    t.place(minion, area)
    t.bump("minions_spawned")
    t.emit("raid.spawn", rule, who=who, minion=minion.name,
           colour=t.kinds[minion.card].colour, area=t.area_name(area), why=why)
    t.check_goal("enemies")
    return minion


MINION_CRITERION = ("a minion that can claim an objective now, then one that can attack a hero "
                    "now, then the one with the most attack dice")
ATTACKER_CRITERION = "a minion that can attack a hero now, then the one with the most attack dice"
"""The criterion before version 6 (ruling raid-hard-control=kinds or none)."""


def minion_score(t: Raid, minion: Fighter) -> tuple[float, ...]:
    """The hard ruling's score of a minion to activate: its first action is Control and it
    can claim an objective now (one in play in its area, no hero there), then it can attack
    a hero now, then its attack dice."""
    here = minion.area
    assert here is not None
    cites("raid.ruling.raid-hard-control")
    if (t.rulings.raid_hard_control is RaidHardControl.KINDS_AND_MINIONS
            and t.kinds[minion.card].actions[0].effects[0].verb == "control"
            and not t.heroes_in(here)
            and any(t.objectives[o].area == here for o in t.objectives_in_play())):
        return (2, 0)
    kinds: tuple[Kind, ...] = ("melee", "shoot")
    for kind in kinds:
        if attacks_with(t, minion, kind) and valid_targets(t, minion, kind):
            return (1, t.stat(minion, kind))
    return (0, 0)


def nearest_minion(t: Raid, seat: str, colour: str) -> Asks[Fighter | None]:
    """raid.enemy-act.minion.nearest / once: the nearest minion of ``colour`` not activated
    this phase (None when there is none); equidistant ones are a tie."""
    hero = t.heroes[seat]
    here = hero.fighter.area
    assert here is not None
    cites("raid.enemy-act.minion.once", "raid.spawn.same-phase")  # spawned ones count too
    pool = [m for m in t.minions() if t.kinds[m.card].colour == colour
            and m.id not in t.activated]
    if not pool:
        t.emit("raid.no-minion", "raid.enemy-act.spawn-if-none", hero=hero.name, colour=a(colour))
        return None
    distance = min(t.board.distance(here, m.area or here) for m in pool)
    near = [m for m in pool if t.board.distance(here, m.area or here) == distance]
    chosen = yield from ties.settle(
        t, seat, f"which {colour} minion {hero.name} activates",
        [ties.Candidate(m.id, f"{m.name} in {t.area_name(m.area)}", minion_score(t, m))
         for m in near], "raid.ties.mutual", MINION_CRITERION
        if t.rulings.raid_hard_control is RaidHardControl.KINDS_AND_MINIONS
        else ATTACKER_CRITERION)
    minion = t.fighters[chosen]
    t.emit("raid.nearest", "raid.enemy-act.minion.nearest", hero=hero.name, minion=minion.name,
           colour=colour, distance=int(distance))
    return minion
