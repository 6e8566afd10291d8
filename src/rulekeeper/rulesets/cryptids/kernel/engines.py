"""Which engine plays a batch of battles: the compiled kernel or the readable engine.

``kernel`` (the default) plays batches in the compiled kernel (:mod:`.compiled`), which
gives each battle the engine gives for the same seed; ``python`` plays them one by one
with :class:`~rulekeeper.rulesets.cryptids.battle.Battle`. The answer is the same either
way. Content the kernel cannot run (:class:`.tables.Unsupported`) is played by the engine,
and :attr:`Batch.fallback` says why; a battle that passes one of the kernel's limits
(:mod:`.layout`: cryptids, statuses, scratch) is played again by the engine, counted in
:attr:`Batch.replayed`.

numba is imported, and the kernel loaded from its cache (or compiled, the first time),
only when a batch is played with it.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType

import numpy as np

from rulekeeper.core.errors import UsageError
from rulekeeper.core.rng import Rng, derive_seed
from rulekeeper.rulesets.cryptids.battle import SIDES, Battle, Outcome
from rulekeeper.rulesets.cryptids.cards import Lineup
from rulekeeper.rulesets.cryptids.kernel import layout as L
from rulekeeper.rulesets.cryptids.kernel.tables import Tables, Unsupported, rulings_row
from rulekeeper.rulesets.cryptids.rulings import CryptidsRulings

ENGINES = ("kernel", "python")
"""The engines of cryptid battles, the default first."""
DEFAULT = ENGINES[0]
PREFIX = 96
"""The longest ``"S:"`` of a batch seed the kernel derives seeds from itself."""


_chosen: str | None = None
"""The engine :func:`choose` chose, if it was called."""
WARM_UP = 2_000
"""Battles a process plays with the Python engine before loading the kernel, when no engine
was named: loading it (numba, then its compiled code) costs a second or more, which a short
batch would not win back (``simulate cryptids --games 10`` loads no numba). The battles are
the same either way."""
_played = 0


def choose(engine: str) -> None:
    """The engine of this process's battles where no caller names one (a run's battles and
    the bots' quick ones; ``rulekeeper simulate cryptids-run --engine``)."""
    global _chosen
    _chosen = check(engine)


def chosen() -> str:
    """The engine :func:`choose` chose (the kernel unless told)."""
    return _chosen or DEFAULT


def check(engine: str) -> str:
    """An engine's name, or a one-line error."""
    if engine not in ENGINES:
        raise UsageError(f"--engine: unknown engine {engine!r}; engines: {', '.join(ENGINES)}")
    return engine


def load() -> None:
    """Load the kernel now (from numba's cache, or compiled the first time): before forking
    workers, so that they inherit it."""
    _compiled()


@functools.cache
def _compiled() -> tuple[ModuleType, np.ndarray]:
    from rulekeeper.rulesets.cryptids.kernel import compiled

    return compiled, compiled.base_state()


Seeds = Sequence[int] | tuple[int, int, int]
"""Each battle's seed, or ``(batch seed, start, stop)``: battles ``start..stop-1`` seeded
``derive_seed(batch seed, i)``, as the lab and the odds seed them."""


@dataclass
class Batch:
    """Battles played: one row of :data:`.layout.OUT` columns each, in order.

    Attributes:
        out: the outcomes (winner 0, 1 or :data:`.layout.TIE`; reason, see ``REASONS``...).
        flags: with ``sets``, per battle and per side and card, whether the card was
            fielded, survived, was defeated (:data:`.layout.FIELDED`...).
        ids: the cryptid id of each card (the columns of ``flags``, per side).
        engine: the engine that played them.
        fallback: why the engine played content the kernel cannot run (else None).
        replayed: battles the engine played past one of the kernel's limits.
    """

    out: np.ndarray
    engine: str
    flags: np.ndarray | None = None
    ids: list[str] = field(default_factory=list)
    fallback: str | None = None
    replayed: int = 0
    outcomes: list[Outcome] | None = None
    """The engine's own outcomes, when it played every battle with ``sets``."""

    @property
    def notes(self) -> list[str]:
        """What the output says about the engine: only when the kernel could not play."""
        notes = []
        if self.fallback is not None:
            notes.append(f"Played by the Python engine: the compiled kernel cannot run "
                          f"{self.fallback}.")
        if self.replayed:
            notes.append(f"{self.replayed} battles passed a limit of the compiled kernel "
                         f"and were played by the Python engine.")
        return notes

    def outcome(self, index: int) -> Outcome:
        """Battle ``index`` as the engine's :class:`Outcome` (needs ``sets``)."""
        if self.outcomes is not None:
            return self.outcomes[index]
        row = self.out[index]
        assert self.flags is not None
        flags = self.flags[index]
        cards = len(self.ids)
        found: list[list[set[str]]] = [[set(), set()] for _ in range(3)]
        for side in (0, 1):
            for card in np.flatnonzero(flags[side * cards:(side + 1) * cards]):
                value = flags[side * cards + card]
                for which, flag in enumerate((L.FIELDED, L.SURVIVED, L.DEFEATED)):
                    if value & flag:
                        found[which][side].add(self.ids[card])
        fielded, survivors, defeated = (
            (frozenset(sets[0]), frozenset(sets[1])) for sets in found)
        winner = int(row[L.O_WINNER])
        return Outcome(None if winner == L.TIE else SIDES[winner], L.REASONS[row[L.O_REASON]],
                       int(row[L.O_ROLLS]), (int(row[L.O_HP0]), int(row[L.O_HP1])),
                       (int(row[L.O_DAMAGE0]), int(row[L.O_DAMAGE1])), int(row[L.O_REROLLS]),
                       fielded, survivors, defeated)


