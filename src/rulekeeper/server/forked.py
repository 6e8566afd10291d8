"""Imported by the server of the odds answers' processes (:data:`.lab_odds.FORKS`) as it
starts, before it forks any answer's process: the lab's modules, and every ruleset's kernel
loaded (compiled, on a cold cache), so that each answer's process starts with them."""

from __future__ import annotations

import contextlib

import rulekeeper.server.lab_odds  # noqa: F401  (the answers' code, loaded once)
from rulekeeper.server.warm import warm_every_ruleset

with contextlib.suppress(Exception):  # a kernel that cannot load here: each answer loads its own
    warm_every_ruleset(lambda said: None)
