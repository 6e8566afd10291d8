"""Battles between small hand-made teams, with scripted dice, for the rule tests."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.events import Event
from rulekeeper.core.rng import Rng
from rulekeeper.rulesets.cryptids.battle import Battle, Outcome
from rulekeeper.rulesets.cryptids.cards import Catalogue, Lineup, lineup
from rulekeeper.rulesets.cryptids.models import CryptidsContent
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings


def cryptid(id: str, hp: int = 5, threat: int = 1, *abilities: dict[str, Any],
            tier: Any = 1) -> dict[str, Any]:
    """A cryptid declaration; abilities as {"when": ..., "do": [...]}."""
    return {"id": id, "name": {"en": id.title(), "fr": id.title()}, "tier": tier, "hp": hp,
            "threat": threat, "abilities": list(abilities)}


def on(when: Any, *do: dict[str, Any]) -> dict[str, Any]:
    return {"when": when, "do": list(do)}


def teams(left: list[dict[str, Any]], right: list[dict[str, Any]],
          extra: list[dict[str, Any]] = ()) -> tuple[Lineup, Lineup]:
    """Compile two rows (the same id may appear on both sides with the same declaration)."""
    catalogue = {c["id"]: c for c in [*left, *right, *extra]}
    content = CryptidsContent.model_validate({
        "cryptids": {"cryptids": list(catalogue.values())},
        "teams": {"teams": [{"id": "l", "name": "L", "cryptids": [c["id"] for c in left]},
                            {"id": "r", "name": "R", "cryptids": [c["id"] for c in right]}]}})
    cards = Catalogue(content)
    return (lineup(content.team("l"), cards), lineup(content.team("r"), cards))


class Fought:
    """A finished battle: its outcome, its events and the battle object."""

    def __init__(self, outcome: Outcome, events: list[Event], battle: Battle) -> None:
        self.outcome = outcome
        self.events = events
        self.battle = battle

    def kinds(self, *prefixes: str) -> list[str]:
        return [e.kind for e in self.events if not prefixes or e.kind.startswith(prefixes)]

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [dict(e.data) for e in self.events if e.kind == kind]

    def who(self, kind: str) -> list[str]:
        return [_en(d.get("who")) for d in self.of(kind)]

    def sentences(self, lang: str = "en") -> list[str]:
        """The events as the log prints them, in ``lang``."""
        messages = registry.load("cryptids").messages
        return [messages.render(e, lang) for e in self.events]

    def roll_events(self, number: int) -> list[Event]:
        """The events of roll ``number`` (from its roll event to the next roll)."""
        out: list[Event] = []
        inside = False
        for event in self.events:
            if event.kind in ("roll", "reroll.roll", "reroll.next"):
                inside = event.data["roll"] == number
            if inside:
                out.append(event)
        return out


def start(left: list[dict[str, Any]] | Lineup, right: list[dict[str, Any]] | Lineup,
          dice: list[int] = (),
          seed: int = 0, log: bool = True, extra: list[dict[str, Any]] = (),
          **rulings: str) -> tuple[Battle, list[Event]]:
    """A battle not yet run (to step it roll by roll), and the list its events go to."""
    events: list[Event] = []

    def emit(kind: str, rule: str, **data: Any) -> None:
        events.append(Event(kind, rule, data))

    a, b = (left, right) if isinstance(left, Lineup) else teams(left, right, extra)
    battle = Battle(a, b, Rng(seed, dice), CryptidsRulings(
        {k.replace("_", "-"): v for k, v in rulings.items()}), emit if log else None)
    return battle, events


def fight(left: list[dict[str, Any]] | Lineup, right: list[dict[str, Any]] | Lineup,
          dice: list[int] = (),
          seed: int = 0, log: bool = True, extra: list[dict[str, Any]] = (),
          **rulings: str) -> Fought:
    """Run one battle; rulings by id with ``_`` for ``-`` (``zero_hp_target="allow"``)."""
    battle, events = start(left, right, dice, seed, log, extra, **rulings)
    return Fought(battle.run(), events, battle)


def board(battle: Battle) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Each row as it stands, left to right: (cryptid id, HP)."""
    return ([(f.card.id, f.hp) for f in battle.rows[0]],
            [(f.card.id, f.hp) for f in battle.rows[1]])


def _en(value: Any) -> Any:
    return value.get("en") if isinstance(value, dict) else value
