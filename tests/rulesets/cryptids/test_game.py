"""The cryptids-v1 ruleset as a game: no decisions, records, languages, logging on and off."""

import itertools
import json

import pytest

from rulekeeper.core import registry
from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import new_game, replay
from rulekeeper.core.rng import Rng, derive_seed
from rulekeeper.rulesets.cryptids.battle import Battle
from rulekeeper.rulesets.cryptids.rulings import RULINGS, CryptidsRulings
from tests.rulesets.cryptids.helpers import cryptid, fight, on

RULESET = registry.load("cryptids")
TEAMS = ["french-legends", "backwoods", "lake-monsters", "night-flyers", "hunters", "guardians",
         "tricksters", "swamp"]


@pytest.mark.rule("battle.autoplay", "battle.no-choices", "battle.shop.a")
def test_a_battle_plays_itself_without_any_decision():
    game = new_game("cryptids", seed=11)
    assert game.over and game.pending is None and game.decisions == []
    assert RULESET.meta.max_length == 0
    assert game.events[0].kind == "battle" and game.events[0].rule == "battle.autoplay"
    # it ran to its end by itself: one board is empty (21 rolls with this seed)
    rows = game.view(None)["state"]["rows"]
    assert game.result.reason == "side-empty" and game.result.rounds == 21
    assert rows["right"] == [] and len(rows["left"]) == 2 and game.result.winner == "left"
    again = new_game("cryptids", seed=11)  # the teams chosen in the shop decide it all
    assert again.result == game.result


@pytest.mark.rule("battle.autoplay", "battle.no-choices", "battle.shop.a")
def test_a_battle_ends_on_its_result_without_asking_anything():
    # a decision asked after the battle would be cut by the decision budget (max_length 0)
    game = new_game("cryptids", seed=11)
    assert [e.rule for e in game.events if e.rule == "core.work-budget"] == []
    assert (game.events[-1].kind, game.events[-1].rule) == ("result.left", "end.side-empty")


@pytest.mark.rule("battle.shop.b", "battle.shop.d")
def test_the_board_holds_the_team_in_its_order():
    game = new_game("cryptids", options={"left": "guardians", "right": "hunters"}, seed=2)
    lineup = next(d for d in game.events if d.kind == "lineup.left").data["cryptids"]
    team = RULESET.load_content()[0].team("guardians")
    names = {c.id: c.name["en"] for c in RULESET.load_content()[0].cryptids.cryptids}
    assert [c["en"].rsplit(" ", 1)[0] for c in lineup] == [names[m.cryptid] for m in team.cryptids]
    metrics = game.result.metrics
    assert {k.split(".")[-1] for k in metrics if k.startswith("played.left.")} == {
        m.cryptid for m in team.cryptids}


