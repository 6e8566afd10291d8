"""Death, Victory Checks and the Combat Death Loot Opportunity (sample 09_DEATH_AND_VICTORY,
02_GAME_STRUCTURE > VICTORY_CHECKS, 08_LOOT_AND_INVENTORY; ruling ``sample-death``).

Death is final in the sample: there is no Player Fall, Final Death or Zombie.
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.ruleset import Result
from rulekeeper.rulesets.combat_encounter.checks import Asks
from rulekeeper.rulesets.combat_encounter.inventory import apply_move, equip_moves
from rulekeeper.rulesets.combat_encounter.state import Ctx, GameOver


def leave_combat(ctx: Ctx, seat: str, how: str, rule: str) -> None:
    """Take a Combatant out of the Combat Encounter and out of Combat Order.

    ``how`` is why: died, fell, final-death, disengaged, fled, removed.
    """
    encounter = ctx.state.encounter
    if encounter is None or seat not in encounter.order:
        return
    encounter.order.remove(seat)
    ctx.emit("combat.leaves", rule, who=ctx.player(seat).label, how=how,
             order=[ctx.player(s).label for s in encounter.order])
    ctx.emit("order.removed", "combat.order.remove-leaver", who=ctx.player(seat).label,
             order=[ctx.player(s).label for s in encounter.order])


def death_process(ctx: Ctx, seat: str, killer: str | None = None) -> Asks:
    """A Player at 0 Health or lower dies; then the Victory Check; then, for Combat Damage
    (``killer`` given) and ruling ``sample-death=loot-one``, the killer's Loot Opportunity."""
    player = ctx.player(seat)
    player.alive = False
    ctx.state.metrics["deaths"] += 1
    ctx.emit("death", "sample.death.death-process", who=player.label, health=player.health)
    leave_combat(ctx, seat, "died", "combat.combatants.leave.a")
    player.room = None
    victory_check(ctx)
    if killer is not None and ctx.rulings["sample-death"] == "loot-one":
        yield from loot_opportunity(ctx, killer, seat)
    player.backpack.clear()
    for slot in player.slots:
        player.slots[slot] = None
    player.dropped.clear()


def victory_check(ctx: Ctx) -> None:
    """One Surviving Player left: they win. None left: the game ends without a winner."""
    surviving = ctx.state.surviving()
    if len(surviving) == 1:
        ctx.emit("victory", "sample.game.victory-checks.a", who=ctx.player(surviving[0]).label)
        raise GameOver(Result(surviving[0], "last-survivor", ctx.state.round))
    if not surviving:
        ctx.emit("no-survivor", "sample.game.victory-checks.b")
        raise GameOver(Result(None, "no-survivor", ctx.state.round))


def loot_opportunity(ctx: Ctx, looter: str, dead: str) -> Asks:
    """The looter may take one item of the dead Player's Backpack, then manage their loot."""
    taker, victim = ctx.player(looter), ctx.player(dead)
    items = ctx.cat.items
    not_loot = [items[i].name for s, i in victim.equipped() if s in victim.dropped]
    choices = [("none", "Take nothing")] + [
        (f"take:{item_id}", f"Take {items[item_id].name}")
        for item_id in dict.fromkeys(victim.backpack)]
    ctx.emit("loot.opportunity", "sample.death.combat-death-loot-opportunity",
             who=taker.label, dead=victim.label,
             backpack=[items[i].name for i in victim.backpack] or ["nothing"],
             not_loot=not_loot, dropped=f"; Dropped Weapons are not Loot: {', '.join(not_loot)}"
             if not_loot else "")
    choice = yield Decision(looter, "loot", options(choices),
                            "sample.death.combat-death-loot-opportunity",
                            f"Loot Opportunity: take one item of {victim.label}'s Backpack")
    taken: frozenset[str] = frozenset()
    if choice != "none":
        item_id = choice.partition(":")[2]
        victim.backpack.remove(item_id)
        taker.backpack.append(item_id)
        ctx.state.metrics["loot_taken"] += 1
        ctx.emit("loot.taken", "sample.loot.management-window", who=taker.label,
                 item=items[item_id].name, dead=victim.label)
    yield from loot_window(ctx, looter, taken)


def loot_window(ctx: Ctx, seat: str, moved: frozenset[str]) -> Asks:
    """Loot Management Window: any number of Equip moves, each item moved at most once."""
    player = ctx.player(seat)
    while True:
        moves = equip_moves(ctx, player, moved)
        if not moves:
            break
        choice = yield Decision(seat, "loot-equip", options([("done", "Close the window"), *moves]),
                                "sample.loot.management-window", "Loot Management Window")
        if choice == "done":
            break
        moved = moved | {apply_move(ctx, player, choice, "sample.loot.management-window")}
    ctx.emit("loot.closed", "sample.loot.management-window", who=player.label)
