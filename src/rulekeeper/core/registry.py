"""The registry of rulesets: versioned ids, lazy entry points, plug-ins.

Ids are versioned (``cryptids-v1``); asking for ``cryptids`` gets the newest
version, and an older version a ruleset declares (``Ruleset.versions``) is the newest one
as that version plays (:meth:`Ruleset.at_version`). Rulesets are registered as
``"module:attribute"`` strings and imported on first use. rulekeeper's own rulesets are
listed in ``BUILT_IN``; a plug-in package declares its rulesets in the entry-point group
``rulekeeper.rulesets``, read (with
``importlib.metadata``, a tenth of a second) only when a name is not built in or the whole
list is asked for: a plug-in that brings a newer version of a built-in ruleset is asked for
by its versioned id. What the outer layers offer for a ruleset (options, odds questions)
it declares on its class.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rulekeeper.core.errors import RulesetError, UnknownRuleset, UsageError
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.core.targets import import_target

if TYPE_CHECKING:
    from rulekeeper.core.ruleset import Ruleset

RULESET_GROUP = "rulekeeper.rulesets"
_ID = re.compile(r"^(?P<name>[a-z0-9]+(?:-[a-z0-9]+)*)-v(?P<version>\d+)$")


BUILT_IN = {
    "combat-encounter-v4": "rulekeeper.rulesets.combat_encounter:CombatEncounterRuleset",
    "dire-alliance-battle-v3": "rulekeeper.rulesets.dire_alliance.ruleset:DireAllianceBattle",
    "enemy-attacks-v5": "rulekeeper.rulesets.enemy_attacks:EnemyAttacksRuleset",
    "cryptids-v1": "rulekeeper.rulesets.cryptids:CryptidsRuleset",
    "dire-alliance-raid-v7": "rulekeeper.rulesets.dire_alliance.raid.ruleset:DireAllianceRaid",
    "cryptids-run-v1": "rulekeeper.rulesets.cryptids_run:CryptidsRunRuleset",
}
"""rulekeeper's own rulesets (a string names them, so that the core imports none)."""

_entries: dict[str, Any] = dict(BUILT_IN)
_loaded: dict[str, Ruleset[Any]] = {}
_plugins_read = False


def register(ruleset_id: str, entry: Any) -> None:
    """Register a ruleset under a versioned id.

    ``entry`` is a ``"module:attribute"`` string, a Ruleset class or a Ruleset.
    """
    if not _ID.match(ruleset_id):
        raise ValueError(f"ruleset id {ruleset_id!r} is not of the form name-vN")
    unregister(ruleset_id)
    _entries[ruleset_id] = entry


def unregister(ruleset_id: str) -> None:
    """Forget a registered ruleset, and the older versions loaded from it."""
    _entries.pop(ruleset_id, None)
    _loaded.pop(ruleset_id, None)
    name = ruleset_id.rsplit("-v", 1)[0]
    for older in [i for i in _loaded if i not in _entries and i.rsplit("-v", 1)[0] == name]:
        del _loaded[older]


def _read_plugins() -> None:
    global _plugins_read
    if not _plugins_read:
        from importlib.metadata import entry_points

        for ep in entry_points(group=RULESET_GROUP):
            _entries.setdefault(ep.name, ep.value)
        _plugins_read = True  # only now: a thread arriving meanwhile reads them too


def ids() -> list[str]:
    """Every registered versioned id, sorted."""
    _read_plugins()
    return sorted(_entries)


def resolve_id(name: str) -> str:
    """The versioned id for ``name``: itself if registered, else the newest version of it;
    an older version of a registered ruleset is itself (:func:`load` checks that it is
    declared)."""
    found = _newest(name)
    if found is None:
        _read_plugins()
        found = _newest(name)
    if found is None and (older := _older(name)) is not None:
        found = older[0]
    if found is not None:
        return found
    names = list(_entries) + [m["name"] for i in _entries if (m := _ID.match(i))]
    known = ", ".join(sorted(_entries)) or "none"
    raise UnknownRuleset(f"unknown ruleset {name!r}{did_you_mean(name, names)}; known: {known}")


def _newest(name: str) -> str | None:
    if name in _entries:
        return name
    versions = [
        (int(m["version"]), i) for i in _entries if (m := _ID.match(i)) and m["name"] == name
    ]
    return max(versions)[1] if versions else None


def _older(ruleset_id: str) -> tuple[str, str, int] | None:
    """``(ruleset_id, newest id, version)`` when ``ruleset_id`` is an older version of a
    registered ruleset (declared or not)."""
    match = _ID.match(ruleset_id)
    if match is None or ruleset_id in _entries:
        return None
    newest = _newest(match["name"])
    if newest is None or int(match["version"]) >= int(newest.rsplit("-v", 1)[1]):
        return None
    return ruleset_id, newest, int(match["version"])


def known(ruleset_id: str) -> bool:
    """Whether ``ruleset_id`` (versioned) is registered, by rulekeeper or a plug-in, or is
    an older version that a registered ruleset declares."""
    if ruleset_id not in _entries:
        _read_plugins()
    if ruleset_id in _entries:
        return True
    older = _older(ruleset_id)
    return older is not None and bool(load(older[1]).history) and older[2] >= 1


def load(name: str) -> Ruleset[Any]:
    """The ruleset registered as ``name`` (versioned or not), imported on first use; an
    older version is the newest ruleset as that version plays."""
    from rulekeeper.core.ruleset import Ruleset

    ruleset_id = resolve_id(name)
    if ruleset_id not in _loaded and (older := _older(ruleset_id)) is not None:
        try:
            _loaded[ruleset_id] = load(older[1]).at_version(older[2])
        except UsageError as error:
            raise UnknownRuleset(str(error)) from None
    if ruleset_id not in _loaded:
        entry = _entries[ruleset_id]
        if isinstance(entry, str):
            entry = import_target(entry)
        ruleset = entry() if isinstance(entry, type) else entry
        if not isinstance(ruleset, Ruleset):
            raise RulesetError(f"{ruleset_id}: entry {entry!r} is not a Ruleset")
        if ruleset.meta.id != ruleset_id:
            raise RulesetError(f"{ruleset_id}: the ruleset calls itself {ruleset.meta.id}")
        _loaded[ruleset_id] = ruleset
    return _loaded[ruleset_id]
