"""Content models of Dire Alliance: dice, boards, factions, leaders, scenarios.

Every file is sample content written for rulekeeper (the published cards and
boards are images that were not transcribed). Fighters and leaders declare their
special actions as a list of effects from one small vocabulary (``Effect``); no
fighter has code of its own. The same models serve Battle Mode and Raid Mode.
"""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar, Literal

from pydantic import Field, model_validator

from rulekeeper.core.board import BoardSpec
from rulekeeper.core.content import Model

Selector = Literal["self", "it", "friend-here", "friend-seen", "enemy-here", "enemy-seen",
                   "enemy-near"]
"""Who an effect chooses: the actor; the fighter an earlier effect of the same action chose
("it"); a friendly fighter in its area (itself included) or one it sees; an enemy fighter in its
area, one it sees in another area, or one in an adjacent area it sees."""

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

    dice: int = Field(0, description="combat dice added to the melee or shoot value")
    targets: Literal["one", "all"] = Field(
        "one", description="all: every enemy fighter in the target's area (one roll, "
                           "a defence roll each)")


class BasicEffect(Model):
    """One step of an action, in the verbs every vocabulary has. Exactly one verb is given;
    ``who`` picks the fighter for the verbs that choose one. A vocabulary adds its verbs as
    fields and names them all in ``verbs``."""

    verbs: ClassVar[tuple[str, ...]] = BASIC_VERBS

    move: int | None = Field(None, ge=1)
    withdraw: int | None = Field(None, ge=1)
    heal: int | None = Field(None, ge=1)
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

    @property
    def amount(self) -> int:
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

    @property
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

    gain: int | None = Field(None, ge=1)
    push: int | None = Field(None, ge=1)
    pull: int | None = Field(None, ge=1)
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
    effects: list[Effect] = Field(min_length=1)


class Form(Model):
    """A fighter's stats, keywords and special action (a fighter may have other forms).

    Raid Mode's heroes, minions and villains have no special action of their own: a
    hero's are on its cards, a minion's and a villain's actions on the faction board
    and the villain cards."""

    id: str
    name: str
    melee: int = Field(ge=0)
    shoot: int = Field(ge=0)
    defense: int = Field(ge=0)
    keywords: list[Keyword] = Field(default_factory=list)
    special: SpecialAction | None = None
    reverts_when_damaged: bool = Field(
        False, description="an other form that returns to the fighter's first form when damaged")


class FighterSpec(Form):
    """A fighter token and what its card says."""

    forms: list[Form] = Field(default_factory=list, description="other forms (a wolf form)")
    starts_at: str | None = Field(None, description="a token id: the fighter starts in its area")


class TokenSpec(Model):
    """A leader's token placed at setup in its side's start area (the Countess's coffin)."""

    id: str
    name: str


class Faction(Model):
    id: str
    name: str
    sample: bool = True
    objective: str = Field(description="what its objective tokens are called (vessel, gravestone)")
    fighters: list[FighterSpec] = Field(min_length=1, description="one fighter card each")


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
        for fighter in self.fighters:
            if fighter.starts_at is not None and fighter.starts_at not in tokens:
                raise ValueError(f"{fighter.id} starts at unknown token {fighter.starts_at!r}")
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


class Die(Model):
    """A custom die: one list of six faces per option of its ruling."""

    faces: dict[str, list[str]] = Field(description="ruling option -> faces (HIT, BLOCK, blank...)")


class Components(Model):
    sample: bool = True
    combat_die: Die
    vampire_die: Die
    dread_cards: int = Field(16, ge=0, description="dread cards in the dread pile")


class Interact(Model):
    """A scenario's ➤ Interact action."""

    name: str
    text: str = ""
    fighters: list[str] = Field(default_factory=list, description="fighter ids; empty: any")
    effects: list[Effect] = Field(min_length=1)


class Goal(Model):
    """How a scenario is won: at once, on the Nth objective claimed or site taken."""

    objectives: int | None = Field(3, description="opponent's objectives that win at once")
    sites: int | None = Field(None, description="scenario sites held that win at once")


Criterion = Literal["objectives", "sites"]


class Scenario(Model):
    id: str
    name: str
    sample: bool = True
    mode: Literal["battle"] = "battle"
    text: str = ""
    board: str
    initiative: Literal["red", "blue"]
    start: dict[str, str] = Field(description="colour -> start area of its fighters")
    objectives: dict[str, list[str]] = Field(description="colour -> the sites of its objectives")
    sites: list[str] = Field(default_factory=list, description="scenario sites in play")
    interact: Interact | None = None
    goal: Goal = Field(default_factory=lambda: Goal(objectives=3, sites=None))
    round_limit: int = Field(30, ge=1, description="the game stops after this round (sample rule)")
    at_limit: list[Criterion] = Field(
        ["objectives"],
        description="who wins at the round limit: most of these, in order; else a draw")


class DireAllianceContent(Model):
    """The content files: ``components.yaml``, ``boards.yaml``, ``factions.yaml``..."""

    components: Components
    boards: list[BoardSide]
    factions: list[Faction]
    leaders: list[Leader]
    scenarios: list[Scenario]

    @model_validator(mode="after")
    def _references(self) -> DireAllianceContent:
        boards = {b.id: b for b in self.boards}
        for scenario in self.scenarios:
            board = boards.get(scenario.board)
            if board is None:
                raise ValueError(f"scenario {scenario.id!r} names unknown board {scenario.board!r}")
            sites = {s.id for s in board.sites}
            areas = {a.id for a in board.areas}
            for colour in ("red", "blue"):
                if scenario.start.get(colour) not in areas:
                    raise ValueError(f"scenario {scenario.id!r} has no start area for {colour}")
            for site in [*scenario.sites, *(s for v in scenario.objectives.values() for s in v)]:
                if site not in sites:
                    raise ValueError(f"scenario {scenario.id!r} names unknown site {site!r}")
        cards = [f.id for faction in self.factions for f in faction.fighters]
        cards += [leader.id for leader in self.leaders]
        if len(cards) != len(set(cards)):
            raise ValueError("fighter card ids repeat across factions and leaders")
        return self

    def faction(self, faction_id: str) -> Faction:
        return next(f for f in self.factions if f.id == faction_id)

    def leader(self, leader_id: str) -> Leader:
        return next(x for x in self.leaders if x.id == leader_id)

    def scenario(self, scenario_id: str) -> Scenario:
        return next(s for s in self.scenarios if s.id == scenario_id)

    def board(self, board_id: str) -> BoardSide:
        return next(b for b in self.boards if b.id == board_id)
