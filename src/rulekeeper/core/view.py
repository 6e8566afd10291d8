"""What a seat sees of a game, typed: the contract every outer layer draws from.

A ruleset declares how its games are drawn once, as a :class:`Drawing` in its ``view.py``
(``Ruleset.drawing``): the colours and labels of its sides, the event kinds in which its
rules decide on their own (the automation), the :class:`Board` a scenario is played on,
and how a seat's view becomes a :class:`TableView` (pieces in areas, marks, hands and piles
as that seat may see them, panels of facts, the cryptids' rows). The server, the page and
any other client draw every ruleset, a plug-in's too, from these models alone.

A :class:`TableView` is made from ``Ruleset.view(table, seat)`` (what the seat may know)
and the content (what the cards say, which anyone may read): it cannot show more than the
seat's view holds. :meth:`Drawing.picture` completes it the same way for every ruleset:
each piece gets a short label no other piece of the view has, and each option of the
pending decision the areas and pieces it names (so the page can light up legal moves).
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr
from shapely import LineString, Polygon, box
from shapely import Point as ShapelyPoint

from rulekeeper.core.board import Board as Geometry
from rulekeeper.core.board import BoardSpec
from rulekeeper.core.decisions import Decision

Point = tuple[float, float]
Text = str | dict[str, str]
"""A word or sentence, or the same in several languages (``{"en": ..., "fr": ...}``)."""


class ViewModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    said: ClassVar[tuple[str, ...]] = ()
    """The fields that are words shown to people (names, titles, facts), made in English:
    :func:`translated` words them in the page's language."""


# -- the board: the same for every seat ----------------------------------------------------


class Side(ViewModel):
    """How a side (a seat, or an automated side such as ``enemy``) is shown."""

    said = ("label",)
    label: str
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")


class Area(ViewModel):
    """One area as drawn, in screen coordinates (y down) of board units."""

    said = ("name", "tags")
    id: str
    name: str
    point: Point = Field(description="where its pieces stand: its sight point, or a point "
                                     "laid out for boards without coordinates")
    outline: list[Point] | None = None
    label_at: Point = Field(description="the middle of its name's baseline, clear of walls")
    lines: list[str] = Field(default_factory=list, description="its name as drawn: on one "
                                                               "line, or two when long")
    marks_at: Point = Field(description="where its first mark (objective, token...) goes, the "
                                        "others after it to the right")
    capacity: int | None = None
    height: int = 0
    tags: list[str] = Field(default_factory=list)
    neighbours: list[str] = Field(default_factory=list)
    sees: list[str] | None = Field(
        default=None, description="the other areas in its line of sight; None: the board has "
                                  "no line of sight")


class Board(ViewModel):
    """What a game is played on: ``areas`` (a board of areas), ``rows`` (the cryptids'
    rows) or ``none``; with the sides' colours and labels."""

    said = ("name",)
    kind: Literal["areas", "rows", "none"] = "none"
    id: str = ""
    name: str = ""
    sample: bool = False
    size: Point = (0.0, 0.0)
    font: float = Field(default=0.32, description="the height of an area's name, in board units")
    areas: list[Area] = Field(default_factory=list)
    walls: list[tuple[Point, Point]] = Field(default_factory=list)
    sides: dict[str, Side] = Field(default_factory=dict)


# -- a seat's table: what it sees now ------------------------------------------------------


class Status(ViewModel):
    """A piece's state worth a glance: ``symbol`` is drawn beside it; ``dim`` pieces are
    drawn faded (stunned, dead). A symbol that is its name's initial (``c`` for *cursed*,
    ``H`` for *huge*) is the initial of the name in every language, in its case: *maudit*
    ``m``, *énorme* ``É`` (:func:`translated`)."""

    said = ("name",)
    name: str
    symbol: str = Field(default="", max_length=2)
    dim: bool = False


