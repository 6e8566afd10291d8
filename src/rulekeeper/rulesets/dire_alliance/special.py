"""The special-action vocabulary: every ➤ special action (cards, leaders, scenario Interact
actions) is a list of ``Effect`` declarations, resolved in order by this interpreter.

``VOCABULARY`` says, for each verb, what it does and when it can do something; a mode
adds verbs of its own through the tabletop's ``resolve_effect`` and ``effect_possible``
hooks. An effect whose fighter cannot be chosen (no one fits) is skipped. When a Move in
a special action is stopped by an opportunity attack that damaged and stunned the mover,
the rest of the special action is not resolved (battle.opportunity-attack.stops.b).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.attack import (
    CHOOSE_TARGET,
    Kind,
    attack,
    attack_dice,
    roll_text,
)
from rulekeeper.rulesets.dire_alliance.messages import a
from rulekeeper.rulesets.dire_alliance.models import Effect
from rulekeeper.rulesets.dire_alliance.movement import move, withdraw

if TYPE_CHECKING:
    from rulekeeper.core.decisions import Decision
    from rulekeeper.rulesets.dire_alliance.models import Interact, Selector
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, SiteState, Tabletop

from rulekeeper.rulesets.dire_alliance.tabletop import Done, Outcome


class Verb(NamedTuple):
    """A verb of the vocabulary: what it does, and whether it can do something now."""

    run: Callable[[Tabletop, Fighter, Effect, Fighter | None], Outcome | Done]
    possible: Callable[[Tabletop, Fighter, Effect], bool]


def candidates(t: Tabletop, actor: Fighter, selector: Selector, it: Fighter | None,
               reach: int = 1) -> list[Fighter]:
    """The fighters a selector may choose, in a stable order."""
    area = actor.area
    if area is None:
        return []
    if selector == "self":
        return [actor]
    if selector == "it":
        return [it] if it is not None and it.on_board else []
    if selector == "friend-here":
        return t.friends_in(area, actor.team)
    if selector == "enemy-here":
        return t.enemies_in(area, actor.team)
    visible = t.board.visible(area)  # t.sees from the actor's area (None: off the board)
    friends = selector == "friend-seen"
    seen = [f for f in t.fighters.values() if (f.team == actor.team) is friends
            and f.area in visible]
    if friends:
        return seen
    if selector == "enemy-seen":
        return [f for f in seen if f.area != area]
    return [f for f in seen if f.area != area  # enemy-near
            and t.board.distance(area, f.area or area) <= reach]


@cites("battle.action.shoot.b", "battle.sample.leader.hush")
def shoot_targets(t: Tabletop, actor: Fighter, selector: Selector = "enemy-seen",
                  it: Fighter | None = None) -> list[Fighter]:
    """Enemy fighters a Shoot may target: seen, never in the shooter's area, not Unseen."""
    return [f for f in candidates(t, actor, selector, it)
            if f.area != actor.area and f.team != actor.team and not f.has("unseen")]


def choose_fighter(t: Tabletop, actor: Fighter, pool: list[Fighter], what: str,
                   rule: str, detail: Callable[[Fighter], str] | None = None
                   ) -> Asks[Fighter | None]:
    """Ask the actor's controller to pick one fighter of ``pool`` (None when it is empty);
    ``detail`` adds to each label (what an attack on it would roll; in a game no one reads,
    the fighters are labelled by their ids)."""
    if not pool:
        return None
    labelled = t.table.labelled
    answer = yield from t.ask(
        actor.side, "target",
        [(f.id, f"{f.name} ({f.side}) in {t.area_name(f.area)}"
                + (f": {detail(f)}" if detail else "") if labelled else f.id) for f in pool],
        rule, f"{actor.name}: {what}", actor)
    return t.fighters[answer]


