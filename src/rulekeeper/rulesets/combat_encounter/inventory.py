"""Slots and the Backpack (sample 04_PLAYER_STRUCTURE and 08_LOOT_AND_INVENTORY): the Equip
Free Action and Loot.

An Equip move takes an item from the Backpack into an empty slot of its kind
(``equip:<item>:<slot>``) or from a slot into the Backpack (``stow:<slot>``). A Dropped
Weapon keeps its slot: it cannot be moved, and its slot is not empty.
"""

from __future__ import annotations

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.combat_encounter.table import SLOT_KINDS, SLOT_NAMES, CombatTable, Player


@cites("sample.player.slots", "sample.actions.free-actions",
       "combat.dropped-weapon.occupies-slot")
def equip_moves(table: CombatTable, player: Player, frozen: frozenset[str] = frozenset()
                ) -> list[tuple[str, str]]:
    """The legal Equip moves as (option id, label); items in ``frozen`` may not move.

    A Dropped Weapon still fills its slot and cannot be put away.
    """
    items = table.prepared.items
    moves: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for item_id in player.backpack:
        if item_id in frozen:
            continue
        kind = items[item_id].kind
        for slot, slot_kind in SLOT_KINDS.items():
            if slot_kind == kind and player.slots[slot] is None and (item_id, slot) not in seen:
                seen.add((item_id, slot))
                moves.append((f"equip:{item_id}:{slot}",
                              f"Equip {items[item_id].name} ({SLOT_NAMES[slot]})"))
    for slot, item_id in player.equipped():
        if slot not in player.dropped and item_id not in frozen:
            moves.append((f"stow:{slot}", f"Put {items[item_id].name} ({SLOT_NAMES[slot]}) in the "
                                          "Backpack"))
    return moves


def apply_move(table: CombatTable, player: Player, move: str, rule: str) -> str:
    """Carry out an Equip move from :func:`equip_moves`; returns the item id moved."""
    parts = move.split(":")
    if parts[0] == "equip":
        item_id, slot = parts[1], parts[2]
        player.backpack.remove(item_id)
        player.slots[slot] = item_id
        table.emit("item.equipped", rule, who=player.label,
                   item=table.prepared.items[item_id].name, slot=table.slot_called(slot))
    else:
        slot = parts[1]
        stowed = player.slots[slot]
        assert stowed is not None
        item_id = stowed
        player.slots[slot] = None
        player.backpack.append(item_id)
        table.emit("item.stowed", rule, who=player.label,
                   item=table.prepared.items[item_id].name, slot=table.slot_called(slot))
    return item_id
