"""The content of combat-encounter: one pydantic model per YAML file of ``content/``.

``variables.yaml`` holds the Variables of the rule text (``DISENGAGE_COST``). Every other
file is sample content for the chapters the text refers to but does not give
(characters, items, statuses, the dungeon, the Random Encounter deck, the numbers of
the sample game); each says ``sample: true`` and can be replaced with ``--content DIR``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from rulekeeper.core.board import BoardSpec
from rulekeeper.core.content import Model
from rulekeeper.rulesets.combat_encounter.damage import DamageDice

STATS = ("brawn", "quickness", "perception")
Stat = Literal["brawn", "quickness", "perception"]


def _notation(value: object) -> str:
    """A Damage value, checked by parsing it (a number is a fixed value)."""
    text = str(value).strip()
    DamageDice.parse(text)
    return text


class Variables(Model):
    """The Variables section of the rule text."""

    DISENGAGE_COST: int = Field(default=2, ge=0, description="Kaos spent to Disengage")


class StatModifiers(Model):
    """Modifiers to the three Stats."""

    brawn: int = 0
    quickness: int = 0
    perception: int = 0

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

    rerolls: int = Field(default=0, ge=0)
    kaos: int = Field(default=0, ge=0)


class GameNumbers(Model):
    """The numbers of the sample game around Combat (game.yaml)."""

    sample: bool = True
    turn_actions: int = Field(default=2, ge=1, description="Turn Actions per Player Turn")
    perception_tn: int = Field(default=10,
                               description="Target Number of the Move Action Perception Check")
    jelly_cube_damage: int = Field(default=1, ge=0, description="Damage at the end of a Player "
                                                                "Turn in a Jelly Cube Room")
    mystic_dagger: MysticDagger = MysticDagger()
    critical_success_reward: Rewards = Rewards(rerolls=1)
    critical_failure_reward: Rewards = Rewards(kaos=1)


class Patron(Model):
    """The Patron Mat a Character plays with."""

    name: str
    defense: int = Field(default=0, description="Defense printed on the Patron Mat")


class Loadout(Model):
    """What a Character starts with: item ids per slot, and the Backpack."""

    weapons: list[str] = Field(default_factory=list, max_length=2)
    armor: str | None = None
    plot_armor: str | None = None
    backpack: list[str] = Field(default_factory=list)


class Character(Model):
    """A Character card."""

    id: str
    name: str
    health: int = Field(ge=1)
    defense: int = Field(description="Starting Defense")
    brawn: int = 0
    quickness: int = 0
    perception: int = 0
    kaos: int = Field(default=0, ge=0)
    rerolls: int = Field(default=0, ge=0, description="starting Reroll Tokens")
    patron: Patron
    loadout: Loadout = Loadout()


class Characters(Model):
    sample: bool = True
    cards: list[Character] = Field(min_length=2)


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
    defense: int = 0
    backpack_defense: int = 0
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
    cards: list[Item]


class Status(Model):
    """A Status (or a lasting effect) with its modifiers.

    ``source`` says which Defense source of the text it is: a Status, a Dungeon Bomb
    effect, or another game effect that specifically modifies Defense.
    """

    id: str
    name: str
    source: Literal["status", "dungeon-bomb", "effect"] = "status"
    defense: int = 0
    stats: StatModifiers = StatModifiers()


class Statuses(Model):
    sample: bool = True
    statuses: list[Status]


class Effect(Model):
    """One effect of a Random Encounter card, applied to the Player who drew it."""

    damage: int = Field(default=0, ge=0, description="Damage (not Combat Damage)")
    heal: int = Field(default=0, ge=0, description="Health regained, up to the maximum")
    gain_kaos: int = Field(default=0, ge=0)
    gain_rerolls: int = Field(default=0, ge=0)
    add_status: str | None = None
    remove_status: str | None = None


class EncounterCard(Model):
    """A Random Encounter card; ``count`` copies are in the deck."""

    id: str
    name: str
    text: str
    count: int = Field(default=1, ge=1)
    effects: list[Effect] = Field(default_factory=list)


class Encounters(Model):
    sample: bool = True
    cards: list[EncounterCard] = Field(min_length=1)


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
                return "characters", (f"character {character.id!r}: {item_id!r} is not a "
                                      f"{kind} of items.yaml")
        for item_id in out.backpack:
            if item_id not in items:
                return "characters", f"character {character.id!r}: unknown item {item_id!r}"
    for card in content.encounters.cards:
        for effect in card.effects:
            for status in (effect.add_status, effect.remove_status):
                if status is not None and status not in statuses:
                    return "encounters", f"card {card.id!r}: unknown status {status!r}"
    return None