class Piece(ViewModel):
    """A figure on the board (or off it, known to the seat but not where it is)."""

    said = ("name", "kind", "stats", "text")
    id: str
    name: str
    label: str = Field(default="", max_length=4, description="short, and unique among the "
                                                              "view's pieces (filled in by core "
                                                              "when empty)")
    side: str
    kind: str = "piece"
    shape: Literal["round", "square"] = "round"
    statuses: list[Status] = Field(default_factory=list)
    stats: str = ""
    text: str = ""
    hp: tuple[int, int] | None = Field(default=None, description="health now and at most")
    _named: bool = PrivateAttr(default=False)
    """Whether core made its label from its name (:func:`labelled`): a page in another
    language gets one made from the name in its words (:func:`translated`)."""

    def __eq__(self, other: object) -> bool:
        """Pieces with the same fields are the same, whoever made their labels (a piece read
        back from its JSON is the piece)."""
        if not isinstance(other, Piece):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__


class Mark(ViewModel):
    """Something in an area that is not a figure: an objective, a site, a token, a drop."""

    said = ("name",)
    kind: str
    name: str
    owner: str | None = None
    shape: Literal["diamond", "dot"] = "dot"


class Place(ViewModel):
    """What stands in one area."""

    pieces: list[Piece] = Field(default_factory=list)
    marks: list[Mark] = Field(default_factory=list)
    filled: int = Field(default=0, description="places taken (of the area's capacity)")


class Card(ViewModel):
    said = ("name", "text")
    id: str
    name: str
    text: str = ""


class Pile(ViewModel):
    """Cards in a hand, a deck, a row...; ``cards`` is None when the seat may not see them
    (then only ``count`` is known)."""

    said = ("name",)
    name: str
    cards: list[Card] | None
    count: int

    @classmethod
    def open(cls, name: str, cards: Sequence[Card], count: int | None = None) -> Pile:
        return cls(name=name, cards=list(cards), count=len(cards) if count is None else count)

    @classmethod
    def hidden(cls, name: str, count: int) -> Pile:
        return cls(name=name, cards=None, count=count)


class Panel(ViewModel):
    """A seat's (or an automated side's) facts and piles."""

    said = ("title", "facts")
    title: str
    seat: str | None = None
    facts: list[tuple[str, str]] = Field(default_factory=list)
    piles: list[Pile] = Field(default_factory=list)


class Ability(ViewModel):
    """An ability of a :class:`Cryptid` in words: its name, if it has one, and what it does."""

    name: Text | None = None
    text: Text


class Cryptid(ViewModel):
    """A card of a row (the cryptids' battles and shop)."""

    id: str
    name: Text
    hp: tuple[int, int]
    threat: int
    attack: int = 0
    shield: int = 0
    statuses: list[dict[str, Any]] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    frozen: bool = False


class TableView(ViewModel):
    """A seat's table at one moment: what the page draws on and around the board."""

    said = ("headline", "out")
    headline: str = ""
    out: dict[str, str] = Field(
        default_factory=dict, description="the seats out of play while the game goes on (the "
                                          "rules took every piece of theirs out: a character "
                                          "dead, every hero wounded out), each with why, in a "
                                          "few of the ruleset's words ('Brom is dead')")
    areas: dict[str, Place] = Field(default_factory=dict)
    offboard: list[Piece] = Field(default_factory=list,
                                  description="pieces the seat knows of but not where they are")
    rows: dict[str, list[Cryptid | None]] = Field(default_factory=dict)
    panels: list[Panel] = Field(default_factory=list)
    targets: dict[str, list[str]] = Field(
        default_factory=dict, description="for each option of the pending decision, the "
                                          "areas and pieces it names")

    def pieces(self) -> list[Piece]:
        """Every piece of the view: on the board, area by area, then off it."""
        return [p for place in self.areas.values() for p in place.pieces] + self.offboard


# -- how a ruleset is drawn ----------------------------------------------------------------


