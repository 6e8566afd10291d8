"""How enemies move and withdraw (raid.enemy-move.*, raid.enemy-withdraw.*).

A minion moves toward the nearest hero (equidistant heroes: the one who has suffered the
most damage, i.e. has the most cards in its damage pile), preferring, among the first
steps of shortest paths, the area from which it sees the most heroes. The villain moves
toward the nearest objective (equidistant objectives: the one whose path brings it nearer
to a hero), preferring a step from which it sees a hero; with no objective in play it moves
like a minion. An enemy told to move toward where it already is does not move. Minions
withdraw toward the villain, avoiding areas with heroes if they can; the villain withdraws
toward the nearest objective. Every choice is an event with its reasons; what the text
leaves open is a tie (``ties``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.messages import count
from rulekeeper.rulesets.dire_alliance.movement import move, withdraw
from rulekeeper.rulesets.dire_alliance.raid import ties

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.models import Toward
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter


@dataclass(frozen=True, slots=True)
class Goal:
    """Where an enemy is heading: an area, what is there, why it was chosen, and the rule."""

    area: str
    what: str
    why: str
    rule: str


def hero_score(t: Raid, hero: Fighter, enemy: Fighter) -> tuple[float, ...]:
    """The hard ruling's score of a hero for an enemy's choice: the hero closest to defeat
    (fewest cards it could still lose to this enemy), then the lowest defense."""
    rank = t.rank(enemy)
    cards = t.hero(hero).losable() if rank is not None else (
        t.hero(hero).piles.deck + t.hero(hero).piles.discard)
    exposed = sum(1 for c in cards if rank is None or rank in t.cards[c].icons)
    return (-exposed, -t.stat(hero, "defense"))


HERO_CRITERION = "the hero closest to defeat (fewest cards it could lose), then the lowest defense"


def hero_candidates(t: Raid, heroes: list[Fighter], enemy: Fighter) -> list[ties.Candidate]:
    return [ties.Candidate(h.id, h.name, hero_score(t, h, enemy)) for h in heroes]


def nearest_hero(t: Raid, enemy: Fighter, rule: str) -> Asks[Goal]:
    """raid.enemy-move.minion.nearest-hero / most-damage: the hero to move toward."""
    here = enemy.area
    assert here is not None
    heroes = t.hero_figures()
    distance = min(t.board.distance(here, h.area or here) for h in heroes)
    near = [h for h in heroes if t.board.distance(here, h.area or here) == distance]
    why = f"the nearest hero, {count(int(distance), 'border')} away"
    if len(near) > 1:
        most = max(len(t.hero(h).damage_pile) for h in near)
        near = [h for h in near if len(t.hero(h).damage_pile) == most]
        why += (f"; of the heroes that near, the one who has suffered the most damage "
                f"({count(most, 'card')} in the damage pile)")
        rule = "raid.enemy-move.minion.most-damage"
    chosen = yield from ties.settle(t, t.decider, f"which hero {enemy.name} moves toward",
                                    by_area(hero_candidates(t, near, enemy), t),
                                    "raid.ties.mutual", HERO_CRITERION)
    hero = t.fighters[chosen]
    assert hero.area is not None
    return Goal(hero.area, hero.name, why, rule)


def by_area(candidates: list[ties.Candidate], t: Raid) -> list[ties.Candidate]:
    """Heroes to move toward, one per area (moving toward either of two heroes in one area is
    the same move): the best scored of each area stands for it. Before version 4, every hero
    was a candidate."""
    if not t.made("tie-per-area"):
        return candidates
    best: dict[str | None, ties.Candidate] = {}
    for candidate in candidates:
        area = t.fighters[candidate.id].area
        if area not in best or candidate.score > best[area].score:
            best[area] = candidate
    return list(best.values())


def objective_areas(t: Raid) -> list[str]:
    """Areas holding an objective in play, in board order."""
    areas = {t.objectives[o].area for o in t.objectives_in_play()}
    return [a for a in t.board.ids if a in areas]


def hero_distance(t: Raid, area: str) -> float:
    return min((t.board.distance(area, h.area or area) for h in t.hero_figures()),
               default=float("inf"))


def objective_score(t: Raid, area: str) -> tuple[float, ...]:
    """The hard ruling's score of an objective's area: no hero there (it can be claimed),
    then board order."""
    return (0 if t.heroes_in(area) else 1, -t.board.ids.index(area))


OBJECTIVE_CRITERION = "an objective with no hero in its area, then board order"


def nearest_objective(t: Raid, enemy: Fighter, rule: str, near_hero: bool) -> Asks[Goal]:
    """The nearest objective's area; equidistant ones are settled, for the villain's Move
    (``near_hero``), by the path that brings it nearer to a hero, then as a tie."""
    here = enemy.area
    assert here is not None
    areas = objective_areas(t)
    distance = min(t.board.distance(here, a) for a in areas)
    tied = [a for a in areas if t.board.distance(here, a) == distance]
    why = f"the nearest objective, {count(int(distance), 'border')} away"
    if len(tied) > 1 and near_hero:
        after = {a: min((hero_distance(t, s) for s in t.board.steps_toward(here, a)),
                        default=hero_distance(t, here)) for a in tied}
        best = min(after.values())
        tied = [a for a in tied if after[a] == best]
        why += (f"; of the objectives that near, the one whose path brings it nearest a hero "
                f"({count(int(best), 'border')})")
        rule = "raid.enemy-move.villain.objective-tie"
    names = {a: next(t.objectives[o].name for o in t.objectives_in_play()
                     if t.objectives[o].area == a) for a in tied}
    chosen = yield from ties.settle(
        t, t.decider, f"which objective {enemy.name} moves toward",
        [ties.Candidate(a, f"{names[a]} in {t.area_name(a)}", objective_score(t, a))
         for a in tied], "raid.ties.mutual", OBJECTIVE_CRITERION)
    return Goal(chosen, names[chosen], why, rule)


def goal_distance(t: Raid, enemy: Fighter, toward: Toward | None) -> float | None:
    """How far the enemy's move goal is (None: it has none); 0 means it is already there."""
    here = enemy.area
    if here is None:
        return None
    kind = toward or ("objective" if t.is_villain(enemy) and t.objectives_in_play()
                      else "hero")
    if kind == "villain":
        villain = t.the_villain.fighter
        return None if villain.area is None else t.board.distance(here, villain.area)
    if kind == "objective":
        areas = objective_areas(t)
        return min((t.board.distance(here, a) for a in areas), default=None)
    heroes = t.hero_figures()
    return min((t.board.distance(here, h.area or here) for h in heroes), default=None)


