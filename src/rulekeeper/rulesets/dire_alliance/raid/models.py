"""Content models of Raid Mode: heroes and hero classes with their cards, a faction's Raid
side (minion colours, ranks and action lists), villains with their decks, Raid scenarios.

Every file is sample content written for rulekeeper (the published cards are images).
Hero cards declare their ➤ special actions in the shared vocabulary and ``token``
(``HeroEffect``); minions and villains declare their actions as effects (``EnemyEffect``)
joined by "and", "or" or "then", tried top to bottom by the rules (``EnemyAction``).
Nothing has code of its own.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from rulekeeper.core.content import Model
from rulekeeper.rulesets.dire_alliance.models import (
    BASIC_VERBS,
    CARD_VERBS,
    MAX_AMOUNT,
    Amount,
    AttackBonus,
    BasicEffect,
    BoardSide,
    Bonus,
    Components,
    Dice,
    Effect,
    Faction,
    Interact,
    Whole,
)

DASH = "—"
"""A hero stat printed "—": it never rolls dice and takes no modifier."""
STAR = "★"
"""An enemy stat printed "★": that attack is the enemy's special ability."""

PARTY_SIZES = 4
"""One to four heroes: the sizes of party a villain's health is given for."""
HealthX = Annotated[Whole, Field(ge=1, le=50)]
"""A villain's health X: times the players."""
PartyHealth = Annotated[list[Annotated[Whole, Field(ge=1, le=200)]],
                        Field(min_length=PARTY_SIZES, max_length=PARTY_SIZES)]
"""A villain's health for each party size (one to four heroes), as its card prints it."""

HeroStat = Dice | Literal["—"]
EnemyStat = Dice | Literal["★"]
Join = Literal["and", "or", "then"]
Toward = Literal["hero", "objective", "villain"]
EnemySelector = Literal["self", "friend-here", "minion-here"]
"""Whom an enemy's heal chooses: itself, a friendly figure in its area (the villain too), or
a minion in its area."""


class HeroEffect(Effect):
    """One step of a hero card's ➤ special action: the special-action vocabulary, and
    ``token: ward`` (put a token on the card being resolved, in the action row)."""

    verbs: ClassVar[tuple[str, ...]] = (*CARD_VERBS, "token")

    token: str | None = None


class HeroSpecial(Model):
    """A hero card's ➤ special action: a name, its card text, and its effects in order."""

    name: str
    text: str = ""
    effects: list[HeroEffect] = Field(min_length=1, max_length=MAX_AMOUNT)


class EnemyEffect(BasicEffect):
    """One step of a minion's or villain's action: ``move``, ``withdraw``, ``melee``,
    ``shoot``, ``heal`` as in special actions, and ``control: true`` (claim one of its
    objectives in its area), ``spawn: N`` (spawn N minions); ``toward`` on a move says
    where the enemy moves instead of its usual priority (the nearest hero, objective, or
    the villain). A heal chooses ``who``: ``self`` (the default), ``friend-here`` (a friendly
    figure in its area, the villain included) or ``minion-here`` (a minion in its area)."""

    verbs: ClassVar[tuple[str, ...]] = (*BASIC_VERBS, "control", "spawn")

    who: EnemySelector | None = None  # type: ignore[assignment]  # enemies' own selectors
    control: Literal[True] | None = None
    spawn: Amount | None = None
    toward: Toward | None = Field(None, description="an enemy move's destination kind")

    @model_validator(mode="after")
    def _enemy_rules(self) -> EnemyEffect:
        if self.toward is not None and self.verb != "move":
            raise ValueError("'toward' applies to a move only")
        if self.verb != "heal" and self.who == "minion-here":
            raise ValueError("'who: minion-here' chooses whom an enemy heals")
        if self.verb in ("melee", "shoot") and self.who is not None:
            raise ValueError("an enemy's attack target follows the attack priority; "
                             "'who' does not apply")
        return self


class Modifiers(Model):
    """What a card adds to (or takes from) a hero's or villain's stats."""

    melee: Bonus = 0
    shoot: Bonus = 0
    defense: Bonus = 0