PALETTE = ("#b3261e", "#1f4e9c", "#2f6b2f", "#8a5a00", "#5b1d6e", "#0f6b6b")
"""Colours for the seats a ruleset does not colour itself, in seat order."""


class Drawing:
    """How a ruleset's games are drawn; a ruleset subclasses it in its ``view.py``.

    Declare ``sides`` and ``automation``; override :meth:`board` (the board of a scenario)
    and :meth:`table` (a seat's view as a :class:`TableView`); :meth:`targets` when the
    default reading of option ids does not find what an option names.
    """

    sides: ClassVar[Mapping[str, Side]] = {}
    """Colours and labels by side name; seats not listed get :data:`PALETTE`'s."""
    automation: ClassVar[tuple[str, ...]] = ()
    """Event kinds (a trailing dot: a prefix) in which the rules decide for the automated
    side (villains, enemies, targeting): the log shows them as the automation's reasons."""

    def board(self, content: Any, scenario: str | None) -> Board:
        """The board a game of ``scenario`` is played on (default: none)."""
        return Board()

    def table(self, state: Mapping[str, Any], content: Any) -> TableView:
        """A seat's table from its view's ``state`` (``Ruleset.view``) and the content.

        The default lists the state's plain values as facts.
        """
        facts = [(key, str(value)) for key, value in state.items()
                 if isinstance(value, str | int | float | bool)]
        return TableView(panels=[Panel(title="The game", facts=facts)] if facts else [])

    def targets(self, pending: Decision, table: TableView,
                state: Mapping[str, Any]) -> dict[str, list[str]]:
        """For each option of ``pending``, the areas and pieces of ``table`` it names
        (default: :func:`named_in`); ``state`` is the seat's view it was made from."""
        return named_in(pending.ids, [*table.areas, *(p.id for p in table.pieces())])

    # what core does with the declarations (not overridden) ---------------------------

    def geometry(self, content: Any, scenario: str | None, seats: Sequence[str]) -> Board:
        """:meth:`board` with the sides' colours and labels."""
        drawn = self.board(content, scenario)
        return drawn.model_copy(update={"sides": {**self.coloured(seats), **drawn.sides}})

    def coloured(self, seats: Sequence[str]) -> dict[str, Side]:
        """The colour and label of each of ``seats`` (:data:`PALETTE`'s, and its name, where
        :attr:`sides` does not declare it) and of every side declared."""
        return {**{seat: Side(label=seat, colour=PALETTE[n % len(PALETTE)])
                   for n, seat in enumerate(seats)}, **self.sides}

    def picture(self, state: Mapping[str, Any] | None, content: Any,
                pending: Decision | None = None) -> TableView:
        """The seat's :class:`TableView`: :meth:`table` with unique piece labels and the
        pending decision's targets."""
        if not state:
            return TableView()
        table = self.table(state, content)
        labelled(table.pieces())
        if pending is not None:
            table.targets = self.targets(pending, table, state)
        return table

    def automated(self, kind: str) -> bool:
        """Whether an event of ``kind`` is the automation explaining itself."""
        return any(kind.startswith(k) if k.endswith(".") else kind == k
                   for k in self.automation)


M = TypeVar("M", bound=BaseModel)


def translated(model: M, words: Callable[[str], str]) -> M:
    """``model`` (a :class:`Board`, a :class:`TableView`...) with the words of its fields
    ``said`` (and those of the models it holds) put through ``words`` (a
    :class:`~rulekeeper.core.events.Wording`: the ruleset's catalog in the page's language).
    Ids, sides and kinds that are not words stay as they are. A board of areas whose names
    changed has them placed again (:func:`renamed`): a longer name needs another place; a
    table's pieces labelled by core are labelled from their names in these words
    (:func:`relabelled`)."""
    said = getattr(model, "said", ())
    update = {name: _worded(value, words, name in said)
              for name, value in model if value is not None}
    if isinstance(model, Status) and update.get("name") and _initial(model.symbol, model.name):
        initial = update["name"][:1]
        update["symbol"] = initial.upper() if model.symbol.isupper() else initial.lower()
    worded = model.model_copy(update=update)
    if isinstance(worded, TableView):
        relabelled(worded.pieces())
    if isinstance(model, Board) and isinstance(worded, Board) and [
            a.name for a in model.areas] != [a.name for a in worded.areas]:
        return renamed(worded)  # type: ignore[return-value]  # M is Board here
    return worded


