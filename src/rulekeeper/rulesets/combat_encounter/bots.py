"""The heuristic bot of combat-encounter (``--agents heuristic``).

It decides from the table (``table.state``), reading only what its seat may know (not
where another Player Hidden is):

- Combat: it fights on: it attacks the weakest target it can reach (least Health, then
  least Defense) with the option of highest expected Damage, and with no usable Weapon
  card left recovers a Dropped one. It leaves Combat only when its Health is low (a third
  of its maximum or less) in a Room with a Jelly Cube: Disengage when it can pay, else
  Flee (to a Room without a Jelly Cube if it can). Leaving whenever its Health was low,
  as it did before, lost: fighting on wins 60.7% of 1,000 two-Player games against that
  bot, 31% of four-Player games (docs/benchmarks.md, "How much choice matters").
- Checks: it rerolls a roll that misses (or a natural 1 that would drop its Weapon), and
  on a check without Target Number (Combat Order, Challenge) a natural below 8; it spends
  Kaos when that turns a miss into a hit, the least Kaos that does (under
  ``kaos-natural-1=turns-check`` a natural 1 needs at least 1 Kaos to hit), and 1 Kaos on
  a natural 1 that would drop a Weapon card.
- Between Combats: it equips what fills an empty slot, Ambushes the weakest Player in
  its Room, or moves toward the nearest Player it can see.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from functools import cache
from typing import Any

from rulekeeper.core.decisions import Decision
from rulekeeper.core.errors import RulesetError
from rulekeeper.core.ruleset import Table
from rulekeeper.rulesets.combat_encounter.damage import DamageDice
from rulekeeper.rulesets.combat_encounter.stats import current_defense, current_stat
from rulekeeper.rulesets.combat_encounter.table import WEAPON_SLOTS, CombatTable, Player

STAT_OF = {"melee": "brawn", "ranged": "quickness"}


def hit_chance(stat: int, defense: int) -> float:
    """The chance that d20 + stat reaches ``defense`` (a natural 20 always, a 1 never)."""
    needed = defense - stat
    return min(max((21 - needed) / 20, 0.05), 0.95)


@cache
def mean_damage(notation: str) -> float:
    """The mean of a Damage value (``1d6+1``)."""
    return DamageDice.parse(notation).mean


class HeuristicBot:
    """Attacks the weakest reachable target, fights on, spends Kaos to turn misses."""

    uses_view = False

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self.seat = seat
        self._random = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        raise RulesetError(f"{type(self).__name__} reads the table: drive it with "
                           f"agents.decide(agent, game)")

    def choose_from(self, table: Table, decision: Decision) -> str:
        assert isinstance(table, CombatTable)
        ids = decision.ids
        chooser = {
            "combat-action": self._combat_action,
            "turn-action": self._turn_action,
            "reroll": self._reroll,
            "kaos": self._kaos,
            "challenge-response": self._challenge_response,
            "loot": self._loot,
            "loot-equip": self._loot_equip,
        }.get(decision.kind)
        choice = (chooser(table, ids, decision.player)
                  if chooser and table.state is not None else None)
        return choice if choice in ids else self._random.choice(ids)

    def leaves(self, table: CombatTable, me: Player) -> bool:
        """Whether to leave Combat now: hurt, in a Room with a Jelly Cube."""
        return bool(me.health * 3 <= me.character.health
                    and me.room in table.prepared.jelly_rooms)

    def _combat_action(self, table: CombatTable, ids: tuple[str, ...], seat: str) -> str:
        players = table.state.players
        me = players[seat]
        if self.leaves(table, me):
            leaving = [i for i in ids if i.startswith("disengage:")] or [
                i for i in ids if i.startswith("flee:")]
            safe = [i for i in leaving if i.partition(":")[2] not in table.prepared.jelly_rooms]
            if safe or leaving:
                return (safe or leaving)[0]
        attacks = [i.split(":") for i in ids if i.startswith("attack:")]
        usable_cards = [slot for slot in WEAPON_SLOTS
                        if me.slots[slot] is not None and slot not in me.dropped]
        recovers = [i for i in ids if i.startswith("recover:")]
        if recovers and not usable_cards:
            return recovers[0]
        if not attacks:
            return "decline"
        cat = table.prepared
        target = min({t for _, t, _ in attacks},
                     key=lambda t: (players[t].health, current_defense(cat, players[t]), t))
        options = [key for _, t, key in attacks if t == target]
        best = max(options, key=lambda key: self._expected(table, me, players[target], key))
        return f"attack:{target}:{best}"

    def _expected(self, table: CombatTable, me: Player, target: Player, key: str) -> float:
        cat = table.prepared
        mode: str | None
        damage: str | None
        if key.startswith("dagger-"):
            mode = key.partition("-")[2]
            damage = str(cat.dagger[mode])
        else:
            item = cat.items[me.slots[key] or ""]
            mode, damage = item.mode, item.damage
        assert mode is not None and damage is not None  # a Weapon card's
        stat = current_stat(cat, me, STAT_OF[mode])
        return hit_chance(stat, current_defense(cat, target)) * max(1.0, mean_damage(damage) + stat)

    def _turn_action(self, table: CombatTable, ids: tuple[str, ...], seat: str) -> str:
        equips = [i for i in ids if i.startswith("equip:")]
        if equips:
            return equips[0]
        players = table.state.players
        ambushes = [i.partition(":")[2] for i in ids if i.startswith("ambush:")]
        if ambushes:
            weakest = min(ambushes, key=lambda t: (players[t].health, t))
            return f"ambush:{weakest}"
        step = self._step_toward_others(table, seat)
        if step is not None and f"move:{step}" in ids:
            return f"move:{step}"
        return "end-turn"

    def _step_toward_others(self, table: CombatTable, seat: str) -> str | None:
        """The first Room on a shortest path to the nearest other Player in sight (a Hidden
        Player's Room is not known)."""
        board, jelly = table.prepared.board, table.prepared.jelly_rooms
        here = table.state.players[seat].room
        goals = {p.room for s, p in table.state.players.items()
                 if s != seat and p.alive and p.room is not None and "hidden" not in p.statuses}
        if here is None or not goals:
            return None
        first_step: dict[str, str | None] = {here: None}
        queue = deque([here])
        while queue:
            room = queue.popleft()
            if room in goals and room != here:
                return first_step[room]
            for nxt in board.neighbours(room):
                if nxt not in first_step and nxt not in jelly:
                    first_step[nxt] = first_step[room] or nxt
                    queue.append(nxt)
        return None

    def _reroll(self, table: CombatTable, ids: tuple[str, ...], seat: str) -> str:
        check = table.state.check
        assert check is not None
        if check["tn"] is None:
            return "reroll" if check["natural"] < 8 else "keep"
        drops = check["natural"] == 1 and check.get("dagger") is False
        misses = check["natural"] != 20 and (check["natural"] == 1 or check["total"] < check["tn"])
        return "reroll" if drops or misses else "keep"

    def _kaos(self, table: CombatTable, ids: tuple[str, ...], seat: str) -> str:
        check, me = table.state.check, table.state.players[seat]
        assert check is not None
        natural, step = check["natural"], table.rulings.kaos_bonus
        needed = max(0, -(-(check["tn"] - check["total"]) // step))
        can_turn = natural != 20 and needed > 0 and needed <= me.kaos
        if natural == 1:
            lift = max(1, needed)  # a natural 1 hits only with Kaos spent on it (turns-check)
            if table.rulings["kaos-natural-1"] == "turns-check" and lift <= me.kaos:
                return f"kaos:{lift}"
            return "kaos:1" if check.get("dagger") is False else "kaos:0"
        return f"kaos:{needed}" if can_turn else "kaos:0"

    def _challenge_response(self, table: CombatTable, ids: tuple[str, ...], seat: str) -> str:
        players = table.state.players
        challenger = players.get(table.state.active or "")
        brave = challenger is None or players[seat].health >= challenger.health
        return "accept" if brave else "decline"

    def _loot(self, table: CombatTable, ids: tuple[str, ...], seat: str) -> str:
        takes = [i for i in ids if i.startswith("take:")]
        return takes[0] if takes else "none"

    def _loot_equip(self, table: CombatTable, ids: tuple[str, ...], seat: str) -> str:
        equips = [i for i in ids if i.startswith("equip:")]
        return equips[0] if equips else "done"


class CautiousBot(HeuristicBot):
    """The heuristic bot as it was until the search showed that fleeing loses: it leaves
    Combat whenever its Health is a third of its maximum or less (``--agents cautious``)."""

    def leaves(self, table: CombatTable, me: Player) -> bool:
        return bool(me.health * 3 <= me.character.health)
