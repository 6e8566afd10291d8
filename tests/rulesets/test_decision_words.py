"""The pending decisions in French: a page in French gets a decision's prompt and its options'
labels in French (``server.sentences.worded_decision``, by the ruleset's catalogs: the text or
the template it reads as, the content's names worded as the events word them), its option ids
unchanged. Each ruleset covered is played from several seeds with random moves: every prompt
and label asked on the way must read as French, so a new prompt or label shape without its
French template fails here."""

from __future__ import annotations

import random
import string
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from rulekeeper.core import registry
from rulekeeper.core.decisions import Decision
from rulekeeper.core.events import Wording, _formatter
from rulekeeper.core.game import new_game
from rulekeeper.server.sentences import worded_decision
from tests.rulesets.test_event_words import ENGLISH, UNELIDED, names

COVERED = {
    "combat-encounter": {"choisissez une action de tour", "Se déplacer vers", "Finir le tour",
                         "Joueur 1"},
    "enemy-attacks": {"une action ou une manœuvre", "se déplacer vers", "finir le tour",
                      "Quel héros joue le prochain tour"},
    "dire-alliance-battle": {"quel combattant s'active ensuite", "Se déplacer vers", "Mêlée contre",
                             "jouez une carte", "dés contre"},
    "dire-alliance-raid": {"quelle action de base", "Jouer", "face visible", "Se déplacer vers"},
}
"""The rulesets whose decisions are French, with words their games' decisions say."""

OPTIONS = {"combat-encounter": {"players": 4, "time_limit": 200}}
SEEDS = range(6)
STEPS = 300


def asked(ruleset_id: str) -> Iterator[Decision]:
    """The decisions of games from :data:`SEEDS`, played with random moves."""
    for seed in SEEDS:
        game = new_game(ruleset_id, seed=seed, options=OPTIONS.get(ruleset_id))
        pick = random.Random(seed)
        for _ in range(STEPS):
            if game.over or game.pending is None:
                break
            yield game.pending
            game.step(pick.choice(game.pending.ids))


def english_in(text: str, kept: set[str]) -> list[str]:
    """The English words of ``text`` once the names the content keeps in English are out."""
    for name in sorted(kept, key=len, reverse=True):
        text = text.replace(name, "")
    return ENGLISH.findall(text)


@pytest.mark.parametrize("ruleset_id", sorted(COVERED))
def test_every_decision_is_said_in_french_with_its_ids(ruleset_id):
    ruleset = registry.load(ruleset_id)
    words = ruleset.messages.wording("fr")
    kept = names(ruleset.load_content()[0])
    said = []
    for decision in asked(ruleset_id):
        english = decision.to_json()
        french = worded_decision(english, words)
        assert {k: v for k, v in french.items() if k not in ("prompt", "options")} == {
            k: v for k, v in english.items() if k not in ("prompt", "options")}
        assert [o["id"] for o in french["options"]] == list(decision.ids)
        pairs = [(decision.prompt, french["prompt"]),
                 *((o.label, f["label"]) for o, f in zip(decision.options, french["options"],
                                                         strict=True))]
        for text, worded in pairs:
            assert (worded != text or text in kept) and not english_in(worded, kept), (
                text, worded)
            assert not UNELIDED.search(worded), worded  # "Action d'Empyreal"  # (a label that is only a name the content keeps stays so)
            said.append(worded)
    assert len(said) > 100
    joined = "\n".join(said)
    assert {w for w in COVERED[ruleset_id] if w not in joined} == set()


def test_a_decision_worded_in_english_is_left_as_it_is():
    decision = next(asked("enemy-attacks"))
    english = decision.to_json()
    assert worded_decision(english, registry.load("enemy-attacks").messages.wording("en")) == (
        english)


def sample(english: str, french: str) -> tuple[str, str] | None:
    """A text ``english`` makes (its numbers 2, its other fields ``Zed``), and ``french`` made
    of the same; None for a template whose fields are not plain (a list, a sign)."""
    fields = [(n, s) for _, n, s, _ in string.Formatter().parse(english) if n]
    if any(not n.isidentifier() or (s and s != "d" and "|" not in s) for n, s in fields):
        return None
    values = {n: 2 if s == "d" or "|" in s else "Zed" for n, s in fields}
    try:
        return (_formatter("en").vformat(english, (), values),
                _formatter("fr").vformat(french, (), values))
    except (ValueError, TypeError, KeyError):
        return None


@pytest.mark.parametrize("ruleset_id", sorted(COVERED))
def test_the_decisions_words_take_no_text_from_the_other_catalogs(ruleset_id):
    """A decision's template (``decisions.po``) words the texts it makes (it is tried before a
    shorter template that reads them too), and no text of the events' or the board's catalogs
    is worded otherwise than without it ("Take 2 Damage." stays "Subissez 2 dégâts.", not a
    loot option's "Prendre …")."""
    messages = registry.load(ruleset_id).messages
    words = messages.wording("fr")
    ours = {str(m.id) for po in messages._files["fr"] if po.stem == "decisions"
            for m in read_po(po.open("rb")) if m.id}
    assert ours
    others = Wording({k: v for k, v in words.catalog.items() if k not in ours}, "fr")
    for english, french in words.catalog.items():
        made = sample(english, french)
        if made is None:
            continue
        text, said = made
        assert words(text) == (said if english in ours else others(text)), english
