"""The ``heuristic`` bot: plays the Heroes' side from the view, with simple rules of thumb.

- Act before moving: attack the Enemy it expects to hurt most, preferring one it may
  defeat; with no Enemy in reach, move one area toward the nearest Enemy.
- Spend every stamina the dice allow (a spent chip still counts as health; damage
  would wound it).
- Offer a sturdier Hero to take an attack aimed at a weak Ally; agree to take one while
  its Hero has 3 or more health.
- Ties the players must break: the Ally with the most health.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from rulekeeper.core.decisions import Decision

SUCCESSES_PER_DIE = 5 / 6
"""Mean successes of one default Action die with its extra dice (stamina faces aside)."""
ABILITY = {"melee": "might", "ranged": "agility", "magic": "will"}


class HeuristicHeroes:
    """A bot for one seat; it decides from the seat's view."""

    uses_view = True

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self.seat = seat

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        state = (view or {}).get("state") or {}
        if not state:
            return decision.options[0].id
        chooser = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        choice: str | None = chooser(state, decision) if chooser else None
        return choice if choice in decision.ids else decision.options[0].id

    def _hero_turn(self, state: Mapping[str, Any], decision: Decision) -> str:
        hero = _figures(state)[state["active"]]
        attacks = [o for o in decision.ids if o != "end" and not o.startswith("move-")]
        if attacks:
            return max(attacks, key=lambda option: self._attack_value(state, hero, option))
        moves = [o for o in decision.ids if o.startswith("move-")]
        if not moves or "action" in state["used"]:
            return "end"
        distances = _distances_to_enemies(state)
        best = min(moves, key=lambda option: distances.get(option.removeprefix("move-"), 99))
        closer = distances.get(best.removeprefix("move-"), 99) < distances.get(hero["area"], 99)
        return best if closer else "end"

    @staticmethod
    def _attack_value(state: Mapping[str, Any], hero: Mapping[str, Any], option: str) -> float:
        kind, _, enemy_id = option.partition("-")
        enemy = _figures(state)[enemy_id]
        expected = hero[ABILITY[kind]] * SUCCESSES_PER_DIE
        return min(expected, enemy["health"]) + (1.0 if expected >= enemy["health"] else 0.0)

    def _spend_stamina(self, state: Mapping[str, Any], decision: Decision) -> str:
        return decision.options[-1].id

    def _taunt_tie(self, state: Mapping[str, Any], decision: Decision) -> str:
        figures = _figures(state)
        return max(decision.ids, key=lambda o: _health(figures[o.removeprefix("ally-")]))

    def _hero_exception(self, state: Mapping[str, Any], decision: Decision) -> str:
        figures = _figures(state)
        keep = next(o for o in decision.ids if o.startswith("keep-"))
        target = figures[keep.removeprefix("keep-")]
        heroes = [figures[o.removeprefix("hero-")] for o in decision.ids if o.startswith("hero-")]
        sturdiest = max(heroes, key=_health)
        if _health(target) <= 2 and _health(sturdiest) >= _health(target) + 2:
            return f"hero-{sturdiest['id']}"
        return keep

    def _hero_exception_agree(self, state: Mapping[str, Any], decision: Decision) -> str:
        agree, refuse = decision.ids
        hero = _figures(state)[agree.removeprefix("agree-")]
        return agree if _health(hero) >= 3 else refuse


def _figures(state: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {f["id"]: f for group in ("heroes", "allies", "enemies") for f in state[group]}


def _health(figure: Mapping[str, Any]) -> int:
    return int(figure["chips"] - figure["wounded"]) if "chips" in figure else int(figure["health"])


def _distances_to_enemies(state: Mapping[str, Any]) -> dict[str, int]:
    """Borders from every area to the nearest Enemy."""
    neighbours = {a["id"]: a["neighbours"] for a in state["areas"]}
    starts = [e["area"] for e in state["enemies"] if e["area"]]
    seen = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for nxt in neighbours[here]:
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen
