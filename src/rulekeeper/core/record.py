"""Records: everything needed to reproduce a game exactly (a pydantic model, kept out of
:mod:`rulekeeper.core.game`, which is compiled: mypyc cannot compile a pydantic model).
``rulekeeper.core.game`` names them too."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from rulekeeper.core.files import LocalPath
from rulekeeper.core.rng import ScriptValue
from rulekeeper.core.version import VERSION as RULEKEEPER_VERSION

RECORD_FORMAT = 3
"""The format version of records (and of the log files that hold them).

1: the first; a content folder replaced the sample's files whole.
2: a content folder is laid over the sample by item id, unless ``content_replace``.
3: the record names its sample content by digest (``content_sample``, read back from the
   archive of samples) and carries a user's content files as data (``content_files``);
   it names no folder. Older records name a folder (``content_dir``), read at replay, and
   their sample is found in the archive by the digest of their whole content.
"""


class Record(BaseModel):
    """Everything needed to reproduce a game exactly."""

    format: int = Field(default=RECORD_FORMAT, description="format version of the record")
    rulekeeper: str = Field(default=RULEKEEPER_VERSION, description="version that wrote it")
    ruleset: str = Field(description="versioned ruleset id")
    scenario: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    content_sample: str | None = Field(
        default=None, description="digest of the sample content the game was played with (from the "
        "archive when it is not today's); None in records of format 2 and older")
    content_files: dict[str, Any] = Field(
        default_factory=dict, description="a user's content files as data, by file name "
        "(without .yaml), laid over the sample")
    content_dir: LocalPath | None = Field(
        default=None, description="records of format 2 and older: a user content folder, read at "
        "replay (None: the sample alone; refused in a request from the network)")
    content_replace: bool = Field(
        default=False, description="the user's files replace the sample's whole (else they "
        "are laid over it by item id)")
    content_set: dict[str, Any] = Field(default_factory=dict, description="--set values")
    content_digest: str = Field(description="digest of the whole content's data")
    rulings: dict[str, str] = Field(default_factory=dict)
    seed: int = Field(ge=0, strict=True, description="the game's seed: a whole number, 0 or "
                      "more (never text, a float or true: each would replay as another)")
    dice: list[ScriptValue] = Field(default_factory=list, description="scripted dice")
    decisions: list[str] = Field(default_factory=list)
    inputs: list[dict[str, Any]] = Field(
        default_factory=list, description="values received from outside the rules, in order "
        "(kind and value), e.g. the opponent matchmaking picked")
    events_digest: str | None = Field(None, description="digest of the events, when logged")
