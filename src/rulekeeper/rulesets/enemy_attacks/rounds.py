"""The skirmish's flow (sample rules ``sample.scenario.*``, ``sample.round.*``): setup, then
rounds of Hero turns and Enemy turns until one side wins or the last round ends."""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks, GameOver, Procedure
from rulekeeper.rulesets.enemy_attacks.enemy_turn import enemy_turn
from rulekeeper.rulesets.enemy_attacks.hero_turn import hero_turn
from rulekeeper.rulesets.enemy_attacks.table import EnemyAttacksTable, Hero, NonHeroAlly, Skirmish


def rounds(table: EnemyAttacksTable) -> Procedure:
    """The rounds after the setup, from where ``table.state`` stands (a checkpoint after
    each Hero turn and each Enemy turn); they end by :class:`GameOver` (a side wins, or the
    round limit)."""
    st = table.state
    while True:
        enemies_done = st.phase == "enemies" and st.next_enemy == len(st.enemies)
        if st.phase == "setup" or enemies_done:
            if st.round == st.scenario.rounds:
                raise GameOver("enemies", "round-limit", st.round)
            st.round += 1
            table.emit("round", "sample.round.order", round=st.round, rounds=st.scenario.rounds)
            st.phase = "heroes"
            cites("sample.round.non-hero-allies")
            st.waiting = [h.id for h in st.heroes if h.in_play]
        if st.phase == "heroes":
            if st.waiting:
                yield from next_hero_turn(table)
                table.checkpoint()
                continue
            st.phase, st.next_enemy = "enemies", 0
            continue
        enemy = st.enemies[st.next_enemy]
        st.next_enemy += 1
        if enemy.in_play:
            yield from enemy_turn(table, enemy)
        table.checkpoint()


def setup(table: EnemyAttacksTable) -> None:
    """The scenario's figures in their starting areas, and the item deck shuffled."""
    content = table.content
    scenario = next(s for s in content.scenarios.scenarios if s.id == table.scenario)
    if len(table.seats) > len(scenario.heroes):
        raise UsageError(f"Players: at most {len(scenario.heroes)} in this scenario (one Hero "
                         f"each), not {len(table.seats)}")
    st = Skirmish(content, table.prepared, scenario, table.seats, table.rulings)
    table.state = st
    table.rng.shuffle(st.item_deck)
    table.emit("item-deck", "sample.scenario.setup", count=len(st.item_deck))
    for figure in st.everyone():
        area = st.area_name(figure.area)
        if isinstance(figure, Hero | NonHeroAlly):  # the seat's id: the sentence names it
            table.emit("place-hero" if isinstance(figure, Hero) else "place-ally",
                       "sample.scenario.setup", figure=figure.name, player=figure.controller,
                       area=area)
        else:
            table.emit("place-enemy", "sample.scenario.setup", figure=figure.name, area=area)


def next_hero_turn(table: EnemyAttacksTable) -> Asks[None]:
    """The next turn of the Hero phase: each Hero in play at its start takes one turn, in the
    order the players choose; Non-Hero Allies take none."""
    st = table.state
    waiting = [h for h in st.heroes if h.id in st.waiting]
    hero = waiting[0]
    if len(waiting) > 1:
        choice = yield Decision(
            st.lead, "hero-order",
            options((f"hero-{h.id}", f"{h.name} ({h.player})") for h in waiting),
            "sample.round.order", "Which Hero takes the next turn?")
        hero = next(h for h in waiting if f"hero-{h.id}" == choice)
    st.waiting.remove(hero.id)
    yield from hero_turn(table, hero)
    st.active, st.used = None, []
