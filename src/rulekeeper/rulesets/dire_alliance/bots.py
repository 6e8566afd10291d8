"""The heuristic bot of Dire Alliance Battle Mode.

It looks one decision ahead: each option is scored by what it does at once, from the
seat's view only (no hidden card, no dice to come). Scores weigh objectives (claiming,
nearing, guarding), expected damage from exact odds (``DiceSet.odds``, icepool) and
threats (the expected damage enemies can deal to a fighter where it stands).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from rulekeeper.core.decisions import Decision
from rulekeeper.core.dice import FaceDie
from rulekeeper.rulesets.dire_alliance.cards import DECK_COPIES, DREAD, SUPPLY_COPIES
from rulekeeper.rulesets.dire_alliance.dice import DiceSet

Fighter = dict[str, Any]

WIN = 1000.0
CLAIM = 80.0
DAMAGE = 10.0
DEFEAT = 25.0
CARD = 4.0
CLAIM_INITIATIVE = 8.0


class BoardReading:
    """What every Dire Alliance bot reads in a view: the areas, distances, sight, the dice."""

    def __init__(self, state: Mapping[str, Any], seat: str) -> None:
        self.state = state
        self.seat = seat
        self.areas = {a["id"]: a for a in state["areas"]}

    @cached_property
    def dice(self) -> DiceSet:
        return DiceSet(FaceDie("combat", self.state["dice"]["combat"]),
                       FaceDie("vampire", self.state["dice"]["vampire"]))

    @cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for start in self.areas:
            seen, frontier = {start: 0}, [start]
            while frontier:
                nxt = []
                for here in frontier:
                    for area in self.areas[here]["neighbours"]:
                        if area not in seen:
                            seen[area] = seen[here] + 1
                            nxt.append(area)
                frontier = nxt
            out[start] = seen
        return out

    def sees(self, a: str, b: str) -> bool:
        return a == b or b in self.areas[a]["sees"]


class Reading(BoardReading):
    """The bot's reading of one view: who is where, what they can do, what it is worth."""

    def __init__(self, state: Mapping[str, Any], seat: str) -> None:
        super().__init__(state, seat)
        self.fighters = {f["id"]: f | {"area": a["id"]} for a in state["areas"]
                         for f in a["fighters"]}
        self.players = state["players"]
        self.goal = state["scenario"]["goal"]
        self._hits: dict[tuple[int, int, bool, bool], float] = {}
        self._positions: dict[tuple[str, str], float] = {}

    def mine(self, f: Fighter) -> bool:
        return bool(f["side"] == self.seat)

    def enemies(self, of: str) -> list[Fighter]:
        return [f for f in self.fighters.values() if f["side"] != of]

    @cached_property
    def actor(self) -> Fighter | None:
        """The fighter the pending decision is for (the view's ``asking``, by id)."""
        return self.fighters.get(self.state["asking"]["actor"] or "")

    @cached_property
    def about(self) -> Fighter | None:
        """The fighter the pending decision is about (a mover leaving, a fighter pushed)."""
        return self.fighters.get(self.state["asking"]["about"] or "")

    # --- values ---------------------------------------------------------------------

    def lives(self, f: Fighter) -> int:
        """Cards that stand between the fighter and defeat (hand, deck and discard pile)."""
        player = self.players[f["side"]]
        card = f["card"]
        return (DECK_COPIES + SUPPLY_COPIES - player["supply"].get(card, 0)
                - player["graveyard"].count(card) - player["play"].count(card))

    def worth(self, f: Fighter) -> float:
        """What one damage to ``f`` is worth to the side dealing it."""
        if "resilient" in f["keywords"]:
            return DAMAGE * 0.5
        return DAMAGE + (DEFEAT if self.lives(f) <= 0 else 0) + (0 if f["stunned"] else 3)

    def hit(self, dice: int, attacker: Fighter, target: Fighter) -> float:
        if "dreadful" in target["keywords"]:
            dice -= 1
        if dice <= 0:
            return 0.0
        key = (dice, target["defense"], attacker["sated"], target["sated"])
        if key not in self._hits:  # remembered: the one-step scores ask the same odds often
            self._hits[key] = float(self.dice.odds(*key).hit)
        return self._hits[key]

    def attack_value(self, attacker: Fighter, target: Fighter, kind: str, extra: int = 0) -> float:
        dice = attacker[kind] + extra
        return self.hit(dice, attacker, target) * self.worth(target)

    def threat(self, f: Fighter, area: str) -> float:
        """Expected damage value the enemies can deal to ``f`` standing in ``area``."""
        total = 0.0
        for e in self.enemies(f["side"]):
            weight = 0.6 if e["stunned"] else 1.0
            if e["area"] == area:
                total += weight * self.hit(e["melee"], e, f)
            elif e["shoot"] and "unseen" not in f["keywords"] and self.sees(e["area"], area):
                total += weight * self.hit(e["shoot"], e, f)
        return total * self.worth(f)

    def targets(self, side: str) -> list[str]:
        """Areas of the unclaimed objectives ``side`` may claim."""
        return [a for a, area in self.areas.items()
                for o in area["objectives"] if o["owner"] != side]

    def position(self, f: Fighter, area: str) -> float:
        """How good it is for ``f`` to stand in ``area`` (remembered by fighter and area:
        nothing it reads changes with where ``f`` stands now)."""
        key = (f["id"], area)
        if key not in self._positions:
            self._positions[key] = self._position(f, area)
        return self._positions[key]

    def _position(self, f: Fighter, area: str) -> float:
        value = 0.0
        objectives = self.targets(f["side"])
        if objectives:
            value -= 6 * min(self.distances[area].get(o, 9) for o in objectives)
        enemies = [e for e in self.enemies(f["side"]) if e["area"] == area]
        if area in objectives and not [e for e in enemies if not e["stunned"]]:
            value += 15
        if f["melee"] and enemies:
            value += 0.5 * max(self.attack_value(f, e, "melee") for e in enemies)
        guarded = [o for o in self.areas[area]["objectives"] if o["owner"] == f["side"]]
        if guarded and (enemies or any(self.distances[e["area"]][area] <= 1
                                       for e in self.enemies(f["side"]))):
            value += 12
        if f["shoot"]:
            seen = [e for e in self.enemies(f["side"]) if e["area"] != area
                    and "unseen" not in e["keywords"] and self.sees(area, e["area"])]
            if seen:
                value += 0.4 * max(self.attack_value(f, e, "shoot") for e in seen)
        return value - 0.6 * self.threat(f, area)

    def leaving(self, f: Fighter) -> float:
        """Expected damage value of the opportunity attacks on ``f`` leaving its area."""
        ready = [e for e in self.enemies(f["side"]) if e["area"] == f["area"] and not e["stunned"]]
        return sum(self.hit(e["melee"], e, f) for e in ready) * self.worth(f)

    def move_value(self, f: Fighter, area: str, opportunity: bool = True) -> float:
        cost = self.leaving(f) if opportunity and area != f["area"] else 0.0
        return self.position(f, area) - self.position(f, f["area"]) - cost

    def goal_value(self, kind: str) -> float:
        """Claiming one more objective (or site): winning, or a step toward it."""
        me = self.players[self.seat]
        if kind == "objectives":
            held, wanted = len(me["claimed"]), self.goal.get("objectives")
        else:
            held = sum(1 for a in self.areas.values() for s in a["sites"]
                       if s["holder"] == self.seat)
            wanted = self.goal.get("sites")
        return WIN if wanted is not None and held + 1 >= wanted else CLAIM

    # --- actions --------------------------------------------------------------------

    def action(self, f: Fighter, option: str) -> float:
        verb, _, arg = option.partition(":")
        if verb == "move":
            return self.move_value(f, arg)
        if verb in ("melee", "shoot"):
            return self.attack_value(f, self.fighters[arg], verb)
        if verb == "focus":
            friend = self.fighters[arg]
            count = min(self.players[friend["side"]]["supply"].get(friend["card"], 0),
                        2 if friend["area"] == f["area"] else 1)
            return count * (CARD + (4 if self.lives(friend) <= 1 else 0))
        if verb == "control":
            return self.goal_value("objectives")
        if verb == "interact":
            return self.goal_value("sites")
        if verb == "special":
            return self.special(f, f["effects"])
        return {"dread": 6.0, "recover": 2.0, "pass": -5.0}.get(verb, 0.0)

    def special(self, f: Fighter, effects: list[dict[str, Any]]) -> float:
        """A rough value of a special action: its effects, one after the other."""
        total, here = 0.0, f["area"]
        for effect in effects:
            verb = next(k for k in effect if k != "who")
            value = effect[verb]
            enemies_here = [e for e in self.enemies(f["side"]) if e["area"] == here]
            if verb in ("move", "withdraw"):
                best = max([here, *self.areas[here]["neighbours"]],
                           key=lambda a: self.position(f, a))
                total += self.move_value(f | {"area": here}, best, verb == "move")
                here = best
            elif verb == "melee" and enemies_here:
                values = [self.attack_value(f, e, "melee", value.get("dice", 0))
                          for e in enemies_here]
                total += sum(values) if value.get("targets") == "all" else max(values)
            elif verb == "shoot":
                seen = [e for e in self.enemies(f["side"]) if e["area"] != here
                        and self.sees(here, e["area"]) and "unseen" not in e["keywords"]]
                if seen:
                    total += max(self.attack_value(f, e, "shoot", value.get("dice", 0))
                                 for e in seen)
            elif verb in ("heal", "gain"):
                total += CARD * min(value, 2) * (1.2 if verb == "heal" else 1)
                if verb == "heal" and f["card"] not in self.players[f["side"]]["graveyard"]:
                    total -= CARD * min(value, 2) * 1.2
            elif verb in ("push", "stun") and enemies_here:
                total += 5
            elif verb == "pull" and any(self.distances[here][e["area"]] == 1
                                        for e in self.enemies(f["side"])):
                total += 6
            elif verb in ("sate", "ready", "transform"):
                total += 4
            elif verb == "teleport":
                total -= 3
            elif verb == "mark":
                total += self.goal_value("sites") * 0.5
            elif verb == "command":
                best = [self.attack_value(g, e, "melee") for g in self.fighters.values()
                        if self.mine(g) and self.sees(here, g["area"])
                        for e in self.enemies(g["side"]) if e["area"] == g["area"]]
                total += max(best, default=0.0)
        return total

    def best_action(self, f: Fighter) -> float:
        options = [f"move:{a}" for a in self.areas[f["area"]]["neighbours"]]
        options += [f"melee:{e['id']}" for e in self.enemies(f["side"])
                    if e["area"] == f["area"] and f["melee"]]
        options += [f"focus:{f['id']}", "special"]
        options += [f"control:{f['area']}" for o in self.areas[f["area"]]["objectives"]
                    if o["owner"] != f["side"] and not [e for e in self.enemies(f["side"])
                                                        if e["area"] == f["area"]
                                                        and not e["stunned"]]]
        return max(self.action(f, o) for o in options)

    def card_value(self, card: str) -> float:
        if card == DREAD:
            return -2.0
        fighters = [f for f in self.fighters.values() if self.mine(f) and f["card"] == card]
        return sum(self.best_action(f) for f in fighters) if fighters else -3.0


