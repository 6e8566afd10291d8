"""The versions of Dire Alliance's two modes since rulekeeper 0.1.0, and how the older ones
played and logged.

Each :class:`~rulekeeper.core.versions.Change` is made by a version of a mode: the versions
before it play by the ruling options it pins, ask their decisions as the code does where it
asks ``t.made(name)``, and log the events its ``log`` gives back from today's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rulekeeper.core.events import Event
from rulekeeper.core.ruleset import Table
from rulekeeper.core.versions import Change
from rulekeeper.rulesets.dire_alliance.messages import a_card

Revert = Callable[[Table, Any], Any]
"""A field's value as an older version logged it, from today's."""


def no_article(table: Table, value: Any) -> Any:
    """``"a Slayer"`` as ``"Slayer"``: the article in front of a name, which version 3 (the
    Battle's; the Raid's) added to the data."""
    return re.sub(r"^an? ", "", value) if isinstance(value, str) else value


def card_name(table: Table, value: Any) -> Any:
    """``"a Countess card"`` as the card's name, ``"The Countess"``."""
    names = {a_card(name): name for name in table.state.card_names.values()}
    return names.get(value, value)


def revert_fields(fields: Mapping[str, Mapping[str, Revert]],
                  dropped: Mapping[str, Sequence[str]] | None = None
                  ) -> Callable[[Table, Event], Sequence[Event]]:
    """A log change that gives back, for each event kind, some fields as they were (and
    leaves out the fields ``dropped`` names)."""

    def older(table: Table, event: Event) -> Sequence[Event]:
        reverts = fields.get(event.kind)
        gone = (dropped or {}).get(event.kind, ())
        if reverts is None and not gone:
            return (event,)
        data = {key: (reverts[key](table, value) if reverts and key in reverts else value)
                for key, value in event.data.items() if key not in gone}
        return (Event(event.kind, event.rule, data, event.to),)

    return older


def combined(*changes: Callable[[Table, Event], Sequence[Event]]
             ) -> Callable[[Table, Event], Sequence[Event]]:
    """Several log changes of one version, applied in turn."""

    def older(table: Table, event: Event) -> Sequence[Event]:
        events = [event]
        for change in changes:
            events = [old for new in events for old in change(table, new)]
        return events

    return older


def private_plays(table: Table, event: Event) -> Sequence[Event]:
    """Before version 3 a player's played cards were counted for everyone (``play.count``)
    and named to that player alone (``play``), none played included."""
    if event.kind not in ("play", "play.none"):
        return (event,)
    seat = event.data["seat"]
    cards = list(event.data.get("cards", []))
    return (Event("play.count", event.rule, {"seat": seat, "count": len(cards)}),
            Event("play", event.rule, {"seat": seat, "cards": cards}, (seat,)))


HEAL_WITHOUT_PILE = revert_fields(
    {"heal": {"card": card_name}, "heal.none": {"card": card_name}}, {"heal": ("pile",)})
"""Before version 2 a heal named the card plainly and not the pile it went to."""

BATTLE_ARTICLES = revert_fields({
    "action": {"action": no_article}, "command": {"action": no_article},
    "lose.hand": {"card": card_name}, "lose.deck": {"card": card_name},
    "lose.discard": {"card": card_name}})
"""Before version 3 the Battle's events named actions and cards without an article."""

BATTLE = (
    Change(2, "A heal says which pile the card goes to (ruling healed-card); rulings "
              "healed-card and dread-initiative declared (their defaults as version 1 played)",
           "0.1.0", log=HEAL_WITHOUT_PILE),
    Change(3, "Played cards are told to everyone by name (play, play.none); events name cards "
              "and actions with their article", "0.1.0",
           log=combined(private_plays, BATTLE_ARTICLES)),
    Change(3, "Focus offers one option per card gained (two fighters of one card, one option)",
           "0.1.0", name="focus-by-card"),
    Change(3, "A command offers only the other friendly fighters that can perform its action",
           "0.1.0", name="command-who-can"),
    Change(3, "A teleport (Return to the Coffin) is offered only away from its token",
           "0.1.0", name="teleport-elsewhere"),
)
"""Dire Alliance Battle Mode's history."""
