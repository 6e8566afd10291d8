"""Normal gameplay around Combat (sample 02_GAME_STRUCTURE and 05_ACTIONS).

Player Turns follow Turn Order; each gives the Active Player Turn Actions (Move, Hide,
Ambush, Challenge) and the Equip Free Action. Ambush and an accepted Challenge begin a
Combat Encounter, which interrupts the turn; afterwards the turn continues, or ends if
the Active Player died. A Player ending their own turn in a Jelly Cube Room takes Damage.
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.rulesets.combat_encounter.checks import Asks, critical_rewards, stat_check
from rulekeeper.rulesets.combat_encounter.clock import tick
from rulekeeper.rulesets.combat_encounter.death import death_process
from rulekeeper.rulesets.combat_encounter.encounter import combat_encounter
from rulekeeper.rulesets.combat_encounter.inventory import apply_move, equip_moves
from rulekeeper.rulesets.combat_encounter.random_encounters import draw_random_encounter
from rulekeeper.rulesets.combat_encounter.setup import Opening
from rulekeeper.rulesets.combat_encounter.state import Ctx


def play_game(ctx: Ctx, opening: Opening) -> Asks:
    """The opening Combat Encounter, then rounds of Turn Order until the game ends."""
    seats = list(ctx.state.players)
    first = seats[0]
    if opening.kind == "gong":
        ctx.emit("gong", "sample.game.opening-gong", who=ctx.player(opening.initiator).label,
                 target=ctx.player(opening.target).label)
        yield from combat_encounter(ctx, "gong", opening.initiator, opening.target)
        ctx.emit("gameplay.resumes", "combat.end.outside-turn", who=ctx.player(first).label)
    else:
        first = opening.initiator
    start = seats.index(first)
    turn_order = seats[start:] + seats[:start]
    opening_turn = opening.kind != "gong"
    while True:
        ctx.state.round += 1
        ctx.emit("round", "sample.game.turn-order", round=ctx.state.round,
                 order=[ctx.player(s).label for s in turn_order])
        for seat in turn_order:
            if not ctx.player(seat).alive:
                ctx.emit("turn.skipped", "combat.end.turn-order-positions",
                         who=ctx.player(seat).label)
                continue
            yield from player_turn(ctx, seat, opening if opening_turn else None)
            opening_turn = False


def turn_actions(ctx: Ctx, seat: str, free: bool) -> list[tuple[str, str]]:
    """The Turn Actions (and Equip moves, when ``free``) open to the Active Player."""
    player = ctx.player(seat)
    room = player.room
    assert room is not None
    found = [(f"move:{r}", f"Move to {ctx.room_name(r)}")
             for r in ctx.cat.board.neighbours(room) if r not in ctx.cat.jelly_rooms]
    if "hidden" not in player.statuses:
        found.append(("hide", "Hide"))
    for other in targets_in_room(ctx, seat):
        label = ctx.player(other).label
        found += [(f"ambush:{other}", f"Ambush {label}"),
                  (f"challenge:{other}", f"Challenge {label}")]
    if free:
        found += equip_moves(ctx, player)
    found.append(("end-turn", "End the turn"))
    return found


def targets_in_room(ctx: Ctx, seat: str) -> list[str]:
    """Surviving, non-Hidden other Players whose Portrait is in ``seat``'s Room."""
    room = ctx.player(seat).room
    return [s for s, p in ctx.state.players.items()
            if s != seat and p.alive and p.room == room and "hidden" not in p.statuses]


def player_turn(ctx: Ctx, seat: str, opening: Opening | None) -> Asks:
    """One Player Turn; ``opening`` makes its first Turn Action the opening one."""
    tick(ctx)
    state, player = ctx.state, ctx.player(seat)
    state.active, state.actions_left = seat, ctx.cat.content.game.turn_actions
    ctx.emit("turn.begins", "sample.game.turn-order", who=player.label,
             actions=state.actions_left)
    if "hidden" in player.statuses:
        player.statuses.remove("hidden")
        ctx.emit("status.lost", "sample.actions.hide", who=player.label, status="Hidden")
    free = True
    while state.actions_left > 0 and player.alive:
        if opening is not None:
            choice, opening = f"{opening.kind}:{opening.target}", None
        else:
            choice = yield Decision(seat, "turn-action", options(turn_actions(ctx, seat, free)),
                                    "sample.actions.turn-actions",
                                    f"{player.label}: choose a Turn Action "
                                    f"({state.actions_left} left)")
        if choice.startswith(("equip:", "stow:")):
            apply_move(ctx, player, choice, "sample.actions.free-actions")
            free = False
            continue
        if choice == "end-turn":
            break
        state.actions_left -= 1
        yield from turn_action(ctx, seat, choice)
    if player.alive and player.room in ctx.cat.jelly_rooms:
        yield from jelly_cube(ctx, seat)
    ctx.emit("turn.ends", "sample.game.turn-order", who=player.label)
    state.active = None