class HeroCard(Model):
    """A hero card or a hero class card."""

    id: str
    name: str
    modifiers: Modifiers = Field(default_factory=Modifiers)
    icons: list[str] = Field(default_factory=list,
                             description="damage icons: the enemy ranks this card can be lost to")
    special: HeroSpecial | None = Field(None, description="its ➤ special action, if any")


class Hero(Model):
    """A hero: its Reference card (base stats) and its hero card (5 copies)."""

    id: str
    name: str
    sample: bool = True
    text: str = ""
    melee: HeroStat
    shoot: HeroStat
    defense: HeroStat
    card: HeroCard


class HeroClass(Model):
    """A hero class: its board and four class cards (5 copies each)."""

    id: str
    name: str
    sample: bool = True
    text: str = ""
    cards: list[HeroCard] = Field(min_length=4, max_length=4)


class EnemyAction(Model):
    """One action of a minion or villain: effects joined by "and", "or" or "then".

    ``then``: the first effect must resolve for the rest to happen, and the rest
    resolves as far as it can. ``and``: every effect that can resolve does, in order.
    ``or``: the first effect that can resolve, and only it.
    """

    text: str = Field(description="the action as printed")
    join: Join = "then"
    effects: list[EnemyEffect] = Field(min_length=1, max_length=5)


class StarAttack(Model):
    """The special ability a ★ Melee or Shoot stat stands for."""

    name: str
    text: str = ""
    attack: AttackBonus = Field(description="its combat dice and targets")


class MinionKind(Model):
    """A minion of a faction's Raid side: colour, rank, stats, tokens in the bag, actions."""

    id: str
    name: str
    colour: str
    rank: str | None = Field(description="its rank; null for an unranked minion")
    melee: EnemyStat
    shoot: EnemyStat
    defense: Dice
    count: Whole = Field(ge=1, le=50, description="its tokens in the minion bag")
    star: StarAttack | None = None
    actions: list[EnemyAction] = Field(min_length=1, max_length=10)

    @model_validator(mode="after")
    def _star(self) -> MinionKind:
        if (STAR in (self.melee, self.shoot)) != (self.star is not None):
            raise ValueError("a ★ stat needs a star ability, and a star ability a ★ stat")
        return self


class RaidSide(Model):
    """A faction board's Raid Mode side."""

    faction: str = Field(description="the id of the faction whose board this is")
    sample: bool = True
    text: str = ""
    colours: list[str] = Field(min_length=1, max_length=10,
                               description="minion and objective colours")
    ranks: list[str] = Field(min_length=1, max_length=10, description="enemy ranks, lowest first")
    objectives: list[str] = Field(min_length=1, max_length=10,
                                  description="the colour of each objective (5 in the box)")
    bag: Whole = Field(20, ge=1, le=100, description="minion tokens in the bag")
    minions: list[MinionKind] = Field(min_length=1, max_length=20)

    @model_validator(mode="after")
    def _consistent(self) -> RaidSide:
        for minion in self.minions:
            if minion.colour not in self.colours:
                raise ValueError(f"minion {minion.id!r} has unknown colour {minion.colour!r}")
            if minion.rank is not None and minion.rank not in self.ranks:
                raise ValueError(f"minion {minion.id!r} has unknown rank {minion.rank!r}")
        for colour in self.objectives:
            if colour not in self.colours:
                raise ValueError(f"objective colour {colour!r} is not a minion colour")
        if len(set(self.objectives)) != len(self.objectives):
            raise ValueError("two objectives have the same colour")
        total = sum(m.count for m in self.minions)
        if total != self.bag:
            raise ValueError(f"the minions' counts add up to {total}, not the bag's {self.bag}")
        return self


class VillainCard(Model):
    """A villain card: stat modifiers, a Minion Activation icon, and the villain's actions."""

    id: str
    name: str
    modifiers: Modifiers = Field(default_factory=Modifiers)
    minion: str = Field(description="the colour its Minion Activation icon shows")
    actions: list[EnemyAction] = Field(min_length=1, max_length=10)


