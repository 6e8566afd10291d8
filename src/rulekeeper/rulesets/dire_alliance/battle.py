"""Battle Mode's flow: the game round (four turns and the draw), claiming initiative,
activating fighters, and the end of the game. What actions do is in ``actions``."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rulekeeper.core.entities import Entities, MainStat, Measure
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks, GameOver, Procedure
from rulekeeper.rulesets.dire_alliance import actions
from rulekeeper.rulesets.dire_alliance.cards import DREAD, HAND_SIZE, draw
from rulekeeper.rulesets.dire_alliance.rulings import DreadInitiative
from rulekeeper.rulesets.dire_alliance.setup import set_up
from rulekeeper.rulesets.dire_alliance.table import TurnProgress

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.table import Battle, BattleTable
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter


class Turn(NamedTuple):
    """A turn of the round: who plays it, which of their turns it is (1: two cards, 2: all
    that remain), and the rules of playing and of discarding each played card."""

    role: str
    number: int
    plays: str
    discards: str


TURNS = (
    Turn("aggressor", 1, "battle.round.aggressor-turn-1.a", "battle.round.aggressor-turn-1.c"),
    Turn("defender", 1, "battle.round.defender-turn-1.a", "battle.round.defender-turn-1.c"),
    Turn("aggressor", 2, "battle.round.aggressor-turn-2.a", "battle.round.aggressor-turn-2.c"),
    Turn("defender", 2, "battle.round.defender-turn-2.a", "battle.round.defender-turn-2.c"),
)


NAMES = {"aggressor": "Aggressor Turn", "defender": "Defender Turn"}


def play_battle(table: BattleTable) -> Procedure:
    """The whole game: setup, rounds until the scenario's goal is reached or the round limit
    (a sample rule: the text has none) stops it."""
    t = set_up(table)
    table.state = t
    cites("battle.game.rounds", "battle.overview.winner")
    table.checkpoint()
    yield from play_rounds(t)


def play_rounds(t: Battle) -> Procedure:
    """The rounds from where ``t`` stands (after the setup, after a turn, or inside one:
    ``t.progress``), with a checkpoint after every turn and before each decision a turn
    asks itself (a card to play, whether to claim initiative, which fighter activates next)."""
    while t.progress is not None or t.next_turn != 0 or t.round < t.scenario.round_limit:
        if t.progress is None:
            if t.next_turn == 0:
                start_round(t, t.round + 1)
            begin_next_turn(t)
        yield from go_on_with_turn(t)
        end_turn(t)
        t.table.checkpoint()
    winner, outcome = at_limit(t)
    t.emit("limit", "battle.sample.round-limit", limit=t.scenario.round_limit, outcome=outcome)
    raise GameOver(winner, "round-limit", t.round)


def play_round(t: Battle, number: int) -> Asks[None]:
    """Round ``number``, whole: Aggressor Turn 1, Defender Turn 1, Aggressor Turn 2, Defender
    Turn 2, then the draw."""
    start_round(t, number)
    for _ in TURNS:
        yield from play_turn(t)


@cites("battle.round.turns", "battle.round.aggressor-defender")
def start_round(t: Battle, number: int) -> None:
    t.round = number
    if t.logging:
        t.emit("round", "battle.round.order", round=t.round, aggressor=t.aggressor,
               defender=t.defender)


def play_turn(t: Battle) -> Asks[None]:
    """The round's next turn; after its last, both players draw back to a full hand."""
    begin_next_turn(t)
    yield from go_on_with_turn(t)
    end_turn(t)


@cites("battle.initiative.defender-turn-1", "battle.initiative.defender-turn-2")
def begin_next_turn(t: Battle) -> None:
    turn = TURNS[t.next_turn]
    seat = t.aggressor if turn.role == "aggressor" else t.defender  # after any claim
    begin_turn(t, seat, turn.role, turn.number)


def end_turn(t: Battle) -> None:
    """After the round's last turn, both players draw back to a full hand."""
    t.next_turn = (t.next_turn + 1) % len(TURNS)
    if t.next_turn == 0:
        for seat in (t.aggressor, t.defender):
            area = t.sides[seat]
            draw(t, area, HAND_SIZE - len(area.hand), "battle.round.draw")


def take_turn(t: Battle, seat: str, role: str, number: int) -> Asks[None]:
    """Play cards (2, or all that remain), maybe claim initiative, activate, discard."""
    begin_turn(t, seat, role, number)
    yield from go_on_with_turn(t)