def _initial(symbol: str, name: str) -> bool:
    """Whether ``symbol`` is ``name``'s initial, in either case."""
    return len(symbol) == 1 and symbol.isalpha() and symbol.lower() == name[:1].lower()


def _worded(value: Any, words: Callable[[str], str], said: bool) -> Any:
    if isinstance(value, str):
        return words(value) if said else value
    if isinstance(value, BaseModel):
        return translated(value, words)
    if isinstance(value, tuple):
        return tuple(_worded(v, words, said) for v in value)
    if isinstance(value, list):
        return [_worded(v, words, said) for v in value]
    if isinstance(value, dict):
        return {k: _worded(v, words, said) for k, v in value.items()}
    return value


def named_in(option_ids: Iterable[str], ids: Iterable[str]) -> dict[str, list[str]]:
    """For each option id, the ids (of areas, pieces) it names.

    An option names an id when it is the id, when the id is one of its ``:``-separated
    parts, or when it ends with the id after a ``-`` or a ``:`` (``move:old-mill``,
    ``move-west-hall``, ``attack:p2:weapon-1``); a shorter id that a longer named one ends
    with is not named again.

    >>> named_in(["move:bog", "stay"], ["bog", "well"])
    {'move:bog': ['bog']}
    >>> named_in(["move-west-hall"], ["hall", "west-hall"])
    {'move-west-hall': ['west-hall']}
    """
    known = sorted(set(ids), key=len, reverse=True)
    out = {}
    for oid in option_ids:
        parts = set(oid.split(":"))
        found = [i for i in known if i in parts or oid == i or oid.endswith(("-" + i, ":" + i))]
        found = [i for i in found if not any(o != i and o.endswith("-" + i) for o in found)]
        if found:
            out[oid] = found
    return out


# -- short labels --------------------------------------------------------------------------

_SMALL = {"the", "of", "a", "an", "and", "dr", "dr.", "mr", "mr.", "mister", "sister", "sir",
          "le", "la", "les", "l", "de", "du", "des", "d", "au", "aux", "à", "et", "un", "une",
          "sœur"}
"""Words a label skips (articles, titles), in English and French (*l'*, *d'*: ``l``, ``d``)."""
_NUMBER = re.compile(r"(\d+)$")


def _words(name: str) -> list[str]:
    plain = re.sub(r"\(.*?\)", " ", name)
    words = re.findall(r"[^\W_]+", plain)
    big = [w for w in words if w.lower() not in _SMALL]
    return big or words or ["?"]


@lru_cache(maxsize=4096)
def _candidates(name: str) -> tuple[str, ...]:
    """Labels for ``name``, the plainest first: initials of several words, the first
    letters of one."""
    words = _words(name)
    first = words[0]
    if len(words) == 1:
        found = [first[:3].capitalize(), first[:4].capitalize()]
        found += [first[0].upper() + c.lower() for c in first[1:]]
    else:
        initials = "".join(w[0] for w in words[:3]).upper()
        found = [initials[:2], initials, first[:3].capitalize(), initials[0] + words[1][:2]]
    return tuple(dict.fromkeys(found))


