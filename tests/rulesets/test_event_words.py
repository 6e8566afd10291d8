"""The events in French for every ruleset, not only cryptids: each event kind has a French
sentence in the ruleset's catalogs (``messages.po``), and the English its data holds (names of
places, reasons, lists) is said in French at display time (``Messages.render`` words it by the
ruleset's catalogs), while the events themselves, what records keep, stay as they are."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.agents import RandomAgent, play_out, seat_agents
from rulekeeper.core import registry
from rulekeeper.core.events import Event, Wording
from rulekeeper.core.game import Game, new_game
from rulekeeper.core.records import log_lines, read_log
from rulekeeper.core.ruleset import CORE_TEMPLATES
from rulekeeper.core.sentences import ENGINE, sentences

RULESETS = ["enemy-attacks", "combat-encounter", "dire-alliance-battle", "dire-alliance-raid",
            "cryptids", "cryptids-run"]

ENGLISH = re.compile(r"\b(?:the|and|with|from|into|its|his|her|then|of|is|are|to|by|for|on|"
                     r"at|in|has|no|not|was|who|which|left|gains?|moves?|plays?|attacks?|"
                     r"damage|round|turn|card|cards|hero|enemy|minion|area|[Hh]eroes|[Ee]nemies|"
                     r"[Aa]ct|[Rr]eact)\b")
"""English words a French sentence has no business with, once the content's names are taken
out (a name a catalog does not say in French stays as the content prints it)."""

UNELIDED = re.compile(r"(?<![\w'’-])(?:(?:de|que|le|la|je|ne|se) [aeiouàâéèêëîïôûœ]|"
                      r"(?:de|à) les? )", re.IGNORECASE)
"""What French never writes: *de Empyreal*, *que il*, *de le cube*, *à les rats*
(``core.events.elided``)."""

MISAGREED = re.compile(r"\b[01] \w+(?:és|ts)\b|\b(?:[2-9]|\d\d+) perte\b|\b[01] \w+ées\b")
"""A French count at odds with its noun: *1 blessés*, *3 perte d'endurance indiquée*."""

CORPUS = Path(__file__).resolve().parents[1] / "records"
"""The golden corpus: logs of every release."""

KNOWN = {"enemy-attacks": {"manche", "commence dans", "dégât", "succès", "Au tour de"},
         "combat-encounter": {"Joueur 1", "joue", "se déplace", "Tour de joueur",
                              "Manche 1, ordre du tour\u00a0: Joueur 1"},
         "dire-alliance-battle": {"Bleu", "Rouge", "pioche", "La manche 1 commence"},
         "dire-alliance-raid": {"méchant", "sbire", "rangée d'actions", "La manche 1 commence",
                                "la phase Action des héros commence",
                                "la phase Réaction des héros prend fin",
                                "la phase Action des ennemis", "la phase Réaction des ennemis"}}
"""French words each ruleset's game says."""


