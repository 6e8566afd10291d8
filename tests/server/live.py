"""A real ``rulekeeper serve`` process on a loopback port, for the tests that need one."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

START_WAIT = 300.0
"""Seconds a test waits for a server to start: its migrations, then each ruleset's warm-up
(the cryptids kernel compiled when numba's cache is cold: minutes on a loaded machine)."""

WAIT = 60.0
"""Seconds a test waits for a live server's answer, or for an event of its streams: generous,
for a loaded machine (CI runs two test processes on two cores, each beside its servers), where
a few seconds were once not enough; what the tests check is what comes, not how fast."""

SERVING = re.compile(r"^rulekeeper serve: (?P<url>http://127\.0\.0\.1:(?P<port>\d+))/",
                     re.MULTILINE)
"""serve's start-up line, which names the port it listens on (``--port 0`` picks it)."""


class LiveServer:
    """``rulekeeper serve --db URL --port 0`` on 127.0.0.1: the server binds a free port itself
    and names it (a port found free here and bound by the server later could be taken in
    between by another test's server or connection); ``start`` waits until it answers, and
    :attr:`port` and :attr:`url` are known from then on."""

    def __init__(self, db_url: str, workers: int = 1, args: tuple[str, ...] = (),
                 **env: str) -> None:
        self.db_url = db_url
        self.workers = workers
        self.args = args
        self.port = 0  # until the server names the one it picked
        self.url = ""
        self.env = {**os.environ, "RULEKEEPER_RATE_LIMIT": "10000/second",
                    "RULEKEEPER_SIGNUP_LIMIT": "10000/second",
                    "RULEKEEPER_ADDRESS_LIMIT": "10000/second",
                    "RULEKEEPER_ADDRESS_CEILING": "10000/second",
                    "RULEKEEPER_ODDS_BATTLES": "100", "RULEKEEPER_CALLS_IN_FLIGHT": "1000",
                    "RULEKEEPER_WORK_BUDGET": "1e6", "RULEKEEPER_ADDRESS_IN_FLIGHT": "1000",
                    "RULEKEEPER_ADDRESS_BUDGET": "1e6", "RULEKEEPER_STREAMS": "10000",
                    "RULEKEEPER_ADDRESS_STREAMS": "10000",
                    # every client of a test or a benchmark is 127.0.0.1
                    "RULEKEEPER_ADDRESS_GAMES": "100000",
                    "RULEKEEPER_ADDRESS_GAMES_A_DAY": "1000000",
                    "RULEKEEPER_ADDRESS_RUNS_A_DAY": "1000000", **env}
        self.process: subprocess.Popen[bytes] | None = None
        self.log = Path(tempfile.mkstemp(prefix="rulekeeper-serve-", suffix=".log")[1])
        self.banner = ""

    def start(self, timeout: float = START_WAIT) -> LiveServer:
        """Start the server and wait until it answers."""
        return self.spawn().wait(timeout)

    def spawn(self) -> LiveServer:
        """Start the server; its output goes to :attr:`log` (a pipe left unread would fill)."""
        with self.log.open("wb") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-c", "from rulekeeper.cli import main; main()", "serve",
                 "--db", self.db_url, "--port", "0", "--workers",
                 str(self.workers), *self.args],
                stdout=output, stderr=subprocess.STDOUT, env=self.env, start_new_session=True)
        return self

    def wait(self, timeout: float = START_WAIT) -> LiveServer:
        """Wait until the spawned server names its port, then until it answers."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.output()}")
            if not self.port:
                if named := SERVING.search(self.output()):
                    self.port, self.url = int(named["port"]), named["url"]
                    if not self.port:
                        self.stop()
                        raise RuntimeError(f"serve --port 0 named no port: {self.output()}")
                else:
                    time.sleep(0.1)
                    continue
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


class EventStream:
    """A Server-Sent Events stream read in a thread: :meth:`next` gives each message as
    ``(id, data as JSON)`` (comments and ``retry`` skipped), waiting at most ``timeout``;
    the end of the stream raises :class:`EOFError`. :meth:`close` shuts the connection, as
    a browser's closed tab does (``http.client``: its socket can be shut from here)."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        import http.client
        import queue
        import threading
        from urllib.parse import urlsplit

        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.netloc, timeout=30)
        self.connection.request("GET", f"{parts.path}?{parts.query}", headers=headers or {})
        self.connection.sock.settimeout(None)
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.messages: queue.Queue[tuple[str, Any] | BaseException] = queue.Queue()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        fields: dict[str, str] = {}
        try:
            while line := self.response.readline():
                text = line.decode().rstrip("\r\n")
                if text == "":
                    if "data" in fields:
                        self.messages.put((fields.get("id", ""), json.loads(fields["data"])))
                    fields = {}
                elif not text.startswith(":"):
                    key, _, value = text.partition(":")
                    fields[key] = value.removeprefix(" ")
            self.messages.put(EOFError("the server ended the stream"))
        except BaseException as error:  # closed by the test, or a failure to report
            self.messages.put(error)

    def next(self, timeout: float = WAIT) -> tuple[str, Any]:
        item = self.messages.get(timeout=timeout)
        if isinstance(item, BaseException):
            raise item
        return item

    def close(self) -> None:
        if self.connection.sock is not None:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()
