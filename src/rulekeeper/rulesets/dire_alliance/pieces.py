"""The pieces on the table that hold no rules: each player's play area (cards and claimed
objectives), the fighters, the objective tokens and the scenario sites. (A module of their
own so that the compiled build compiles them: the bots and the rules steps read their fields
most of all.)

Each dataclass here writes its ``__init__`` out (``init=False``; its defaults are stated
there only): mypyc compiles a written ``__init__``, while the one ``dataclass`` generates
stays interpreted Python, three to four times slower (0.34 against 0.10 µs a piece), and a
search's every world makes some forty pieces when it copies its state."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rulekeeper.rulesets.dire_alliance.models import FighterSpec, Form


@dataclass(slots=True, init=False)
class PlayArea:
    """One player's cards and claimed objectives."""

    seat: str
    deck: list[str]
    hand: list[str]
    discard: list[str]
    graveyard: list[str]
    supply: dict[str, int]
    play: list[str]
    claimed: list[str]

    def __init__(self, seat: str, deck: list[str] | None = None,
                 hand: list[str] | None = None, discard: list[str] | None = None,
                 graveyard: list[str] | None = None, supply: dict[str, int] | None = None,
                 play: list[str] | None = None, claimed: list[str] | None = None) -> None:
        self.seat = seat
        self.deck = [] if deck is None else deck
        self.hand = [] if hand is None else hand
        self.discard = [] if discard is None else discard
        self.graveyard = [] if graveyard is None else graveyard
        self.supply = {} if supply is None else supply
        self.play = [] if play is None else play
        self.claimed = [] if claimed is None else claimed

    def __deepcopy__(self, memo: dict[int, Any]) -> PlayArea:
        """Its piles hold card ids: a copy of a game's state (a checkpoint's, a search's
        world) copies them pile by pile, much faster than deeply."""
        return PlayArea(self.seat, list(self.deck), list(self.hand), list(self.discard),
                        list(self.graveyard), dict(self.supply), list(self.play),
                        list(self.claimed))

    def counts(self) -> Counter[str]:
        """Every card this player holds, wherever it is (for the conservation check)."""
        total = Counter(self.deck) + Counter(self.hand) + Counter(self.discard)
        total += Counter(self.graveyard) + Counter(self.play)
        total.update(self.supply)
        return total

    def take(self, card: str) -> str | None:
        """Remove one ``card`` from hand, else deck, else discard pile; where it was, or None.

        >>> area = PlayArea("red", deck=["a", "b"], discard=["b"])
        >>> area.take("b"), area.take("b"), area.take("b")
        ('deck', 'discard', None)
        """
        for where, pile in (("hand", self.hand), ("deck", self.deck), ("discard", self.discard)):
            if card in pile:
                pile.remove(card)
                return where
        return None


@dataclass(slots=True, eq=False, init=False)
class Fighter:
    """A fighter token on the board (or defeated). Its stats come from its current form.

    ``side`` is the seat that controls it (whose cards and decisions are its own);
    ``team`` is whom it fights for (friend or enemy). They are the same unless several
    seats play on one team.
    """

    id: str
    side: str
    card: str
    spec: FighterSpec
    form: Form
    area: str | None
    stunned: bool
    sated: bool
    defeated: bool
    team: str

    def __init__(self, id: str, side: str, card: str, spec: FighterSpec, form: Form,
                 area: str | None = None, stunned: bool = False, sated: bool = False,
                 defeated: bool = False, team: str = "") -> None:
        self.id = id
        self.side = side
        self.card = card
        self.spec = spec
        self.form = form
        self.area = area
        self.stunned = stunned
        self.sated = sated
        self.defeated = defeated
        self.team = team or side

    def __repr__(self) -> str:
        return f"<Fighter {self.id} in {self.area}>"

    def __deepcopy__(self, memo: dict[int, Any]) -> Fighter:
        """Its fields are values and content (which copies share): a copy of a game's
        state (a checkpoint's) copies it field by field, much faster than deeply."""
        return Fighter(self.id, self.side, self.card, self.spec, self.form, self.area,
                       self.stunned, self.sated, self.defeated, self.team)

    @property
    def name(self) -> str:
        return self.form.name

    def has(self, keyword: str) -> bool:
        return keyword in self.form.keywords

    @property
    def on_board(self) -> bool:
        return self.area is not None


@dataclass(slots=True, init=False)
class Objective:
    """An objective token on its site; claimed objectives leave the board."""

    id: str
    owner: str
    area: str
    name: str
    claimed_by: str | None

    def __init__(self, id: str, owner: str, area: str, name: str,
                 claimed_by: str | None = None) -> None:
        self.id = id
        self.owner = owner
        self.area = area
        self.name = name
        self.claimed_by = claimed_by

    def __deepcopy__(self, memo: dict[int, Any]) -> Objective:
        """Its fields are values: copied field by field (see ``Fighter``)."""
        return Objective(self.id, self.owner, self.area, self.name, self.claimed_by)


@dataclass(slots=True, init=False)
class SiteState:
    """A scenario site in play (a ritual stone) and the colour it shows."""

    id: str
    kind: str
    area: str
    name: str
    holder: str | None

    def __init__(self, id: str, kind: str, area: str, name: str,
                 holder: str | None = None) -> None:
        self.id = id
        self.kind = kind
        self.area = area
        self.name = name
        self.holder = holder

    def __deepcopy__(self, memo: dict[int, Any]) -> SiteState:
        """Its fields are values: copied field by field (see ``Fighter``)."""
        return SiteState(self.id, self.kind, self.area, self.name, self.holder)
