"""The content of cryptid battles: cryptids with their declared abilities, and teams.

An ability is a trigger (``when``) and a list of effects (``do``) from the trigger
vocabulary of docs/cryptids.md. No cryptid has code of its own: the battle
interprets these declarations.

Cross-references (a team naming a cryptid, a summon naming a token) are checked
against the catalogue of ``cryptids.yaml`` while the content is validated, so a
bad id is reported at its own file, line and field.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    ValidationError,
    field_serializer,
    model_serializer,
    model_validator,
)

from rulekeeper.core.content import Model, load_file
from rulekeeper.core.errors import ContentError, UsageError
from rulekeeper.core.files import readable, user_path
from rulekeeper.core.rules_index import cites
from rulekeeper.core.rulings import did_you_mean

ROW_LIMIT = 7
"""The most cryptids a row holds (teams and summons alike): our design, the text is silent."""
MAX_HP = 999
MAX_THREAT = 99
MAX_AMOUNT = 99
"""The most damage, healing, shield or buff one effect gives."""
MAX_MODIFIER = 12
"""The most one effect changes the dice total by (either way)."""
MAX_TOTAL = 99
"""Dice triggers name totals from -99 to 99 (modified totals may leave 2..12)."""
MAX_ABILITIES = 12
"""The most abilities a cryptid has, and effects an ability has."""
MAX_ITEMS = 1000
"""The most cryptids in a catalogue, and teams in a file."""

DICE_TRIGGERS = ("total", "totals", "range", "doubles", "odd", "even")
REACTION_TRIGGERS = ("hurt", "ally-hurt", "healed")
DEATH_TRIGGERS = ("ally-death", "death")
TRIGGERS = (*DICE_TRIGGERS, "each-roll", *REACTION_TRIGGERS, *DEATH_TRIGGERS, "battle-start")

ENEMY_TARGETS = ("threat", "lowest-hp", "all-enemies", "random-enemy", "adjacent", "attacker")
FRIENDLY_TARGETS = ("self", "all-allies", "adjacent-allies", "lowest-hp-ally", "that-ally")

_catalogue: ContextVar[frozenset[str] | None] = ContextVar("cryptid_catalogue", default=None)


@contextmanager
def catalogue(ids: frozenset[str]) -> Iterator[None]:
    """Check cryptid references against ``ids`` while validating inside this block."""
    token = _catalogue.set(ids)
    try:
        yield
    finally:
        _catalogue.reset(token)


def known_cryptid(value: str) -> str:
    ids = _catalogue.get()
    if ids is not None and value not in ids:
        raise ValueError(f"unknown cryptid {value!r}{did_you_mean(value, ids)}")
    return value


CryptidId = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$"),
                      AfterValidator(known_cryptid)]
TEAM_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
"""The shape of a team id (``night-flyers``)."""


def both_languages(value: dict[str, str]) -> dict[str, str]:
    if sorted(value) != ["en", "fr"] or not all(v.strip() for v in value.values()):
        raise ValueError("a name is given in English and French: {en: ..., fr: ...}")
    return value


Name = Annotated[dict[str, str], AfterValidator(both_languages)]
"""A name in both languages: ``{en: Mothman, fr: l'Homme-papillon}``."""


def not_a_boolean(value: Any) -> Any:
    """YAML's ``true`` and ``false`` are no numbers (Python would take them as 1 and 0)."""
    if isinstance(value, bool):
        raise ValueError(f"a whole number is expected, not {str(value).lower()}")
    return value


Number = Annotated[int, BeforeValidator(not_a_boolean), Strict()]
"""A whole number as written (``3``): not ``true``, ``3.5`` nor ``"3"``."""
Amount = Annotated[Number, Field(ge=1, le=MAX_AMOUNT)]
HitPoints = Annotated[Number, Field(ge=1, le=MAX_HP)]
Threat = Annotated[Number, Field(ge=0, le=MAX_THREAT)]
Total = Annotated[Number, Field(ge=-MAX_TOTAL, le=MAX_TOTAL)]


TriggerWord = Literal["doubles", "odd", "even", "each-roll", "hurt", "ally-hurt", "healed",
                      "ally-death", "death", "battle-start"]
"""The triggers written as one word."""


class Trigger(Model):
    """What makes an ability fire, as the battle reads it: a kind and, for dice totals, the
    totals it fires on. Content files write it in the forms of :data:`WrittenTrigger`."""

    kind: Literal["total", "totals", "range", TriggerWord]
    totals: tuple[Total, ...] = ()

    @model_serializer
    def _as_written(self) -> str | dict[str, Any]:
        """The trigger as content files write it (what a game's record keeps of a team file)."""
        if self.kind == "total":
            return {"total": self.totals[0]}
        if self.kind == "totals":
            return {"totals": list(self.totals)}
        if self.kind == "range":
            return {"range": [self.totals[0], self.totals[-1]]}
        return self.kind

    @model_validator(mode="after")
    def _totals_fit(self) -> Trigger:
        if (self.kind in ("total", "totals", "range")) != bool(self.totals):
            raise ValueError(f"trigger {self.kind!r} " + (
                "needs totals" if self.totals == () else "takes no totals"))
        return self

    @property
    def on_dice(self) -> bool:
        return self.kind in DICE_TRIGGERS

    def matches(self, total: int, doubles: bool) -> bool:
        """Whether a dice trigger fires on this (modified) total; doubles reads the dice."""
        kind = self.kind
        if kind == "doubles":
            return doubles
        if kind == "odd":
            return total % 2 == 1
        if kind == "even":
            return total % 2 == 0
        return total in self.totals


class OnTotal(Model):
    """``{total: 7}``: fires on that (modified) total."""

    total: Total


class OnTotals(Model):
    """``{totals: [6, 8]}``: fires on any of these totals."""

    totals: list[Total] = Field(min_length=1, max_length=2 * MAX_TOTAL + 1)


class OnRange(Model):
    """``{range: [9, 11]}``: fires on the totals from low to high, both included."""

    range: tuple[Total, Total]


WrittenTrigger = TriggerWord | OnTotal | OnTotals | OnRange
"""A trigger as a content file writes it: a word, or one of the mappings of totals."""


def _read_trigger(data: Any) -> Any:
    """The fields of a :class:`Trigger` from its written form (:data:`WrittenTrigger`)."""
    if isinstance(data, Trigger):
        return data
    if isinstance(data, str):
        return {"kind": data}
    if isinstance(data, Mapping) and len(data) == 1:
        (key, value), = data.items()
        if key == "total":
            return {"kind": "total", "totals": [value]}
        if key == "totals":
            return {"kind": "totals", "totals": value}
        if key == "range":
            if not (isinstance(value, list) and len(value) == 2):
                raise ValueError("range needs two totals: [low, high]")
            low, high = value
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in value) or (
                    low > high):
                raise ValueError("range needs two whole totals, low first")
            if not -MAX_TOTAL <= low <= high <= MAX_TOTAL:
                raise ValueError(f"range totals go from {-MAX_TOTAL} to {MAX_TOTAL}")
            return {"kind": "range", "totals": list(range(low, high + 1))}
    raise ValueError("a trigger is a word (doubles, each-roll, hurt, ...) or one of "
                     "{total: N}, {totals: [N, ...]}, {range: [LOW, HIGH]}")


