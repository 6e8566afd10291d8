"""The one module that calls the cryptids battle: a run's battles and the bots' quick ones.

A run's battle is a plain game of the ``cryptids-v1`` ruleset between two teams
written inline (the rows of two snapshots), with its own seed and the run's battle
rulings. :meth:`Fought.record` is that game's record, which
``rulekeeper.core.game.replay`` (and ``rulekeeper replay``) reproduces on its own.
The battle itself is played here directly on compiled lineups (the fast path: the
compiled kernel unless ``kernel.engines.choose`` chose the Python engine);
when the run logs, the record is replayed through core to get the battle's events,
so that the events are by construction those of a replay.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulekeeper.core.errors import RulesetError
from rulekeeper.core.events import Event
from rulekeeper.core.game import Record, events_digest, replay
from rulekeeper.core.rules_index import cites
from rulekeeper.core.rulings import resolve
from rulekeeper.rulesets.cryptids.battle import SIDES
from rulekeeper.rulesets.cryptids.cards import Card, Lineup
from rulekeeper.rulesets.cryptids.kernel import engines
from rulekeeper.rulesets.cryptids.kernel.layout import O_WINNER, TIE
from rulekeeper.rulesets.cryptids.kernel.tables import Tables
from rulekeeper.rulesets.cryptids.models import Member, TeamFile, catalogue
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings
from rulekeeper.rulesets.cryptids_run.models import battle_content, battle_digest, battle_ruleset
from rulekeeper.rulesets.cryptids_run.snapshots import Snapshot

KEPT = 2048
"""Compiled cryptids (and teams) kept for reuse: rows change one cryptid at a time, and the
bots meet the same rows many times."""

KEPT_WORDS = 1 << 22
"""The most words of kernel tables an arena keeps (32 MB)."""

TeamData = Mapping[str, Any]
"""A team as a team file writes it: ``{"name": {...}, "cryptids": [{"cryptid": ...}, ...]}``."""


@dataclass(frozen=True)
class Fought:
    """A battle of a run, left (the player) against right (the opponent).

    Attributes:
        winner: ``"left"``, ``"right"`` or None (a tie).
        reason: how it ended (``side-empty``, ``both-empty``, ``roll-cap``, ``no-damage``).
        rolls: rolls thrown.
        events: the battle's events, when the run logs (else empty).
    """

    left: Snapshot
    right: Snapshot
    seed: int
    rulings: Mapping[str, str]
    winner: str | None
    reason: str
    rolls: int
    events: tuple[Event, ...] = ()
    digest: str | None = None

    @cites("battle.replayable")
    def record(self) -> Record:
        """The battle as a game record of ``cryptids-v1``: teams inline, seed, rulings."""
        ruleset = battle_ruleset()
        options = ruleset.parse_options({
            "left": {"file": self.left.source, "team": self.left.team()},
            "right": {"file": self.right.source, "team": self.right.team()}})
        return Record(ruleset=ruleset.meta.id, options=options.model_dump(mode="json"),
                      content_sample=ruleset.sample_digest, content_digest=battle_digest(),
                      rulings=resolve(ruleset.rulings, self.rulings), seed=self.seed,
                      events_digest=self.digest)


class _Kept(OrderedDict[str, Any]):
    """The last :data:`KEPT` values computed, by key."""

    def keep(self, key: str, value: Any) -> Any:
        self[key] = value
        if len(self) > KEPT:
            self.popitem(last=False)
        return value


class Arena:
    """Compiles teams (keeping the last :data:`KEPT` cryptids and teams) and fights battles."""

    def __init__(self) -> None:
        self.content = battle_content()
        self.cards = battle_ruleset().catalogue(self.content)
        self._ids = frozenset(c.id for c in self.content.cryptids.cryptids)
        self._lineups = _Kept()
        self._members = _Kept()
        self._snapshots = _Kept()
        self._fielded = _Kept()
        self._tables = Tables()

    def tables(self) -> Tables:
        """The kernel's tables of the cards met so far (laid out once; begun anew past
        :data:`KEPT_WORDS`)."""
        if self._tables.size > KEPT_WORDS:
            self._tables = Tables()
        return self._tables

    def lineup(self, team: TeamData) -> Lineup:
        """The team compiled for battle; an unknown cryptid raises a one-line error naming it."""
        key = json.dumps(team, sort_keys=True)
        found: Lineup | None = self._lineups.get(key)
        if found is None:
            with catalogue(self._ids):
                checked = TeamFile.model_validate(dict(team))
            found = self._lineups.keep(key, Lineup(checked.name, tuple(
                self.card(m) for m in checked.cryptids)))
        return found

    def card(self, member: Member) -> Card:
        """A member's card, compiled once while it is kept."""
        key = member.model_dump_json(by_alias=True)
        found: Card | None = self._members.get(key)
        if found is None:
            found = self._members.keep(key, self.cards.card(member))
        return found

    def snapshot(self, data: Mapping[str, Any]) -> Snapshot:
        """A snapshot read from JSON data (kept: the same opponents come back often)."""
        key = json.dumps(data, sort_keys=True)
        found: Snapshot | None = self._snapshots.get(key)
        if found is None:
            found = self._snapshots.keep(key, Snapshot.model_validate(data))
        return found

    def quick(self, pairs: list[tuple[Lineup, Lineup]], seeds: list[int],
              rulings: CryptidsRulings) -> list[str | None]:
        """The winners of battles, no log (one pair a seed): what the bots' Monte Carlo
        plays, in one batch of the chosen engine (:mod:`~rulekeeper.rulesets.cryptids.kernel`)."""
        winners = engines.play(pairs, rulings, seeds, tables=self.tables()).out[:, O_WINNER]
        return [None if code == TIE else SIDES[code] for code in winners.tolist()]

    def row(self, snapshot: Snapshot) -> Lineup:
        """A snapshot's row compiled for battle (its cryptids are checked data already).

        Cards are kept by cryptid, stats and ability object (the stock's abilities live as
        long as the content; each kept card holds its ability, so the key stays its own).
        """
        cards = []
        for fielded in snapshot.row:
            ability = fielded.ability
            key = f"{fielded.cryptid}:{fielded.hp}:{fielded.threat}:{id(ability)}"
            kept = self._fielded.get(key)
            if kept is None or kept[0] is not ability:
                member = Member(cryptid=fielded.cryptid, hp=fielded.hp, threat=fielded.threat,
                                abilities=[ability])
                kept = self._fielded.keep(key, (ability, self.card(member)))
            cards.append(kept[1])
        title = snapshot.title()
        key = f"{title['en']}:{':'.join(str(id(c)) for c in cards)}"
        found: Lineup | None = self._lineups.get(key)
        if found is None or found.cards != tuple(cards):
            found = self._lineups.keep(key, Lineup(title, tuple(cards)))
        return found

    def fight(self, left: Snapshot, right: Snapshot, seed: int, rulings: Mapping[str, str],
              log: bool) -> Fought:
        """A run's battle; with ``log``, its record is replayed to get the events."""
        outcome = engines.play([(self.row(left), self.row(right))], CryptidsRulings(rulings),
                               [seed], sets=True, tables=self.tables()).outcome(0)
        fought = Fought(left, right, seed, dict(rulings), outcome.winner, outcome.reason,
                        outcome.rolls)
        if not log:
            return fought
        game = replay(fought.record())
        if game.result is None or game.result.winner != outcome.winner:
            raise RulesetError(f"battle seed {seed}: the replayed battle ended otherwise")
        events = tuple(game.events)
        return Fought(left, right, seed, dict(rulings), outcome.winner, outcome.reason,
                      outcome.rolls, events, events_digest(events))