def begin_turn(t: Battle, seat: str, role: str, number: int) -> None:
    """A turn begins: ``t.progress`` holds it until it ends."""
    turn = turn_of(role, number)
    t.turn = f"{NAMES[role]} {number}"
    t.active = seat
    if t.logging:
        t.emit("turn", turn.plays, turn=t.turn, seat=seat)
    hand = len(t.sides[seat].hand)
    t.progress = TurnProgress(seat, role, number, min(2, hand) if number == 1 else hand)


TURN_OF = {(x.role, x.number): x for x in TURNS}
"""Each turn of the round by its role and number."""


def turn_of(role: str, number: int) -> Turn:
    return TURN_OF[role, number]


@cites("battle.round.aggressor-turn-1.b", "battle.round.defender-turn-1.b",
       "battle.round.aggressor-turn-2.b", "battle.round.defender-turn-2.b")
def go_on_with_turn(t: Battle) -> Asks[None]:
    """The turn in progress from its step: play the cards, maybe claim initiative, activate,
    discard."""
    p = t.progress
    assert p is not None
    turn = turn_of(p.role, p.number)
    seat = p.seat
    area = t.sides[seat]
    if p.step == "play":
        if p.number == 1:
            while len(area.play) < p.cards:
                t.table.checkpoint()
                card = yield from t.ask(
                    seat, "play-card", [(c, card_label(t, c)) for c in sorted(set(area.hand))],
                    turn.plays, f"{t.turn}: play a card ({len(area.play) + 1} of 2)")
                area.hand.remove(card)
                area.play.append(card)
        else:
            area.play.extend(area.hand)
            area.hand.clear()
        t.played.update(c for c in area.play if c != DREAD)
        if t.logging and area.play:  # played openly: everyone sees which
            t.emit("play", turn.plays, seat=seat, cards=[t.card_name(c) for c in area.play])
        elif t.logging:
            t.emit("play.none", turn.plays, seat=seat)
        p.step = "initiative"
    if p.step == "initiative":
        if p.role == "defender" and area.play:
            t.table.checkpoint()
            yield from claim_initiative(t, seat)
        p.slots = played_slots(t, seat)
        p.step = "activate"
    yield from activate_fighters(t, p, turn.discards)
    if t.logging:
        for card in area.play:
            t.emit("dread.played" if card == DREAD else "discard.played",
                   "battle.dread.play.no-effect" if card == DREAD else turn.discards,
                   seat=seat, card=t.card_name(card))
    area.discard.extend(area.play)
    area.play.clear()
    t.progress = None


def card_label(t: Battle, card: str) -> str:
    """The label of the option to play ``card`` (its id, in a game no one reads)."""
    if not t.table.labelled:
        return card
    if card == DREAD:
        return "Dread card (no effect)"
    fighters = [f for f in t.fighters.values() if f.card == card and f.side == t.active]
    names = " and ".join(f.name + ("" if f.on_board else " (defeated)") for f in fighters)
    return f"{t.card_name(card)} card: activates {names}"


@cites("battle.ruling.dread-initiative", "battle.initiative.token")
def claim_initiative(t: Battle, seat: str) -> Asks[None]:
    """The defender may discard one played card unresolved to become the aggressor (a dread
    card too, unless ruling dread-initiative refuses it)."""
    area = t.sides[seat]
    cards = sorted(set(area.play))
    if DREAD in cards and t.rulings.dread_initiative is DreadInitiative.REFUSE:
        cards.remove(DREAD)  # (the ruling is read only when it can matter)
    if not cards:
        return
    labelled = t.table.labelled
    answer = yield from t.ask(
        seat, "claim-initiative",
        [("keep", "Do not claim initiative")]
        + [(c, f"Discard the played {t.card_name(c)} card unresolved to claim initiative"
            if labelled else c) for c in cards],
        "battle.initiative.claim.a", f"{t.turn}: claim initiative?")
    if answer == "keep":
        return
    area.play.remove(answer)
    area.discard.append(answer)
    t.aggressor = seat
    t.bump("initiative_claims")
    if t.logging:
        t.emit("claim", "battle.initiative.claim.b", seat=seat, card=t.card_name(answer))


@cites("battle.overview.hand-of-cards")  # fighters act through the cards played from hand
def played_slots(t: Battle, seat: str) -> list[tuple[str, list[str]]]:
    """Each played fighter card and the fighters (ids) it activates: each of its fighters
    on the board."""
    slots: list[tuple[str, list[str]]] = []
    for card in t.sides[seat].play:
        if card == DREAD:
            cites("battle.dread.dead-cards")  # a dread card activates no one
            continue
        on_board = [f.id for f in t.fighters.values()
                    if f.card == card and f.side == seat and f.on_board]
        if not on_board:
            t.emit("activate.none", "battle.activate.played-cards-only", seat=seat,
                   card=t.card_name(card), reason="defeated")
        slots.append((card, on_board))
    return slots


