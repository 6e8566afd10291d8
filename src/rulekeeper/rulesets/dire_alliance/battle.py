"""Battle Mode's flow: the game round (four turns and the draw), claiming initiative,
activating fighters, and the end of the game. What actions do is in ``actions``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.ruleset import Result, Table
from rulekeeper.rulesets.dire_alliance import actions
from rulekeeper.rulesets.dire_alliance.cards import DREAD, HAND_SIZE, draw
from rulekeeper.rulesets.dire_alliance.setup import Battle, set_up
from rulekeeper.rulesets.dire_alliance.state import GameOver

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.state import Asked, Fighter

TURNS = (("aggressor", 1), ("defender", 1), ("aggressor", 2), ("defender", 2))

TEMPLATES = {
    "round": "Round {round} begins: {aggressor} is the aggressor, {defender} the defender",
    "turn": "{turn}: {seat} plays",
    "play": "{seat} plays {cards}",
    "play.count": "{seat} plays {count} card(s)",
    "claim": "{seat} discards a played {card} card without resolving it and claims "
             "initiative: the token flips to {seat}, who becomes the aggressor",
    "activate": "{fighter} is activated",
    "activate.ready": "{fighter} was stunned: it becomes ready and activates as normal",
    "activate.resilient": "{fighter} is Resilient and was stunned: it becomes ready but performs "
                          "no action",
    "activate.skip": "{seat} does not activate {fighter}",
    "activate.none": "{seat}'s {card} card activates no fighter ({reason})",
    "discard.played": "{seat} discards the played {card} card",
    "dread.played": "{seat}'s dread card is played with no effect",
    "won": "{seat} wins: {reason}",
    "limit": "The round limit ({limit}) is reached: {outcome}",
}

NAMES = {"aggressor": "Aggressor Turn", "defender": "Defender Turn"}


def play_battle(table: Table) -> Asked:
    """The whole game: setup, rounds until the scenario's goal or round limit."""
    battle = set_up(table)
    table.state = battle
    try:
        for number in range(1, battle.scenario.round_limit + 1):
            yield from play_round(battle, number)
        winner, outcome = at_limit(battle)
        table.emit("limit", "battle.sample.round-limit", limit=battle.scenario.round_limit,
                   outcome=outcome)
        reason = "round-limit"
    except GameOver as over:
        winner, reason = over.winner, over.reason
        rule = ("battle.game.end.b" if reason == "objectives"
                else "battle.sample.standing-stones.goal")
        table.emit("won", rule, seat=winner,
                   reason="three of the opponent's objectives claimed" if reason == "objectives"
                   else "the scenario's sites are held")
    battle.turn = "over"
    return Result(winner, reason, battle.round, metrics(battle))


def play_round(battle: Battle, number: int) -> Asked:
    """Aggressor Turn 1, Defender Turn 1, Aggressor Turn 2, Defender Turn 2, then the draw."""
    t = battle.t
    battle.round = number
    t.emit("round", "battle.round.order", round=number, aggressor=battle.aggressor,
           defender=battle.defender)
    for role, turn in TURNS:
        seat = battle.aggressor if role == "aggressor" else battle.defender
        yield from take_turn(battle, seat, role, turn)
    for seat in (battle.aggressor, battle.defender):
        area = t.sides[seat]
        draw(t, area, HAND_SIZE - len(area.hand), "battle.round.draw")


def take_turn(battle: Battle, seat: str, role: str, turn: int) -> Asked:
    """Play cards (2, or all that remain), maybe claim initiative, activate, discard."""
    t = battle.t
    battle.turn = f"{NAMES[role]} {turn}"
    battle.active = seat
    rule = f"battle.round.{role}-turn-{turn}"
    t.emit("turn", rule + ".a", turn=battle.turn, seat=seat)
    area = t.sides[seat]
    if turn == 1:
        for _ in range(min(2, len(area.hand))):
            card = yield from t.ask(
                seat, "play-card", [(c, card_label(battle, c)) for c in sorted(set(area.hand))],
                rule + ".a", f"{battle.turn}: play a card ({len(area.play) + 1} of 2)")
            area.hand.remove(card)
            area.play.append(card)
    else:
        area.play.extend(area.hand)
        area.hand.clear()
    battle.played.update(c for c in area.play if c != DREAD)
    t.emit("play.count", rule + ".a", seat=seat, count=len(area.play))
    if t.logging:
        t.emit("play", rule + ".a", to=(seat,), seat=seat,
               cards=[t.card_name(c) for c in area.play])
    if role == "defender" and area.play:
        yield from claim_initiative(battle, seat)
    yield from activate_fighters(battle, seat, rule)
    for card in area.play:
        t.emit("dread.played" if card == DREAD else "discard.played",
               "battle.dread.play.no-effect" if card == DREAD else rule + ".c", seat=seat,
               card=t.card_name(card))
    area.discard.extend(area.play)
    area.play.clear()


def card_label(battle: Battle, card: str) -> str:
    if card == DREAD:
        return "Dread card (no effect)"
    fighters = [f for f in battle.t.fighters.values() if f.card == card and f.side == battle.active]
    names = " and ".join(f.name + ("" if f.on_board else " (defeated)") for f in fighters)
    return f"{battle.t.card_name(card)} card: activates {names}"