When = Annotated[Trigger, BeforeValidator(_read_trigger, json_schema_input_type=WrittenTrigger)]
"""An ability's trigger: read from its written form, described in the JSON Schema as written."""

class Effect(Model):
    """One thing an ability does. Exactly one of the effect fields is set."""

    damage: Amount | None = Field(None, description="damage to the target(s)")
    heal: Amount | None = None
    shield: Amount | None = Field(None, description="absorbs that much damage")
    damage_over_time: Amount | None = Field(
        None, alias="damage-over-time", description="damage at step 2 of each roll")
    rolls: Number | None = Field(None, ge=1, le=36, description="how many rolls a status lasts")
    modify_total: Number | None = Field(None, ge=-MAX_MODIFIER, le=MAX_MODIFIER,
                                        alias="modify-total",
                                        description="added to the dice total (each-roll only)")
    reroll: Literal[True] | None = Field(None, description="stop the roll and roll again")
    summon: CryptidId | None = Field(None, description="a cryptid put right of the summoner")
    buff_threat: Amount | None = Field(None, alias="buff-threat")
    buff_attack: Amount | None = Field(None, alias="buff-attack",
                                       description="added to each damage instance it deals")
    swap: Literal["left", "right"] | None = Field(None, description="swap places with a neighbour")
    target: str | None = None

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _one_effect(self) -> Effect:
        kinds = [k for k in EFFECT_KINDS if getattr(self, k.replace("-", "_")) is not None]
        if len(kinds) != 1:
            raise ValueError("an effect has exactly one of: " + ", ".join(EFFECT_KINDS))
        kind = kinds[0]
        if (self.rolls is not None) != (kind == "damage-over-time"):
            raise ValueError("'rolls' goes with damage-over-time, which needs it")
        allowed = TARGETS_OF.get(kind, ())
        if self.target is not None and self.target not in allowed:
            choices = ", ".join(allowed) or "none (it takes no target)"
            raise ValueError(f"{kind} cannot target {self.target!r}"
                             f"{did_you_mean(self.target, allowed)}; targets: {choices}")
        return self

    @property
    def kind(self) -> str:
        return next(k for k in EFFECT_KINDS if getattr(self, k.replace("-", "_")) is not None)

    @property
    def selector(self) -> str | None:
        """The target rule: the declared one, else the effect's default."""
        default = TARGETS_OF.get(self.kind, (None,))[0]
        return self.target or default


