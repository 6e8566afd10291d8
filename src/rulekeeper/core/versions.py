"""Ruleset versions: a ruleset's version changes whenever its behaviour does, and a record of
an older version replays with that version's behaviour (contract 12).

A behaviour that changes stays available behind a ruling that offers both: the current
option is the ruling's default, and each older version *pins* the option it played by
(:class:`Version`). ``registry.load("enemy-attacks-v1")`` gives the ruleset as version 1
played: the same code, with the pinned options as defaults. A record names its version, so
its replay takes those defaults; a player may still choose any option in a new game.

rulekeeper 0.1.0 and older never bumped a version: every record they wrote names
``-v1``, whichever behaviour made it. Versions that rulekeeper shipped that way say so
(``recorded_as=1``), and such a record replays with the newest of them that reproduces its
events (:func:`candidates`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Version:
    """One version of a ruleset.

    Attributes:
        number: the version (the ``N`` of ``name-vN``).
        rulings: ruling id to the option that version played by, for each ruling whose
            default is another option today (empty for the current version).
        changes: what changed in this version, from the one before (for the changelog).
        recorded_as: the version number its records name when not its own: rulekeeper
            0.1.0 shipped several behaviours of a ruleset, all named version 1.
    """

    number: int
    rulings: Mapping[str, str] = field(default_factory=dict)
    changes: str = ""
    recorded_as: int | None = None


def candidates(versions: tuple[Version, ...], named: int) -> list[int]:
    """The versions a record naming version ``named`` may have been made with, newest first.

    >>> history = (Version(1), Version(2, recorded_as=1), Version(3))
    >>> candidates(history, 1), candidates(history, 3), candidates((), 1)
    ([2, 1], [3], [1])
    """
    found = [v.number for v in versions if named in (v.number, v.recorded_as)]
    return sorted(found, reverse=True) or [named]
