"""Raid Mode's flow: rounds of four phases until the game ends (raid.round.*), and the
per-game numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.entities import Entities, MainStat, Measure
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Procedure
from rulekeeper.rulesets.dire_alliance.raid.enemies import activations, enemies_phase
from rulekeeper.rulesets.dire_alliance.raid.heroes import heroes_phase, heroes_turns
from rulekeeper.rulesets.dire_alliance.raid.setup import set_up

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid, RaidTable


METRICS = ("villain_wounds", "villain_health", "objectives_claimed", "minions_spawned",
           "minions_placed", "minions_defeated", "minions_on_board", "hero_cards_lost",
           "hero_cards_gained", "hero_heals", "hero_cards_played", "boosts", "exerts",
           "heroes_damage_taken", "villain_cards_left")
ENTITIES = Entities((Measure.DAMAGE, Measure.KILLS, Measure.OBJECTIVES, Measure.SURVIVED,
                     Measure.ROUNDS), (MainStat("melee", "heroes.*.melee"),
                                       MainStat("health", "villains.*.health", lowest=1)))
"""What the metrics record of each hero and of the villain (entity.<team>.<id>.<measure>),
and their main stats: a hero's melee, the villain's health (per hero)."""


PHASES = ((heroes_phase, True), (enemies_phase, True), (heroes_phase, False),
          (enemies_phase, False))
"""A round's phases: Heroes Act, Enemies Act, Heroes React, Enemies React."""


def play_raid(table: RaidTable) -> Procedure:
    """The whole game: setup, then rounds until a goal is reached or the heroes lose (the
    rules raise ``GameOver``; the villain deck bounds the rounds)."""
    t = set_up(table)
    table.state = t
    cites("raid.game.win", "raid.game.end.immediate", "raid.action-row.round-end",
          "raid.action-row.continue")
    table.checkpoint()
    yield from play_rounds(t)


def play_rounds(t: Raid) -> Procedure:
    """The rounds from where ``t`` stands (after the setup, after a phase, or inside one:
    ``t.waited``, ``t.enemies``), a checkpoint after every phase, before each hero's turn and
    before each enemy's activation."""
    while True:
        phase, act = PHASES[t.next_phase]
        if t.waited is not None:
            yield from heroes_turns(t, act)
        elif t.enemies is not None:
            yield from activations(t, act)
        else:
            if t.next_phase == 0:
                t.round += 1
                t.emit("raid.round", "raid.round.phases", round=t.round)
            yield from phase(t, act=act)
        t.next_phase = (t.next_phase + 1) % len(PHASES)
        t.table.checkpoint()


def metrics(t: Raid) -> dict[str, float]:
    """The declared per-game numbers, and survived/defeated per hero and villain, played per
    hero card."""
    villain = t.the_villain
    out: dict[str, float] = {key: t.stats.get(key, 0) for key in METRICS}
    out |= {"villain_wounds": villain.wounds, "villain_health": villain.health,
            "minions_on_board": len(t.minions()), "villain_cards_left": len(villain.deck)}
    for figure in [*(h.fighter for h in t.heroes.values()), villain.fighter]:
        out[f"defeated.{figure.id}" if figure.defeated else f"survived.{figure.id}"] = 1
        ENTITIES.record(out, figure.team, figure.id, t.measures(figure, t.round))
    for card in t.played:
        out[f"played.{card}"] = 1
    return out
