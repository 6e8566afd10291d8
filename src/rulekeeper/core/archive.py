"""The archive of sample content: every sample content a ruleset has shipped, by digest.

A game's record names the sample content it was played with by its digest, so a record
outlives a balance pass: its sample is read back from the archive, not from today's files.
Each ruleset keeps its archive in a folder of its package (:attr:`Ruleset.archive_dir`),
one file a sample: ``<digest>.json.gz``, the sample's data (content file name to the data
read from that file) as gzipped JSON. ``benchmarks/old_records.py --archive`` adds the
samples of older releases (from git history) and of this one; a test checks that every
ruleset's current sample is in its archive.
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulekeeper.core.content import digest
from rulekeeper.core.errors import ReplayMismatch

SUFFIX = ".json.gz"


def digests(folder: Path) -> tuple[str, ...]:
    """The digests of the samples archived in ``folder``, sorted."""
    if not folder.is_dir():
        return ()
    return tuple(sorted(p.name.removesuffix(SUFFIX) for p in folder.glob(f"*{SUFFIX}")))


@lru_cache(maxsize=64)
def read(folder: Path, sample: str) -> dict[str, Any]:
    """The data of the archived sample ``sample`` (a digest); :class:`ReplayMismatch` when
    the archive does not have it."""
    path = folder / f"{sample}{SUFFIX}"
    try:
        data = json.loads(gzip.decompress(path.read_bytes()))
    except FileNotFoundError:
        raise ReplayMismatch(f"the sample content {sample!r} is not in this rulekeeper's "
                             f"archive") from None
    if not isinstance(data, dict) or digest(data) != sample:
        raise ReplayMismatch(f"the archived sample content {sample!r} is damaged")
    return data


def write(folder: Path, data: dict[str, Any]) -> str:
    """Archive a sample's data (unless it is there already); its digest."""
    sample = digest(data)
    path = folder / f"{sample}{SUFFIX}"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        path.write_bytes(gzip.compress(text.encode(), 9, mtime=0))
    return sample
