"""Ties (raid.ties.*): where the rules leave a choice on behalf of an enemy to the players.

Ruling ``raid-ties``: ``heroes`` (default) asks a hero's seat (the hero activating the
enemy, or the first hero in the activation order); ``hard`` picks, without asking, the
choice that helps the enemies most, by a score each caller defines and states (the hero
closest to defeat, the minion that can claim an objective now, ...). Remaining equal scores
go to the first candidate in a stable order (seat order, board order, minion id).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.raid.rulings import RaidTies

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid


@dataclass(frozen=True, slots=True)
class Candidate:
    """One of the tied choices: its id, a label, and its hard score (higher helps the
    enemies more)."""

    id: str
    label: str
    score: tuple[float, ...] = ()


def settle(t: Raid, seat: str, question: str, candidates: list[Candidate], rule: str,
           criterion: str) -> Asks[str]:
    """The chosen candidate's id. Candidates with the same label are interchangeable (two
    minions of one kind in one area): the first stands for them. A single one is no tie."""
    distinct: dict[str, Candidate] = {}
    for candidate in candidates:
        distinct.setdefault(candidate.label, candidate)
    candidates = list(distinct.values())
    if len(candidates) == 1:
        return candidates[0].id
    cites("raid.ties.occasions", "raid.ruling.raid-ties")
    labels = [c.label for c in candidates]
    if t.rulings.raid_ties is RaidTies.HARD:
        cites("raid.ties.hard")
        best = max(candidates, key=lambda c: c.score)  # max keeps the first of equals
        t.emit("tie.hard", rule, question=question, chosen=best.label, criterion=criterion,
               candidates=labels)
        return best.id
    answer = yield from t.ask(seat, "tie", [(c.id, c.label) for c in candidates], rule,
                              f"Tie: {question}? (the heroes decide for the enemies)")
    chosen = next(c for c in candidates if c.id == answer)
    t.emit("tie.decided", rule, seat=seat, question=question, chosen=chosen.label,
           candidates=labels)
    return answer
