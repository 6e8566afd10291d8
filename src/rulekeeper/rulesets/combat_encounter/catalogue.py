"""What the rules need of the content, built once per content (``table.prepared``)."""

from __future__ import annotations

from rulekeeper.core.board import Board
from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.combat_encounter.damage import DamageDice
from rulekeeper.rulesets.combat_encounter.models import (
    Character,
    CombatContent,
    EncounterCard,
    Item,
    Status,
)


class Catalogue:
    """The content indexed by id, the dungeon's board and the parsed Damage values."""

    def __init__(self, content: CombatContent) -> None:
        self.content = content
        self.items: dict[str, Item] = {i.id: i for i in content.items.cards}
        self.statuses: dict[str, Status] = {s.id: s for s in content.statuses.statuses}
        self.characters: dict[str, Character] = {c.id: c for c in content.characters.cards}
        self.cards: dict[str, EncounterCard] = {c.id: c for c in content.encounters.cards}
        self.board = Board(content.dungeon)
        self.jelly_rooms = frozenset(a.id for a in content.dungeon.areas
                                     if "jelly-cube" in a.tags)
        self.room_names = {a.id: a.name or a.id for a in content.dungeon.areas}
        cites("sample.player.weapons", "sample.player.mystic-dagger")
        dagger = content.game.mystic_dagger
        self.dagger = {"melee": DamageDice.parse(dagger.melee),
                       "ranged": DamageDice.parse(dagger.ranged)}
        self.damage = {i.id: DamageDice.parse(i.damage) for i in content.items.cards
                       if i.damage is not None}

    def room_name(self, room: str | None) -> str:
        return self.room_names.get(room or "", "nowhere")
