"""Stopped by Ctrl-C or SIGTERM, a batch keeps every finished game in a valid results file."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from rulekeeper.cli_args import stop_signals
from rulekeeper.lab import store
from rulekeeper.lab.run import whole

LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"),
                           reason="what a process does is read in Linux's /proc")


def stopped(args: list[str], folder: Path, sig: signal.Signals,
            games: bool) -> tuple[int, str]:
    """Run ``rulekeeper ARGS`` until it stops as asked (its stop handler is set) and, with
    ``games``, until its first games are in its spool file, then send it ``sig``: waiting for
    what the test needs, not for a time a loaded machine may not honour (at most 90 s)."""
    process = subprocess.Popen([sys.executable, "-c", "from rulekeeper.cli import main; main()",
                                *args], cwd=folder, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=interruptible)
    try:
        wait_for(lambda: stopping(process.pid), process)
        if games:
            first = wait_for(lambda: spooled(process.pid, folder), process)
            wait_for(lambda: spooled(process.pid, folder) > first, process)  # (first added)
        process.send_signal(sig)
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()  # never left running when the test fails
    return process.returncode, err


def wait_for(ready: Callable[[], Any], process: subprocess.Popen[str],
             seconds: float = 90) -> Any:
    """What ``ready`` gives once true, asked every 20 ms while ``process`` runs."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()[1]
        found = ready()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"not ready after {seconds} s")


def stopping(pid: int) -> bool:
    """Whether the process catches SIGTERM (``cli_args.stop_signals``, set while a batch
    plays): Ctrl-C or SIGTERM then keep its finished games."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) >> (signal.SIGTERM - 1) & 1)


def spooled(pid: int, folder: Path) -> int:
    """The bytes the process has written to its spool file in ``folder`` (an open file
    unlinked there: ``lab.store.Writer``); 0 before its first games."""
    sizes = [0]
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            if os.readlink(fd).startswith(f"{folder}/"):
                sizes.append(os.stat(fd).st_size)
    return max(sizes)


def interruptible() -> None:
    """In the child: Ctrl-C's default action, even where this test runs with SIGINT ignored
    (a job started in the background by a shell ignores it, and its children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@LINUX
@pytest.mark.timeout(180)
@pytest.mark.parametrize("sig,code,workers", [(signal.SIGINT, 130, "2"),
                                              (signal.SIGTERM, 143, "1")])
def test_a_stopped_batch_keeps_its_finished_games(sig, code, workers, tmp_path):
    out = tmp_path / "r.parquet"
    returncode, err = stopped(["simulate", "cryptids", "--games", "10000000", "--seed", "-5",
                               "--workers", workers, "--chunk", "50", "--out", str(out)],
                              tmp_path, sig, games=True)
    lines = err.strip().splitlines()
    assert returncode == code and "Traceback" not in err, err
    assert lines[-1].startswith("Stopped: ") and lines[-1].endswith(f" finished games kept in "
                                                                    f"{out}.")
    kept = int(lines[-1].split()[1].replace(",", ""))
    run = store.read(out)
    assert kept > 0 and run.games == kept and run.batches[0].seed == -5
    games = [r.game for r in run.batches[0].results]
    assert games == sorted(set(games))
    assert pq.read_metadata(out).num_rows == kept
    assert [p.name for p in tmp_path.iterdir()] == ["r.parquet"]  # no spool left behind


@pytest.mark.timeout(30)
def test_a_stop_received_by_another_thread_waits_for_the_games_being_kept():
    """A pool's own threads receive stop signals too, and Python runs the handler in the main
    thread at once: holding the signal back in the main thread alone let a stop land in the
    middle of a spool write (a results file that could not be read). It comes after."""
    go, sent = threading.Event(), threading.Event()

    def stopper() -> None:  # like the pool's manager thread, started before the games came
        go.wait()  # (unbounded: a late SIGTERM would end the test's process)
        os.kill(os.getpid(), signal.SIGTERM)
        sent.set()

    thread = threading.Thread(target=stopper, daemon=True)
    thread.start()
    kept = []
    with stop_signals(), pytest.raises(KeyboardInterrupt), whole():
        go.set()
        sent.wait()
        for game in range(2_000):  # the handler has had every chance to run by now
            kept.append(game)
    thread.join()
    assert len(kept) == 2_000


@LINUX
@pytest.mark.timeout(30)
def test_a_worker_stopped_before_its_own_start_ends_quietly():
    """A worker forked while the driver's SIGTERM handler is set, and terminated by the driver
    before it sets its own, ends as SIGTERM ends a process, instead of raising the driver's
    KeyboardInterrupt where Python can only print it ("Exception ignored", a traceback)."""
    with stop_signals():
        pid = os.fork()
        if pid == 0:  # the worker
            try:
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(5)
            finally:
                os._exit(3)
        _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM


@LINUX
@pytest.mark.timeout(120)
def test_a_stopped_batch_without_out_says_nothing_was_kept(tmp_path):
    returncode, err = stopped(["simulate", "cryptids", "--games", "10000000"], tmp_path,
                              signal.SIGINT, games=False)
    assert returncode == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1].endswith("none kept (--out FILE keeps them).")


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@LINUX  # (and the kernel's parent-death signal is Linux's)
@pytest.mark.timeout(120)
@pytest.mark.parametrize("args", [
    ["simulate", "cryptids", "--games", "10000000", "--workers", "2", "--chunk", "50"],
    ["odds", "cryptids", "--games", "10000000", "--workers", "2"],
], ids=["simulate", "odds"])
def test_workers_end_when_their_driver_is_killed(args, tmp_path):
    process = subprocess.Popen([sys.executable, "-c", "from rulekeeper.cli import main; main()",
                                *args], cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)
            workers = children(process.pid)
        assert len(workers) >= 2, process.stderr.read() if process.poll() is not None else ""
        process.kill()
        process.wait()
        # the kernel signals them at once (parent-death signal); their ending is waited for
        # generously, a loaded machine may take seconds to run them to their end
        deadline = time.monotonic() + 60
        while any(map(alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(map(alive, workers))
    finally:
        process.kill()
        for pid in workers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
