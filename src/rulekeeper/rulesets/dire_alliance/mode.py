"""Battle Mode's answers to the tabletop's hooks: damage and healing by fighter cards, Focus,
opportunity attacks by ready enemies, the scenario's goal (python-chess's shape: a mode
fills in a few named hooks, the shared pieces call them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulekeeper.core.entities import Measure
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks, GameOver
from rulekeeper.rulesets.dire_alliance import actions, damage, healing, opportunity
from rulekeeper.rulesets.dire_alliance.table import Battle

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Stat


@dataclass(kw_only=True, eq=False)
class BattleMode(Battle):
    """The table of a Battle Mode game, with Battle Mode's answers to the tabletop's hooks."""


    def stat(self, fighter: Fighter, name: Stat) -> int:
        """A fighter's melee, shoot or defense value: its form's."""
        value: int = getattr(fighter.form, name)
        return value

    def suffer_damage(self, fighter: Fighter, rule: str,
                      source: Fighter | None = None) -> Asks[bool]:
        """Lose a card, else be defeated (``damage``): nothing prevents it."""
        yield from ()
        damage.suffer_damage(self, fighter, rule)
        self.credit(source, Measure.DAMAGE)
        if fighter.defeated:
            self.credit(source, Measure.KILLS)
        return True

    def stun_on_damage(self, fighter: Fighter) -> None:
        """The attack sequence's last step: the damaged target is stunned."""
        fighter.stunned = True  # it keeps its other conditions and tokens
        cites("battle.status.retain")
        self.emit("stunned", "battle.keyword.resilient.stunned" if fighter.has("resilient")
                  else "battle.attack.stun-target", fighter=fighter.name)

    def can_heal(self, fighter: Fighter) -> bool:
        return healing.can_heal(self, fighter)

    def heal(self, fighter: Fighter, times: int, rule: str) -> Asks[None]:
        yield from healing.heal(self, fighter, times, rule)

    def gain_cards(self, fighter: Fighter, count: int) -> Asks[None]:
        """Cards of the fighter's own card, from its supply pile to the discard pile."""
        yield from ()
        actions.gain(self, self.sides[fighter.side], fighter.card, count, fighter.name)

    def opportunity_attacks(self, mover: Fighter, destination: str) -> Asks[bool]:
        return (yield from opportunity.opportunity_attacks(self, mover, destination))

    def check_goal(self, seat: str) -> None:
        """The scenario's goal, at once: enough of the opponent's objectives (Beaten Path:
        three), or of its sites (other scenarios' goals)."""
        goal = self.scenario.goal
        if goal.objectives is not None and len(self.sides[seat].claimed) >= goal.objectives:
            raise GameOver(seat, "objectives", self.round)
        held = sum(1 for site in self.sites.values() if site.holder == seat)
        if goal.sites is not None and held >= goal.sites:
            raise GameOver(seat, "sites", self.round)


# Cited here, not by a decorator, which would have the compiled build call the method through
# Python's protocol (as the tabletop's: :mod:`.tabletop`).
cites("battle.game.goal", "battle.game.end.a", "battle.round.beaten-path-win",  # check_goal
      "battle.round.other-scenarios")
