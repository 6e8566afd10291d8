"""Current Stats (sample Calculate Stat) and current Defense (06_COMBAT_ENCOUNTER > CALCULATE_DEFENSE)."""

import pytest

from rulekeeper.rulesets.combat_encounter.checks import stat_check
from rulekeeper.rulesets.combat_encounter.stats import (
    current_defense,
    current_stat,
    defense_sources,
)
from tests.rulesets.combat_encounter.helpers import answer, data, drive, player, start, table


def sources(game, seat):
    return [(kind, value) for kind, _, value in defense_sources(table(game).prepared, player(game, seat))]


@pytest.mark.rule("combat.calculate-defense.sum", "combat.calculate-defense.sources.a",
                  "combat.calculate-defense.sources.b", "combat.calculate-defense.sources.c",
                  "combat.calculate-defense.armor-equipped", "sample.player.defense-sources")
def test_defense_is_the_sum_of_character_patron_and_equipped_armor():
    game = start()
    assert sources(game, "p1") == [("character", 11), ("patron", 1), ("armor", 2)]
    assert current_defense(table(game).prepared, player(game, "p1")) == 14


@pytest.mark.rule("sample.player.defense-sources")
def test_a_dropped_weapon_gives_no_defense():
    # a Longsword stating Defense +2 counts while Equipped, not once Dropped (face down), as
    # its Stat modifiers (sample.player.calculate-stat)
    game = start(sets={"items.cards.longsword.defense": 2})
    knight = player(game, "p1")
    assert ("weapon", 2) in sources(game, "p1")
    assert current_defense(table(game).prepared, knight) == 16
    knight.dropped.add("weapon-1")
    assert sources(game, "p1") == [("character", 11), ("patron", 1), ("armor", 2)]
    assert current_defense(table(game).prepared, knight) == 14


@pytest.mark.rule("combat.calculate-defense.sources.d", "combat.calculate-defense.armor-in-backpack",
                  "combat.calculate-defense.only-explicit")
def test_plot_armor_counts_and_armor_in_the_backpack_does_not():
    game = start(options={"players": 4, "characters": "knight,ranger,brute,rogue"})
    # Vesper: Starting Defense 12, Plot Armor Narrow Escape +1, Leather Armor in the Backpack;
    # her Weapons (no Defense value) give nothing
    assert sources(game, "p4") == [("character", 12), ("plot-armor", 1)]
    assert player(game, "p4").backpack == ["leather-armor"]


@pytest.mark.rule("combat.calculate-defense.sources.e", "combat.calculate-defense.magic-in-backpack",
                  "combat.calculate-defense.only-explicit")
def test_only_backpack_items_that_say_so_grant_defense():
    game = start()
    # Wren's Amulet of Warding grants 1 while in the Backpack; Sir Brannock's Cursed Gem nothing
    assert ("backpack", 1) in sources(game, "p2")
    assert [k for k, _ in sources(game, "p1")].count("backpack") == 0
    game = start(sets={"items.cards.gem.backpack_defense": 2})
    assert ("backpack", 2) in sources(game, "p1")


@pytest.mark.rule("combat.calculate-defense.sources.f", "combat.calculate-defense.sources.g",
                  "combat.calculate-defense.sources.h", "sample.player.statuses")
def test_statuses_dungeon_bombs_and_other_effects_modify_defense():
    game = start()
    knight = player(game, "p1")
    knight.statuses += ["blessed", "dungeon-bomb", "stone-skin", "hidden"]
    assert sources(game, "p1")[3:] == [("status", 1), ("dungeon-bomb", -1), ("effect", 1)]
    assert current_defense(table(game).prepared, knight) == 15


@pytest.mark.rule("sample.player.calculate-stat", "combat.attack.current-stats",
                  "combat.melee-attack.current-brawn", "combat.damage.current-stats",
                  "combat.order.ambush.current-quickness", "combat.order.challenge.current-quickness",
                  "combat.ranged-attack.current-quickness")
def test_current_stat_is_base_plus_equipped_items_plus_statuses():
    game = start(sets={"items.cards.longsword.stats": {"brawn": 1}})
    cat, knight = table(game).prepared, player(game, "p1")
    assert current_stat(cat, knight, "quickness") == -1  # 0, Chain Mail -1
    assert current_stat(cat, knight, "brawn") == 4  # 3, Longsword +1
    knight.statuses += ["poisoned", "hasted"]
    assert current_stat(cat, knight, "brawn") == 3
    assert current_stat(cat, knight, "quickness") == 0
    knight.dropped.add("weapon-1")  # a Dropped Weapon's modifiers do not count
    assert current_stat(cat, knight, "brawn") == 2


@pytest.mark.rule("combat.calculate-defense.recalculated", "combat.calculate-defense.current",
                  "combat.attack-check.defense-tn", "combat.melee-attack.defense-ref",
                  "combat.ranged-attack.defense-ref", "combat.calculate-defense.not-reduced-by-damage",
                  "combat.calculate-defense.target-number")
def test_each_attack_uses_the_targets_current_defense():
    # p1 hits p2 (Defense 13) for 1d8 3 + 3; p2 puts its Leather Armor away (Free Action) and
    # declines; p1's next Attack is against Defense 12 although p2 lost Health: 9 + 3 hits.
    game = start([15, 3, 9, 1])
    answer(game, "attack:p2:weapon-1", "stow:armor")
    assert player(game, "p2").health == 4
    answer(game, "decline", "attack:p2:weapon-1")
    declared = data(game, "attack.declared")
    assert [d["defense"] for d in declared] == [13, 12]
    results = data(game, "attack.result")
    assert [(r["total"], r["outcome"]) for r in results] == [(18, "hit"), (12, "hit")]


@pytest.mark.rule("combat.calculate-defense.not-attack-check", "combat.calculate-defense.not-attack",
                  "combat.attack-check.only-attack-checks")
def test_a_check_against_defense_is_not_an_attack_check():
    game = start(keep=("knight",))
    c = table(game)
    defense = current_defense(c.prepared, player(game, "p2"))
    before = (dict(c.state.metrics), player(game, "p1").kaos)
    check, asked = drive(stat_check(c, "p1", "brawn", "trap", "sample.core.stat-check", tn=defense),
                         "keep")
    assert [d.kind for d in asked] == ["reroll"]  # a Reroll Token, but no Kaos: not an Attack
    assert check.tn == 13
    assert (dict(c.state.metrics), player(game, "p1").kaos) == before
    assert player(game, "p1").dropped == set()
