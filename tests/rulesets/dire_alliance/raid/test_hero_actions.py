"""Heroes: stats from the action row (raid.stats.*), playing cards face up or face down
(raid.hero-action.*), boosting, exerting and gaining cards."""

import pytest

from rulekeeper.rulesets.dire_alliance.attack import attack
from rulekeeper.rulesets.dire_alliance.raid import heroes
from rulekeeper.rulesets.dire_alliance.raid.pieces import RowCard

from .helpers import (
    HARD,
    deal,
    drive,
    hero,
    kinds,
    mark,
    new_events,
    place,
    raid,
    start,
    step,
    summon,
)


def stats(game, seat="hero1"):
    r = raid(game)
    f = hero(game, seat).fighter
    return r.stat(f, "melee"), r.stat(f, "shoot"), r.stat(f, "defense")


@pytest.mark.rule("raid.stats.base", "raid.stats.modifiers", "raid.stats.faceup",
                  "raid.stats.facedown", "raid.boost.modifiers")
def test_stats_are_the_base_plus_the_modifiers_of_face_up_cards_in_the_action_row():
    game = start(1)
    assert stats(game) == (2, 0, 1)                     # Sister Maren: 2, —, 1
    deal(game, row=[("heavy-cleaver", False)], hand=["charge"])
    assert stats(game) == (2, 0, 1)                     # face down: no modifier
    deal(game, row=[("heavy-cleaver", True)], hand=["charge"])
    assert stats(game) == (4, 0, 0)                     # +2 melee, -1 defense
    deal(game, row=[("heavy-cleaver", True), ("iron-brace", True), ("charge", False)])
    assert stats(game) == (4, 0, 2)
    # the stats change over the round with the row: gone once the row is discarded
    deal(game, hand=["heavy-cleaver"])
    assert stats(game) == (2, 0, 1)


@pytest.mark.rule("raid.stats.minimum-zero.a", "raid.stats.minimum-zero.b")
def test_no_stat_falls_below_zero_and_the_floor_applies_to_the_total():
    game = start(1, hero1="cole", class1="slayer")      # Cole Ashby: 1, 2, 0
    deal(game, row=[("heavy-cleaver", True)])
    assert stats(game)[2] == 0                          # 0 - 1 is 0
    deal(game, row=[("heavy-cleaver", True), ("heavy-cleaver", True), ("iron-brace", True)])
    assert stats(game)[2] == 0                          # 0 - 2 + 2: the total, not 0 + 2
    deal(game, row=[("heavy-cleaver", True), ("iron-brace", True)])
    assert stats(game)[2] == 1


@pytest.mark.rule("raid.stats.dash.no-dice", "raid.stats.dash.no-modifiers", "raid.stats.dash.zero")
def test_a_dash_stat_never_rolls_and_takes_no_modifier():
    game = start(1, hero1="crane", class1="slayer")     # Tobias Crane: —, 1, 1
    deal(game, row=[("charge", True), ("heavy-cleaver", True)], hand=["trophy"])
    assert stats(game)[0] == 0                          # +3 melee do not apply to "—"
    place(game, crane="crossroads")
    summon(game, "reclaimed", "crossroads")
    options = heroes.basic_options(raid(game), hero(game))
    assert not [o for o, _ in options if o.startswith("melee")]
    assert not heroes.could_roll(raid(game), hero(game), "melee")
    # a "—" defense rolls no die, whatever its modifiers
    game = start(1, sets={"heroes.maren.defense": "—"}, dice=["HIT", "blank"])
    deal(game, row=[("iron-brace", True)], deck=["heavy-cleaver"] * 2)
    r = raid(game)
    reclaimed = summon(game, "reclaimed", "red-camp")
    drive(attack(r, reclaimed, [hero(game).fighter], "melee"))
    defense = new_events(game, 0, "defense")[0]
    assert defense["dice"] == 0 and defense["faces"] == "nothing"


@pytest.mark.rule("raid.hero-action.faceup", "raid.hero-action.facedown")
def test_face_up_gives_the_cards_special_action_or_nothing_face_down_a_basic_action_or_nothing():
    game = start(1, rulings=HARD)
    deal(game, hand=["charge", "trophy", "iron-brace", "heavy-cleaver"], deck=["trophy"] * 2)
    # a card whose special action cannot be performed (no enemy to Hack) is played for nothing
    step(game, "up:heavy-cleaver")
    assert new_events(game, 0, "raid.no-action")[0]["rule"] == "raid.hero-action.faceup"
    # with an enemy there: its ➤ Hack or nothing, and no basic action
    r = raid(game)
    summon(game, "gravedigger", "red-camp")
    _, asked = drive(heroes.faceup_action(r, hero(game), RowCard("heavy-cleaver", True)), "none")
    assert asked[0].ids == ("special", "none")
    step(game, "down:charge")
    ids = set(game.pending.ids)
    assert "special" not in ids and {"move:old-mill", "melee:gravedigger-1", "none"} <= ids
    assert game.pending.rule == "raid.hero-action.facedown"


