"""The table of a Raid game: the shared ``Tabletop`` with the heroes, the villain, the minion
bag and the round's flow, and Raid Mode's answers to the tabletop's hooks (hero stats from
the action row, damage and healing, gaining cards, opportunity attacks, boosts, the goals,
and the ``token`` verb of hero cards)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.checkpoints import Shared
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance import special
from rulekeeper.rulesets.dire_alliance.messages import a
from rulekeeper.rulesets.dire_alliance.models import Whole
from rulekeeper.rulesets.dire_alliance.raid import attacks, damage, goals, heroes
from rulekeeper.rulesets.dire_alliance.raid.models import (
    DASH,
    HeroCard,
    MinionKind,
    RaidScenario,
    RaidSide,
    VillainCard,
)
from rulekeeper.rulesets.dire_alliance.raid.pieces import HEROES, Hero, RowCard, VillainState
from rulekeeper.rulesets.dire_alliance.raid.rulings import RaidSpecialShoot
from rulekeeper.rulesets.dire_alliance.tabletop import DireTable, Fighter, Stat, Tabletop

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.models import Effect
    from rulekeeper.rulesets.dire_alliance.raid.models import RaidContent
    from rulekeeper.rulesets.dire_alliance.raid.rulings import RaidRulings


class RaidOptions(BaseModel):
    """Setup options: how many heroes, each seat's hero and class, the villain and faction."""

    model_config = ConfigDict(extra="forbid")

    heroes: Whole = Field(2, ge=1, le=4, description="number of heroes (one player each)")
    hero1: str = Field("maren", description="hero of the first seat")
    hero2: str = Field("cole", description="hero of the second seat")
    hero3: str = Field("varga", description="hero of the third seat")
    hero4: str = Field("crane", description="hero of the fourth seat")
    class1: str = Field("slayer", description="hero class of the first seat")
    class2: str = Field("hunter", description="hero class of the second seat")
    class3: str = Field("slayer", description="hero class of the third seat")
    class4: str = Field("hunter", description="hero class of the fourth seat")
    villain: str = Field("hollow-king", description="the villain")
    faction: str = Field("grievers", description="the faction the villain leads")


class RaidTable(DireTable):
    """The table of a Raid game."""

    __slots__ = ()
    state: Raid
    content: RaidContent
    options: RaidOptions
    rulings: RaidRulings


