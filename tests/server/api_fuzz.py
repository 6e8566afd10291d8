"""The HTTP API fuzzed from its own OpenAPI schema (schemathesis): every operation gets
requests made from its schema, valid and not, with a player's token, once as generated
and once with the ids in its path replaced by those of a real game, run and battle of that
player. The property: no answer is a 500 (or another 5xx than a 503 with Retry-After), every
refusal is the error model, the answer's status is one the schema documents, and no call takes
longer than :data:`SLOW` seconds (no hang).

``tests/server/test_api_fuzz.py`` runs a few cases of each operation in ``make test``;
``benchmarks/api_fuzz.py`` many (figures in docs/benchmarks.md).
"""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass, field
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from rulekeeper.server.app import create_app
from rulekeeper.server.config import Settings

SLOW = 60.0
"""The longest one call may take: a hang, not a slow machine (the slowest call takes 3 s on
a 2-core machine at a load of 16; under `make test` on a busier one, more)."""
CHECKS = (not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance)


@dataclass
class Findings:
    cases: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    slowest: float = 0.0
    keep_going: bool = False
    failures: list[str] = field(default_factory=list)
    """With ``keep_going``: each failure, as one line naming the call."""


def app(db_url: str) -> TestClient:
    """The app on ``db_url``, with limits no fuzzing reaches."""
    return TestClient(create_app(Settings(
        db_url=db_url, rate_limit="100000/second", signup_limit="100000/second",
        address_limit="100000/second", address_ceiling="100000/second",
        calls_in_flight=1000, work_budget=1e9, address_in_flight=1000, address_budget=1e9)))


def player_with_games(client: TestClient) -> tuple[dict[str, str], dict[str, str]]:
    """A player's token header, and the ids (by path parameter) of their game, run and
    battle."""
    token = client.post("/api/players", json={"name": "fuzzer"}).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    game = client.post("/api/games", json={"ruleset": "dire-alliance-battle", "seed": 1},
                       headers=auth).json()
    run = client.post("/api/runs", headers=auth).json()
    ended = client.post(f"/api/runs/{run['id']}/end-shop", json={"version": run["version"]},
                        headers=auth).json()
    battle = (ended.get("battle") or {}).get("id") or f"{run['id']}-1"
    ids = {"game_id": game["id"], "run_id": run["id"], "battle_id": battle,
           "ruleset_id": "cryptids", "name": "fuzzer"}
    return auth, ids


def fuzz(db_url: str, examples: int, keep_going: bool = False) -> Findings:
    """Run ``examples`` cases of every operation (twice: ids as generated, and real ones).

    A failure is raised at once (shrunk by hypothesis), or with ``keep_going`` counted in
    :attr:`Findings.failures` and the run goes on.
    """
    found = Findings(keep_going=keep_going)
    with app(db_url) as client:
        auth, ids = player_with_games(client)
        schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
        for result in schema.get_all_operations():
            _fuzz_operation(client, result.ok(), auth, ids, examples, found)
    return found


def _fuzz_operation(client: TestClient, operation: Any, auth: dict[str, str],
                    ids: dict[str, str], examples: int, found: Findings) -> None:
    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(case=st.one_of(operation.as_strategy(GenerationMode.POSITIVE),
                          operation.as_strategy(GenerationMode.NEGATIVE)))
    def run(case: Any) -> None:
        for real in (False, True):
            if real and not case.path_parameters:
                continue
            if real:
                case.path_parameters = {k: ids.get(k, v) for k, v in case.path_parameters.items()}
            mine = auth
            if case.path == "/api/players/me/token":  # rotated or revoked: a throwaway's
                name = f"t{found.cases}"
                mine = {"Authorization": "Bearer " + client.post(
                    "/api/players", json={"name": name}).json()["token"]}
            try:
                call(case, mine)
            except Exception as error:
                if not found.keep_going:
                    raise
                first = (str(error).strip().splitlines() or [type(error).__name__])[0]
                found.failures.append(f"{case.method} {case.formatted_path}: {first[:200]}")

    def call(case: Any, headers: dict[str, str]) -> None:
        began = time.monotonic()
        response = case.call(session=client, headers=headers)
        took = time.monotonic() - began
        found.cases += 1
        found.statuses[response.status_code] = found.statuses.get(response.status_code, 0) + 1
        found.slowest = max(found.slowest, took)
        assert took < SLOW, f"{case.method} {case.formatted_path} took {took:.1f} s"
        if response.status_code == 503:
            assert response.headers.get("retry-after"), "a 503 says when to retry"
        case.validate_response(response, checks=CHECKS)

    run()
