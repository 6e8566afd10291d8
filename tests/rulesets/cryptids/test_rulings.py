"""Every ruling of cryptid battles, under each of its options."""

import pytest

from tests.rulesets.cryptids.helpers import board, cryptid, fight, on

NEVER = on({"total": 13}, {"damage": 1})


def hit(n=1, target=None, when=7):
    return on({"total": when}, {"damage": n} | ({"target": target} if target else {}))


@pytest.mark.rule("ruling.tie-order")
def test_tie_order_position_puts_the_leftmost_position_first():
    left = [cryptid("filler", 9, 0, NEVER), cryptid("a", 9, 3, hit())]
    right = [cryptid("b", 9, 3, hit()), cryptid("c", 9, 0, NEVER)]
    f = fight(left, right, [3, 4])
    assert f.who("act.total")[:2] == ["B", "A"]  # B is first on its board, A second
    assert not f.of("order.coin")
    g = fight(left, right, [3, 4], tie_order="left-first")
    assert g.who("act.total")[:2] == ["A", "B"]


@pytest.mark.rule("ruling.tie-order")
def test_tie_order_same_position_is_a_seeded_coin_flip():
    a, b = cryptid("a", 9, 3, hit()), cryptid("b", 9, 3, hit())
    firsts = set()
    for seed in range(12):
        f = fight([a], [b], [3, 4], seed=seed)
        coin = f.of("order.coin")[0]
        assert f.who("act.total")[0] == coin["first"]["en"]
        assert [t["en"] for t in coin["tied"]] == f.who("act.total")[:2]
        firsts.add(coin["first"]["en"])
        again = fight([a], [b], [3, 4], seed=seed)
        assert again.who("act.total")[:2] == f.who("act.total")[:2]  # same seed, same order
    assert firsts == {"A", "B"}


@pytest.mark.rule("ruling.tie-order")
def test_tie_order_coin_ignores_positions():
    left = [cryptid("filler", 9, 0, NEVER), cryptid("a", 9, 3, hit())]
    right = [cryptid("b", 9, 3, hit())]
    firsts = {fight(left, right, [3, 4], seed=s, tie_order="coin").who("act.total")[0]
              for s in range(12)}
    assert firsts == {"A", "B"}
    assert fight(left, right, [3, 4], tie_order="left-first").who("act.total")[0] == "A"


@pytest.mark.rule("ruling.reroll-counts")
def test_reroll_counts_as_a_new_roll_or_not():
    storm = cryptid("storm", 900, 1, on({"total": 2}, {"reroll": True}))
    foe = cryptid("foe", 900, 1, NEVER)
    counted = fight([storm], [foe], [1, 1, 3, 4], seed=1, no_damage_possible="never")
    assert counted.of("reroll.next")[0]["roll"] == 2 and counted.outcome.rolls == 36
    assert len(counted.of("roll")) + len(counted.of("reroll.next")) == 36  # the cap counts them
    assert not counted.of("reroll.roll")
    kept = fight([storm], [foe], [1, 1, 3, 4], seed=1, reroll_counts="no",
                 no_damage_possible="never")
    assert kept.of("reroll.roll")[0]["roll"] == 1 and kept.outcome.rolls == 36
    assert len(kept.of("roll")) == 36 and kept.of("reroll.roll") and not kept.of("reroll.next")


@pytest.mark.rule("ruling.reroll-counts")
def test_reroll_guard_when_rerolls_do_not_count():
    storm = cryptid("storm", 900, 1, on({"total": 2}, {"reroll": True}))
    f = fight([storm], [cryptid("foe", 900, 1, NEVER)], [1, 1] * 12, reroll_counts="no",
              no_damage_possible="never")
    assert len([r for r in f.of("reroll") if r["roll"] == 1]) == 10
    assert f.of("reroll.guard")[0]["limit"] == 10
    assert all(r["roll"] == 1 for r in f.of("reroll.roll")[:10])


def ping_pong(depth: str):
    a = cryptid("a", 500, 9, hit(1), on("hurt", {"damage": 1, "target": "attacker"}))
    b = cryptid("b", 500, 1, on("hurt", {"damage": 1, "target": "attacker"}))
    return fight([a], [b], [3, 4], reaction_depth=depth)


