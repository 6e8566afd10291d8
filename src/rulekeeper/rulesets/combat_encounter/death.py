"""Death, Victory Checks and the Combat Death Loot Opportunity (sample 09_DEATH_AND_VICTORY,
02_GAME_STRUCTURE > VICTORY_CHECKS, 08_LOOT_AND_INVENTORY; ruling ``sample-death``).

Death is final in the sample: there is no Player Fall, Final Death or Zombie.
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks, GameOver
from rulekeeper.rulesets.combat_encounter.inventory import apply_move, equip_moves
from rulekeeper.rulesets.combat_encounter.rulings import SampleDeath
from rulekeeper.rulesets.combat_encounter.table import CombatTable


@cites("combat.combatants.stop-on-leave", "combat.combatants.leave.b",
       "combat.combatants.leave.e", "combat.combat-room.combatants-stay")
def leave_combat(table: CombatTable, seat: str, how: str, rule: str) -> None:
    """Take a Combatant out of the Combat Encounter and out of Combat Order.

    ``how`` is why: died, fell, final-death, disengaged, fled, removed (any rule that
    takes a Combatant out of Combat calls it). Only this moves a Combatant out.
    """
    encounter = table.state.encounter
    if encounter is None or seat not in encounter.order:
        return
    encounter.order.remove(seat)
    table.emit("combat.leaves", rule, who=table.state.label(seat), how=how,
               order=[table.state.label(s) for s in encounter.order])
    table.emit("order.removed", "combat.order.remove-leaver", who=table.state.label(seat),
               order=[table.state.label(s) for s in encounter.order])


@cites("combat.ruling.sample-death", "sample.game.surviving-player")
def death_process(table: CombatTable, seat: str, killer: str | None = None) -> Asks[None]:
    """A Player at 0 Health or lower dies; then the Victory Check; then, for Combat Damage
    (``killer`` given) and ruling ``sample-death=loot-one``, the killer's Loot Opportunity."""
    player = table.state.player(seat)
    player.alive = False  # final: no Player Fall, no Zombie Combatant (Combatants are fixed)
    cites("combat.turn.fallen-not-zombie")
    table.state.metrics["deaths"] += 1
    if killer is not None:
        table.state.metrics[f"kills.{killer}"] += 1
    table.emit("death", "sample.death.death-process", who=player.label, health=player.health)
    leave_combat(table, seat, "died", "combat.combatants.leave.a")
    player.room = None
    cites("combat.turn.victory-check-after-death")
    victory_check(table)
    if killer is not None and table.rulings.sample_death is SampleDeath.LOOT_ONE:
        cites("combat.overview.loot-opportunity")
        yield from loot_opportunity(table, killer, seat)
    player.backpack.clear()
    for slot in player.slots:
        player.slots[slot] = None
    player.dropped.clear()


def victory_check(table: CombatTable) -> None:
    """One Surviving Player left: they win. None left: the game ends without a winner."""
    surviving = table.state.surviving()
    cites("combat.turn.victory-ends-game")  # GameOver: nothing more happens
    if len(surviving) == 1:
        table.emit("victory", "sample.game.victory-checks.a",
                   who=table.state.label(surviving[0]))
        raise GameOver(surviving[0], "last-survivor")
    if not surviving:
        table.emit("no-survivor", "sample.game.victory-checks.b")
        raise GameOver(None, "no-survivor")


def loot_opportunity(table: CombatTable, looter: str, dead: str) -> Asks[None]:
    """The looter may take one item of the dead Player's Backpack, then manage their loot."""
    taker, victim = table.state.player(looter), table.state.player(dead)
    items = table.prepared.items
    cites("sample.loot.loot", "combat.dropped-weapon.not-loot")  # Backpack items only
    not_loot = [items[i].name for s, i in victim.equipped() if s in victim.dropped]
    choices = [("none", "Take nothing")] + [
        (f"take:{item_id}", f"Take {items[item_id].name}")
        for item_id in dict.fromkeys(victim.backpack)]
    table.emit("loot.opportunity", "sample.death.combat-death-loot-opportunity",
               who=taker.label, dead=victim.label,
               backpack=[items[i].name for i in victim.backpack] or ["nothing"],
               not_loot=not_loot, dropped=f"; Dropped Weapons are not Loot: {', '.join(not_loot)}"
               if not_loot else "")
    choice = yield Decision(looter, "loot", options(choices),
                            "sample.death.combat-death-loot-opportunity",
                            f"Loot Opportunity: take one item of {victim.character.name}'s "
                            "Backpack")
    taken: frozenset[str] = frozenset()
    if choice != "none":
        item_id = choice.partition(":")[2]
        victim.backpack.remove(item_id)
        taker.backpack.append(item_id)
        table.state.metrics["loot_taken"] += 1
        table.emit("loot.taken", "sample.loot.management-window", who=taker.label,
                   item=items[item_id].name, dead=victim.label)
    yield from loot_window(table, looter, taken)


def loot_window(table: CombatTable, seat: str, moved: frozenset[str]) -> Asks[None]:
    """Loot Management Window: any number of Equip moves, each item moved at most once."""
    player = table.state.player(seat)
    while True:
        moves = equip_moves(table, player, moved)
        if not moves:
            break
        choice = yield Decision(seat, "loot-equip",
                                options([("done", "Close the window"), *moves]),
                                "sample.loot.management-window", "Loot Management Window")
        if choice == "done":
            break
        moved = moved | {apply_move(table, player, choice, "sample.loot.management-window")}
    table.emit("loot.closed", "sample.loot.management-window", who=player.label)