def move_goal(t: Raid, enemy: Fighter, toward: Toward | None) -> Asks[Goal]:
    """Where the enemy's Move heads, by its priority (or as the effect specifies)."""
    villain = t.is_villain(enemy)
    if toward == "villain":
        area = t.the_villain.fighter.area
        assert area is not None
        return Goal(area, t.the_villain.fighter.name, "as the action says",
                    "raid.enemy-move.differ")
    if toward == "objective" or (toward is None and villain and t.objectives_in_play()):
        rule = "raid.enemy-move.villain.nearest-objective" if villain and toward is None \
            else "raid.enemy-move.differ"
        return (yield from nearest_objective(t, enemy, rule, villain and toward is None))
    rule = ("raid.enemy-move.villain.no-objectives" if villain and toward is None
            else "raid.enemy-move.minion.nearest-hero")
    return (yield from nearest_hero(t, enemy, rule))


def heroes_seen(t: Raid, area: str) -> int:
    return sum(1 for h in t.hero_figures() if t.board.sees(area, h.area or area))


def area_score(t: Raid, enemy: Fighter, area: str) -> tuple[float, ...]:
    """The hard ruling's score of an area an enemy may step into: the heroes it could attack
    from there, then the objectives in play there, then board order."""
    melee = t.stat(enemy, "melee") > 0 or star(t, enemy, "melee")
    shoot = t.stat(enemy, "shoot") > 0 or star(t, enemy, "shoot")
    reach = sum(1 for h in t.hero_figures()
                if (melee and h.area == area)
                or (shoot and h.area != area and t.board.sees(area, h.area or area)))
    claimable = sum(1 for o in t.objectives_in_play() if t.objectives[o].area == area)
    return (reach, claimable, -t.board.ids.index(area))


AREA_CRITERION = "the area from which it could attack the most heroes, then objectives there"


def star(t: Raid, enemy: Fighter, kind: str) -> bool:
    """Whether the enemy's Melee or Shoot stat is ★ (a special ability)."""
    if t.is_minion(enemy):
        return getattr(t.kinds[enemy.card], kind) == "★"
    return t.is_villain(enemy) and getattr(t.the_villain.spec, kind) == "★"


