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
    AttackBonus,
    BasicEffect,
    BoardSide,
    Components,
    Effect,
    Faction,
    Interact,
)

DASH = "—"
"""A hero stat printed "—": it never rolls dice and takes no modifier."""
STAR = "★"
"""An enemy stat printed "★": that attack is the enemy's special ability."""

Count = Annotated[int, Field(ge=0)]
HeroStat = Count | Literal["—"]
EnemyStat = Count | Literal["★"]
Join = Literal["and", "or", "then"]
Toward = Literal["hero", "objective", "villain"]


class HeroEffect(Effect):
    """One step of a hero card's ➤ special action: the special-action vocabulary, and
    ``token: ward`` (put a token on the card being resolved, in the action row)."""

    verbs: ClassVar[tuple[str, ...]] = (*CARD_VERBS, "token")

    token: str | None = None


class HeroSpecial(Model):
    """A hero card's ➤ special action: a name, its card text, and its effects in order."""

    name: str
    text: str = ""
    effects: list[HeroEffect] = Field(min_length=1)


class EnemyEffect(BasicEffect):
    """One step of a minion's or villain's action: ``move``, ``withdraw``, ``melee``,
    ``shoot``, ``heal`` as in special actions, and ``control: true`` (claim one of its
    objectives in its area), ``spawn: N`` (spawn N minions); ``toward`` on a move says
    where the enemy moves instead of its usual priority (the nearest hero, objective, or
    the villain)."""

    verbs: ClassVar[tuple[str, ...]] = (*BASIC_VERBS, "control", "spawn")

    control: Literal[True] | None = None
    spawn: int | None = Field(None, ge=1)
    toward: Toward | None = Field(None, description="an enemy move's destination kind")

    @model_validator(mode="after")
    def _enemy_rules(self) -> EnemyEffect:
        if self.toward is not None and self.verb != "move":
            raise ValueError("'toward' applies to a move only")
        if self.verb == "heal" and self.target not in ("self", "friend-here"):
            raise ValueError("an enemy heals itself or a friendly fighter in its area")
        if self.verb in ("melee", "shoot") and self.who is not None:
            raise ValueError("an enemy's attack target follows the attack priority; "
                             "'who' does not apply")
        return self


class Modifiers(Model):
    """What a card adds to (or takes from) a hero's or villain's stats."""

    melee: int = 0
    shoot: int = 0
    defense: int = 0


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
    effects: list[EnemyEffect] = Field(min_length=1)


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
    defense: int = Field(ge=0)
    count: int = Field(ge=1, description="its tokens in the minion bag")
    star: StarAttack | None = None
    actions: list[EnemyAction] = Field(min_length=1)

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
    colours: list[str] = Field(min_length=1, description="minion and objective colours")
    ranks: list[str] = Field(min_length=1, description="enemy ranks, lowest first")
    objectives: list[str] = Field(min_length=1,
                                  description="the colour of each objective (5 in the box)")
    bag: int = Field(20, ge=1, description="minion tokens in the bag")
    minions: list[MinionKind] = Field(min_length=1)

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
    actions: list[EnemyAction] = Field(min_length=1)


class Villain(Model):
    """A villain: its Reference card (base stats, rank, health X) and its deck."""

    id: str
    name: str
    sample: bool = True
    text: str = ""
    rank: str | None
    melee: EnemyStat
    shoot: EnemyStat
    defense: int = Field(ge=0)
    health: int = Field(ge=1, description="X: the villain's health is X times the players")
    star: StarAttack | None = None
    deck: list[VillainCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _cards(self) -> Villain:
        ids = [c.id for c in self.deck]
        if len(set(ids)) != len(ids):
            raise ValueError("villain card ids repeat")
        if (STAR in (self.melee, self.shoot)) != (self.star is not None):
            raise ValueError("a ★ stat needs a star ability, and a star ability a ★ stat")
        return self


class HeroGoal(Model):
    """How the heroes win: any one of these, at once."""

    text: str = ""
    defeat_villain: bool = False
    sites: int | None = Field(None, ge=1, description="scenario sites held by the heroes")

    @model_validator(mode="after")
    def _something(self) -> HeroGoal:
        if not self.defeat_villain and self.sites is None:
            raise ValueError("a hero goal needs defeat_villain or sites")
        return self


class VillainGoal(Model):
    """How the villain wins (besides a dead hero, an empty villain deck and a third
    objective, which hold in every scenario): any one of these, at once."""

    text: str = ""
    minions: int | None = Field(None, ge=1, description="minions on the board at once")


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
    ``raids`` are Raid Mode's own."""

    components: Components
    boards: list[BoardSide]
    factions: list[Faction]
    raid_sides: list[RaidSide] = Field(min_length=1)
    heroes: list[Hero] = Field(min_length=1)
    classes: list[HeroClass] = Field(min_length=1)
    villains: list[Villain] = Field(min_length=1)
    raids: list[RaidScenario] = Field(min_length=1)

    @model_validator(mode="after")
    def _references(self) -> RaidContent:
        boards = {b.id: b for b in self.boards}
        factions = {f.id for f in self.factions}
        for side in self.raid_sides:
            if side.faction not in factions:
                raise ValueError(f"raid side of unknown faction {side.faction!r}")
        colours = {c for side in self.raid_sides for c in side.colours}
        for scenario in self.raids:
            board = boards.get(scenario.board)
            if board is None:
                raise ValueError(f"raid {scenario.id!r} names unknown board {scenario.board!r}")
            areas = {a.id for a in board.areas}
            sites = {s.id for s in board.sites}
            for area in (scenario.heroes_start, scenario.villain_start):
                if area not in areas:
                    raise ValueError(f"raid {scenario.id!r} names unknown area {area!r}")
            for colour, site in scenario.objectives.items():
                if site not in sites:
                    raise ValueError(f"raid {scenario.id!r} names unknown site {site!r}")
                if colour not in colours:
                    raise ValueError(f"raid {scenario.id!r}: no Raid side has colour {colour!r}")
            for site in scenario.sites:
                if site not in sites:
                    raise ValueError(f"raid {scenario.id!r} names unknown site {site!r}")
        for villain in self.villains:
            for villain_card in villain.deck:
                if villain_card.minion not in colours:
                    raise ValueError(f"villain card {villain_card.id!r} shows unknown colour "
                                     f"{villain_card.minion!r}")
        cards: dict[str, HeroCard] = {}
        for card in [h.card for h in self.heroes] + [c for k in self.classes for c in k.cards]:
            if cards.setdefault(card.id, card) is not card:
                raise ValueError(f"hero card id {card.id!r} repeats")
        return self

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
