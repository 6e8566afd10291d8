"""The shop: gold, offers and tiers, buying with an ability, combining, selling, rerolling,
freezing, reordering, ending, and the refusal of what the shop does not allow."""

import re

import pytest

from rulekeeper.core.errors import IllegalDecision
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.cryptids.abilities import describe
from rulekeeper.rulesets.cryptids_run.shop import IllegalShopAction
from tests.rulesets.cryptids_run.helpers import (
    KAPPAS,
    Opponents,
    data,
    kappa_run,
    kinds,
    mend,
    state,
)


@pytest.mark.rule("shop.gold")
def test_each_round_brings_ten_gold_and_unspent_gold_is_lost():
    game = kappa_run()
    assert state(game)["gold"] == 10
    game.step("buy-1-1")
    game.step("mend")
    assert state(game)["gold"] == 7
    game.step("end")
    assert data(game, "shop.end")[0] == {"gold": 7}
    assert state(game)["gold"] == 10  # round 2: 10 again, not 17


@pytest.mark.rule("shop.tiers")
def test_offers_come_from_the_tiers_unlocked_so_far():
    game = new_game("cryptids-run", seed=5, source=Opponents(1),
                    content_set={"shop.run.lives": 30})
    seen = {}
    for round_ in range(1, 7):
        assert state(game)["round"] == round_
        seen[round_] = {o["tier"] for o in state(game)["offers"]}
        game.step("end")
    assert seen[1] == seen[2] == {1}
    assert seen[3] <= {1, 2} and seen[4] <= {1, 2} and 2 in seen[3] | seen[4]
    assert 3 in seen[5] | seen[6]
    assert data(game, "shop.open")[0]["tiers"] == [1]
    assert data(game, "shop.open")[2]["tiers"] == [1, 2]
    assert data(game, "shop.open")[4]["tiers"] == [1, 2, 3]


@pytest.mark.rule("shop.buy", "battle.shop.b")
def test_a_cryptid_is_bought_for_three_gold_into_a_free_place():
    game = kappa_run()
    game.step("buy-2-4")
    game.step("mend")
    view = state(game)
    assert view["gold"] == 7 and view["offers"][1] is None
    assert [p and p["cryptid"] for p in view["places"]] == [None, None, None, "kappa", None]
    assert data(game, "shop.buy")[0] == {"who": {"en": "Kappa", "fr": "le Kappa"}, "place": 4,
                                         "price": 3, "gold": 7}
    assert view["places"][3]["name"] == {"en": "Kappa", "fr": "Kappa"}  # a card's title
    game.step("end")
    assert len(game.table.state.snapshots[0].row) == 1  # the empty places are left out


def test_a_cards_title_has_no_article_where_sentences_need_one():
    from rulekeeper.rulesets.cryptids.messages import title

    assert title({"en": "Mothman", "fr": "l'Homme-papillon"}) == {"en": "Mothman",
                                                                  "fr": "Homme-papillon"}
    assert title({"en": "Beast of Bodmin", "fr": "la Bête de Bodmin"})["fr"] == "Bête de Bodmin"
    assert title({"en": "Nessie", "fr": "Nessie"})["fr"] == "Nessie"
    assert title({"en": "Yeti 2", "fr": "le Yéti 2"})["fr"] == "Yéti 2"


@pytest.mark.rule("shop.buy")
def test_the_row_has_five_places():
    game = kappa_run(content_set={"shop.shop.gold": 30, "shop.shop.combine.most": 0})
    for place in range(1, 6):
        game.step(f"buy-{place}-{place}")
        game.step("mend")
    assert all(state(game)["places"]) and len(state(game)["places"]) == 5
    assert not [o for o in game.pending.ids if o.startswith("buy-")]


@pytest.mark.rule("shop.abilities", "battle.shop.c")
def test_a_bought_cryptid_keeps_the_ability_chosen_in_place_of_its_cards():
    game = kappa_run()
    game.step("buy-1-1")
    assert game.pending.kind == "ability" and game.pending.ids == ("mend", "calm")
    assert game.pending.rule == "battle.shop.c"
    game.step("calm")
    place = state(game)["places"][0]
    assert place["ability"]["id"] == "calm" and place["ability"]["do"] == [{"heal": 2}]
    game.step("end")
    member = game.table.state.snapshots[0].team()["cryptids"][0]
    assert member["abilities"] == [{"when": {"total": 13}, "do": [{"heal": 2}]}]
    record = game.table.state.battles[0].record()
    assert record.options["left"]["team"]["cryptids"][0]["abilities"] == member["abilities"]


def test_every_sample_cryptid_offers_two_abilities():
    game = new_game("cryptids-run", seed=0, source=Opponents(1))
    stock = game.ruleset.stock(game.table.content)
    assert len(stock.entries) == 37  # every cryptid of tiers 1 to 3
    assert all(len(e.abilities) == 2 for e in stock.entries.values())