def choose_step(t: Raid, enemy: Fighter, goal: str) -> Asks[tuple[str, str, str]]:
    """The first step of a shortest path to ``goal`` (raid.enemy-move.*.path)."""
    here = enemy.area
    assert here is not None
    steps = t.board.steps_toward(here, goal)
    path = "the only first step of a shortest path"
    rule = ""
    if len(steps) > 1:
        if t.is_villain(enemy):
            seeing = [s for s in steps if heroes_seen(t, s)]
            if seeing:
                steps = seeing
            path = "of the shortest paths, " + (
                "a step from which it sees a hero" if seeing else "no step sees a hero")
            rule = "raid.enemy-move.villain.path"
        else:
            most = max(heroes_seen(t, s) for s in steps)
            steps = [s for s in steps if heroes_seen(t, s) == most]
            path = f"of the shortest paths, the step from which it sees the most heroes ({most})"
            rule = "raid.enemy-move.minion.path"
    chosen = yield from ties.settle(
        t, t.decider, f"which way {enemy.name} moves",
        [ties.Candidate(s, t.area_name(s), area_score(t, enemy, s)) for s in steps],
        "raid.ties.mutual", AREA_CRITERION)
    return chosen, path, rule


def enemy_move(t: Raid, enemy: Fighter, steps: int, toward: Toward | None) -> Asks[int]:
    """Up to ``steps`` Move actions toward the enemy's goal, recomputed before each step.
    Returns how many steps it took."""
    taken = 0
    for _ in range(steps):
        t.spend()
        if not enemy.on_board:
            break
        goal: Goal = yield from move_goal(t, enemy, toward)
        if goal.area == enemy.area:
            t.emit("raid.enemy.arrived", "raid.enemy-move.already-there", enemy=enemy.name,
                   goal=goal.what)
            break
        destination, path, path_rule = yield from choose_step(t, enemy, goal.area)
        t.emit("raid.enemy.move", path_rule or goal.rule, enemy=enemy.name, goal=goal.what,
               why=goal.why, destination=t.area_name(destination), path=path)
        taken += 1
        if not (yield from move(t, enemy, destination)):
            break
    return taken


def withdraw_goal(t: Raid, enemy: Fighter) -> str | None:
    """Where an enemy withdraws toward: a minion to the villain, the villain to the nearest
    objective (None: nowhere, or it is already there)."""
    here = enemy.area
    if here is None:
        return None
    if t.is_villain(enemy):
        areas = objective_areas(t)
        if not areas:
            return None
        goal = min(areas, key=lambda a: t.board.distance(here, a))
    else:
        villain = t.the_villain.fighter
        if villain.area is None:
            return None
        goal = villain.area
    return None if goal == here else goal


def enemy_withdraw(t: Raid, enemy: Fighter, steps: int) -> Asks[int]:
    """Up to ``steps`` withdraws (no opportunity attacks). Returns how many it took."""
    taken = 0
    for _ in range(steps):
        t.spend()
        here = enemy.area
        if here is None or withdraw_goal(t, enemy) is None:
            break
        if t.is_villain(enemy):
            goal: Goal = yield from nearest_objective(t, enemy, "raid.enemy-withdraw.villain",
                                                      False)
            area, what, rule = goal.area, goal.what, "raid.enemy-withdraw.villain"
        else:
            villain = t.the_villain.fighter
            assert villain.area is not None
            area, what = villain.area, villain.name
            rule = "raid.enemy-withdraw.minion.toward-villain"
        nearer = [n for n in t.board.neighbours(here)
                  if t.board.distance(n, area) < t.board.distance(here, area)]
        path = "a step nearer"
        if not t.is_villain(enemy):
            clear = [n for n in nearer if not t.heroes_in(n)]
            if clear and len(clear) < len(nearer):
                path = "a step nearer into an area with no hero"
                rule = "raid.enemy-withdraw.minion.avoid-heroes"
            elif not clear:
                path = "every step nearer has a hero in it"
                rule = "raid.enemy-withdraw.minion.avoid-heroes"
            nearer = clear or nearer
        destination = yield from ties.settle(
            t, t.decider, f"which way {enemy.name} withdraws",
            [ties.Candidate(n, t.area_name(n), area_score(t, enemy, n)) for n in nearer],
            "raid.ties.mutual", AREA_CRITERION)
        t.emit("raid.enemy.withdraw", rule, enemy=enemy.name, goal=what,
               destination=t.area_name(destination), path=path)
        withdraw(t, enemy, destination)
        taken += 1
    return taken
