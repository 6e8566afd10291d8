"""The lab's test rulesets, and a local Ray cluster on loopback for the Ray backend's tests."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulekeeper.core import registry
from rulekeeper.lab.ray_head import LOOPBACK_ENV, RayHeadError, ray_head

ROOT = Path(__file__).resolve().parents[2]
TEST_RULESETS = {"duel-v1": "tests.core.duel:Duel", "skirmish-v1": "tests.lab.skirmish:Skirmish"}


@pytest.fixture(autouse=True, scope="package")
def lab_rulesets() -> Iterator[None]:
    """Duel (the core's tiny ruleset) and Skirmish (two teams, per-entity metrics), registered
    while this package's tests run (other tests list every registered ruleset).

    Registered as ``module:Class`` strings, the way worker processes and Ray
    workers import them.
    """
    for ruleset_id, entry in TEST_RULESETS.items():
        registry.register(ruleset_id, entry)
    yield
    for ruleset_id in TEST_RULESETS:
        registry.unregister(ruleset_id)


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[str]:
    """A Ray cluster on 127.0.0.1; yields its address.

    CI starts the head (``.ci/run``) and names it in ``RULEKEEPER_RAY_ADDRESS``, with the
    project root on its workers' path. Without it, the fixture starts one
    (:func:`rulekeeper.lab.ray_head.ray_head`), whose workers get the project root on their
    path, to import the test rulesets.
    """
    os.environ.update(LOOPBACK_ENV)  # Ray reads it on import
    pytest.importorskip("ray", reason="the Ray backend's tests need ray (pip install ray)")
    if os.environ.get("RULEKEEPER_RAY_ADDRESS"):
        yield os.environ["RULEKEEPER_RAY_ADDRESS"]
        if "ray" in sys.modules:
            sys.modules["ray"].shutdown()
        return
    with contextlib.ExitStack() as stack:
        try:
            head = stack.enter_context(ray_head([ROOT], wait=90))
        except RayHeadError as error:
            pytest.fail(str(error))
        yield head.address