@pytest.mark.rule("shop.combine")
def test_a_copy_bought_onto_the_same_cryptid_combines_twice_at_most():
    game = kappa_run(content_set={"shop.shop.gold": 20})
    buy_then = ["buy-1-1", "mend", "buy-2-1", "buy-3-1"]
    for action in buy_then:
        game.step(action)
    place = state(game)["places"][0]
    assert (place["hp"], place["threat"], place["combined"]) == (9, 4, 2)
    assert [(c["stat"], c["by"], c["round"]) for c in place["changes"]] == [
        ("hp", 2, 1), ("threat", 1, 1), ("hp", 2, 1), ("threat", 1, 1)]
    assert "buy-4-1" not in game.pending.ids
    with pytest.raises(IllegalShopAction, match="absorbed 2 copies, the most"):
        game.step("buy-4-1")
    game.step("end")
    fielded = game.table.state.snapshots[0].row[0]
    assert (fielded.hp, fielded.threat, len(fielded.changes)) == (9, 4, 4)


@pytest.mark.rule("shop.sell")
def test_selling_a_cryptid_gives_one_gold_and_frees_its_place():
    game = kappa_run()
    game.step("buy-1-2")
    game.step("mend")
    game.step("sell-2")
    assert state(game)["gold"] == 8 and state(game)["places"][1] is None
    assert data(game, "shop.sell")[0]["price"] == 1


@pytest.mark.rule("shop.reroll")
def test_a_reroll_costs_one_gold_and_redraws_what_is_not_frozen():
    game = new_game("cryptids-run", seed=3, source=Opponents(1))
    before = [o["cryptid"] for o in state(game)["offers"]]
    game.step("freeze-2")
    game.step("reroll")
    after = [o["cryptid"] for o in state(game)["offers"]]
    assert state(game)["gold"] == 9 and after[1] == before[1] and after != before
    assert data(game, "shop.reroll")[0]["gold"] == 9


@pytest.mark.rule("shop.freeze")
def test_a_frozen_offer_stays_for_the_next_rounds_until_bought_or_unfrozen():
    game = new_game("cryptids-run", seed=3, source=Opponents(1))
    frozen = state(game)["offers"][3]["cryptid"]
    game.step("freeze-4")
    game.step("end")
    assert state(game)["offers"][3] == {**state(game)["offers"][3], "cryptid": frozen,
                                        "frozen": True}
    assert data(game, "shop.kept")[0]["offers"][0]["en"]
    game.step("end")
    assert state(game)["offers"][3]["cryptid"] == frozen  # still frozen in round 3
    game.step("unfreeze-4")
    assert not state(game)["offers"][3]["frozen"]


@pytest.mark.rule("shop.reorder", "battle.shop.d")
def test_a_cryptid_moves_one_place_and_swaps_with_what_is_there():
    game = kappa_run(content_set={"shop.shop.combine.most": 0})
    for action in ("buy-1-1", "mend", "buy-2-2", "calm", "move-1-right"):
        game.step(action)
    assert [p["ability"]["id"] for p in state(game)["places"][:2]] == ["calm", "mend"]
    assert kinds(game, "shop.swap") == ["shop.swap"]
    game.step("move-2-right")
    assert [p and p["ability"]["id"] for p in state(game)["places"][:3]] == ["calm", None, "mend"]
    game.step("end")
    row = game.table.state.snapshots[0].row
    assert [f.ability.id for f in row] == ["calm", "mend"]  # the battle's left to right


@pytest.mark.rule("shop.end", "battle.shop.a")
def test_the_shop_lasts_until_the_player_ends_it():
    game = kappa_run()
    assert game.pending.rule == "battle.shop.a" and "end" in game.pending.ids
    for _ in range(5):
        game.step("freeze-1")
        game.step("unfreeze-1")
    assert state(game)["round"] == 1 and not game.table.state.battles
    game.step("end")
    assert state(game)["round"] == 2 and len(game.table.state.battles) == 1


@pytest.mark.rule("shop.action-limit")
def test_after_forty_actions_only_ending_the_shop_is_offered():
    game = kappa_run()
    for _ in range(20):
        game.step("freeze-1")
        game.step("unfreeze-1")
    assert game.pending.ids == ("end",)
    with pytest.raises(IllegalShopAction, match="taken its 40 actions"):
        game.step("freeze-1")


