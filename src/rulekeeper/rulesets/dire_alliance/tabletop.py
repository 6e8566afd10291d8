"""What is on the table: the board, the fighters, the play areas, objectives, sites, tokens
(the pieces themselves are :mod:`.pieces`).

``Tabletop`` is the state both game modes share, and a game's ``table.state``. It answers
the rulebook's questions (who is in an area, who is an enemy, who sees whom) and declares
the named hooks each mode fills in (Battle Mode in ``mode``, Raid Mode in ``raid.mode``):
a fighter's current ``stat``, ``suffer_damage``, ``stun_on_damage``, ``heal`` and
``can_heal``, ``gain_cards``, ``opportunity_attacks``, ``before_roll``, ``check_goal``,
``seat_name`` and, for verbs of its own in special actions, ``resolve_effect`` and
``effect_possible``. Decisions are asked
with :meth:`Tabletop.ask`, a generator that returns the chosen option id.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections import Counter
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self

from mypy_extensions import mypyc_attr

from rulekeeper.core.board import Board
from rulekeeper.core.checkpoints import Shared
from rulekeeper.core.decisions import Decision
from rulekeeper.core.entities import Measure
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rng import Rng
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks, Ruleset, Table
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.rulesets.dire_alliance.asking import ask as ask_seat
from rulekeeper.rulesets.dire_alliance.copies import (
    copied,
    copy_fighters,
    copy_occupants,
    copy_pieces,
)
from rulekeeper.rulesets.dire_alliance.dice import DiceSet
from rulekeeper.rulesets.dire_alliance.models import BoardSide
from rulekeeper.rulesets.dire_alliance.pieces import Fighter, Objective, PlayArea, SiteState
from rulekeeper.rulesets.dire_alliance.rulings import DireRulings

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.models import Effect

Stat = Literal["melee", "shoot", "defense"]

Done = tuple[bool, "Fighter | None"]
"""An effect's outcome: (go on with the next effect?, the fighter it chose)."""
Outcome = Generator[Decision, str, Done]
"""An effect that may ask decisions; effects that never ask return ``Done`` at once."""

Boards = dict[str, Board]
"""The boards of a content, by board side id (built once per content: ``table.prepared``)."""


@cites("battle.board.areas", "battle.line-of-sight.designator", "battle.board.adjacent")
def prepare_boards(boards: Iterable[BoardSide]) -> Boards:
    """Each board side's :class:`Board` (its sight lines are computed once, then cached):
    areas with their line-of-sight designators and borders."""
    return {spec.id: Board(spec) for spec in boards}


def check_choice(kind: str, given: str, known: list[str], plural: str = "") -> None:
    """A setup choice must be one the content has (else a one-line usage error)."""
    if given not in known:
        raise UsageError(f"unknown {kind} {given!r}{did_you_mean(given, known)}; "
                         f"{plural or kind + 's'}: {', '.join(known)}")


@mypyc_attr(native_class=False)
class DireTable(Table):
    """The table of a Dire Alliance game (either mode)."""

    __slots__ = ()
    rulings: DireRulings
    prepared: Boards


class Owner(Protocol):
    """What a state reads of the table it is on (a :class:`DireTable`). A protocol, because
    mypyc checks no value for one: inside a checkpoint, a state's table (and its generator)
    is the checkpoint's placeholder, which a compiled state's attribute typed
    :class:`DireTable` (or :class:`~rulekeeper.core.rng.Rng`) would refuse."""

    @property
    def ruleset(self) -> Ruleset[Any]: ...
    @property
    def rulings(self) -> DireRulings: ...
    @property
    def rng(self) -> Rng: ...
    @property
    def logging(self) -> bool: ...
    @property
    def labelled(self) -> bool: ...
    def emit(self, kind: str, rule: str, to: tuple[str, ...] | None = None,
             **data: Any) -> None: ...
    def spend(self, steps: int = 1) -> None: ...
    def checkpoint(self) -> None: ...


