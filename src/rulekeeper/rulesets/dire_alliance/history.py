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


def offered_where_possible(version: int) -> tuple[Change, ...]:
    """The changes both modes made, in ``version``, to what the shared special actions
    offer (special.py asks ``t.made`` about them)."""
    return (Change(version, "A command offers only the other friendly fighters that can "
                            "perform its action", "0.1.0", name="command-who-can"),
            Change(version, "A teleport (Return to the Coffin) is offered only away from its "
                            "token", "0.1.0", name="teleport-elsewhere"))


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
           "0.1.0", log=HEAL_WITHOUT_PILE,
           templates={"heal": "{fighter} heals: {seat} moves {card} out of the graveyard"}),
    Change(3, "Played cards are told to everyone by name (play, play.none); events name cards "
              "and actions with their article", "0.1.0",
           log=combined(private_plays, BATTLE_ARTICLES),
           templates={"play.count": "{seat} plays {count:card|cards}"}),
    Change(3, "Focus offers one option per card gained (two fighters of one card, one option)",
           "0.1.0", name="focus-by-card"),
    *offered_where_possible(3),
)
"""Dire Alliance Battle Mode's history."""


def counted_loosely(table: Table, value: Any) -> Any:
    """``"1 border"``, ``"2 borders"`` as ``"1 border(s)"``, ``"2 border(s)"``: before version
    3 the Raid's reasons did not count their nouns."""
    if not isinstance(value, str):
        return value
    return re.sub(r"\b(\d+) (border|card|token)s?\b", r"\1 \2(s)", value)


def as_text(table: Table, value: Any) -> Any:
    """A number of borders as version 2 logged it: text."""
    return f"{value:.0f}" if isinstance(value, int | float) else value


def seat_of(table: Table, value: Any) -> Any:
    """A hero's name as the seat that plays it (before version 4 the Raid's draws named the
    seat)."""
    seats = {hero.name: seat for seat, hero in table.state.heroes.items()}
    return seats.get(value, value)


RAID_ARTICLES = revert_fields({
    "raid.setup.hero": {"hero_class": no_article}, "raid.lose": {"card": card_name},
    "raid.heal.hero": {"card": card_name}, "raid.heal.minion": {"placed": no_article},
    "raid.gain": {"card": card_name}, "raid.action": {"action": no_article},
    "raid.no-minion": {"colour": no_article}, "token": {"token": no_article},
    "command": {"action": no_article}, "raid.nearest": {"distance": as_text},
    "raid.enemy.move": {"why": counted_loosely}, "raid.discard.row": {"tokens": counted_loosely},
})
"""Before version 3 the Raid's events named things without an article and counted loosely."""

RAID = (
    Change(2, "Ruling raid-special-shoot: a card's Shoot needs no enemy in the hero's area too "
              "(version 1 allowed it)", "0.1.0", {"raid-special-shoot": "allowed"}),
    Change(2, "A ward token prevents the damage before it is suffered: neither logged nor "
              "counted, and the target is not damaged (version 1: the damage was suffered and "
              "the token spared the card; ruling raid-ward)", "0.1.0",
           {"raid-ward": "spares-card"}),
    Change(3, "Events name cards, classes and actions with their article and count their nouns",
           "0.1.0", log=RAID_ARTICLES),
    *offered_where_possible(3),
    Change(4, "Draws and reshuffles name the hero, not the seat", "0.1.0", log=revert_fields(
        {"draw": {"seat": seat_of}, "draw.cards": {"seat": seat_of},
         "reshuffle": {"seat": seat_of}})),
    Change(4, "An enemy heading for heroes asks one tie per area (moving toward either of two "
              "heroes in one area is the same move)", "0.1.0", name="tie-per-area"),
    Change(5, "Under raid-ties=hard, a minion kind whose first action is Control joins the "
              "board first (ruling raid-hard-control)", "0.1.0",
           {"raid-hard-control": "none"}),
    Change(6, "Under raid-ties=hard, a minion that can claim an objective now is activated "
              "first (ruling raid-hard-control)", "0.1.0", {"raid-hard-control": "kinds"}),
    Change(7, "A villain card may print its health for each party size (rule "
              "raid.sample.party-health, event raid.setup.villain.printed) instead of X per "
              "player; the sample's Hollow King does (12, 17, 22, 22)", "0.3.0"),
)
"""Dire Alliance Raid Mode's history."""
