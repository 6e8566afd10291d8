"""Bots for the heroes of Raid Mode (placeholder, replaced below)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rulekeeper.core.decisions import Decision


class RaidHeuristicBot:
    uses_view = True

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        return decision.options[0].id
