"""What a seat does not know, redrawn for a search (``Ruleset.determinize``).

A seat does not see the Room of another Player who is Hidden, nor the order of the Random
Encounter deck. It saw where that Player was when it hid (or nothing, for one Hidden since
the setup) and how many Move Actions it took since, each into a neighbouring Room without a
Jelly Cube; the world puts it in one of the Rooms those moves could have reached. Lists are
sorted before a draw, so the world drawn from a seed depends only on what the seat knows.
"""

from __future__ import annotations

from rulekeeper.core.rng import Rng
from rulekeeper.rulesets.combat_encounter.catalogue import Catalogue
from rulekeeper.rulesets.combat_encounter.table import CombatTable


def redraw(table: CombatTable, seat: str, rng: Rng) -> None:
    state = table.state
    for other, player in state.players.items():
        if other != seat and player.alive and "hidden" in player.statuses:
            player.room = rng.choice(sorted(reachable(table.prepared, player.sighted,
                                                      player.hidden_moves)))
    state.deck.sort()
    rng.shuffle(state.deck)


def reachable(cat: Catalogue, start: str | None, moves: int) -> set[str]:
    """The Rooms where ``moves`` Move Actions from ``start`` (None: any Room) may end."""
    rooms = set(cat.room_names) if start is None else {start}
    for _ in range(moves):
        rooms = {r for here in rooms for r in cat.board.neighbours(here)
                 if r not in cat.jelly_rooms}
    return rooms
