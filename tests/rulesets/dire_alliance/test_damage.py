"""Suffering damage, dread cards, the graveyard and healing, Resilient, Focus."""

import copy

import pytest

from rulekeeper.rulesets.dire_alliance import actions
from rulekeeper.rulesets.dire_alliance import battle as flow
from rulekeeper.rulesets.dire_alliance.healing import heal

from .helpers import battle, deal, drive, events, fighter, kinds, place, start, table

RULE = "battle.attack.deal-damage"


def damaged(game, fighter_id):
    drive(table(game).suffer_damage(fighter(game, fighter_id), RULE))


@pytest.mark.rule("battle.suffer-damage.one-card", "battle.suffer-damage.order",
                  "battle.suffer-damage.hand.a", "battle.suffer-damage.hand.b",
                  "battle.suffer-damage.hand.c", "battle.graveyard.place")
def test_a_card_in_hand_goes_first_and_is_replaced():
    game = start()
    # a Butcher card in each of hand, deck and discard pile: the one in hand goes
    deal(game, "blue", hand=["butcher", "caretaker", "mourner", "kramer"],
         deck=["gravedigger", "caretaker", "mourner", "butcher", "gravedigger"],
         discard=["kramer"])
    damaged(game, "blue.butcher")
    blue = table(game).sides["blue"]
    assert blue.graveyard == ["butcher"]
    # the replacement is the top card of the deck (the last in the list)
    assert sorted(blue.hand) == ["caretaker", "gravedigger", "kramer", "mourner"]
    assert blue.deck == ["gravedigger", "caretaker", "mourner", "butcher"]
    assert blue.discard == ["kramer"]
    assert [e["kind"] for e in events(game)][-4:] == ["damage", "lose.hand", "draw", "draw.cards"]


@pytest.mark.rule("battle.suffer-damage.deck.a", "battle.suffer-damage.deck.b")
def test_else_a_card_from_the_deck_keeping_its_order():
    game = start()
    deal(game, "blue", hand=["caretaker", "mourner"], deck=["kramer", "butcher", "gravedigger"],
         discard=["butcher"])
    damaged(game, "blue.butcher")
    blue = table(game).sides["blue"]
    assert blue.deck[:2] == ["kramer", "gravedigger"] and blue.discard == ["butcher"]
    assert blue.hand[:2] == ["caretaker", "mourner"] and events(game, "lose.deck")


@pytest.mark.rule("battle.suffer-damage.discard.a", "battle.suffer-damage.discard.b")
def test_else_a_card_from_the_discard_pile():
    game = start()
    deal(game, "blue", hand=["caretaker"], discard=["butcher", "butcher"],
         deck=["kramer", "kramer", "caretaker", "mourner", "mourner", "gravedigger",
               "gravedigger"])
    damaged(game, "blue.butcher")
    blue = table(game).sides["blue"]
    assert blue.discard == ["butcher"] and blue.graveyard == ["butcher"]
    assert events(game, "lose.discard")[0]["rule"] == "battle.suffer-damage.discard.a"


@pytest.mark.rule("battle.suffer-damage.defeated", "battle.suffer-damage.dread",
                  "battle.dread.defeat", "battle.ruling.dread-cards", "battle.fighters.definition")
def test_no_card_left_means_defeat_and_two_dread_cards_in_the_discard_pile():
    game = start()
    place(game, blue_butcher="crossroads", red_empyreal="crossroads")
    # a card in the supply pile, the graveyard or in play does not save the fighter
    deal(game, "blue", hand=["caretaker"], graveyard=["butcher"], play=["butcher"])
    damaged(game, "blue.butcher")
    butcher = fighter(game, "blue.butcher")
    t = table(game)
    assert butcher.defeated and butcher.area is None and butcher not in t.in_area("crossroads")
    assert t.sides["blue"].discard.count("dread") == 2 and t.dread == 14
    assert events(game, "dread")[0]["rule"] == "battle.suffer-damage.dread"
    # gone from the board: no longer a fighter that can be attacked
    assert not [i for i, _ in actions.options(t, fighter(game, "red.empyreal"))
                if i.endswith("blue.butcher")]


@pytest.mark.rule("battle.contents.dread-cards", "battle.suffer-damage.dread")
def test_the_dread_pile_holds_sixteen_cards_shared_by_both_players():
    game = start()
    t = table(game)
    assert t.dread == 16 and game.view("red")["state"]["dread_pile"] == 16
    for seat, fallen in (("blue", "blue.butcher"), ("red", "red.devoted")):
        card = fallen.split(".")[1]
        deal(game, seat, graveyard=[card, card])
        damaged(game, fallen)
        assert t.sides[seat].discard.count("dread") == 2
    assert t.dread == 12  # both took theirs from the one pile
    assert game.ruleset.invariant_violations(game.table) == []


