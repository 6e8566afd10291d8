"""Lazy references: ``"module:attribute"`` strings, imported on first use (rulesets, bots,
odds questions), so that declaring something costs no import."""

from __future__ import annotations

import importlib
from typing import Any


def import_target(target: str) -> Any:
    """The object ``target`` names: ``"package.module:attribute"`` (the attribute may be
    dotted).

    >>> import_target("rulekeeper.core.targets:import_target") is import_target
    True
    """
    module, _, attribute = target.partition(":")
    value: Any = importlib.import_module(module)
    for part in attribute.split("."):
        value = getattr(value, part)
    return value
