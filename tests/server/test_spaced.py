"""One rule for an id no catalog words, in the server and in the pages: the report's and the
API's words (``lab.names.spaced_id``) and /lab's (``common.js``'s ``spaced``) space the same
ids the same way. The JavaScript is run by node on the module the server serves."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import rulekeeper.server
from rulekeeper.lab.names import spaced_id

COMMON = Path(rulekeeper.server.__file__).parent / "web" / "static" / "common.js"

IDS = ["every-enemy-defeated", "rating.change.mu", "damage_to_allies", "lives-lost.left",
       "after-deaths", "left-first", "a--b..c__d", "hollow-king.health.0", "x", "",
       "dégâts-aux_alliés.rouge", "-lead.trail_"]
"""Ids of every shape the lab says: end reasons, metrics (per side: a dot), ruling options,
content paths; doubled, leading and trailing marks, and letters past ASCII."""


def spaced_in_the_page(ids: list[str], folder: Path) -> list[str]:
    """``ids`` as ``common.js``'s ``spaced`` says them, run by node (on a copy named
    ``.mjs``: a module wherever the package is installed)."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have node (it lints the pages' JavaScript)")
        pytest.skip("no node")
    module = folder / "common.mjs"
    module.write_text(COMMON.read_text(encoding="utf-8"), encoding="utf-8")
    script = (f"import {{ spaced }} from {json.dumps(module.as_uri())};\n"
              f"console.log(JSON.stringify({json.dumps(ids)}.map(spaced)));")
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=30, check=True)
    return json.loads(done.stdout)


def test_the_page_and_the_server_space_an_id_alike(tmp_path):
    assert spaced_in_the_page(IDS, tmp_path) == [spaced_id(name) for name in IDS]
    # the rule itself: each dash, underscore and dot one space, nothing else changed
    assert spaced_id("rating.change.mu") == "rating change mu"
    assert spaced_id("a--b..c__d") == "a  b  c  d"
