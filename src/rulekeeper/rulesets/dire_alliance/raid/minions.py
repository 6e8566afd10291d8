"""Minions: the bag, spawning (raid.spawn.*), the activation order and which minion each
hero activates (raid.enemy-act.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.raid import ties
from rulekeeper.rulesets.dire_alliance.raid.attacks import attacks_with, valid_targets

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.attack import Kind
    from rulekeeper.rulesets.dire_alliance.raid.state import Raid
    from rulekeeper.rulesets.dire_alliance.state import Fighter

TEMPLATES = {
    "raid.order": "Activation order: {order} (beginning with {first}, who acted most recently)",
    "raid.spawn": "{who} spawns a minion: {minion} ({colour}, drawn at random from the bag) is "
                  "placed in {area}, {why}",
    "raid.spawn.empty": "{who} should spawn a minion, but the bag is empty",
    "raid.nearest": "{hero} activates {minion}: the nearest {colour} minion not yet activated "
                    "this phase ({distance} border(s) away)",
    "raid.no-minion": "{hero} cannot activate a {colour} minion (none on the board that has not "
                      "been activated this phase)",
}


def activation_order(raid: Raid) -> list[str]:
    """raid.enemy-act.activation-order: from the hero who most recently resolved an action,
    clockwise (seat order)."""
    seats = list(raid.heroes)
    first = raid.last_actor if raid.last_actor in seats else seats[0]
    index = seats.index(first)
    order = seats[index:] + seats[:index]
    raid.emit("raid.order", "raid.enemy-act.activation-order",
              order=[raid.heroes[s].name for s in order], first=raid.heroes[first].name)
    return order


def spawn_area(raid: Raid, minion: Fighter) -> tuple[str, str, str]:
    """The area a drawn minion is placed in, why, and the rule: its colour's objective's area
    if that objective is in play, else the villain's area (the villain's starting area once
    the villain is defeated)."""
    colour = raid.kinds[minion.card].colour
    objective = raid.objectives.get(colour)
    if objective is not None and objective.claimed_by is None:
        return objective.area, f"the area of the {objective.name}", "raid.spawn.objective-area"
    villain = raid.the_villain.fighter
    area = villain.area or raid.scenario.villain_start
    why = (f"the {colour} objective is not in play, so the villain's area" if villain.on_board
           else f"the {colour} objective is not in play and the villain is defeated, so the "
                "villain's starting area")
    return area, why, "raid.spawn.villain-area"


def spawn(raid: Raid, who: str) -> Fighter | None:
    """raid.spawn.random: ``who`` (a hero, or the villain) draws a random minion from the bag
    and places it."""
    if not raid.bag:
        raid.emit("raid.spawn.empty", "raid.spawn.random", who=who)
        return None
    token = raid.bag.pop(raid.rng.below(len(raid.bag)))
    minion = raid.fighters[token]
    area, why, rule = spawn_area(raid, minion)
    raid.place(minion, area)
    raid.bump("minions_spawned")
    raid.emit("raid.spawn", rule, who=who, minion=minion.name,
              colour=raid.kinds[minion.card].colour, area=raid.area_name(area), why=why)
    raid.check_goal("enemies")
    return minion


def minion_score(raid: Raid, minion: Fighter) -> tuple[float, ...]:
    """The hard ruling's score of a minion to activate: it can attack a hero now, then its
    attack dice, then the minion id order."""
    kinds: tuple[Kind, ...] = ("melee", "shoot")
    for kind in kinds:
        if attacks_with(raid, minion, kind) and valid_targets(raid, minion, kind):
            return (1, raid.stat(minion, kind))
    return (0, 0)


def nearest_minion(raid: Raid, seat: str, colour: str) -> Asks[Fighter | None]:
    """raid.enemy-act.minion.nearest / once: the nearest minion of ``colour`` not activated
    this phase (None when there is none); equidistant ones are a tie."""
    hero = raid.heroes[seat]
    here = hero.fighter.area
    assert here is not None
    pool = [m for m in raid.minions() if raid.kinds[m.card].colour == colour
            and m.id not in raid.activated]
    if not pool:
        raid.emit("raid.no-minion", "raid.enemy-act.spawn-if-none", hero=hero.name, colour=colour)
        return None
    distance = min(raid.board.distance(here, m.area or here) for m in pool)
    near = [m for m in pool if raid.board.distance(here, m.area or here) == distance]
    chosen = yield from ties.settle(
        raid, seat, f"which {colour} minion {hero.name} activates",
        [ties.Candidate(m.id, f"{m.name} in {raid.area_name(m.area)}", minion_score(raid, m))
         for m in near], "raid.ties.mutual",
        "a minion that can attack a hero now, then the one with the most attack dice")
    minion = raid.fighters[chosen]
    raid.emit("raid.nearest", "raid.enemy-act.minion.nearest", hero=hero.name, minion=minion.name,
              colour=colour, distance=f"{distance:.0f}")
    return minion