@pytest.mark.rule("ruling.reaction-depth")
@pytest.mark.parametrize("depth", [64, 8, 1])
def test_reaction_chains_are_cut_at_the_depth_limit(depth):
    f = ping_pong(str(depth))
    roll1 = f.roll_events(1)
    reactions = [e for e in roll1 if e.kind == "act.hurt"]
    assert len(reactions) == depth
    cut = [e for e in roll1 if e.kind == "chain.cut"]
    assert len(cut) == 1 and cut[0].data["depth"] == depth + 1
    assert cut[0].rule == "ruling.reaction-depth"


@pytest.mark.rule("ruling.reaction-depth", "roll.step-6.deaths.b")
@pytest.mark.parametrize("depth,last_hp", [("64", 15), ("1", 20)])
def test_death_waves_count_as_reaction_depth(depth, last_hp):
    # roll 1: R hits X; wave 0: X's death kills Y; wave 1: Y's death kills Z;
    # wave 2: Z's death hits R, unless the depth limit cuts it
    x = cryptid("x", 1, 5, on("death", {"damage": 5}))
    z = cryptid("z", 5, 1, on("death", {"damage": 5}))
    y = cryptid("y", 5, 9, on("death", {"damage": 5}))
    r = cryptid("r", 20, 1, hit(1))
    f = fight([x, z], [y, r], [3, 4], reaction_depth=depth)
    assert f.who("death") == ["X", "Y", "Z"]
    assert f.outcome.winner == "right" and f.outcome.rolls == 1
    assert board(f.battle)[1] == [("r", last_hp)]
    assert [c["depth"] for c in f.of("chain.cut")] == ([2] if depth == "1" else [])


@pytest.mark.rule("ruling.deaths-on-reroll")
def test_deaths_on_reroll_stay_until_the_completed_roll():
    killer = cryptid("killer", 30, 9, hit(5, when=2))
    storm = cryptid("storm", 30, 5, on({"total": 2}, {"reroll": True}))
    victim = cryptid("victim", 5, 8, NEVER)
    mourner = cryptid("mourner", 30, 0, on("ally-death", {"heal": 1}), NEVER)
    f = fight([killer, storm], [victim, mourner], [1, 1, 3, 4])
    kinds = f.kinds()
    assert kinds.index("reroll") < kinds.index("reroll.next") < kinds.index("death")
    g = fight([killer, storm], [victim, mourner], [1, 1, 3, 4], deaths_on_reroll="process")
    kinds = g.kinds()
    assert kinds.index("reroll") < kinds.index("death") < kinds.index("reroll.next")


@pytest.mark.rule("ruling.deaths-on-reroll")
def test_a_cryptid_at_zero_hp_stays_inert_through_the_reroll():
    # roll 1 (2): the killer brings the victim to 0 and rerolls; roll 2 (7) would fire the
    # victim's hit, but it stays on the board inert until the roll is complete
    killer = cryptid("killer", 30, 9, hit(5, when=2), on({"total": 2}, {"reroll": True}))
    victim = cryptid("victim", 5, 8, hit(3, when=7))
    f = fight([killer], [victim], [1, 1, 3, 4])
    assert f.who("skip") == ["Victim"] and "Victim" not in f.who("act.total")
    assert f.outcome.rolls == 2 and f.outcome.winner == "left" and f.outcome.hp == (30, 0)


@pytest.mark.rule("ruling.deaths-on-reroll")
def test_process_deaths_can_end_the_battle_before_the_reroll():
    killer = cryptid("killer", 30, 9, hit(5, when=2), on({"total": 2}, {"reroll": True}))
    victim = cryptid("victim", 5, 8, NEVER)
    stay = fight([killer], [victim], [1, 1, 3, 4])
    assert stay.outcome.rolls == 2 and stay.outcome.winner == "left"
    process = fight([killer], [victim], [1, 1, 3, 4], deaths_on_reroll="process")
    assert process.outcome.rolls == 1 and not process.of("reroll.next")