def choose_area(t: Tabletop, actor: Fighter, areas: list[str], prompt: str, rule: str,
                stay: str | None = None, about: Fighter | None = None) -> Asks[str | None]:
    """Ask the actor's controller for an area where it goes (or ``about``, the fighter it
    moves), or to stay where it is, when ``stay`` names the current area. (In a game no one
    reads, the areas are labelled by their ids.)"""
    labelled = t.table.labelled
    pairs = [(a, t.area_name(a) if labelled else a) for a in areas]
    if stay is not None:
        pairs.append(("stay", f"Stay in {t.area_name(stay)}" if labelled else "stay"))
    if not pairs:
        return None
    answer = yield from t.ask(actor.side, "area", pairs, rule, prompt, actor, about)
    return None if answer == "stay" else answer


def possible(t: Tabletop, actor: Fighter, effects: Sequence[Effect]) -> bool:
    """A special action is offered when at least one of its effects can do something."""
    return any(effect_possible(t, actor, e) for e in effects if e.target != "it")


def effect_possible(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    """Whether an effect can do something from where the actor stands now: as the mode reads
    it (a verb of its own), else as the shared vocabulary does."""
    own = t.effect_possible(actor, effect)
    return VOCABULARY[effect.verb].possible(t, actor, effect) if own is None else own


def interact_possible(t: Tabletop, fighter: Fighter, interact: Interact | None) -> bool:
    """The scenario's ➤ Interact action is offered to this fighter, and can do something."""
    return (interact is not None
            and (not interact.fighters or fighter.spec.id in interact.fighters)
            and possible(t, fighter, interact.effects))


def resolve(t: Tabletop, actor: Fighter, name: str, effects: Sequence[Effect]) -> Asks[None]:
    """Resolve a special action's effects in order."""
    t.emit("special", "battle.action.special.definition", fighter=actor.name, action=name)
    it: Fighter | None = None
    for effect in effects:
        if not actor.on_board:
            return
        go_on, chosen = yield from run(t, actor, effect, it)
        it = chosen or it
        if not go_on:
            t.emit("effect.stopped", "battle.opportunity-attack.stops.b", fighter=actor.name,
                   action=name)
            return


def run(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Outcome:
    """Carry out one effect (an automated step of the work budget)."""
    t.spend()
    outcome = t.resolve_effect(actor, effect, it)
    if outcome is None:
        outcome = VOCABULARY[effect.verb].run(t, actor, effect, it)
    if isinstance(outcome, tuple):
        return outcome
    return (yield from outcome)


def skipped(t: Tabletop, actor: Fighter, effect: Effect) -> tuple[bool, None]:
    t.emit("effect.skipped", "battle.sample.vocabulary", fighter=actor.name,
           verb=effect.verb)
    return True, None


def _steps(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Outcome:
    for step in range(effect.amount):
        t.spend()
        assert actor.area is not None
        here = actor.area
        verb = "Move" if effect.verb == "move" else "Withdraw"
        cites("battle.board.adjacent")
        destination = yield from choose_area(
            t, actor, list(t.board.neighbours(here)),
            f"{actor.name}: {verb} ({step + 1} of {effect.amount})",
            "battle.action.move.a" if effect.verb == "move" else "battle.withdraw.move", here)
        if destination is None:
            break
        if effect.verb == "withdraw":
            withdraw(t, actor, destination)
        elif not (yield from move(t, actor, destination)):
            return False, None
    return True, None


def _attack(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Outcome:
    kind: Kind = "melee" if effect.verb == "melee" else "shoot"
    bonus = effect.attack
    if kind == "melee":
        pool = [f for f in candidates(t, actor, effect.target, it) if f.team != actor.team
                and f.area == actor.area]
    else:
        pool = shoot_targets(t, actor, effect.target, it)
    if not pool or attack_dice(t, actor, kind, bonus.dice) <= 0:
        return skipped(t, actor, effect)
    def spread(target: Fighter) -> list[Fighter]:
        if bonus.targets == "one":
            return [target]
        return [f for f in t.in_area(target.area or "") if f.team != actor.team
                and (kind == "melee" or not f.has("unseen"))]

    target = yield from choose_fighter(
        t, actor, pool, f"{kind} target", CHOOSE_TARGET[kind],
        lambda f: roll_text(t, actor, spread(f), kind, bonus.dice))
    assert target is not None
    targets = spread(target)
    yield from attack(t, actor, targets, kind, bonus.dice)
    return True, target


def _chosen(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None,
            keep: Callable[[Fighter], bool], what: str) -> Asks[Fighter | None]:
    pool = [f for f in candidates(t, actor, effect.target, it, effect.amount) if keep(f)]
    return (yield from choose_fighter(t, actor, pool, what, "battle.sample.vocabulary"))


def _heal(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Outcome:
    target = yield from _chosen(t, actor, effect, it, lambda f: True, "who heals?")
    if target is None:
        return skipped(t, actor, effect)
    yield from t.heal(target, effect.amount, "battle.keyword.heal.fighter")
    return True, target


def _gain(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Outcome:
    target = yield from _chosen(t, actor, effect, it, lambda f: True, "who gains cards?")
    if target is None:
        return skipped(t, actor, effect)
    yield from t.gain_cards(target, effect.amount)
    return True, target


def _push(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Outcome:
    target = yield from _chosen(t, actor, effect, it,
                                lambda f: f.team != actor.team and f.area == actor.area,
                                "push whom?")
    if target is None or actor.area is None:
        return skipped(t, actor, effect)
    origin = actor.area
    yield from _shift(t, actor, target, effect.amount, "push", lambda here: [
        a for a in t.board.neighbours(here)
        if t.board.distance(origin, a) > t.board.distance(origin, here)])
    return True, target


def _pull(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Outcome:
    target = yield from _chosen(t, actor, effect, it,
                                lambda f: f.team != actor.team and f.area != actor.area,
                                "pull whom?")
    if target is None or actor.area is None:
        return skipped(t, actor, effect)
    goal = actor.area
    yield from _shift(t, actor, target, effect.amount, "pull",
                      lambda here: t.board.steps_toward(here, goal))
    return True, target


def _shift(t: Tabletop, actor: Fighter, target: Fighter, amount: int, verb: str,
           destinations: Callable[[str], list[str]]) -> Generator[Decision, str, None]:
    """Move ``target`` up to ``amount`` areas, each step to an area its controller picks."""
    for _ in range(amount):
        t.spend()
        here = target.area
        assert here is not None
        destination = yield from choose_area(t, actor, destinations(here),
                                             f"{verb} {target.name} where?",
                                             "battle.sample.vocabulary", about=target)
        if destination is None:
            break
        t.place(target, destination)
        t.emit(verb, "battle.sample.vocabulary", fighter=actor.name,
               target=target.name, source=t.area_name(here), destination=t.area_name(destination))


def _status(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Outcome:
    verb = effect.verb
    keep: dict[str, Callable[[Fighter], bool]] = {
        "stun": lambda f: not f.stunned,
        "sate": lambda f: f.has("vampire") and not f.sated,
        "ready": lambda f: f.stunned,
    }
    target = yield from _chosen(t, actor, effect, it, keep[verb], f"{verb} whom?")
    if target is None:
        return skipped(t, actor, effect)
    if verb == "sate":
        target.sated = True
    else:
        cites("battle.status.retain")  # a stunned fighter keeps its other conditions
        target.stunned = verb == "stun"
    t.emit(verb, "battle.sample.vocabulary", fighter=actor.name, target=target.name)
    return True, target


def _transform(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Done:
    form = next((f for f in [actor.spec, *actor.spec.forms] if f.id == effect.name), None)
    if form is None or form is actor.form:
        return skipped(t, actor, effect)
    actor.form = form
    t.emit("transform", "battle.sample.leader.ellis", fighter=actor.spec.name, form=form.name)
    return True, None


def _teleport(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Done:
    area = t.tokens.get((actor.side, effect.name))
    if area is None:
        return skipped(t, actor, effect)
    t.place(actor, area)
    t.emit("teleport", "battle.sample.leader.countess", fighter=actor.name,
           destination=t.area_name(area), token=effect.name)
    return True, None


def markable(t: Tabletop, actor: Fighter, kind: str) -> SiteState | None:
    """The site of ``kind`` the actor may take in its area: not its own yet, and no ready
    enemy fighter there. None when there is none."""
    if actor.area is None or t.ready_enemies_in(actor.area, actor.team):
        return None
    return next((s for s in t.sites.values() if s.kind == kind and s.area == actor.area
                 and s.holder != actor.team), None)


def _mark(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Done:
    site = markable(t, actor, effect.name)
    if site is None:
        return skipped(t, actor, effect)
    site.holder = actor.team
    t.emit("mark", "battle.sample.standing-stones.interact", fighter=actor.name, site=site.name,
           seat=actor.team)
    t.check_goal(actor.team)
    return True, None


BASIC_ACTIONS = {name: Effect.model_validate({name: 1 if name == "move" else {}})
                 for name in ("move", "melee", "shoot")}
"""The basic actions a ``command`` has a fighter perform."""


def commanded(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> list[Fighter]:
    """The friendly fighters (other than the actor) a command may choose: those that can
    perform its basic action now (a Melee needs an enemy in their area). Before version 3,
    every friendly fighter it may choose, the actor too."""
    basic = BASIC_ACTIONS[effect.name]
    if not t.made("command-who-can"):
        return [f for f in candidates(t, actor, effect.target, it, effect.amount)
                if f.team == actor.team]
    return [f for f in candidates(t, actor, effect.target, it, effect.amount)
            if f.team == actor.team and f is not actor and effect_possible(t, f, basic)]


def _command(t: Tabletop, actor: Fighter, effect: Effect, it: Fighter | None) -> Outcome:
    target = yield from choose_fighter(t, actor, commanded(t, actor, effect, it),
                                       f"who performs {a(effect.name.capitalize())} action?",
                                       "battle.sample.vocabulary")
    if target is None:
        return skipped(t, actor, effect)
    t.emit("command", "battle.status.forced-actions.a", fighter=actor.name, target=target.name,
           action=a(effect.name.capitalize()))
    cites("battle.status.forced-actions.b")  # it stays stunned: this is not its activation
    yield from run(t, target, BASIC_ACTIONS[effect.name], None)
    return True, target


def _always(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    return True


def _anyone(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    """Someone the effect may choose is there."""
    return bool(candidates(t, actor, effect.target, None, effect.amount))


def _can_melee(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    return attack_dice(t, actor, "melee", effect.attack.dice) > 0 and _anyone(t, actor, effect)


def _can_shoot(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    return (attack_dice(t, actor, "shoot", effect.attack.dice) > 0
            and bool(shoot_targets(t, actor, effect.target)))


def _can_heal(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    return any(t.can_heal(f) for f in candidates(t, actor, effect.target, None, effect.amount))


def _can_sate(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    return any(f.has("vampire") and not f.sated
               for f in candidates(t, actor, effect.target, None, effect.amount))


def _can_ready(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    return any(f.stunned for f in candidates(t, actor, effect.target, None, effect.amount))


def _can_transform(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    return actor.form.id != effect.name


def _can_command(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    if not t.made("command-who-can"):
        return _anyone(t, actor, effect)
    return bool(commanded(t, actor, effect, None))


def _can_teleport(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    """Its token is on the board, somewhere else than the actor (before version 3: on the
    board)."""
    if not t.made("teleport-elsewhere"):
        return (actor.side, effect.name) in t.tokens
    return t.tokens.get((actor.side, effect.name), actor.area) != actor.area


def _can_mark(t: Tabletop, actor: Fighter, effect: Effect) -> bool:
    return markable(t, actor, effect.name) is not None


VOCABULARY: dict[str, Verb] = {
    "move": Verb(_steps, _always), "withdraw": Verb(_steps, _always),
    "melee": Verb(_attack, _can_melee), "shoot": Verb(_attack, _can_shoot),
    "heal": Verb(_heal, _can_heal), "gain": Verb(_gain, _always),
    "push": Verb(_push, _anyone), "pull": Verb(_pull, _anyone),
    "stun": Verb(_status, _anyone), "sate": Verb(_status, _can_sate),
    "ready": Verb(_status, _can_ready), "transform": Verb(_transform, _can_transform),
    "teleport": Verb(_teleport, _can_teleport), "mark": Verb(_mark, _can_mark),
    "command": Verb(_command, _can_command),
}
"""The shared vocabulary: each verb of ``Effect``, what it does and when it can."""