def turn_action(ctx: Ctx, seat: str, choice: str) -> Asks:
    action, _, arg = choice.partition(":")
    player = ctx.player(seat)
    if action == "move":
        yield from move(ctx, seat, arg)
    elif action == "hide":
        player.statuses.append("hidden")
        ctx.emit("status.gained", "sample.actions.hide", who=player.label, status="Hidden")
    elif action == "ambush":
        ctx.emit("ambush", "sample.actions.ambush", who=player.label,
                 target=ctx.player(arg).label)
        yield from combat_encounter(ctx, "ambush", seat, arg)
        after_combat(ctx, seat)
    else:
        yield from challenge(ctx, seat, arg)


def move(ctx: Ctx, seat: str, room: str) -> Asks:
    """Move Action, its Perception Check, and a Random Encounter if the check fails."""
    player = ctx.player(seat)
    player.room = room
    ctx.emit_where(seat, "move", "sample.actions.move.a", "move.hidden", "room",
                   who=player.label, room=ctx.room_name(room))
    tn = ctx.cat.content.game.perception_tn
    check = yield from stat_check(ctx, seat, "perception", "Move Action Perception",
                                  "sample.actions.move.b", tn=tn)
    passed = check.natural == 20 or (check.natural != 1 and check.total >= tn)
    ctx.emit("perception.result", "sample.core.natural-results" if check.natural in (1, 20)
             else "sample.actions.move.b", who=player.label, total=check.total, tn=tn,
             outcome="succeeds" if passed else "fails")
    critical_rewards(ctx, seat, check.natural)
    if not passed:
        yield from draw_random_encounter(ctx, seat, "sample.actions.move.c")


def challenge(ctx: Ctx, seat: str, target: str) -> Asks:
    """Challenge Action: the target accepts or declines; if accepted, a Contested Quickness
    Check (a tie is not a win) and a Combat Encounter."""
    player, other = ctx.player(seat), ctx.player(target)
    ctx.emit("challenge", "sample.actions.challenge", who=player.label, target=other.label)
    answer = yield Decision(target, "challenge-response",
                            options([("accept", "Accept the Challenge"),
                                     ("decline", "Decline the Challenge")]),
                            "sample.actions.challenge",
                            f"{player.label} challenges {other.label}")
    if answer == "decline":
        ctx.emit("challenge.declined", "combat.overview.initiation.b", who=other.label)
        return
    ctx.emit("challenge.accepted", "combat.overview.initiation.b", who=other.label)
    mine = yield from stat_check(ctx, seat, "quickness", "Challenge", "sample.core.contested-check")
    theirs = yield from stat_check(ctx, target, "quickness", "Challenge",
                                   "sample.core.contested-check")
    won = mine.total > theirs.total
    ctx.emit("challenge.result", "sample.actions.challenge", who=player.label,
             mine=mine.total, theirs=theirs.total, target=other.label,
             outcome="wins" if won else "does not win")
    critical_rewards(ctx, seat, mine.natural)
    critical_rewards(ctx, target, theirs.natural)
    yield from combat_encounter(ctx, "challenge", seat, target, won)
    after_combat(ctx, seat)


def after_combat(ctx: Ctx, seat: str) -> None:
    """The interrupted Player Turn continues, or ends if the Active Player died."""
    player = ctx.player(seat)
    if player.alive:
        ctx.emit("turn.continues", "combat.end.active-player-continues", who=player.label,
                 actions=ctx.state.actions_left)
    else:
        ctx.emit("turn.ended", "combat.end.active-player-turn-ends", who=player.label)


def jelly_cube(ctx: Ctx, seat: str) -> Asks:
    """End of one's own Player Turn in a Jelly Cube Room: Damage (not Combat Damage)."""
    player = ctx.player(seat)
    amount = ctx.cat.content.game.jelly_cube_damage
    player.health -= amount
    ctx.emit_where(seat, "damage.other", "sample.game.jelly-cube-end-of-turn",
                   "damage.other.hidden", "source", who=player.label, amount=amount,
                   source="the Jelly Cube", health=max(player.health, 0))
    if player.health <= 0:
        yield from death_process(ctx, seat)