def claim_initiative(battle: Battle, seat: str) -> Asked:
    """The defender may discard one played card unresolved to become the aggressor."""
    t = battle.t
    area = t.sides[seat]
    answer = yield from t.ask(
        seat, "claim-initiative",
        [("keep", "Do not claim initiative")]
        + [(c, f"Discard the played {t.card_name(c)} card unresolved to claim initiative")
           for c in sorted(set(area.play))],
        "battle.initiative.claim.a", f"{battle.turn}: claim initiative?")
    if answer == "keep":
        return
    area.play.remove(answer)
    area.discard.append(answer)
    battle.aggressor = seat
    t.bump("initiative_claims")
    t.emit("claim", "battle.initiative.claim.b", seat=seat, card=t.card_name(answer))


def activate_fighters(battle: Battle, seat: str, rule: str) -> Asked:
    """Each played fighter card allows one activation of each fighter it belongs to."""
    t = battle.t
    area = t.sides[seat]
    slots: list[tuple[str, list[Fighter]]] = []  # each played card and whom it activates
    for card in area.play:
        if card == DREAD:
            continue
        on_board = [f for f in t.fighters.values()
                    if f.card == card and f.side == seat and f.on_board]
        if not on_board:
            t.emit("activate.none", "battle.activate.played-cards-only", seat=seat,
                   card=t.card_name(card), reason="defeated")
        slots.append((card, on_board))
    while True:
        waiting = {f.id: f for _, fighters in slots for f in fighters if f.on_board}
        if not waiting:
            break
        fighter_id = yield from t.ask(
            seat, "activate", sorted((i, f"Activate {f.name}") for i, f in waiting.items()),
            "battle.activate.after-playing", f"{battle.turn}: which fighter activates next?")
        card, fighters = next(s for s in slots if any(f.id == fighter_id for f in s[1]))
        fighters.remove(waiting[fighter_id])
        acted = yield from activation(battle, waiting[fighter_id])
        if not any(f.on_board for f in fighters):
            slots.remove((card, fighters))
            area.play.remove(card)
            area.discard.append(card)
            t.emit("discard.played", "battle.action.discard-card" if acted else rule + ".c",
                   seat=seat, card=t.card_name(card))


def activation(battle: Battle, fighter: Fighter) -> Asked:
    """One activation: exactly one action (a stunned Resilient fighter only becomes ready).
    Returns whether the fighter was activated."""
    t = battle.t
    area = t.sides[fighter.side]
    if fighter.stunned and fighter.has("resilient"):
        answer = yield from t.ask(
            fighter.side, "action",
            [("recover", f"{fighter.name} becomes ready (a stunned Resilient fighter performs "
                         "no action)"), ("pass", "Do not activate")],
            "battle.keyword.resilient.activation.a", f"{fighter.name}'s activation", fighter)
        if answer == "recover":
            fighter.stunned = False
            t.emit("activate.resilient", "battle.keyword.resilient.activation.b",
                   fighter=fighter.name)
            return True
        t.emit("activate.skip", "battle.activate.after-playing", seat=fighter.side,
               fighter=fighter.name)
        return False
    interact = battle.scenario.interact
    choices = actions.options(t, fighter, interact, DREAD in area.play)
    answer = yield from t.ask(
        fighter.side, "action", [*choices, ("pass", "Do not activate")],
        "battle.action.one-per-activation",
        f"{fighter.name}'s action ({t.area_name(fighter.area)})", fighter)
    if answer == "pass":
        t.emit("activate.skip", "battle.activate.after-playing", seat=fighter.side,
               fighter=fighter.name)
        return False
    t.emit("activate", "battle.fighter.active", fighter=fighter.name)
    if fighter.stunned:
        fighter.stunned = False
        t.emit("activate.ready", "battle.status.stunned-activation", fighter=fighter.name)
    yield from actions.perform(t, fighter, answer, interact)
    return True


def at_limit(battle: Battle) -> tuple[str | None, str]:
    """Who wins when the round limit is reached: most of the scenario's criteria, in order."""
    t = battle.t
    for criterion in battle.scenario.at_limit:
        score = {seat: (len(t.sides[seat].claimed) if criterion == "objectives"
                        else sum(1 for s in t.sites.values() if s.holder == seat))
                 for seat in t.sides}
        best = max(score.values())
        leaders = [seat for seat, value in score.items() if value == best]
        if len(leaders) == 1:
            return leaders[0], f"{leaders[0]} holds more {criterion} ({score[leaders[0]]})"
    return None, "a draw"


def metrics(battle: Battle) -> dict[str, float]:
    """The declared per-game numbers, and played/survived/defeated per fighter."""
    t = battle.t
    out: dict[str, float] = {key: t.stats.get(key, 0) for key in METRICS}
    for seat in t.sides:
        out[f"{seat}_sites"] = sum(1 for s in t.sites.values() if s.holder == seat)
    for fighter in t.fighters.values():
        key = fighter.spec.id
        out[f"defeated.{key}" if fighter.defeated else f"survived.{key}"] = 1
    for card in battle.played:
        out[f"played.{card}"] = 1
    return out


METRICS = (*(f"{seat}_{what}" for what in (
    "damage_dealt", "damage_taken", "cards_lost", "defeated", "objectives", "sites", "attacks")
    for seat in ("red", "blue")), "initiative_claims")

