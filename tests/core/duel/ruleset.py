"""The ``duel-v1`` ruleset: its static facts, declared once, and the hooks the engine calls."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.rng import Rng
from rulekeeper.core.ruleset import GameOver, Procedure, Result, Ruleset
from tests.core.duel import rounds
from tests.core.duel import view as views
from tests.core.duel.messages import TEMPLATES
from tests.core.duel.models import DuelContent
from tests.core.duel.rulings import DuelRulings
from tests.core.duel.table import DuelOptions, DuelTable

HERE = Path(__file__).parent


class Duel(Ruleset[DuelTable]):
    meta = RulesetMeta(name="duel", version=1, title="Duel", players=("north", "south"),
                       chance=True, hidden_information=True, max_length=6)
    ruling_set = DuelRulings
    table_type = DuelTable
    content_model = DuelContent
    content_dir = HERE / "content"
    rules_files = (HERE / "rules.yaml",)
    templates = TEMPLATES
    options_model = DuelOptions
    metrics = ("north_rounds", "south_rounds")
    drawing = views.DuelDrawing()

    def scenarios(self, content: Any) -> list[str]:
        return ["standard", "short"]

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        return frozenset(), 6

    def play(self, table: DuelTable) -> Procedure:
        rounds.deal(table)
        table.checkpoint()  # resume() goes on from here, and from the end of each round
        yield from rounds.rounds(table)

    def resume(self, table: DuelTable) -> Procedure:
        return rounds.rounds(table)

    def game_over(self, table: DuelTable, over: GameOver) -> Result:
        """The result of the rules' end (or the work budget's), with the rounds each won."""
        won = table.state.won
        return Result(over.winner, over.reason, over.rounds or table.state.round,
                      {"north_rounds": won["north"], "south_rounds": won["south"]})

    def determinize(self, table: DuelTable, seat: str, rng: Rng) -> None:
        """A seat sees its own cards and the cards shown: the other's hand and face-down
        card are any of the others (the other hand and the cards never dealt)."""
        state = table.state
        other = next(s for s in table.seats if s != seat)
        mine = [state.down[seat]] if seat in state.down else []
        unseen = list(table.content.deck.cards)
        for card in [*state.hands[seat], *state.shown, *mine]:
            unseen.remove(card)
        rng.shuffle(unseen)
        hidden = state.hands[other]
        hidden[:] = unseen[:len(hidden)]
        if other in state.down:
            state.down[other] = unseen[len(hidden)]

    def view(self, table: DuelTable, player: str | None) -> dict[str, Any]:
        return views.view(table, player)

    def render(self, view: Mapping[str, Any]) -> str:
        return views.render(view)
