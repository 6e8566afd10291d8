"""The luck ledger (lab/luck.py): exact figures on Wager, a scripted two-bet game whose
chances are known, its bounds and its command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from rulekeeper.core import registry
from rulekeeper.core.errors import ReplayMismatch, UsageError
from rulekeeper.core.game import Record, new_game
from rulekeeper.lab.luck import Judge, LedgerTooLong, ledger
from tests.core.test_cli import run


@pytest.fixture(autouse=True, scope="module")
def wager() -> Iterator[None]:
    registry.register("wager-v1", "tests.lab.wager:Wager")
    yield
    registry.unregister("wager-v1")


def played(bets: list[str], dice: list[int]) -> Record:
    game = new_game("wager", None, None, None, 7, dice=dice)
    for bet in bets:
        game.step(bet)
    assert game.over
    return game.record()


def near(value: float, exact: Fraction) -> bool:
    return abs(value - float(exact)) < 1e-9


def test_each_decisions_cost_and_each_rolls_luck_are_the_exact_figures_of_the_dice_odds():
    # a bets six (1/6) where four (1/2) was better, rolls a 2 and loses the first bet; bets
    # six again and rolls the 6
    book = ledger(played(["six", "six"], [2, 6]), Judge(depth=0))
    first, second = book.decisions
    # bet 1: six wins 1/6 now, else bet 2 (1/2): 7/12; four: 1/2 + 1/2 x 1/2 = 3/4
    assert near(first.values["six"], Fraction(7, 12)) and near(first.values["four"],
                                                               Fraction(3, 4))
    assert first.best == "four" and near(first.cost, Fraction(1, 6))
    assert near(second.cost, Fraction(1, 2) - Fraction(1, 6))
    roll1, roll2 = book.chances
    assert roll1.exact and [(d.faces, d.shown) for d in roll1.dice] == [("d6", "2")]
    assert near(roll1.odds, Fraction(1, 6))
    # the 2 lost the bet: the position is worth 1/2 where 7/12 was expected
    assert near(roll1.luck["a"], Fraction(1, 2) - Fraction(7, 12))
    assert near(roll1.luck["b"], -(Fraction(1, 2) - Fraction(7, 12)))
    # the 6 won a bet of 1/6: +5/6
    assert near(roll2.luck["a"], Fraction(5, 6)) and near(roll2.expected["a"], Fraction(1, 6))
    totals = book.totals()
    assert near(totals["a"]["cost"], Fraction(1, 2)) and totals["a"]["decisions"] == 2
    assert near(totals["a"]["luck"], Fraction(3, 4)) and near(totals["b"]["luck"],
                                                              Fraction(-3, 4))
    swings = book.swings(2)
    assert [(s["step"], s["kind"], s["seat"]) for s in swings] == [(1, "roll", "a"),
                                                                   (1, "decision", "a")]
    assert swings[0]["amount"] == round(5 / 6, 4)


def test_a_good_decision_costs_nothing_and_the_ledger_is_the_same_for_the_same_seed():
    record = played(["four"], [5])
    book = ledger(record, Judge(depth=0))
    assert [d.cost for d in book.decisions] == [0.0]
    assert near(book.chances[0].luck["a"], Fraction(1, 4))  # won a 3/4 position
    assert ledger(record, Judge(depth=0)).to_json() == book.to_json()
    sampled = [ledger(record, Judge(samples=2, exact=1), seed=s).to_json() for s in (3, 3)]
    assert sampled[0] == sampled[1]


def test_the_ledger_refuses_a_game_too_long_or_not_over_in_one_message():
    record = played(["six", "six"], [2, 6])
    with pytest.raises(LedgerTooLong, match="the game has 2 decisions; the ledger judges at "
                                             "most 1"):
        ledger(record, Judge(max_steps=1))
    game = new_game("wager", None, None, None, 7)
    with pytest.raises(UsageError, match="not over"):
        ledger(game.record())


def test_rulekeeper_luck_prints_the_ledger(tmp_path: Path, capsys, monkeypatch):
    log = tmp_path / "wager.jsonl"
    record = played(["six", "six"], [2, 6])
    log.write_text(json.dumps({"format": 3, "record": record.model_dump(mode="json")}) + "\n")
    code, out, _ = run(["luck", str(log), "--depth", "0", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["totals"]["a"] == {"cost": 0.5, "luck": 0.75, "decisions": 2}
    code, out, _ = run(["luck", str(log), "--depth", "0"], capsys, monkeypatch)
    assert code == 0 and "luck ledger" in out and "+0.83" in out and "six (best: four)" in out
    code, _, err = run(["luck", str(log), "--max-steps", "1"], capsys, monkeypatch)
    assert code != 0 and "the ledger judges at most 1" in err


def test_the_ledger_refuses_a_record_whose_events_it_does_not_reproduce():
    """A record whose digest of its events differs is not the game this version plays: its
    ledger would judge another game."""
    record = played(["six", "six"], [2, 6])
    with pytest.raises(ReplayMismatch):
        ledger(record.model_copy(update={"events_digest": "0" * 64}), Judge(depth=0))
