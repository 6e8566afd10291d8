"""The ``heuristic`` bot: judges each offer by quick Monte Carlo battles against the pool.

For every offer it can buy (and each of its abilities), it plays a few seeded battles
of its row with that cryptid added against snapshots of the current round from the
pool (ghosts when the pool has too few), and buys the one that wins most, if it does
at least as well as the row without it; a full row sells its weakest cryptid when an
offer in its place would win more. The same dice are used for every candidate row
(common random numbers), so differences come from the rows, not the luck.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.decisions import Decision
from rulekeeper.core.rng import derive_seed
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings
from rulekeeper.rulesets.cryptids_run.bots import GreedyShopper, state_of, strength
from rulekeeper.rulesets.cryptids_run.fight import Arena
from rulekeeper.rulesets.cryptids_run.ghosts import Ghosts
from rulekeeper.rulesets.cryptids_run.pool import SnapshotPool
from rulekeeper.rulesets.cryptids_run.snapshots import Rating, Snapshot

Member = dict[str, Any]
ABILITY_KEYS = ("when", "do")


def _member(cryptid: str, hp: int, threat: int, ability: Mapping[str, Any]) -> Member:
    return {"cryptid": cryptid, "hp": hp, "threat": threat,
            "abilities": [{k: ability[k] for k in ABILITY_KEYS}]}


class HeuristicShopper(GreedyShopper):
    """See the module's doc. ``see(pool, stock)`` gives it the pool it judges against."""

    OPPONENTS = 4
    BATTLES = 3
    _arena: Arena | None = None

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.seed = seed
        self.pool: SnapshotPool | None = None
        self.ghosts: Ghosts | None = None
        self._plan: str | None = None
        self.rulings = CryptidsRulings({})

    def see(self, pool: SnapshotPool | None, ghosts: Ghosts | None = None) -> None:
        """Judge offers against this pool (topped up with these ghosts)."""
        self.pool = pool
        self.ghosts = ghosts

    @property
    def arena(self) -> Arena:
        if HeuristicShopper._arena is None:
            HeuristicShopper._arena = Arena()
        return HeuristicShopper._arena

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        state = state_of(view)
        if decision.kind == "ability":
            plan, self._plan = self._plan, None
            return plan if plan in decision.ids else super().choose(view, decision)
        return self.shop(state, decision)

    def shop(self, state: Mapping[str, Any], decision: Decision) -> str:
        legal = set(decision.ids)
        opponents = self.opponents(state)
        row = self.row(state)
        base = self.score(row, opponents, state["round"])
        best: tuple[float, str, str | None] | None = None
        for number, offer in enumerate(state["offers"], 1):
            if offer is None:
                continue
            for action, team, ability in self.buys(state, number, offer, legal):
                score = self.score(team, opponents, state["round"])
                if best is None or score > best[0]:
                    best = (score, action, ability)
        if best is not None and best[0] >= base:
            self._plan = best[2]
            return best[1]
        if all(state["places"]) and state["places"]:
            sell = self.sell_for(state, opponents, base, legal)
            if sell is not None:
                return sell
        prices = state["prices"]
        if "reroll" in legal and state["gold"] >= prices["reroll"] + prices["buy"]:
            return "reroll"
        return "end"

    def buys(self, state: Mapping[str, Any], number: int, offer: Mapping[str, Any],
             legal: set[str]) -> list[tuple[str, list[Member], str | None]]:
        """Each way to buy this offer: the action, the row it makes, the ability to keep."""
        places = state["places"]
        combine = state["combine"]
        found: list[tuple[str, list[Member], str | None]] = []
        for at, place in enumerate(places, 1):
            action = f"buy-{number}-{at}"
            if action not in legal:
                continue
            if place is not None:
                team = self.row(state)
                index = sum(1 for p in places[:at - 1] if p)
                team[index] = _member(place["cryptid"], place["hp"] + combine["hp"],
                                      place["threat"] + combine["threat"], place["ability"])
                found.append((action, team, None))
            elif not any(f[0].startswith(f"buy-{number}-") and f[2] for f in found):
                for ability in offer["abilities"]:
                    team = self.row(state, at, _member(offer["cryptid"], offer["hp"],
                                                       offer["threat"], ability))
                    found.append((action, team, ability["id"]))
        return found

    def sell_for(self, state: Mapping[str, Any], opponents: Sequence[Snapshot], base: float,
                 legal: set[str]) -> str | None:
        """Sell the weakest cryptid when an offer in its place would win more."""
        places = state["places"]
        weakest = min(range(len(places)), key=lambda i: strength(places[i]["hp"],
                                                                  places[i]["ability"]))
        if f"sell-{weakest + 1}" not in legal or state["gold"] + state["prices"]["sell"] < (
                state["prices"]["buy"]):
            return None
        for offer in state["offers"]:
            if offer is None:
                continue
            for ability in offer["abilities"]:
                team = self.row(state)
                team[weakest] = _member(offer["cryptid"], offer["hp"], offer["threat"], ability)
                if self.score(team, opponents, state["round"]) > base:
                    return f"sell-{weakest + 1}"
        return None

    @staticmethod
    def row(state: Mapping[str, Any], at: int | None = None,
            new: Member | None = None) -> list[Member]:
        """The row as a team, with ``new`` put at place ``at`` when given."""
        team: list[Member] = []
        for number, place in enumerate(state["places"], 1):
            if number == at and new is not None:
                team.append(new)
            elif place is not None:
                team.append(_member(place["cryptid"], place["hp"], place["threat"],
                                    place["ability"]))
        return team

    def score(self, team: list[Member], opponents: Sequence[Snapshot], round_: int) -> float:
        """Wins (ties count half) of the team against each opponent, on fixed seeds."""
        if not team:
            return 0.0
        arena = self.arena
        mine = arena.lineup({"name": "candidate", "cryptids": team})
        pairs, seeds = [], []
        for index, opponent in enumerate(opponents):
            theirs = arena.lineup(opponent.team())
            for k in range(self.BATTLES):
                pairs.append((mine, theirs))
                seeds.append(derive_seed(self.seed, round_ * 1000 + index * self.BATTLES + k))
        winners = arena.quick(pairs, seeds, self.rulings)
        return sum(1.0 if winner == "left" else 0.5 if winner is None else 0.0
                   for winner in winners)

    def opponents(self, state: Mapping[str, Any]) -> list[Snapshot]:
        """Snapshots of this round from the pool, topped up with ghosts."""
        round_ = state["round"]
        found: list[Snapshot] = []
        if self.pool is not None:
            found = self.pool.candidates(round_, exclude={state.get("player", self.seat)},
                                         low=-math.inf, high=math.inf, limit=self.OPPONENTS)
        if len(found) < 2:
            ghosts = self.ghosts or _sample_ghosts()
            rating = Rating(mu=25.0, sigma=25 / 3)
            found = [*found, *(ghosts.ghost(round_, rating, line) for line in range(2))]
        return found


def _sample_ghosts() -> Ghosts:
    """The ghosts of the sample content (a bot made without :meth:`HeuristicShopper.see`)."""
    from rulekeeper.rulesets.cryptids_run.ruleset import CryptidsRunRuleset

    ruleset = registry.load("cryptids-run-v1")
    assert isinstance(ruleset, CryptidsRunRuleset)
    return ruleset.ghosts(ruleset.load_content(None)[0])