def names(content: Any) -> set[str]:
    """Every name in a ruleset's content (what events keep in English)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "name" and isinstance(item, str):
                    found.add(item)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(content.model_dump(mode="json"))
    return found


def played(ruleset_id: str, seed: int) -> Game:
    """A whole game: bots for the rulesets that have them, random moves in combat-encounter
    (its bots end a game in a few moves; random ones meet more of its rules)."""
    if ruleset_id != "combat-encounter":
        game = new_game(ruleset_id, seed=seed)
        play_out(game, seat_agents(game.ruleset, game.seats, None, seed))
        return game
    game = new_game(ruleset_id, seed=seed, options={"players": 4, "time_limit": 200})
    agents = {s: RandomAgent(s, seed * 5 + i) for i, s in enumerate(game.seats)}
    while not game.over:
        game.step(agents[game.pending.player].choose(None, game.pending))
    return game


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_event_kind_has_a_french_sentence(ruleset_id):
    """A new event kind without its French sentence fails here, and an older version's
    template too; the engine's own events (clocks, work budget) are worded by
    ``core/sentences.py``."""
    messages = registry.load(ruleset_id).messages
    french = messages.catalog("fr")
    older = [(kind, english) for kind, said in messages.older.items() for english in said]
    missing = [kind for kind, english in [*messages.templates.items(), *older]
               if kind not in ENGINE.templates and english not in french]
    assert missing == []
    assert "fr" in messages.locales


def test_the_engine_words_all_its_events_in_french():
    assert set(CORE_TEMPLATES) == set(ENGINE.templates)
    assert all(english in ENGINE.catalog("fr") for english in ENGINE.templates.values())


@pytest.mark.parametrize(("ruleset_id", "seed"), [
    ("enemy-attacks", 1), ("enemy-attacks", 2), ("combat-encounter", 1),
    ("combat-encounter", 3), ("dire-alliance-battle", 1), ("dire-alliance-raid", 1)])
def test_a_games_every_event_is_french(ruleset_id, seed):
    game = played(ruleset_id, seed)
    before = [e.to_json() for e in game.events]
    say = sentences(game.ruleset, game.seats, "fr")
    content, _ = game.ruleset.load_content()
    kept = sorted(names(content), key=len, reverse=True)
    english: list[str] = []
    said = []
    for event in game.events:
        french = say(event)
        said.append(french)
        assert french != game.ruleset.messages.render(event), event
        bare = french
        for name in kept:
            bare = bare.replace(name, "")
        if ENGLISH.search(bare) or UNELIDED.search(french) or MISAGREED.search(french):
            english.append(french)
    assert english == []
    log = "\n".join(said)
    assert all(word in log for word in KNOWN[ruleset_id]), KNOWN[ruleset_id]
    assert [e.to_json() for e in game.events] == before  # the events stay as they were
    lines = log_lines(game, "fr", say)  # what a downloaded log file holds
    assert lines[0]["lang"] == "fr" and [line["text"] for line in lines[1:]] == said


@pytest.mark.parametrize(("ruleset_id", "winner", "side"), [
    ("dire-alliance-battle", "red", "Rouge"), ("enemy-attacks", "heroes", "Héros")])
def test_the_work_budget_is_said_in_french(ruleset_id, winner, side):
    say = sentences(registry.load(ruleset_id), list(registry.load(ruleset_id).meta.players),
                    "fr")
    judged = Event("work-budget.judged", "core.work-budget",
                   {"limit": 500, "what": "decisions", "winner": winner})
    tie = Event("work-budget.tie", "core.work-budget", {"limit": 400, "what": "steps"})
    assert say(judged) == ("Le budget de travail est atteint (500 décisions)\u00a0: la partie se "
                           f"termine, gagnée au décompte des règles par {side}")
    assert say(tie) == ("Le budget de travail est atteint (400 étapes)\u00a0: la partie se "
                        "termine par une égalité")


@pytest.mark.rule("core.clock-expiry", "core.work-budget", "core.resign")
@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["You: the clock runs out, and the seat's bot decides",
            "You: the clock runs out, and the game is lost by forfeit (losing side: You)",
            "You: resignation, and the game is lost (losing side: You)",
            "The work budget is reached (5 steps): the game ends, won on the rules' count by "
            "You"]),
    ("fr", ["Vous\u00a0: la pendule tombe, et le bot de la place décide",
            "Vous\u00a0: la pendule tombe, et la partie est perdue par forfait (camp perdant\u00a0: Vous)",
            "Vous\u00a0: abandon, et la partie est perdue (camp perdant\u00a0: Vous)",
            "Le budget de travail est atteint (5 étapes)\u00a0: la partie se termine, gagnée au "
            "décompte des règles par Vous"])])
def test_the_engine_names_a_seat_where_any_name_reads_right(lang, expected):
    """A seat called *You* (*Vous*) reads right in the engine's own sentences: never
    *You's clock runs out* nor *You wins*."""
    ruleset = registry.load("cryptids-run")
    say = sentences(ruleset, list(ruleset.meta.players), lang)
    assert [say(Event(kind, rule, data)) for kind, rule, data in [
        ("clock.bot", "core.clock-expiry", {"seat": "player"}),
        ("clock.forfeit", "core.clock-expiry", {"seat": "player", "side": "player"}),
        ("resign", "core.resign", {"seat": "player", "side": "player"}),
        ("work-budget.judged", "core.work-budget",
         {"limit": 5, "what": "steps", "winner": "player"})]] == expected


