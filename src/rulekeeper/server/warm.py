"""Every ruleset makes now what it makes slowly the first time it is used (its compiled
kernel, ``Ruleset.warm_up``): ``rulekeeper serve`` before it takes requests, and the server of
the odds answers' processes (:data:`.lab_odds.FORKS`) before it forks the first, so that no
answer's process loads a kernel again (a second or more each, inside its time cap)."""

from __future__ import annotations

from collections.abc import Callable

from rulekeeper.core import registry


def warm_every_ruleset(say: Callable[[str], None]) -> None:
    for ruleset_id in registry.ids():
        registry.load(ruleset_id).warm_up(say)