EFFECT_KINDS = ("damage", "heal", "shield", "damage-over-time", "modify-total", "reroll",
                "summon", "buff-threat", "buff-attack", "swap")
TARGETS_OF: dict[str, tuple[str, ...]] = {
    "damage": ENEMY_TARGETS, "damage-over-time": ENEMY_TARGETS,
    "heal": FRIENDLY_TARGETS, "shield": FRIENDLY_TARGETS,
    "buff-threat": FRIENDLY_TARGETS, "buff-attack": FRIENDLY_TARGETS,
}
"""Each effect's allowed targets; the first is its default."""


class Ability(Model):
    """A trigger and what it does, in order."""

    when: When
    do: list[Effect] = Field(min_length=1, max_length=MAX_ABILITIES)

    @model_validator(mode="after")
    def _effects_fit_trigger(self) -> Ability:
        kinds = [e.kind for e in self.do]
        if "modify-total" in kinds and self.when.kind != "each-roll":
            raise ValueError("modify-total only goes with the each-roll trigger (step 3 acts "
                             "before anything reads the roll)")
        if "reroll" in kinds and not self.when.on_dice:
            raise ValueError("reroll only goes with a dice trigger (step 4)")
        for effect in self.do:
            if effect.selector == "attacker" and self.when.kind != "hurt":
                raise ValueError("target 'attacker' only goes with the hurt trigger")
            if effect.selector == "that-ally" and self.when.kind != "ally-hurt":
                raise ValueError("target 'that-ally' only goes with the ally-hurt trigger")
        return self


@cites("threat.value.a")
class Cryptid(Model):
    """A cryptid's card: its stats and abilities."""

    id: CryptidId
    name: Name
    tier: Annotated[Literal[1, 2, 3, "token"], BeforeValidator(not_a_boolean)] = Field(
        description="shop tier; tokens are only summoned")
    hp: HitPoints = Field(description="hit points, also its maximum")
    threat: Threat = Field(description="threat value, as on its card")
    abilities: list[Ability] = Field(default_factory=list, max_length=MAX_ABILITIES)


class CryptidsFile(Model):
    sample: bool = False
    cryptids: list[Cryptid] = Field(min_length=1, max_length=MAX_ITEMS)

    @model_validator(mode="wrap")
    @classmethod
    def _check_references(cls, data: Any, handler: Any) -> Any:
        with catalogue(_ids_in(data)):
            return handler(data)

    @model_validator(mode="after")
    def _unique(self) -> CryptidsFile:
        seen: set[str] = set()
        for cryptid in self.cryptids:
            if cryptid.id in seen:
                raise ValueError(f"cryptid id {cryptid.id!r} appears twice")
            seen.add(cryptid.id)
        return self

    def find(self, cryptid_id: str) -> Cryptid:
        return next(c for c in self.cryptids if c.id == cryptid_id)


class Member(Model):
    """One place of a team's row: a cryptid, with the changes made to it in the shop."""

    cryptid: CryptidId
    hp: HitPoints | None = None
    threat: Threat | None = None
    abilities: list[Ability] | None = Field(None, max_length=MAX_ABILITIES,
                                            description="replaces the card's abilities")


def _member_short_form(data: Any) -> Any:
    return {"cryptid": data} if isinstance(data, str) else data


WrittenMember = Annotated[Member, BeforeValidator(_member_short_form,
                                                  json_schema_input_type=CryptidId | Member)]
"""A place of a row as written: a cryptid id alone (``yeti``), or a mapping with changes."""


