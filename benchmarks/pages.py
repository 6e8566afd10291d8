"""Benchmark figures written into a docs page, between a measurement's markers."""

from __future__ import annotations

import re
from pathlib import Path


def write_section(path: Path, marker: str, text: str) -> None:
    """Replace the page's section between ``<!-- MARKER:begin -->`` and ``<!-- MARKER:end -->``
    with ``text``, or append it (to a new page if there is none)."""
    begin, end = f"<!-- {marker}:begin -->", f"<!-- {marker}:end -->"
    page = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    block = f"{begin}\n{text.strip()}\n{end}"
    if begin in page:
        page = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: block, page,
                      flags=re.S)
    else:
        page = page.rstrip() + "\n\n" + block + "\n"
    path.write_text(page, encoding="utf-8")
