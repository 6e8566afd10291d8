"""The battle: two rows of cryptids fight roll after roll, steps 1 to 6, with no choices.

This module is the turn's flow ("Un tour, étape par étape"): which abilities fire at
each step and in which order, and every change of state the rules make. What an effect
does is in :mod:`.effects` (it asks the battle for the changes: :class:`~.effects.Arena`),
whom it hits in :mod:`.targeting`, how the battle ends in :mod:`.end`.

:class:`Battle` is a plain function of (two compiled teams, a random generator,
the rulings): ``Battle(left, right, rng, rulings, emit).run()`` returns the
:class:`Outcome`. The game procedure, the odds and the lab all call it. With an
``emit`` function (the game's ``table.emit``) it announces every change of state as an
event citing its rule; without one it builds no event data (the hot path of
simulations). Both give the same outcome from the same draws.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulekeeper.core.rules_index import cites
from rulekeeper.core.rulings import WorkBudget
from rulekeeper.rulesets.cryptids.board import SIDES, Dice, Emit, Fighter, renumber
from rulekeeper.rulesets.cryptids.cards import DICE_TABLE, KINDS, Act, Card, Fired, Lineup
from rulekeeper.rulesets.cryptids.effects import APPLY
from rulekeeper.rulesets.cryptids.end import (
    ROLL_CAP,
    Outcome,
    check_empty,
    end_by_hp,
    finish,
    no_damage_possible,
)
from rulekeeper.rulesets.cryptids.messages import label, names, numbered, with_stats, with_threat
from rulekeeper.rulesets.cryptids.models import ROW_LIMIT
from rulekeeper.rulesets.cryptids.rulings import (
    CryptidsRulings,
    DeathsOnReroll,
    LastReroll,
    NoDamagePossible,
    Overheal,
    ReactionOrder,
    RerollCounts,
    SuddenDeath,
)
from rulekeeper.rulesets.cryptids.targeting import aimed, default_target, foes, order

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
REROLL_GUARD = 10
"""Under reroll-counts ``no``, a roll is rerolled at most this many times (the next is ignored)."""

STEP2 = "roll.step-2.status.b"
STEP3 = "roll.step-3.every-roll"
STEP3_MODIFIERS = "roll.step-3.dice-modifiers.a"
STEP4 = "roll.step-4.triggers"
STEP6 = "roll.step-6.deaths.b"
START = "triggers.battle-start"
STRIKE = "ruling.sudden-death"
SKIP = "ruling.deaths-on-reroll"
"""Why a cryptid at 0 HP does not act (it stays on the board until step 6)."""
SKIP_STEP4 = "roll.step-4.zero-hp-skip"

# Options compared on the hot path, bound once: on Python 3.11 reading an enumeration's member
# (``SuddenDeath.STRIKE``) goes through ``EnumType.__getattr__`` and costs about 0.4 µs.
_COUNTED = RerollCounts.YES
_STRIKE = SuddenDeath.STRIKE
_AFTER_DEATHS = NoDamagePossible.AFTER_DEATHS
_CAP = Overheal.CAP

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


class Rerolled(Exception):
    """An ability rerolled: the roll stops at once and restarts at step 1 (reroll.restart.a)."""


class Battle:
    """One battle between two compiled teams. Call :meth:`run` once."""

    __slots__ = ("ally_death", "ally_hurt", "bonus", "dealt", "depth", "doubles", "each_roll",
                 "emit", "every", "extras", "fallen", "lineups", "outcome", "recheck",
                 "rerolling", "rerolls", "rerolls_total", "rng", "roll", "rows", "rulings",
                 "seen", "spent", "starters", "statuses", "tables", "thrown", "total",
                 "zeroes")

    def __init__(self, left: Lineup, right: Lineup, rng: Dice, rulings: CryptidsRulings,
                 emit: Emit | None = None) -> None:
        self.lineups = (left, right)
        self.rng = rng
        self.rulings = rulings
        self.depth = int(rulings.reaction_depth)
        """Ruling reaction-depth: how deep reactions (and death waves) may chain."""
        self.emit = emit
        self.seen: dict[str, int] = {}
        """Cryptids fielded so far, by card (the same one twice is numbered in events)."""
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
        """Whether the board changed in a way that can end the battle (:meth:`check_end`)."""
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
        self.outcome = outcome
        return outcome

    def begin(self) -> Outcome | None:
        """Before roll 1: the teams line up and start-of-battle abilities resolve."""
        if self.emit is not None:
            self.line_up(self.emit)
        try:
            entries = self.present("battle_start")
            if entries:
                self.resolve(entries, 0, START)
            if self.zeroes:
                self.deaths()
        except Exhausted:
            self.out_of_budget()
            if self.zeroes:
                self.deaths(abilities=False)
        return check_empty(self)

    @cites("battle.shop.d")
    def line_up(self, emit: Emit) -> None:
        """Tell the teams, each row left to right, naming the same card twice by number."""
        counts = Counter(f.card.id for row in self.rows for f in row)
        for row in self.rows:
            for fighter in row:
                seen = self.seen[fighter.card.id] = self.seen.get(fighter.card.id, 0) + 1
                if counts[fighter.card.id] > 1:
                    fighter.label = numbered(fighter.card.name, seen)
        left, right = self.lineups
        emit("battle", "battle.autoplay", left=left.label, right=right.label)
        for side, row in enumerate(self.rows):
            emit("lineup." + SIDES[side], "battle.shop.d", team=self.lineups[side].label,
                 cryptids=[with_stats(f) for f in row])

    def throw(self) -> Outcome | None:
        """One roll, steps 1 to 6, or 1 to 4 when an ability rerolls."""
        counts = self.rulings.reroll_counts is _COUNTED
        rerolled = self.rerolling
        self.rerolling = False
        if rerolled and not counts:
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
        if self.emit is not None:
            self.tell_roll(self.emit, first, second, rerolled, counts)
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
        return self.check_end()

    def tell_roll(self, emit: Emit, first: int, second: int, rerolled: bool,
                  counts: bool) -> None:
        """Step 1's event: the dice of a roll (or of a reroll), and the sudden death bonus."""
        number = self.roll
        if not rerolled:
            emit("roll", "roll.step-1.dice", roll=number, first=first, second=second,
                 total=self.total)
        elif counts:  # a new roll, which restarts the one rerolled
            emit("reroll.next", "reroll.restart.b", roll=number, rerolled=number - 1,
                 first=first, second=second, total=self.total)
        else:
            emit("reroll.roll", "reroll.restart.b", roll=number, first=first, second=second,
                 total=self.total)
        if self.bonus and not (rerolled and not counts):
            strike = self.rulings.sudden_death is _STRIKE
            emit("sudden-death." + ("strike" if strike else "bonus"),
                 "sudden-death.bonus.b" if self.bonus > 1 else "sudden-death.start",
                 roll=number, bonus=self.bonus)

    def tick(self) -> None:
        """2. "Les effets de statut s'appliquent": damage over time, bearers in threat order."""
        # each bearer's statuses as the step starts: one applied during it first ticks next roll
        bearers = [(f, tuple(f.dots), None) for row in self.rows for f in row
                   if f.dots and f.hp > 0]
        if len(bearers) > 1:
            bearers = order(self, bearers)
        expired = False
        emit = self.emit
        for fighter, statuses, _ in bearers:
            ended = False
            for status in statuses:
                if fighter.hp > 0:
                    if emit is not None:
                        emit("status.tick", STEP2, who=fighter.label, amount=status[0],
                             rolls=status[1] - 1)
                    self.deal(None, fighter, status[0], 0, STEP2, status[2])
                status[1] -= 1
                if status[1] <= 0:
                    ended = True
            if ended:
                expired = True
                fighter.dots = [s for s in fighter.dots if s[1] > 0]
                if not fighter.dots and emit is not None:
                    emit("status.ends", "roll.step-2.status.a", who=fighter.label)
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
        strike = self.bonus > 0 and self.rulings.sudden_death is _STRIKE
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
            if self.emit is not None:
                self.emit("order", "roll.step-4.threat-order.b",
                          order=[with_threat(e[0]) for e in entries])
        if entries:
            self.resolve(entries, 0, STEP4, strike, True, SKIP_STEP4)

    def step3(self) -> tuple[list[Entry], list[Entry]]:
        """Step 3's entries: the cryptids that change the total, then the others."""
        self.every = (self.present("modifiers"), self.present("each_roll"))
        return self.every

    def changing_total(self) -> list[Fighter]:
        """The cryptids on the board whose every-roll abilities change the total."""
        return [fighter for fighter, _, _ in (self.every or self.step3())[0]]

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
        if depth > self.depth:
            self.cut(entries, depth)
            return
        self.spend(len(entries))
        if own and self.rulings.reaction_order is ReactionOrder.TARGET_FIRST:
            self.resolve(entries[:1] + order(self, entries[1:]), depth, rule, ordered=True)
        else:
            self.resolve(entries, depth, rule)

    @cites("roll.step-6.deaths.a")
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
            if self.emit is not None:
                for fighter in dead:
                    self.emit("death", "roll.step-6.deaths.a", who=fighter.label)
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
                if wave > self.depth:
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

    def out_of_budget(self) -> None:
        """Tell that the throw (or the start of the battle) spent its work budget."""
        if self.emit is not None:
            self.emit("budget.throw" if self.roll else "budget.start", "budget.throw",
                      roll=self.roll, limit=PER_THROW)

    def exhausted(self, battle_spent: bool) -> Outcome | None:
        """The work budget: a throw that spent its budget stops and is complete (its fallen
        leave the board, their death abilities do not resolve); a battle that spent its budget
        ends by the engine's ruling work-budget, as a tie or judged by the HP left."""
        if battle_spent:
            if self.emit is not None:
                self.emit("budget.battle", "core.work-budget", roll=self.roll, limit=PER_BATTLE)
            if self.rulings.work_budget is WorkBudget.JUDGE:
                return end_by_hp(self, "work-budget", "core.work-budget")
            return finish(self, None, "work-budget", "core.work-budget")
        self.out_of_budget()
        if self.zeroes:
            self.deaths(abilities=False)
        return self.check_end()

    @cites("reroll.damage-stays", "ruling.last-reroll")
    def after_reroll(self) -> Outcome | None:
        """A reroll stopped the roll: deaths per ruling deaths-on-reroll, then roll again; on
        the last roll, the battle ends (end.limit.a; its deaths by ruling last-reroll)."""
        rulings = self.rulings
        last = rulings.reroll_counts is RerollCounts.YES and self.roll >= ROLL_CAP
        if last and self.emit is not None:
            self.emit("reroll.cap", "end.limit.a", roll=self.roll)
        if (rulings.last_reroll is LastReroll.DEATHS if last
                else rulings.deaths_on_reroll is DeathsOnReroll.PROCESS):
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
        outcome = self.check_no_damage()  # a battle whose every roll is rerolled ends too
        if outcome is not None:
            return outcome
        self.rerolling = True
        return None

    def check_end(self) -> Outcome | None:
        """After a completed roll: an empty side, the 36th roll, or no damage possible."""
        if not (self.rows[0] and self.rows[1]):
            return check_empty(self)
        if self.roll >= ROLL_CAP:
            return end_by_hp(self, "roll-cap", "end.limit.a")
        return self.check_no_damage()

    @cites("ruling.no-damage-possible")
    def check_no_damage(self) -> Outcome | None:
        """end.limit.b, by ruling no-damage-possible: after each throw that changed the board
        in a way that can end the battle, whether neither side can deal damage any more."""
        rulings = self.rulings
        if not (self.recheck and rulings.no_damage_possible is _AFTER_DEATHS
                and rulings.sudden_death is not _STRIKE):
            return None
        self.recheck = False
        if no_damage_possible(self):
            return end_by_hp(self, "no-damage", "end.limit.b")
        return None

    # -- resolving abilities --------------------------------------------------------------

    def resolve(self, entries: list[Any], depth: int, rule: str, strike: bool = False,
                ordered: bool = False, skip: str = SKIP) -> None:
        """Resolve ``(fighter, abilities, other)`` entries in threat order; a cryptid at 0 HP
        still on the board does not act (``skip``: the rule that says so)."""
        if not ordered and len(entries) > 1:
            entries = order(self, entries)
        emit = self.emit
        apply = APPLY
        for fighter, acts, other in entries:
            if fighter.hp <= 0 and not fighter.gone:
                if emit is not None:
                    emit("skip", skip, who=fighter.label)
                continue
            for act in acts:
                if emit is not None:
                    totals = act.trigger.totals
                    emit("act." + act.kind, rule, who=fighter.label, total=self.total,
                         totals=list(totals), low=min(totals, default=0),
                         high=max(totals, default=0), other=label(other))
                for effect in act.effects:
                    apply[effect.kind](self, effect, fighter, other, depth, rule)
            if strike and fighter.hp > 0:
                self.strike(fighter)

    def strike(self, fighter: Fighter) -> None:
        """Ruling sudden-death ``strike``: the bonus dealt to its default target."""
        target = default_target(self, fighter)
        if target is not None:
            if self.emit is not None:
                self.emit("act.strike", STRIKE, who=fighter.label, bonus=self.bonus)
                aimed(self, fighter, target, foes(self, fighter))
            self.deal(fighter, target, self.bonus, 0, STRIKE, fighter.side)

    @cites("ruling.reaction-depth")
    def cut(self, entries: list[Any], depth: int) -> None:
        """Ruling reaction-depth: past the limit, these reactions do not resolve."""
        if self.emit is not None:
            self.emit("chain.cut", "ruling.reaction-depth", depth=depth,
                      who=names([e[0] for e in entries]), limit=self.depth)

    # -- the changes of state effects ask for (effects.Arena) -----------------------------

    @cites("roll.step-5.chain.a", "roll.step-5.chain.c")
    def deal(self, source: Fighter | None, target: Fighter, amount: int, depth: int, rule: str,
             credit: int) -> None:
        """Damage: the shield absorbs first, HP never goes below 0; then reactions (step 5).

        ``source`` is the cryptid whose ability deals it (None for a status), ``credit``
        the side whose damage it counts as.
        """
        before = target.hp
        emit = self.emit
        if before <= 0:
            if emit is not None:
                emit("damage.wasted", "ruling.zero-hp-target", who=label(source),
                     target=target.label, amount=amount)
            return
        if target.shield:
            absorbed = amount if target.shield >= amount else target.shield
            target.shield -= absorbed
            amount -= absorbed
            if absorbed and emit is not None:
                emit("damage.shield", "effects.shield", target=target.label, absorbed=absorbed,
                     shield=target.shield)
            if amount <= 0:
                return
        hp = target.hp = before - amount if amount < before else 0
        self.dealt[credit] += before - hp
        if not hp:
            self.zeroes = self.recheck = True
            self.fallen.append(target)
        if emit is not None:
            emit("damage" if source is not None else "damage.status", rule, who=label(source),
                 target=target.label, amount=before - hp, before=before, hp=hp)
            if not hp:
                emit("zero", "roll.step-6.deaths.a", who=target.label)
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

    @cites("ruling.overheal", "roll.step-5.chain.b")
    def heal(self, source: Fighter, target: Fighter, amount: int, depth: int, rule: str) -> None:
        """Healing, up to the maximum (ruling overheal); HP it raises trigger ``healed``."""
        before = target.hp
        after = before + amount
        if after > target.max_hp and self.rulings.overheal is _CAP:
            after = max(before, target.max_hp)
        if after == before:
            if self.emit is not None:
                self.emit("heal.full", "ruling.overheal", who=source.label, target=target.label)
            return
        target.hp = after
        if self.emit is not None:
            self.emit("heal", rule, who=source.label, target=target.label, amount=after - before,
                      before=before, hp=after)
        if target.card.healed:
            self.react([(target, target.card.healed, source)], depth + 1,
                       "roll.step-5.chain.b" if depth == 0 else "roll.step-5.chain.c", True)

    def afflict(self, source: Fighter, target: Fighter, amount: int, rolls: int,
                rule: str) -> None:
        """Damage over time on ``target``: ``amount`` at step 2 of each of the next rolls."""
        target.dots.append([amount, rolls, source.side])
        self.statuses += 1
        self.recheck = True
        if self.emit is not None:
            self.emit("status", rule, who=source.label, target=target.label, amount=amount,
                      rolls=rolls)

    def shield(self, source: Fighter, target: Fighter, amount: int, rule: str) -> None:
        target.shield += amount
        if self.emit is not None:
            self.emit("shield", rule, who=source.label, target=target.label, amount=amount,
                      shield=target.shield)

    def buff(self, source: Fighter, target: Fighter, stat: str, amount: int, rule: str) -> None:
        """Raise ``target``'s ``threat`` (from the next ordering) or ``attack``."""
        if stat == "threat":
            target.threat += amount
        else:
            target.attack += amount
        if self.emit is not None:
            self.emit("buff." + stat, rule, who=source.label, target=target.label, amount=amount,
                      value=target.threat if stat == "threat" else target.attack)

    def modify_total(self, source: Fighter, amount: int, rule: str) -> None:
        """Step 3: the dice total changes before anything reads it."""
        before = self.total
        self.total += amount
        if self.emit is not None:
            self.emit("modify", rule, who=source.label, amount=f"{amount:+d}", before=before,
                      total=self.total)

    @cites("ruling.reroll-counts")
    def reroll(self, source: Fighter) -> None:
        """The roll stops here and restarts at step 1 (under ruling reroll-counts ``no``, not
        past ``REROLL_GUARD`` rerolls of one roll)."""
        if self.rulings.reroll_counts is RerollCounts.NO and self.rerolls >= REROLL_GUARD:
            if self.emit is not None:
                self.emit("reroll.guard", "ruling.reroll-counts", who=source.label,
                          limit=REROLL_GUARD)
            return
        self.rerolls_total += 1
        if self.emit is not None:
            self.emit("reroll", "reroll.restart.a", who=source.label, roll=self.roll)
        raise Rerolled

    def summon(self, source: Fighter, card: Card, rule: str) -> None:
        """A new cryptid right of the summoner (its place if it died), unless the row is full;
        its abilities count from now on."""
        row = self.rows[source.side]
        if len(row) >= ROW_LIMIT:
            if self.emit is not None:
                self.emit("summon.full", "effects.summon", who=source.label, summoned=card.name,
                          limit=ROW_LIMIT)
            return
        place = min(source.pos if source.gone else source.pos + 1, len(row))
        fighter = Fighter(card, source.side, place)
        row.insert(place, fighter)
        renumber(row, place)
        self.extras.append(fighter)
        self.every = None
        self.ally_hurt[fighter.side] |= bool(card.ally_hurt)
        self.ally_death[fighter.side] |= bool(card.ally_death)
        self.each_roll |= bool(card.each_roll or card.modifiers)
        self.recheck = True
        if self.emit is not None:
            seen = self.seen[card.id] = self.seen.get(card.id, 0) + 1
            if seen > 1:
                fighter.label = numbered(card.name, seen)
            self.emit("summon", rule, who=source.label, summoned=fighter.label,
                      place=fighter.pos + 1)

    def swap(self, fighter: Fighter, step: int, rule: str) -> None:
        """The cryptid swaps places with its neighbour ``step`` places away (-1: left)."""
        row = self.rows[fighter.side]
        other_pos = fighter.pos + step
        if fighter.gone or not 0 <= other_pos < len(row):
            if self.emit is not None:
                self.emit("swap.none", rule, who=fighter.label)
            return
        neighbour = row[other_pos]
        row[fighter.pos], row[other_pos] = neighbour, fighter
        neighbour.pos, fighter.pos = fighter.pos, other_pos
        if self.emit is not None:
            self.emit("swap", rule, who=fighter.label, other=neighbour.label,
                      place=fighter.pos + 1)

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
        (the roll number is set apart, :meth:`go_on`): the same battle serves every state."""
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

    def go_on(self, roll: int, rng: Dice) -> None:
        """The next throw follows roll ``roll`` and draws from ``rng`` (an enumeration's)."""
        self.roll = roll
        self.rng = rng

    def check(self) -> list[str]:
        """What is wrong with the board (the invariants checked by tests)."""
        wrong = []
        cap = self.rulings.overheal is Overheal.CAP
        for side, row in enumerate(self.rows):
            if len(row) > ROW_LIMIT:
                wrong.append(f"{SIDES[side]} row holds {len(row)} cryptids")
            for pos, f in enumerate(row):
                if f.pos != pos or f.side != side or f.gone:
                    wrong.append(f"{f!r} is not where it says it is")
                if f.hp < 0 or f.shield < 0 or (cap and f.hp > f.max_hp):
                    wrong.append(f"{f!r} has impossible HP or shield")
                if any(a < 1 or n < 1 for a, n, _ in f.dots):
                    wrong.append(f"{f!r} has a spent status")
        if self.outcome is None and self.roll > ROLL_CAP:
            wrong.append(f"roll {self.roll} is past the cap")
        return wrong
