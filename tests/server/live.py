"""A real ``rulekeeper serve`` process on a loopback port, for the tests that need one."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """``rulekeeper serve --db URL`` on 127.0.0.1; ``start`` waits until it answers."""

    def __init__(self, db_url: str, workers: int = 1, args: tuple[str, ...] = (),
                 **env: str) -> None:
        self.db_url = db_url
        self.workers = workers
        self.args = args
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "RULEKEEPER_RATE_LIMIT": "10000/second",
                    "RULEKEEPER_SIGNUP_LIMIT": "10000/second",
                    "RULEKEEPER_CALLS_IN_FLIGHT": "1000", "RULEKEEPER_WORK_BUDGET": "1e6", **env}
        self.process: subprocess.Popen[bytes] | None = None
        self.log = Path(tempfile.mkstemp(prefix="rulekeeper-serve-", suffix=".log")[1])
        self.banner = ""

    def start(self, timeout: float = 120) -> LiveServer:
        """Start the server; its output goes to :attr:`log` (a pipe left unread would fill)."""
        with self.log.open("wb") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-c", "from rulekeeper.cli import main; main()", "serve",
                 "--db", self.db_url, "--port", str(self.port), "--workers",
                 str(self.workers), *self.args],
                stdout=output, stderr=subprocess.STDOUT, env=self.env, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.output()}")
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    self.banner = self.output().splitlines()[0]
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s")

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        """SIGKILL the server and every process it started (no chance to clean up)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
