"""The battle: two rows of cryptids fight roll after roll, steps 1 to 6, with no choices.

:class:`Battle` is a plain function of (two compiled teams, a random generator,
the rulings): ``Battle(left, right, rng, rulings).run()`` returns the
:class:`Outcome`. The game procedure, the odds and the lab all call it. With an
``emit`` function it announces every change of state as an event citing its rule;
without one it builds no event data at all (the hot path of simulations). Both
give the same outcome from the same draws.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple, Protocol

from rulekeeper.rulesets.cryptids.cards import DICE_TABLE, KINDS, Act, Card, Fired, Lineup
from rulekeeper.rulesets.cryptids.rulings import BattleRulings
from rulekeeper.rulesets.cryptids.schema import ROW_LIMIT
from rulekeeper.rulesets.cryptids.targeting import highest_threat, lowest_hp, names, order

ROLL_CAP = 36
"""'Si la bataille atteint 36 lancers': the battle ends after its 36th roll."""
SUDDEN_DEATH = 16
"""'La mort subite commence au 16e lancer.'"""
REROLL_GUARD = 10
"""Under reroll-counts ``no``, a roll is rerolled at most this many times (the next is ignored)."""
SIDES = ("left", "right")

STEP2 = "roll.step-2.status.b"
STEP3 = "roll.step-3.every-roll"
STEP3_MODIFIERS = "roll.step-3.dice-modifiers.a"
STEP4 = "roll.step-4.triggers"
STEP6 = "roll.step-6.deaths.b"
START = "triggers.battle-start"
STRIKE = "ruling.sudden-death"

Emit = Callable[..., None]
Entry = tuple["Fighter", tuple[Act, ...], "Fighter | None"]
"""A cryptid, abilities of it that fire, and the cryptid the trigger is about (if any)."""
Tables = tuple[tuple["Fighter", ...], tuple[Fired, ...], dict[str, Fired]]
"""A side's starters and which of them fire on each dice result and trigger kind."""


class Rerolled(Exception):
    """An ability rerolled: the roll stops at once and restarts at step 1 (reroll.restart.a)."""


class Dice(Protocol):
    """What the battle draws from: a game's :class:`~rulekeeper.core.rng.Rng` or an enumerator."""

    def roll(self, sides: int) -> int: ...

    def below(self, n: int) -> int: ...

    def coin(self) -> bool: ...


class Fighter:
    """A cryptid on the board: its card and its current state."""

    __slots__ = ("attack", "card", "dots", "gone", "hp", "label", "max_hp", "pos", "shield",
                 "side", "threat")

    def __init__(self, card: Card, side: int, pos: int) -> None:
        self.card = card
        self.side = side
        self.pos = pos
        self.hp = self.max_hp = card.hp
        self.threat = card.threat
        self.attack = self.shield = 0
        self.dots: list[list[int]] = []
        """Damage over time: ``[amount, rolls left, side that applied it]``."""
        self.gone = False
        """Off the board: it died (step 6)."""
        self.label: Any = card.name

    def __repr__(self) -> str:
        return f"<{self.card.id} {SIDES[self.side]} {self.pos} hp={self.hp}>"

    def key(self) -> Hashable:
        return (self.card, self.hp, self.threat, self.attack, self.shield,
                tuple(tuple(d) for d in self.dots))

    def view(self) -> dict[str, Any]:
        return {"id": self.card.id, "name": dict(self.label), "hp": self.hp, "max_hp": self.max_hp,
                "threat": self.threat, "attack": self.attack, "shield": self.shield,
                "statuses": [{"damage_over_time": a, "rolls": n} for a, n, _ in self.dots]}


class Outcome(NamedTuple):  # not a frozen dataclass: one is built per battle, this is cheaper
    """How a battle ended.

    Attributes:
        winner: ``"left"``, ``"right"``, or None for a tie.
        reason: ``side-empty``, ``both-empty``, ``roll-cap`` or ``no-damage``.
        rolls: rolls thrown (as ruling reroll-counts counts them).
        hp: total HP remaining per side.
        damage: HP taken from the enemy per side.
        rerolls: how many times a roll was rerolled.
        fielded: per side, the ids of the cryptids that were on its board (summons included).
        survivors: per side, the ids still on its board at the end.
        defeated: per side, the ids that died.
    """

    winner: str | None
    reason: str
    rolls: int
    hp: tuple[int, int]
    damage: tuple[int, int]
    rerolls: int
    fielded: tuple[frozenset[str], frozenset[str]]
    survivors: tuple[frozenset[str], frozenset[str]]
    defeated: tuple[frozenset[str], frozenset[str]]


