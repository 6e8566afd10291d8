"""What a battle tells: one method per thing that happens, each event citing its rule.

The battle calls its log at every change of state and never asks whether anyone
listens: a battle without a listener has the :class:`Silent` log, whose methods do
nothing (the hot path of simulations builds no event data), and a battle with one
has a :class:`Log`, which turns each call into events through the game's ``emit``.
Both see the same calls, so the outcome and the draws cannot depend on logging.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rulekeeper.rulesets.cryptids.board import SIDES

if TYPE_CHECKING:
    from rulekeeper.rulesets.cryptids.battle import Battle
    from rulekeeper.rulesets.cryptids.board import Fighter
    from rulekeeper.rulesets.cryptids.cards import Act, Card

Emit = Callable[..., None]


class Silent:
    """The log of a battle nobody reads: every method does nothing."""

    __slots__ = ()

    def start(self, battle: Battle) -> None:
        """The teams line up, before roll 1."""

    def roll(self, battle: Battle, first: int, second: int, rerolled: bool) -> None:
        """Step 1: the dice of a roll (or of a reroll), and the sudden death bonus."""

    def tick(self, fighter: Fighter, status: list[int]) -> None:
        """Step 2: damage over time deals its amount."""

    def status_ends(self, fighter: Fighter) -> None:
        """Step 2: a cryptid's last damage over time wore off."""

    def order(self, entries: Sequence[tuple[Fighter, Any, Any]]) -> None:
        """Step 4: the threat order of the cryptids that fire."""

    def coin(self, group: Sequence[tuple[Fighter, Any, Any]], threat: int) -> None:
        """Ruling tie-order: a coin flip ordered cryptids of equal threat on both boards."""

    def skip(self, fighter: Fighter, rule: str) -> None:
        """A cryptid at 0 HP does not trigger."""

    def fires(self, fighter: Fighter, act: Act, other: Fighter | None, rule: str) -> None:
        """An ability fires (naming its trigger)."""

    def strike(self, fighter: Fighter, bonus: int) -> None:
        """Ruling sudden-death ``strike``: a cryptid strikes for the bonus."""

    def cut(self, fighters: Sequence[Fighter], depth: int, limit: int) -> None:
        """Ruling reaction-depth: the chain stops; these cryptids do not react."""

    def no_target(self, actor: Fighter, rule: str) -> None:
        """An effect finds no target and does nothing."""

    def aim_threat(self, actor: Fighter, target: Fighter) -> None:
        """The default target: the highest threat, the leftmost on a tie."""

    def aim_adjacent(self, actor: Fighter, hit: list[Fighter]) -> None:
        """Target ``adjacent``: the default target and its neighbours."""

    def aim_lowest(self, actor: Fighter, target: Fighter, candidates: list[Fighter]) -> None:
        """Target ``lowest-hp`` (a tie by ruling lowest-hp-tie)."""

    def aim_all(self, actor: Fighter, candidates: list[Fighter]) -> None:
        """Target ``all-enemies``."""

    def aim_random(self, actor: Fighter, target: Fighter, candidates: list[Fighter]) -> None:
        """Target ``random-enemy``, drawn from the game's generator."""

    def aim_attacker(self, actor: Fighter, target: Fighter) -> None:
        """Target ``attacker``: the cryptid whose ability dealt the damage."""

    def aim_lowest_ally(self, actor: Fighter, target: Fighter) -> None:
        """Target ``lowest-hp-ally``."""

    def wasted(self, source: Fighter | None, target: Fighter, amount: int) -> None:
        """Ruling zero-hp-target ``allow``: damage to a cryptid already at 0 HP is lost."""

    def damage(self, source: Fighter | None, target: Fighter, absorbed: int, before: int,
               rule: str) -> None:
        """Damage: what a shield absorbed, the HP taken (``source`` None: a status), 0 HP."""

    def heal(self, source: Fighter, target: Fighter, before: int, rule: str) -> None:
        """Healing raised HP from ``before`` to the target's HP now."""

    def heal_full(self, source: Fighter, target: Fighter) -> None:
        """Ruling overheal: healing that cannot raise HP does nothing."""

    def shield(self, source: Fighter, target: Fighter, amount: int, rule: str) -> None:
        """A shield given."""

    def afflict(self, source: Fighter, target: Fighter, amount: int, rolls: int,
                rule: str) -> None:
        """Damage over time put on a cryptid."""

    def buff(self, source: Fighter, target: Fighter, stat: str, amount: int, rule: str) -> None:
        """Threat or attack raised."""

    def modify(self, source: Fighter, amount: int, before: int, total: int, rule: str) -> None:
        """Step 3: the dice total changed."""

    def reroll(self, source: Fighter, roll: int) -> None:
        """An ability rerolls: the roll stops."""

    def reroll_ignored(self, source: Fighter, limit: int) -> None:
        """Ruling reroll-counts ``no``: a roll already rerolled ``limit`` times stays."""

    def reroll_cap(self, roll: int) -> None:
        """A reroll asked on the last roll cannot be thrown."""

    def summon(self, source: Fighter, fighter: Fighter, rule: str) -> None:
        """A cryptid summoned into the row."""

    def summon_full(self, source: Fighter, card: Card, limit: int) -> None:
        """A summon into a full row fails."""

    def swap(self, fighter: Fighter, other: Fighter, rule: str) -> None:
        """A cryptid swapped places with its neighbour."""

    def swap_none(self, fighter: Fighter, rule: str) -> None:
        """A swap with no neighbour on that side does nothing."""

    def deaths(self, dead: list[Fighter]) -> None:
        """Step 6: cryptids at 0 HP leave the board."""

    def budget_throw(self, battle: Battle, limit: int) -> None:
        """The work budget: the throw spent its budget and stops."""

    def budget_battle(self, battle: Battle, limit: int) -> None:
        """The work budget: the battle spent its budget and ends (ruling work-budget)."""

    def end_by_hp(self, battle: Battle, reason: str, rule: str, left: int, right: int) -> None:
        """The battle ends by the HP left (36th roll, or no damage possible)."""

    def result(self, battle: Battle, winner: int | None, reason: str, rule: str) -> None:
        """Who won, or a tie."""


