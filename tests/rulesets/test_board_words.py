"""The rulesets' board texts in French (issue 28, item 5): each ruleset's ``view.po`` words
its board's names, sides, panel titles, facts, piles and headline (``Messages.wording``,
applied by :func:`rulekeeper.core.view.translated`), and its templates keep their fields."""

from __future__ import annotations

import random
import re
import string

import pytest
from shapely import LineString, Point, Polygon

from rulekeeper.agents import play_out, seat_agents
from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from rulekeeper.core.view import (
    CIRCLE,
    Board,
    TableView,
    name_box,
    name_lines,
    short_labels,
    translated,
    under_line,
)

BOARDS = ["enemy-attacks", "combat-encounter", "dire-alliance-battle", "dire-alliance-raid"]
"""Rulesets drawn on a board of areas, with a French board catalog."""


def fields(template: str) -> set[tuple[str, str]]:
    return {(name, spec) for _, name, spec, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("ruleset_id", [*BOARDS, "cryptids", "cryptids-run"])
def test_every_board_translation_keeps_the_fields_of_its_english(ruleset_id):
    messages = registry.load(ruleset_id).messages
    words = messages.wording("fr").catalog
    assert words, ruleset_id
    for english, french in words.items():
        assert {n for n, _ in fields(english)} == {n for n, _ in fields(french)}, english
        numbers = {n for n, s in fields(french) if s == "d" or "|" in s}  # a count, or "d"
        assert {n for n, s in fields(english) if s == "d"} <= numbers, english
        assert {n for n, s in fields(french) if s == "d"} <= {
            n for n, s in fields(english) if s == "d"}, english


def played(ruleset_id: str) -> tuple[Board, list[TableView]]:
    game = new_game(ruleset_id, seed=3)
    pick = random.Random(3)
    tables = []
    for _ in range(12):
        tables += [game.table_view(seat) for seat in game.seats]
        if game.over or game.pending is None:
            break
        game.step(pick.choice(game.pending.ids))
    return game.board(), tables


@pytest.mark.parametrize("ruleset_id", BOARDS)
def test_the_board_chrome_is_french_when_the_page_is(ruleset_id):
    ruleset = registry.load(ruleset_id)
    board, tables = played(ruleset_id)
    french = ruleset.messages.wording("fr")
    shown = translated(board, french)
    assert [a.id for a in shown.areas] == [a.id for a in board.areas]  # ids stay
    renamed = [a for a, b in zip(board.areas, shown.areas, strict=True) if a.name != b.name]
    assert len(renamed) == len(board.areas), "every sample area has a French name"
    assert all(s.label != french(s.label) for s in board.sides.values())
    for table in tables:
        fr = translated(table, french)
        assert fr.headline != table.headline
        for english, worded in zip(table.panels, fr.panels, strict=True):
            assert worded != english, english  # a title, a fact or a pile in French


@pytest.mark.parametrize("ruleset_id", BOARDS)
def test_a_pieces_tag_is_made_from_its_name_in_the_pages_language(ruleset_id):
    """A French board tags *Le Roi Creux* ``RC`` and *Boucher* ``Bou`` (they read ``HK`` and
    ``But``, short for the English names), unique on the table as the English tags are; the
    English tags stay."""
    ruleset = registry.load(ruleset_id)
    _, tables = played(ruleset_id)
    french, english = ruleset.messages.wording("fr"), ruleset.messages.wording("en")
    renamed = 0
    for table in tables:
        pieces = translated(table, french).pieces()
        assert [p.label for p in pieces] == short_labels([(p.id, p.name) for p in pieces])
        renamed += sum(p.label != q.label for p, q in zip(pieces, table.pieces(), strict=True))
        assert translated(table, english) == table
    assert renamed or ruleset_id == "combat-encounter"  # its people's names are French too


def test_a_symbol_that_is_its_names_initial_is_the_french_names_initial():
    """The crawler's *c cursed* and *H huge* read *m maudit* and *É énorme* in French (they
    read *c maudit*, *H énorme*); a symbol that is no initial (Dire Alliance's *z* for
    stunned) stays."""
    from rulekeeper.core.view import Status

    crawler = registry.load("enemy-attacks").messages.wording("fr")
    said = [translated(Status(name=n, symbol=s), crawler) for n, s in
            (("cursed", "c"), ("huge", "H"), ("large", "L"))]
    assert [(s.symbol, s.name) for s in said] == [("m", "maudit"), ("É", "énorme"),
                                                  ("G", "grand")]
    stunned = translated(Status(name="stunned", symbol="z"),
                         registry.load("dire-alliance-battle").messages.wording("fr"))
    assert stunned.symbol == "z" and stunned.name != "stunned"



    for ruleset_id, english in (("cryptids", "roll 2 · total 7"),
                                ("cryptids-run", "round 2 · 1 life · 3 of 5 victories · 10 gold")):
        french = registry.load(ruleset_id).messages.wording("fr")
        assert french(english) in ("lancer 2 · total 7",
                                   "manche 2 · 1 vie · 3 victoires sur 5 · 10 pièces d'or")


@pytest.mark.parametrize("ruleset_id", BOARDS)
def test_the_french_names_are_placed_on_the_board(ruleset_id):
    ruleset = registry.load(ruleset_id)
    content, _ = ruleset.load_content()
    english = ruleset.drawing.geometry(content, None, ruleset.meta.players)
    french = translated(english, ruleset.messages.wording("fr"))
    width, height = french.size
    for area in french.areas:
        left, top, right, bottom = name_box(area.name, area.label_at, french.font).bounds
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, area.name
    assert translated(english, ruleset.messages.wording("en")) == english


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("ruleset_id", BOARDS)
def test_each_name_is_clear_of_the_other_names_areas_and_walls(ruleset_id, lang):
    """A name (on two lines when long, and the line under it) lies on its own area, never
    over another area, a wall or another name: in every scenario, in English and French."""
    ruleset = registry.load(ruleset_id)
    content, _ = ruleset.load_content()
    for scenario in ruleset.scenarios(content) or [None]:
        board = translated(ruleset.drawing.geometry(content, scenario, ruleset.meta.players),
                           ruleset.messages.wording(lang))
        shapes = {a.id: Polygon(a.outline) if a.outline else Point(a.point).buffer(CIRCLE)
                  for a in board.areas}
        names = {a.id: name_box(a.name, a.label_at, board.font,
                                under_line(a.capacity, a.height, a.tags)) for a in board.areas}
        walls = [LineString(w) for w in board.walls]
        for area in board.areas:
            name = names[area.id]
            assert area.lines == name_lines(area.name) and len(area.lines) <= 2
            assert area.outline is None or shapes[area.id].contains(name), area.name
            assert not any(w.intersects(name) for w in walls), area.name
            for other in board.areas:
                if other.id != area.id:
                    assert not names[other.id].intersects(name), (area.name, other.name)
                    assert not shapes[other.id].buffer(-0.05).intersects(name), (
                        area.name, other.name)


def test_a_long_name_goes_on_two_lines_cut_near_its_middle():
    assert name_lines("Thorn Thicket") == ["Thorn", "Thicket"]
    assert name_lines("Ruines de la chapelle") == ["Ruines de", "la chapelle"]
    assert name_lines("Old Mill") == ["Old Mill"] and name_lines("Tourbièreengloutie") == [
        "Tourbièreengloutie"]


@pytest.mark.parametrize("ruleset_id", BOARDS)
def test_a_seats_panel_is_titled_by_the_seats_name_not_its_id(ruleset_id):
    board, tables = played(ruleset_id)
    seated = [p for table in tables for p in table.panels if p.seat]
    assert seated
    for panel in seated:
        assert panel.title.startswith(board.sides[panel.seat].label), panel.title
        assert not panel.title.startswith(f"{panel.seat}:"), panel.title


@pytest.mark.parametrize("ruleset_id", BOARDS)
def test_a_headline_names_seats_by_their_names_not_their_ids(ruleset_id):
    ruleset = registry.load(ruleset_id)
    _, tables = played(ruleset_id)
    french = ruleset.messages.wording("fr")
    seats = new_game(ruleset_id, seed=3).seats
    for table in tables:
        for headline in (table.headline, translated(table, french).headline):
            assert not any(re.search(rf"\b{re.escape(s)}\b", headline) for s in seats), headline


@pytest.mark.parametrize("ruleset_id", BOARDS)
def test_a_finished_games_headline_gives_the_turn_to_nobody(ruleset_id):
    """Once the game is over nobody plays, acts or has a turn (the headline said the last
    seat's turn went on)."""
    game = new_game(ruleset_id, seed=3)
    play_out(game, seat_agents(game.ruleset, game.seats, None, 3))
    assert game.over
    french = game.ruleset.messages.wording("fr")
    table = game.table_view(None)
    assert not re.search(r"plays\)|'s turn|\bacts\b", table.headline), table.headline
    assert not re.search(r"\bjoue\b|\bagit\b", translated(table, french).headline)
    if ruleset_id == "dire-alliance-battle":
        assert " · over · " in table.headline
        assert " · terminée · " in translated(table, french).headline


def test_a_combats_order_of_several_seats_is_french():
    french = registry.load("combat-encounter").messages.wording("fr")
    assert french("round 2 · Player 1's turn · combat in Crypt, order Player 1 → Player 2 → "
                  "Player 3") == ("manche 2 · Joueur 1 joue · combat dans Crypte, ordre Joueur 1 "
                                  "→ Joueur 2 → Joueur 3")


@pytest.mark.parametrize("ruleset_id", ["cryptids", "cryptids-run"])
def test_every_row_is_titled_by_its_side(ruleset_id):
    """The page titles each row of cryptids by the side its key names (``Drawing.sides``):
    a run's offers and row read "Offers" and "Your row" ("Offres", "Votre rangée"), never
    their keys."""
    ruleset = registry.load(ruleset_id)
    _, tables = played(ruleset_id)
    keys = {key for table in tables for key in table.rows}
    assert keys and keys <= set(ruleset.drawing.sides), keys
    words = ruleset.messages.wording("fr")
    titles = [ruleset.drawing.sides[key].label for key in sorted(keys)]
    assert all(words(title) != title for title in titles), titles
