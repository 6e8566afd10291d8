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


def _address(temp: Path) -> str | None:
    """The head's address, once its ``ray start`` has written it in its temporary folder
    (``ray_current_cluster``, written when the node is up), else None."""
    try:
        written = (temp / "ray_current_cluster").read_text().strip()
    except OSError:
        return None
    host, _, port = written.rpartition(":")
    return written if host and port.isdigit() and int(port) > 0 else None


@contextlib.contextmanager
def ray_head(paths: Sequence[Path] = (), cpus: int = 2, wait: float = 120.0) -> Iterator[RayHead]:
    """A Ray head on 127.0.0.1 with ``cpus`` CPUs, whose workers have ``paths`` first on
    their Python path (a tree's code, the tests' rulesets); stopped at the end. This process's
    environment gets :data:`LOOPBACK_ENV`, for the driver it connects with."""
    os.environ.update(LOOPBACK_ENV)
    temp = Path(tempfile.mkdtemp(prefix="rk-ray-", dir="/tmp"))
    env = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [
        *map(str, paths), os.environ.get("PYTHONPATH", "")])),
        # --port 0: the head's GCS binds a port of its own choosing (a port found free here
        # and bound by the head later could be taken in between); ray start waits for it
        # that long (30 s by default, short on a loaded machine)
        "RAY_gcs_server_port_wait_time_s": f"{wait:.0f}"}
    with open(temp / "head.log", "wb") as log:
        head = subprocess.Popen(
            [str(Path(sys.executable).with_name("ray")), "start", "--head", "--block",
             "--node-ip-address", "127.0.0.1", "--port", "0", "--num-cpus", str(cpus),
             "--include-dashboard", "false", "--disable-usage-stats", "--temp-dir", str(temp),
             "--object-store-memory", str(100 << 20)],
            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + wait
        while True:
            if head.poll() is not None:
                raise RayHeadError(f"ray start exited: {_tail(temp / 'head.log')}")
            address = _address(temp)
            try:
                if address is not None:
                    host, _, port = address.rpartition(":")
                    socket.create_connection((host, int(port)), timeout=1).close()
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RayHeadError(f"the Ray head did not start within {wait:.0f} s: "
                                   f"{_tail(temp / 'head.log')}")
            time.sleep(0.2)
        yield RayHead(address, head.pid)
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