@dataclass(kw_only=True, eq=False)
class Tabletop(metaclass=ABCMeta):
    """Everything on the table. ``sides`` maps each seat to its play area.

    In the compiled build it is a native class, as are its subclasses (each mode's table and
    hooks): compiled code reads its attributes at fixed places and calls its methods
    directly. So it has no ``__dict__`` (its copy goes attribute by attribute:
    :meth:`copy_fields`), a subclass keeps the types of the attributes it inherits
    (``table`` stays a :class:`DireTable`: each mode's ``rulings`` narrows it), a method
    that a compiled caller should call directly carries no decorator (the rules it applies
    are cited beside the class), and ``abstractmethod`` does not refuse a subclass that
    leaves a hook out (from the source, ``Tabletop(...)`` itself is refused)."""

    table: Owner
    """The game's :class:`DireTable` (each mode's: a ``BattleTable``, a ``RaidTable``)."""
    board: Board
    dice: DiceSet
    sides: dict[str, PlayArea] = field(default_factory=dict)
    fighters: dict[str, Fighter] = field(default_factory=dict)
    occupants: dict[str, list[Fighter]] = field(default_factory=dict)
    objectives: dict[str, Objective] = field(default_factory=dict)
    sites: dict[str, SiteState] = field(default_factory=dict)
    tokens: dict[tuple[str, str], str] = field(default_factory=dict)
    """(seat, token id) -> area: the Countess's coffin."""
    card_names: Shared[str, str] = field(default_factory=Shared)
    """Card id -> name, filled at the setup (copies share it)."""
    stats: dict[str, int] = field(default_factory=dict)
    """Per-game numbers for ``Result.metrics``."""
    credits: dict[str, dict[Measure, int]] = field(default_factory=dict)
    """What each fighter did (by fighter id): its measures for ``Result.metrics``."""
    asking: tuple[str | None, str | None] = (None, None)
    """Whom the pending decision is for, as fighter ids: the fighter acting (the active
    fighter, an effect's actor, the fighter healed) and the fighter it is about (the mover an
    opportunity attack would hit, the fighter pushed or pulled). Views show it to everyone."""

    def __post_init__(self) -> None:
        self.occupants = {area: [] for area in self.board.ids}
        self.generator: Any = self.table.rng
        """The game's generator (:attr:`rng`; untyped for the placeholder: :class:`Owner`)."""
        self.logging = self.table.logging
        self.spend = self.table.spend

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A copy of the table (a checkpoint's, a fork's, a search's world), faster than the
        general walk of ``copy.deepcopy``: the fighters first (:func:`.copies.copy_fighters`),
        then every attribute in the order the table was given them (:meth:`copy_fields`,
        then what ``__post_init__`` sets), as :func:`.copies.copied` copies each."""
        new = type(self).__new__(type(self))
        memo[id(self)] = new
        self.copy_fields(new, copy_fighters(self.fighters, memo), memo)
        new.generator = copied(self.generator, memo)
        new.logging = self.logging
        new.spend = copied(self.spend, memo)
        return new

    def copy_fields(self, new: Self, fighters: dict[str, Fighter],
                    memo: dict[int, Any]) -> None:
        """Give ``new`` (a copy being made) this table's fields, in their order, ``fighters``
        the copied fighters; a subclass gives its own fields after these. Values are shared
        (as :func:`.copies.copied` shares them), and so are the ``Shared`` dicts; the
        containers of values that only this table holds are copied at once, as ``copied``
        would copy them, without asking ``memo``, and its dicts of pieces by
        :func:`.copies.copy_pieces`."""
        new.table = copied(self.table, memo)
        new.board = copied(self.board, memo)
        new.dice = copied(self.dice, memo)
        new.sides = copy_pieces(self.sides, memo)
        new.fighters = fighters
        new.occupants = copy_occupants(self.occupants, fighters)
        new.objectives = copy_pieces(self.objectives, memo)
        new.sites = copy_pieces(self.sites, memo)
        new.tokens = dict(self.tokens)
        new.card_names = self.card_names
        new.stats = dict(self.stats)
        new.credits = {fighter: dict(done) for fighter, done in self.credits.items()}
        new.asking = self.asking

    def emit(self, kind: str, rule: str, to: tuple[str, ...] | None = None,
             **data: Any) -> None:
        """Record an event: the table's ``emit``, asked only when the table logs (it does
        nothing otherwise, and a game no one reads would call into the core's Python for
        each event only to learn it)."""
        if self.table.logging:
            self.table.emit(kind, rule, to, **data)

    @property
    def rng(self) -> Rng:
        """The game's generator."""
        rng: Rng = self.generator
        return rng

    @property
    def rulings(self) -> DireRulings:
        return self.table.rulings

    def made(self, change: str) -> bool:
        """Whether the game's version of its mode has made the named change (history.py)."""
        return self.table.ruleset.made(change)

    # --- who and where -------------------------------------------------------------------

    def opponent(self, seat: str) -> str:
        for side in self.sides:
            if side != seat:
                return side
        raise KeyError(f"no opponent of {seat!r}")

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
        """The line between the designators crosses no black line; an area sees itself;
        figures never block (the board computes it from its walls)."""
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

    def bump(self, key: str, amount: int = 1) -> None:
        self.stats[key] = self.stats.get(key, 0) + amount

    def credit(self, fighter: Fighter | None, measure: Measure, amount: int = 1) -> None:
        """Count ``amount`` more of a measure to a fighter (None: no fighter did it)."""
        if fighter is not None:
            done = self.credits.setdefault(fighter.id, {})
            done[measure] = done.get(measure, 0) + amount

    def fell(self, fighter: Fighter, round_: int) -> None:
        """A fighter is defeated in round ``round_``: its rounds in play end there."""
        self.credits.setdefault(fighter.id, {})[Measure.ROUNDS] = round_

    def measures(self, fighter: Fighter, rounds: int) -> dict[Measure, float]:
        """A fighter's measures at the end of a game of ``rounds`` rounds."""
        done = self.credits.get(fighter.id, {})
        return {**done, Measure.SURVIVED: float(not fighter.defeated),
                Measure.ROUNDS: done.get(Measure.ROUNDS, rounds) if fighter.defeated
                else rounds}

    # --- placing fighters ----------------------------------------------------------------

    def place(self, fighter: Fighter, area: str) -> None:
        """Put a fighter in an area, taking it out of the one it was in; an area holds any
        number of fighters."""
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
            prompt: str, actor: Fighter | None = None,
            about: Fighter | None = None) -> Asks[str]:
        """Ask ``seat`` to choose; a single option is taken without asking. ``actor`` and
        ``about`` are the fighters the decision is for and about (see ``asking``)."""
        return ask_seat(self, seat, kind, pairs, rule, prompt, actor, about)

    # --- the hooks each mode fills in ----------------------------------------------------

    @abstractmethod
    def stat(self, fighter: Fighter, name: Stat) -> int:
        """A fighter's melee, shoot or defense value now."""

    @abstractmethod
    def suffer_damage(self, fighter: Fighter, rule: str,
                      source: Fighter | None = None) -> Asks[bool]:
        """One damage to ``fighter``, dealt by ``source`` (an attacker) or by an effect.
        Returns whether it was suffered (a mode may let it be prevented)."""

    @abstractmethod
    def stun_on_damage(self, fighter: Fighter) -> None:
        """The attack sequence's last step, for a target that was damaged."""

    @abstractmethod
    def can_heal(self, fighter: Fighter) -> bool:
        """Whether healing the fighter would do something."""

    @abstractmethod
    def heal(self, fighter: Fighter, times: int, rule: str) -> Asks[None]:
        """Heal ``fighter`` ``times`` times."""

    @abstractmethod
    def gain_cards(self, fighter: Fighter, count: int) -> Asks[None]:
        """The fighter gains ``count`` cards."""

    @abstractmethod
    def opportunity_attacks(self, mover: Fighter, destination: str) -> Asks[bool]:
        """The opportunity attacks on ``mover`` leaving its area for ``destination``; True
        when it must stop after its move."""

    def before_roll(self, attacker: Fighter, targets: list[Fighter], kind: str) -> Asks[None]:
        """Anything the players may do before the dice of an attack (``kind``: melee or
        shoot) are rolled; nothing unless a mode says so."""
        yield from ()

    def resolve_effect(self, actor: Fighter, effect: Effect,
                       it: Fighter | None) -> Outcome | Done | None:
        """Carry out one effect of a special action that a mode reads its own way (a verb of
        its own); None leaves it to the shared vocabulary (:mod:`.special`)."""
        return None

    def effect_possible(self, actor: Fighter, effect: Effect) -> bool | None:
        """Whether an effect a mode reads its own way can do something now; None leaves it
        to the shared vocabulary."""
        return None

    @abstractmethod
    def check_goal(self, seat: str) -> None:
        """End the game at once (raise :class:`~rulekeeper.core.ruleset.GameOver`) when
        ``seat`` (or team) has reached its goal."""

    def seat_name(self, seat: str) -> str:
        """How sentences name the player of a seat (its colour, unless a mode says)."""
        return seat

    def card_name(self, card: str) -> str:
        return self.card_names.get(card, card)

    def area_name(self, area: str | None) -> str:
        return self.board.areas[area].name if area is not None else "(off the board)"


# The rules the tabletop's methods apply without an event: cited here, not by decorators, which
# would have the compiled build call those methods through Python's protocol.
cites("battle.fighter.enemy")  # enemies_in
cites("battle.fighter.friendly")  # friends_in
cites("battle.line-of-sight.purpose", "battle.line-of-sight.line",  # sees
      "battle.line-of-sight.blocked", "battle.line-of-sight.clear",
      "battle.line-of-sight.own-area", "battle.line-of-sight.components")
cites("battle.board.one-area", "battle.board.capacity")  # place
