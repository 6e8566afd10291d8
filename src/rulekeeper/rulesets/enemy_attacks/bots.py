"""The ``heuristic`` bot: plays the Heroes' side with simple rules of thumb, reading the
table (``table.state``: nothing of the game is hidden but the item deck's order, which it
never reads) rather than a view built for every decision.

- Act before moving: attack the Enemy it expects to hurt most, preferring one it may
  defeat; with no Enemy in reach, move one area toward the nearest Enemy.
- Spend every stamina the dice allow (a spent chip still counts as health; damage
  would wound it).
- Offer a sturdier Hero to take an attack aimed at a weak Ally; agree to take one while
  its Hero has 3 or more health.
- Ties the players must break: the Ally with the most health.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulekeeper.core.decisions import Decision
from rulekeeper.core.errors import RulesetError
from rulekeeper.core.ruleset import Table
from rulekeeper.rulesets.enemy_attacks.table import (
    Ally,
    Enemy,
    Figure,
    Hero,
    NonHeroAlly,
    Skirmish,
)

SUCCESSES_PER_DIE = 5 / 6
"""Mean successes of one default Action die with its extra dice (stamina faces aside)."""
ABILITY = {"melee": "might", "ranged": "agility", "magic": "will"}
FAR = 99
"""The distance of an area no Enemy can be reached from."""


class HeuristicHeroes:
    """A bot for one seat; it decides from the table (``agents.decide``)."""

    uses_view = False

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self.seat = seat

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        raise RulesetError("the heuristic heroes read the table: drive them with "
                           "agents.decide(agent, game)")

    def choose_from(self, table: Table, decision: Decision) -> str:
        st = table.state
        if st is None:
            return decision.options[0].id
        chooser = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        choice: str | None = chooser(st, decision) if chooser else None
        return choice if choice in decision.ids else decision.options[0].id

    def _hero_turn(self, st: Skirmish, decision: Decision) -> str:
        hero = st.figures[st.active or ""]
        assert isinstance(hero, Ally)
        attacks = [o for o in decision.ids if o != "end" and not o.startswith("move-")]
        if attacks:
            return max(attacks, key=lambda option: self._attack_value(st, hero, option))
        moves = [o for o in decision.ids if o.startswith("move-")]
        if not moves or "action" in st.used:
            return "end"
        distances = _distances_to_enemies(st)
        best = min(moves, key=lambda option: distances(option.removeprefix("move-")))
        return best if distances(best.removeprefix("move-")) < distances(hero.area) else "end"

    @staticmethod
    def _attack_value(st: Skirmish, hero: Ally, option: str) -> float:
        kind, _, enemy_id = option.partition("-")
        health = _health(st.figures[enemy_id])
        expected = hero.levels[ABILITY[kind]] * SUCCESSES_PER_DIE
        return min(expected, health) + (1.0 if expected >= health else 0.0)

    def _spend_stamina(self, st: Skirmish, decision: Decision) -> str:
        return decision.options[-1].id

    def _taunt_tie(self, st: Skirmish, decision: Decision) -> str:
        return max(decision.ids, key=lambda o: _health(st.figures[o.removeprefix("ally-")]))

    def _hero_exception(self, st: Skirmish, decision: Decision) -> str:
        keep = next(o for o in decision.ids if o.startswith("keep-"))
        target = st.figures[keep.removeprefix("keep-")]
        heroes = [st.figures[o.removeprefix("hero-")] for o in decision.ids
                  if o.startswith("hero-")]
        sturdiest = max(heroes, key=_health)
        if _health(target) <= 2 and _health(sturdiest) >= _health(target) + 2:
            return f"hero-{sturdiest.id}"
        return keep

    def _hero_exception_agree(self, st: Skirmish, decision: Decision) -> str:
        agree, refuse = decision.ids
        hero = st.figures[agree.removeprefix("agree-")]
        return agree if _health(hero) >= 3 else refuse


def _health(figure: Figure) -> int:
    """A Hero's chips not wounded; an Ally's or an Enemy's health."""
    assert isinstance(figure, Hero | NonHeroAlly | Enemy)
    return figure.health


def _distances_to_enemies(st: Skirmish) -> Callable[[str | None], int]:
    """Borders from an area to the nearest Enemy in play (``FAR`` when none is reached)."""
    tables = [st.board.distances_from(e.area) for e in st.enemies if e.area]

    def distance(area: str | None) -> int:
        return min((d for table in tables if (d := table.get(area or "")) is not None),
                   default=FAR)
    return distance
