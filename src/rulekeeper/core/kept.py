"""Sample content files parsed once and kept between runs.

A short command spends more on reading YAML (importing PyYAML, then building the data in
Python) than on its games. A ruleset's sample files are the same at every start, so what
their parse gives is kept in the cache folder: ``$RULEKEEPER_CACHE``, else
``$XDG_CACHE_HOME/rulekeeper``, else ``~/.cache/rulekeeper``; ``RULEKEEPER_CACHE=`` (empty)
turns it off. An entry is named by the file's path and the hash of its bytes, the entry
format and rulekeeper's version, so an edited file is parsed again and its old entry
removed. A user's own files are always parsed. An entry that cannot be read is parsed
again and rewritten; a folder that cannot be written is left alone (the parse is used).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from rulekeeper.core.version import VERSION

T = TypeVar("T")

CACHE_ENV = "RULEKEEPER_CACHE"

FORMAT = 1
"""The entries' format: part of their names, so a new format never reads an old entry."""


def folder() -> Path | None:
    """The cache folder, or None when the cache is off."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rulekeeper" if os.path.isabs(base) else None  # no home: no cache


def kept(path: Path, parse: Callable[[Path], T], shape: str) -> T:
    """``parse(path)``, or what it gave before for the same bytes at the same path.

    ``shape`` names the form of what ``parse`` returns (its classes' fields, say): an
    entry written for another shape is never read.
    """
    where = folder()
    try:
        raw = path.read_bytes() if where is not None else None
    except OSError:
        raw = None  # parse names the error
    if where is None or raw is None:
        return parse(path)
    place = f"{path.stem}-{_hash(str(path.resolve()).encode())[:16]}"
    entry = where / f"{place}-{_hash(f'{FORMAT} {VERSION} {shape}'.encode() + raw)}.pickle"
    found = _read(entry)
    if found is not None:
        return found  # type: ignore[no-any-return]
    value = parse(path)
    _write(entry, value, where.glob(f"{place}-*"))
    return value


def _hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def _read(entry: Path) -> Any:
    try:
        with entry.open("rb") as file:
            return pickle.load(file)
    except FileNotFoundError:
        return None
    except Exception:  # a damaged entry, whatever pickle raises: parse it again
        return None


def _write(entry: Path, value: Any, older: Iterable[Path]) -> None:
    """Write ``entry`` whole or not at all (a concurrent reader never sees half of it), and
    remove the path's older entries."""
    part = entry.with_name(f"{entry.name}.{os.getpid()}.part")
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        stale = [p for p in older if p.name != entry.name and not p.name.endswith(".part")]
        with part.open("wb") as file:
            pickle.dump(value, file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(part, entry)
        for old in stale:
            old.unlink(missing_ok=True)
    except OSError:
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
