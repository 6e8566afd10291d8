"""The static facts a ruleset declares once (python-chess and OpenSpiel's shape)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulesetMeta:
    """Static facts about a ruleset, declared once.

    Attributes:
        name: the unversioned id (``"cryptids"``).
        version: bumped whenever old records would no longer reproduce.
        title: a readable name.
        players: the seat names, or for a variable count the most seats there can be.
        min_players: the fewest seats a game can have.
        chance: whether the game uses random draws.
        hidden_information: whether players see different things.
        max_length: the work budget in decisions: a game that reaches it ends by the
            ``work-budget`` ruling.
        source: the rule text this ruleset implements.
        max_steps: the work budget in automated steps (``Table.spend``).
    """

    name: str
    version: int
    title: str
    players: tuple[str, ...]
    chance: bool
    hidden_information: bool
    max_length: int
    min_players: int | None = None
    source: str = ""
    max_steps: int = 1_000_000

    @property
    def id(self) -> str:
        return f"{self.name}-v{self.version}"