class Villain(Model):
    """A villain: its Reference card (base stats, rank, health X) and its deck."""

    id: str
    name: str
    sample: bool = True
    text: str = ""
    rank: str | None
    melee: EnemyStat
    shoot: EnemyStat
    defense: Dice
    health: HealthX | PartyHealth = Field(
        description="X: the villain's health is X times the players; or, as a card may print "
                    "it, its health for one to four heroes (a list of four)")
    star: StarAttack | None = None
    deck: list[VillainCard] = Field(min_length=1, max_length=60)

    @model_validator(mode="after")
    def _cards(self) -> Villain:
        ids = [c.id for c in self.deck]
        if len(set(ids)) != len(ids):
            raise ValueError("villain card ids repeat")
        if (STAR in (self.melee, self.shoot)) != (self.star is not None):
            raise ValueError("a ★ stat needs a star ability, and a star ability a ★ stat")
        return self

    def health_for(self, players: int) -> int:
        """Its health with ``players`` heroes: X times the players, or the value its card
        prints for that party size."""
        if isinstance(self.health, int):
            return self.health * players
        return self.health[players - 1]


class HeroGoal(Model):
    """How the heroes win: any one of these, at once."""

    text: str = ""
    defeat_villain: bool = False
    sites: Whole | None = Field(None, ge=1, le=20,
                                description="scenario sites held by the heroes")

    @model_validator(mode="after")
    def _something(self) -> HeroGoal:
        if not self.defeat_villain and self.sites is None:
            raise ValueError("a hero goal needs defeat_villain or sites")
        return self


class VillainGoal(Model):
    """How the villain wins (besides a dead hero, an empty villain deck and a third
    objective, which hold in every scenario): any one of these, at once."""

    text: str = ""
    minions: Whole | None = Field(None, ge=1, le=100,
                                  description="minions on the board at once")


class RaidScenario(Model):
    """A Raid Mode scenario sheet."""

    id: str
    name: str
    sample: bool = True
    text: str = ""
    board: str
    heroes_start: str = Field(description="the area the heroes start in")
    villain_start: str = Field(description="the area the villain starts in")
    objectives: dict[str, str] = Field(description="objective colour -> its site")
    sites: list[str] = Field(default_factory=list, description="scenario sites in play")
    interact: Interact | None = None
    hero_goal: HeroGoal
    villain_goal: VillainGoal = Field(default_factory=lambda: VillainGoal(text="", minions=None))


class RaidContent(Model):
    """The content files of Raid Mode. ``components``, ``boards`` and ``factions`` are the
    files Battle Mode reads too; ``raid_sides``, ``heroes``, ``classes``, ``villains`` and
    ``raids`` are Raid Mode's own. What one file names in another is checked by the ruleset's
    ``check_content`` (``raid.content_checks``)."""

    components: Components
    boards: list[BoardSide]
    factions: list[Faction]
    raid_sides: list[RaidSide] = Field(min_length=1)
    heroes: list[Hero] = Field(min_length=1)
    classes: list[HeroClass] = Field(min_length=1)
    villains: list[Villain] = Field(min_length=1)
    raids: list[RaidScenario] = Field(min_length=1)

    def hero(self, hero_id: str) -> Hero:
        return next(h for h in self.heroes if h.id == hero_id)

    def hero_class(self, class_id: str) -> HeroClass:
        return next(c for c in self.classes if c.id == class_id)

    def villain(self, villain_id: str) -> Villain:
        return next(v for v in self.villains if v.id == villain_id)

    def faction(self, faction_id: str) -> Faction:
        return next(f for f in self.factions if f.id == faction_id)

    def raid_side(self, faction_id: str) -> RaidSide:
        return next(s for s in self.raid_sides if s.faction == faction_id)

    def raid(self, scenario_id: str) -> RaidScenario:
        return next(s for s in self.raids if s.id == scenario_id)

    def board(self, board_id: str) -> BoardSide:
        return next(b for b in self.boards if b.id == board_id)
