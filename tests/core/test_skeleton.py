"""The ruleset skeleton: typed tables and rulings, GameOver, prepare, the work budget."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import registry
from rulekeeper.core.content import Model
from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.errors import RulesetError
from rulekeeper.core.game import new_game, replay
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.ruleset import GameOver, Procedure, Result, Ruleset, Table
from rulekeeper.core.rulings import CoreRulings, Ruling, RulingSet, ruling

HERE = Path(__file__).parent


class Ending(StrEnum):
    AT_TEN = "at-ten"
    NEVER = "never"


class MarchRulings(CoreRulings):
    ending: Ending = ruling("When does the march end?", Ending.AT_TEN)


class MarchContent(Model):
    pass


class MarchTable(Table):
    __slots__ = ()
    state: dict[str, int]
    rulings: MarchRulings
    prepared: str


class March(Ruleset[MarchTable]):
    """Each decision steps 1 or 2 forward; automated drift walks one more step per turn."""

    meta = RulesetMeta(name="march", version=1, title="March", players=("walker",),
                       chance=False, hidden_information=False, max_length=8, max_steps=40)
    ruling_set = MarchRulings
    table_type = MarchTable
    content_model = MarchContent
    content_dir = HERE / "duel" / "content"
    templates = {"step": "{n}"}
    prepared_calls = 0

    def prepare(self, content: Any) -> str:
        March.prepared_calls += 1
        return "prepared"

    def play(self, table: MarchTable) -> Procedure:
        assert table.prepared == "prepared"
        table.state = {"at": 0}
        while True:
            step = yield Decision("walker", "step", options([("1", "one"), ("2", "two")]),
                                  "march.step", "how far?")
            table.state["at"] += int(step)
            for _ in range(table.state["at"]):  # drift: automated work grows each turn
                table.spend()
            if table.rulings.ending is Ending.AT_TEN and table.state["at"] >= 10:
                raise GameOver("walker", "arrived")

    def game_over(self, table: MarchTable, over: GameOver) -> Result:
        return Result(over.winner, over.reason, table.state["at"], {"at": table.state["at"]})

    def judge(self, table: MarchTable) -> str | None:
        return "walker" if table.state["at"] >= 5 else None


@pytest.fixture(autouse=True)
def march() -> Any:
    registry.register("march-v1", March)
    yield
    registry.unregister("march-v1")


def test_typed_rulings_are_declared_once_with_the_engines_own():
    assert [r.id for r in March.rulings] == ["work-budget", "ending"]
    rulings = MarchRulings({"ending": "never"})
    assert rulings.ending is Ending.NEVER and rulings["ending"] == "never"
    assert rulings["work-budget"] == "tie"
    with pytest.raises(ValueError):
        MarchRulings({"ending": "soon"})
    with pytest.raises(AttributeError):
        rulings.ending = Ending.AT_TEN  # type: ignore[misc]


def test_game_over_raised_anywhere_ends_the_game_through_the_hook():
    game = new_game("march")
    for _ in range(5):
        game.step("2")
    assert game.result == Result("walker", "arrived", 10, {"at": 10})
    assert isinstance(game.table, MarchTable)


def test_prepare_runs_once_per_content():
    before = March.prepared_calls
    for _ in range(3):
        new_game("march")
    assert March.prepared_calls - before <= 1


@pytest.mark.rule("core.work-budget")
def test_the_decision_budget_ends_the_game_by_the_work_budget_ruling():
    game = new_game("march", rulings={"ending": "never"})
    for _ in range(8):  # drift: 1+2+...+8 = 36 steps, inside the budget of 40
        game.step("1")
    assert game.pending is None  # a ninth decision is never offered
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (None, "work-budget")
    last = game.events[-1]
    assert (last.rule, last.kind, last.data) == (
        "core.work-budget", "work-budget.tie", {"limit": 8, "what": "decisions"})
    assert replay(game.record()).result == game.result


@pytest.mark.rule("core.work-budget")
def test_the_steps_budget_ends_the_game_and_judge_names_a_winner():
    game = new_game("march", rulings={"ending": "never", "work-budget": "judge"})
    while game.pending:
        game.step("2")
    # drift 2+4+6+8+10 = 30 steps; at 12 the drift passes the budget of 40
    last = game.events[-1]
    assert (last.kind, last.data) == ("work-budget.judged",
                                      {"limit": 40, "what": "steps", "winner": "walker"})
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == ("walker", "work-budget")
    assert len(game.decisions) == 6
    assert game.ruleset.messages.render(last) == (
        "The work budget is reached (40 steps): the game ends, won on the rules' count by "
        "walker")


def test_a_ruling_set_needs_an_enumeration_default():
    with pytest.raises(TypeError, match="StrEnum"):
        class Broken(RulingSet):
            speed: int = ruling("How fast?", 3)  # type: ignore[arg-type]


def test_rulings_are_declared_only_as_a_ruling_set():
    with pytest.raises(RulesetError, match="ruling_set"):
        class Untyped(March):
            rulings = (Ruling("ending", "When?", ("at-ten", "never"), "at-ten"),)


def test_a_game_ends_only_by_game_over():
    class Returning(March):
        meta = RulesetMeta(name="returning", version=1, title="Returning", players=("walker",),
                           chance=False, hidden_information=False, max_length=8)

        def play(self, table: MarchTable) -> Procedure:
            yield from ()

    registry.register("returning-v1", Returning)
    try:
        with pytest.raises(RulesetError, match="raising GameOver"):
            new_game("returning")
    finally:
        registry.unregister("returning-v1")