def short_labels(pieces: Sequence[tuple[str, str]], taken: Iterable[str] = ()) -> list[str]:
    """A short label for each ``(id, name)``: no two the same, none of ``taken``.

    A name gives its initials (several words) or first letters (one word); a name several
    pieces bear numbers them by the numbers ending their ids (or in order).

    >>> short_labels([("red.countess", "The Countess"), ("blue.caretaker", "Caretaker"),
    ...               ("cole", "Cole Ashby"), ("r-1", "Reclaimed"), ("r-7", "Reclaimed")])
    ['Cou', 'Car', 'CA', 'Re1', 'Re7']
    """
    used = set(taken)
    by_name: dict[str, list[int]] = {}
    for index, (_, name) in enumerate(pieces):
        by_name.setdefault(name, []).append(index)
    labels = [""] * len(pieces)
    for name, indexes in by_name.items():
        options = _candidates(name)
        if len(indexes) == 1:
            wanted = [next((c for c in options if c not in used), options[0])]
        else:
            numbers = [m.group(1) if (m := _NUMBER.search(pieces[i][0])) else "" for i in indexes]
            if "" in numbers or len(set(numbers)) < len(numbers):
                numbers = [str(n) for n in range(1, len(indexes) + 1)]
            wanted = [f"{options[0][:max(1, 3 - len(n))]}{n}"[:4] for n in numbers]
        for index, label in zip(indexes, wanted, strict=True):
            if label in used:
                label = _fresh(options[0], used)
            labels[index] = label
            used.add(label)
    return labels


def _fresh(stem: str, used: set[str]) -> str:
    """``stem`` numbered, the first number not used."""
    n = 1
    while (label := f"{stem[:max(1, 3 - len(str(n)))]}{n}") in used:
        n += 1
    return label


def labelled(pieces: Sequence[Piece]) -> None:
    """Give every piece without a label, or with a label another piece has, a unique one
    (labels the ruleset gave and no other piece has are kept)."""
    counts = Counter(p.label for p in pieces if p.label)
    kept = frozenset(label for label, n in counts.items() if n == 1)
    for piece in pieces:
        if piece.label not in kept:
            piece._named = True
    relabelled(pieces)


def relabelled(pieces: Sequence[Piece]) -> None:
    """Give the pieces whose labels core makes (:func:`labelled`) labels made from their
    names, unique beside the labels the ruleset gave (again when the names are now in another
    language: *Le Roi Creux* ``RC``, not *Hollow King*'s ``HK``)."""
    kept = frozenset(p.label for p in pieces if not p._named)
    needs = [p for p in pieces if p._named]
    for piece, label in zip(needs, _labels(tuple((p.id, p.name) for p in needs), kept),
                            strict=True):
        piece.label = label


@lru_cache(maxsize=1024)
def _labels(pieces: tuple[tuple[str, str], ...], taken: frozenset[str]) -> tuple[str, ...]:
    """:func:`short_labels`, remembered: a game's tables mostly show the same pieces."""
    return tuple(short_labels(pieces, taken))


# -- boards of areas -----------------------------------------------------------------------

MARGIN = 0.3
"""Board units left around the areas."""
CIRCLE = 0.9
"""The radius of an area drawn around its point, when it has no outline (board.js)."""
CHAR_WIDTH = 0.6
"""A character's width, as a share of the font's height (a generous average)."""


FONT = (0.32, 0.22)
"""The height of the areas' names: at most, and at least when long names are made smaller
to fit the outlines of their areas."""


