"""A run: one player's game of shops and battles, from 5 lives to 10 victories or 0 lives.

Each round is the shop, then a battle against a snapshot: 'Vous décidez de tout dans
la boutique', then 'Vous affrontez un instantané de la troupe d'un autre joueur à la
même manche.' The opponent comes from outside the run (matchmaking, through
``table.outside``) and is kept in the run's record; the battle is a cryptids game of
its own (:mod:`~rulekeeper.rulesets.cryptids_run.fight`). Each battle's rating change
is summed; 'le total est appliqué à la fin de la partie'.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from rulekeeper.core.errors import UsageError
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import GameOver, Procedure, Result
from rulekeeper.rulesets.cryptids_run import rating
from rulekeeper.rulesets.cryptids_run.fight import Arena
from rulekeeper.rulesets.cryptids_run.matchmaking import OPPONENT, Match, MatchRequest
from rulekeeper.rulesets.cryptids_run.rating import Change
from rulekeeper.rulesets.cryptids_run.shop import Shop, Shopkeeper, Stock, Tally
from rulekeeper.rulesets.cryptids_run.snapshots import Rating, Snapshot, snapshot_id
from rulekeeper.rulesets.cryptids_run.table import BattleEntry, Outcome, RunState, RunTable

SIDES = ("player", "opponents")
"""Who can win a run: the player (10 victories), or the opponents (no lives left)."""
OUTCOMES: dict[str | None, Outcome] = {"left": "win", "right": "loss", None: "tie"}
"""A battle's winner (the player's row is the left side) as the player's outcome."""
SEED_RANGE = 2**31
OUTCOME_WORDS: dict[Outcome, dict[str, str]] = {
    "win": {"en": "a win", "fr": "une victoire"}, "loss": {"en": "a loss", "fr": "une défaite"},
    "tie": {"en": "a draw", "fr": "un match nul"}}


def snapshot_of(state: RunState, stock: Stock) -> Snapshot:
    """The snapshot the run's row would make if its shop ended now."""
    return Snapshot(id=snapshot_id(state.run, state.round), run=state.run, player=state.player,
                    round=state.round, rating=state.rating,
                    row=tuple(p.fielded(stock) for p in state.shop.row))


ENDS = {"victories": ("player", "ten-victories", "run.won"),
        "lives": ("opponents", "no-lives", "run.lost"),
        "round-limit": (None, "round-limit", "run.round-limit")}
"""How a run ends (``RunState.over``): the winner, the result's reason, and the rule (the
closing event's kind)."""