def test_a_card_face_up_is_offered_with_its_modifiers_then_its_action_in_english_and_french():
    """The label ends with the action's own sentence and its full stop, not a full stop then
    a semicolon; in French too, and a card without a special action says so in French."""
    game = start(1)
    label = {o.id: o.label for o in game.pending.options}["up:heavy-cleaver"]
    assert label == "Play Heavy Cleaver face up (+2 melee, -1 defense; ➤ Hack: Melee with +1 die.)"
    fr = game.ruleset.messages.wording("fr")
    assert fr(label) == ("Jouer Couperet lourd face visible (+2 mêlée, -1 défense\u202f; "
                         "➤ Taillade\xa0: Mêlée avec +1 dé.)")
    assert fr("Play Trophy face up (no modifiers; no ➤ action)") == (
        "Jouer Trophée face visible (aucun modificateur\u202f; aucune action ➤)")


@pytest.mark.rule("raid.hero-action.move.a", "raid.hero-action.move.b", "raid.enemy-clarify.zero-melee")
def test_a_hero_leaving_an_area_is_attacked_by_every_enemy_there_before_it_moves():
    # two attacks: the Reclaimed (2 dice) and the Butcher's ★ (3 dice), each against 1 die
    game = start(1, rulings=HARD, dice=["HIT", "blank", "BLOCK"] + ["blank"] * 3 + ["blank"])
    deal(game, hand=["charge"], deck=["trophy", "trophy", "iron-brace", "iron-brace"],
         discard=["consecrated-blade"])
    place(game, maren="crossroads")
    reclaimed = summon(game, "reclaimed", "crossroads")
    summon(game, "butcher", "crossroads")
    summon(game, "mourner", "crossroads")               # Melee 0: no opportunity attack
    since = mark(game)
    step(game, "down:charge", "move:cairn")
    events = new_events(game, since)
    opportunity = next(e for e in events if e["kind"] == "raid.opportunity")
    assert opportunity["rule"] == "raid.hero-action.move.b"
    assert opportunity["enemies"] == [reclaimed.name, "Butcher"]
    attacks = [e["attacker"] for e in events if e["kind"] == "attack"]
    assert attacks == ["Reclaimed", "Butcher"]
    order = [e["kind"] for e in events]
    assert order.index("attack") < order.index("move")
    assert hero(game).fighter.area == "cairn"
    assert new_events(game, since, "raid.action")[0]["rule"] == "raid.hero-action.move.a"


@pytest.mark.rule("raid.hero-action.move.c")
def test_a_withdraw_is_not_a_move_and_provokes_no_opportunity_attack():
    game = start(1, hero1="cole", class1="hunter", rulings=HARD)
    deal(game, hand=["scout"], deck=["crossbow"] * 4)
    place(game, cole="crossroads")
    summon(game, "reclaimed", "crossroads")
    since = mark(game)
    step(game, "up:scout", "special", "chapel-ruins", "stay")
    assert hero(game).fighter.area == "chapel-ruins"
    assert "attack" not in kinds(game, since) and "withdraw" in kinds(game, since)


@pytest.mark.rule("raid.hero-action.melee", "raid.hero-action.shoot.a", "raid.hero-action.shoot.b")
def test_melee_targets_an_enemy_in_the_area_and_shoot_one_seen_only_with_no_enemy_in_the_area():
    game = start(1, hero1="cole", class1="hunter", rulings=HARD)
    deal(game, hand=["crossbow"], deck=["snare"] * 4)
    place(game, cole="crossroads")
    far = summon(game, "reclaimed", "cairn")            # the Crossroads sees the Stone Cairn
    r = raid(game)
    options = [o for o, _ in heroes.basic_options(r, hero(game))]
    assert f"shoot:{far.id}" in options and not [o for o in options if o.startswith("melee")]
    near = summon(game, "mourner", "crossroads")
    options = [o for o, _ in heroes.basic_options(r, hero(game))]
    assert f"melee:{near.id}" in options
    assert not [o for o in options if o.startswith("shoot")]     # an enemy in its area
    since = mark(game)
    step(game, "down:crossbow", f"melee:{near.id}")
    attack = new_events(game, since, "attack")[0]
    assert attack["targets"] == ["Mourner"] and attack["how"] == "melee"
    assert new_events(game, since, "raid.action")[0]["rule"] == "raid.hero-action.melee"


