"""Content of enemy-attacks: the Action die, allies, enemies, the map, items and scenarios.

Every file shipped with rulekeeper is sample content written for this project
(``sample: true``); a publisher's data replaces it with ``--content DIR``. One
model per file: field ``enemies`` is ``enemies.yaml``. References between files
(a scenario naming a hero, an area, an item) are checked when the whole content
is loaded, and an error names the file, the line and the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field, StrictInt, model_validator

from rulekeeper.core.board import BoardSpec
from rulekeeper.core.content import Model, invalid
from rulekeeper.core.events import counted
from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.enemy_attacks.rulings import ActionDie as ActionDieOption

Ability = Literal["might", "agility", "will"]
Size = Literal["normal", "large", "huge"]
AttackKind = Literal["melee", "ranged", "magic"]

ACTION_DIE_OPTIONS = tuple(ActionDieOption)
"""The options of ruling ``action-die``: each names a face list of dice.yaml."""

MAX_ROUNDS = 20
MAX_HEROES = 4
MAX_ALLIES = 4
MAX_ENEMIES = 10
"""Figures of one scenario."""
MAX_LEVEL = 10
"""Action dice a check rolls (an ability level)."""
MAX_FACE_SUCCESSES = 10
MAX_FACE_ENTRIES = 100
"""Faces of the Action die, and entries of one of its face lists."""
MAX_STAMINA = 30
MAX_HEALTH = 100
MAX_TAUNT = 99
MAX_VALUE = 20
"""Damage or stamina loss an attack shows."""
MAX_RANGE = 20
"""Ranges and hex numbers, in borders."""
MAX_NEED = 20
MAX_DROPS = 20
"""Item cards, item tokens or stars one defeat box places."""
MAX_ENTRIES = 100
"""Items of a content list (heroes, enemies, items, scenarios, an item deck)."""


class Face(Model):
    """What one face of the Action die gives (sample.check.face.*)."""

    successes: StrictInt = Field(0, ge=0, le=MAX_FACE_SUCCESSES)
    extra: StrictInt = Field(0, ge=0, le=1, description="1: one more Action die is rolled into "
                             "the same check (and that die may roll another); more than one "
                             "die per face is not a face of the Action die")
    stamina: bool = Field(False, description="a Hero may spend 1 or 2 stamina for that many "
                                             "successes; a Non-Hero Ally gets nothing")


class ActionDie(Model):
    """The faces, and the face lists a die may have (one per option of ruling action-die)."""

    faces: dict[str, Face] = Field(max_length=MAX_FACE_ENTRIES)
    dice: dict[str, Annotated[list[str], Field(max_length=MAX_FACE_ENTRIES)]] = Field(
        description=f"face list per option of ruling action-die: {', '.join(ACTION_DIE_OPTIONS)}; "
                    "every entry is equally likely and a face may repeat")

    @model_validator(mode="after")
    def _check(self) -> ActionDie:
        for name in self.faces:
            if not name or any(c in name for c in "+, ") or name.isdigit():
                raise ValueError(f"face name {name!r} cannot be scripted with --dice: use a word "
                                 "without '+', ',' or spaces")
        for needed in ACTION_DIE_OPTIONS:
            if needed not in self.dice:
                raise ValueError(f"dice needs a face list {needed.value!r} (ruling action-die)")
        for option, names in self.dice.items():
            if option not in ACTION_DIE_OPTIONS:
                raise ValueError(f"dice.{option}: not an option of ruling action-die "
                                 f"({', '.join(ACTION_DIE_OPTIONS)})")
            unknown = [n for n in names if n not in self.faces]
            if unknown:
                raise ValueError(f"dice.{option} names unknown faces {unknown}")
            if not names or all(self.faces[n].extra for n in names):
                raise ValueError(f"dice.{option} needs at least one face without an extra die")
        return self


class Dice(Model):
    sample: bool = Field(True, description="true for content written for rulekeeper")
    action_die: ActionDie


class AllyAttack(Model):
    """An attack a Hero may make as its action (sample.hero-turn.*)."""

    kind: AttackKind
    range: StrictInt = Field(3, ge=0, le=MAX_RANGE,
                             description="maximum range of a ranged or magic attack")


class HeroSpec(Model):
    id: str
    name: str
    might: StrictInt = Field(ge=0, le=MAX_LEVEL)
    agility: StrictInt = Field(ge=0, le=MAX_LEVEL)
    will: StrictInt = Field(ge=0, le=MAX_LEVEL)
    stamina: StrictInt = Field(ge=1, le=MAX_STAMINA,
                               description="stamina chips; also the Hero's health")
    taunt: StrictInt = Field(ge=-MAX_TAUNT, le=MAX_TAUNT)
    attacks: list[AllyAttack] = Field(min_length=1, max_length=3)


class NonHeroSpec(Model):
    id: str
    name: str
    might: StrictInt = Field(ge=0, le=MAX_LEVEL)
    agility: StrictInt = Field(ge=0, le=MAX_LEVEL)
    will: StrictInt = Field(ge=0, le=MAX_LEVEL)
    health: StrictInt = Field(ge=1, le=MAX_HEALTH)
    taunt: StrictInt = Field(ge=-MAX_TAUNT, le=MAX_TAUNT)


class Allies(Model):
    sample: bool = True
    heroes: list[HeroSpec] = Field(max_length=MAX_ENTRIES)
    non_hero_allies: list[NonHeroSpec] = Field(default_factory=list, max_length=MAX_ENTRIES)


class ActiveCheck(Model):
    """An active ability check shown on an Enemy attack, followed by its condition."""

    ability: Ability
    need: StrictInt = Field(1, ge=1, le=MAX_NEED, description="successes needed to pass")


class EnemyAttack(Model):
    """An Enemy attack card: kind, effect, check ability, range, area, condition."""

    kind: Literal["melee", "ranged", "magic", "none"]
    effect: Literal["damage", "stamina", "none"] = "none"
    value: StrictInt = Field(0, ge=0, le=MAX_VALUE, description="damage or stamina loss shown")
    ability: Ability | None = Field(None, description="ability of the reactive check")
    range: StrictInt | None = Field(None, ge=0, le=MAX_RANGE,
                                    description="maximum range (ranged and magic)")
    area: StrictInt | None = Field(None, ge=0, le=MAX_RANGE,
                                   description="the number in the hex: an area attack")
    condition: str | None = None
    active_check: ActiveCheck | None = None

    @model_validator(mode="after")
    def _check(self) -> EnemyAttack:
        if self.kind == "none":
            if (self.effect != "none" or self.value or self.ability or self.range is not None
                    or self.area is not None or self.condition or self.active_check):
                raise ValueError("an attack of kind none shows nothing else")
            return self
        if self.effect == "none":
            if self.value or self.ability:
                raise ValueError("an attack without effect has no value or ability")
            if not self.condition:
                raise ValueError("an attack without damage or stamina loss must show a condition")
        elif self.value < 1 or self.ability is None:
            raise ValueError(f"a {self.effect} attack needs a value of 1 or more and an ability")
        if (self.kind == "melee") == (self.range is not None):
            raise ValueError("ranged and magic attacks show a range; melee attacks do not")
        if self.active_check and not self.condition:
            raise ValueError("an active ability check must be followed by a condition")
        return self


@lru_cache(maxsize=4096)  # content can come with each request: bounded
def attack_text(attack: EnemyAttack) -> str:
    """An attack card in words: ``ranged 3: 2 damage, Agility check, area 1, then cursed``.

    >>> attack_text(EnemyAttack(kind="melee", effect="damage", value=2, ability="might"))
    'melee: 2 damage, Might check'
    """
    if attack.kind == "none":
        return "no attack"
    parts = [attack.kind + (f" {attack.range}" if attack.range is not None else "") + ":"]
    if attack.effect != "none":
        effect = "damage" if attack.effect == "damage" else "stamina loss"
        parts.append(f"{attack.value} {effect}, {str(attack.ability).title()} check")
    if attack.area is not None:
        parts.append(f"area {attack.area}")
    if attack.active_check:
        parts.append(f"active {attack.active_check.ability.title()} check "
                     f"(need {attack.active_check.need})")
    if attack.condition:
        parts.append(f"then {attack.condition}")
    return parts[0] + " " + ", ".join(parts[1:])


class DefeatBox(Model):
    """What is placed in the area where the Enemy is defeated."""

    item_cards: StrictInt = Field(0, ge=0, le=MAX_DROPS)
    item_tokens: StrictInt = Field(0, ge=0, le=MAX_DROPS)
    stars: StrictInt = Field(0, ge=0, le=MAX_DROPS)


class Box(Model):
    """The Ability Reminder / Defeat Box: either a reminder or a defeat box."""

    reminder: str | None = None
    defeat: DefeatBox | None = None

    @cites("defeat-box.shows-either")
    @model_validator(mode="after")
    def _either(self) -> Box:
        if (self.reminder is None) == (self.defeat is None):
            raise ValueError("the box shows either a reminder or a defeat box")
        return self


class EnemySpec(Model):
    id: str
    name: str
    size: Size = "normal"
    health: StrictInt = Field(ge=1, le=MAX_HEALTH)
    attack: EnemyAttack
    box: Box | None = None


class Enemies(Model):
    sample: bool = True
    enemies: list[EnemySpec] = Field(max_length=MAX_ENTRIES)


class Item(Model):
    id: str
    name: str


class Items(Model):
    sample: bool = True
    items: list[Item] = Field(default_factory=list, max_length=MAX_ENTRIES)


class Placement(Model):
    """A figure of the scenario: which content entry, its starting area, its id in play."""

    figure: str = Field(description="a hero, non-hero ally or enemy id")
    area: str
    id: str | None = Field(None, description="id in play (for several copies); default: figure")

    @property
    def key(self) -> str:
        return self.id or self.figure


class Scenario(Model):
    id: str
    name: str
    rounds: StrictInt = Field(10, ge=1, le=MAX_ROUNDS,
                              description="the heroes lose after this round")
    heroes: list[Placement] = Field(min_length=1, max_length=MAX_HEROES,
                                    description="in order; dealt to the players in turn")
    allies: list[Placement] = Field(default_factory=list, max_length=MAX_ALLIES,
                                    description="Non-Hero Allies, controlled by the first player")
    enemies: list[Placement] = Field(min_length=1, max_length=MAX_ENEMIES,
                                     description="in Enemy turn order")
    item_deck: list[str] = Field(default_factory=list, max_length=MAX_ENTRIES,
                                 description="item ids, shuffled at setup")


class Scenarios(Model):
    sample: bool = True
    scenarios: list[Scenario] = Field(min_length=1, max_length=MAX_ENTRIES)


PLACES = {"normal": 1, "large": 2, "huge": 3}
"""Places a figure fills, by size (ruling size-capacity, option ``sizes``)."""


class EnemyAttacksContent(Model):
    """All content files; the validator checks the references between them."""

    dice: Dice
    allies: Allies
    enemies: Enemies
    board: BoardSpec
    items: Items
    scenarios: Scenarios

    @model_validator(mode="after")
    def _references(self) -> EnemyAttacksContent:
        heroes = {h.id: h for h in self.allies.heroes}
        others = {a.id: a for a in self.allies.non_hero_allies}
        enemies = {e.id: e for e in self.enemies.enemies}
        areas = {a.id: a for a in self.board.areas}
        items = {i.id for i in self.items.items}
        for file, ids in (("allies", [*heroes, *others]), ("enemies", list(enemies)),
                          ("items", list(items))):
            repeated = sorted(i for i, n in Counter(ids).items() if n > 1)
            if repeated:
                raise invalid((file,), f"ids repeat: {repeated}", repeated)
        known: dict[str, Mapping[str, HeroSpec | NonHeroSpec | EnemySpec]] = {
            "heroes": heroes, "allies": others, "enemies": enemies}
        singular = {"heroes": "hero", "allies": "non-hero ally", "enemies": "enemy"}
        for s, scenario in enumerate(self.scenarios.scenarios):
            base: list[str | int] = ["scenarios", "scenarios", s]
            filled: Counter[str] = Counter()
            keys: list[str] = []
            for group, table in known.items():
                for p, placement in enumerate(getattr(scenario, group)):
                    loc = [*base, group, p]
                    if placement.figure not in table:
                        raise invalid([*loc, "figure"],
                                     f"unknown {singular[group]} {placement.figure!r}",
                                     placement.figure)
                    if placement.area not in areas:
                        raise invalid([*loc, "area"], f"unknown area {placement.area!r}",
                                     placement.area)
                    size = getattr(table[placement.figure], "size", "normal")
                    filled[placement.area] += PLACES[size]
                    capacity = areas[placement.area].capacity
                    if capacity is not None and filled[placement.area] > capacity:
                        raise invalid([*loc, "area"], f"area {placement.area!r} holds only "
                                      f"{counted(capacity, 'place', 'places')}", placement.area)
                    keys.append(placement.key)
            repeated = sorted(i for i, n in Counter(keys).items() if n > 1)
            if repeated:
                raise invalid(base, f"figure ids repeat (give copies an id): {repeated}", repeated)
            for i, item in enumerate(scenario.item_deck):
                if item not in items:
                    raise invalid([*base, "item_deck", i], f"unknown item {item!r}", item)
        return self
