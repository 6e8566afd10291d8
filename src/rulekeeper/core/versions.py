"""Ruleset versions: a ruleset's version changes whenever its behaviour does, and a record of
an older version replays with that version's behaviour (contract 12).

A ruleset declares its history as :class:`Change` s, each made by one version. A change of
what the rules do stays available behind a ruling that offers both the old and the new
reading: the new one is the ruling's default, and the versions before the change *pin* the
old one (``Change.rulings``). A change of what the log says (which events, which rule they
cite, what their data holds) gives the older versions' log back from today's events
(``Change.log``). ``registry.load("enemy-attacks-v1")`` gives the ruleset as version 1
played: the same code, the pinned options as the rulings' defaults, and version 1's log.
A record names its version, so its replay plays that way; a new game may still choose any
option of any ruling.

rulekeeper 0.1.0 never bumped a version: every record it wrote names ``-v1``, whichever
behaviour made it. Such a record replays with the newest of the versions 0.1.0 shipped that
reproduces its events (:func:`candidates`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulekeeper.core.events import Event

UNVERSIONED = "0.1.0"
"""The last rulekeeper release that named every version of a ruleset ``-v1``."""

LogChange = Callable[[Any, "Event"], Sequence["Event"]]
"""How the versions before a change logged an event today's code emits: ``(table, event)``
to the events they logged instead (none, that one, or others)."""


@dataclass(frozen=True)
class Change:
    """A change of a ruleset, made by one of its versions.

    Attributes:
        version: the version that made it (the versions before it play the old way).
        what: what changed, in a sentence (the changelog's).
        release: the rulekeeper release that shipped it.
        rulings: ruling id to the option the versions before it played by (the ruling's
            default is the new behaviour).
        log: how the versions before it logged the events today's code emits.
        name: a short id the code asks :meth:`Ruleset.made` about, where it offers or tells
            the same rules otherwise than the versions before (decisions offered, events).
        templates: the sentences of the events the versions before it logged that today's
            templates cannot say (a kind it retired, data without a field it added), by
            event kind; their French is in the ruleset's catalogs as today's is
            (:func:`older_templates`).
    """

    version: int
    what: str
    release: str
    rulings: Mapping[str, str] = field(default_factory=dict)
    log: LogChange | None = None
    name: str | None = None
    templates: Mapping[str, str] = field(default_factory=dict)


def older_templates(history: Sequence[Change]) -> dict[str, list[str]]:
    """The templates of the events older versions logged, by kind, newest first
    (:class:`~rulekeeper.core.events.Messages`' ``older``).

    >>> older_templates((Change(2, "a", "0.1.0", templates={"heal": "{who} heals"}),
    ...                  Change(3, "b", "0.2.0", templates={"heal": "{who} heals {n}"})))
    {'heal': ['{who} heals {n}', '{who} heals']}
    """
    older: dict[str, list[str]] = {}
    for change in sorted(history, key=lambda c: -c.version):
        for kind, template in change.templates.items():
            older.setdefault(kind, []).append(template)
    return older


def pinned(history: Sequence[Change], version: int) -> dict[str, str]:
    """The options ``version`` pins: for each ruling, the one in force before the first
    change made after it.

    >>> history = (Change(2, "a", "0.1.0", {"x": "old"}), Change(3, "b", "0.2.0", {"x": "mid"}))
    >>> pinned(history, 1), pinned(history, 2), pinned(history, 3)
    ({'x': 'old'}, {'x': 'mid'}, {})
    """
    options: dict[str, str] = {}
    for change in sorted(history, key=lambda c: -c.version):
        if change.version > version:
            options.update(change.rulings)
    return options


def log_changes(history: Sequence[Change], version: int) -> tuple[LogChange, ...]:
    """The log changes made after ``version``, newest first: applied in turn, they turn
    today's events into that version's."""
    return tuple(c.log for c in sorted(history, key=lambda c: -c.version)
                 if c.version > version and c.log is not None)


def logged_as(table: Any, event: Event, changes: Sequence[LogChange]) -> list[Event]:
    """The events an older version logged for ``event`` (``changes``: its log changes,
    newest first)."""
    events = [event]
    for change in changes:
        events = [old for new in events for old in change(table, new)]
    return events


def candidates(history: Sequence[Change], named: int, written_by: str) -> list[int]:
    """The versions a record naming version ``named`` may have been made with, newest first:
    that one, or for a record of rulekeeper 0.1.0 naming version 1, every version 0.1.0
    shipped.

    >>> history = (Change(2, "a", "0.1.0"), Change(3, "b", "0.2.0"))
    >>> candidates(history, 1, "0.1.0"), candidates(history, 1, "0.2.0")
    ([2, 1], [1])
    """
    if named != 1 or written_by != UNVERSIONED:
        return [named]
    shipped = [c.version for c in history if c.release == UNVERSIONED]
    return list(range(max(shipped, default=1), 0, -1))