class Team(Model):
    """A row of cryptids, left to right, as fielded from the shop."""

    name: Name | str
    cryptids: list[WrittenMember] = Field(min_length=1, max_length=ROW_LIMIT)


class TeamEntry(Team):
    id: str = Field(pattern=TEAM_ID.pattern)


class TeamFile(Team):
    """A team in a file of its own (``--left my-team.yaml``)."""

    sample: bool = False

    @model_validator(mode="before")
    @classmethod
    def _a_mapping(cls, data: Any) -> Any:
        if data is None:
            raise ValueError("the file is empty: a team file gives a name and its cryptids, "
                             "left to right (name: ..., cryptids: [...])")
        if not isinstance(data, Mapping | TeamFile):
            raise ValueError("a team file gives a name and its cryptids, left to right "
                             "(name: ..., cryptids: [...])")
        return data


class TeamsFile(Model):
    sample: bool = False
    teams: list[TeamEntry] = Field(min_length=1, max_length=MAX_ITEMS)


class CryptidsContent(Model):
    """The content of the cryptids ruleset: ``cryptids.yaml`` and ``teams.yaml``."""

    cryptids: CryptidsFile
    teams: TeamsFile

    @model_validator(mode="wrap")
    @classmethod
    def _check_references(cls, data: Any, handler: Any) -> Any:
        catalogue_data = data.get("cryptids") if isinstance(data, Mapping) else None
        with catalogue(_ids_in(catalogue_data)):
            return handler(data)

    def team(self, team_id: str) -> TeamEntry | None:
        return next((t for t in self.teams.teams if t.id == team_id), None)


def _ids_in(data: Any) -> frozenset[str]:
    """The cryptid ids of unvalidated ``cryptids.yaml`` data (what can be read of them)."""
    if isinstance(data, CryptidsFile):
        return frozenset(c.id for c in data.cryptids)
    items = data.get("cryptids") if isinstance(data, Mapping) else None
    if not isinstance(items, list):
        return frozenset()
    return frozenset(str(c["id"]) for c in items if isinstance(c, Mapping) and "id" in c)


class TeamFromFile(Model):
    """A team read from its YAML file (``--left my-team.yaml``), as a game's options keep it.

    The game's record holds the team itself: a replay reads no file, from any folder,
    and editing the file afterwards changes nothing. ``file`` only names it in messages.
    """

    file: str = Field(description="the file the team was read from (absolute path), or where "
                                  "the team comes from (a run's snapshot): only named in messages")
    team: TeamFile

    @field_serializer("team")
    def _as_written(self, team: TeamFile) -> dict[str, Any]:
        """The team's data as a file would give it: no empty fields in the record."""
        return team.model_dump(mode="json", by_alias=True, exclude_defaults=True)

    def checked(self, content: CryptidsContent) -> TeamFile:
        """The team, its cryptids checked against the content's (an unknown one is an error
        naming the file and the field, and the line while the file is still there)."""
        try:
            with catalogue(_catalogue_of(content)):
                return TeamFile.model_validate(self._as_written(self.team))
        except ValidationError as error:
            path = readable(self.file)  # None in a request from the network: never looked at
            if path is not None and path.is_file():
                load_team_file(path, content)  # the same error, with its line
            first = error.errors()[0]
            raise ContentError(self.file, first["msg"], None,
                               ".".join(str(p) for p in first["loc"])) from None


def team_option(value: str, side: str) -> str | TeamFromFile:
    """Option ``left`` or ``right`` as given: a team id stays an id; a team file is read.

    A value ending in ``.yaml`` or ``.yml``, or naming an existing file and not shaped like
    a team id (``teams/mine``), is a team file; errors name the file, the line and the field.
    """
    if TEAM_ID.fullmatch(value):
        return value
    path = user_path(value)  # a request from the network is refused here, before any look
    if path.suffix not in (".yaml", ".yml") and not path.exists():
        return value
    if not path.is_file():
        raise UsageError(f"--{side}: no team file {value!r}")
    path = path.resolve()
    return TeamFromFile(file=str(path), team=load_file(path, TeamFile))


def load_team_file(path: Path, content: CryptidsContent) -> TeamFile:
    """A team YAML file, validated against the content's cryptids (errors name file and line)."""
    with catalogue(_catalogue_of(content)):
        return load_file(path, TeamFile)


def _catalogue_of(content: CryptidsContent) -> frozenset[str]:
    return frozenset(c.id for c in content.cryptids.cryptids)
