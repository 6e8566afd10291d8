"""The rules of both modes are traced to code: no rule id is built from pieces, Battle
Mode's code (the base) knows nothing of Raid Mode, and Raid Mode's index holds the Battle
Mode rules its code applies."""

from __future__ import annotations

import ast
from pathlib import Path

from rulekeeper.core import registry
from rulekeeper.rulesets.dire_alliance import special

PACKAGE = Path(special.__file__).parent
PREFIXES = ("battle.", "raid.")


def built_ids(path: Path) -> list[str]:
    """Places where a string starting like a rule id is joined with something else."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        parts: list[ast.expr] = []
        if isinstance(node, ast.JoinedStr):
            parts = node.values[:1]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            parts = [node.left]
        for part in parts:
            if (isinstance(part, ast.Constant) and isinstance(part.value, str)
                    and part.value.startswith(PREFIXES)):
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_rule_id_is_built_with_an_f_string_or_a_concatenation():
    assert [site for path in sorted(PACKAGE.rglob("*.py")) for site in built_ids(path)] == []


def test_battle_modes_code_knows_nothing_of_raid_mode():
    battle = registry.load("dire-alliance-battle")
    raid = registry.load("dire-alliance-raid")
    own = [p for p in battle.code_paths if p.parent == PACKAGE]
    assert own == list(battle.code_paths) and not any("raid" in p.parts for p in own)
    raid_ids = [e.id for e in raid.rule_index if e.id.startswith("raid.")]
    assert battle.rule_book.code_sites().keys().isdisjoint(raid_ids)
    for path in own:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in modules if ".raid" in m], path.name


def test_raids_index_holds_the_battle_rules_its_code_applies_and_no_others():
    battle = registry.load("dire-alliance-battle")
    raid = registry.load("dire-alliance-raid")
    reused = {e.id for e in raid.rule_index if e.id.startswith("battle.")}
    assert {"battle.attack.roll-dice", "battle.opportunity-attack.free",
            "battle.suffer-damage.hand.b", "battle.withdraw.move"} <= reused
    # Battle Mode's own flow, damage and healing are not Raid Mode's
    assert reused.isdisjoint({"battle.round.draw", "battle.suffer-damage.defeated",
                              "battle.graveyard.heal", "battle.opportunity-attack.order"})
    raid_sites = raid.rule_book.code_sites()
    assert all(raid_sites.get(rule) for rule in reused)
    # a Battle rule both apply: Raid's code is among its sites for Raid, never for Battle
    free = "battle.opportunity-attack.free"
    assert any("/raid/" in site for site in raid_sites[free])
    assert not any("/raid/" in site for site in battle.rule_book.code_sites()[free])