def areas_board(spec: BoardSpec, start: str | None = None) -> Board:
    """The board of a board file: areas, walls, line of sight, and where each area's name
    and marks go. Areas without a sight point are laid out in columns by their distance (in
    borders) from ``start`` (or the first area)."""
    geometry = Geometry(spec)
    widths = [(max(*map(len, name_lines(a.name or a.id)),
                   under_line(a.capacity, a.height, a.tags)),
               max(x for x, _ in a.polygon) - min(x for x, _ in a.polygon))
              for a in spec.areas if a.polygon]
    font = name_height(widths)
    found = {a.id: a.sight for a in spec.areas if a.sight is not None}
    if len(found) < len(spec.areas):
        found = layered(geometry, start or geometry.ids[0])

    def down(p: Iterable[float]) -> Point:  # y grows north in the board files, south here
        x, y = p
        return (x, -y)

    points = {i: down(p) for i, p in found.items()}
    outlines = {a.id: [down(p) for p in a.polygon] for a in spec.areas if a.polygon}
    walls = [(down(w[0]), down(w[1])) for w in spec.walls]
    names = [a.name or a.id for a in spec.areas]
    under = [under_line(a.capacity, a.height, a.tags) for a in spec.areas]
    places = label_places([(name, points[a.id], outlines.get(a.id))
                           for name, a in zip(names, spec.areas, strict=True)], walls, font,
                          under)
    (left, top), size = extent([(points[a.id], outlines.get(a.id)) for a in spec.areas], walls,
                               [(name, *place, n) for name, place, n in
                                zip(names, places, under, strict=True)], font)

    def screen(p: Point) -> Point:
        return (round(p[0] - left, 3), round(p[1] - top, 3))

    return Board(
        kind="areas", id=spec.id, name=spec.name or spec.id, sample=spec.sample, size=size,
        font=font, walls=[(screen(p), screen(q)) for p, q in walls],
        areas=[Area(id=a.id, name=name, lines=name_lines(name), point=screen(points[a.id]),
                    outline=[screen(p) for p in outlines[a.id]] if a.id in outlines else None,
                    label_at=screen(label), marks_at=screen(marks), capacity=a.capacity,
                    height=a.height, tags=list(a.tags), neighbours=list(a.neighbours),
                    sees=([b for b in geometry.seen_from(a.id) if b != a.id]
                          if a.sight is not None else None))
               for a, name, (label, marks) in zip(spec.areas, names, places, strict=True)])


def extent(areas: Sequence[tuple[Point, Sequence[Point] | None]],
           walls: Sequence[tuple[Point, Point]],
           names: Sequence[tuple[str, Point, Point, int]],
           font: float) -> tuple[Point, Point]:
    """The top left corner and the size of what a board draws: its areas (``(point,
    outline)``; without an outline, the circle around the point), walls and names with their
    marks (``(name, label_at, marks_at, under)``: :func:`name_box`), with :data:`MARGIN`
    around."""
    drawn = [*(p for point, outline in areas for p in outline or (
                   (point[0] + dx, point[1] + dy)
                   for dx in (-CIRCLE, CIRCLE) for dy in (-CIRCLE, CIRCLE))),
             *(p for wall in walls for p in wall)]
    for name, label, marks, under in names:
        drawn += name_box(name, label, font, under).exterior.coords
        drawn += [(marks[0] - 0.15, marks[1] - 0.15), (marks[0] + MARKS_WIDTH, marks[1] + 0.15)]
    left = min(x for x, _ in drawn) - MARGIN
    top = min(y for _, y in drawn) - MARGIN
    return (left, top), (round(max(x for x, _ in drawn) + MARGIN - left, 3),
                         round(max(y for _, y in drawn) + MARGIN - top, 3))


def renamed(board: Board) -> Board:
    """``board`` with its areas' names (given other words) sized and placed again, as
    :func:`areas_board` places them, the board grown or shrunk to hold them."""
    areas = tuple((a.name, a.point, tuple(a.outline) if a.outline else None)
                  for a in board.areas)
    under = tuple(under_line(a.capacity, a.height, a.tags) for a in board.areas)
    font, places = _placed(areas, tuple(board.walls), under)
    (left, top), size = extent([(a.point, a.outline) for a in board.areas], board.walls,
                               [(a.name, *place, n) for a, place, n in
                                zip(board.areas, places, under, strict=True)], font)

    def moved(p: Point) -> Point:
        return (round(p[0] - left, 3), round(p[1] - top, 3))

    return board.model_copy(update={"font": font, "size": size, "walls": [
        (moved(p), moved(q)) for p, q in board.walls], "areas": [
        a.model_copy(update={"point": moved(a.point), "label_at": moved(label),
                             "lines": name_lines(a.name),
                             "marks_at": moved(marks),
                             "outline": [moved(p) for p in a.outline] if a.outline else None})
        for a, (label, marks) in zip(board.areas, places, strict=True)]})


