"""Current Stats (sample 04_PLAYER_STRUCTURE > CALCULATE_STAT) and current Defense
(06_COMBAT_ENCOUNTER > CALCULATE_DEFENSE).

Both are computed from their sources every time they are used, so they are always
current: a change of any source (equipping Armor, a Status, a Backpack item) shows at
the next use.
"""

from __future__ import annotations

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.combat_encounter.catalogue import Catalogue
from rulekeeper.rulesets.combat_encounter.table import Player


@cites("sample.player.calculate-stat", "sample.player.stats", "sample.player.statuses")
def current_stat(cat: Catalogue, player: Player, stat: str) -> int:
    """Base value on the Character card + Equipped items (not Dropped Weapons) + Statuses."""
    value = int(getattr(player.character, stat))
    for slot, item_id in player.slots.items():
        if item_id is not None and slot not in player.dropped:
            value += cat.items[item_id].stats.get(stat)
    for status in player.statuses:
        value += cat.statuses[status].stats.get(stat)
    return value


DefenseSource = tuple[str, str, int]
"""(kind of source, name, Defense it gives)."""


@cites("sample.player.defense-sources", "combat.calculate-defense.only-explicit",
       "combat.calculate-defense.sources.a", "combat.calculate-defense.sources.b")
def defense_sources(cat: Catalogue, player: Player) -> list[DefenseSource]:
    """Every source that specifically modifies this Player's Defense, with its value.

    An item or effect counts only by the Defense value it states: Equipped items (Armor,
    Plot Armor; not a Dropped Weapon) by ``defense``, Backpack items only by
    ``backpack_defense``.
    """
    character = player.character
    sources: list[DefenseSource] = [("character", character.name, character.defense)]
    if character.patron.defense:
        sources.append(("patron", character.patron.name, character.patron.defense))
    cites("combat.calculate-defense.sources.c", "combat.calculate-defense.sources.d",
          "combat.calculate-defense.armor-equipped")
    for slot, item_id in player.slots.items():
        if item_id is None or slot in player.dropped:
            continue
        item = cat.items[item_id]
        if item.defense:
            sources.append((item.kind, item.name, item.defense))
    cites("combat.calculate-defense.sources.e", "combat.calculate-defense.armor-in-backpack",
          "combat.calculate-defense.magic-in-backpack")
    for item_id in player.backpack:
        item = cat.items[item_id]
        if item.backpack_defense:
            sources.append(("backpack", item.name, item.backpack_defense))
    cites("combat.calculate-defense.sources.f", "combat.calculate-defense.sources.g",
          "combat.calculate-defense.sources.h")  # a Status, a Dungeon Bomb, another effect
    for status_id in player.statuses:
        status = cat.statuses[status_id]
        if status.defense:
            sources.append((status.source, status.name, status.defense))
    return sources


@cites("combat.calculate-defense.sum")
def current_defense(cat: Catalogue, player: Player) -> int:
    """The sum of all applicable Defense sources, computed at each use (always current)."""
    return sum(value for _, _, value in defense_sources(cat, player))
