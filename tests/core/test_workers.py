"""The one fork server of a process loads every module its callers asked it to preload: the
lab's batches and the server's odds answers both fork from it, whichever starts it first."""

from __future__ import annotations

from multiprocessing import forkserver

from rulekeeper.core import workers


def test_each_caller_adds_to_the_fork_servers_preload_none_drops_anothers(monkeypatch):
    monkeypatch.setattr(workers, "_PRELOAD", [])
    monkeypatch.setattr(forkserver._forkserver, "_preload_modules", ["__main__"])
    workers.fork_server("rulekeeper.server.forked")
    workers.fork_server("rulekeeper.lab.batch")
    workers.fork_server("rulekeeper.server.forked")  # asked again: once
    assert forkserver._forkserver._preload_modules == ["rulekeeper.server.forked",
                                                       "rulekeeper.lab.batch"]
