"""The heuristic bot of Dire Alliance Battle Mode.

It looks one decision ahead: each option is scored by what it does at once, from what its
seat may know only (no hidden card, no dice to come). Scores weigh objectives (claiming,
nearing, guarding), expected damage from exact odds (``DiceSet.odds``, icepool) and
threats (the expected damage enemies can deal to a fighter where it stands).

The bots read the typed table (``table.state``), not a view: a view is a dict built for
people and pages, and building one for every decision cost more than the rules. What they
read is open to every seat (the board, the fighters, objectives, sites, supply piles,
graveyards, played cards, claims) or their own seat's; tests check that a bot's scores do
not change when what its seat cannot know (``Ruleset.determinize``) is drawn again.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from rulekeeper.core.board import Board
from rulekeeper.core.decisions import Decision
from rulekeeper.core.errors import RulesetError
from rulekeeper.core.ruleset import Table
from rulekeeper.rulesets.dire_alliance.cards import DECK_COPIES, DREAD, SUPPLY_COPIES
from rulekeeper.rulesets.dire_alliance.dice import DiceSet
from rulekeeper.rulesets.dire_alliance.rulings import DreadInitiative
from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Objective, Tabletop

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.models import Effect
    from rulekeeper.rulesets.dire_alliance.table import Battle

KEPT = frozenset(("move", "melee", "shoot", "special", "control", "interact"))
"""The actions whose values a bot keeps from one decision to the next (``Reading.kept``)."""
WIN = 1000.0
CLAIM = 80.0
DAMAGE = 10.0
DEFEAT = 25.0
CARD = 4.0
CLAIM_INITIATIVE = 8.0

Hits = dict[tuple[int, int, bool, bool], float]
"""Hit chances by (attack dice, defense dice, attacker sated, defender sated)."""


HITS: dict[DiceSet, Hits] = {}
"""The hit chances worked out for each set of dice, as floats (every bot shares them)."""


@dataclass
class Memory:
    """What a bot keeps from one decision to the next, for the board and dice it was worked
    out on: the board's sight, hit chances, and values that stay right while what they read
    is unchanged (``kept``: by name, the fingerprint of what they read and the values)."""

    board: Board | None = None
    dice: DiceSet | None = None
    sight: dict[str, frozenset[str]] = field(default_factory=dict)
    hits: Hits = field(default_factory=dict)
    kept: dict[str, tuple[Hashable, dict[Any, Any]]] = field(default_factory=dict)

    def fit(self, t: Tabletop) -> Memory:
        """This memory, emptied first when ``t`` is played on another board or other dice
        (a search's copies of the table share both)."""
        if t.board is not self.board or (t.dice is not self.dice and t.dice != self.dice):
            self.board, self.dice, self.kept = t.board, t.dice, {}
            self.sight = {a: frozenset(t.board.seen_from(a)) for a in t.board.ids}
            self.hits = HITS.setdefault(t.dice, {})
        return self

    def values(self, name: str, fingerprint: Hashable = None) -> dict[Any, Any]:
        """The values kept under ``name`` while they were worked out on ``fingerprint``
        (an empty dict to fill when it changed; with none, kept for the board and dice)."""
        kept = self.kept.get(name)
        if kept is None or kept[0] != fingerprint:
            kept = self.kept[name] = (fingerprint, {})
        return kept[1]


class BoardReading:
    """What every Dire Alliance bot reads of a table: the board (distances, sight), the
    unclaimed objectives by area, the dice (hit chances kept in the bot's memory)."""

    def __init__(self, t: Tabletop, seat: str, memory: Memory | None = None) -> None:
        self.t = t
        self.seat = seat
        self.board = t.board
        self.dice: DiceSet = t.dice
        self.memory = (memory or Memory()).fit(t)
        self._hits = self.memory.hits
        self._sight = self.memory.sight
        self._objectives: dict[str, list[Objective]] | None = None

    @property
    def objectives(self) -> dict[str, list[Objective]]:
        """The objectives left on the board, by area (every area, in the board's order),
        worked out once a reading."""
        if self._objectives is not None:
            return self._objectives
        found: dict[str, list[Objective]] = {area: [] for area in self.board.ids}
        self._objectives = found
        for objective in self.t.objectives.values():
            if not objective.claimed_by:
                found[objective.area].append(objective)
        return found

    def distances(self, area: str | None) -> Mapping[str, int]:
        """Borders from ``area`` to every area it reaches (none from off the board)."""
        return self.board.distances_from(area) if area is not None else {}

    def sees(self, a: str | None, b: str | None) -> bool:
        """Whether ``a`` sees ``b`` (nothing off the board sees or is seen)."""
        return a is not None and b is not None and b in self._sight[a]

    def odds_of_hit(self, dice: int, defense: int, attacker_sated: bool,
                    defender_sated: bool) -> float:
        """The chance that an attack hits (remembered: the one-step scores ask the same
        odds often)."""
        key = (dice, defense, attacker_sated, defender_sated)
        chance = self._hits.get(key)
        if chance is None:
            chance = self._hits[key] = float(self.dice.odds(*key).hit)
        return chance


class Area(NamedTuple):
    """What the positions of one side's fighters in an area read of their enemies and the
    objectives (``Reading.area_facts``)."""

    nearest: int | None
    """Borders to the nearest area with an objective the side may claim (None: none left)."""
    enemies: list[Fighter]
    """The enemies standing there."""
    claim: bool
    """An objective the side may claim is there, and no ready enemy."""
    guard: bool
    """One of the side's own objectives is there, with an enemy there or one border away."""
    seen: list[Fighter]
    """The enemies elsewhere seen from there (but Unseen ones), whom a fighter there may
    shoot."""


class Reading(BoardReading):
    """The bot's reading of one decision's table: who is where, what they can do, what it
    is worth. Fighters on the board are listed area by area, in the board's order."""

    def __init__(self, t: Battle, seat: str, memory: Memory | None = None) -> None:
        super().__init__(t, seat, memory)
        self.battle = t
        self.fighters: dict[str, Fighter] = {f.id: f for area in t.board.ids
                                             for f in t.occupants[area]}
        self.players = t.sides
        self.goal = t.scenario.goal
        self._enemies: dict[str, list[Fighter]] = {}
        self._targets: dict[str, set[str]] = {}
        self._positions: dict[str, dict[str, float]] = {}
        self._areas: dict[str, dict[str, Area]] = {}
        self._leaving: dict[tuple[str, str | None], float] = {}
        self._kept_by_fighter: dict[str, dict[str, float]] = {}
        self._selves: dict[str, tuple[Hashable, ...]] = {}
        self._foes: dict[str, Hashable] = {}
        self._kept: dict[Any, dict[str, float]] | None = None
        self._others: dict[str, Hashable] = {}
        self._lives: dict[str, int] = {}
        self._worth: dict[str, float] = {}

    def mine(self, f: Fighter) -> bool:
        return f.side == self.seat

    def enemies(self, of: str) -> list[Fighter]:
        """The fighters on the board whose side is not ``of`` (a list the caller keeps)."""
        found = self._enemies.get(of)
        if found is None:
            found = self._enemies[of] = [f for f in self.fighters.values() if f.side != of]
        return found

    @property
    def actor(self) -> Fighter | None:
        """The fighter the pending decision is for (the table's ``asking``, by id)."""
        return self.fighters.get(self.battle.asking[0] or "")

    @property
    def about(self) -> Fighter | None:
        """The fighter the pending decision is about (a mover leaving, a fighter pushed)."""
        return self.fighters.get(self.battle.asking[1] or "")

    # --- values ---------------------------------------------------------------------

    def lives(self, f: Fighter) -> int:
        """Cards that stand between the fighter and defeat (hand, deck and discard pile)."""
        found = self._lives.get(f.id)
        if found is None:
            player = self.players[f.side]
            card = f.card
            found = self._lives[f.id] = (DECK_COPIES + SUPPLY_COPIES - player.supply.get(card, 0)
                                        - player.graveyard.count(card) - player.play.count(card))
        return found

    def worth(self, f: Fighter) -> float:
        """What one damage to ``f`` is worth to the side dealing it."""
        found = self._worth.get(f.id)
        if found is None:
            if "resilient" in f.form.keywords:
                found = DAMAGE * 0.5
            else:
                found = DAMAGE + (DEFEAT if self.lives(f) <= 0 else 0) + (0 if f.stunned else 3)
            self._worth[f.id] = found
        return found

    def hit(self, dice: int, attacker: Fighter, target: Fighter) -> float:
        form = target.form
        if "dreadful" in form.keywords:
            dice -= 1
        if dice <= 0:
            return 0.0
        key = (dice, form.defense, attacker.sated, target.sated)
        chance = self._hits.get(key)
        if chance is None:
            chance = self._hits[key] = float(self.dice.odds(*key).hit)
        return chance

    def attack_value(self, attacker: Fighter, target: Fighter, kind: str, extra: int = 0) -> float:
        dice = (attacker.form.melee if kind == "melee" else attacker.form.shoot) + extra
        return self.hit(dice, attacker, target) * self.worth(target)

    def threat(self, f: Fighter, area: str) -> float:
        """Expected damage value the enemies can deal to ``f`` standing in ``area``."""
        total = 0.0
        unseen = "unseen" in f.form.keywords
        sight, hit = self._sight, self.hit
        for e in self.enemies(f.side):  # on the board: each stands in an area
            weight = 0.6 if e.stunned else 1.0
            where = e.area
            if where == area:
                total += weight * hit(e.form.melee, e, f)
            elif e.form.shoot and not unseen and area in sight[where]:  # type: ignore[index]
                total += weight * hit(e.form.shoot, e, f)
        return total * self.worth(f)

    def targets(self, side: str) -> set[str]:
        """Areas of the unclaimed objectives ``side`` may claim."""
        found = self._targets.get(side)
        if found is None:
            found = self._targets[side] = {a for a, objectives in self.objectives.items()
                                           for o in objectives if o.owner != side}
        return found

    def position(self, f: Fighter, area: str) -> float:
        """How good it is for ``f`` to stand in ``area``. Remembered from one decision to
        the next while nothing it reads changes: ``f`` itself (its form, whether it is
        sated or stunned, whether it has cards left), its enemies (where they stand, the
        same of each) and the objectives left, never where ``f`` stands now nor where its
        friends do (``positions``)."""
        by_area = self._positions.get(f.id)
        if by_area is None:
            by_area = self._positions[f.id] = self.positions(f.side).setdefault(self._self(f), {})
        value = by_area.get(area)
        if value is None:
            value = by_area[area] = self._position(f, area)
        return value

    def _self(self, f: Fighter) -> tuple[Hashable, ...]:
        """What a fighter's positions read of the fighter itself."""
        found = self._selves.get(f.id)
        if found is None:
            found = self._selves[f.id] = (f.id, id(f.form), f.sated, f.stunned,
                                          self.lives(f) <= 0)
        return found

    def positions(self, side: str) -> dict[Any, dict[str, float]]:
        """The remembered positions of ``side``'s fighters (by what they read of the fighter,
        then by area), kept while its enemies and the objectives left are as they were
        (``foes``)."""
        return self.memory.values("positions " + side, self.foes(side))

    def foes(self, side: str) -> Hashable:
        """What a fighter's values read of its enemies and the objectives: where each enemy
        stands, whether it is stunned or sated, its form, whether it has cards left; the
        objectives left. (A form is named by its id: content is kept as long as its board,
        which the memory holds.)"""
        found = self._foes.get(side)
        if found is None:
            found = self._foes[side] = (
                tuple((e.id, e.area, e.stunned, e.sated, id(e.form), self.lives(e) <= 0)
                      for e in self.enemies(side)),
                tuple(o.id for objectives in self.objectives.values() for o in objectives))
        return found

    def _position(self, f: Fighter, area: str) -> float:
        value = 0.0
        facts = self.area_facts(f.side, area)
        if facts.nearest is not None:
            value -= 6 * facts.nearest
        if facts.claim:
            value += 15
        if f.form.melee and facts.enemies:
            value += 0.5 * max(self.attack_value(f, e, "melee") for e in facts.enemies)
        if facts.guard:
            value += 12
        if f.form.shoot and facts.seen:
            value += 0.4 * max(self.attack_value(f, e, "shoot") for e in facts.seen)
        return value - 0.6 * self.threat(f, area)

    def area_facts(self, side: str, area: str) -> Area:
        """What a position of ``side``'s fighters in ``area`` reads of its enemies and the
        objectives, the same for each of its fighters: kept with the positions (``foes``)."""
        found = self._areas.get(side)
        if found is None:
            found = self._areas[side] = self.memory.values("areas " + side, self.foes(side))
        facts: Area | None = found.get(area)
        if facts is None:
            facts = found[area] = self._area(side, area)
        return facts

    def _area(self, side: str, area: str) -> Area:
        objectives = self.targets(side)
        distances = self.distances(area)
        foes = self.enemies(side)
        enemies = [e for e in foes if e.area == area]
        guarded = [o for o in self.objectives[area] if o.owner == side]
        return Area(
            nearest=min(distances.get(o, 9) for o in objectives) if objectives else None,
            enemies=enemies,
            claim=area in objectives and not [e for e in enemies if not e.stunned],
            guard=bool(guarded) and bool(enemies or any(self.distances(e.area)[area] <= 1
                                                        for e in foes)),
            seen=[e for e in foes if e.area != area
                  and "unseen" not in e.form.keywords and self.sees(area, e.area)])

    def leaving(self, f: Fighter, here: str | None = None) -> float:
        """Expected damage value of the opportunity attacks on ``f`` leaving its area (or
        ``here``); worked out once a reading (each of its moves asks)."""
        here = f.area if here is None else here
        key = (f.id, here)
        value = self._leaving.get(key)
        if value is None:
            ready = [e for e in self.enemies(f.side) if e.area == here and not e.stunned]
            value = self._leaving[key] = (sum(self.hit(e.form.melee, e, f) for e in ready)
                                          * self.worth(f))
        return value

    def move_value(self, f: Fighter, area: str, opportunity: bool = True,
                   here: str | None = None) -> float:
        """The gain of ``f`` moving from its area (or ``here``) to ``area``."""
        here = f.area if here is None else here
        assert here is not None
        cost = self.leaving(f, here) if opportunity and area != here else 0.0
        return self.position(f, area) - self.position(f, here) - cost

    def goal_value(self, kind: str) -> float:
        """Claiming one more objective (or site): winning, or a step toward it."""
        if kind == "objectives":
            held, wanted = len(self.players[self.seat].claimed), self.goal.objectives
        else:
            held = sum(1 for s in self.battle.sites.values() if s.holder == self.seat)
            wanted = self.goal.sites
        return WIN if wanted is not None and held + 1 >= wanted else CLAIM

    # --- actions --------------------------------------------------------------------

    def action(self, f: Fighter, option: str) -> float:
        """The value of ``f`` taking the action ``option``; for the seat's own fighters,
        kept from one decision to the next while nothing it reads changes (``kept``), but
        for Focus, which reads the cards left and supply of the fighter it gains for."""
        verb, _, arg = option.partition(":")
        if (verb not in KEPT or f.side != self.seat
                or (arg in self.fighters and self.fighters[arg].side == f.side)):
            return self._action(f, option)
        values = self._kept_for(f)
        value = values.get(option)
        if value is None:
            value = values[option] = self._action(f, option)
        return value

    def _action(self, f: Fighter, option: str) -> float:
        verb, _, arg = option.partition(":")
        if verb == "move":
            return self.move_value(f, arg)
        if verb in ("melee", "shoot"):
            return self.attack_value(f, self.fighters[arg], verb)
        if verb == "focus":
            friend = self.fighters[arg]
            count = min(self.players[friend.side].supply.get(friend.card, 0),
                        2 if friend.area == f.area else 1)
            return count * (CARD + (4 if self.lives(friend) <= 1 else 0))
        if verb == "control":
            return self.goal_value("objectives")
        if verb == "interact":
            return self.goal_value("sites")
        if verb == "special":
            special = f.form.special
            return self.special(f, special.effects if special else [])
        return {"dread": 6.0, "recover": 2.0, "pass": -5.0}.get(verb, 0.0)

    def special(self, f: Fighter, effects: list[Effect]) -> float:
        """A rough value of a special action: its effects, one after the other."""
        total, here = 0.0, f.area
        assert here is not None
        foes = self.enemies(f.side)
        for effect in effects:
            verb = effect.verb
            enemies_here = [e for e in foes if e.area == here]
            if verb in ("move", "withdraw"):
                best = max([here, *self.board.neighbours(here)],
                           key=lambda a: self.position(f, a))
                total += self.move_value(f, best, verb == "move", here)
                here = best
            elif verb == "melee" and enemies_here:
                attack = effect.attack
                values = [self.attack_value(f, e, "melee", attack.dice) for e in enemies_here]
                total += sum(values) if attack.targets == "all" else max(values)
            elif verb == "shoot":
                seen = [e for e in foes if e.area != here
                        and self.sees(here, e.area)
                        and "unseen" not in e.form.keywords]
                if seen:
                    total += max(self.attack_value(f, e, "shoot", effect.attack.dice)
                                 for e in seen)
            elif verb in ("heal", "gain"):
                value = effect.amount
                total += CARD * min(value, 2) * (1.2 if verb == "heal" else 1)
                if verb == "heal" and f.card not in self.players[f.side].graveyard:
                    total -= CARD * min(value, 2) * 1.2
            elif verb in ("push", "stun") and enemies_here:
                total += 5
            elif verb == "pull" and any(e.area is not None and self.distances(here)[e.area] == 1
                                        for e in foes):
                total += 6
            elif verb in ("sate", "ready", "transform"):
                total += 4
            elif verb == "teleport":
                total -= 3
            elif verb == "mark":
                total += self.goal_value("sites") * 0.5
            elif verb == "command":
                best_attacks = [self.attack_value(g, e, "melee") for g in self.fighters.values()
                                if self.mine(g) and self.sees(here, g.area)
                                for e in self.enemies(g.side) if e.area == g.area]
                total += max(best_attacks, default=0.0)
        return total

    def best_action(self, f: Fighter) -> float:
        """The value of the best action of ``f``: the best of Focus on itself and its other
        actions (``other_actions``)."""
        return max(self.other_actions(f), self.action(f, f"focus:{f.id}"))

    def other_actions(self, f: Fighter) -> float:
        """The value of the best action of ``f`` but Focus; for the seat's own fighters,
        kept from one decision to the next while nothing it reads changes (``kept``)."""
        if f.side != self.seat:
            return self._other_actions(f)
        values = self._kept_for(f)
        value = values.get("")
        if value is None:
            value = values[""] = self._other_actions(f)
        return value

    def _kept_for(self, f: Fighter) -> dict[str, float]:
        """The kept values of ``f``'s actions, by option (its best but Focus by ``""``)."""
        found = self._kept_by_fighter.get(f.id)
        if found is None:
            found = self._kept_by_fighter[f.id] = self.kept().setdefault(self._others_key(f), {})
        return found

    def kept(self) -> dict[Any, dict[str, float]]:
        """The values of the seat's fighters' actions (by what they read of the fighter,
        then by the action) kept while their enemies, the objectives left and the seat's
        claims and sites are as they were."""
        values = self._kept
        if values is None:
            seat = self.seat
            held = sum(1 for s in self.battle.sites.values() if s.holder == seat)
            values = self._kept = self.memory.values(
                "actions " + seat, (self.foes(seat), len(self.players[seat].claimed), held))
        return values

    def _others_key(self, f: Fighter) -> Hashable:
        """What the actions of ``f`` but Focus read of ``f`` itself and its friends (beside
        its enemies, the objectives, the seat's claims and sites): where it stands, and for
        a special action that heals, whether a card of it lies in the graveyard; for one
        that commands, where the friends it may choose stand."""
        found = self._others.get(f.id)
        if found is None:
            found = self._others[f.id] = self._read_others_key(f)
        return found

    def _read_others_key(self, f: Fighter) -> Hashable:
        verbs = self.verbs(f)
        graveyard = f.card in self.players[f.side].graveyard if "heal" in verbs else None
        friends = tuple((g.id, g.area, id(g.form), g.sated) for g in self.fighters.values()
                        if self.mine(g)) if "command" in verbs else ()
        return self._self(f), f.area, graveyard, friends

    def verbs(self, f: Fighter) -> frozenset[str]:
        """The verbs of the effects of the special action of ``f``'s form (kept by form)."""
        kept = self.memory.values("verbs")
        found: frozenset[str] | None = kept.get(id(f.form))
        if found is None:
            special = f.form.special
            found = kept[id(f.form)] = frozenset(
                e.verb for e in special.effects) if special is not None else frozenset()
        return found

    def _other_actions(self, f: Fighter) -> float:
        here = f.area
        assert here is not None
        options = [f"move:{a}" for a in self.board.neighbours(here)]
        foes = self.enemies(f.side)
        options += [f"melee:{e.id}" for e in foes if e.area == here and f.form.melee]
        options.append("special")
        options += [f"control:{here}" for o in self.objectives[here]
                    if o.owner != f.side and not [e for e in foes
                                                  if e.area == here and not e.stunned]]
        return max(self.action(f, o) for o in options)

    def card_value(self, card: str) -> float:
        if card == DREAD:
            return -2.0
        fighters = [f for f in self.fighters.values() if self.mine(f) and f.card == card]
        return sum(self.best_action(f) for f in fighters) if fighters else -3.0


class OneStepBot:
    """Scores every option one decision ahead, from a reading of the table as its seat may
    know it, and takes the best (ties broken at random). Subclasses name their reading and
    write ``score``. Drive it with ``agents.decide`` (it reads the table, not a view)."""

    uses_view = False
    reading: type[BoardReading] = BoardReading

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self._random = random.Random(seed)
        self.memory = Memory()

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        raise RulesetError(f"{type(self).__name__} reads the table: drive it with "
                           f"agents.decide(agent, game)")

    def choose_from(self, table: Table, decision: Decision) -> str:
        """The best option of ``decision`` (the table's pending one)."""
        scores = self.weigh(table, decision)
        if not scores:
            return decision.options[0].id
        return max((score, self._random.random(), option)
                   for option, score in scores.items())[2]

    def weigh(self, table: Table, decision: Decision) -> dict[str, float]:
        """Every option's score, in the order offered (none before the table is set up):
        what ``choose_from`` takes the best of, and what a search's prior is drawn from."""
        t = table.state
        if t is None:
            return {}
        reading = self.reading(t, decision.player, self.memory)
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
            free_claim = (option == DREAD and r.battle.aggressor != r.seat  # as the defender
                          and r.battle.rulings.dread_initiative is DreadInitiative.ALLOW)
            return value + (self.claim_initiative * 2 if free_claim else 0)
        if kind == "claim-initiative":
            return 0.0 if option == "keep" else self.claim_initiative - r.card_value(option)
        if kind == "activate":
            return r.best_action(r.fighters[option]) if option in r.fighters else 0.0
        if kind == "action":
            actor = r.actor
            return r.action(actor, option) if actor else 0.0
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
            return 10 - r.lives(chosen) + (3 if chosen.stunned else 0)
        kind = "shoot" if decision.rule == "battle.attack.choose-target.shoot" else "melee"
        return r.attack_value(actor, chosen, kind) + r.worth(chosen) * 0.1

    def area(self, r: Reading, decision: Decision, option: str) -> float:
        actor = r.actor
        if r.about is not None:  # pushing or pulling an enemy: toward my objectives is worse
            mine = [a for a, objectives in r.objectives.items()
                    if any(o.owner == r.seat for o in objectives)]
            here = option if option != "stay" else ""
            return min((r.distances(here).get(a, 9) for a in mine), default=0) if here else 0
        if actor is None:
            return 0.0
        area = actor.area if option == "stay" else option
        assert area is not None
        moving = decision.rule == "battle.action.move.a" and option != "stay"
        return r.position(actor, area) - (r.leaving(actor) if moving else 0)