def test_a_texts_lists_and_clauses_are_worded_part_by_part():
    words = Wording({"{who} ({why})": "{who} ({why})", "distance {n:d}": "à {n:d} cases",
                     "adjacent": "adjacent", "not eligible: {who}": "non éligibles : {who}",
                     "Nave": "Nef", "in sight": "en vue"}, "fr")
    assert words("Ann (distance 2, in sight), Bob (adjacent); not eligible: Cy (distance 3)") == (
        "Ann (à 2 cases, en vue), Bob (adjacent)\u202f; non éligibles : Cy (à 3 cases)")
    assert words(" Nave") == " Nef" and words(", Nave") == ", Nef"
    assert words("; Nave") == "\u202f; Nef"  # French spaces its semicolon
    assert words("Ann (x) (y)") == "Ann (x) (y)"  # no field ends inside brackets


def test_the_golden_corpus_is_said_in_english_and_french():
    """Every event of every release's logs (tests/records) is said as a sentence in English
    and otherwise in French, never as its data: older versions' events included, whose data
    differs from today's (a count written as text, fields since renamed), and those today's
    templates cannot say (a kind since retired, data without a field since added), by the
    templates their ruleset's history keeps for them (``Change.templates``)."""
    said, unsaid = 0, []
    for path in sorted(CORPUS.rglob("*.jsonl*")):
        log = read_log(path)
        ruleset = registry.load(log.record.ruleset)
        english = sentences(ruleset, list(ruleset.meta.players), "en")
        french = sentences(ruleset, list(ruleset.meta.players), "fr")
        for event in log.events or []:
            try:
                words = english(event), french(event)
            except KeyError:
                words = ()
            if not ruleset.messages.said(event.kind) or len(words) < 2 or words[0] == words[1]:
                unsaid.append((path.name, event.kind, dict(event.data)))
            said += 1
    assert unsaid == []
    assert said > 50_000


def test_an_older_versions_events_are_said_by_their_own_templates():
    """Dire Alliance's version 1 counted a player's cards (``play.count``) and named no pile
    for a heal: both said, in English and French, the events as they were."""
    messages = registry.load("dire-alliance-battle").messages
    count = Event("play.count", "battle.turn.play", {"seat": "Red", "count": 2})
    heal = Event("heal", "battle.heal", {"fighter": "Dr. Kramer", "seat": "Blue",
                                         "card": "Dr. Kramer"})
    assert [messages.render(e) for e in (count, heal)] == [
        "Red plays 2 cards", "Dr. Kramer heals: Blue moves Dr. Kramer out of the graveyard"]
    assert [messages.render(e, "fr") for e in (count, heal)] == [
        "Rouge joue 2 cartes", "Dr Kramer se soigne\u00a0: Bleu sort Dr Kramer du cimetière"]
    healed = Event("heal", "battle.heal", {**heal.data, "pile": "discard pile"})
    assert messages.render(healed).endswith("from the graveyard to the discard pile")


@pytest.mark.parametrize(("ruleset_id", "options"), [
    ("dire-alliance-battle", {}), ("dire-alliance-raid", {"heroes": 2}),
    ("enemy-attacks", {"players": 2})])
def test_an_event_names_a_seat_by_its_name_in_english_too(ruleset_id: str,
                                                          options: dict[str, Any]) -> None:
    """Where an event's field holds a seat's id (``hero1``, ``red``, ``p1``), its sentence
    says the seat's name (*Hero 1 plays Sister Maren*, *Red draws 4 cards*), in English as
    in French; the event keeps the id."""
    game = new_game(ruleset_id, seed=3, options=options)
    play_out(game, seat_agents(game.ruleset, game.seats, None, 3))
    seated = [e for e in game.events if any(v in game.seats for v in e.data.values())]
    assert seated
    names = {seat: side.label for seat, side in game.ruleset.drawing.coloured(game.seats).items()}
    say = sentences(game.ruleset, game.seats, "en")
    for event in seated:
        text = say(event)
        for value in event.data.values():
            if value in game.seats:
                assert names[value] in text, (event.kind, text)
                assert not re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text), text


