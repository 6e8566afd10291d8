"""The battle: two rows of cryptids fight roll after roll, steps 1 to 6, with no choices.

This module is the turn's flow ("Un tour, étape par étape"): which abilities fire at
each step and in which order. What an effect does is in :mod:`.effects`, whom it hits
in :mod:`.targeting`, how the battle ends in :mod:`.end`, what is told in :mod:`.log`.

:class:`Battle` is a plain function of (two compiled teams, a random generator,
the rulings): ``Battle(left, right, rng, rulings, emit).run()`` returns the
:class:`Outcome`. The game procedure, the odds and the lab all call it. With an
``emit`` function it announces every change of state as an event citing its rule;
without one its log is silent and builds no event data (the hot path of
simulations). Both give the same outcome from the same draws.
"""

from __future__ import annotations

from typing import Any, Protocol

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids.board import SIDES, Fighter
from rulekeeper.rulesets.cryptids.cards import DICE_TABLE, KINDS, Act, Fired, Lineup
from rulekeeper.rulesets.cryptids.effects import Rerolled, deal
from rulekeeper.rulesets.cryptids.end import (
    ROLL_CAP,
    Outcome,
    check_empty,
    check_end,
    check_no_damage,
    end_by_hp,
    finish,
)
from rulekeeper.rulesets.cryptids.log import SILENT, Emit, Log
from rulekeeper.rulesets.cryptids.models import ROW_LIMIT
from rulekeeper.rulesets.cryptids.rulings import BattleRulings
from rulekeeper.rulesets.cryptids.targeting import default_target, order

__all__ = ["SIDES", "SUDDEN_DEATH", "Battle", "Dice", "Outcome"]

SUDDEN_DEATH = 16
"""'La mort subite commence au 16e lancer.'"""
PER_THROW = 500
"""The work budget of one throw (steps 2 to 6, or the start of the battle): reactions and
death abilities resolved, the steps that chain (the abilities of steps 3 and 4 are bounded
by the board); past it the throw stops (budget.throw)."""
PER_BATTLE = 5_000
"""The work budget of a whole battle, in reactions and death abilities; past it the battle
ends by the engine's ruling work-budget."""

STEP2 = "roll.step-2.status.b"
STEP3 = "roll.step-3.every-roll"
STEP3_MODIFIERS = "roll.step-3.dice-modifiers.a"
STEP4 = "roll.step-4.triggers"
STEP6 = "roll.step-6.deaths.b"
START = "triggers.battle-start"
STRIKE = "ruling.sudden-death"

Entry = tuple[Fighter, tuple[Act, ...], "Fighter | None"]
"""A cryptid, abilities of it that fire, and the cryptid the trigger is about (if any)."""
Tables = tuple[tuple[Fighter, ...], tuple[Fired, ...], dict[str, Fired]]
"""A side's starters and which of them fire on each dice result and trigger kind."""
NO_TABLES: Tables = ((), ((),) * (DICE_TABLE * 2), dict.fromkeys(KINDS, ()))
"""The tables of a side whose cryptids are all read from their cards (a loaded state)."""


class Exhausted(Exception):
    """The work budget is spent: the throw stops at once."""

    def __init__(self, battle: bool) -> None:
        super().__init__()
        self.battle = battle
        """Whether the battle's budget is spent (else the throw's)."""


class Dice(Protocol):
    """What the battle draws from: a game's :class:`~rulekeeper.core.rng.Rng` or an enumerator."""

    def roll(self, sides: int) -> int: ...

    def below(self, n: int) -> int: ...

    def coin(self) -> bool: ...


