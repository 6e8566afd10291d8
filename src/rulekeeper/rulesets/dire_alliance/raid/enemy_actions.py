"""Activating an enemy (raid.minion.*, raid.villain.*, raid.enemy-effects.*): its actions are
tried from top to bottom until one is performed; an action is performed when at least one
of its effects resolves (an attack resolves even when it misses).

Effects are joined as printed: "then" (the first must resolve; the rest resolves as far as
it can, each requiring the one before), "and" (each that can, in order), "or" (the first
that can). Whether an effect can resolve is checked just before it resolves; the reason it
cannot, with the rule, is logged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.attack import CHOOSE_TARGET
from rulekeeper.rulesets.dire_alliance.raid import goals, ties
from rulekeeper.rulesets.dire_alliance.raid.attacks import attacks_with, enemy_attack, valid_targets
from rulekeeper.rulesets.dire_alliance.raid.damage import strength
from rulekeeper.rulesets.dire_alliance.raid.minions import spawn
from rulekeeper.rulesets.dire_alliance.raid.movement import (
    enemy_move,
    enemy_withdraw,
    goal_distance,
    withdraw_goal,
)

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.attack import Kind
    from rulekeeper.rulesets.dire_alliance.raid.models import EnemyAction, EnemyEffect
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter


ZERO: dict[Kind, str] = {"melee": "raid.enemy-clarify.zero-melee",
                         "shoot": "raid.enemy-clarify.zero-shoot"}
"""The rule by which an enemy with a 0 stat does not attempt that attack."""

Obstacle = tuple[str, str]
"""Why an effect cannot resolve: (the rule, the reason)."""


def obstacle(t: Raid, enemy: Fighter, effect: EnemyEffect) -> Obstacle | None:
    """None when the effect can resolve now, else the rule and the reason it cannot."""
    verb = effect.verb
    here = enemy.area
    if here is None:
        return "raid.damage.minion", "it is no longer on the board"
    if verb in ("melee", "shoot"):
        kind: Kind = "melee" if verb == "melee" else "shoot"
        if not attacks_with(t, enemy, kind):
            return ZERO[kind], f"its {verb.capitalize()} is 0"
        if not valid_targets(t, enemy, kind):
            return (CHOOSE_TARGET[kind],
                    "no hero in its area" if kind == "melee" else "it sees no hero in another area")
        return None
    if verb == "move":
        distance = goal_distance(t, enemy, effect.toward)
        if distance is None:
            return "raid.enemy-move.already-there", "it has nowhere to move toward"
        if distance == 0:
            return "raid.enemy-move.already-there", "it is already where it would move toward"
        return None
    if verb == "withdraw":
        if withdraw_goal(t, enemy) is None:
            return ("raid.enemy-withdraw.villain" if t.is_villain(enemy)
                    else "raid.enemy-withdraw.minion.toward-villain",
                    "it is already where it would withdraw toward, or has nowhere to go")
        return None
    if verb == "heal":
        if not heal_candidates(t, enemy, effect):
            return "raid.heal.minion", "nothing to heal"
        return None
    if verb == "control":
        if t.heroes_in(here):
            return "raid.enemy-control.heroes-block", "a hero is in its area"
        if not [o for o in t.objectives_in_play() if t.objectives[o].area == here]:
            return "raid.enemy-control.own-objective", "no objective of its in its area"
        return None
    if not t.bag:  # spawn
        return "raid.spawn.random", "the minion bag is empty"
    return None


def heal_candidates(t: Raid, enemy: Fighter, effect: EnemyEffect) -> list[Fighter]:
    """Whom the heal may choose (``who``): itself, a friendly figure in its area, or a
    minion in its area (never the villain: "Heal a minion in its area")."""
    if effect.target == "self":
        return [enemy] if t.can_heal(enemy) else []
    here = enemy.area
    assert here is not None
    pool = [f for f in t.friends_in(here, enemy.team) if t.can_heal(f)]
    return [f for f in pool if t.is_minion(f)] if effect.target == "minion-here" else pool


def perform(t: Raid, enemy: Fighter, effect: EnemyEffect) -> Asks[None]:
    """Resolve one effect that can resolve (an automated step of the work budget)."""
    t.spend()
    verb = effect.verb
    if verb == "move":
        yield from enemy_move(t, enemy, effect.amount, effect.toward)
    elif verb == "withdraw":
        yield from enemy_withdraw(t, enemy, effect.amount)
    elif verb in ("melee", "shoot"):
        yield from enemy_attack(t, enemy, "melee" if verb == "melee" else "shoot",
                                effect.attack)
    elif verb == "heal":
        pool = heal_candidates(t, enemy, effect)
        chosen = yield from ties.settle(
            t, t.decider, f"whom {enemy.name} heals",
            [ties.Candidate(f.id, f.name, (1 if t.is_villain(f) else 0,
                                           strength(t, f.card) if t.is_minion(f) else 0))
             for f in pool], "raid.ties.mutual", "the villain, else the strongest minion")
        yield from t.heal(t.fighters[chosen], effect.amount, "raid.heal.villain"
                          if t.is_villain(t.fighters[chosen]) else "raid.heal.minion")
    elif verb == "control":
        yield from control(t, enemy)
    else:
        for _ in range(effect.amount):
            t.spend()
            spawn(t, enemy.name)


def control(t: Raid, enemy: Fighter) -> Asks[None]:
    """raid.enemy-control.own-objective: claim one of its objectives in its area."""
    here = enemy.area
    present = [o for o in t.objectives_in_play() if t.objectives[o].area == here]
    chosen = yield from ties.settle(
        t, t.decider, f"which objective {enemy.name} claims",
        [ties.Candidate(o, t.objectives[o].name) for o in present], "raid.ties.mutual",
        "the first in board order")
    goals.claim(t, enemy, t.objectives[chosen], "raid.objective.control")


def skip(t: Raid, enemy: Fighter, effect: EnemyEffect, why: Obstacle, rule: str,
         what: str) -> None:
    t.emit("raid.effect.skipped", rule, enemy=enemy.name, verb=effect.verb, reason=why[1],
           what=what)


def attempt(t: Raid, enemy: Fighter, action: EnemyAction) -> Asks[None]:
    """Perform an action that can be performed (see :func:`obstacle_of_action`)."""
    effects = action.effects
    if action.join == "or":
        cites("raid.enemy-effects.or.two")
        for effect in effects:
            why = obstacle(t, enemy, effect)
            if why is None:
                yield from perform(t, enemy, effect)
                return
            skip(t, enemy, effect, why, "raid.enemy-effects.or.first",
                 "it attempts the effect after the \"or\"")
    elif action.join == "and":
        for effect in effects:
            why = obstacle(t, enemy, effect)
            if why is None:
                yield from perform(t, enemy, effect)
            else:
                skip(t, enemy, effect, why, "raid.enemy-effects.and.independent",
                     "the other effects still resolve")
    else:
        cites("raid.enemy-effects.then.many", "raid.enemy-effects.then.required")
        yield from perform(t, enemy, effects[0])
        for effect in effects[1:]:
            why = obstacle(t, enemy, effect)
            if why is not None:
                skip(t, enemy, effect, why, "raid.enemy-effects.then.partial",
                     "it resolves as much of the action as it can")
                break
            yield from perform(t, enemy, effect)


def activate(t: Raid, enemy: Fighter, actions: list[EnemyAction], why: str,
             rule: str) -> Asks[None]:
    """Activate an enemy: try its actions top to bottom until one is performed."""
    t.spend()
    t.emit("raid.activate", rule, enemy=enemy.name, why=why)
    if enemy.stunned:
        enemy.stunned = False
        t.emit("raid.ready", "battle.status.stunned-activation", enemy=enemy.name)
    top = "raid.villain.top-to-bottom" if t.is_villain(enemy) else "raid.minion.top-to-bottom"
    for number, action in enumerate(actions, 1):
        if not enemy.on_board:
            return
        why_not = obstacle_of_action(t, enemy, action)
        if why_not is not None:
            t.emit("raid.cannot", why_not[0], enemy=enemy.name, number=number,
                   text=action.text, reason=why_not[1])
            continue
        t.emit("raid.try", top, enemy=enemy.name, number=number, text=action.text)
        yield from attempt(t, enemy, action)
        return
    t.emit("raid.idle", top, enemy=enemy.name)


def obstacle_of_action(t: Raid, enemy: Fighter, action: EnemyAction) -> Obstacle | None:
    """None when the action can be performed now (its first effect, or for "and" and "or"
    any effect, can resolve), else why it cannot."""
    if action.join == "then":
        why = obstacle(t, enemy, action.effects[0])
        if why is not None and len(action.effects) > 1:
            return "raid.enemy-effects.then.ignored", why[1]
        return why
    reasons = [obstacle(t, enemy, e) for e in action.effects]
    if any(r is None for r in reasons):
        return None
    rule = "raid.enemy-effects.or.first" if action.join == "or" else "raid.enemy-effects.and.both"
    return rule, "; ".join(r[1] for r in reasons if r is not None)
