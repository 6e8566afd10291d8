"""The lab commands' progress bar on stderr (Rich)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

progress_console = Console(stderr=True)


@contextmanager
def progress_bar(total: int, description: str) -> Iterator[Callable[[int], None]]:
    """A Rich progress bar on stderr; yields the function that advances it.

    It refreshes from the caller's thread (no timer thread), so worker processes
    can still be forked.
    """
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("games"), TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=progress_console, auto_refresh=False,
                  transient=True) as progress:
        task = progress.add_task(description, total=total)
        last = 0.0

        def advance(games: int) -> None:
            nonlocal last
            progress.advance(task, games)
            now = time.monotonic()
            if now - last > 0.1:
                progress.refresh()
                last = now

        yield advance
