"""The sample content's names in French: a French page (or ``--lang fr``) reads Dire
Alliance's fighters, leaders, factions, heroes, classes, villains, cards, special actions,
objectives and sites by their French names (*Jouer Couperet lourd face visible*, never *Heavy
Cleaver*), in both modes, and enemy-attacks' heroes and enemies by theirs: the decisions'
prompts and options, the board and the seats' tables, the events' sentences and the setup
form's choices. The names are ours (``sample: true``), so the catalogs say them (Dire
Alliance's ``messages.po``: dire_alliance/locale for the names both modes print, raid/locale
for Raid Mode's own); a person's name stays as it is. The events keep their English data: a
record replays the same in every language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from rulekeeper.agents import RandomAgent
from rulekeeper.core import registry
from rulekeeper.core.events import Event
from rulekeeper.core.game import Game, new_game
from rulekeeper.core.view import translated
from tests.rulesets.test_event_words import names
from tests.test_no_internal_ids import shown

SAME = {"dire-alliance-battle": {"Rutger", "Ellis", "Cairn"},
        "dire-alliance-raid": {"Cole Ashby", "Tobias Crane", "Cairn", "Charge", "Laudanum"},
        "enemy-attacks": {"Ogre"}}
"""The content's names French says as English does: people's names, and words French has
too."""

GAMES = {
    "dire-alliance-battle": [
        (0, "beaten-path", {}), (1, "standing-stones", {}),
        (2, "beaten-path", {"red_faction": "grievers", "red_leader": "ellis",
                            "blue_faction": "shroud", "blue_leader": "hush"}),
        (3, "standing-stones", {"red_faction": "grievers", "red_leader": "ellis",
                                "blue_faction": "shroud", "blue_leader": "hush"})],
    "dire-alliance-raid": [
        (0, "into-the-darkwood", {"heroes": 4}), (1, "barrow-stones", {"heroes": 4}),
        (2, "into-the-darkwood", {"heroes": 4, "villain": "widow-thorne",
                                  "class1": "hunter", "class2": "slayer"})],
    "enemy-attacks": [(0, None, {"players": 4}), (1, None, {"players": 2})],
}
"""Games of each ruleset (each of Dire Alliance's modes) that meet every faction, leader,
hero, class and villain."""
STEPS = 300


def english_names(ruleset_id: str) -> list[str]:
    """The content's names French says otherwise, the longest first."""
    content = registry.load(ruleset_id).load_content()[0]
    return sorted(names(content) - SAME[ruleset_id], key=len, reverse=True)


def finder(found: list[str]) -> re.Pattern[str]:
    """A pattern that finds any of ``found`` as words of a text."""
    return re.compile(r"(?<![\w'])(" + "|".join(map(re.escape, found)) + r")(?![\w'])")


def read_in_french(game: Game, steps: int) -> Iterator[str]:
    """What a French person reads of a game played by random agents for ``steps`` decisions."""
    ruleset = game.ruleset
    words = ruleset.messages.wording("fr")
    agents = {seat: RandomAgent(seat, i) for i, seat in enumerate(game.seats)}
    yield from shown(translated(game.board(), words).model_dump(mode="json"))
    for _ in range(steps):
        pending = game.pending
        if pending is None:
            break
        yield words(pending.prompt)
        yield from (words(o.label) for o in pending.options)
        yield from shown(translated(game.table_view(pending.player), words)
                               .model_dump(mode="json"))
        game.step(agents[pending.player].choose(None, pending))
    yield from (ruleset.messages.render(e, "fr") for e in game.events)


@pytest.mark.parametrize(("ruleset_id", "seed", "scenario", "options"),
                         [(r, *g) for r, games in GAMES.items() for g in games])
def test_a_french_person_reads_no_sample_name_in_english(ruleset_id, seed, scenario, options):
    found = finder(english_names(ruleset_id))
    game = new_game(ruleset_id, scenario, seed=seed, options=options)
    english = {m[1]: text for text in read_in_french(game, STEPS) for m in found.finditer(text)}
    assert english == {}


ENGLISH = re.compile(r"\b(the|his|her|its|in|then|with|every|icons|area|and|card|fighter)\b")
"""English words no French rules text has."""


@pytest.mark.parametrize(("ruleset_id", "seed", "scenario", "options"),
                         [(r, *g) for r, games in GAMES.items() for g in games
                          if r != "enemy-attacks"])  # (its pieces say no rules text)
def test_the_rules_texts_of_cards_and_pieces_are_french(ruleset_id, seed, scenario, options):
    """What a card or a piece says (a tooltip, a card's note: *➤ Frénésie sanglante :
    Déplacement, puis Mêlée avec +1 dé.*, a leader's rule, a villain card's actions) is
    French on a French page, whole (it was English; a template reading part of a text made
    *Heal a minion dans its area*)."""
    game = new_game(ruleset_id, scenario, seed=seed, options=options)
    words = game.ruleset.messages.wording("fr")
    agents = {seat: RandomAgent(seat, i) for i, seat in enumerate(game.seats)}
    texts: dict[str, str] = {}
    for _ in range(STEPS // 3):
        if (pending := game.pending) is None:
            break
        table = game.table_view(pending.player)
        cards = [c for p in table.panels for pile in p.piles for c in pile.cards or ()]
        french = translated(table, words)
        said = [c for p in french.panels for pile in p.piles for c in pile.cards or ()]
        texts |= {a.text: b.text for a, b in zip([*table.pieces(), *cards],
                                                [*french.pieces(), *said], strict=True)
                  if a.text}
        game.step(agents[pending.player].choose(None, pending))
    assert texts
    assert {e: f for e, f in texts.items() if f == e or ENGLISH.search(f)} == {}


@pytest.mark.parametrize("ruleset_id", sorted(GAMES))
def test_every_sample_name_has_a_french_form(ruleset_id):
    """Each name of the content (and of the setup form's choices) is said in French, or is
    one of :data:`SAME`; the English says them as the content does."""
    ruleset = registry.load(ruleset_id)
    content = ruleset.load_content()[0]
    french, english = ruleset.messages.wording("fr"), ruleset.messages.wording("en")
    assert [n for n in english_names(ruleset_id) if french(n) == n] == []
    assert all(english(n) == n for n in names(content))
    labels = [c.label for choices in ruleset.option_choices(content).values() for c in choices]
    labels += [c.label for c in ruleset.scenario_choices(content)]
    found = finder(english_names(ruleset_id))
    assert [french(label) for label in labels if found.search(french(label))] == []


def test_the_french_names_read_in_sentences():
    """Examples: a card played face up, a faction and its leader, an objective claimed (elided:
    *d'Autel*), a name with brackets of its own, a villain named with its article after words
    that would contract it (*de Le Roi Creux*: the French says *contre Le Roi Creux*)."""
    raid = registry.load("dire-alliance-raid").messages.wording("fr")
    assert raid("Play Heavy Cleaver face up (+2 melee, -1 defense; ➤ Hack: Melee with +1 "
                "die.)") == ("Jouer Couperet lourd face visible (+2 mêlée, -1 défense\u202f; "
                             "➤ Taillade\u00a0: Mêlée avec +1 dé.)")
    assert raid("Sister Maren, defending against The Hollow King's melee: boost before the dice "
                "are rolled?") == ("Sœur Maren, en se défendant contre Le Roi Creux en mêlée\u00a0: "
                                   "se renforcer avant le jet des dés\u202f?")
    battle = registry.load("dire-alliance-battle").messages
    colours = Event("setup.colours", "battle.setup", {"seat": "Blue", "faction": "The Grievers",
                                                      "leader": "Dr. Kramer"})
    assert battle.render(colours, "fr") == "Bleu joue Les Endeuillés, menée par Dr Kramer"
    words = battle.wording("fr")
    assert words("Control: claim the vessel at Chapel Altar") == (
        "Contrôle\u00a0: revendiquer le vase d'Autel de la chapelle")
    assert words("Melee Ellis (wolf form) (1 die against 2 dice)") == (
        "Mêlée contre Ellis (forme de loup) (1 dé contre 2 dés)")
    assert words("Heal Empyreal: move an Empyreal card from the graveyard to the discard "
                 "pile") == ("Soigner Empyréen\u00a0: remettre une carte Empyréen du cimetière "
                             "dans la défausse")


FIGURE = re.compile(r"\{(fighter|target|hero|enemy|villain|minion|ally|figure)\w*\}|\b(it|he|she)\b")
"""What in an English sentence names a figure (a fighter, a hero, an enemy...) or speaks of one."""
MASCULINE = re.compile(
    r"(?<![-'])\bil\b(?! (y a|faut|en reste))|-t-il\b|\bqu'il\b(?! faut)"
    r"|\}(,)? (est|a été|devient|redevient|reste)( \w+)? (vaincu|prêt|rassasié|étourdi|placé|arrêté"
    r"|épuisé|mis|blessé|retiré|activé|soigné)\b|\((vaincu|activé|blessé)\)|— vaincu")
"""A French sentence that agrees with a masculine figure: *il*, *l'attaque-t-il*, *{fighter} est
vaincu*."""
NOT_A_FIGURE = {
    "A friendly fighter you see performs a Melee action (being stunned does not stop it, and it "
    "stays stunned).",  # il: un combattant
    "{fighter}: {verb} has no fighter or place to act on; it is skipped",  # il: l'effet
    "The {faction} player flips the initiative token: it shows {colour}, so the {faction} "
    "player is {colour}",  # il: le jeton
    "Ellis takes his wolf form with ➤ Shed the Skin. In wolf form he uses the wolf's stats and "
    "special action, and he returns to his human form when he suffers damage.",  # he is
    "it still makes the group's decisions",  # a seat: Joueur 2
}


@pytest.mark.parametrize("ruleset_id", sorted(GAMES))
def test_a_french_sentence_about_a_figure_agrees_with_any_name(ruleset_id):
    """*La Comtesse*, *Sœur Maren*, *Veuve Thorne*, *Goule* are feminine: a French sentence
    about a figure never agrees as with a masculine one (*il redevient prêt*, *qu'il puisse*,
    *{hero} l'attaque-t-il*, *Goule est vaincu*); it words the fact otherwise (*repasse à
    l'état prêt*, *le seul héros attaquable*, *défaite de {villain}*)."""
    from babel.messages.pofile import read_po

    messages = registry.load(ruleset_id).messages
    found = {}
    for po in messages._files["fr"]:
        if po.stem == "rulings":  # (its questions speak of a fighter, a hero: nouns)
            continue
        for m in read_po(po.open("rb")):
            if (m.id and m.string and FIGURE.search(str(m.id)) and str(m.id) not in NOT_A_FIGURE
                    and MASCULINE.search(str(m.string))):
                found[str(m.id)] = str(m.string)
    assert sorted(found) == []


def test_a_weapons_note_says_its_mode_as_its_options_do():
    """combat-encounter's weapon card reads *mêlée, 1d8* as the attack's option does (it read
    *de mêlée, 1d8*: the word of *arme de mêlée*)."""
    game = new_game("combat-encounter", seed=2)
    words = game.ruleset.messages.wording("fr")
    table = translated(game.table_view(game.seats[0]), words)
    notes = {c.name: c.text for p in table.panels for pile in p.piles for c in pile.cards or ()}
    assert notes["Épée longue"] == "mêlée, 1d8" and notes["Arc court"] == "à distance, 1d6"
