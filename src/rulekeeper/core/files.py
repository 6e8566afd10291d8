"""Files and folders a user names (a content folder, a team file): read for the command line,
refused to requests that come from the network.

The service handles each request inside :func:`remote`. There, a path given in a record or
an option is refused with one message, before the disk is looked at, so the answer is the
same whatever exists on the server: a request carries content, never a path.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator

from rulekeeper.core.errors import UsageError

REFUSED = "a request cannot name a file or folder of the server: it carries content, not paths"

_REMOTE: ContextVar[bool] = ContextVar("rulekeeper_remote", default=False)


class FileRefused(UsageError):
    """A request from the network named a file or folder of the server."""

    def __init__(self) -> None:
        super().__init__(REFUSED)


@contextmanager
def remote() -> Iterator[None]:
    """Within it, every file or folder a user names is refused (:class:`FileRefused`)."""
    token = _REMOTE.set(True)
    try:
        yield
    finally:
        _REMOTE.reset(token)


def user_path(name: str) -> Path:
    """The path a user named; refused inside :func:`remote`, before the disk is looked at.

    >>> user_path("teams/mine.yaml")
    PosixPath('teams/mine.yaml')
    """
    if _REMOTE.get():
        raise FileRefused
    return Path(name)


def readable(name: str) -> Path | None:
    """The path a user named, to read if it is there; None inside :func:`remote`, where the
    disk is not looked at (a name there only labels content the request carries)."""
    return None if _REMOTE.get() else Path(name)


def _local(value: str) -> str:
    user_path(value)
    return value


LocalPath = Annotated[str, AfterValidator(_local)]
"""A model field that names a file or folder of this machine (refused inside :func:`remote`:
:class:`FileRefused` is not a ``ValueError``, so it leaves the model's validation as it is)."""
