"""Raid Mode's answers to the tabletop's hooks: hero stats from the action row, damage and
healing, gaining cards, opportunity attacks, boosts, the goals, and the ``token`` verb of
hero cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance import special
from rulekeeper.rulesets.dire_alliance.messages import a
from rulekeeper.rulesets.dire_alliance.raid import attacks, damage, goals, heroes, stats
from rulekeeper.rulesets.dire_alliance.raid.pieces import RowCard
from rulekeeper.rulesets.dire_alliance.raid.rulings import RaidSpecialShoot
from rulekeeper.rulesets.dire_alliance.raid.table import Raid

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.models import Effect
    from rulekeeper.rulesets.dire_alliance.tabletop import Done, Fighter, Outcome, Stat


@dataclass(kw_only=True, eq=False)
class RaidMode(Raid):
    """The table of a Raid game, with Raid Mode's answers to the tabletop's hooks."""

    def stat(self, fighter: Fighter, name: Stat) -> int:
        return stats.stat(self, fighter, name)

    def suffer_damage(self, fighter: Fighter, rule: str,
                      source: Fighter | None = None) -> Asks[bool]:
        return (yield from damage.suffer(self, fighter, rule, source))

    def stun_on_damage(self, fighter: Fighter) -> None:
        """Fighters never become stunned by damage in Raid Mode."""
        cites("raid.damage.no-stun", "raid.status.no-stun")

    def can_heal(self, fighter: Fighter) -> bool:
        return damage.can_heal(self, fighter)

    def heal(self, fighter: Fighter, times: int, rule: str) -> Asks[None]:
        yield from damage.heal(self, fighter, times, rule)

    def gain_cards(self, fighter: Fighter, count: int) -> Asks[None]:
        yield from damage.gain(self, self.heroes[fighter.side], count, "raid.gain-cards.any-supply")

    def opportunity_attacks(self, mover: Fighter, destination: str) -> Asks[bool]:
        return (yield from attacks.opportunity_attacks(self, mover, destination))

    def before_roll(self, attacker: Fighter, targets: list[Fighter], kind: str) -> Asks[None]:
        yield from heroes.boost_window(self, attacker, targets, kind)

    def check_goal(self, seat: str) -> None:
        goals.check(self, seat)

    def seat_name(self, seat: str) -> str:
        """A seat is named by its hero."""
        return self.heroes[seat].name

    def resolve_effect(self, actor: Fighter, effect: Effect,
                       it: Fighter | None) -> Outcome | Done | None:
        """The ``token`` verb of hero cards, and a hero's Shoot only with no enemy in its area
        (ruling raid-special-shoot); None: the shared vocabulary's other verbs."""
        if effect.verb == "shoot" and self.shoot_barred(actor):
            return special.skipped(self, actor, effect)
        if effect.verb != "token":
            return None
        row_card = self.resolving(actor)
        if row_card is None:
            return special.skipped(self, actor, effect)
        row_card.tokens.append(effect.name)
        self.emit("token", "raid.action-row.tokens.placed", fighter=actor.name,
                  token=a(effect.name), card=self.card_name(row_card.card))
        return True, None

    def effect_possible(self, actor: Fighter, effect: Effect) -> bool | None:
        if effect.verb == "shoot" and self.shoot_barred(actor):
            return False
        if effect.verb != "token":
            return None
        return self.resolving(actor) is not None

    def shoot_barred(self, actor: Fighter) -> bool:
        """A hero may only Shoot with no enemy in its area (ruling raid-special-shoot: the
        Shoot of a card's special action too, by default)."""
        return (self.is_hero(actor) and actor.area is not None
                and self.rulings.raid_special_shoot is RaidSpecialShoot.NO_ENEMIES_HERE
                and bool(self.enemies_in(actor.area, actor.team)))

    def resolving(self, actor: Fighter) -> RowCard | None:
        """The face-up card of the actor's action row whose special action is being resolved
        (the card its tokens go on); None when the actor is not a hero resolving one."""
        return self.heroes[actor.side].resolving if self.is_hero(actor) else None


# Cited here, not by a decorator, which would have the compiled build call the method through
# Python's protocol (as the tabletop's: :mod:`..tabletop`).
cites("raid.ruling.raid-special-shoot", "raid.hero-action.shoot.b")  # shoot_barred