@pytest.mark.rule("raid.hero-action.rest", "raid.heal.hero", "raid.lose-card.damage-pile")
def test_rest_heals_only_with_no_enemy_in_the_area_a_card_of_the_heros_choice():
    game = start(1, rulings=HARD)
    deal(game, hand=["charge"], deck=["trophy"] * 2, graveyard=["iron-brace", "heavy-cleaver"])
    r = raid(game)
    assert ("rest", "Rest: heal (a card from your damage pile to your discard pile)") in \
        heroes.basic_options(r, hero(game))
    minion = summon(game, "caretaker", "red-camp")
    assert "rest" not in [o for o, _ in heroes.basic_options(r, hero(game))]
    r.remove(minion)
    r.bag.append(minion.id)
    step(game, "down:charge", "rest")
    assert game.pending.kind == "heal-card" and set(game.pending.ids) == {
        "heavy-cleaver", "iron-brace"}
    step(game, "iron-brace")
    assert hero(game).damage_pile == ["heavy-cleaver"]
    assert "iron-brace" in hero(game).piles.discard
    assert new_events(game, 0, "raid.heal.hero")[0]["rule"] == "raid.heal.hero"


@pytest.mark.rule("raid.hero-action.interact.a", "raid.hero-action.interact.b",
                  "raid.sample.barrow-stones")
def test_the_barrow_stones_interact_seals_a_stone_where_no_enemy_stands():
    game = start(1, scenario="barrow-stones", rulings=HARD)
    deal(game, hand=["charge", "trophy"], deck=["iron-brace"] * 2)
    r = raid(game)
    assert [s.name for s in r.sites.values()] == ["North Stone", "Centre Stone", "South Stone"]
    place(game, maren="witch-hollow")
    minion = summon(game, "reclaimed", "witch-hollow")
    assert "interact" not in [o for o, _ in heroes.basic_options(r, hero(game))]
    r.remove(minion)
    r.bag.append(minion.id)
    assert "interact" in [o for o, _ in heroes.basic_options(r, hero(game))]
    since = mark(game)
    step(game, "down:charge", "interact")
    assert r.sites["witch-hollow-stone"].holder == "heroes"
    assert [e["kind"] for e in new_events(game, since)][1:4] == ["raid.action", "special", "mark"]
    # a sealed stone cannot be sealed again
    assert "interact" not in [o for o, _ in heroes.basic_options(r, hero(game))]


@pytest.mark.rule("raid.gain-cards.defeat", "raid.gain-cards.any-supply", "raid.damage.minion")
def test_a_hero_who_defeats_an_enemy_may_gain_any_card_of_its_supply():
    game = start(1, rulings=HARD, dice=["HIT", "HIT"])
    deal(game, hand=["charge"], deck=["trophy"] * 2)
    place(game, maren="crossroads")
    minion = summon(game, "reclaimed", "crossroads")    # defense 0
    step(game, "down:charge", f"melee:{minion.id}")
    assert game.pending.kind == "gain" and game.pending.rule == "raid.gain-cards.defeat"
    # any card of the supply, or none
    assert set(game.pending.ids) == {"consecrated-blade", "heavy-cleaver", "iron-brace", "charge",
                                     "trophy", "none"}
    supply = hero(game).piles.supply["iron-brace"]
    step(game, "iron-brace")
    assert hero(game).piles.discard == ["iron-brace"]
    assert hero(game).piles.supply["iron-brace"] == supply - 1
    assert minion.area is None and minion.id in raid(game).bag


@pytest.mark.rule("raid.gain-cards.any-supply", "raid.ruling.focus-empty-supply")
def test_gain_effects_also_take_any_card_and_a_short_supply_follows_the_ruling():
    for ruling, gained in (("what-is-there", 1), ("all-or-nothing", 0)):
        game = start(1, rulings={"focus-empty-supply": ruling})
        deal(game, hand=["trophy"], deck=["charge"] * 2 + ["trophy"] * 4 + ["iron-brace"] * 5
             + ["heavy-cleaver"] * 5 + ["consecrated-blade"] * 5, discard=["charge"] * 2)
        assert sum(hero(game).piles.supply.values()) == 1
        r = raid(game)
        answers = ("charge",) if gained else ()
        drive(r.gain_cards(hero(game).fighter, 2), *answers)
        assert hero(game).piles.discard.count("charge") == 2 + gained
        short = new_events(game, 0, "raid.gain.short")[0]
        assert short["count"] == gained and short["rule"] == "raid.ruling.focus-empty-supply"


@pytest.mark.rule("raid.gain-cards.any-supply", "raid.ruling.focus-empty-supply")
@pytest.mark.parametrize("ruling", ["what-is-there", "all-or-nothing"])
def test_a_supply_holding_exactly_the_cards_to_gain_is_not_short(ruling):
    game = start(1, rulings={"focus-empty-supply": ruling})
    deal(game, hand=["trophy"], deck=["charge"] + ["trophy"] * 4 + ["iron-brace"] * 5
         + ["heavy-cleaver"] * 5 + ["consecrated-blade"] * 5, discard=["charge"] * 2)
    assert sum(hero(game).piles.supply.values()) == 2
    drive(raid(game).gain_cards(hero(game).fighter, 2), "charge", "charge")
    assert hero(game).piles.discard.count("charge") == 4
    assert sum(hero(game).piles.supply.values()) == 0
    assert not new_events(game, 0, "raid.gain.short")


