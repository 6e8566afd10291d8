"""The content of combat-encounter: one pydantic model per YAML file of ``content/``.

``variables.yaml`` holds the Variables of the rule text (``DISENGAGE_COST``). Every other
file is sample content for the chapters the text refers to but does not give
(characters, items, statuses, the dungeon, the Random Encounter deck, the numbers of
the sample game); each says ``sample: true`` and can be replaced with ``--content DIR``.

Every number is a whole number within a sane range (``true`` is not a number), and every
list has a sane length, so that no content can make a game's work grow without bound.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from rulekeeper.core.board import BoardSpec
from rulekeeper.core.content import Model
from rulekeeper.rulesets.combat_encounter.damage import DamageDice

STATS = ("brawn", "quickness", "perception")
Stat = Literal["brawn", "quickness", "perception"]

MAX_KAOS = 1_000_000
"""The most Kaos a number of the content gives (a Character's, a Disengage's cost)."""
MAX_TOKENS = 1_000
"""The most Reroll Tokens a Character starts with."""
MAX_HEALTH = 100_000
"""The most Health a Character has (and Damage or healing a card gives)."""
MAX_MODIFIER = 100
"""The largest Stat, Defense or Target Number, either way (-100 to 100)."""
MAX_ITEMS = 100
"""The longest list of the content: cards, statuses, effects, Backpack items."""
MAX_GAIN = 100
"""The most Kaos or Reroll Tokens a reward or a card gives at once."""


def _whole(value: object) -> object:
    """Refuse ``true``/``false`` where a number is expected (pydantic would read 1 and 0)."""
    if isinstance(value, bool):
        raise PydanticCustomError("whole_number", "a whole number is expected, not {value}",
                                  {"value": str(value).lower()})
    return value


Whole = Annotated[int, BeforeValidator(_whole)]
"""A whole number of the content: an int, never a boolean."""


def _notation(value: object) -> str:
    """A Damage value, checked by parsing it (a number is a fixed value)."""
    text = str(value).strip()
    DamageDice.parse(text)
    return text


class Variables(Model):
    """The Variables section of the rule text."""

    DISENGAGE_COST: Whole = Field(default=2, ge=0, le=MAX_KAOS, description="Kaos spent to "
                                                                               "Disengage")


class StatModifiers(Model):
    """Modifiers to the three Stats."""

    brawn: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)
    quickness: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)
    perception: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)

    def get(self, stat: str) -> int:
        return int(getattr(self, stat))


class MysticDagger(Model):
    """The Mystic Dagger's Damage values (the text names them without giving them)."""

    melee: str = Field(default="2",
                       description="Melee Mystic Dagger Damage (dice notation or a number)")
    ranged: str = Field(default="1", description="Ranged Mystic Dagger Damage")

    _check = field_validator("melee", "ranged", mode="before",
                             json_schema_input_type=int | str)(_notation)


class Rewards(Model):
    """What a Critical Success or a Critical Failure gives the Player who rolled it."""

    rerolls: Whole = Field(default=0, ge=0, le=MAX_GAIN)
    kaos: Whole = Field(default=0, ge=0, le=MAX_GAIN)


class GameNumbers(Model):
    """The numbers of the sample game around Combat (game.yaml)."""

    sample: bool = True
    turn_actions: Whole = Field(default=2, ge=1, le=10, description="Turn Actions per Player "
                                                                     "Turn")
    perception_tn: Whole = Field(default=10, ge=-MAX_MODIFIER, le=MAX_MODIFIER,
                                 description="Target Number of the Move Action Perception Check")
    jelly_cube_damage: Whole = Field(default=1, ge=0, le=MAX_HEALTH,
                                     description="Damage at the end of a Player Turn in a Jelly "
                                                 "Cube Room")
    mystic_dagger: MysticDagger = MysticDagger()
    critical_success_reward: Rewards = Rewards(rerolls=1)
    critical_failure_reward: Rewards = Rewards(kaos=1)


class Patron(Model):
    """The Patron Mat a Character plays with."""

    name: str
    defense: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER,
                           description="Defense printed on the Patron Mat")


class Loadout(Model):
    """What a Character starts with: item ids per slot, and the Backpack."""

    weapons: list[str] = Field(default_factory=list, max_length=2)
    armor: str | None = None
    plot_armor: str | None = None
    backpack: list[str] = Field(default_factory=list, max_length=MAX_ITEMS)


class Character(Model):
    """A Character card."""

    id: str
    name: str
    health: Whole = Field(ge=1, le=MAX_HEALTH)
    defense: Whole = Field(ge=-MAX_MODIFIER, le=MAX_MODIFIER, description="Starting Defense")
    brawn: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)
    quickness: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)
    perception: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)
    kaos: Whole = Field(default=0, ge=0, le=MAX_KAOS)
    rerolls: Whole = Field(default=0, ge=0, le=MAX_TOKENS, description="starting Reroll Tokens")
    patron: Patron
    loadout: Loadout = Loadout()