@pytest.mark.rule("shop.refusal")
@pytest.mark.parametrize(("setup", "action", "reason"), [
    ([], "buy-9-1", "there is no offer 9 (offers 1 to 5)"),
    ([], "buy-1-6", "there is no place 6 (places 1 to 5)"),
    (["buy-1-1", "mend"], "buy-1-2", "offer 1 was bought already"),
    (["buy-1-1", "mend", "buy-2-2", "mend", "buy-3-3", "mend"], "buy-4-4",
     "not enough gold: a cryptid costs 3, you have 1"),
    (["buy-1-1", "mend", "buy-2-2", "mend", "buy-3-3", "mend", "reroll"], "reroll",
     "not enough gold: a reroll costs 1, you have 0"),
    ([], "sell-2", "place 2 is empty: nothing to sell"),
    ([], "move-3-left", "place 3 is empty: nothing to move"),
    (["buy-1-1", "mend"], "move-1-left", "place 1 is the leftmost"),
    (["freeze-1"], "freeze-1", "offer 1 is frozen already"),
    ([], "unfreeze-2", "offer 2 is not frozen"),
    ([], "dance", "not a shop action; the actions are buy-O-P, sell-P, move-P-left, "
                  "move-P-right, freeze-O, unfreeze-O, reroll, end"),
])
def test_an_illegal_action_is_refused_with_its_reason_before_anything_changes(
        setup, action, reason):
    game = kappa_run(content_set={"shop.shop.combine.most": 0})
    for step in setup:
        game.step(step)
    before = (state(game), list(game.decisions), len(game.events))
    with pytest.raises(IllegalShopAction) as refused:
        game.step(action)
    assert str(refused.value) == f"{action}: {reason}"
    assert isinstance(refused.value, IllegalDecision)
    assert (state(game), list(game.decisions), len(game.events)) == before


@pytest.mark.rule("shop.refusal")
def test_a_full_row_and_a_taken_place_say_where_to_buy():
    stock = [*KAPPAS, {"id": "hodag", "abilities": [mend("idle")]}]
    game = kappa_run(seed=2, content_set={"shop.shop.gold": 30, "stock.stock": stock})
    offers = [o["cryptid"] for o in state(game)["offers"]]
    other = next(n for n, c in enumerate(offers, 1) if c != offers[0])
    game.step("buy-1-1")
    if game.pending.kind == "ability":
        game.step("mend")
    with pytest.raises(IllegalShopAction, match=r"place 1 holds .*: buy into a free place "
                                                r"\(2, 3, 4, 5\)"):
        game.step(f"buy-{other}-1")
    for number in range(2, 6):
        game.step(f"buy-{number}-{number}")
        if game.pending.kind == "ability":
            game.step(game.pending.ids[0])
    game.step("reroll")
    offers = [o["cryptid"] for o in state(game)["offers"]]
    places = [p["cryptid"] for p in state(game)["places"]]
    at = next(n for n, c in enumerate(places, 1) if c != offers[0])
    with pytest.raises(IllegalShopAction, match="the row is full: sell a cryptid first"):
        game.step(f"buy-1-{at}")


@pytest.mark.rule("shop.refusal")
def test_the_options_offered_are_exactly_the_actions_the_shop_allows():
    for seed in range(8):
        game = new_game("cryptids-run", seed=seed, source=Opponents(1, 99), log=False)
        from rulekeeper.rulesets.cryptids_run.bots import RandomShopper

        bot = RandomShopper("player", seed)
        for _ in range(60):
            if game.over:
                break
            keeper = game.table.state.keeper
            if game.pending.kind == "shop":
                allowed = [a for a in keeper.candidates() if keeper.why_not(a) is None]
                assert list(game.pending.ids) == allowed
            game.step(bot.choose(None, game.pending))


def test_a_content_folder_changes_one_stocked_cryptid_and_keeps_the_others(tmp_path):
    (tmp_path / "stock.yaml").write_text(
        "stock:\n  - id: kappa\n    hp: 9\n    abilities:\n"
        "      - {id: mend, name: {en: Mend, fr: Soin}, when: {total: 13}, do: [{heal: 1}]}\n",
        encoding="utf-8")
    game = new_game("cryptids-run", content=str(tmp_path), source=Opponents(1))
    stock = game.ruleset.stock(game.table.content)
    assert len(stock.entries) == 37 and stock.hp("kappa") == 9
    assert [a.id for a in stock.entries["kappa"].abilities] == ["mend"]
    assert [a.id for a in stock.entries["yeti"].abilities] == ["thick-fur", "avalanche"]


def test_a_stock_naming_a_token_or_an_unknown_cryptid_is_refused(tmp_path):
    from rulekeeper.core.errors import ContentError

    for cryptid, message in (("jackalope-kit", "is a token"), ("yetti", "unknown cryptid")):
        (tmp_path / "stock.yaml").write_text(
            f"stock:\n  - id: {cryptid}\n    abilities:\n"
            "      - {id: a, name: {en: A, fr: A}, when: doubles, do: [{damage: 1}]}\n",
            encoding="utf-8")
        with pytest.raises(ContentError, match=message):
            new_game("cryptids-run", content=str(tmp_path), source=Opponents(1))


