"""Raid Mode's flow: rounds of four phases until the game ends (raid.round.*), and the
per-game numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.ruleset import Asks, Result
from rulekeeper.rulesets.dire_alliance.raid.enemies import enemies_phase
from rulekeeper.rulesets.dire_alliance.raid.heroes import heroes_phase
from rulekeeper.rulesets.dire_alliance.raid.setup import set_up

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.state import Raid, RaidTable

TEMPLATES = {
    "raid.round": "Round {round} begins",
}

METRICS = ("villain_wounds", "villain_health", "objectives_claimed", "minions_spawned",
           "minions_placed", "minions_defeated", "minions_on_board", "hero_cards_lost",
           "hero_cards_gained", "hero_heals", "hero_cards_played", "boosts", "exerts",
           "heroes_damage_taken", "villain_cards_left")


def play_raid(table: RaidTable) -> Asks[Result]:
    """The whole game: setup, then rounds until a goal is reached or the heroes lose (the
    rules raise ``GameOver``; the villain deck bounds the rounds)."""
    raid = set_up(table)
    table.state = raid
    while True:
        raid.round += 1
        raid.emit("raid.round", "raid.round.phases", round=raid.round)
        yield from heroes_phase(raid, act=True)
        yield from enemies_phase(raid, act=True)
        yield from heroes_phase(raid, act=False)
        yield from enemies_phase(raid, act=False)


def metrics(raid: Raid) -> dict[str, float]:
    """The declared per-game numbers, and survived/defeated per hero and villain, played per
    hero card."""
    villain = raid.the_villain
    out: dict[str, float] = {key: raid.stats.get(key, 0) for key in METRICS}
    out |= {"villain_wounds": villain.wounds, "villain_health": villain.health,
            "minions_on_board": len(raid.minions()), "villain_cards_left": len(villain.deck)}
    for figure in [*(h.fighter for h in raid.heroes.values()), villain.fighter]:
        out[f"defeated.{figure.id}" if figure.defeated else f"survived.{figure.id}"] = 1
    for card in raid.played:
        out[f"played.{card}"] = 1
    return out
