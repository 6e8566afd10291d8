"""Content models of Dire Alliance: dice, boards, factions, leaders, scenarios.

Every file is sample content written for rulekeeper (the published cards and
boards are images that were not transcribed). Fighters and leaders declare their
special actions as a list of effects from one small vocabulary (``Effect``); no
fighter has code of its own. The same models serve Battle Mode and Raid Mode.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import AfterValidator, Field, Strict, model_validator

from rulekeeper.core.board import BoardSpec
from rulekeeper.core.content import Model
from rulekeeper.rulesets.dire_alliance.rulings import CombatDie, VampireDie

Selector = Literal["self", "it", "friend-here", "friend-seen", "enemy-here", "enemy-seen",
                   "enemy-near"]
"""Who an effect chooses: the actor; the fighter an earlier effect of the same action chose
("it"); a friendly fighter in its area (itself included) or one it sees; an enemy fighter in its
area, one it sees in another area, or one in an adjacent area it sees."""

MAX_DICE = 10
"""The most combat dice a printed value gives (a stat, a modifier, an attack's extra dice)."""
MAX_AMOUNT = 10
"""The most times one effect acts (areas moved, heals, cards gained, minions spawned...)."""


Whole = Annotated[int, Strict()]
"""A whole number: ``true`` or ``2.5`` is refused, not read as 1 or 2 (in files and in
``--set`` values alike)."""
Dice = Annotated[int, Strict(), Field(ge=0, le=MAX_DICE)]
"""A stat: combat dice, 0 to ``MAX_DICE``."""
Bonus = Annotated[int, Strict(), Field(ge=-MAX_DICE, le=MAX_DICE)]
"""Dice added to (or taken from) a stat."""
Amount = Annotated[int, Strict(), Field(ge=1, le=MAX_AMOUNT)]
"""How many times an effect acts."""

Keyword = Literal["resilient", "vampire", "dreadful", "unseen"]
"""Keywords the engine knows: Resilient and Vampire (from the rulebook), Dreadful (an attack
targeting this fighter rolls one combat die fewer) and Unseen (cannot be targeted by Shoot)."""

BASIC_VERBS = ("move", "withdraw", "heal", "melee", "shoot")
"""The verbs every action vocabulary has (fighters' and heroes' special actions, enemies')."""
CARD_VERBS = (*BASIC_VERBS, "gain", "push", "pull", "stun", "sate", "ready", "transform",
              "teleport", "mark", "command")
"""The verbs of a special action (``Effect``)."""
TARGET_VERBS = ("stun", "sate", "ready")
"""Verbs whose value is the selector of the fighter they act on."""
Command = Literal["move", "melee", "shoot"]

DEFAULT_WHO: dict[str, Selector] = {
    "heal": "self", "gain": "self", "push": "enemy-here", "pull": "enemy-near",
    "melee": "enemy-here", "shoot": "enemy-seen", "command": "friend-seen",
}
"""The verbs that choose a fighter with ``who``, and whom they choose by default."""


class AttackBonus(Model):
    """An attack made by a special action: extra combat dice, one target or all of them."""

    dice: Bonus = Field(0, description="combat dice added to the melee or shoot value")
    targets: Literal["one", "all"] = Field(
        "one", description="all: every enemy fighter in the target's area (one roll, "
                           "a defence roll each)")


class BasicEffect(Model):
    """One step of an action, in the verbs every vocabulary has. Exactly one verb is given;
    ``who`` picks the fighter for the verbs that choose one. A vocabulary adds its verbs as
    fields and names them all in ``verbs``."""

    verbs: ClassVar[tuple[str, ...]] = BASIC_VERBS

    move: Amount | None = None
    withdraw: Amount | None = None
    heal: Amount | None = None
    melee: AttackBonus | None = None
    shoot: AttackBonus | None = None
    who: Selector | None = None

    @model_validator(mode="after")
    def _one_verb(self) -> BasicEffect:
        given = [v for v in self.verbs if getattr(self, v) is not None]
        if len(given) != 1:
            raise ValueError(f"an effect has exactly one of {', '.join(self.verbs)}; "
                             f"got {given or 'none'}")
        if self.who is not None and given[0] not in DEFAULT_WHO:
            raise ValueError(f"{given[0]} names its fighter itself; 'who' does not apply")
        return self

    @cached_property
    def verb(self) -> str:
        return next(v for v in self.verbs if getattr(self, v) is not None)

    @cached_property
    def amount(self) -> int:
        """How many times (or how far): the verb's number, else 1. (Cached, as ``verb`` and
        ``target`` are: content never changes, and the rules ask it at every option list.)"""
        value = getattr(self, self.verb)
        return value if isinstance(value, int) else 1

    @cached_property
    def target(self) -> Selector:
        """The fighter the effect chooses."""
        if self.verb in TARGET_VERBS:
            selector: Selector = getattr(self, self.verb)
            return selector
        if self.verb not in DEFAULT_WHO:
            return "self"
        return self.who or DEFAULT_WHO[self.verb]

    @cached_property
    def attack(self) -> AttackBonus:
        value = getattr(self, self.verb)
        return value if isinstance(value, AttackBonus) else AttackBonus(dice=0, targets="one")

    @property
    def name(self) -> str:
        """The form, token, site kind or basic action a verb with a name refers to."""
        value = getattr(self, self.verb)
        return value if isinstance(value, str) else ""


class Effect(BasicEffect):
    """One step of a ➤ special action. Exactly one verb is given.

    ``move: 2`` (Move up to twice, opportunity attacks apply), ``withdraw: 1``,
    ``melee: {dice: 1}``, ``shoot: {targets: all}``, ``heal: 2``, ``gain: 1``,
    ``push: 1`` (an enemy in the area into an adjacent area), ``pull: 1`` (an enemy
    within that many borders into the actor's area), ``stun: enemy-here``,
    ``sate: friend-here``, ``ready: friend-seen``, ``transform: wolf``,
    ``teleport: coffin`` (to the area of one of its side's tokens), ``mark: stone``
    (take a scenario site of that kind in the actor's area), ``command: melee`` (a
    fighter performs that basic action now, even if stunned). ``who`` picks the
    fighter for heal, gain, push, pull, melee, shoot and command.
    """

    verbs: ClassVar[tuple[str, ...]] = CARD_VERBS

    gain: Amount | None = None
    push: Amount | None = None
    pull: Amount | None = None
    stun: Selector | None = None
    sate: Selector | None = None
    ready: Selector | None = None
    transform: str | None = None
    teleport: str | None = None
    mark: str | None = None
    command: Command | None = None


class SpecialAction(Model):
    """A ➤ special action: a name, its card text, and its effects in order."""

    name: str
    text: str = ""
    effects: list[Effect] = Field(min_length=1, max_length=MAX_AMOUNT)


class Form(Model):
    """A fighter's stats, keywords and special action (a fighter may have other forms).

    Raid Mode's heroes, minions and villains have no special action of their own: a
    hero's are on its cards, a minion's and a villain's actions on the faction board
    and the villain cards."""

    id: str
    name: str
    melee: Dice
    shoot: Dice
    defense: Dice
    keywords: list[Keyword] = Field(default_factory=list)
    special: SpecialAction | None = None
    reverts_when_damaged: bool = Field(
        False, description="an other form that returns to the fighter's first form when damaged")

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """A form never changes once read (Raid Mode builds its profiles at setup): copies of
        a game share it."""
        return self


class FighterSpec(Form):
    """A fighter token and what its card says."""

    forms: list[Form] = Field(default_factory=list, max_length=4,
                              description="other forms (a wolf form)")
    starts_at: str | None = Field(None, description="a token id: the fighter starts in its area")

    @model_validator(mode="after")
    def _forms_known(self) -> FighterSpec:
        forms = [self.id, *(f.id for f in self.forms)]
        if len(set(forms)) != len(forms):
            raise ValueError(f"{self.id}: its forms' ids repeat ({', '.join(forms)})")
        for form in [self, *self.forms]:
            for effect in form.special.effects if form.special else []:
                if effect.verb == "transform" and effect.name not in forms:
                    raise ValueError(f"{form.id}: transform names {effect.name!r}, not one of "
                                     f"its forms ({', '.join(forms)})")
        return self

    def specials(self) -> list[SpecialAction]:
        """The special actions of all its forms."""
        return [f.special for f in [self, *self.forms] if f.special is not None]


class TokenSpec(Model):
    """A leader's token placed at setup in its side's start area (the Countess's coffin)."""

    id: str
    name: str


class Faction(Model):
    id: str
    name: str
    sample: bool = True
    objective: str = Field(description="what its objective tokens are called (vessel, gravestone)")
    fighters: list[FighterSpec] = Field(min_length=1, max_length=12,
                                        description="one fighter card each")

    @model_validator(mode="after")
    def _no_tokens(self) -> Faction:
        for fighter in self.fighters:
            if any(e.verb == "teleport" for s in fighter.specials() for e in s.effects):
                raise ValueError(f"{fighter.id}: teleport names a leader's token; a faction "
                                 "fighter has none")
        return self


class Leader(Model):
    """A leader: one fighter card (5 copies) that belongs to one or more fighters."""

    id: str
    name: str
    sample: bool = True
    rule: str = Field(description="the leader's special rule, as printed")
    fighters: list[FighterSpec] = Field(min_length=1, max_length=2)
    tokens: list[TokenSpec] = Field(default_factory=list)

    @model_validator(mode="after")
    def _tokens_known(self) -> Leader:
        tokens = {t.id for t in self.tokens}
        ids = [f.id for f in self.fighters]
        if len(set(ids)) != len(ids):
            raise ValueError(f"the leader's fighters' ids repeat ({', '.join(ids)})")
        for fighter in self.fighters:
            if fighter.starts_at is not None and fighter.starts_at not in tokens:
                raise ValueError(f"{fighter.id} starts at unknown token {fighter.starts_at!r}")
            for effect in (e for s in fighter.specials() for e in s.effects):
                if effect.verb == "teleport" and effect.name not in tokens:
                    raise ValueError(f"{fighter.id}: teleport names unknown token "
                                     f"{effect.name!r} (tokens: {', '.join(sorted(tokens))})")
        return self


class Site(Model):
    """A printed place on a board: an objective site or a scenario feature (a ritual stone)."""

    id: str
    area: str
    kind: str = Field(description="objective, stone...")
    name: str = ""


class BoardSide(BoardSpec):
    """One side of the double-sided board, with its sites."""

    sites: list[Site] = Field(default_factory=list)

    @model_validator(mode="after")
    def _sites_in_areas(self) -> BoardSide:
        areas = {a.id for a in self.areas}
        for site in self.sites:
            if site.area not in areas:
                raise ValueError(f"site {site.id!r} is in unknown area {site.area!r}")
        return self


SYMBOLS = ("HIT", "BLOCK", "DRAIN ESSENCE", "blank")
"""What a face of a Dire Alliance die can show (``HIT+HIT`` shows two HIT)."""


def _face(name: str) -> str:
    parts = [p.strip() for p in name.split("+")]
    if not 1 <= len(parts) <= 3 or any(p not in SYMBOLS for p in parts):
        raise ValueError(f"a face shows one to three of {', '.join(SYMBOLS)} joined by +; "
                         f"not {name!r}")
    return name


Face = Annotated[str, AfterValidator(_face)]


class Die(Model):
    """A custom die: one list of faces (six on the printed dice) per option of its ruling."""

    faces: dict[str, Annotated[list[Face], Field(min_length=1, max_length=20)]] = Field(
        description="ruling option -> faces (HIT, BLOCK, DRAIN ESSENCE, blank, or joined by +)")

    def check_options(self, what: str, options: type[StrEnum]) -> None:
        missing = [o.value for o in options if o.value not in self.faces]
        if missing:
            raise ValueError(f"{what}: no faces for the ruling's options {', '.join(missing)}")


class Components(Model):
    sample: bool = True
    combat_die: Die
    vampire_die: Die
    dread_cards: Whole = Field(16, ge=0, le=100, description="dread cards in the dread pile")

    @model_validator(mode="after")
    def _every_option(self) -> Components:
        self.combat_die.check_options("combat_die", CombatDie)
        self.vampire_die.check_options("vampire_die", VampireDie)
        return self


class Interact(Model):
    """A scenario's ➤ Interact action."""

    name: str
    text: str = ""
    fighters: list[str] = Field(default_factory=list, description="fighter ids; empty: any")
    effects: list[Effect] = Field(min_length=1)


class Goal(Model):
    """How a scenario is won: at once, on the Nth objective claimed or site taken."""

    objectives: Whole | None = Field(3, ge=1, le=20,
                                     description="opponent's objectives that win at once")
    sites: Whole | None = Field(None, ge=1, le=20,
                                description="scenario sites held that win at once")


Criterion = Literal["objectives", "sites"]
Colour = Literal["red", "blue"]


class Scenario(Model):
    id: str
    name: str
    sample: bool = True
    mode: Literal["battle"] = "battle"
    text: str = ""
    board: str
    initiative: Literal["red", "blue"]
    start: dict[Colour, str] = Field(description="colour -> start area of its fighters")
    objectives: dict[Colour, list[str]] = Field(
        description="colour -> the sites of its objectives")
    sites: list[str] = Field(default_factory=list, description="scenario sites in play")
    interact: Interact | None = None
    goal: Goal = Field(default_factory=lambda: Goal(objectives=3, sites=None))
    opening_hand: dict[Colour, Annotated[Whole, Field(ge=1, le=MAX_AMOUNT)]] = Field(
        default_factory=dict,
        description="colour -> cards in its opening hand, where not 4 (sample rule)")
    round_limit: Whole = Field(30, ge=1, le=1000,
                               description="the game stops after this round (sample rule)")
    at_limit: list[Criterion] = Field(
        ["objectives"],
        description="who wins at the round limit: most of these, in order; else a draw")

    @model_validator(mode="after")
    def _both_colours(self) -> Scenario:
        for what, given in (("start", self.start), ("objectives", self.objectives)):
            missing = [c for c in ("red", "blue") if c not in given]
            if missing:
                raise ValueError(f"{what} names no {' or '.join(missing)}")
        sites = [s for v in self.objectives.values() for s in v]
        if len(set(sites)) != len(sites):
            raise ValueError("an objective site is given twice")
        return self


class DireAllianceContent(Model):
    """The content files: ``components.yaml``, ``boards.yaml``, ``factions.yaml``... (what one
    file names in another is checked by the ruleset's ``check_content``: ``checks``)."""

    components: Components
    boards: list[BoardSide]
    factions: list[Faction]
    leaders: list[Leader]
    scenarios: list[Scenario]

    def faction(self, faction_id: str) -> Faction:
        return next(f for f in self.factions if f.id == faction_id)

    def leader(self, leader_id: str) -> Leader:
        return next(x for x in self.leaders if x.id == leader_id)

    def scenario(self, scenario_id: str) -> Scenario:
        return next(s for s in self.scenarios if s.id == scenario_id)

    def board(self, board_id: str) -> BoardSide:
        return next(b for b in self.boards if b.id == board_id)