def test_a_name_with_a_vowel_is_elided_in_a_rulesets_sentence():
    """*Empyréen se déplace d'Arbre aux pendus*, *subit 1 dégât du cube gélatineux*: the
    events' data stay English (``Empyreal``, ``Hanging Tree``, ``the Jelly Cube``); English is
    unchanged."""
    battle = registry.load("dire-alliance-battle").messages
    move = Event("move", "battle.action.move.a", {"fighter": "Empyreal", "source": "Hanging Tree",
                                                  "destination": "Old Mill"})
    assert battle.render(move) == "Empyreal moves from Hanging Tree to Old Mill"
    assert battle.render(move, "fr") == "Empyréen se déplace d'Arbre aux pendus à Vieux moulin"
    encounter = registry.load("combat-encounter")
    say = sentences(encounter, ["p1", "p2"], "fr")
    jelly = Event("damage.other", "jelly-cube", {"who": "p1", "amount": 1,
                                                 "source": "the Jelly Cube", "health": 3})
    assert say(jelly) == ("Joueur 1 subit 1 dégât du cube gélatineux (pas des dégâts de combat)"
                          "\u00a0: il lui reste 3 de santé")


@pytest.mark.parametrize(("lang", "modified", "rated"), [
    ("en", "Dahu changes the total by \u22121: 4 \u2192 3.",
     "Skill change of this battle (a loss against skill 25.0): \u22122.635; the run's total "
     "so far \u22125.271, applied when the run ends."),
    ("fr", "Total modifi\u00e9 par le Dahu (\u22121)\u00a0: 4 \u2192 3.",
     "Variation de niveau de cette bataille (une d\u00e9faite contre le niveau 25,0)\u00a0: "
     "\u22122,635\u202f; total de la partie jusqu'ici \u22125,271, appliqu\u00e9 \u00e0 la fin "
     "de la partie.")])
def test_a_negative_number_is_said_with_the_minus_sign(lang, modified, rated):
    """A sentence writes a negative number with the minus sign, as the pages write ratings
    (*−2,1*): a modifier the event keeps as text (``"-1"``) and a rating change it keeps as a
    number alike; the events keep their data (``"-1"``, ``-2.635``)."""
    modify = Event("modify", "effects.modify-total",
                   {"who": {"en": "Dahu", "fr": "le Dahu"}, "amount": "-1", "before": 4,
                    "total": 3})
    rating = Event("rating.battle", "rating.battle",
                   {"outcome": {"en": "a loss", "fr": "une d\u00e9faite"}, "mu": -2.635,
                    "opponent_mu": 25.0, "total": -5.271})
    run = registry.load("cryptids-run")
    assert run.messages.render(modify, lang) == modified
    assert run.messages.render(rating, lang) == rated
    assert modify.data["amount"] == "-1" and rating.data["mu"] == -2.635
    plus = Event("modify", "effects.modify-total", {**modify.data, "amount": "+1", "total": 5})
    assert run.messages.render(plus) == "Dahu changes the total by +1: 4 \u2192 5."



def test_a_runs_candidates_are_named_and_rated_as_the_sentences_say_numbers():
    """Matchmaking's candidates, kept as text (``bot-4 (25.0)``), are said with the run's
    names for its bot players and their ratings as the sentence's other numbers: a decimal
    comma in French, the minus sign (it said *bot-4 (25.0)* in French)."""
    event = Event("match.candidates", "matchmaking.explained",
                  {"candidates": ["bot-4 (25.0)", "alice (-3.5)"]})
    run = registry.load("cryptids-run")
    assert run.messages.render(event) == "Nearest candidates: Bot 4 (25.0) and alice (\u22123.5)."
    assert run.messages.render(event, "fr") == (
        "Candidats les plus proches\u00a0: Robot 4 (25,0) et alice (\u22123,5).")
    assert event.data["candidates"] == ["bot-4 (25.0)", "alice (-3.5)"]