def activate_fighters(t: Battle, p: TurnProgress, rule: str) -> Asks[None]:
    """Each played fighter card allows one activation of each fighter it belongs to
    (``p.slots``: those not yet activated); ``rule`` is the turn's rule for discarding a card
    that activated no one. A checkpoint before each choice of the next fighter."""
    area = t.sides[p.seat]
    fighters = t.fighters
    while True:
        waiting = {i: fighters[i] for _, ids in p.slots for i in ids if fighters[i].on_board}
        if not waiting:
            break
        t.table.checkpoint()
        labelled = t.table.labelled
        fighter_id = yield from t.ask(
            p.seat, "activate",
            sorted((i, f"Activate {f.name}" if labelled else i) for i, f in waiting.items()),
            "battle.activate.after-playing", f"{t.turn}: which fighter activates next?")
        card, ids = next(s for s in p.slots if fighter_id in s[1])
        ids.remove(fighter_id)
        acted = yield from activation(t, waiting[fighter_id])
        if not any(fighters[i].on_board for i in ids):
            p.slots.remove((card, ids))
            area.play.remove(card)
            area.discard.append(card)
            if t.logging:
                t.emit("discard.played", "battle.action.discard-card" if acted else rule,
                       seat=p.seat, card=t.card_name(card))


def activation(t: Battle, fighter: Fighter) -> Asks[bool]:
    """One activation: exactly one action (a stunned Resilient fighter only becomes ready).
    Returns whether the fighter was activated."""
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
    interact = t.scenario.interact
    choices = actions.options(t, fighter, interact, DREAD in area.play)
    answer = yield from t.ask(
        fighter.side, "action", [*choices, ("pass", "Do not activate")],
        "battle.action.one-per-activation",
        f"{fighter.name}'s action ({t.area_name(fighter.area)})", fighter)
    if answer == "pass":
        t.emit("activate.skip", "battle.activate.after-playing", seat=fighter.side,
               fighter=fighter.name)
        return False
    if t.logging:
        t.emit("activate", "battle.fighter.active", fighter=fighter.name)
    if fighter.stunned:
        fighter.stunned = False
        t.emit("activate.ready", "battle.status.stunned-activation", fighter=fighter.name)
    yield from actions.perform(t, fighter, answer, interact)
    return True


def at_limit(t: Battle) -> tuple[str | None, str]:
    """Who wins when the round limit is reached: most of the scenario's criteria, in order."""
    for criterion in t.scenario.at_limit:
        score = {seat: (len(t.sides[seat].claimed) if criterion == "objectives"
                        else sum(1 for s in t.sites.values() if s.holder == seat))
                 for seat in t.sides}
        best = max(score.values())
        leaders = [seat for seat, value in score.items() if value == best]
        if len(leaders) == 1:
            return leaders[0], f"{leaders[0]} holds more {criterion} ({score[leaders[0]]})"
    return None, "a draw"


def metrics(t: Battle) -> dict[str, float]:
    """The declared per-game numbers, and played/survived/defeated per fighter."""
    out: dict[str, float] = {key: t.stats.get(key, 0) for key in METRICS}
    for seat in t.sides:
        out[f"{seat}_sites"] = sum(1 for s in t.sites.values() if s.holder == seat)
    for fighter in t.fighters.values():
        key = fighter.spec.id
        out[f"defeated.{key}" if fighter.defeated else f"survived.{key}"] = 1
        ENTITIES.record(out, fighter.team, key, t.measures(fighter, t.round))
    for card in t.played:
        out[f"played.{card}"] = 1
    return out


METRICS = (*(f"{seat}_{what}" for what in (
    "damage_dealt", "damage_taken", "cards_lost", "defeated", "objectives", "sites", "attacks")
    for seat in ("red", "blue")), "initiative_claims")

ENTITIES = Entities((Measure.DAMAGE, Measure.KILLS, Measure.OBJECTIVES, Measure.SURVIVED,
                     Measure.ROUNDS), (MainStat("melee", "factions.*.fighters.*.melee"),
                                       MainStat("melee", "leaders.*.fighters.*.melee")))
"""What the metrics record of each fighter (entity.<seat>.<fighter>.<measure>), and its
main stat: its melee (a faction's fighters, a leader's)."""
