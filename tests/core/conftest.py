from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulekeeper.core import registry
from tests.core.duel import Duel


@pytest.fixture(autouse=True, scope="package")
def duel_registered() -> Iterator[None]:
    """The tiny Duel ruleset, registered while the core's tests run (as tests/agents and
    tests/lab do theirs: a session's fixture kept it registered for every later test of its
    worker, or dropped it, when tests/lab's own ended, while the session's still held)."""
    registry.register("duel-v1", Duel)
    yield
    registry.unregister("duel-v1")