@pytest.mark.parametrize("seed", range(3))
def test_the_ability_question_can_be_worded_in_french(seed):
    """The page in French words a decision's labels by the ruleset's catalogs, read back from
    the English (``Messages.wording``): an ability's damage is read back as a number, which the
    French plural needs ("3 dégâts"); read as text, the wording raised and the game page's
    request failed (a 500) at the first buy."""
    from rulekeeper.agents import RandomAgent

    game = new_game("cryptids-run", seed=seed)
    words, agent = game.ruleset.messages.wording("fr"), RandomAgent("player", seed)
    said = []
    while not game.over and len(game.decisions) < 60:
        decision = game.pending
        said += [words(decision.prompt), *(words(o.label) for o in decision.options)]
        game.step(agent.choose(None, decision))
    assert any(re.search(r"\d dégâts? ", label) for label in said)


ENGLISH_SHOP = re.compile(r"\b(?:gold|buy|offer|sell|move|freeze|unfreeze|reroll|threat|HP|"
                          r"what do you do|end the shop|Which ability)\b")


def test_the_shops_question_and_actions_are_said_in_french():
    """`play cryptids-run --lang fr` and /play in French: the shop's question and every action
    it offers are worded by the run's decisions.po (the cryptids' names as the content's)."""
    from rulekeeper.agents import RandomAgent

    said = []
    for seed in range(3):
        game = new_game("cryptids-run", seed=seed)
        words, agent = game.ruleset.messages.wording("fr"), RandomAgent("player", seed)
        while not game.over and len(game.decisions) < 80:
            decision = game.pending
            if decision.kind == "shop":
                said += [words(decision.prompt), *(words(o.label) for o in decision.options)]
            elif decision.kind == "ability":
                said.append(words(decision.prompt))
            game.step(agent.choose(None, decision))
    assert [text for text in said if ENGLISH_SHOP.search(text)] == []
    joined = "\n".join(said)
    for french in ("que faites-vous dans la boutique", "acheter", "pour la place", "vendre",
                   "déplacer", "geler l'offre", "relancer les offres", "finir la boutique",
                   "Quelle capacité garde", "sur le même à la place"):
        assert french in joined, french


def test_the_abilities_offered_are_said_in_french_whole():
    """The ability a bought cryptid keeps, at `play cryptids-run --lang fr` and on /play in
    French: each option is the ability's French name and its French words (*Embuscade de
    falaise : sur 3 ou 11 : 2 dégâts à l'ennemi aux PV les plus bas*; it said *Cliff ambush :
    de 3 or 11 : 2 damage à l'ennemi...*), the question names the cryptid as the content does
    (*Quelle capacité garde le Dahu ?*); the English labels stay as they were."""
    from rulekeeper.agents import RandomAgent

    asked = 0
    for seed in range(4):
        game = new_game("cryptids-run", seed=seed)
        words, agent = game.ruleset.messages.wording("fr"), RandomAgent("player", seed)
        stock = game.ruleset.stock(game.ruleset.load_content()[0])
        while not game.over and len(game.decisions) < 80:
            decision = game.pending
            if decision.kind == "ability":
                cryptid = game.view("player")["state"]["buying"]["cryptid"]
                entry, name = stock.entries[cryptid], stock.names[cryptid]
                assert decision.prompt == f"Which ability does {name['en']} keep?"
                assert words(decision.prompt) == f"Quelle capacité garde {name['fr']}\u202f?"
                for option in decision.options:
                    ability = entry.ability(option.id)
                    assert option.label == (
                        f"{ability.name['en']}: {describe(ability, stock.names)}")
                    assert words(option.label) == (
                        f"{ability.name['fr']}\u00a0: {describe(ability, stock.names, 'fr')}")
                asked += 1
            game.step(agent.choose(None, decision))
    assert asked > 5


def test_a_runs_french_sentences_start_with_a_capital_and_say_no_english():
    """A French sentence never starts with a name's article (*le Dahu est acheté*: now *Achat :
    le Dahu, ...*), and says *Appariement*, not *Matchmaking*, and a tier *rang*, as the shop's
    decisions and the page say it (not *palier*)."""
    from rulekeeper.agents import play_out, seat_agents
    from rulekeeper.core.sentences import sentences

    game = new_game("cryptids-run", seed=1)
    play_out(game, seat_agents(game.ruleset, game.seats, ["greedy"], 1))
    say = sentences(game.ruleset, game.seats, "fr")
    said = [say(e) for e in game.events if e.kind in game.ruleset.messages.templates]
    kinds = {e.kind for e in game.events}
    assert {"shop.buy", "shop.ability", "match.band"} <= kinds
    assert [s for s in said if not s[0].isupper() or "Matchmaking" in s or "palier" in s] == []
    assert any("rangs 1 en vente" in s for s in said)  # a tier is a rang, as the shop says
