"""The content of a duel: one pydantic model per content file (``content/deck.yaml``)."""

from __future__ import annotations

from pydantic import Field

from rulekeeper.core.content import Model


class Deck(Model):
    cards: list[int] = Field(min_length=6)


class DuelContent(Model):
    deck: Deck