@pytest.mark.rule("battle.suffer-damage.dread", "battle.dread.defeat", "battle.ruling.dread-cards")
def test_ruling_dread_cards_deck_shuffles_them_into_the_deck_and_a_short_pile_gives_what_it_has():
    game = start(rulings={"dread-cards": "deck"})
    deal(game, "blue", hand=["caretaker"], graveyard=["butcher", "butcher"])
    table(game).dread = 1
    damaged(game, "blue.butcher")
    blue = table(game).sides["blue"]
    assert blue.deck.count("dread") == 1 and "dread" not in blue.discard
    assert table(game).dread == 0


@pytest.mark.rule("battle.dread.dead-cards", "battle.dread.play.no-effect")
def test_a_played_dread_card_has_no_effect_and_is_discarded():
    game = start()
    b = battle(game)
    t = table(game)
    t.dread -= 2
    red = t.sides["red"]
    red.discard, red.hand = red.hand, ["dread", "dread"]
    before = {seat: copy.deepcopy(area) for seat, area in t.sides.items()}
    places = {f.id: (f.area, f.stunned, f.sated) for f in t.fighters.values()}
    _, asked = drive(flow.take_turn(b, "red", "aggressor", 1))
    assert asked == []  # two dread cards played: nothing activates
    assert t.sides["red"].discard.count("dread") == 2
    # and nothing else happens: the only change is the two cards moved from hand to discard
    red = before["red"]
    red.discard += red.hand
    red.hand = []
    assert t.sides == before and t.dread == 14
    assert {f.id: (f.area, f.stunned, f.sated) for f in t.fighters.values()} == places
    assert [e["rule"] for e in events(game, "dread.played")] == ["battle.dread.play.no-effect"] * 2


@pytest.mark.rule("battle.dread.play.return")
def test_an_activated_fighter_may_spend_its_action_to_return_a_dread_card():
    game = start()
    b = battle(game)
    t = table(game)
    t.dread -= 1
    deal(game, "red", hand=["empyreal", "countess", "devoted", "unbroken"])
    t.sides["red"].hand[1] = "dread"
    t.sides["red"].discard.append("countess")
    _, asked = drive(flow.take_turn(b, "red", "aggressor", 1), "dread", "empyreal", "dread")
    assert "dread" in asked[-1].ids
    assert t.dread == 16 and "dread" not in t.sides["red"].discard + t.sides["red"].hand
    assert events(game, "dread.returned")[0]["fighter"] == "Empyreal"


@pytest.mark.rule("battle.graveyard.heal", "battle.keyword.heal.fighter", "battle.graveyard.return",
                  "battle.keyword.heal.hero", "battle.graveyard.out-of-game")
def test_heal_moves_that_fighters_card_from_graveyard_to_discard():
    game = start()
    deal(game, "red", hand=["devoted"], graveyard=["empyreal", "countess"])
    t = table(game)
    _, asked = drive(heal(t, fighter(game, "red.empyreal"), 1, "battle.keyword.heal.fighter"),
                     "heal")
    red = t.sides["red"]
    assert red.graveyard == ["countess"] and red.discard[-1] == "empyreal"
    assert red.supply["empyreal"] == 3  # back in play through the discard pile, not the supply
    # only that fighter's card: a heal of the Empyreal never returns the Countess's card
    drive(heal(t, fighter(game, "red.empyreal"), 1, "battle.keyword.heal.fighter"))
    assert red.graveyard == ["countess"] and events(game, "heal.none")
    # heals are the player's choice
    _, asked = drive(heal(t, fighter(game, "red.countess"), 1, "battle.keyword.heal.fighter"),
                     "no")
    assert red.graveyard == ["countess"] and asked[0].kind == "heal"


@pytest.mark.rule("battle.graveyard.heal", "battle.keyword.heal.fighter")
def test_each_heal_of_a_heal_twice_is_its_own_choice():
    # declining the first heal does not forfeit the second
    game = start()
    deal(game, "red", hand=["devoted"], graveyard=["empyreal", "empyreal"])
    t = table(game)
    _, asked = drive(heal(t, fighter(game, "red.empyreal"), 2, "battle.keyword.heal.fighter"),
                     "no", "heal")
    assert [d.kind for d in asked] == ["heal", "heal"]
    assert t.sides["red"].graveyard == ["empyreal"] and t.sides["red"].discard[-1] == "empyreal"


@pytest.mark.rule("battle.graveyard.no-heal-defeated", "battle.keyword.heal.defeated")
def test_a_defeated_fighter_cannot_be_healed():
    game = start()
    deal(game, "blue", hand=["caretaker"], graveyard=["butcher", "butcher"])
    damaged(game, "blue.butcher")
    t = table(game)
    _, asked = drive(heal(t, fighter(game, "blue.butcher"), 2, "battle.keyword.heal.fighter"))
    assert asked == [] and t.sides["blue"].graveyard.count("butcher") == 2
    assert events(game, "heal.defeated")


@pytest.mark.rule("battle.keyword.resilient.no-removal", "battle.keyword.resilient.no-card-loss",
                  "battle.keyword.resilient.stunned", "battle.ruling.resilient-damage")
