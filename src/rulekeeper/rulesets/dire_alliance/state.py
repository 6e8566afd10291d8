"""What is on the table: the board, the fighters, the play areas, objectives, sites, tokens.

``Tabletop`` is shared by Battle Mode and Raid Mode. It answers the rulebook's
questions (who is in an area, who is an enemy, who sees whom) and holds the few
named hooks a mode overrides: a fighter's current ``stat``, ``suffer_damage``,
``stun_on_damage``, ``heal`` and ``can_heal``, ``gain_cards``,
``opportunity_attacks``, ``before_roll`` (Raid's boosts), ``place_token`` and
``check_goal``. Decisions are asked with :meth:`Tabletop.ask`, a generator that
returns the chosen option id.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from rulekeeper.core.board import Board
from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.ruleset import Table
from rulekeeper.rulesets.dire_alliance import damage, healing, movement
from rulekeeper.rulesets.dire_alliance.cards import PlayArea, gain
from rulekeeper.rulesets.dire_alliance.dice import DiceSet
from rulekeeper.rulesets.dire_alliance.models import FighterSpec, Form, Goal

Stat = Literal["melee", "shoot", "defense"]
Asked = Generator[Decision, str, Any]
"""A rules procedure that may ask decisions (``yield from`` it)."""


class GameOver(Exception):
    """The game ends at once (a third objective claimed...); carries the winner and why."""

    def __init__(self, winner: str | None, reason: str) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason


@dataclass(slots=True, eq=False)
class Fighter:
    """A fighter token on the board (or defeated). Its stats come from its current form.

    ``side`` is the seat that controls it (whose cards and decisions are its own);
    ``team`` is whom it fights for (friend or enemy). They are the same in Battle Mode;
    in Raid Mode each hero has its own seat and every hero is on the team "heroes".
    """

    id: str
    side: str
    card: str
    spec: FighterSpec
    form: Form
    area: str | None = None
    stunned: bool = False
    sated: bool = False
    defeated: bool = False
    team: str = ""

    def __post_init__(self) -> None:
        if not self.team:
            self.team = self.side

    def __repr__(self) -> str:
        return f"<Fighter {self.id} in {self.area}>"

    @property
    def name(self) -> str:
        return self.form.name

    def has(self, keyword: str) -> bool:
        return keyword in self.form.keywords

    @property
    def on_board(self) -> bool:
        return self.area is not None


@dataclass(slots=True)
class Objective:
    """An objective token on its site; claimed objectives leave the board."""

    id: str
    owner: str
    area: str
    name: str
    claimed_by: str | None = None


@dataclass(slots=True)
class SiteState:
    """A scenario site in play (a ritual stone) and the colour it shows."""

    id: str
    kind: str
    area: str
    name: str
    holder: str | None = None


@dataclass
class Tabletop:
    """Everything on the table. ``sides`` maps each seat to its play area."""

    table: Table
    board: Board
    dice: DiceSet
    sides: dict[str, PlayArea]
    dread: int
    fighters: dict[str, Fighter] = field(default_factory=dict)
    occupants: dict[str, list[Fighter]] = field(default_factory=dict)
    objectives: dict[str, Objective] = field(default_factory=dict)
    sites: dict[str, SiteState] = field(default_factory=dict)
    tokens: dict[tuple[str, str], str] = field(default_factory=dict)
    """(seat, token id) -> area: the Countess's coffin."""
    goal: Goal = field(default_factory=lambda: Goal(objectives=3, sites=None))
    card_names: dict[str, str] = field(default_factory=dict)
    stats: dict[str, float] = field(default_factory=dict)
    """Per-game numbers for ``Result.metrics``."""
    asking: tuple[str | None, str | None] = (None, None)
    """Whom the pending decision is for, as fighter ids: the fighter acting (the active
    fighter, an effect's actor, the fighter healed) and the fighter it is about (the mover an
    opportunity attack would hit, the fighter pushed or pulled). Views show it to everyone."""

    def __post_init__(self) -> None:
        self.occupants = {area: [] for area in self.board.ids}
        self.rng = self.table.rng
        self.rulings = self.table.rulings
        self.logging = self.table.logging
        self.emit = self.table.emit

    # --- who and where -------------------------------------------------------------------

    def opponent(self, seat: str) -> str:
        return next(s for s in self.sides if s != seat)

    def in_area(self, area: str) -> list[Fighter]:
        return self.occupants[area]

    def enemies_in(self, area: str, of: str) -> list[Fighter]:
        """The fighters in ``area`` that are not on team ``of``."""
        return [f for f in self.occupants[area] if f.team != of]

    def friends_in(self, area: str, of: str) -> list[Fighter]:
        return [f for f in self.occupants[area] if f.team == of]

    def ready_enemies_in(self, area: str, of: str) -> list[Fighter]:
        return [f for f in self.occupants[area] if f.team != of and not f.stunned]

    def on_board(self, side: str | None = None) -> list[Fighter]:
        return [f for f in self.fighters.values()
                if f.area is not None and (side is None or f.side == side)]

    def sees(self, looker: Fighter, area: str) -> bool:
        """battle.line-of-sight.*: the line between the designators crosses no black line."""
        return looker.area is not None and self.board.sees(looker.area, area)

    def placement_violations(self) -> list[str]:
        """What is wrong with where the figures are: a figure listed in two areas, or not in
        the area it is in, a defeated figure still on the board (for invariant checks)."""
        seen = Counter(f.id for figures in self.occupants.values() for f in figures)
        wrong = [f"{f} is in {n} areas" for f, n in seen.items() if n > 1]
        for fighter in self.fighters.values():
            listed = [a for a, fs in self.occupants.items() if fighter in fs]
            if fighter.defeated and (fighter.area is not None or listed):
                wrong.append(f"defeated {fighter.id} is still on the board")
            elif listed != ([fighter.area] if fighter.area is not None else []):
                wrong.append(f"{fighter.id} is in {fighter.area} but listed in {listed}")
        return wrong

    def bump(self, key: str, amount: float = 1) -> None:
        self.stats[key] = self.stats.get(key, 0) + amount

    # --- placing fighters ----------------------------------------------------------------

    def place(self, fighter: Fighter, area: str) -> None:
        """Put a fighter in an area, taking it out of the one it was in."""
        if fighter.area is not None:
            self.occupants[fighter.area].remove(fighter)
        fighter.area = area
        self.occupants[area].append(fighter)

    def remove(self, fighter: Fighter) -> None:
        """Take a fighter's token off the board."""
        if fighter.area is not None:
            self.occupants[fighter.area].remove(fighter)
        fighter.area = None

    # --- decisions -----------------------------------------------------------------------

    def ask(self, seat: str, kind: str, pairs: Iterable[tuple[str, str]], rule: str,
            prompt: str, actor: Fighter | None = None, about: Fighter | None = None) -> Asked:
        """Ask ``seat`` to choose; a single option is taken without asking. ``actor`` and
        ``about`` are the fighters the decision is for and about (see ``asking``)."""
        offered = options(pairs)
        if len(offered) == 1:
            return offered[0].id
        self.asking = (actor.id if actor else None, about.id if about else None)
        answer = yield Decision(seat, kind, offered, rule, prompt)
        self.asking = (None, None)
        return answer

    # --- hooks a mode may override -------------------------------------------------------

    def stat(self, fighter: Fighter, name: Stat) -> int:
        """A fighter's melee, shoot or defense value now (Battle Mode: its form's)."""
        value: int = getattr(fighter.form, name)
        return value

    def suffer_damage(self, fighter: Fighter, rule: str, source: Fighter | None = None) -> Asked:
        """One damage to ``fighter``, dealt by ``source`` (an attacker) or by an effect
        (Battle Mode: lose a card, else be defeated)."""
        yield from ()
        damage.suffer_damage(self, fighter, rule)

    def stun_on_damage(self, fighter: Fighter) -> None:
        """The attack sequence's last step: the damaged target is stunned."""
        fighter.stunned = True
        self.emit("stunned", "battle.keyword.resilient.stunned" if fighter.has("resilient")
                  else "battle.attack.stun-target", fighter=fighter.name)

    def can_heal(self, fighter: Fighter) -> bool:
        """Whether healing would do something (Battle Mode: a card of its in the graveyard)."""
        return fighter.card in self.sides[fighter.side].graveyard

    def heal(self, fighter: Fighter, times: int, rule: str) -> Asked:
        """Heal ``fighter`` ``times`` times."""
        yield from healing.heal(self, fighter, times, rule)

    def gain_cards(self, fighter: Fighter, count: int) -> Asked:
        """The fighter gains ``count`` cards (Battle Mode: of its own card, supply to discard)."""
        yield from ()
        gain(self, self.sides[fighter.side], fighter.card, count, fighter.name)

    def opportunity_attacks(self, mover: Fighter) -> Asked:
        """The opportunity attacks on ``mover`` leaving its area; True when it must stop."""
        return (yield from movement.opportunity_attacks(self, mover))

    def before_roll(self, attacker: Fighter, targets: list[Fighter], kind: str) -> Asked:
        """Anything the players may do before the dice of an attack (``kind``: melee or
        shoot) are rolled (Raid's boosts)."""
        yield from ()

    def token_card(self, actor: Fighter) -> tuple[str, list[str]] | None:
        """The card the actor is resolving from its action row, and the tokens on it (Raid
        Mode); None when tokens cannot be placed (Battle Mode has no action row)."""
        return None

    def check_goal(self, seat: str) -> None:
        """End the game at once (raise :class:`GameOver`) when ``seat`` has reached the goal:
        enough of its opponent's objectives, or enough scenario sites."""
        wanted = self.goal.objectives
        if wanted is not None and len(self.sides[seat].claimed) >= wanted:
            raise GameOver(seat, "objectives")
        held = sum(1 for site in self.sites.values() if site.holder == seat)
        if self.goal.sites is not None and held >= self.goal.sites:
            raise GameOver(seat, "sites")

    def card_name(self, card: str) -> str:
        return self.card_names.get(card, card)

    def area_name(self, area: str | None) -> str:
        return self.board.areas[area].name if area is not None else "(off the board)"