class Characters(Model):
    sample: bool = True
    cards: list[Character] = Field(min_length=2, max_length=MAX_ITEMS)


ItemKind = Literal["weapon", "armor", "plot-armor", "magic"]


class Item(Model):
    """A Weapon, Armor, Plot Armor or magic item card.

    ``defense`` counts while the item is Equipped in its slot; ``backpack_defense`` counts
    while it is stored in the Backpack (only items that say so grant Defense there).
    """

    id: str
    name: str
    kind: ItemKind
    mode: Literal["melee", "ranged"] | None = Field(default=None,
                                                    description="a Weapon's Attack mode")
    damage: str | None = Field(default=None,
                               description="a Weapon's Damage die or value: 1d6+1, 2d4, 3")
    defense: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)
    backpack_defense: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)
    stats: StatModifiers = StatModifiers()

    _check = field_validator("damage", mode="before", json_schema_input_type=int | str | None)(
        lambda v: None if v is None else _notation(v))

    @model_validator(mode="after")
    def _weapon_fields(self) -> Item:
        is_weapon = self.kind == "weapon"
        if is_weapon and (self.mode is None or self.damage is None):
            raise ValueError(f"weapon {self.id!r} needs a mode and a damage")
        if not is_weapon and (self.mode is not None or self.damage is not None):
            raise ValueError(f"{self.kind} {self.id!r} has no mode or damage")
        return self


class Items(Model):
    sample: bool = True
    cards: list[Item] = Field(max_length=MAX_ITEMS)


class Status(Model):
    """A Status (or a lasting effect) with its modifiers.

    ``source`` says which Defense source of the text it is: a Status, a Dungeon Bomb
    effect, or another game effect that specifically modifies Defense.
    """

    id: str
    name: str
    source: Literal["status", "dungeon-bomb", "effect"] = "status"
    defense: Whole = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)
    stats: StatModifiers = StatModifiers()


class Statuses(Model):
    sample: bool = True
    statuses: list[Status] = Field(max_length=MAX_ITEMS)


class Effect(Model):
    """One effect of a Random Encounter card, applied to the Player who drew it."""

    damage: Whole = Field(default=0, ge=0, le=MAX_HEALTH, description="Damage (not Combat "
                                                                        "Damage)")
    heal: Whole = Field(default=0, ge=0, le=MAX_HEALTH,
                        description="Health regained, up to the maximum")
    gain_kaos: Whole = Field(default=0, ge=0, le=MAX_GAIN)
    gain_rerolls: Whole = Field(default=0, ge=0, le=MAX_GAIN)
    add_status: str | None = None
    remove_status: str | None = None


class EncounterCard(Model):
    """A Random Encounter card; ``count`` copies are in the deck."""

    id: str
    name: str
    text: str
    count: Whole = Field(default=1, ge=1, le=MAX_ITEMS)
    effects: list[Effect] = Field(default_factory=list, max_length=MAX_ITEMS)


class Encounters(Model):
    sample: bool = True
    cards: list[EncounterCard] = Field(min_length=1, max_length=MAX_ITEMS)


class Dungeon(BoardSpec):
    """The Rooms of the dungeon: a board whose areas are Rooms; tag ``jelly-cube`` marks
    a Room with a Jelly Cube. ``start`` is where the Portraits begin."""

    start: str

    @model_validator(mode="after")
    def _start_room(self) -> Dungeon:
        if self.start not in {a.id for a in self.areas}:
            raise ValueError(f"start room {self.start!r} is not a room")
        return self


class CombatContent(Model):
    """All content files of combat-encounter."""

    variables: Variables
    game: GameNumbers
    characters: Characters
    items: Items
    statuses: Statuses
    dungeon: Dungeon
    encounters: Encounters


def reference_problem(content: CombatContent) -> tuple[str, str] | None:
    """The first id one file names that another file lacks, as (file field, message)."""
    items = {i.id: i for i in content.items.cards}
    statuses = {s.id for s in content.statuses.statuses}
    if "hidden" not in statuses:
        return "statuses", "the Hidden status (id 'hidden') is missing"
    for character in content.characters.cards:
        out = character.loadout
        wanted = [(w, "weapon") for w in out.weapons] + [
            (out.armor, "armor"), (out.plot_armor, "plot-armor")]
        for item_id, kind in wanted:
            if item_id is not None and (item_id not in items or items[item_id].kind != kind):
                return "characters", (f"character {character.id!r}: {item_id!r} is not an "
                                      f"item of kind {kind!r} in items.yaml")
        for item_id in out.backpack:
            if item_id not in items:
                return "characters", f"character {character.id!r}: unknown item {item_id!r}"
    for card in content.encounters.cards:
        for effect in card.effects:
            for status in (effect.add_status, effect.remove_status):
                if status is not None and status not in statuses:
                    return "encounters", f"card {card.id!r}: unknown status {status!r}"
    return None
