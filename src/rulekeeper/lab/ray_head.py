"""A Ray head on loopback, started and stopped by the caller: what the Ray backend's tests and
``benchmarks/ray_scaling.py`` run batches on when no cluster is given.

``ray start --head --block`` keeps the head in one process whose end stops the cluster; it
runs in its own session (its own process group), which the end stops by id. The head
advertises 127.0.0.1 only, and needs no token (``RAY_AUTH_MODE=disabled``: a token left in
``~/.ray`` by another Ray run would otherwise turn authentication on for the head only).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from rulekeeper.core.errors import RulekeeperError

LOOPBACK_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_AUTH_MODE": "disabled"}
"""What Ray reads on import, for a driver and a head on loopback without a token."""


class RayHeadError(RulekeeperError):
    """The Ray head did not start (its log's end is in the message)."""


@dataclass(frozen=True)
class RayHead:
    """A running head: its address (``127.0.0.1:PORT``) and the session id of its processes
    (the cluster's raylet, workers and stores: what ``benchmarks/ray_scaling.py`` counts the
    CPU of)."""

    address: str
    session: int


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def ray_head(paths: Sequence[Path] = (), cpus: int = 2, wait: float = 120.0) -> Iterator[RayHead]:
    """A Ray head on 127.0.0.1 with ``cpus`` CPUs, whose workers have ``paths`` first on
    their Python path (a tree's code, the tests' rulesets); stopped at the end. This process's
    environment gets :data:`LOOPBACK_ENV`, for the driver it connects with."""
    os.environ.update(LOOPBACK_ENV)
    port = free_port()
    temp = Path(tempfile.mkdtemp(prefix="rk-ray-", dir="/tmp"))
    env = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [
        *map(str, paths), os.environ.get("PYTHONPATH", "")]))}
    with open(temp / "head.log", "wb") as log:
        head = subprocess.Popen(
            [str(Path(sys.executable).with_name("ray")), "start", "--head", "--block",
             "--node-ip-address", "127.0.0.1", "--port", str(port), "--num-cpus", str(cpus),
             "--include-dashboard", "false", "--disable-usage-stats", "--temp-dir", str(temp),
             "--object-store-memory", str(100 << 20)],
            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + wait
        while True:
            if head.poll() is not None:
                raise RayHeadError(f"ray start exited: {_tail(temp / 'head.log')}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RayHeadError(f"the Ray head did not start within {wait:.0f} s: "
                                       f"{_tail(temp / 'head.log')}") from None
                time.sleep(0.2)
        yield RayHead(f"127.0.0.1:{port}", head.pid)
    finally:
        if "ray" in sys.modules:
            sys.modules["ray"].shutdown()
        head.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            head.wait(30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)  # what is left of the cluster's own group
        shutil.rmtree(temp, ignore_errors=True)


def _tail(log: Path) -> str:
    try:
        return log.read_text(errors="replace")[-2000:]
    except OSError:
        return "(no log)"
