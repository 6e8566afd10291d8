"""Shared fixtures. The ``rule`` marker names the rule ids a test checks."""

import os
import shutil
import tempfile

import pytest

from rulekeeper.core.compiled import CACHE_ENV as COMPILED_CACHE
from rulekeeper.core.kept import CACHE_ENV, folder
from rulekeeper.server.config import DATA_ENV, DB_ENV


def pytest_configure(config: pytest.Config) -> None:
    """The session's own cache of parsed sample files (rulekeeper.core.kept), not the
    user's, for this process and the commands the tests start."""
    user_cache = folder()
    if user_cache is not None:  # compiled code is kept between sessions (it takes a while)
        os.environ.setdefault("RULEKEEPER_KERNEL_CACHE", str(user_cache / "numba"))
        os.environ.setdefault(COMPILED_CACHE, str(user_cache / "compiled"))  # rulekeeper compile
    if CACHE_ENV not in os.environ:
        os.environ[CACHE_ENV] = tempfile.mkdtemp(prefix="rulekeeper-test-cache-")
        config.stash[CACHE_KEY] = os.environ[CACHE_ENV]
    # the service's default database is the session's own, never the user's data folder
    os.environ.pop(DB_ENV, None)
    if DATA_ENV not in os.environ:
        os.environ[DATA_ENV] = tempfile.mkdtemp(prefix="rulekeeper-test-data-")
        config.stash[DATA_KEY] = os.environ[DATA_ENV]


def pytest_unconfigure(config: pytest.Config) -> None:
    cache = config.stash.get(CACHE_KEY, None)
    if cache is not None:
        shutil.rmtree(cache, ignore_errors=True)
        del os.environ[CACHE_ENV]
    data = config.stash.get(DATA_KEY, None)
    if data is not None:
        shutil.rmtree(data, ignore_errors=True)
        del os.environ[DATA_ENV]


CACHE_KEY = pytest.StashKey[str]()
DATA_KEY = pytest.StashKey[str]()

MOST_WORKERS = 4
"""``pytest -n auto`` (``make test``) runs at most this many workers: each may start a server,
a browser and PostgreSQL databases, and more cores do not shorten the longest tests."""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(MOST_WORKERS, cores or 1))