class Battle:
    """One battle between two compiled teams. Call :meth:`run` once."""

    __slots__ = ("ally_death", "ally_hurt", "bonus", "dealt", "doubles", "each_roll", "emit",
                 "extras", "fallen", "lineups", "log", "outcome", "present_cache",
                 "recheck", "rerolling", "rerolls", "rerolls_total", "rng", "roll", "rows",
                 "rulings", "seen", "starters", "statuses", "tables", "total", "zeroes")

    def __init__(self, left: Lineup, right: Lineup, rng: Dice, rulings: BattleRulings,
                 emit: Emit | None = None) -> None:
        self.lineups = (left, right)
        self.rng = rng
        self.rulings = rulings
        self.emit: Emit = emit or _silent
        self.log = emit is not None
        lefts = [Fighter(card, 0, pos) for pos, card in enumerate(left.cards)]
        rights = [Fighter(card, 1, pos) for pos, card in enumerate(right.cards)]
        self.rows: list[list[Fighter]] = [lefts, rights]
        self.starters = (tuple(lefts), tuple(rights))
        """The cryptids each side lined up, in the order of its team (they stay when they die)."""
        self.tables: tuple[Tables, ...] = ((self.starters[0], left.on_dice, left.by_kind),
                                           (self.starters[1], right.on_dice, right.by_kind))
        """Per side, which starters have abilities on each trigger (cards.Lineup)."""
        self.extras: list[Fighter] = []
        """Cryptids summoned during the battle (their cards are read instead of the tables)."""
        self.present_cache: dict[str, list[Entry]] = {}
        """:meth:`present` by trigger kind, until a cryptid dies or is summoned."""
        lk, rk = left.by_kind, right.by_kind
        self.ally_hurt = [bool(lk["ally_hurt"]), bool(rk["ally_hurt"])]
        self.ally_death = [bool(lk["ally_death"]), bool(rk["ally_death"])]
        """Per side, whether any of its cryptids may react to an ally being hurt, or dying."""
        self.each_roll = bool(lk["each_roll"] or lk["modifiers"] or rk["each_roll"]
                              or rk["modifiers"])
        """Whether any cryptid may have an every-roll ability (step 3)."""
        self.statuses = 0
        """How many damage-over-time statuses are on the board (step 2)."""
        self.roll = 0
        self.total = 0
        self.doubles = False
        self.bonus = 0
        self.rerolling = False
        self.rerolls = 0
        self.rerolls_total = 0
        self.zeroes = False
        """Whether a cryptid fell to 0 HP since step 6 last ran (if not, all on the board live)."""
        self.fallen: list[Fighter] = []
        """Cryptids that fell to 0 HP during this roll (step 6 removes them)."""
        self.recheck = True
        self.dealt = [0, 0]
        self.seen: Counter[str] | None = None
        self.outcome: Outcome | None = None
        if self.log:
            self._number_labels()

    # -- the battle, roll after roll ------------------------------------------------------

    def run(self) -> Outcome:
        """The whole battle: its start, then rolls until it ends."""
        outcome = self.begin()
        while outcome is None:
            outcome = self.throw()
        return outcome

    def begin(self) -> Outcome | None:
        """Before roll 1: the teams line up and start-of-battle abilities resolve."""
        if self.log:
            self.emit("battle", "battle.autoplay", left=self.lineups[0].label,
                      right=self.lineups[1].label)
            for side, row in enumerate(self.rows):
                self.emit("lineup." + SIDES[side], "battle.shop.d", team=self.lineups[side].label,
                          cryptids=[_stats(f) for f in row])
        entries = self.present("battle_start")
        if entries:
            self.resolve(entries, 0, START)
        if self.zeroes:
            self.deaths()
        return self.check_empty()

    def throw(self) -> Outcome | None:
        """One throw of the dice: steps 1 to 6, or 1 to 4 when an ability rerolls."""
        rulings = self.rulings
        rerolled = self.rerolling
        self.rerolling = False
        if rerolled and not rulings.reroll_counts:
            self.rerolls += 1
        else:
            self.roll += 1
            self.rerolls = 0
        number = self.roll
        self.bonus = number - SUDDEN_DEATH + 1 if number >= SUDDEN_DEATH else 0
        roll = self.rng.roll
        first = roll(6)
        second = roll(6)
        self.total = first + second
        self.doubles = first == second
        if self.log:
            self.emit("reroll.roll" if rerolled else "roll",
                      "reroll.restart.b" if rerolled else "roll.step-1.dice",
                      roll=number, first=first, second=second, total=self.total)
            if self.bonus and not (rerolled and not rulings.reroll_counts):
                self.emit("sudden-death." + ("strike" if rulings.strike else "bonus"),
                          "sudden-death.bonus.b" if self.bonus > 1 else "sudden-death.start",
                          roll=number, bonus=self.bonus)
        if self.statuses:
            self.tick()
        if self.each_roll:
            self.every_roll()
        try:
            self.step4()
        except Rerolled:
            return self.after_reroll()
        if self.zeroes:
            self.deaths()
            return self.check_end()
        if self.roll < ROLL_CAP and not self.recheck:
            return None  # nothing changed that could end the battle
        return self.check_end()

    def tick(self) -> None:
        """Step 2: statuses apply, in threat order; damage over time deals its damage."""
        # each bearer's statuses as the step starts: one applied during it first ticks next roll
        bearers = [(f, tuple(f.dots), None) for row in self.rows for f in row
                   if f.dots and f.hp > 0]
        expired = False
        for fighter, statuses, _ in order(self, bearers, STEP2):
            ended = False
            for status in statuses:
                if fighter.hp > 0:
                    if self.log:
                        self.emit("status.tick", STEP2, who=fighter.label, amount=status[0],
                                  rolls=status[1] - 1)
                    self.deal(None, fighter, status[0], 0, STEP2, status[2])
                status[1] -= 1
                if status[1] <= 0:
                    ended = True
            if ended:
                expired = True
                fighter.dots = [s for s in fighter.dots if s[1] > 0]
                if self.log and not fighter.dots:
                    self.emit("status.ends", "roll.step-2.status.a", who=fighter.label)
        if expired:
            self.recheck = True
            self.statuses = sum([len(f.dots) for row in self.rows for f in row if f.dots])

    def every_roll(self) -> None:
        """Step 3: every-roll abilities; those that change the total act first."""
        modifiers = self.present("modifiers")
        others = self.present("each_roll")
        if modifiers:
            self.resolve(modifiers, 0, STEP3_MODIFIERS)
        if others:
            self.resolve(others, 0, STEP3)

    def step4(self) -> None:
        """Step 4: abilities the (modified) roll triggers, in threat order across both boards."""
        total = self.total
        if self.rulings.strike and self.bonus > 0:
            self.resolve([(f, f.card.dice_acts(total, self.doubles), None)
                          for row in self.rows for f in row], 0, STEP4, True)
            return
        if not 0 <= total < DICE_TABLE:
            entries = [(f, acts, None) for row in self.rows for f in row
                       if (acts := f.card.dice_acts(total, self.doubles))]
        else:
            key = total * 2 + self.doubles
            entries = []
            # the starters from their team's table, then the summoned cryptids from their cards
            for starters, on_dice, _ in self.tables:
                for index, acts in on_dice[key]:
                    fighter = starters[index]
                    if not fighter.gone:
                        entries.append((fighter, acts, None))
            for fighter in self.extras:
                if not fighter.gone and fighter.card.on_dice[key]:
                    entries.append((fighter, fighter.card.on_dice[key], None))
        if entries:
            self.resolve(entries, 0, STEP4)

    def present(self, kind: str) -> list[Entry]:
        """An entry for each cryptid on the board with abilities of this kind (``KINDS``)."""
        entries = self.present_cache.get(kind)
        if entries is None:
            entries = self.present_cache[kind] = []
            for starters, _, by_kind in self.tables:
                for index, acts in by_kind[kind]:
                    fighter = starters[index]
                    if not fighter.gone:
                        entries.append((fighter, acts, None))
            for fighter in self.extras:
                if not fighter.gone and getattr(fighter.card, kind):
                    entries.append((fighter, getattr(fighter.card, kind), None))
        return entries

    def after_reroll(self) -> Outcome | None:
        """A reroll stopped the roll: deaths per ruling deaths-on-reroll, then roll again."""
        if self.rulings.reroll_counts and self.roll >= ROLL_CAP:
            if self.log:
                self.emit("reroll.cap", "end.limit.a", roll=self.roll)
            return self.end_by_hp("roll-cap", "end.limit.a")
        if not self.rulings.deaths_stay:
            if self.zeroes:
                self.deaths()
            outcome = self.check_empty()
            if outcome is not None:
                return outcome
        self.rerolling = True
        return None

    def deaths(self) -> None:
        """Step 6: cryptids at 0 HP leave the board; death abilities resolve, wave after wave."""
        wave = 0
        while self.zeroes:
            self.zeroes = False
            dead = []
            for fighter in self.fallen:  # those that fell to 0, unless healed since
                if fighter.hp <= 0 and not fighter.gone:
                    fighter.gone = True
                    dead.append(fighter)
            self.fallen = []
            if not dead:
                return
            rows = self.rows
            first = [ROW_LIMIT, ROW_LIMIT]  # per side, the first place that changes
            for fighter in dead:
                rows[fighter.side].remove(fighter)
                if fighter.pos < first[fighter.side]:
                    first[fighter.side] = fighter.pos
                if fighter.dots:
                    self.statuses -= len(fighter.dots)
                if self.log:
                    self.emit("death", "roll.step-6.deaths.a", who=fighter.label)
            for fighter in dead:  # its place now: the survivors left of it (not yet renumbered)
                fighter.pos = sum(1 for f in rows[fighter.side] if f.pos < fighter.pos)
            _renumber(rows[0], first[0])
            _renumber(rows[1], first[1])
            self.present_cache.clear()
            self.recheck = True
            entries: list[Entry] = []
            for fighter in dead:
                if fighter.card.death:
                    entries.append((fighter, fighter.card.death, None))
                if self.ally_death[fighter.side]:
                    for ally in rows[fighter.side]:
                        if ally.card.ally_death:
                            entries.append((ally, ally.card.ally_death, fighter))
            if entries:
                if wave > self.rulings.reaction_depth:
                    self.cut(entries, wave)
                else:
                    self.resolve(entries, wave, STEP6)
            wave += 1

    # -- the end --------------------------------------------------------------------------

    def check_end(self) -> Outcome | None:
        """After a completed roll: an empty side, the 36th roll, or no damage possible."""
        if not (self.rows[0] and self.rows[1]):
            return self.check_empty()
        if self.roll >= ROLL_CAP:
            return self.end_by_hp("roll-cap", "end.limit.a")
        rulings = self.rulings
        if rulings.no_damage_check and not rulings.strike and self.recheck:
            self.recheck = False
            for row in self.rows:
                for fighter in row:
                    if fighter.card.damages or fighter.dots:
                        return None
            return self.end_by_hp("no-damage", "end.limit.b")
        return None

    def check_empty(self) -> Outcome | None:
        left, right = self.rows
        if left and right:
            return None
        if not left and not right:
            return self.finish(None, "both-empty", "end.simultaneous-draw")
        return self.finish(0 if left else 1, "side-empty", "end.side-empty")

    def end_by_hp(self, reason: str, rule: str) -> Outcome:
        left, right = (sum(f.hp for f in row) for row in self.rows)
        if self.log:
            self.emit("end." + reason, rule, roll=self.roll, left=left, right=right)
        if left == right:
            return self.finish(None, reason, "end.hp-tie-draw")
        return self.finish(0 if left > right else 1, reason, "end.limit.c")

    def finish(self, winner: int | None, reason: str, rule: str) -> Outcome:
        if self.log:
            kind = "result.tie" if winner is None else "result." + SIDES[winner]
            self.emit(kind, rule, team=self.lineups[winner].label if winner is not None else "",
                      reason=reason, rolls=self.roll)
        hp = [0, 0]
        summoned: tuple[list[str], list[str]] = ([], [])
        survivors: tuple[set[str], set[str]] = (set(), set())
        defeated: tuple[set[str], set[str]] = (set(), set())
        for fighter in self.extras:
            summoned[fighter.side].append(fighter.card.id)
        for fighter in (*self.starters[0], *self.starters[1], *self.extras):
            if fighter.gone:
                defeated[fighter.side].add(fighter.card.id)
            elif fighter.hp > 0:
                hp[fighter.side] += fighter.hp
                survivors[fighter.side].add(fighter.card.id)
        self.outcome = Outcome(
            None if winner is None else SIDES[winner], reason, self.roll, (hp[0], hp[1]),
            (self.dealt[0], self.dealt[1]), self.rerolls_total,
            (self.lineups[0].ids.union(summoned[0]), self.lineups[1].ids.union(summoned[1])),
            (frozenset(survivors[0]), frozenset(survivors[1])),
            (frozenset(defeated[0]), frozenset(defeated[1])))
        return self.outcome

    # -- resolving abilities --------------------------------------------------------------

    def resolve(self, entries: list[Any], depth: int, rule: str, strike: bool = False,
                ordered: bool = False) -> None:
        """Resolve ``(fighter, abilities, other)`` entries in threat order."""
        if not ordered and len(entries) > 1:
            entries = order(self, entries, rule)
        log = self.log
        if log and rule == STEP4 and len(entries) > 1:
            self.emit("order", "roll.step-4.threat-order.b",
                      order=[_with_threat(e[0]) for e in entries])
        for fighter, acts, other in entries:
            if fighter.hp <= 0 and not fighter.gone:
                if log:
                    self.emit("skip", "roll.step-4.zero-hp-skip" if rule == STEP4
                              else "ruling.deaths-on-reroll", who=fighter.label)
                continue
            for act in acts:
                if log:
                    self.announce(fighter, act, other, rule)
                for effect in act.effects:
                    effect.apply(self, fighter, other, depth, rule)
            if strike and fighter.hp > 0:
                self.strike(fighter)

    def announce(self, fighter: Fighter, act: Act, other: Fighter | None, rule: str) -> None:
        """The event of an ability that fires, naming its trigger."""
        totals = act.trigger.totals
        self.emit("act." + act.kind, rule, who=fighter.label, total=self.total,
                  totals=list(totals), low=min(totals, default=0), high=max(totals, default=0),
                  other=other.label if other is not None else "")

    def strike(self, fighter: Fighter) -> None:
        """Ruling sudden-death ``strike``: the bonus dealt to its default target."""
        target = self.default_target(fighter)
        if target is not None:
            if self.log:
                self.emit("act.strike", STRIKE, who=fighter.label, bonus=self.bonus)
                self.enemies(fighter, "threat", None, STRIKE)  # explains the choice
            self.deal(fighter, target, self.bonus, 0, STRIKE, fighter.side)

    def react(self, entries: list[Any], depth: int, rule: str, own: bool) -> None:
        """Step 5: reactions resolve at once, depth first, up to ruling reaction-depth.

        ``own`` says the first entry is the hurt or healed cryptid's own reaction,
        which goes first under ruling reaction-order ``target-first``.
        """
        if depth > self.rulings.reaction_depth:
            self.cut(entries, depth)
            return
        if own and not self.rulings.reactions_by_threat:
            self.resolve(entries[:1] + order(self, entries[1:], rule), depth, rule, ordered=True)
        else:
            self.resolve(entries, depth, rule)

    def cut(self, entries: list[Any], depth: int) -> None:
        if self.log:
            self.emit("chain.cut", "ruling.reaction-depth", depth=depth,
                      who=names([e[0] for e in entries]), limit=self.rulings.reaction_depth)

    # -- targets --------------------------------------------------------------------------

    def enemies(self, actor: Fighter, selector: str, other: Fighter | None,
                rule: str) -> list[Fighter]:
        """The enemies an effect hits, by its target rule, each choice explained."""
        foes = self.rows[1 - actor.side]
        if self.zeroes and not self.rulings.zero_hp_targets:
            candidates = [f for f in foes if f.hp > 0]
        else:
            candidates = foes
        if not candidates:
            if self.log:
                self.emit("target.none", rule, who=actor.label)
            return []
        log = self.log
        if selector == "threat" or selector == "adjacent":
            target = highest_threat(candidates)
            assert target is not None
            if log:
                tied = [f for f in candidates if f.threat == target.threat]
                if len(tied) > 1:
                    self.emit("target.threat-tie", "targeting.single.tie-leftmost",
                              who=actor.label, target=target.label, threat=target.threat,
                              tied=names(tied))
                else:
                    self.emit("target.threat", "targeting.single.highest-threat",
                              who=actor.label, target=target.label, threat=target.threat)
            if selector == "threat":
                return [target]
            hit = [f for f in foes if abs(f.pos - target.pos) <= 1 and f in candidates]
            if log:
                self.emit("target.adjacent", "targeting.override.a", who=actor.label,
                          targets=names(hit))
            return hit
        if selector == "lowest-hp":
            target = lowest_hp(candidates, self.rulings.lowest_hp_by_threat)
            assert target is not None
            if log:
                tied = [f for f in candidates if f.hp == target.hp]
                if len(tied) > 1:
                    self.emit("target.lowest-hp-tie." + ("threat" if self.rulings.
                              lowest_hp_by_threat else "leftmost"), "ruling.lowest-hp-tie",
                              who=actor.label, target=target.label, hp=target.hp,
                              tied=names(tied))
                else:
                    self.emit("target.lowest-hp", "targeting.override.b", who=actor.label,
                              target=target.label, hp=target.hp)
            return [target]
        if selector == "all-enemies":
            if log:
                self.emit("target.all", "targeting.override.a", who=actor.label,
                          targets=names(candidates))
            return list(candidates)
        if selector == "random-enemy":
            target = candidates[self.rng.below(len(candidates))]
            if log:
                self.emit("target.random", "targeting.override.a", who=actor.label,
                          target=target.label, candidates=names(candidates))
            return [target]
        # attacker: the cryptid whose ability dealt the damage this reaction answers
        if other is not None and not other.gone and other in candidates:
            if log:
                self.emit("target.attacker", "targeting.override.a", who=actor.label,
                          target=other.label)
            return [other]
        if log:
            self.emit("target.none", rule, who=actor.label)
        return []

    def default_target(self, actor: Fighter) -> Fighter | None:
        """The enemy a single-target ability hits: the highest threat, the leftmost on a tie."""
        best = None
        zero = self.rulings.zero_hp_targets
        for foe in self.rows[1 - actor.side]:
            if (foe.hp > 0 or zero) and (best is None or foe.threat > best.threat):
                best = foe
        return best

    def allies(self, actor: Fighter, selector: str, other: Fighter | None,
               rule: str) -> list[Fighter]:
        """The cryptids of the actor's own side an effect reaches (the actor included)."""
        at_zero = self.rulings.heal_at_zero
        if selector == "self" or selector == "that-ally":
            reached = actor if selector == "self" else other
            if reached is not None and not reached.gone and (reached.hp > 0 or at_zero):
                return [reached]
            if self.log:
                self.emit("target.none", rule, who=actor.label)
            return []
        row = self.rows[actor.side]
        candidates = [f for f in row if f.hp > 0] if self.zeroes and not at_zero else row
        if selector == "all-allies":
            found = list(candidates)
        elif selector == "adjacent-allies":
            near = (actor.pos - 1, actor.pos) if actor.gone else (actor.pos - 1, actor.pos + 1)
            found = [f for f in candidates if f.pos in near]
        else:  # lowest-hp-ally
            target = lowest_hp(candidates, self.rulings.lowest_hp_by_threat)
            found = [target] if target is not None else []
            if self.log and target is not None:
                self.emit("target.lowest-hp-ally", "targeting.override.a", who=actor.label,
                          target=target.label, hp=target.hp)
        if not found and self.log:
            self.emit("target.none", rule, who=actor.label)
        return found

    # -- what effects do ------------------------------------------------------------------

    def deal(self, source: Fighter | None, target: Fighter, amount: int, depth: int, rule: str,
             credit: int) -> None:
        """Damage: the shield absorbs first, HP never goes below 0; then reactions.

        ``source`` is the cryptid whose ability deals it (None for a status), ``credit``
        the side whose damage it counts as.
        """
        before = target.hp
        if before <= 0:
            if self.log:
                self.emit("damage.wasted", "ruling.zero-hp-target", who=_label(source),
                          target=target.label, amount=amount)
            return
        if target.shield:
            absorbed = amount if target.shield >= amount else target.shield
            target.shield -= absorbed
            amount -= absorbed
            if self.log:
                self.emit("damage.shield", "effects.shield", target=target.label,
                          absorbed=absorbed, shield=target.shield)
            if amount <= 0:
                return
        hp = target.hp = before - amount if amount < before else 0
        self.dealt[credit] += before - hp
        if self.log:
            self.emit("damage" if source is not None else "damage.status", rule,
                      who=_label(source), target=target.label, amount=before - hp,
                      before=before, hp=hp)
        if not hp:
            self.zeroes = True
            self.fallen.append(target)
            if self.log:
                self.emit("zero", "roll.step-6.deaths.a", who=target.label)
        side = target.side
        if target.card.hurt or self.ally_hurt[side]:
            entries: list[Entry] = []
            own = hp > 0 and bool(target.card.hurt)
            if own:
                entries.append((target, target.card.hurt, source))
            if self.ally_hurt[side]:
                for ally in self.rows[side]:
                    if ally.card.ally_hurt and ally is not target and ally.hp > 0:
                        entries.append((ally, ally.card.ally_hurt, target))
            if entries:
                self.react(entries, depth + 1,
                           "roll.step-5.chain.a" if depth == 0 else "roll.step-5.chain.c", own)

    def heal(self, source: Fighter, target: Fighter, amount: int, depth: int, rule: str) -> None:
        before = target.hp
        after = before + amount
        if self.rulings.overheal_cap and after > target.max_hp:
            after = max(before, target.max_hp)
        if after == before:
            if self.log:
                self.emit("heal.full", "ruling.overheal", who=source.label, target=target.label)
            return
        target.hp = after
        if self.log:
            self.emit("heal", rule, who=source.label, target=target.label, amount=after - before,
                      before=before, hp=after)
        if target.card.healed:
            self.react([(target, target.card.healed, source)], depth + 1,
                       "roll.step-5.chain.b" if depth == 0 else "roll.step-5.chain.c", True)

    def protect(self, source: Fighter, target: Fighter, amount: int, rule: str) -> None:
        target.shield += amount
        if self.log:
            self.emit("shield", rule, who=source.label, target=target.label, amount=amount,
                      shield=target.shield)

    def afflict(self, source: Fighter, target: Fighter, amount: int, rolls: int,
                rule: str) -> None:
        target.dots.append([amount, rolls, source.side])
        self.statuses += 1
        self.recheck = True
        if self.log:
            self.emit("status", rule, who=source.label, target=target.label, amount=amount,
                      rolls=rolls)

    def buff(self, source: Fighter, target: Fighter, stat: str, amount: int, rule: str) -> None:
        if stat == "threat":
            target.threat += amount
            value = target.threat
        else:
            target.attack += amount
            value = target.attack
        if self.log:
            self.emit("buff." + stat, rule, who=source.label, target=target.label,
                      amount=amount, value=value)

    def modify_total(self, source: Fighter, amount: int, rule: str) -> None:
        before = self.total
        self.total += amount
        if self.log:
            self.emit("modify", rule, who=source.label, amount=f"{amount:+d}", before=before,
                      total=self.total)

    def reroll(self, source: Fighter, rule: str) -> None:
        if not self.rulings.reroll_counts and self.rerolls >= REROLL_GUARD:
            if self.log:
                self.emit("reroll.guard", "ruling.reroll-counts", who=source.label,
                          limit=REROLL_GUARD)
            return
        self.rerolls_total += 1
        if self.log:
            self.emit("reroll", "reroll.restart.a", who=source.label, roll=self.roll)
        raise Rerolled

    def summon(self, source: Fighter, card: Card, rule: str) -> None:
        row = self.rows[source.side]
        if len(row) >= ROW_LIMIT:
            if self.log:
                self.emit("summon.full", "effects.summon", who=source.label, summoned=card.name,
                          limit=ROW_LIMIT)
            return
        place = min(source.pos if source.gone else source.pos + 1, len(row))
        fighter = Fighter(card, source.side, place)
        row.insert(place, fighter)
        _renumber(row, place)
        self.extras.append(fighter)
        self.present_cache.clear()
        self.ally_hurt[source.side] |= bool(card.ally_hurt)
        self.ally_death[source.side] |= bool(card.ally_death)
        self.each_roll |= bool(card.each_roll or card.modifiers)
        self.recheck = True
        if self.log and self.seen is not None:
            self.seen[card.id] += 1
            if self.seen[card.id] > 1:
                fighter.label = _numbered(card.name, self.seen[card.id])
            self.emit("summon", rule, who=source.label, summoned=fighter.label,
                      place=fighter.pos + 1)

    def swap(self, fighter: Fighter, step: int, rule: str) -> None:
        row = self.rows[fighter.side]
        other_pos = fighter.pos + step
        if fighter.gone or not 0 <= other_pos < len(row):
            if self.log:
                self.emit("swap.none", rule, who=fighter.label)
            return
        other = row[other_pos]
        row[fighter.pos], row[other_pos] = other, fighter
        other.pos, fighter.pos = fighter.pos, other_pos
        if self.log:
            self.emit("swap", rule, who=fighter.label, other=other.label, place=fighter.pos + 1)

    # -- bookkeeping ----------------------------------------------------------------------

    def _number_labels(self) -> None:
        """Names for the log: the same cryptid twice in a battle is numbered (Yeti 1, Yeti 2)."""
        counts = Counter(f.card.id for row in self.rows for f in row)
        seen = self.seen = Counter()
        for row in self.rows:
            for fighter in row:
                seen[fighter.card.id] += 1
                if counts[fighter.card.id] > 1:
                    fighter.label = _numbered(fighter.card.name, seen[fighter.card.id])

    def key(self) -> Hashable:
        """The state between two throws, for exact enumeration (equal keys, equal futures)."""
        return (self.rerolls, self.rerolling,
                tuple(tuple(f.key() for f in row) for row in self.rows))

    def load(self, key: Any) -> None:
        """Put the board in the state of :meth:`key` (the roll number is set apart)."""
        self.rerolls, self.rerolling, rows = key
        self.rows = []
        for side, row in enumerate(rows):
            fighters = []
            for pos, (card, hp, threat, attack, shield, dots) in enumerate(row):
                fighter = Fighter(card, side, pos)
                fighter.hp, fighter.threat, fighter.attack, fighter.shield = (
                    hp, threat, attack, shield)
                fighter.dots = [list(d) for d in dots]
                fighters.append(fighter)
            self.rows.append(fighters)
        self.fallen = [f for row in self.rows for f in row if f.hp <= 0]
        self.zeroes = bool(self.fallen)
        self.recheck = True
        # the loaded cryptids are not the lineups' starters: their cards are read
        nothing: Tables = ((), ((),) * (DICE_TABLE * 2), dict.fromkeys(KINDS, ()))
        self.tables = (nothing, nothing)
        self.starters = ((), ())
        self.present_cache.clear()
        self.extras = [f for row in self.rows for f in row]
        self.ally_hurt = [any(f.card.ally_hurt for f in row) for row in self.rows]
        self.ally_death = [any(f.card.ally_death for f in row) for row in self.rows]
        self.each_roll = any(f.card.each_roll or f.card.modifiers for f in self.extras)
        self.statuses = sum(len(f.dots) for f in self.extras)

    def check(self) -> list[str]:
        """What is wrong with the board (the invariants checked by tests)."""
        wrong = []
        for side, row in enumerate(self.rows):
            if len(row) > ROW_LIMIT:
                wrong.append(f"{SIDES[side]} row holds {len(row)} cryptids")
            for pos, f in enumerate(row):
                if f.pos != pos or f.side != side or f.gone:
                    wrong.append(f"{f!r} is not where it says it is")
                if f.hp < 0 or f.shield < 0 or (self.rulings.overheal_cap and f.hp > f.max_hp):
                    wrong.append(f"{f!r} has impossible HP or shield")
                if any(a < 1 or n < 1 for a, n, _ in f.dots):
                    wrong.append(f"{f!r} has a spent status")
        if self.outcome is None and self.roll > ROLL_CAP:
            wrong.append(f"roll {self.roll} is past the cap")
        return wrong


def _silent(*args: Any, **kwargs: Any) -> None:
    """The emit of a battle without a log (never called: events are guarded)."""


def _renumber(row: list[Fighter], start: int = 0) -> None:
    """After a row changed from place ``start`` on: each cryptid's place in it."""
    for pos in range(start, len(row)):
        row[pos].pos = pos


def _label(fighter: Fighter | None) -> Any:
    return fighter.label if fighter is not None else ""


def _numbered(name: Any, number: int) -> dict[str, str]:
    return {lang: f"{text} {number}" for lang, text in name.items()}


def _with_threat(fighter: Fighter) -> dict[str, str]:
    return {lang: f"{text} ({fighter.threat})" for lang, text in fighter.label.items()}


def _stats(fighter: Fighter) -> dict[str, str]:
    return {lang: f"{text} {fighter.hp}/{fighter.threat}" for lang, text in fighter.label.items()}
