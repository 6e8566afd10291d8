"""The English of events, views and decisions: counts agree with their nouns."""

import re

import pytest

from rulekeeper.agents import RandomAgent
from rulekeeper.core.errors import ContentError, UsageError
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.enemy_attacks.odds import check_report
from rulekeeper.rulesets.enemy_attacks.table import ActionDieInPlay
from tests.rulesets.enemy_attacks.helpers import pass_heroes, start

BAD = [r"\(s\)",
       r"\b1 (?:[A-Za-z]+ )?(?:successes|chips|cards|stars|tokens|faces|dice|places|Heroes)\b",
       r"\binf\b", r"\b1 (?:[a-z]+ )+give\b"]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("ruling", ["borders", "walking"])
def test_no_sentence_picture_or_decision_of_a_random_game_miscounts(seed, ruling):
    game = new_game("enemy-attacks", seed=seed, options={"players": 2},
                    rulings={"range": ruling})
    agents = {s: RandomAgent(s, seed * 3 + i) for i, s in enumerate(game.seats)}
    texts = played_texts(game, agents)
    texts += [game.ruleset.messages.render(e) for e in game.events]
    wrong = sorted({t for t in texts for bad in BAD if re.search(bad, t)})
    assert wrong == []


def test_counts_of_one_are_singular():
    from rulekeeper.core.events import Event

    messages = new_game("enemy-attacks").ruleset.messages
    said = {kind: messages.render(Event(kind, "r", data)) for kind, data in [
        ("stamina-spent", {"figure": "Ayla", "spent": 1, "successes": 1, "ready": 1}),
        ("stamina-face-ignored", {"figure": "Hound", "faces": 1}),
        ("hero-hits", {"hero": "Ayla", "damage": 1, "enemy": "Ghoul", "successes": 1,
                       "obstructed": ""}),
        ("hero-stamina-lost", {"hero": "Ayla", "loss": 1, "spent": 1, "excess": 0,
                               "health": "4/5 chips"}),
        ("item-tokens-placed", {"count": 1, "area": "Nave"}),
        ("stars-placed", {"count": 2, "area": "Nave"})]}
    assert said == {
        "stamina-spent": "Ayla spends 1 stamina for 1 success in all (1 ready chip left)",
        "stamina-face-ignored": "Hound is not a Hero: its 1 stamina face gives no success",
        "hero-hits": "Ayla deals 1 damage to Ghoul (1 success)",
        "hero-stamina-lost": "Ayla loses 1 stamina: 1 chip spent, 0 becomes damage; 4/5 chips",
        "item-tokens-placed": "1 item token placed in Nave",
        "stars-placed": "2 stars placed in Nave"}


@pytest.mark.rule("sample.scenario.setup", "sample.enemy-turn.move-toward")
def test_one_die_one_hero_one_place_are_singular():
    game = start()
    die = ActionDieInPlay.of(game.table.content, "default")
    assert check_report(die, 1, 1).title == "1 Action die, need 1"
    assert check_report(die, 2, 1).title == "2 Action dice, need 1"
    with pytest.raises(UsageError,
                       match=r"^Players: at most 1 in this scenario \(one Hero each\), not 2$"):
        start(players=2)
    with pytest.raises(ContentError, match=r"area 'a' holds only 1 place$"):
        start(heroes=[("brannoc", "a"), ("ayla", "a")], caps={"a": 1})
    # the ghoul in c may go through b (1 free place) or w (2 free places) toward Ayla in v
    game = pass_heroes(start(heroes=[("miren", "e"), ("ayla", "v")],
                             enemies=[("ghoul", "c"), ("gargoyle", "b")], players=2,
                             heights={"v": 0}, caps={"b": 2, "w": 2}, dice=["blank"] * 6))
    assert game.pending.kind == "enemy-move"
    assert [o.label for o in game.pending.options] == ["B (1 free place)", "W (2 free places)"]


@pytest.mark.parametrize("seed", range(4))
def test_decisions_name_the_players_never_their_seat_ids(seed):
    """Which Hero goes next ("Ayla Swiftbow (Player 2)"), who asks to swap a target, and the
    terminal's picture name a player as the page's sides do, never by the seat's id (p2)."""
    game = new_game("enemy-attacks", seed=seed, options={"players": 3})
    agents = {s: RandomAgent(s, seed * 5 + i) for i, s in enumerate(game.seats)}
    texts = played_texts(game, agents)
    assert [t for t in texts if re.search(r"\bp\d\b", t)] == []
    assert any(re.search(r"\(Player \d\)", t) for t in texts)


def test_the_headline_and_the_picture_name_the_figure_that_acts():
    """Whose turn it is, on the page's headline and the terminal's picture: the Hero's name
    ("Brannoc the Shield acts"), never its id (brannoc)."""
    game = new_game("enemy-attacks", seed=1, options={"players": 1})
    while game.view(None)["state"]["active"] is None:
        game.step(game.pending.ids[0])
    state, content = game.view("p1")["state"], game.ruleset.load_content()[0]
    acting = {h["id"]: h["name"] for h in state["heroes"]}[state["active"]]
    headline = game.ruleset.drawing.picture(state, content).headline
    assert headline.endswith(f" · {acting} acts"), headline
    assert f", {acting} acts;" in game.ruleset.render(game.view("p1"))


