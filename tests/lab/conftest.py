"""The lab's test rulesets, and a local Ray cluster on loopback for the Ray backend's tests."""

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
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulekeeper.core import registry

ROOT = Path(__file__).resolve().parents[2]
TEST_RULESETS = {"duel-v1": "tests.core.duel:Duel", "skirmish-v1": "tests.lab.skirmish:Skirmish"}


@pytest.fixture(autouse=True, scope="session")
def lab_rulesets() -> Iterator[None]:
    """Duel (the core's tiny ruleset) and Skirmish (two teams, per-entity metrics).

    Registered as ``module:Class`` strings, the way worker processes and Ray
    workers import them.
    """
    for ruleset_id, entry in TEST_RULESETS.items():
        registry.register(ruleset_id, entry)
    yield
    for ruleset_id in TEST_RULESETS:
        registry.unregister(ruleset_id)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[str]:
    """A Ray cluster on 127.0.0.1; yields its address.

    CI starts the head (``.ci/run``) and names it in ``RULEKEEPER_RAY_ADDRESS``, with the
    project root on its workers' path. Without it, the fixture starts one with ``ray
    start --head``: ``--block`` keeps the head in one process whose end stops the
    cluster; it runs in its own process group, which teardown ends by id. Workers get
    the project root on their path, to import the test rulesets.
    """
    # Ray otherwise advertises the machine's network address; this keeps the head and this
    # driver on loopback. Ray reads it on import.
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    # A loopback cluster that lives for the tests needs no token; without this, a token left in
    # ~/.ray by another Ray run would turn authentication on for the head only.
    os.environ["RAY_AUTH_MODE"] = "disabled"
    pytest.importorskip("ray", reason="the Ray backend's tests need ray (pip install ray)")
    if os.environ.get("RULEKEEPER_RAY_ADDRESS"):
        yield os.environ["RULEKEEPER_RAY_ADDRESS"]
        if "ray" in sys.modules:
            sys.modules["ray"].shutdown()
        return
    ray_command = Path(sys.executable).with_name("ray")
    port = _free_port()
    temp = tempfile.mkdtemp(prefix="rk-ray-", dir="/tmp")
    env = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [
        str(ROOT), os.environ.get("PYTHONPATH", "")]))}
    log = open(Path(temp) / "head.log", "wb")  # noqa: SIM115 (closed at teardown)
    head = subprocess.Popen(
        [str(ray_command), "start", "--head", "--block", "--node-ip-address", "127.0.0.1",
         "--port", str(port), "--num-cpus", "2", "--include-dashboard", "false",
         "--disable-usage-stats", "--temp-dir", temp, "--object-store-memory", str(100 << 20)],
        env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while True:
            if head.poll() is not None:
                pytest.fail(f"ray start exited: {(Path(temp) / 'head.log').read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("the Ray head did not start within 90 s")
                time.sleep(0.2)
        yield f"127.0.0.1:{port}"
    finally:
        if "ray" in sys.modules:
            sys.modules["ray"].shutdown()
        head.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            head.wait(30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)  # what is left of the cluster's own group
        log.close()
        shutil.rmtree(temp, ignore_errors=True)