@pytest.mark.rule("ruling.overheal")
@pytest.mark.parametrize("option,hp", [("cap", 10), ("allow", 13)])
def test_overheal(option, hp):
    healer = cryptid("healer", 10, 1, on({"total": 7}, {"heal": 3}), NEVER)
    f = fight([healer], [cryptid("b", 9, 1, NEVER)], [3, 4], overheal=option)
    if option == "cap":
        assert f.of("heal.full") and not f.of("heal")
    else:
        assert f.of("heal")[0]["hp"] == hp


@pytest.mark.rule("ruling.zero-hp-target")
def test_zero_hp_targets_are_skipped_or_hit_in_vain():
    a = cryptid("a", 9, 9, hit(5))
    c = cryptid("c", 9, 1, hit(2))
    b, d = cryptid("b", 5, 5, NEVER), cryptid("d", 9, 3, NEVER)
    skip = fight([a, c], [b, d], [3, 4])
    assert skip.of("damage")[1]["target"]["en"] == "D"
    allow = fight([a, c], [b, d], [3, 4], zero_hp_target="allow")
    assert allow.of("damage.wasted")[0]["target"]["en"] == "B"
    assert [e.data["target"]["en"] for e in allow.roll_events(1) if e.kind == "damage"] == ["B"]


@pytest.mark.rule("ruling.heal-at-zero")
@pytest.mark.parametrize("option", ["no", "yes"])
def test_heal_at_zero(option):
    enemy = cryptid("enemy", 30, 9, hit(5))
    victim = cryptid("victim", 5, 5, NEVER)
    medic = cryptid("medic", 9, 1, on({"total": 7}, {"heal": 3, "target": "lowest-hp-ally"}))
    f = fight([enemy], [victim, medic], [3, 4], heal_at_zero=option)
    deaths = [d["who"]["en"] for e in [f.roll_events(1)] for d in
              [x.data for x in e if x.kind == "death"]]
    if option == "no":
        assert deaths == ["Victim"] and f.of("heal.full")
    else:
        assert deaths == [] and f.of("heal")[0]["before"] == 0 and f.of("heal")[0]["hp"] == 3


@pytest.mark.rule("ruling.reaction-order")
@pytest.mark.parametrize("option,first", [("threat", "Guard"), ("target-first", "Hurt")])
def test_reaction_order(option, first):
    hurt = cryptid("hurt", 10, 1, on("hurt", {"shield": 1}))
    guard = cryptid("guard", 20, 5, on("ally-hurt", {"shield": 1, "target": "that-ally"}))
    a = cryptid("a", 20, 1, hit(1, "lowest-hp"))
    f = fight([a], [hurt, guard], [3, 2, 3, 4], reaction_order=option)
    acts = [e.data["who"]["en"] for e in f.events if e.kind in ("act.hurt", "act.ally-hurt")]
    assert acts[:2] == [first, "Guard" if first == "Hurt" else "Hurt"]


@pytest.mark.rule("ruling.lowest-hp-tie")
@pytest.mark.parametrize("option,target", [("threat", "Y"), ("leftmost", "X")])
def test_lowest_hp_tie(option, target):
    a = cryptid("a", 9, 1, hit(1, "lowest-hp"))
    f = fight([a], [cryptid("x", 4, 1, NEVER), cryptid("y", 4, 5, NEVER)], [3, 4],
              lowest_hp_tie=option)
    assert f.of("damage")[0]["target"]["en"] == target
    assert f.kinds("target.lowest-hp-tie")[0].endswith(option)


@pytest.mark.rule("ruling.lowest-hp-tie")
@pytest.mark.parametrize("option", ["threat", "leftmost"])
def test_lowest_hp_tie_of_equal_threat_goes_to_the_leftmost(option):
    a = cryptid("a", 9, 1, hit(1, "lowest-hp"))
    f = fight([a], [cryptid("x", 4, 5, NEVER), cryptid("y", 4, 5, NEVER)], [3, 4],
              lowest_hp_tie=option)
    assert f.of("damage")[0]["target"]["en"] == "X"