def row_of(outcome: Outcome) -> list[int]:
    """An engine's outcome as a row of :data:`.layout.OUT`."""
    winner = L.TIE if outcome.winner is None else SIDES.index(outcome.winner)
    return [winner, L.REASONS.index(outcome.reason), outcome.rolls, *outcome.hp,
            *outcome.damage, outcome.rerolls, 0]


def seed_list(seeds: Seeds) -> list[int]:
    if isinstance(seeds, tuple) and len(seeds) == 3 and not isinstance(seeds, list):
        batch, start, stop = seeds
        return [derive_seed(batch, i) for i in range(start, stop)]
    return list(seeds)


def play(pairs: Sequence[tuple[Lineup, Lineup]], rulings: CryptidsRulings, seeds: Seeds,
         engine: str | None = None, sets: bool = False, tables: Tables | None = None) -> Batch:
    """Battles between ``pairs`` (one pair: every battle; else one pair a battle), seeded
    by ``seeds``, played by ``engine`` (else the one :func:`choose` chose). ``tables`` may
    carry cards laid out before (a caller that plays the same cards often keeps them)."""
    global _played
    count = seeds[2] - seeds[1] if isinstance(seeds, tuple) else len(seeds)
    if engine is None and _chosen is None and _played < WARM_UP and (
            _compiled.cache_info().currsize == 0):
        engine = "python"  # a short batch, nobody asked: not worth loading the kernel
    _played += max(0, count)
    engine = check(engine or chosen())
    if engine == "kernel":
        try:
            return _kernel(pairs, rulings, seeds, sets, tables or _tables(pairs))
        except Unsupported as unsupported:
            return _python(pairs, rulings, seed_list(seeds), sets, str(unsupported))
    return _python(pairs, rulings, seed_list(seeds), sets, None)


KEPT = 64
"""Tables kept for the last matchups played (a Monte Carlo answer plays its matchup in many
jobs; the bots meet the same rows often)."""
_kept: OrderedDict[tuple[int, ...], tuple[Sequence[tuple[Lineup, Lineup]], Tables]] = (
    OrderedDict())


def _tables(pairs: Sequence[tuple[Lineup, Lineup]]) -> Tables:
    """The tables of these matchups, laid out once while kept."""
    key = tuple(id(lineup) for pair in pairs for lineup in pair)
    found = _kept.get(key)
    if found is not None and all(a is b for x, y in zip(found[0], pairs, strict=True)
                                 for a, b in zip(x, y, strict=True)):
        _kept.move_to_end(key)
        return found[1]
    tables = Tables()
    for left, right in pairs:
        tables.lineup(left)
        tables.lineup(right)
    _kept[key] = (list(pairs), tables)
    if len(_kept) > KEPT:
        _kept.popitem(last=False)
    return tables


def _python(pairs: Sequence[tuple[Lineup, Lineup]], rulings: CryptidsRulings, seeds: list[int],
            sets: bool, fallback: str | None) -> Batch:
    outcomes = [Battle(*pairs[0 if len(pairs) == 1 else i], Rng(seed), rulings).run()
                for i, seed in enumerate(seeds)]
    out = np.array([row_of(o) for o in outcomes], np.int64).reshape(len(outcomes), len(L.OUT))
    return Batch(out, "python", fallback=fallback, outcomes=outcomes if sets else None)


def _kernel(pairs: Sequence[tuple[Lineup, Lineup]], rulings: CryptidsRulings, seeds: Seeds,
            sets: bool, tables: Tables) -> Batch:
    lefts = np.array([tables.lineup(left) for left, _ in pairs], np.int64)
    rights = np.array([tables.lineup(right) for _, right in pairs], np.int64)
    compiled, base = _compiled()
    empty = np.zeros(0, np.int64)
    prefix, length, first = empty, 0, 0
    if isinstance(seeds, tuple) and len(seeds) == 3:
        batch_seed, first, stop = seeds
        head = f"{batch_seed}:".encode()
        count = max(0, stop - first)
        if len(head) <= PREFIX and first >= 0:
            prefix = np.frombuffer(head, np.uint8).astype(np.int64)
            length = len(head)
            seed_array = np.zeros(0, np.uint64)
        else:
            seed_array = np.array(seed_list(seeds), np.uint64)
    else:
        seed_array = np.array(list(seeds), np.uint64)
        count = len(seed_array)
    table = tables.array()
    cards = len(tables.kept)
    out = np.zeros((count, len(L.OUT)), np.int64)
    flags = np.zeros((count if sets else 0, 2 * cards), np.int64)
    machine = np.zeros(L.MACHINE, np.int64)
    machine[:len(L.RULINGS)] = rulings_row(rulings)
    compiled.battles(table, machine, np.zeros(625, np.int64), base, lefts, rights, seed_array,
                     prefix if len(prefix) else np.zeros(1, np.int64), length, first, out,
                     flags, np.zeros(128, np.int64), np.zeros(16, np.uint64),
                     np.zeros(16, np.uint64))
    batch = Batch(out, "kernel", flags if sets else None, tables.card_ids())
    again = np.flatnonzero(out[:, L.O_FALLBACK])
    if len(again):
        every = seed_list(seeds) if not len(seed_array) else [int(s) for s in seed_array]
        replayed: dict[int, Outcome] = {}
        for i in again:
            left, right = pairs[0 if len(pairs) == 1 else int(i)]
            outcome = Battle(left, right, Rng(every[int(i)]), rulings).run()
            out[i] = row_of(outcome)
            replayed[int(i)] = outcome
        batch.replayed = len(again)
        if sets:
            batch.outcomes = [replayed[i] if i in replayed else batch.outcome(i)
                              for i in range(count)]
    return batch

