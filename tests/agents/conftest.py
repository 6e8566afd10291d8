from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulekeeper.core import registry
from tests.agents.games import GAMES
from tests.core.duel import Duel


@pytest.fixture(autouse=True, scope="package")
def agent_games() -> Iterator[None]:
    """The duel and the tiny games of known best play, registered while this package's tests
    run (other tests list every registered ruleset: these must not be among them)."""
    registry.register("duel-v1", Duel)
    for ruleset_id, ruleset in GAMES.items():
        registry.register(ruleset_id, ruleset)
    yield
    registry.unregister("duel-v1")
    for ruleset_id in GAMES:
        registry.unregister(ruleset_id)
