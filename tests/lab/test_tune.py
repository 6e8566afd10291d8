"""The tuning search, on fake win-rate functions (exact and fast), and the parsing of its dial.

A fake position wins game ``j`` when ``u_j < rate(position)``, with ``u_j`` the golden-ratio
sequence: every position plays the same "seeds" (paired), and ``n`` games win
``n * rate`` give or take one, so every interval and path below is exact.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from rulekeeper.core.errors import UsageError
from rulekeeper.lab.sweep import Axis
from rulekeeper.lab.tune import Dial, Search, parse_dial, values_of

OGRE = "teams.brutes.fighters.ogre.power"
GOLDEN = (5 ** 0.5 - 1) / 2


class Fake:
    """A win-rate function played game by game, recording what it was asked."""

    def __init__(self, rate: Callable[[int], float]) -> None:
        self.rate = rate
        self.calls: list[tuple[int, int, int]] = []

    def __call__(self, position: int, first: int, stop: int) -> list[bool]:
        self.calls.append((position, first, stop))
        return [(j * GOLDEN) % 1 < self.rate(position) for j in range(first, stop)]

    def games(self, position: int) -> int:
        return sum(stop - first for p, first, stop in self.calls if p == position)


def test_a_value_that_fits_is_found_by_bisection():
    fake = Fake(lambda p: p / 10)  # 0.0, 0.1, ... 1.0
    search = Search(11, 0.5, 0.05)
    answer = search.run(fake)
    assert answer.status == "fits" and answer.position == 5
    assert [look.position for look in search.path][:2] == [0, 10]
    assert [search.path[i].verdict for i in (0, 1)] == ["below", "above"]
    assert answer.estimate.low >= 0.45 and answer.estimate.high <= 0.55
    assert answer.estimate.n == 800  # 0.5 ± 0.05 at the looks' level needs 800 games


def test_games_go_where_the_answer_is_uncertain():
    fake = Fake(lambda p: p / 10)
    Search(11, 0.5, 0.05).run(fake)
    assert fake.games(0) == fake.games(10) == 100  # decided at the first look
    assert fake.games(5) == 800
    # Each value's games are one batch played in steps: 0..99, 100..199, 200..399, ...
    steps = [(first, stop) for p, first, stop in fake.calls if p == 5]
    assert steps == [(0, 100), (100, 200), (200, 400), (400, 800)]


def test_a_falling_win_rate_is_searched_the_other_way():
    answer = Search(21, 0.3, 0.05).run(Fake(lambda p: 1 - p / 20))  # 0.3 at 14
    assert answer.status == "fits" and answer.position == 14


def test_a_target_between_two_values_names_both_and_the_nearer():
    answer = Search(10, 0.5, 0.03).run(Fake(lambda p: 0.04 + p / 10))  # 0.44 at 4, 0.54 at 5
    assert answer.status == "between" and answer.bracket == (4, 5)
    assert answer.position == 5 and answer.estimate.value == pytest.approx(0.54, abs=0.01)


def test_a_target_out_of_reach_answers_the_nearer_end():
    fake = Fake(lambda p: 0.1 + p / 100)  # 0.10 .. 0.30
    answer = Search(21, 0.5, 0.03).run(fake)
    assert answer.status == "out-of-range" and answer.position == 20
    assert set(p for p, *_ in fake.calls) == {0, 20}


def test_a_value_at_the_target_but_too_few_games_is_unsure():
    fake = Fake(lambda p: 0.5)
    answer = Search(3, 0.5, 0.01, first=50, most=400).run(fake)
    assert answer.status == "unsure" and answer.estimate.n == 400
    assert fake.games(0) == 400  # never more than --max-games


def test_an_end_that_fits_ends_the_search():
    fake = Fake(lambda p: 0.5 + p / 10)
    answer = Search(5, 0.5, 0.05).run(fake)
    assert answer.position == 0 and answer.status == "fits" and {p for p, *_ in fake.calls} == {0}


def test_search_arguments_are_checked():
    for args, message in [((3, 1.5, 0.03), "--target"), ((3, 0.5, 0.0), "--tolerance")]:
        with pytest.raises(UsageError, match=message):
            Search(*args)
    with pytest.raises(UsageError, match="more than --max-games"):
        Search(3, 0.5, 0.03, first=500, most=100)


def test_the_dial_turns_every_axis_together():
    dial = Dial((Axis(OGRE, range(1, 6)), Axis("ruling:initiative", ("left", "coin"))),
                {"option:right": "rogues"})
    assert len(dial) == 5
    assert dial.params(0) == {"option:right": "rogues", OGRE: 1, "ruling:initiative": "left"}
    assert dial.params(4)["ruling:initiative"] == "coin" and dial.params(4)[OGRE] == 5
    assert dial.short(3) == "4/coin"


def test_parse_dial_reads_ranges_lists_rulings_and_fixed_values():
    dial = parse_dial("skirmish-v1", [f"{OGRE}=1..9", "teams.brutes.fighters.goblin.power=2"],
                      ["right=rogues,knights"], ["initiative=*"])
    assert [a.key for a in dial.axes] == [OGRE, "option:right", "ruling:initiative"]
    assert list(dial.axes[0].values) == list(range(1, 10))
    assert dial.fixed == {"teams.brutes.fighters.goblin.power": 2}
    assert values_of("0.5..1.5", "x") == pytest.approx([0.5 + i * 0.05 for i in range(21)])
    assert len(values_of("1..1000000000", "x") or ()) == 10**9  # a range: never listed


@pytest.mark.parametrize("sets,rulings,message", [
    ([f"{OGRE}=5..1"], [], "must go up"),
    ([f"{OGRE}=1..x"], [], "not a range"),
    ([f"{OGRE}=0..10000000000"], [], "at most"),
    ([f"{OGRE}=3"], [], "nothing to tune"),
    ([], ["initiative=left,dice"], "no option 'dice'"),
    ([f"{OGRE}=0..1:0.0000001"], [], "at most"),
])
def test_bad_dials_are_usage_errors(sets, rulings, message):
    with pytest.raises(UsageError, match=message):
        parse_dial("skirmish-v1", sets, [], rulings)


def test_tune_command_finds_the_ogre_power_and_writes_its_games(tmp_path, capsys, monkeypatch):
    from rulekeeper.lab import store
    from tests.core.test_cli import run

    out = tmp_path / "t.parquet"
    args = ["tune", "skirmish", "--set", f"{OGRE}=1..9", "--target", "0.5", "--tolerance",
            "0.1", "--games", "50", "--max-games", "400", "--agents", "random", "--out",
            str(out)]
    code, text, err = run(args, capsys, monkeypatch)
    assert code == 0, err
    assert "ogre.power" in text and "below" in text and "Results written to" in text
    code, again, _ = run([*args[:-2], "--json"], capsys, monkeypatch)
    data = json.loads(again)
    # Power 1 loses, 9 wins; bisection: 5, 3, 2; the target lies between 1 (4%) and 2 (76%).
    assert [look["params"][OGRE] for look in data["path"]] == [1, 9, 5, 3, 2]
    answer = data["answer"]
    assert answer["status"] == "between" and answer["bracket"] == [0, 1]
    assert answer["params"] == {OGRE: 2} and answer["win"]["value"] == 0.76
    run_ = store.read(out)
    assert run_.kind == "tune" and run_.extra["answer"]["params"] == answer["params"]
    looked = {look["params"][OGRE]: look["games"] for look in data["path"]}
    assert {b.params[OGRE]: len(b.results) for b in run_.batches} == looked
    # Every value played the same seeds, game by game.
    seeds = [[r.seed for r in b.results] for b in run_.batches]
    assert all(s == seeds[0][:len(s)] for s in seeds)
    code, _, err = run(args, capsys, monkeypatch)
    assert code == 2 and "exists; give --force" in err


def test_each_look_is_at_the_level_the_looks_share():
    # 62 wins in 100 games is above 0.5 at 95%, not at 1 - 0.05/6 (six looks share the 5%):
    # the value plays on
    fake = Fake(lambda p: 0.62)
    search = Search(1, 0.5, 0.05)
    search.look(0, fake)
    first = search.path[0]
    assert first.verdict == "unsure" and first.estimate.low < 0.5 < first.estimate.high
    assert fake.games(0) > 100


def test_an_unsure_end_is_placed_by_its_win_rate_and_the_search_goes_on():
    # value 0 stays unsure (too few games) but plays below the target, value 2 is above:
    # the target lies between them, and value 1 is looked at
    fake = Fake(lambda p: (0.48, 0.5, 0.9)[p])
    answer = Search(3, 0.5, 0.01, first=50, most=100).run(fake)
    assert {p for p, *_ in fake.calls} == {0, 1, 2}
    assert answer.status in ("unsure", "between", "fits")