class Run:
    """The rules of a run over one game's table."""

    def __init__(self, table: RunTable, stock: Stock, arena: Arena) -> None:
        self.table = table
        self.stock = stock
        self.arena = arena
        self.rules = stock.rules
        options = table.options
        start = Rating(mu=self.rules.rating.mu if options.mu is None else options.mu,
                       sigma=self.rules.rating.sigma if options.sigma is None else options.sigma)
        tally = Tally()
        self.state = RunState(options.player, options.run, start,
                              Shopkeeper(Shop.empty(self.rules.shop), stock, table, tally),
                              self.rules.run.lives, tally=tally)

    def play(self) -> Procedure:
        table, state, run_rules = self.table, self.state, self.rules.run
        table.state = state
        table.emit("run.start", "run.start", player=state.player, run=state.run,
                   lives=state.lives, victories=run_rules.victories, mu=round(state.rating.mu, 2))
        table.checkpoint()
        yield from self.rounds()

    @classmethod
    def resumed(cls, table: RunTable, stock: Stock, arena: Arena) -> Run:
        """The rules of a run whose state is already on the table (a fork's)."""
        run = cls.__new__(cls)
        run.table, run.stock, run.arena, run.rules = table, stock, arena, stock.rules
        run.state = table.state
        return run

    def rounds(self) -> Procedure:
        """The rounds from where the state stands, a checkpoint after each."""
        state = self.state
        while state.over is None:
            state.round += 1
            cites("round.order")  # the shop, then the battle
            yield from state.keeper.run(state.round)
            snapshot = self.snapshot()
            self.battle(snapshot)
            state.over = self.ended()
            self.table.checkpoint()
        winner, reason, _ = ENDS[state.over]
        raise GameOver(winner, reason, state.round)

    def snapshot(self) -> Snapshot:
        """'snapshot.freeze': the row as it leaves the shop, tagged with round, rating, run."""
        state = self.state
        snapshot = snapshot_of(state, self.stock)
        state.snapshots.append(snapshot)
        self.table.emit("snapshot", "snapshot.freeze", id=snapshot.id, round=state.round,
                        mu=round(state.rating.mu, 2),
                        row=[self.stock.name(f.cryptid) for f in snapshot.row] or ["—"])
        return snapshot

    def battle(self, snapshot: Snapshot) -> None:
        table, state = self.table, self.state
        if not snapshot.row:
            table.emit("round.empty-row", "battle.empty-row", round=state.round)
            self.settle(BattleEntry(state.round, None, "loss", None, Change(0.0, 0.0)))
            return
        request = MatchRequest(round=state.round, player=state.player, run=state.run,
                               rating=state.rating, last_opponent=state.last_opponent,
                               seed=table.rng.below(SEED_RANGE), snapshot=snapshot)
        # The opponent is an outside input, kept in the record.
        cites("opponent.snapshot.a", "opponent.matchmaking", "run.record")
        found = self.read_match(table.outside(OPPONENT, request.model_dump(mode="json")))
        self.explain(found)
        opponent = found.opponent
        table.emit("round.battle", "battle.opponent", round=state.round,
                   opponent=opponent.title(), ghost=opponent.ghost)
        fought = self.arena.fight(snapshot, opponent, table.rng.below(SEED_RANGE),
                                  dict(table.rulings), table.logging)
        table.events.extend(fought.events)
        outcome = OUTCOMES[fought.winner]
        cites("rating.change.a")
        change = rating.change(state.rating, opponent.rating, outcome)
        self.settle(BattleEntry(state.round, opponent, outcome, fought, change, found))
        total = state.change
        table.emit("rating.battle", "rating.battle", outcome=OUTCOME_WORDS[outcome],
                   mu=round(change.mu, 3), opponent_mu=round(opponent.rating.mu, 2),
                   total=round(total.mu, 3))

    def read_match(self, answer: Any) -> Match:
        """The outside input as a :class:`Match`; one that breaks the rules is refused."""
        state = self.state
        try:
            if isinstance(answer, dict) and isinstance(answer.get("opponent"), dict):
                answer = {**answer, "opponent": self.arena.snapshot(answer["opponent"])}
            found = Match.model_validate(answer)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "answer"
            raise UsageError(f"the opponent input is not a match: {where}: "
                             f"{first['msg']}") from None
        opponent = found.opponent
        cites("opponent.snapshot.c", "opponent.snapshot.b")
        if opponent.round != state.round:
            raise UsageError(f"opponent.snapshot.c: the opponent snapshot {opponent.id} is of "
                             f"round {opponent.round}, not {state.round}")
        if opponent.player == state.player:
            raise UsageError(f"opponent.snapshot.b: the opponent snapshot {opponent.id} is "
                             f"{state.player}'s own")
        if not opponent.row:
            raise UsageError(f"the opponent snapshot {opponent.id} has no cryptid")
        return found

    def explain(self, found: Match) -> None:
        """'opponent.matchmaking': the bands tried, the candidates, why this one."""
        table, mu = self.table, round(self.state.rating.mu, 2)
        for band in found.bands:
            if band.again:
                table.emit("match.again", "matchmaking.not-twice", found=band.found)
            elif band.band is None:
                table.emit("match.any", "matchmaking.band", found=band.found, mu=mu)
            else:
                table.emit("match.band", "matchmaking.band", band=band.band, mu=mu,
                           found=band.found)
        if found.candidates:
            table.emit("match.candidates", "matchmaking.explained",
                       candidates=[f"{c.player} ({c.mu:.1f})" for c in found.candidates])
        opponent = found.opponent
        data: dict[str, Any] = {"player": opponent.player, "round": opponent.round,
                "opponent_mu": round(opponent.rating.mu, 2),
                "distance": round(abs(opponent.rating.mu - self.state.rating.mu), 2)}
        rule = {"closest": "matchmaking.closest", "drawn": "matchmaking.closest",
                "again": "matchmaking.not-twice", "ghost": "matchmaking.ghost"}[found.reason]
        table.emit("match." + found.reason + ".chosen", rule, bot=found.bot, **data)

    def settle(self, entry: BattleEntry) -> None:
        """The battle's outcome for the run: a victory, lives lost, or nothing on a tie."""
        table, state = self.table, self.state
        self.count(entry)
        if entry.outcome == "win":
            state.victories += 1
            table.emit("round.won", "run.victory", victories=state.victories,
                       needed=self.rules.run.victories)
        elif entry.outcome == "loss":
            cost = self.rules.run.loss_cost(state.round)
            entry.lives_lost = min(cost, state.lives)
            state.lives = max(0, state.lives - cost)
            table.emit("round.lost", "run.loss-cost", round=state.round, cost=cost,
                       lives=state.lives)
        else:
            table.emit("round.tie", "end.draw.a", lives=state.lives, victories=state.victories)
            table.emit("round.tie.no-victory", "end.draw.b", victories=state.victories)
        entry.lives, entry.victories = state.lives, state.victories
        state.battles.append(entry)

    def count(self, entry: BattleEntry) -> None:
        """Which cryptids and abilities were fielded, and whether they won (for the lab)."""
        if entry.opponent is None or not self.state.snapshots:
            return
        tally = self.state.tally
        row = self.state.snapshots[-1].row
        for key in sorted({f.cryptid for f in row} | {f"{f.cryptid}.{f.ability.id}" for f in row}):
            tally.add(tally.fielded, key)
            if entry.outcome == "win":
                tally.add(tally.fielded_won, key)

    def ended(self) -> str | None:
        state, run_rules = self.state, self.rules.run
        if state.victories >= run_rules.victories:
            return "victories"
        if state.lives <= 0:
            return "lives"
        if state.round >= run_rules.rounds:
            return "round-limit"
        return None

    def finish(self) -> Result:
        """The run's closing events (how it ended, its rating change applied) and result."""
        table, state = self.table, self.state
        winner, reason, rule = ENDS[state.over or "round-limit"]
        table.emit(rule, rule, victories=state.victories, lives=state.lives, rounds=state.round)
        total = state.change
        after = rating.applied(state.rating, total, self.rules.rating.sigma_floor)
        table.emit("rating.applied", "rating.change.b", before=round(state.rating.mu, 2),
                   after=round(after.mu, 2), change=round(total.mu, 3),
                   sigma=round(after.sigma, 3), battles=len(state.battles))
        return Result(winner, reason, state.round, self.metrics(after, total))

    def metrics(self, after: Rating, total: rating.Change) -> Mapping[str, float]:
        state = self.state
        outcomes = [b.outcome for b in state.battles]
        metrics: dict[str, float] = {
            "victories": state.victories, "lives": state.lives,
            "battles.won": outcomes.count("win"), "battles.lost": outcomes.count("loss"),
            "battles.tied": outcomes.count("tie"),
            "ghosts": sum(1 for b in state.battles if b.opponent and b.opponent.ghost),
            "rating.mu": after.mu, "rating.sigma": after.sigma,
            "rating.change.mu": total.mu, "rating.change.sigma": total.sigma}
        tally = state.tally
        for prefix, counts in (("offered.", tally.offered), ("bought.", tally.bought),
                               ("chosen.", tally.chosen), ("fielded.", tally.fielded),
                               ("fielded-won.", tally.fielded_won)):
            for key, value in sorted(counts.items()):
                metrics[prefix + key] = value
        return metrics