class OneStepBot:
    """Scores every option one decision ahead, from a reading of its seat's view, and takes
    the best (ties broken at random). Subclasses name their reading and write ``score``."""

    uses_view = True
    reading: type[BoardReading] = BoardReading

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        scores = self.weigh(view, decision)
        if not scores:
            return decision.options[0].id
        return max((score, self._random.random(), option)
                   for option, score in scores.items())[2]

    def weigh(self, view: Mapping[str, Any] | None, decision: Decision) -> dict[str, float]:
        """Every option's score, in the order offered (none without a view): what
        ``choose`` takes the best of, and what a search's prior is drawn from."""
        if view is None or not view.get("state"):
            return {}
        reading = self.reading(view["state"], decision.player)
        return {o.id: self.score(reading, decision, o.id) for o in decision.options}

    def score(self, r: Any, decision: Decision, option: str) -> float:
        return 0.0


class HeuristicBot(OneStepBot):
    """Battle Mode's heuristic bot."""

    reading = Reading
    claim_initiative = CLAIM_INITIATIVE
    """What the initiative is worth against a played card's activation."""

    def score(self, r: Reading, decision: Decision, option: str) -> float:
        kind = decision.kind
        if kind == "play-card":
            value = r.card_value(option)
            claims = r.state["rulings"]["dread-initiative"] == "allow"  # a free claim
            defender = r.state["aggressor"] != r.seat
            return value + (self.claim_initiative * 2 if option == DREAD and defender and claims
                            else 0)
        if kind == "claim-initiative":
            return 0.0 if option == "keep" else self.claim_initiative - r.card_value(option)
        if kind == "activate":
            return r.best_action(r.fighters[option]) if option in r.fighters else 0.0
        if kind == "action":
            return r.action(r.actor, option) if r.actor else 0.0
        if kind == "opportunity-attack":
            if option == "none":
                return 0.0
            target = r.about
            return r.attack_value(r.fighters[option], target, "melee") if target else 1.0
        if kind == "heal":
            return 1.0 if option == "heal" else 0.0
        if kind == "target":
            return self.target(r, decision, option)
        if kind == "area":
            return self.area(r, decision, option)
        return 0.0

    def target(self, r: Reading, decision: Decision, option: str) -> float:
        chosen = r.fighters.get(option)
        actor = r.actor
        if chosen is None or actor is None:
            return 0.0
        if r.mine(chosen):
            return 10 - r.lives(chosen) + (3 if chosen["stunned"] else 0)
        kind = "shoot" if decision.rule == "battle.attack.choose-target.shoot" else "melee"
        return r.attack_value(actor, chosen, kind) + r.worth(chosen) * 0.1

    def area(self, r: Reading, decision: Decision, option: str) -> float:
        actor = r.actor
        if r.about is not None:  # pushing or pulling an enemy: toward my objectives is worse
            mine = [a for a, area in r.areas.items()
                    if any(o["owner"] == r.seat for o in area["objectives"])]
            here = option if option != "stay" else ""
            return min((r.distances[here].get(a, 9) for a in mine), default=0) if here else 0
        if actor is None:
            return 0.0
        area = actor["area"] if option == "stay" else option
        moving = decision.rule == "battle.action.move.a" and option != "stay"
        return r.position(actor, area) - (r.leaving(actor) if moving else 0)
