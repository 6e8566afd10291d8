"""A battle's events told for one side (``told.py``): the online game shows a battle to the
player whose row fought on one side of it, and the ruleset says "your row has 6 HP left,
theirs 5", not "left 6, right 5", in English and French; the numbers from the ruleset's
declared facts; any other event keeps the ruleset's sentence."""

from __future__ import annotations

import re
import string

import pytest

from rulekeeper.core import registry
from rulekeeper.core.events import Event
from rulekeeper.rulesets.cryptids.end import BY_HP, ROLL_CAP
from rulekeeper.rulesets.cryptids.ruleset import FACTS
from rulekeeper.rulesets.cryptids.told import FOR_A_SIDE, for_a_side
from tests.rulesets.cryptids.helpers import cryptid, fight, on

NEVER = on({"total": 13}, {"damage": 1})
MEND = on({"total": 13}, {"heal": 1})

SAID = {
    "en": {"hp": "your row has {mine} HP left, theirs {theirs}.", "mine": "Your row (",
           "theirs": "Their row (", "by_hp": ": it has more HP left.",
           "lineup": ("Your row, ", "Their row, "), "battle": "Battle: your row ({mine}) "
           "against theirs ({theirs}).", "cap": f"the cap of {ROLL_CAP} rolls"},
    "fr": {"hp": "il reste {mine} PV à votre rangée, {theirs} à la rangée adverse.",
           "mine": "Votre rangée (", "theirs": "La rangée adverse (",
           "by_hp": "\u00a0: il lui reste plus de PV.",
           "lineup": ("Votre rangée, ", "La rangée adverse, "),
           "battle": "Bataille\u00a0: votre rangée ({mine}) contre la rangée adverse "
                     "({theirs}).", "cap": f"la limite de {ROLL_CAP} lancers"}}
"""What each language says of a side's battle."""
WHERE = {"en": re.compile(r"(?i)\b(left|right) (\d|side|row)|\((left|right)\)"),
         "fr": re.compile(r"(?i)\b(gauche|droite) \d|(camp|rangée) de (gauche|droite)|"
                          r"\((gauche|droite)\)")}
"""Where the ruleset's own sentences say the sides stand."""

BATTLES = {
    "roll-cap": lambda: fight([cryptid("strong", 50, 1, NEVER)],
                              [cryptid("w1", 20, 1, NEVER), cryptid("w2", 20, 1, NEVER)],
                              seed=3, no_damage_possible="never"),
    "no-damage": lambda: fight([cryptid("a", 5, 1, MEND)], [cryptid("b", 7, 1, MEND)], seed=1),
    "side-empty": lambda: fight([cryptid("a", 5, 1, on({"total": 7}, {"damage": 9}))],
                                [cryptid("b", 9, 1, NEVER)], [1, 2] * 35 + [3, 4]),
}
"""A battle of each kind of end: by the cap of rolls and by no damage possible (the HP left
decide: left 50 against 40; right 7 against 5), and a row emptied (left wins)."""


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("end", sorted(BATTLES))
@pytest.mark.parametrize("side", ["left", "right"])
def test_a_battles_end_is_told_for_each_side(end, side, lang):
    fought = BATTLES[end]()
    assert fought.outcome.reason == end
    other = "right" if side == "left" else "left"
    said = SAID[lang]
    told = registry.load("cryptids").told_for(side, lang)
    texts = {e.kind: told(e) for e in fought.events}
    if end in BY_HP:  # the HP left, the player's first
        hp = fought.of(f"end.{end}")[0]
        assert texts[f"end.{end}"].endswith(said["hp"].format(mine=hp[side], theirs=hp[other]))
    winner = fought.outcome.winner
    result = texts[f"result.{winner}"]
    assert result.startswith(said["mine"] if winner == side else said["theirs"]), result
    assert result.endswith(said["by_hp"]) == (end in BY_HP), result
    lineups = texts[f"lineup.{side}"], texts[f"lineup.{other}"]
    assert [text.startswith(start) for text, start in zip(lineups, said["lineup"],
                                                          strict=True)] == [True, True]
    teams = {s: (t if isinstance(t, str) else t.get(lang, t["en"]))
             for s, t in fought.of("battle")[0].items()}
    assert texts["battle"] == said["battle"].format(mine=teams[side], theirs=teams[other])
    for text in filter(None, texts.values()):
        assert not WHERE[lang].search(text), text
    if end == "roll-cap":  # the cap, as the ruleset declares it
        assert said["cap"] in texts["end.roll-cap"] and FACTS.roll_cap == ROLL_CAP
    # any other event keeps the ruleset's sentence: told for no side
    assert {e.kind for e in fought.events if told(e) is None} == {
        e.kind for e in fought.events} - {"battle", "lineup.left", "lineup.right",
                                          f"end.{end}", f"result.{winner}"}


def test_the_two_sides_are_told_the_same_battle_the_other_way_round():
    """The HP of the end of one side's story are the other's, swapped."""
    end = Event("end.no-damage", "end.limit.b", {"roll": 4, "left": 6, "right": 5})
    cryptids = registry.load("cryptids")
    assert cryptids.told_for("left", "fr")(end) == ("Aucun camp ne peut plus infliger de "
                                                    "dégâts\u00a0: il reste 6 PV à votre "
                                                    "rangée, 5 à la rangée adverse.")
    assert cryptids.told_for("right", "en")(end) == ("Neither side can deal damage any more: "
                                                     "your row has 5 HP left, theirs 6.")


def test_a_tie_and_an_unknown_side():
    tie = Event("result.tie", "end.hp-tie-draw", {"team": "", "reason": "roll-cap", "rolls": 36})
    assert for_a_side(tie, "left") is None  # "A tie after 36 rolls": nobody's side
    with pytest.raises(ValueError, match="no side 'top'; sides: left, right"):
        registry.load("cryptids").told_for("top", "en")


def test_every_sentence_for_a_side_is_in_french_with_its_fields():
    french = registry.load("cryptids").told_for.messages.catalog("fr")
    for english in FOR_A_SIDE.values():
        assert english in french, english
        assert fields(french[english]) == fields(english), english


def test_the_battles_facts_are_the_rules_numbers():
    """The facts a page says (how to play) are the ones the battle plays by."""
    assert (FACTS.roll_cap, FACTS.sudden_death, FACTS.by_hp) == (
        36, 16, ("roll-cap", "no-damage", "work-budget"))
    assert registry.load("cryptids").facts is FACTS