@lru_cache(maxsize=256)
def _placed(areas: tuple[tuple[str, Point, tuple[Point, ...] | None], ...],
            walls: tuple[tuple[Point, Point], ...],
            under: tuple[int, ...]) -> tuple[float, list[tuple[Point, Point]]]:
    """The names' height and places (remembered: a game's board is asked for often)."""
    widths = [(max(*map(len, name_lines(name)), n),
               max(x for x, _ in outline) - min(x for x, _ in outline))
              for (name, _, outline), n in zip(areas, under, strict=True) if outline]
    font = name_height(widths)
    return font, label_places([(name, point, list(outline) if outline else None)
                               for name, point, outline in areas], walls, font, under)


def name_height(widths: Iterable[tuple[int, float]]) -> float:
    """The height of the areas' names: :data:`FONT`'s largest, smaller (down to its least)
    where a name of ``n`` characters must fit an outline ``w`` wide (``(n, w)``)."""
    return max(FONT[1], min([FONT[0], *(0.95 * w / (n * CHAR_WIDTH) for n, w in widths)]))


def layered(board: Geometry, start: str) -> dict[str, tuple[float, float]]:
    """Points for areas drawn without coordinates: one column per distance from ``start``."""
    columns: dict[int, list[str]] = {}
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        here, depth = queue.popleft()
        columns.setdefault(depth, []).append(here)
        for nxt in board.neighbours(here):
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, depth + 1))
    far = max(columns, default=0) + 1
    columns[far] = [a for a in board.ids if a not in seen]  # unreachable rooms, if any
    tallest = max(len(c) for c in columns.values())
    points = {}
    for depth, ids in columns.items():
        for row, area in enumerate(ids):
            points[area] = (depth * 3.0, (tallest - len(ids)) * 1.0 + row * 2.0)
    return points


LABEL_SPOTS = [(dx, dy) for dy in (-0.5, -0.72, -0.95, 1.15, 1.4, -1.2)
               for dx in (0.0, 0.3, -0.3, 0.6, -0.6, 0.9, -0.9)]
"""Where an area's name may go, from its point, the likeliest first (above its pieces);
the name's second line (capacity, height, tags) goes under it."""
MARK_SPOTS = [(0.0, 0.72), (0.62, -0.2), (-0.62, -0.2), (0.45, 0.55), (-0.45, 0.55),
              (0.0, -0.8), (0.7, 0.3), (-0.7, 0.3)]
"""Where an area's marks (objectives, tokens...) may go, from its point: inside it."""
MARKS_WIDTH = 0.6
"""The room kept for an area's marks (two of them; more go on to the right)."""
PIECES = (0.85, -0.18, 0.5)
"""Where the page draws an area's first row of pieces, from its point: half its width, its
top and its bottom (board.js: ``slots``, ``R``)."""


WRAP = 12
"""A name longer than this many characters is written on two lines (cut at a space)."""


def name_lines(name: str) -> list[str]:
    """An area's name as the board writes it: on one line, or, when longer than
    :data:`WRAP`, on two cut at the space nearest its middle.

    >>> name_lines("Old Mill"), name_lines("Creux de la sorcière")
    (['Old Mill'], ['Creux de', 'la sorcière'])
    """
    spaces = [i for i, c in enumerate(name) if c == " "]
    if len(name) <= WRAP or not spaces:
        return [name]
    cut = min(spaces, key=lambda i: (max(i, len(name) - i - 1), i))
    return [name[:cut], name[cut + 1:]]


def under_line(capacity: int | None, height: int, tags: Sequence[str]) -> int:
    """How wide the line under an area's name is (board.js writes its places ``3/4``, height
    ``h1`` and tags, three quarters as big as the name), in the name's characters."""
    parts = [*([f"{capacity}/{capacity}"] if capacity is not None else []),
             *([f"h{height}"] if height else []), *([" ".join(tags)] if tags else [])]
    return round(0.75 * len(" · ".join(parts)))