def test_a_resilient_fighter_loses_no_card_and_stays_but_is_stunned():
    from rulekeeper.rulesets.dire_alliance.attack import attack
    game = start(dice=["HIT", "HIT", "blank", "blank", "blank", "blank"])
    place(game, blue_butcher="crossroads", red_unbroken="crossroads")
    deal(game, "red", hand=["unbroken", "empyreal"])
    t = table(game)
    drive(attack(t, fighter(game, "blue.butcher"), [fighter(game, "red.unbroken")], "melee"))
    unbroken = fighter(game, "red.unbroken")
    assert unbroken.stunned and unbroken.on_board and t.sides["red"].graveyard == []
    assert events(game, "stunned")[0]["rule"] == "battle.keyword.resilient.stunned"


@pytest.mark.rule("battle.keyword.resilient.no-removal", "battle.ruling.resilient-damage")
def test_ruling_loses_cards_takes_a_card_but_never_removes_it():
    game = start(rulings={"resilient-damage": "loses-cards"})
    deal(game, "red", hand=["unbroken", "empyreal"])
    damaged(game, "red.unbroken")
    t = table(game)
    assert t.sides["red"].graveyard == ["unbroken"]
    damaged(game, "red.unbroken")
    assert t.sides["red"].graveyard.count("unbroken") == 2
    damaged(game, "red.unbroken")
    assert fighter(game, "red.unbroken").on_board and events(game, "resilient.kept")


@pytest.mark.rule("battle.keyword.resilient.activation.a", "battle.keyword.resilient.activation.b",
                  "battle.status.stunned-activation")
def test_a_stunned_resilient_fighter_only_becomes_ready_when_activated():
    game = start()
    b = battle(game)
    deal(game, "red", hand=["unbroken", "empyreal", "devoted", "hypnotist"])
    fighter(game, "red.unbroken").stunned = True
    fighter(game, "red.empyreal").stunned = True
    since = len(game.events)
    _, asked = drive(flow.take_turn(b, "red", "aggressor", 1), "unbroken", "empyreal",
                     "red.unbroken", "recover", "focus:red.empyreal")
    assert set(asked[3].ids) == {"recover", "pass"}
    unbroken = fighter(game, "red.unbroken")
    assert not unbroken.stunned and unbroken.area == "red-camp"
    # it becomes ready and does nothing else: its card is spent, the activation over
    resilient = kinds(game, since)
    at = resilient.index("activate.resilient")
    assert resilient[at + 1] == "discard.played" and resilient[at + 2] == "activate"
    # an ordinary stunned fighter becomes ready and acts as normal
    assert not fighter(game, "red.empyreal").stunned and events(game, "activate.ready")
    assert events(game, "focus")[0]["fighter"] == "Empyreal"


@pytest.mark.rule("battle.action.focus.a", "battle.action.focus.b", "battle.action.focus.c")
def test_focus_gains_two_here_or_one_to_a_friend_it_sees():
    game = start()
    place(game, red_devoted="crossroads", red_empyreal="crossroads", red_hypnotist="hanging-tree",
          red_unbroken="bog")
    t = table(game)
    devoted = fighter(game, "red.devoted")
    ids = [i for i, _ in actions.options(t, devoted) if i.startswith("focus:")]
    assert sorted(ids) == ["focus:red.devoted", "focus:red.empyreal", "focus:red.hypnotist"]
    discard = len(t.sides["red"].discard)
    drive(actions.perform(t, devoted, "focus:red.empyreal"))
    drive(actions.perform(t, devoted, "focus:red.hypnotist"))
    red = t.sides["red"]
    assert red.supply["empyreal"] == 1 and red.supply["hypnotist"] == 2
    assert len(red.discard) == discard + 3


@pytest.mark.rule("battle.ruling.focus-empty-supply")
@pytest.mark.parametrize(("option", "gained"), [("what-is-there", 1), ("all-or-nothing", 0)])
def test_focus_on_a_short_supply_pile(option, gained):
    game = start(rulings={"focus-empty-supply": option})
    t = table(game)
    t.sides["red"].supply["empyreal"] = 1
    t.sides["red"].graveyard += ["empyreal", "empyreal"]
    drive(actions.perform(t, fighter(game, "red.empyreal"), "focus:red.empyreal"))
    assert t.sides["red"].discard.count("empyreal") == gained
    assert events(game, "gain.short")[0]["count"] == gained


@pytest.mark.rule("battle.ruling.focus-empty-supply", "battle.action.focus.c")
@pytest.mark.parametrize("option", ["what-is-there", "all-or-nothing"])
def test_focus_on_a_supply_pile_holding_exactly_enough_gains_them_all(option):
    # 2 cards wanted, 2 in the pile: not short, whatever the ruling
    game = start(rulings={"focus-empty-supply": option})
    t = table(game)
    t.sides["red"].supply["empyreal"] = 2
    t.sides["red"].graveyard += ["empyreal"]
    discard = t.sides["red"].discard.count("empyreal")
    drive(actions.perform(t, fighter(game, "red.empyreal"), "focus:red.empyreal"))
    assert t.sides["red"].discard.count("empyreal") == discard + 2
    assert t.sides["red"].supply["empyreal"] == 0
    assert not events(game, "gain.short")