@pytest.mark.rule("battle.shop.c")
def test_a_team_member_fights_with_the_abilities_it_left_the_shop_with(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("name: {en: Mine, fr: La mienne}\ncryptids:\n"
                    "  - cryptid: jackalope\n    hp: 30\n    abilities:\n"
                    "      - when: {total: 7}\n        do: [{damage: 50, target: all-enemies}]\n")
    game = new_game("cryptids", options={"left": str(path), "right": "lake-monsters"},
                    dice=[3, 4])
    assert game.result.winner == "left" and game.result.rounds == 1
    plain = new_game("cryptids", options={"left": "duo", "right": "lake-monsters"}, dice=[3, 4])
    assert plain.result.rounds > 1


def test_the_record_holds_a_team_file_s_team_and_team_ids_stay_ids(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text(
        "name: {en: Mine, fr: La mienne}\ncryptids:\n  - yeti\n  - cryptid: jackalope\n"
        "    hp: 9\n    abilities:\n      - when: {range: [6, 8]}\n"
        "        do: [{damage-over-time: 2, rolls: 2}, {summon: jackalope}]\n")
    game = new_game("cryptids", seed=8, options={"left": "mine.yaml", "right": "hunters"})
    record = game.record()
    assert record.options == {"right": "hunters", "left": {
        "file": str((tmp_path / "mine.yaml").resolve()),
        "team": {"name": {"en": "Mine", "fr": "La mienne"}, "cryptids": [
            {"cryptid": "yeti"},
            {"cryptid": "jackalope", "hp": 9, "abilities": [{
                "when": {"range": [6, 8]},
                "do": [{"damage-over-time": 2, "rolls": 2}, {"summon": "jackalope"}]}]}]}}}
    (tmp_path / "mine.yaml").unlink()  # the record needs the file no more
    again = replay(json.loads(record.model_dump_json()))
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert again.result == game.result and again.record() == record
    plain = new_game("cryptids", seed=8, options={"left": "duo", "right": "hunters"})
    assert plain.record().options == {"left": "duo", "right": "hunters"}


def test_a_team_file_s_cryptids_are_checked_against_the_content(tmp_path):
    (tmp_path / "mine.yaml").write_text("name: Mine\ncryptids: [yeti, nessie]\n")
    record = new_game("cryptids", options={"left": str(tmp_path / "mine.yaml")}).record()
    (tmp_path / "mine.yaml").unlink()
    record.options["left"]["team"]["cryptids"][1] = "nessy"
    with pytest.raises(ContentError, match=r"mine.yaml: cryptids.1.cryptid: Value error, "
                                           r"unknown cryptid 'nessy' \(did you mean"):
        replay(record)


@pytest.mark.rule("opponent.snapshot.a")
def test_a_battle_never_changes_the_teams_it_fights():
    content = RULESET.load_content()[0]
    left, right = RULESET.lineup(content, "hunters"), RULESET.lineup(content, "guardians")
    before = [(c.id, c.hp, c.threat, c.acts) for c in left.cards + right.cards]
    outcomes = [Battle(left, right, Rng(7), CryptidsRulings({})).run() for _ in range(3)]
    assert outcomes[0] == outcomes[1] == outcomes[2]
    assert [(c.id, c.hp, c.threat, c.acts) for c in left.cards + right.cards] == before
    with pytest.raises(AttributeError):
        left.cards = ()


def all_ruling_combinations():
    options = [[(r.id, o) for o in r.options] for r in RULINGS]
    picks = list(itertools.product(*options))
    return [dict(p) for p in picks[:: max(1, len(picks) // 40)]]


def test_results_are_identical_with_logging_on_and_off():
    checked = 0
    for index, rulings in enumerate(all_ruling_combinations()):
        for left, right in [(TEAMS[index % 8], TEAMS[(index + 3) % 8]), ("swamp", "tricksters")]:
            seed = derive_seed(5, index)
            on = new_game("cryptids", seed=seed, rulings=rulings,
                          options={"left": left, "right": right})
            off = new_game("cryptids", seed=seed, rulings=rulings,
                           options={"left": left, "right": right}, log=False)
            assert on.result == off.result
            assert on.table.rng.draws == off.table.rng.draws
            assert off.events == []
            content = RULESET.load_content()[0]
            fast = Battle(RULESET.lineup(content, left), RULESET.lineup(content, right),
                          Rng(seed), CryptidsRulings(rulings)).run()
            assert fast.winner == on.result.winner and fast.rolls == on.result.rounds
            checked += 1
    assert checked > 40


def test_replays_reproduce_event_for_event():
    game = new_game("cryptids", seed=9, options={"left": "night-flyers", "right": "swamp"},
                    rulings={"sudden-death": "strike"})
    again = replay(game.record())
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert again.result == game.result


def test_invariants_hold_after_every_roll():
    content = RULESET.load_content()[0]
    for index in range(60):
        left, right = TEAMS[index % 8], TEAMS[(index * 3 + 1) % 8]
        rulings = all_ruling_combinations()[index % 40]
        battle = Battle(RULESET.lineup(content, left), RULESET.lineup(content, right),
                        Rng(index), CryptidsRulings(rulings))
        outcome = battle.begin()
        throws = 0
        while outcome is None:
            outcome = battle.throw()
            throws += 1
            assert battle.check() == [], (index, throws)
        assert outcome.rolls <= 36 and throws <= 36 * 11


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_event_reads_in_both_languages(lang):
    messages = RULESET.messages
    assert messages.locales == ["en", "fr"]
    for template in RULESET.templates.values():
        assert template in messages.catalog("fr"), template
    seen = set()
    for index, rulings in enumerate(all_ruling_combinations()[:20]):
        game = new_game("cryptids", seed=index, rulings=rulings,
                        options={"left": TEAMS[index % 8], "right": TEAMS[(index + 5) % 8]})
        for event in game.events:
            text = messages.render(event, lang)
            assert "{" not in text and "'en'" not in text, text
            seen.add(event.kind)
    assert len(seen) > 30


def test_french_sentences():
    game = new_game("cryptids", seed=3, dice=[3, 4],
                    options={"left": "backwoods", "right": "french-legends"})
    french = [RULESET.messages.render(e, "fr") for e in game.events]
    assert french[0] == ("Bataille\u00a0: Forêts d'Amérique (gauche) contre Légendes de France "
                         "(droite).")
    assert "Lancer 1\u00a0: 3 + 4 = 7." in french
    assert any(s.startswith("Dégâts\u00a0: l'Homme-papillon frappe") for s in french)
    assert not any(" à le " in s or " de le " in s for s in french)


@pytest.mark.rule("reroll.restart.b", "ruling.reroll-counts")
def test_a_rerolled_throw_is_announced_as_the_roll_it_is():
    storm = cryptid("storm", 20, 1, on({"total": 2}, {"reroll": True}))
    foe = cryptid("foe", 20, 1, on({"totals": [5, 9]}, {"damage": 1}))
    counted = fight([storm], [foe], [1, 1, 4, 5])
    en, fr = counted.sentences("en"), counted.sentences("fr")
    assert "Roll 2, rerolling roll 1: 4 + 5 = 9." in en
    assert "Lancer 2, qui relance le lancer 1\u00a0: 4 + 5 = 9." in fr
    assert not any(s.startswith("Roll 2 again") for s in en)  # roll 2 had never been thrown
    kept = fight([storm], [foe], [1, 1, 4, 5], reroll_counts="no")
    assert "Roll 1 again: 4 + 5 = 9." in kept.sentences("en")
    assert "Lancer 1 relancé\u00a0: 4 + 5 = 9." in kept.sentences("fr")
    assert "Foe triggers on total 9 (5 or 9)." in en
    assert "Total 9 (5 ou 9)\u00a0: Foe se déclenche." in fr


def test_words_agree_with_their_numbers_in_both_languages():
    hexer = cryptid("hexer", 9, 3, on({"total": 7}, {"damage-over-time": 1, "rolls": 1},
                                     {"damage": 1}))
    turtle = cryptid("turtle", 2, 1, on("battle-start", {"shield": 1}))
    one = fight([hexer], [turtle], dice=[3, 4, 1, 1, 3, 4])
    en, fr = one.sentences("en"), one.sentences("fr")
    assert "Hexer puts damage over time on Turtle: 1 per roll for 1 roll." in en
    assert "Dégâts sur la durée\u00a0: Hexer afflige Turtle, 1 par lancer pendant 1 lancer." in fr
    assert "Turtle's shield absorbs 1 damage (0 left)." in en
    assert "Bouclier\u00a0: Turtle absorbe 1 dégât (reste 0)." in fr
    assert "Damage over time on Turtle: 1 (0 rolls left)." in en
    assert "Dégâts sur la durée\u00a0: 1 pour Turtle (0 lancer restant)." in fr
    assert en[-1] == "The left side (L) wins after 3 rolls."
    assert fr[-1] == "Le camp de gauche (L) gagne après 3 lancers."

    hexer = cryptid("hexer", 9, 3, on({"total": 7}, {"damage-over-time": 1, "rolls": 3},
                                     {"damage": 2}))
    turtle = cryptid("turtle", 2, 1, on("battle-start", {"shield": 2}))
    more = fight([hexer], [turtle], dice=[3, 4, 1, 1, 1, 1])
    en, fr = more.sentences("en"), more.sentences("fr")
    assert "Hexer puts damage over time on Turtle: 1 per roll for 3 rolls." in en
    assert "Dégâts sur la durée\u00a0: Hexer afflige Turtle, 1 par lancer pendant 3 lancers." in fr
    assert "Bouclier\u00a0: Turtle absorbe 2 dégâts (reste 0)." in fr
    assert "Damage over time on Turtle: 1 (2 rolls left)." in en
    assert "Dégâts sur la durée\u00a0: 1 pour Turtle (2 lancers restants)." in fr
    assert "Dégâts sur la durée\u00a0: 1 pour Turtle (1 lancer restant)." in fr
    assert fr[-1] == "Le camp de gauche (L) gagne après 3 lancers."

    brute = cryptid("brute", 9, 2, on({"total": 7}, {"damage": 5}))
    finisher = cryptid("finisher", 9, 1, on({"total": 7}, {"damage": 1}))
    twins = [cryptid("alpha", 5, 1), cryptid("beta", 5, 1)]
    quick = fight([brute, finisher], twins[:1], dice=[3, 4], zero_hp_target="allow")
    en, fr = quick.sentences("en"), quick.sentences("fr")
    assert "Alpha is already at 0 HP: the 1 damage is lost." in en
    assert "Dégâts perdus\u00a0: Alpha est déjà à 0 PV (1 dégât sans effet)." in fr
    assert (en[-1], fr[-1]) == ("The left side (L) wins after 1 roll.",
                                "Le camp de gauche (L) gagne après 1 lancer.")
    tied = fight([brute], twins, dice=[3, 4])
    assert "Brute targets Alpha: highest threat (1), the leftmost of Alpha and Beta." in (
        tied.sentences("en"))
    assert ("Ciblage\u00a0: Brute vise Alpha, menace la plus élevée (1), le plus à gauche parmi "
            "Alpha et Beta.") in tied.sentences("fr")


def test_view_and_render():
    game = new_game("cryptids", seed=1, options={"left": "duo", "right": "lone-yeti"})
    view = game.view(None)
    state = view["state"]
    assert set(state["rows"]) == {"left", "right"} and state["roll"] == game.result.rounds
    text = RULESET.render(view)
    assert "left (Duo):" in text and "right (Lone Yeti):" in text
    assert text.splitlines()[2:4] == [  # a cryptid's abilities under it
        "  1. Jackalope Kit 3: 1/1 HP, threat 1",
        "       on 8: 1 damage to the enemy with the highest threat"]


def test_the_view_says_each_cryptids_abilities_in_english_and_french():
    game = new_game("cryptids", seed=0, options={"left": "duo", "right": "lone-yeti"})
    state = game.view(None)["state"]
    said = {c["id"]: c["abilities"] for c in state["rows"]["left"]}
    assert said["jackalope"] == [
        {"text": {"en": "on 8: 2 damage to the enemy with the highest threat",
                  "fr": "sur 8\u00a0: 2 dégâts à l'ennemi à la menace la plus élevée"}},
        {"text": {"en": "on doubles: summon Jackalope Kit",  # the summoned cryptid named
                  "fr": "sur un double\u00a0: invoque le Lapereau cornu"}}]
    assert said["snallygaster"][0]["text"]["fr"].startswith("sur 5 ou 9\u00a0: 2 dégâts")
    cards = RULESET.drawing.table(state, None).rows["left"]  # the page's cards carry them
    assert [a.text for a in cards[0].abilities] == [a["text"] for a in said["jackalope"]]


def test_the_view_says_the_abilities_a_team_member_left_the_shop_with(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("name: Mine\ncryptids:\n  - cryptid: jackalope\n    hp: 30\n"
                    "    abilities:\n      - when: odd\n        do: [{heal: 1, target: self}]\n")
    game = new_game("cryptids", seed=0, options={"left": str(path), "right": "lone-yeti"})
    [mine] = [c for c in game.view(None)["state"]["rows"]["left"] if c["id"] == "jackalope"]
    assert mine["abilities"] == [{"text": {"en": "on an odd total: heal itself by 1",
                                           "fr": "sur un total impair\u00a0: se soigne de 1"}}]


def test_every_event_cites_a_rule_of_the_index():
    from rulekeeper.core.rules_index import load_rules

    ids = {e.id for e in load_rules(RULESET.rules_files)}
    cited = set()
    for index, rulings in enumerate(all_ruling_combinations()):
        game = new_game("cryptids", seed=index, rulings=rulings,
                        options={"left": TEAMS[index % 8], "right": TEAMS[(index + 1) % 8]})
        cited |= {e.rule for e in game.events}
    assert cited - ids == set()
    assert len(cited) > 25