SILENT = Silent()


class Log(Silent):
    """The log of a battle someone reads: each call becomes events through ``emit``."""

    __slots__ = ("battle", "emit", "seen")

    def __init__(self, emit: Emit) -> None:
        self.emit = emit
        self.seen: Counter[str] = Counter()
        """Cryptids fielded so far, by card (the same one twice is numbered)."""

    def start(self, battle: Battle) -> None:
        self.battle = battle
        counts = Counter(f.card.id for row in battle.rows for f in row)
        for row in battle.rows:
            for fighter in row:
                self.seen[fighter.card.id] += 1
                if counts[fighter.card.id] > 1:
                    fighter.label = _numbered(fighter.card.name, self.seen[fighter.card.id])
        left, right = battle.lineups
        self.emit("battle", "battle.autoplay", left=left.label, right=right.label)
        for side, row in enumerate(battle.rows):
            self.emit("lineup." + SIDES[side], "battle.shop.d", team=battle.lineups[side].label,
                      cryptids=[_stats(f) for f in row])

    def roll(self, battle: Battle, first: int, second: int, rerolled: bool) -> None:
        number, rulings = battle.roll, battle.rulings
        if not rerolled:
            self.emit("roll", "roll.step-1.dice", roll=number, first=first, second=second,
                      total=battle.total)
        elif rulings.reroll_counts:  # a new roll, which restarts the one rerolled
            self.emit("reroll.next", "reroll.restart.b", roll=number, rerolled=number - 1,
                      first=first, second=second, total=battle.total)
        else:
            self.emit("reroll.roll", "reroll.restart.b", roll=number, first=first,
                      second=second, total=battle.total)
        if battle.bonus and not (rerolled and not rulings.reroll_counts):
            self.emit("sudden-death." + ("strike" if rulings.strike else "bonus"),
                      "sudden-death.bonus.b" if battle.bonus > 1 else "sudden-death.start",
                      roll=number, bonus=battle.bonus)

    def tick(self, fighter: Fighter, status: list[int]) -> None:
        self.emit("status.tick", "roll.step-2.status.b", who=fighter.label, amount=status[0],
                  rolls=status[1] - 1)

    def status_ends(self, fighter: Fighter) -> None:
        self.emit("status.ends", "roll.step-2.status.a", who=fighter.label)

    def order(self, entries: Sequence[tuple[Fighter, Any, Any]]) -> None:
        self.emit("order", "roll.step-4.threat-order.b",
                  order=[_with_threat(e[0]) for e in entries])

    def coin(self, group: Sequence[tuple[Fighter, Any, Any]], threat: int) -> None:
        self.emit("order.coin", "ruling.tie-order", tied=names([e[0] for e in group]),
                  threat=threat, first=group[0][0].label)

    def skip(self, fighter: Fighter, rule: str) -> None:
        self.emit("skip", "roll.step-4.zero-hp-skip" if rule == "roll.step-4.triggers"
                  else "ruling.deaths-on-reroll", who=fighter.label)

    def fires(self, fighter: Fighter, act: Act, other: Fighter | None, rule: str) -> None:
        totals = act.trigger.totals
        self.emit("act." + act.kind, rule, who=fighter.label, total=self.battle.total,
                  totals=list(totals), low=min(totals, default=0), high=max(totals, default=0),
                  other=other.label if other is not None else "")

    def strike(self, fighter: Fighter, bonus: int) -> None:
        self.emit("act.strike", "ruling.sudden-death", who=fighter.label, bonus=bonus)

    def cut(self, fighters: Sequence[Fighter], depth: int, limit: int) -> None:
        self.emit("chain.cut", "ruling.reaction-depth", depth=depth, who=names(fighters),
                  limit=limit)

    def no_target(self, actor: Fighter, rule: str) -> None:
        self.emit("target.none", rule, who=actor.label)

    def aim_threat(self, actor: Fighter, target: Fighter) -> None:
        battle = self.battle
        foes = battle.rows[1 - actor.side]
        tied = [f for f in foes if f.threat == target.threat and (
            f.hp > 0 or not battle.zeroes or battle.rulings.zero_hp_targets)]
        if len(tied) > 1:
            self.emit("target.threat-tie", "targeting.single.tie-leftmost", who=actor.label,
                      target=target.label, threat=target.threat, tied=names(tied))
        else:
            self.emit("target.threat", "targeting.single.highest-threat", who=actor.label,
                      target=target.label, threat=target.threat)

    def aim_adjacent(self, actor: Fighter, hit: list[Fighter]) -> None:
        self.emit("target.adjacent", "targeting.override.a", who=actor.label, targets=names(hit))

    def aim_lowest(self, actor: Fighter, target: Fighter, candidates: list[Fighter]) -> None:
        tied = [f for f in candidates if f.hp == target.hp]
        if len(tied) > 1:
            by_threat = self.battle.rulings.lowest_hp_by_threat
            self.emit("target.lowest-hp-tie." + ("threat" if by_threat else "leftmost"),
                      "ruling.lowest-hp-tie", who=actor.label, target=target.label,
                      hp=target.hp, tied=names(tied))
        else:
            self.emit("target.lowest-hp", "targeting.override.b", who=actor.label,
                      target=target.label, hp=target.hp)

    def aim_all(self, actor: Fighter, candidates: list[Fighter]) -> None:
        self.emit("target.all", "targeting.override.a", who=actor.label,
                  targets=names(candidates))

    def aim_random(self, actor: Fighter, target: Fighter, candidates: list[Fighter]) -> None:
        self.emit("target.random", "targeting.override.a", who=actor.label, target=target.label,
                  candidates=names(candidates))

    def aim_attacker(self, actor: Fighter, target: Fighter) -> None:
        self.emit("target.attacker", "targeting.override.a", who=actor.label,
                  target=target.label)

    def aim_lowest_ally(self, actor: Fighter, target: Fighter) -> None:
        self.emit("target.lowest-hp-ally", "targeting.override.a", who=actor.label,
                  target=target.label, hp=target.hp)

    def wasted(self, source: Fighter | None, target: Fighter, amount: int) -> None:
        self.emit("damage.wasted", "ruling.zero-hp-target", who=_label(source),
                  target=target.label, amount=amount)

    def damage(self, source: Fighter | None, target: Fighter, absorbed: int, before: int,
               rule: str) -> None:
        if absorbed:
            self.emit("damage.shield", "effects.shield", target=target.label, absorbed=absorbed,
                      shield=target.shield)
        hp = target.hp
        if hp == before:
            return
        self.emit("damage" if source is not None else "damage.status", rule, who=_label(source),
                  target=target.label, amount=before - hp, before=before, hp=hp)
        if not hp:
            self.emit("zero", "roll.step-6.deaths.a", who=target.label)

    def heal(self, source: Fighter, target: Fighter, before: int, rule: str) -> None:
        self.emit("heal", rule, who=source.label, target=target.label,
                  amount=target.hp - before, before=before, hp=target.hp)

    def heal_full(self, source: Fighter, target: Fighter) -> None:
        self.emit("heal.full", "ruling.overheal", who=source.label, target=target.label)

    def shield(self, source: Fighter, target: Fighter, amount: int, rule: str) -> None:
        self.emit("shield", rule, who=source.label, target=target.label, amount=amount,
                  shield=target.shield)

    def afflict(self, source: Fighter, target: Fighter, amount: int, rolls: int,
                rule: str) -> None:
        self.emit("status", rule, who=source.label, target=target.label, amount=amount,
                  rolls=rolls)

    def buff(self, source: Fighter, target: Fighter, stat: str, amount: int, rule: str) -> None:
        self.emit("buff." + stat, rule, who=source.label, target=target.label, amount=amount,
                  value=target.threat if stat == "threat" else target.attack)

    def modify(self, source: Fighter, amount: int, before: int, total: int, rule: str) -> None:
        self.emit("modify", rule, who=source.label, amount=f"{amount:+d}", before=before,
                  total=total)

    def reroll(self, source: Fighter, roll: int) -> None:
        self.emit("reroll", "reroll.restart.a", who=source.label, roll=roll)

    def reroll_ignored(self, source: Fighter, limit: int) -> None:
        self.emit("reroll.guard", "ruling.reroll-counts", who=source.label, limit=limit)

    def reroll_cap(self, roll: int) -> None:
        self.emit("reroll.cap", "end.limit.a", roll=roll)

    def summon(self, source: Fighter, fighter: Fighter, rule: str) -> None:
        card = fighter.card
        self.seen[card.id] += 1
        if self.seen[card.id] > 1:
            fighter.label = _numbered(card.name, self.seen[card.id])
        self.emit("summon", rule, who=source.label, summoned=fighter.label,
                  place=fighter.pos + 1)

    def summon_full(self, source: Fighter, card: Card, limit: int) -> None:
        self.emit("summon.full", "effects.summon", who=source.label, summoned=card.name,
                  limit=limit)

    def swap(self, fighter: Fighter, other: Fighter, rule: str) -> None:
        self.emit("swap", rule, who=fighter.label, other=other.label, place=fighter.pos + 1)

    def swap_none(self, fighter: Fighter, rule: str) -> None:
        self.emit("swap.none", rule, who=fighter.label)

    def deaths(self, dead: list[Fighter]) -> None:
        for fighter in dead:
            self.emit("death", "roll.step-6.deaths.a", who=fighter.label)

    def budget_throw(self, battle: Battle, limit: int) -> None:
        self.emit("budget.throw" if battle.roll else "budget.start", "budget.throw",
                  roll=battle.roll, limit=limit)

    def budget_battle(self, battle: Battle, limit: int) -> None:
        self.emit("budget.battle", "core.work-budget", roll=battle.roll, limit=limit)

    def end_by_hp(self, battle: Battle, reason: str, rule: str, left: int, right: int) -> None:
        self.emit("end." + reason, rule, roll=battle.roll, left=left, right=right)

    def result(self, battle: Battle, winner: int | None, reason: str, rule: str) -> None:
        kind = "result.tie" if winner is None else "result." + SIDES[winner]
        self.emit(kind, rule, team=battle.lineups[winner].label if winner is not None else "",
                  reason=reason, rolls=battle.roll)


def names(fighters: Sequence[Fighter]) -> list[Any]:
    return [f.label for f in fighters]


def _label(fighter: Fighter | None) -> Any:
    return fighter.label if fighter is not None else ""


def _numbered(name: Any, number: int) -> dict[str, str]:
    return {lang: f"{text} {number}" for lang, text in name.items()}


def _with_threat(fighter: Fighter) -> dict[str, str]:
    return {lang: f"{text} ({fighter.threat})" for lang, text in fighter.label.items()}


def _stats(fighter: Fighter) -> dict[str, str]:
    return {lang: f"{text} {fighter.hp}/{fighter.threat}" for lang, text in fighter.label.items()}