def test_french_events_name_the_players():
    """An event's data keeps a player's seat id (p2, a record is never changed); in French it
    is said by the seat's name ("Allié non-héros de Joueur 1", "Au tour d'Ayla Swiftbow (Joueur 2)")."""
    game = new_game("enemy-attacks", seed=0, options={"players": 2})
    agents = {s: RandomAgent(s, i) for i, s in enumerate(game.seats)}
    while not game.over:
        game.step(agents[game.pending.player].choose(None, game.pending))
    said = [game.ruleset.messages.render(e, "fr") for e in game.events]
    assert [s for s in said if re.search(r"\bp\d\b", s)] == []
    assert any("Allié non-héros de Joueur 1" in s for s in said)


def played_texts(game, agents) -> list[str]:
    """The game played out by ``agents``: each decision's picture, prompt and options."""
    texts = []
    while not game.over:
        decision = game.pending
        texts += [game.ruleset.render(game.view(decision.player)), decision.prompt,
                  *(o.label for o in decision.options)]
        game.step(agents[decision.player].choose(None, decision))
    return texts


def said(game, lang: str = "en") -> list[str]:
    """Every event's sentence as the page and the terminal say it (the seats by name)."""
    from rulekeeper.core.sentences import sentences

    say = sentences(game.ruleset, game.seats, lang)
    return [say(e) for e in game.events]


@pytest.mark.rule("sample.scenario.setup")
def test_the_setup_names_each_allys_player_never_the_seats_id():
    """Version 5: ``place-hero`` and ``place-ally`` keep the seat's id (``player``) and the
    sentence names the player (version 4 said *Hero of p1* in English)."""
    game = start(heroes=[("brannoc", "a"), ("ayla", "b")], allies=[("torchbearer", "a")],
                 enemies=[("ghoul", "e")], players=2)
    placed = [(e.kind, dict(e.data)) for e in game.events if e.kind.startswith("place")]
    assert placed == [
        ("place-hero", {"figure": "Brannoc the Shield", "player": "p1", "area": "A"}),
        ("place-hero", {"figure": "Ayla Swiftbow", "player": "p2", "area": "B"}),
        ("place-ally", {"figure": "Torchbearer", "player": "p1", "area": "A"}),
        ("place-enemy", {"figure": "Ghoul", "area": "E"})]
    assert [t for t in said(game) if "starts in" in t] == [
        "Brannoc the Shield (Hero of Player 1) starts in A",
        "Ayla Swiftbow (Hero of Player 2) starts in B",
        "Torchbearer (Non-Hero Ally of Player 1) starts in A",
        "Ghoul (Enemy) starts in E"]
    assert [t for t in said(game, "fr") if "commence dans" in t] == [
        "Brannoc le Bouclier (Héros de Joueur 1) commence dans A",
        "Ayla Arc-Vif (Héros de Joueur 2) commence dans B",
        "Porte-torche (Allié non-héros de Joueur 1) commence dans A",
        "Goule (Ennemi) commence dans E"]


@pytest.mark.rule("exception.players-agree")
def test_a_heros_exception_names_the_players_who_agreed():
    """Brannoc (Player 1) hands the ghoul's attack to Ayla (Player 2), who agrees: the
    sentence names both players (version 4 said *agreed by p1, p2*)."""
    game = pass_heroes(start(heroes=[("brannoc", "a"), ("ayla", "a")],
                             enemies=[("ghoul", "a")], players=2, dice=["blank"] * 6))
    game.step("hero-ayla")
    game.step("agree-ayla")
    english = [t for t in said(game) if "takes the attack instead" in t]
    assert english == ["Ayla Swiftbow takes the attack instead of Brannoc the Shield "
                       "(agreed by Player 1 and Player 2)"]
    french = [t for t in said(game, "fr") if "à la place de" in t]
    assert french == ["Ayla Arc-Vif prend l'attaque à la place de Brannoc le Bouclier "
                      "(accord de Joueur 1 et de Joueur 2)"]
    alone = pass_heroes(start(heroes=[("brannoc", "a"), ("ayla", "a")],
                              enemies=[("ghoul", "a")], dice=["blank"] * 6))
    alone.step("hero-ayla")
    assert [t for t in said(alone) if "takes the attack instead" in t] == [
        "Ayla Swiftbow takes the attack instead of Brannoc the Shield (agreed by Player 1)"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("seed", range(4))
def test_no_sentence_of_a_game_names_a_seat_by_its_id(seed, lang):
    """Three players, random choices: every event's sentence names a player, never ``p2``."""
    game = new_game("enemy-attacks", seed=seed, options={"players": 3})
    agents = {s: RandomAgent(s, seed * 7 + i) for i, s in enumerate(game.seats)}
    played_texts(game, agents)
    texts = said(game, lang)
    assert [t for t in texts if re.search(r"\bp\d\b", t)] == []
    player = "Player" if lang == "en" else "Joueur"
    assert sum(bool(re.search(rf"\b{player} [1-3]\b", t)) for t in texts) >= 3