@pytest.mark.rule("raid.boost.play", "raid.boost.name", "raid.boost.no-action", "raid.boost.modifiers")
def test_a_boost_plays_cards_face_up_before_the_dice_for_their_modifiers_but_no_action():
    game = start(1, rulings=HARD, dice=["blank"] * 5)
    deal(game, hand=["charge", "heavy-cleaver", "iron-brace"], deck=["trophy"] * 2)
    place(game, maren="crossroads")
    minion = summon(game, "gravedigger", "crossroads")
    step(game, "down:charge", f"melee:{minion.id}")
    assert game.pending.kind == "boost" and game.pending.rule == "raid.boost.play"
    assert "attacking Gravedigger (melee)" in game.pending.prompt
    since = mark(game)
    step(game, "boost:heavy-cleaver", "done")
    h = hero(game)
    assert [(c.card, c.faceup) for c in h.row] == [("charge", False), ("heavy-cleaver", True)]
    # the modifiers count for this attack: 2 + 2 melee dice
    assert new_events(game, since, "attack")[0]["dice"] == 4
    # a boost is no action: no action was asked for the boosted card; and the two cards in the
    # row end the hero's Heroes Act phase (the boost counts)
    assert "raid.play" not in kinds(game, since)
    assert raid(game).phase != "Heroes Act"


@pytest.mark.rule("raid.exert.once-per-phase", "raid.exert.damage", "raid.exert.move",
                  "raid.exert.optional")
def test_exert_loses_the_top_card_to_move_once_per_phase_in_addition_to_other_actions():
    game = start(1, rulings=HARD)
    deal(game, hand=["charge", "trophy"], deck=["iron-brace", "heavy-cleaver"])
    since = mark(game)
    step(game, "exert")
    # the top card of the deck goes to the damage pile (an effect: unranked)
    assert hero(game).damage_pile == ["heavy-cleaver"]
    assert game.pending.rule == "raid.exert.move"
    step(game, "hanging-tree")
    assert hero(game).fighter.area == "hanging-tree"
    assert new_events(game, since, "raid.lose.top")[0]["rule"] == "raid.damage.hero.unranked"
    # no card was played: the hero still plays its two cards, and cannot exert again
    assert hero(game).row == [] and "exert" not in game.pending.ids
    step(game, "down:charge", "none", "down:trophy", "none")
    assert raid(game).phase != "Heroes Act"
    # in the React phase it may exert once more (optional: it may also stop)
    while raid(game).phase != "Heroes React":
        step(game, game.pending.ids[0])
    assert "exert" in game.pending.ids and "stop" in game.pending.ids


@pytest.mark.rule("raid.exert.move", "raid.hero-action.move.b")
def test_the_move_of_an_exert_is_a_move_and_provokes_opportunity_attacks():
    game = start(1, rulings=HARD, dice=["blank"] * 10)
    deal(game, hand=[], deck=["iron-brace", "heavy-cleaver", "trophy"])
    place(game, maren="crossroads")
    reclaimed = summon(game, "reclaimed", "crossroads")
    since = mark(game)
    step(game, "exert", "cairn")
    events = new_events(game, since)
    opportunity = next(e for e in events if e["kind"] == "raid.opportunity")
    assert opportunity["rule"] == "raid.hero-action.move.b"
    assert opportunity["enemies"] == [reclaimed.name]
    order = [e["kind"] for e in events]
    assert order.index("attack") < order.index("move")
    assert hero(game).fighter.area == "cairn"


@pytest.mark.rule("battle.opportunity-attack.trigger", "battle.opportunity-attack.free")
def test_a_hero_may_attack_an_enemy_leaving_its_area():
    game = start(1, rulings=HARD, dice=["HIT", "HIT"] + ["blank"] * 4)
    deal(game, hand=[], deck=["iron-brace", "heavy-cleaver"])
    place(game, maren="crossroads")
    reclaimed = summon(game, "reclaimed", "crossroads")
    r = raid(game)
    since = mark(game)
    _, asked = drive(r.opportunity_attacks(reclaimed, "cairn"), "attack", "none")
    assert asked[0].kind == "opportunity-attack"
    attacks = new_events(game, since, "attack")
    assert [(a["attacker"], a["targets"]) for a in attacks] == [("Sister Maren", [reclaimed.name])]
    assert not reclaimed.on_board                       # damaged: back to the bag
