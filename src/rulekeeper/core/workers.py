"""What every worker process rulekeeper starts does first: leave Ctrl-C to its driver, and
end when its parent does.

A driver stopped by Ctrl-C or SIGTERM ends its workers itself; one killed unwarned
(SIGKILL, the out-of-memory killer) cannot, and its workers would play on for no one.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.context import ForkServerContext

PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal the kernel sends a process when its parent dies."""


def end_with_parent(parent: int | None) -> None:
    """Have the kernel send this process SIGTERM when its parent dies (on Linux; elsewhere
    nothing is done). ``parent``: the process id the parent should have, to catch a parent
    that died before the request was made (None when the parent is a fork server, which
    itself ends with the driver)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def start(parent: int | None) -> None:
    """A worker's first step: Ctrl-C (which reaches every process of the terminal) is the
    driver's to handle, and the worker ends with its parent (:func:`end_with_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent(parent)


_PRELOAD: list[str] = []
"""The modules the fork server loads as it starts: what every caller of :func:`fork_server`
asked, in the order asked."""


def fork_server(*preload: str) -> ForkServerContext:
    """The ``forkserver`` start method, its server loading ``preload`` as well as what other
    callers asked: there is one fork server a process, and the preload is read once, when
    it starts (its first process), so a caller that set its own list would drop the
    others'."""
    import multiprocessing

    _PRELOAD.extend(module for module in preload if module not in _PRELOAD)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(_PRELOAD))
    return context
