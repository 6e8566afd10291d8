"""The heuristic bot of combat-encounter (``--agents heuristic``).

It decides from its seat's view only:

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
from typing import Any

from rulekeeper.core.decisions import Decision
from rulekeeper.rulesets.combat_encounter.damage import DamageDice

STAT_OF = {"melee": "brawn", "ranged": "quickness"}


def hit_chance(stat: int, defense: int) -> float:
    """The chance that d20 + stat reaches ``defense`` (a natural 20 always, a 1 never)."""
    needed = defense - stat
    return min(max((21 - needed) / 20, 0.05), 0.95)


class HeuristicBot:
    """Attacks the weakest reachable target, fights on, spends Kaos to turn misses."""

    uses_view = True

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self.seat = seat
        self._random = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        state = view["state"] if view else {}
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
        choice = chooser(state, ids, decision.player) if chooser and state else None
        return choice if choice in ids else self._random.choice(ids)

    def leaves(self, state: Mapping[str, Any], me: Mapping[str, Any]) -> bool:
        """Whether to leave Combat now: hurt, in a Room with a Jelly Cube."""
        return bool(me["health"] * 3 <= me["max_health"] and _jelly(state, me["room"]))

    def _combat_action(self, state: Mapping[str, Any], ids: tuple[str, ...], seat: str) -> str:
        me = state["players"][seat]
        if self.leaves(state, me):
            leaving = [i for i in ids if i.startswith("disengage:")] or [
                i for i in ids if i.startswith("flee:")]
            safe = [i for i in leaving if not _jelly(state, i.partition(":")[2])]
            if safe or leaving:
                return (safe or leaving)[0]
        attacks = [i.split(":") for i in ids if i.startswith("attack:")]
        usable_cards = [w for w in me["weapons"] if not w["dropped"]]
        recovers = [i for i in ids if i.startswith("recover:")]
        if recovers and not usable_cards:
            return recovers[0]
        if not attacks:
            return "decline"
        players = state["players"]
        target = min({t for _, t, _ in attacks},
                     key=lambda t: (players[t]["health"], players[t]["defense"], t))
        options = [key for _, t, key in attacks if t == target]
        best = max(options, key=lambda key: self._expected(state, me, players[target], key))
        return f"attack:{target}:{best}"

    def _expected(self, state: Mapping[str, Any], me: Mapping[str, Any],
                  target: Mapping[str, Any], key: str) -> float:
        if key.startswith("dagger-"):
            mode = key.partition("-")[2]
            damage = state["mystic_dagger"][mode]
        else:
            weapon = next(w for w in me["weapons"] if w["slot"] == key)
            mode, damage = weapon["mode"], weapon["damage"]
        stat = me["stats"][STAT_OF[mode]]
        return hit_chance(stat, target["defense"]) * max(1.0, DamageDice.parse(damage).mean + stat)

    def _turn_action(self, state: Mapping[str, Any], ids: tuple[str, ...], seat: str) -> str:
        equips = [i for i in ids if i.startswith("equip:")]
        if equips:
            return equips[0]
        players = state["players"]
        ambushes = [i.partition(":")[2] for i in ids if i.startswith("ambush:")]
        if ambushes:
            weakest = min(ambushes, key=lambda t: (players[t]["health"], t))
            return f"ambush:{weakest}"
        step = self._step_toward_others(state, seat)
        if step is not None and f"move:{step}" in ids:
            return f"move:{step}"
        return "end-turn"

    def _step_toward_others(self, state: Mapping[str, Any], seat: str) -> str | None:
        """The first Room on a shortest path to the nearest other Player in sight."""
        rooms = {r["id"]: r for r in state["rooms"]}
        here = state["players"][seat]["room"]
        goals = {p["room"] for s, p in state["players"].items()
                 if s != seat and p["alive"] and p["room"] is not None}
        if here is None or not goals:
            return None
        first_step: dict[str, str | None] = {here: None}
        queue = deque([here])
        while queue:
            room = queue.popleft()
            if room in goals and room != here:
                return first_step[room]
            for nxt in rooms[room]["neighbours"]:
                if nxt not in first_step and not rooms[nxt]["jelly_cube"]:
                    first_step[nxt] = first_step[room] or nxt
                    queue.append(nxt)
        return None

    def _reroll(self, state: Mapping[str, Any], ids: tuple[str, ...], seat: str) -> str:
        check = state["check"]
        if check["tn"] is None:
            return "reroll" if check["natural"] < 8 else "keep"
        drops = check["natural"] == 1 and check.get("dagger") is False
        misses = check["natural"] != 20 and (check["natural"] == 1 or check["total"] < check["tn"])
        return "reroll" if drops or misses else "keep"

    def _kaos(self, state: Mapping[str, Any], ids: tuple[str, ...], seat: str) -> str:
        check, me = state["check"], state["players"][seat]
        natural, step = check["natural"], state["kaos_step"]
        needed = max(0, -(-(check["tn"] - check["total"]) // step))
        can_turn = natural != 20 and needed > 0 and needed <= me["kaos"]
        if natural == 1:
            lift = max(1, needed)  # a natural 1 hits only with Kaos spent on it (turns-check)
            if state["rulings"]["kaos-natural-1"] == "turns-check" and lift <= me["kaos"]:
                return f"kaos:{lift}"
            return "kaos:1" if check.get("dagger") is False else "kaos:0"
        return f"kaos:{needed}" if can_turn else "kaos:0"

    def _challenge_response(self, state: Mapping[str, Any], ids: tuple[str, ...],
                            seat: str) -> str:
        players = state["players"]
        challenger = players.get(state["active"] or "")
        brave = challenger is None or players[seat]["health"] >= challenger["health"]
        return "accept" if brave else "decline"

    def _loot(self, state: Mapping[str, Any], ids: tuple[str, ...], seat: str) -> str:
        takes = [i for i in ids if i.startswith("take:")]
        return takes[0] if takes else "none"

    def _loot_equip(self, state: Mapping[str, Any], ids: tuple[str, ...], seat: str) -> str:
        equips = [i for i in ids if i.startswith("equip:")]
        return equips[0] if equips else "done"


class CautiousBot(HeuristicBot):
    """The heuristic bot as it was until the search showed that fleeing loses: it leaves
    Combat whenever its Health is a third of its maximum or less (``--agents cautious``)."""

    def leaves(self, state: Mapping[str, Any], me: Mapping[str, Any]) -> bool:
        return bool(me["health"] * 3 <= me["max_health"])


def _jelly(state: Mapping[str, Any], room: str) -> bool:
    return any(r["jelly_cube"] for r in state["rooms"] if r["id"] == room)
