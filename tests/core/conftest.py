from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulekeeper.core import registry
from tests.core.duel import Duel


@pytest.fixture(autouse=True, scope="session")
def duel_registered() -> Iterator[None]:
    """The tiny Duel ruleset, registered for the core's tests."""
    registry.register("duel-v1", Duel)
    yield
    registry.unregister("duel-v1")