def name_box(name: str, at: Point, font: float, under: int = 0) -> Polygon:
    """The room an area's name takes on the board when written at ``at`` (its first line's
    baseline's middle), on its :func:`name_lines`, with a line (capacity, height, tags:
    ``under`` characters wide, :func:`under_line`) under them."""
    x, y = at
    lines = name_lines(name)
    half = max(*map(len, lines), under) * font * CHAR_WIDTH / 2
    return box(x - half, y - 0.8 * font, x + half, y + (0.05 + len(lines)) * font)


def label_places(areas: Sequence[tuple[str, Point, list[Point] | None]],
                 walls: Sequence[tuple[Point, Point]], font: float,
                 under: Sequence[int] = ()) -> list[tuple[Point, Point]]:
    """Where each area's name goes, and its marks (the board grows to hold them): the first
    of :data:`LABEL_SPOTS` whose text (its lines and the line under them) touches no wall,
    no name placed before it, no other area, lies inside its own outline when it has one,
    and touches no area's first row of pieces (failing that, the best in that order); then
    the first of :data:`MARK_SPOTS` touching none of these nor the names."""
    lines = [LineString(w) for w in walls]
    half, top, bottom = PIECES
    pieces = [box(x - half, y + top, x + half, y + bottom) for _, (x, y), _ in areas]
    shapes = [Polygon(outline).buffer(-0.05) if outline else ShapelyPoint(x, y).buffer(CIRCLE)
              for _, (x, y), outline in areas]  # (a name inside its outline touches no other)

    def best(rects: Iterable[tuple[Point, Polygon, bool]], taken: list[Polygon],
             others: Sequence[Polygon] = ()) -> tuple[Point, Polygon]:
        chosen: tuple[tuple[int, ...], Point, Polygon] | None = None
        for rank, (spot, rect, inside) in enumerate(rects):
            score = (sum(1 for line in lines if line.intersects(rect)),
                     sum(1 for other in taken if other.intersects(rect)),
                     sum(1 for area in others if area.intersects(rect)), int(not inside),
                     sum(1 for zone in pieces if zone.intersects(rect)), rank)
            if chosen is None or score < chosen[0]:
                chosen = (score, (round(spot[0], 3), round(spot[1], 3)), rect)
            if score[:5] == (0, 0, 0, 0, 0):
                break
        assert chosen is not None
        return chosen[1], chosen[2]

    names: list[Polygon] = []
    spots: list[Point] = []
    widths = list(under) or [0] * len(areas)
    for index, (name, (x, y), outline) in enumerate(areas):
        shape = Polygon(outline) if outline else None
        middles = (x,) if shape is None else (x, shape.centroid.x)  # (an outline's middle too)
        spot, rect = best((((mx + dx, y + dy),
                            box_ := name_box(name, (mx + dx, y + dy), font, widths[index]),
                            shape is None or shape.contains(box_))
                           for mx in middles for dx, dy in LABEL_SPOTS), names,
                          [s for n, s in enumerate(shapes) if n != index])
        names.append(rect)
        spots.append(spot)
    marks: list[Polygon] = []
    out = []
    for (_, (x, y), outline), label in zip(areas, spots, strict=True):
        area = Polygon(outline) if outline else ShapelyPoint(x, y).buffer(CIRCLE)
        rects = [((x + dx - MARKS_WIDTH / 2 + 0.15, y + dy),
                  box(x + dx - MARKS_WIDTH / 2, y + dy - 0.15, x + dx + MARKS_WIDTH / 2,
                      y + dy + 0.15)) for dx, dy in MARK_SPOTS]
        spot, rect = best(((at, r, area.contains(r)) for at, r in rects), names + marks)
        marks.append(rect)
        out.append((label, spot))
    return out