class Battle:
    """One battle between two compiled teams. Call :meth:`run` once."""

    __slots__ = ("ally_death", "ally_hurt", "bonus", "dealt", "doubles", "each_roll",
                 "every", "extras", "fallen", "lineups", "log", "outcome", "recheck",
                 "rerolling", "rerolls", "rerolls_total", "rng", "roll", "rows", "rulings",
                 "spent", "starters", "statuses", "tables", "thrown", "total", "zeroes")

    def __init__(self, left: Lineup, right: Lineup, rng: Dice, rulings: BattleRulings,
                 emit: Emit | None = None) -> None:
        self.lineups = (left, right)
        self.rng = rng
        self.rulings = rulings
        self.log = Log(emit) if emit is not None else SILENT
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
        self.every: tuple[list[Entry], list[Entry]] | None = None
        """Step 3's entries (total modifiers, others), until a cryptid dies or is summoned."""
        (left_hurt, left_death, left_every), (right_hurt, right_death, right_every) = (
            left.flags, right.flags)
        self.ally_hurt = [left_hurt, right_hurt]
        self.ally_death = [left_death, right_death]
        """Per side, whether any of its cryptids may react to an ally being hurt, or dying."""
        self.each_roll = left_every or right_every
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
        """Whether the board changed in a way that can end the battle (:func:`.end.check_end`)."""
        self.dealt = [0, 0]
        self.spent = 0
        """Reactions and death abilities resolved so far (the work budget)."""
        self.thrown = 0
        """:attr:`spent` when the current throw began."""
        self.outcome: Outcome | None = None

    # -- the battle, roll after roll ------------------------------------------------------

    @cites("battle.flow.a", "battle.flow.b", "battle.flow.c")
    def run(self) -> Outcome:
        """The whole battle: its start, then rolls until it ends."""
        outcome = self.begin()
        while outcome is None:
            outcome = self.throw()
        return outcome

    def begin(self) -> Outcome | None:
        """Before roll 1: the teams line up and start-of-battle abilities resolve."""
        self.log.start(self)
        try:
            entries = self.present("battle_start")
            if entries:
                self.resolve(entries, 0, START)
            if self.zeroes:
                self.deaths()
        except Exhausted:
            self.log.budget_throw(self, PER_THROW)
            if self.zeroes:
                self.deaths(abilities=False)
        return check_empty(self)

    def throw(self) -> Outcome | None:
        """One roll, steps 1 to 6, or 1 to 4 when an ability rerolls."""
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
        # 1. "Lancez les dés. Deux dés à six faces sont lancés."
        roll = self.rng.roll
        first = roll(6)
        second = roll(6)
        self.total = first + second
        self.doubles = first == second
        self.log.roll(self, first, second, rerolled)
        self.thrown = self.spent
        try:
            if self.statuses:
                self.tick()
            if self.each_roll:
                self.every_roll()
            self.triggered()
            if self.zeroes:
                self.deaths()
        except Rerolled:
            return self.after_reroll()
        except Exhausted as spent:
            return self.exhausted(spent.battle)
        if self.roll < ROLL_CAP and not self.recheck:
            return None  # nothing changed that could end the battle
        return check_end(self)

    def tick(self) -> None:
        """2. "Les effets de statut s'appliquent": damage over time, bearers in threat order."""
        # each bearer's statuses as the step starts: one applied during it first ticks next roll
        bearers = [(f, tuple(f.dots), None) for row in self.rows for f in row
                   if f.dots and f.hp > 0]
        if len(bearers) > 1:
            bearers = order(self, bearers)
        expired = False
        log = self.log
        for fighter, statuses, _ in bearers:
            ended = False
            for status in statuses:
                if fighter.hp > 0:
                    log.tick(fighter, status)
                    deal(self, None, fighter, status[0], 0, STEP2, status[2])
                status[1] -= 1
                if status[1] <= 0:
                    ended = True
            if ended:
                expired = True
                fighter.dots = [s for s in fighter.dots if s[1] > 0]
                if not fighter.dots:
                    log.status_ends(fighter)
        if expired:
            self.recheck = True
            self.statuses = sum([len(f.dots) for row in self.rows for f in row if f.dots])

    @cites("roll.step-3.dice-modifiers.b")
    def every_roll(self) -> None:
        """3. "Les capacités à chaque lancer se déclenchent": those that change the total first."""
        modifiers, others = self.every or self.step3()
        if modifiers:
            self.resolve(modifiers, 0, STEP3_MODIFIERS)
        if others:
            self.resolve(others, 0, STEP3)

    @cites("roll.step-4.threat-order.a")
    def triggered(self) -> None:
        """4. "Les capacités se résolvent par ordre de menace ... sur les deux plateaux": those
        the (modified) roll triggers, in one order fixed as the step begins."""
        total = self.total
        strike = self.rulings.strike and self.bonus > 0
        if strike:
            entries = [(f, f.card.dice_acts(total, self.doubles), None)
                       for row in self.rows for f in row]
        elif not 0 <= total < DICE_TABLE:
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
        if len(entries) > 1:
            entries = order(self, entries)
            self.log.order(entries)
        if entries:
            self.resolve(entries, 0, STEP4, strike, True)

    def step3(self) -> tuple[list[Entry], list[Entry]]:
        """Step 3's entries: the cryptids that change the total, then the others."""
        self.every = (self.present("modifiers"), self.present("each_roll"))
        return self.every

    def present(self, kind: str) -> list[Entry]:
        """An entry for each cryptid on the board with abilities of this kind (``KINDS``)."""
        entries: list[Entry] = []
        for starters, _, by_kind in self.tables:
            for index, acts in by_kind[kind]:
                fighter = starters[index]
                if not fighter.gone:
                    entries.append((fighter, acts, None))
        for fighter in self.extras:
            if not fighter.gone and getattr(fighter.card, kind):
                entries.append((fighter, getattr(fighter.card, kind), None))
        return entries

    @cites("roll.step-5.reactions-immediate", "ruling.reaction-order")
    def react(self, entries: list[Any], depth: int, rule: str, own: bool) -> None:
        """5. "Les réactions se déclenchent immédiatement": depth first, up to ruling
        reaction-depth.

        ``own`` says the first entry is the hurt or healed cryptid's own reaction,
        which goes first under ruling reaction-order ``target-first``.
        """
        if depth > self.rulings.reaction_depth:
            self.cut(entries, depth)
            return
        self.spend(len(entries))
        if own and not self.rulings.reactions_by_threat:
            self.resolve(entries[:1] + order(self, entries[1:]), depth, rule, ordered=True)
        else:
            self.resolve(entries, depth, rule)

    def deaths(self, abilities: bool = True) -> None:
        """6. "Les morts sont traitées à la fin du tour": cryptids at 0 HP (unless healed since)
        leave the board; death abilities resolve, wave after wave (not when ``abilities`` is
        False: a throw out of budget)."""
        wave = 0
        rows = self.rows
        while self.zeroes:
            self.zeroes = False
            dead = []
            died = [False, False]
            for fighter in self.fallen:
                if fighter.hp <= 0 and not fighter.gone:
                    fighter.gone = True
                    dead.append(fighter)
                    died[fighter.side] = True
                    if fighter.dots:
                        self.statuses -= len(fighter.dots)
            self.fallen = []
            if not dead:
                return
            self.log.deaths(dead)
            for side in (0, 1):
                if died[side]:
                    kept: list[Fighter] = []
                    for fighter in rows[side]:  # a dead cryptid's place: the survivors left of it
                        fighter.pos = len(kept)
                        if not fighter.gone:
                            kept.append(fighter)
                    rows[side] = kept
            self.every = None
            self.recheck = True
            entries: list[Entry] = []
            for fighter in dead:
                if fighter.card.death:
                    entries.append((fighter, fighter.card.death, None))
                if self.ally_death[fighter.side]:
                    for ally in rows[fighter.side]:
                        if ally.card.ally_death:
                            entries.append((ally, ally.card.ally_death, fighter))
            if entries and abilities:
                if wave > self.rulings.reaction_depth:
                    self.cut(entries, wave)
                else:
                    self.spend(len(entries))
                    self.resolve(entries, wave, STEP6)
            wave += 1

    def spend(self, reactions: int) -> None:
        """Count reactions or death abilities about to resolve against the work budget: past
        the throw's or the battle's, the throw stops at once (:meth:`exhausted`)."""
        spent = self.spent + reactions
        if spent - self.thrown > PER_THROW or spent > PER_BATTLE:
            raise Exhausted(spent > PER_BATTLE)
        self.spent = spent

    def exhausted(self, battle_spent: bool) -> Outcome | None:
        """The work budget: a throw that spent its budget stops and is complete (its fallen
        leave the board, their death abilities do not resolve); a battle that spent its budget
        ends by the engine's ruling work-budget, as a tie or judged by the HP left."""
        if battle_spent:
            self.log.budget_battle(self, PER_BATTLE)
            if self.rulings.budget_judged:
                return end_by_hp(self, "work-budget", "core.work-budget")
            return finish(self, None, "work-budget", "core.work-budget")
        self.log.budget_throw(self, PER_THROW)
        if self.zeroes:
            self.deaths(abilities=False)
        return check_end(self)

    @cites("reroll.damage-stays", "ruling.last-reroll")
    def after_reroll(self) -> Outcome | None:
        """A reroll stopped the roll: deaths per ruling deaths-on-reroll, then roll again; on
        the last roll, the battle ends (end.limit.a; its deaths by ruling last-reroll)."""
        rulings = self.rulings
        last = rulings.reroll_counts and self.roll >= ROLL_CAP
        if last:
            self.log.reroll_cap(self.roll)
        if rulings.last_reroll_deaths if last else not rulings.deaths_stay:
            try:
                if self.zeroes:
                    self.deaths()
            except Exhausted as spent:
                return self.exhausted(spent.battle)
            outcome = check_empty(self)
            if outcome is not None:
                return outcome
        if last:
            return end_by_hp(self, "roll-cap", "end.limit.a")
        outcome = check_no_damage(self)  # a battle whose every roll is rerolled ends too
        if outcome is not None:
            return outcome
        self.rerolling = True
        return None

    # -- resolving abilities --------------------------------------------------------------

    def resolve(self, entries: list[Any], depth: int, rule: str, strike: bool = False,
                ordered: bool = False) -> None:
        """Resolve ``(fighter, abilities, other)`` entries in threat order."""
        if not ordered and len(entries) > 1:
            entries = order(self, entries)
        log = self.log
        for fighter, acts, other in entries:
            if fighter.hp <= 0 and not fighter.gone:
                log.skip(fighter, rule)
                continue
            for act in acts:
                log.fires(fighter, act, other, rule)
                for effect in act.effects:
                    effect.apply(self, fighter, other, depth, rule)
            if strike and fighter.hp > 0:
                self.strike(fighter)

    def strike(self, fighter: Fighter) -> None:
        """Ruling sudden-death ``strike``: the bonus dealt to its default target."""
        target = default_target(self, fighter)
        if target is not None:
            self.log.strike(fighter, self.bonus)
            self.log.aim_threat(fighter, target)
            deal(self, fighter, target, self.bonus, 0, STRIKE, fighter.side)

    def cut(self, entries: list[Any], depth: int) -> None:
        """Ruling reaction-depth: past the limit, these reactions do not resolve."""
        self.log.cut([e[0] for e in entries], depth, self.rulings.reaction_depth)

    def arrive(self, fighter: Fighter) -> None:
        """A summoned cryptid is on the board: its abilities count from now on."""
        self.extras.append(fighter)
        self.every = None
        card = fighter.card
        self.ally_hurt[fighter.side] |= bool(card.ally_hurt)
        self.ally_death[fighter.side] |= bool(card.ally_death)
        self.each_roll |= bool(card.each_roll or card.modifiers)
        self.recheck = True

    # -- states, for the exact odds and the tests -----------------------------------------

    def key(self) -> tuple[Any, ...]:
        """The state between two throws, for exact enumeration (equal keys, equal futures):
        one flat tuple, the reroll count first, then per row its length and per cryptid its
        card, HP, threat, attack, shield and statuses."""
        parts: list[Any] = [self.rerolls, self.rerolling]
        for row in self.rows:
            parts.append(len(row))
            for f in row:
                parts += (f.card, f.hp, f.threat, f.attack, f.shield, len(f.dots))
                for status in f.dots:
                    parts += status
        return tuple(parts)

    def load(self, key: Any) -> None:
        """Put the battle in the state of :meth:`key`, as a battle just built would be there
        (the roll number is set apart): the same battle serves every state."""
        self.rerolls, self.rerolling = key[0], key[1]
        at = 2
        rows: list[list[Fighter]] = []
        fallen = []
        ally_hurt = [False, False]
        ally_death = [False, False]
        each_roll = False
        statuses = 0
        for side in (0, 1):
            fighters = []
            for pos in range(key[at]):
                card, hp, threat, attack, shield, dots = key[at + 1:at + 7]
                at += 6
                fighter = Fighter(card, side, pos)
                fighter.hp, fighter.threat, fighter.attack, fighter.shield = (
                    hp, threat, attack, shield)
                if dots:
                    fighter.dots = [list(key[i:i + 3])
                                    for i in range(at + 1, at + 1 + 3 * dots, 3)]
                    at += 3 * dots
                    statuses += dots
                if hp <= 0:
                    fallen.append(fighter)
                if card.ally_hurt:
                    ally_hurt[side] = True
                if card.ally_death:
                    ally_death[side] = True
                if card.each_roll or card.modifiers:
                    each_roll = True
                fighters.append(fighter)
            at += 1
            rows.append(fighters)
        self.rows = rows
        # the loaded cryptids are not the lineups' starters: their cards are read
        self.tables = (NO_TABLES, NO_TABLES)
        self.starters = ((), ())
        self.extras = rows[0] + rows[1]
        self.fallen = fallen
        self.zeroes = bool(fallen)
        self.recheck = True
        self.every = None
        self.ally_hurt = ally_hurt
        self.ally_death = ally_death
        self.each_roll = each_roll
        self.statuses = statuses
        self.dealt = [0, 0]
        self.spent = self.thrown = self.rerolls_total = 0
        self.outcome = None

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