@dataclass(kw_only=True, eq=False)
class Raid(Tabletop):
    """Everything on the table of a Raid game, and its flow (round, phase, last actor)."""

    table: RaidTable
    scenario: RaidScenario
    side: RaidSide
    heroes: dict[str, Hero] = field(default_factory=dict)
    """Seat -> hero, in clockwise order."""
    villain: VillainState | None = None
    bag: list[str] = field(default_factory=list)
    """The minion bag: ids of the minion tokens in it, in a stable order."""
    cards: Shared[str, HeroCard] = field(default_factory=Shared)
    """Hero card id -> card, of every hero in play (filled at the setup, like the next two:
    copies of the state share them)."""
    villain_cards: Shared[str, VillainCard] = field(default_factory=Shared)
    kinds: Shared[str, MinionKind] = field(default_factory=Shared)
    """Minion kind id -> kind."""
    claimed: list[str] = field(default_factory=list)
    """Objectives in the enemy play area."""
    round: int = 0
    next_phase: int = 0
    """The place in ``rounds.PHASES`` of the next phase (0: a round begins)."""
    phase: str = "setup"
    last_actor: str | None = None
    activated: set[str] = field(default_factory=set)
    """Minions activated in this phase."""
    decider: str = ""
    """The seat that settles ties for the enemies right now (ruling raid-ties)."""
    played: set[str] = field(default_factory=set)
    """Hero cards played at least once (metrics)."""
    printed: Shared[str, Any] = field(default_factory=Shared)
    """What the view shows of the printed cards and the board: built at the first view,
    never changed after (copies share it: copying it was more than half of a state's copy)."""

    @property
    def rulings(self) -> RaidRulings:
        return self.table.rulings

    # --- who is who ------------------------------------------------------------------------

    @property
    def the_villain(self) -> VillainState:
        assert self.villain is not None
        return self.villain

    @property
    def players(self) -> int:
        return len(self.heroes)

    def hero(self, fighter: Fighter) -> Hero:
        return self.heroes[fighter.side]

    def is_hero(self, fighter: Fighter) -> bool:
        return fighter.team == HEROES

    def is_villain(self, fighter: Fighter) -> bool:
        return self.villain is not None and fighter is self.villain.fighter

    def is_minion(self, fighter: Fighter) -> bool:
        return fighter.card in self.kinds

    def rank(self, fighter: Fighter) -> str | None:
        """An enemy's rank (None: unranked); heroes have none."""
        if self.is_minion(fighter):
            return self.kinds[fighter.card].rank
        if self.is_villain(fighter):
            return self.the_villain.spec.rank
        return None

    def hero_figures(self) -> list[Fighter]:
        return [h.fighter for h in self.heroes.values() if h.fighter.on_board]

    def minions(self) -> list[Fighter]:
        """The minions on the board."""
        return [f for f in self.fighters.values() if f.on_board and self.is_minion(f)]

    def heroes_in(self, area: str) -> list[Fighter]:
        return [f for f in self.occupants[area] if f.team == HEROES]

    def objectives_in_play(self) -> list[str]:
        """Objective ids still on the board (not claimed)."""
        return [o.id for o in self.objectives.values() if o.claimed_by is None]

    # --- hooks -----------------------------------------------------------------------------

    def stat(self, fighter: Fighter, name: Stat) -> int:
        """raid.stats.*: a hero's base plus the face-up action-row modifiers (never below 0;
        a "—" stat is 0 and takes no modifier); the villain's base plus its action row's
        modifiers; a minion's printed value (★ is 0: the star ability gives the dice)."""
        if self.is_hero(fighter):
            hero = self.heroes[fighter.side]
            cites("raid.stats.base", "raid.stats.modifiers")
            base = getattr(hero.spec, name)
            if base == DASH:
                cites("raid.stats.dash.no-dice", "raid.stats.dash.no-modifiers",
                      "raid.stats.dash.zero")
                return 0
            cites("raid.stats.faceup", "raid.stats.facedown", "raid.stats.minimum-zero.a",
                  "raid.stats.minimum-zero.b")
            bonus = sum(getattr(self.cards[c.card].modifiers, name) for c in hero.row if c.faceup)
            return max(0, int(base) + bonus)
        if self.is_villain(fighter):
            villain = self.the_villain
            base = getattr(villain.spec, name)
            cites("raid.enemy-act.villain-modifiers")
            bonus = sum(getattr(self.villain_cards[c].modifiers, name) for c in villain.row)
            return 0 if isinstance(base, str) else max(0, base + bonus)
        value = getattr(self.kinds[fighter.card], name)
        return value if isinstance(value, int) else 0

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
                       it: Fighter | None) -> special.Outcome | special.Done:
        """The ``token`` verb of hero cards, and the shared vocabulary (a hero's Shoot only
        with no enemy in its area, under ruling raid-special-shoot)."""
        if effect.verb == "shoot" and self.shoot_barred(actor):
            return special.skipped(self, actor, effect)
        if effect.verb != "token":
            return super().resolve_effect(actor, effect, it)
        row_card = self.resolving(actor)
        if row_card is None:
            return special.skipped(self, actor, effect)
        row_card.tokens.append(effect.name)
        self.emit("token", "raid.action-row.tokens.placed", fighter=actor.name,
                  token=a(effect.name), card=self.card_name(row_card.card))
        return True, None

    def effect_possible(self, actor: Fighter, effect: Effect) -> bool:
        if effect.verb == "shoot" and self.shoot_barred(actor):
            return False
        if effect.verb != "token":
            return super().effect_possible(actor, effect)
        return self.resolving(actor) is not None

    def shoot_barred(self, actor: Fighter) -> bool:
        """A hero may only Shoot with no enemy in its area (ruling raid-special-shoot: the
        Shoot of a card's special action too, by default)."""
        cites("raid.ruling.raid-special-shoot", "raid.hero-action.shoot.b")
        return (self.is_hero(actor) and actor.area is not None
                and self.rulings.raid_special_shoot is RaidSpecialShoot.NO_ENEMIES_HERE
                and bool(self.enemies_in(actor.area, actor.team)))

    def resolving(self, actor: Fighter) -> RowCard | None:
        """The face-up card of the actor's action row whose special action is being resolved
        (the card its tokens go on); None when the actor is not a hero resolving one."""
        return self.heroes[actor.side].resolving if self.is_hero(actor) else None
