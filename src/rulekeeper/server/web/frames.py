"""A record played back event by event, with the board as it was at each event.

:func:`film` replays a record (checked by :func:`rulekeeper.core.game.replay` first) and,
each time the rules emit an event, takes the seat's view at that moment; each different
view becomes a frame, the seat's table (the ruleset's drawing of it:
:mod:`rulekeeper.core.view`), and each event names the index of its frame.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rulekeeper.core.events import Event
from rulekeeper.core.game import Game, Record, replay
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.sentences import sentences
from rulekeeper.core.view import translated
from rulekeeper.server.errors import ApiError

Json = dict[str, Any]


class _Film(list[Event]):
    """A game's event list that takes the seat's view at each event (as JSON text: the view
    may share parts of the state, which change afterwards)."""

    def __init__(self, shoot: Callable[[], str]) -> None:
        super().__init__()
        self.shoot = shoot
        self.shots: list[str] = []

    def append(self, event: Event) -> None:
        super().append(event)
        self.shots.append(self.shoot())

    def extend(self, events: Iterable[Event]) -> None:
        events = list(events)
        super().extend(events)
        shot = self.shoot()
        self.shots.extend(shot for _ in events)


class _FilmedGame(Game):
    """A game whose events are filmed, as ``seat`` sees the table, from the first one."""

    def __init__(self, ruleset: Ruleset[Any], record: Record, content: Any,
                 seat: str | None) -> None:
        self.seat = seat
        super().__init__(ruleset, record, content)

    def _advance(self, option_id: str | None) -> None:
        if not isinstance(self.table.events, _Film):
            table, seat = self.table, self.seat
            self.table.events = _Film(
                lambda: "null" if table.state is None
                else json.dumps(table.ruleset.view(table, seat)))
        super()._advance(option_id)


Sentences = Callable[[Ruleset[Any], Sequence[str], str], Callable[[Event], str]]
"""Who says a game's events: for its ruleset, seats and language, each event's sentence
(:func:`~rulekeeper.core.sentences.sentences`)."""


def film(record: Record | Mapping[str, Any], seat: str | None, lang: str,
         most: int | None = None, said: Sentences = sentences) -> Json:
    """The record's events as ``seat`` sees them (None: everything), each with its
    sentence in ``lang`` (``said``: who words them), the board's frame and the decisions
    taken between them.

    Raises :class:`~rulekeeper.core.errors.ReplayMismatch` when the record does not
    reproduce, and :class:`~rulekeeper.server.errors.ApiError` (413) when it plays more
    than ``most`` events: checked after a plain replay, a small part of the work.
    """
    checked = replay(record)
    if most is not None and len(checked.events) > most:
        raise ApiError(f"the record plays {len(checked.events):,} events; at most {most:,} "
                       "are played back here (use `rulekeeper replay` on its log file)", 413)
    rec = checked.record()
    ruleset = checked.ruleset
    content = checked.table.content
    game = _FilmedGame(ruleset, rec, content, seat)
    words = ruleset.messages.wording(lang)
    steps = []
    for option_id in rec.decisions:
        assert game.pending is not None  # replay() checked the record
        asked = game.pending
        steps.append((len(game.events), asked, words(asked.option(option_id).label)))
        game.step(option_id)
    film_ = game.table.events
    assert isinstance(film_, _Film)
    if game.over and film_:  # the last event shows the board as the game ended (nobody's turn)
        film_.shots[-1] = film_.shoot()
    render = said(ruleset, game.seats, lang)
    frames: list[Json] = []
    keys: dict[str, int] = {}
    events = []
    visible = 0
    index_of: dict[int, int] = {}
    for position, (event, shot) in enumerate(zip(film_, film_.shots, strict=True)):
        if not event.visible_to(seat):
            continue
        if shot not in keys:
            keys[shot] = len(frames)
            frames.append(translated(ruleset.drawing.picture(json.loads(shot), content), words)
                          .model_dump(mode="json"))
        index_of[position] = visible
        events.append({"n": visible, "kind": event.kind, "rule": event.rule,
                       "text": render(event), "data": dict(event.data),
                       "why": ruleset.drawing.automated(event.kind), "frame": keys[shot]})
        visible += 1
    decisions = [{"before": sum(1 for p in index_of if p < at), "seat": asked.player,
                  "prompt": words(asked.prompt), "rule": asked.rule, "choice": label}
                 for at, asked, label in steps if seat in (None, asked.player)]
    return {"ruleset": ruleset.meta.id, "title": words(ruleset.meta.title), "seat": seat,
            "geometry": translated(ruleset.drawing.geometry(content, rec.scenario, game.seats),
                                   words).model_dump(mode="json"),
            "events": events, "frames": frames, "decisions": decisions,
            "result": game.result.to_json() if game.result else None}
