"""Games: created from a ruleset and a seed, driven one decision at a time, replayed from records.

A game is a pure function of its record: the ruleset id and version, the content
and its digest, the scenario, options and rulings, the seed, the scripted dice and
the list of decisions. Saving a game is saving its record; replay, undo and fork
re-run it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr
from pydantic import ValidationError

from rulekeeper.core import archive, checkpoints, registry
from rulekeeper.core.checkpoints import Checkpoint
from rulekeeper.core.content import digest
from rulekeeper.core.decisions import Decision
from rulekeeper.core.errors import (
    ContentError,
    IllegalDecision,
    ReplayMismatch,
    RulesetError,
    UsageError,
)
from rulekeeper.core.events import Event, departure
from rulekeeper.core.record import RECORD_FORMAT as RECORD_FORMAT
from rulekeeper.core.record import Record as Record
from rulekeeper.core.rng import Rng, ScriptValue
from rulekeeper.core.ruleset import (
    GameOver,
    Inputs,
    InputSource,
    Procedure,
    Result,
    Ruleset,
    Table,
)
from rulekeeper.core.rulings import ClockExpiry, resolve
from rulekeeper.core.version import VERSION as RULEKEEPER_VERSION
from rulekeeper.core.versions import UNVERSIONED, candidates
from rulekeeper.core.view import Board, TableView

SPECTATOR = "spectator"
"""Who watches a game without a seat: ``Game.view(SPECTATOR)`` and the events visible to it
hold only what every seat may know (no hand, no deck order)."""

EXPIRY = "clock-expiry"
"""The kind of the outside input that says the pending seat's turn clock ran out."""

RESIGNATION = "resignation"
"""The kind of the outside input that says a seat resigned the game (``Game.resign``)."""


def events_digest(events: Iterable[Event]) -> str:
    return digest([e.to_json() for e in events])


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """A running game. Drive it with :meth:`step` until :attr:`over`.

    Compiled, it is a native class (no ``__dict__``; a subclass may add attributes and
    override methods: the server's filmed game does)."""

    def __init__(self, ruleset: Ruleset[Any], record: Record, content: Any, log: bool = True,
                 source: InputSource | None = None, *, checkpoints: bool = False,
                 labels: bool = True) -> None:
        self.ruleset = ruleset
        self._record = record.model_copy(
            update={"decisions": [], "inputs": [], "events_digest": None})
        self._content = content
        self._log = log
        self._labels = labels
        self._source = source
        self._checkpoint: Checkpoint | None = None
        self._sampled = False
        self.decisions: list[str] = []
        self.table = self._new_table(record.inputs, log, ruleset.parse_options(record.options))
        self.pending: Decision | None = None
        self.result: Result | None = None
        if checkpoints:
            self._keep_checkpoints()
        self._procedure: Procedure = ruleset.play(self.table)
        self._advance(None)

    def _new_table(self, inputs: Sequence[Mapping[str, Any]], log: bool, options: Any) -> Table:
        record = self._record
        table = self.ruleset.table_type(
            self.ruleset, Rng(record.seed, record.dice), record.rulings, self._content,
            record.scenario, options, self.ruleset.seats(options), log,
            Inputs(inputs, self._source))
        table.labelled = self._labels
        return table

    def __repr__(self) -> str:
        state = f"over: {self.result!r}" if self.pending is None else f"{self.pending.kind!r}"
        return (f"<Game {self.ruleset.meta.id} seed={self._record.seed} "
                f"step={len(self.decisions)} {state}>")

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def events(self) -> list[Event]:
        return self.table.events

    @property
    def seats(self) -> tuple[str, ...]:
        return self.table.seats

    def _advance(self, option_id: str | None) -> None:
        try:
            if option_id is None:
                decision = next(self._procedure)
            else:
                decision = self._procedure.send(option_id)
        except StopIteration:
            raise RulesetError(f"{self.ruleset.meta.id}'s rules returned: a game ends by "
                               f"raising GameOver") from None
        except GameOver as over:
            self._end(self.ruleset.game_over(self.table, over))
            return
        if not isinstance(decision, Decision):
            raise RulesetError(f"{self.ruleset.meta.id} yielded {decision!r}, not a Decision")
        self.pending = decision
        if len(self.decisions) >= self.ruleset.meta.max_length:
            self._procedure.close()
            budget = self.table.out_of_budget("decisions", self.ruleset.meta.max_length)
            self._end(self.ruleset.game_over(self.table, budget))
            return
        self._unasked()

    def _unasked(self) -> None:
        """Apply the outside inputs the record holds, unasked, at the pending decision: a
        clock that ran out there, then a resignation."""
        inputs = self.table.inputs
        if len(inputs.used) < len(inputs.known):  # a recorded input may come unasked here
            expired = inputs.waiting(EXPIRY, len(self.decisions))
            if expired is not None:
                self._expired(expired)
            resigned = inputs.waiting(RESIGNATION, len(self.decisions)) if self.pending else None
            if resigned is not None:
                self._resigned(resigned)

    def _end(self, result: Result) -> None:
        self.result = result
        self.pending = None

    def step(self, option_id: str) -> None:
        """Answer the pending decision. An option not offered raises :class:`IllegalDecision`."""
        if self.pending is None:
            raise IllegalDecision("the game is over; there is no decision to make")
        self.pending.option(option_id)
        self.decisions.append(option_id)
        self._advance(option_id)

    def expire(self, ruling: ClockExpiry) -> None:
        """The pending seat's turn clock ran out; ``ruling`` (the game's ``clock-expiry``)
        says what follows: with ``bot`` the rules go on (the seat's bot, the caller's, then
        answers the decision), with ``forfeit`` the game ends and the seat's side loses.
        The expiry is an outside input of the record, so a replay does the same."""
        if self.pending is None:
            raise IllegalDecision("the game is over; no clock can run out")
        value = {"seat": self.pending.player, "ruling": ClockExpiry(ruling).value}
        self.table.inputs.give(EXPIRY, value, len(self.decisions))
        self._expired(value)

    def _expired(self, value: Mapping[str, Any]) -> None:
        """Apply a clock's expiry (given now, or found in the record)."""
        assert self.pending is not None
        seat = self.pending.player
        if value.get("seat") != seat or value.get("ruling") not in tuple(ClockExpiry):
            raise ReplayMismatch(f"decision {len(self.decisions) + 1}: the record's clock "
                                 f"expiry {dict(value)} does not fit {seat}'s decision")
        if value["ruling"] == ClockExpiry.BOT:
            self.table.emit("clock.bot", "core.clock-expiry", seat=seat)
            return
        self._procedure.close()
        self._end(self.ruleset.forfeit(self.table, seat))

    def resign(self, seat: str) -> None:
        """``seat`` resigns the game, whoever's decision is pending: the game ends and the
        seat's side loses (:meth:`Ruleset.resign`). The resignation is an outside input of the
        record, at the pending decision, so a replay does the same. A game over, or a seat
        that is not the game's, raises :class:`IllegalDecision`."""
        if self.pending is None:
            raise IllegalDecision("the game is over; it can no longer be resigned")
        if seat not in self.seats:
            raise IllegalDecision(f"{seat!r} is not a seat of this game; its seats: "
                                  f"{', '.join(self.seats)}")
        value = {"seat": seat}
        self.table.inputs.give(RESIGNATION, value, len(self.decisions))
        self._resigned(value)

    def _resigned(self, value: Mapping[str, Any]) -> None:
        """Apply a resignation (given now, or found in the record)."""
        seat = value.get("seat")
        if not isinstance(seat, str) or seat not in self.seats:
            raise ReplayMismatch(f"decision {len(self.decisions) + 1}: the record's "
                                 f"resignation {dict(value)} names no seat of this game")
        self._procedure.close()
        self._end(self.ruleset.resign(self.table, seat))

    def view(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may know now (None: an observer who sees everything)."""
        pending = self.pending
        return {
            "ruleset": self.ruleset.meta.id,
            "seat": player,
            "state": self.ruleset.view(self.table, player),
            "pending": pending.to_json() if pending and player in (None, pending.player) else None,
            "result": self.result.to_json() if self.result else None,
        }

    def board(self) -> Board:
        """The board the game is played on, as every seat sees it (:mod:`.view`)."""
        return self.ruleset.drawing.geometry(self._content, self.table.scenario, self.seats)

    def table_view(self, player: str | None) -> TableView:
        """What ``player`` sees of the table now, typed (:mod:`.view`): made from
        :meth:`view`, so it holds nothing more; with what the options of the pending
        decision name, when it is ``player``'s."""
        view = self.view(player)
        return self.ruleset.drawing.picture(view["state"], self._content,
                                            self.pending if view["pending"] else None)

    def record(self) -> Record:
        """The game's record, from which :func:`replay` rebuilds it."""
        self._refuse_sample("has no record")
        return self._record.model_copy(update={
            "decisions": list(self.decisions),
            "inputs": self.table.inputs.used,
            "events_digest": events_digest(self.events) if self._log else None,
        })

    def catch_up(self, record: Record | Mapping[str, Any]) -> bool:
        """Play on to ``record``, a later record of this same game: its decisions and
        outside inputs begin with this game's, and the rest are taken here as a replay
        would take them (much faster than replaying it all). False, the game unchanged,
        when the record is not this game further on (an undo, another game)."""
        if not isinstance(record, Record):
            record = parse_record(record)
        inputs = self.table.inputs
        taken = len(self.decisions)
        if (record.seed != self._record.seed or record.ruleset != self._record.ruleset
                or record.decisions[:taken] != self.decisions
                or len(inputs.known) != len(inputs.used)
                or record.inputs[:len(inputs.used)] != inputs.used):
            return False
        inputs.known.extend(dict(item) for item in record.inputs[len(inputs.used):])
        if self.pending is not None:  # a clock that ran out, or a resignation, here
            self._unasked()
        for option_id in record.decisions[taken:]:
            self.step(option_id)
        return True

    def fork(self) -> Game:
        """An independent copy at the same point; stepping it leaves this game untouched.

        The first fork re-runs the game. When the ruleset can resume from its state
        (:meth:`Ruleset.resume`), the game then keeps its latest checkpoint, and later forks
        resume from it and answer again only the decisions made since.
        """
        self._refuse_sample("cannot be forked")
        game = self._rerun(self.decisions, self._log, self.ruleset.resumable, self._labels)
        if self.ruleset.resumable and self.table.saving is None:
            self._checkpoint = game._checkpoint
            self._keep_checkpoints()
        return game

    def sample(self, seat: str, seed: int) -> Game:
        """A world ``seat`` may imagine from here, for a search.

        A fork that logs nothing, whose chance from now on is drawn from ``seed`` (not the
        real game's coming draws), and where what ``seat`` cannot know is redrawn by the
        ruleset's :meth:`Ruleset.determinize`. It is not the real game: it has no record and
        cannot be forked or undone; step it freely.
        """
        self._refuse_sample("cannot be sampled")
        first = self.ruleset.resumable and self.table.saving is None
        checkpoint = self._checkpoint
        # No chance since the latest checkpoint: the world, replaying from it to here, draws
        # nothing either, so its generator may draw from ``seed`` from the start.
        quiet = (not first and checkpoint is not None
                 and checkpoint.decisions <= len(self.decisions)
                 and checkpoint.rng[2] == self.table.rng.draws)
        game = self.fork() if first else self._rerun(self.decisions, False, False, False,
                                                     chance=seed if quiet else None)
        game._log = game.table.logging = False
        game._labels = game.table.labelled = False
        game.table.saving = None
        game._sampled = True
        if quiet:
            assert game.table.rng.draws == self.table.rng.draws, "a world drew while replaying"
        else:
            game.table.rng.reseed(seed)
        self.ruleset.determinize(game.table, seat, game.table.rng)
        return game

    def release(self) -> None:
        """Let go of a world sampled for a search once the search is done with it: its table
        and its state refer to each other, so without this only the garbage collector would
        free it (a search samples hundreds a second). It cannot be stepped any more."""
        if not self._sampled:
            raise UsageError("only a game sampled for a search is released")
        self.pending = None
        self.table.state = None

    def undo(self) -> str:
        """Take back the last decision (the game re-runs without it); returns its option id.
        The outside inputs received after it are kept: the game meets them again."""
        self._refuse_sample("cannot be undone")
        if not self.decisions:
            raise IllegalDecision("there is no decision to undo")
        undone = self.decisions[-1]
        self.back_to(len(self.decisions) - 1, keep_inputs=True)
        return undone

    def back_to(self, decisions: int, *, keep_inputs: bool) -> None:
        """Take back every decision after the first ``decisions`` (the game re-runs without
        them). With ``keep_inputs`` the outside inputs received after them are kept for the
        game to meet again, as :meth:`undo` does; without, they are forgotten, and the game
        is exactly the replay of its :meth:`record` (what a server storing records needs)."""
        self._refuse_sample("cannot be undone")
        self._become(self._rerun(self.decisions[:decisions], self._log, self.ruleset.resumable,
                                 self._labels))
        if self.table.saving is not None:
            self._keep_checkpoints()
        if not keep_inputs:
            inputs = self.table.inputs
            del inputs.known[len(inputs.used):]

    def _rerun(self, decisions: Sequence[str], log: bool, keep: bool, labels: bool, *,
               chance: int | None = None) -> Game:
        """The game played again with ``decisions``, from the latest checkpoint before them
        or from the start; outside inputs received so far are reused. With ``keep``, the
        new game keeps checkpoints; ``labels``: whether its options are labelled; ``chance``:
        the seed its generator draws from at once (a search's world, which draws nothing
        from the checkpoint to the decisions' end: ``sample``)."""
        checkpoint = self._checkpoint
        if checkpoint is not None and checkpoint.decisions <= len(decisions):
            game = self._resumed(checkpoint, decisions[:checkpoint.decisions], log, keep,
                                 labels, chance)
            decisions = decisions[checkpoint.decisions:]
        else:
            assert chance is None, "a game replayed from the start draws from its own seed"
            record = self._record.model_copy(update={"inputs": self.table.inputs.known})
            game = Game(self.ruleset, record, self._content, log, self._source,
                        checkpoints=keep, labels=labels)
        game.table.rulings.report_to(self.table.rulings)  # what a fork reads, this game reads
        for option_id in decisions:
            game.step(option_id)
        return game

    def _resumed(self, checkpoint: Checkpoint, before: Sequence[str], log: bool,
                 keep: bool, labels: bool, chance: int | None = None) -> Game:
        """A new game standing where ``checkpoint`` was taken, after the decisions ``before``
        (its generator drawing from ``chance`` when given)."""
        game = Game.__new__(Game)
        game.ruleset = self.ruleset
        game._record = self._record
        game._content = self._content
        game._source = self._source
        game._sampled = self._sampled
        game._log = log
        game._labels = labels
        game._checkpoint = checkpoint
        game.decisions = list(before)
        rng = (Rng.at(self._record.seed, checkpoint.rng) if chance is None
               else Rng.reseeded_at(self._record.seed, checkpoint.rng, chance))
        game.table = self.table.resumed(rng, Inputs(self.table.inputs.known, self._source), log,
                                        labels)
        game.pending = game.result = None
        checkpoints.restore(checkpoint, game.table, self.table.events)
        if keep:
            game._keep_checkpoints()
        game._procedure = self.ruleset.resume(game.table)
        game._advance(None)
        return game

    def _become(self, other: Game) -> None:
        """Take every attribute of ``other`` (a game re-run, in :meth:`back_to`)."""
        self.ruleset = other.ruleset
        self._record = other._record
        self._content = other._content
        self._log = other._log
        self._labels = other._labels
        self._source = other._source
        self._checkpoint = other._checkpoint
        self._sampled = other._sampled
        self.decisions = other.decisions
        self.table = other.table
        self.pending = other.pending
        self.result = other.result
        self._procedure = other._procedure

    def _keep_checkpoints(self) -> None:
        self.table.saving = self._save

    def _save(self) -> None:
        self._checkpoint = checkpoints.take(self.table, len(self.decisions))

    def _refuse_sample(self, what: str) -> None:
        if self._sampled:
            raise UsageError(f"a game sampled for a search {what}")


def new_game(
    ruleset_id: str,
    scenario: str | None = None,
    content: str | None = None,
    rulings: Mapping[str, str] | None = None,
    seed: int = 0,
    *,
    content_replace: bool = False,
    options: Mapping[str, Any] | None = None,
    dice: Sequence[ScriptValue] = (),
    content_set: Mapping[str, Any] | None = None,
    log: bool = True,
    source: InputSource | None = None,
    labels: bool = True,
) -> Game:
    """Start a game.

    Args:
        ruleset_id: a registered id, versioned (``cryptids-v1``) or not (``cryptids``).
        scenario: a scenario id of the content; None picks the default.
        content: a folder of YAML files laid over the sample content by item id; None plays
            the sample.
        content_replace: the folder's files replace the sample's files whole.
        rulings: ruling id to option; the others take their defaults.
        seed: the game's seed.
        options: the ruleset's setup options (``{"heroes": 2}``).
        dice: scripted dice values, used before random rolls.
        content_set: single content values to change, by dotted path.
        log: record events (turn off for fast simulation).
        labels: label the options for people (turn off for a game no one reads: options may
            then be labelled by their ids; ``Table.labelled``).
        source: answers the game's requests for outside inputs (``table.outside``), such
            as the opponent of a cryptids run; None uses the ruleset's own default source.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise UsageError(f"seed {seed!r}: a game's seed is a whole number, 0 or more")
    ruleset = registry.load(ruleset_id)
    if content is not None:
        content = str(Path(content).resolve())
    loaded, content_digest = ruleset.load_content(content, content_set, content_replace)
    ruleset.check_dice_script(loaded, dice)
    record = Record(
        ruleset=ruleset.meta.id,
        scenario=ruleset.pick_scenario(loaded, scenario),
        options=ruleset.parse_options(options).model_dump(mode="json"),
        content_sample=ruleset.sample_digest,
        content_files=ruleset.content_set.user_data(Path(content)) if content else {},
        content_replace=content_replace and content is not None,
        content_set=dict(content_set or {}),
        content_digest=content_digest,
        rulings=resolve(ruleset.rulings, rulings),
        seed=seed,
        dice=list(dice),
        events_digest=None,
    )
    return Game(ruleset, record, loaded, log, source, labels=labels)


def replay(record: Record | Mapping[str, Any], *, log: bool = True, check: bool = True,
           source: InputSource | None = None, events: Sequence[Event] | None = None) -> Game:
    """Rebuild a game from its record.

    The record's version of its ruleset plays it, with the sample content it names (from
    the archive when it is not today's). A record of rulekeeper 0.1.0, which named every
    version of a ruleset ``-v1``, replays with the newest of those versions that reproduces
    it. The game's :meth:`Game.record` is the record in today's format, naming its version
    and sample exactly.

    Raises :class:`ReplayMismatch` when the record does not reproduce: an unknown ruleset
    version or sample content, a decision that is no longer legal, or (with ``check``)
    different events: the record's digest of them, and ``events`` (a log's) one by one.
    ``source`` answers the outside inputs asked for after the recorded ones, when the game
    goes on (a stored cryptids run continued).
    """
    if not isinstance(record, Record):
        record = parse_record(record)
    try:
        named = registry.load(record.ruleset)
    except UsageError:
        current = _current_version(record.ruleset)
        raise ReplayMismatch(
            f"the record was made with {record.ruleset}, which is not registered"
            + (f"; this rulekeeper has {current}" if current else "")) from None
    try:
        content, record = record_content(named, record)
    except UsageError as error:
        raise ReplayMismatch(f"the record does not fit {named.meta.id}: {error}") from None
    name = named.meta.name
    versions = candidates(named.history, named.meta.version, record.rulekeeper)
    failures: list[tuple[str, ReplayMismatch]] = []
    for version in versions:
        ruleset = registry.load(f"{name}-v{version}")
        try:
            return _replay_as(ruleset, record, content, log, source,
                              events if check and log else None, check)
        except ReplayMismatch as error:
            failures.append((ruleset.meta.id, error))
    if len(failures) == 1:
        raise failures[0][1]
    raise ReplayMismatch(f"no version of {name} that rulekeeper {UNVERSIONED} named "
                         f"{record.ruleset} reproduces the record ("
                         + "; ".join(f"as {i}: {error}" for i, error in failures) + ")")


def _replay_as(ruleset: Ruleset[Any], record: Record, content: Any, log: bool,
               source: InputSource | None, events: Sequence[Event] | None,
               check: bool) -> Game:
    """The record replayed by ``ruleset`` (one version of it)."""
    try:
        record = record.model_copy(update={
            "ruleset": ruleset.meta.id, "format": RECORD_FORMAT,
            "rulekeeper": RULEKEEPER_VERSION,
            "rulings": resolve(ruleset.rulings, record.rulings),
            "scenario": ruleset.pick_scenario(content, record.scenario)})
        game = Game(ruleset, record, content, log, source)
    except UsageError as error:
        raise ReplayMismatch(f"the record does not fit {ruleset.meta.id}: {error}") from None
    _check_events(game, events)
    for index, option_id in enumerate(record.decisions):
        if game.over:
            raise ReplayMismatch(f"the game ended after {index} of "
                                 f"{len(record.decisions)} recorded decisions")
        seen = len(game.events)
        try:
            game.step(option_id)
        except UsageError as error:
            raise ReplayMismatch(f"decision {index + 1} no longer reproduces: {error}") from None
        _check_events(game, events, seen)
    unused = len(record.inputs) - len(game.table.inputs.used)
    if unused > 0:
        raise ReplayMismatch(f"the replay used {len(game.table.inputs.used)} of the record's "
                             f"{len(record.inputs)} outside inputs")
    if check and log and record.events_digest is not None \
            and record.events_digest != events_digest(game.events):
        raise ReplayMismatch("the replayed events differ from the recorded ones")
    return game


def _check_events(game: Game, logged: Sequence[Event] | None, start: int = 0) -> None:
    """Stop a replay at its first event that departs from a log's (so that a version that
    does not reproduce a log is left early)."""
    if logged is not None and (found := departure(logged, game.events, start)) is not None:
        raise ReplayMismatch(found)


def record_content(ruleset: Ruleset[Any], record: Record) -> tuple[Any, Record]:
    """A record's content, and the record naming its sample and carrying its files.

    A record of format 2 or older names a folder, read now, and no sample: its sample is
    the one (today's, or one of the archive's) that, with the record's own files and
    ``--set`` values, gives the record's content digest.
    """
    files = record.content_files
    if record.content_dir is not None:
        files = ruleset.content_set.user_data(Path(record.content_dir))
    sample = record.content_sample or _find_sample(ruleset, record, files)
    content, found = ruleset.load_content(None, record.content_set, record.content_replace,
                                          sample=sample, files=files)
    if found != record.content_digest:
        raise ReplayMismatch(f"the content changed since the record was made "
                             f"(digest {found}, recorded {record.content_digest})")
    return content, record.model_copy(update={
        "content_sample": sample, "content_files": files, "content_dir": None})


def _find_sample(ruleset: Ruleset[Any], record: Record, files: Mapping[str, Any]) -> str:
    """The sample that, laid under the record's files and ``--set`` values, gives its digest:
    today's first, then the archived ones."""
    for sample in (ruleset.sample_digest, *archive.digests(ruleset.archive_dir)):
        try:
            data, _ = ruleset.content_set.layered(
                None, record.content_set, record.content_replace,
                sample=ruleset.sample_data(sample), files=files)
        except (UsageError, ContentError):
            continue  # a --set path this sample does not have
        if ruleset.content_digest(digest(data)) == record.content_digest:
            return sample
    raise ReplayMismatch(f"the content changed since the record was made: no sample content "
                         f"this rulekeeper has, with the record's own files and values, gives "
                         f"its digest {record.content_digest}")


def parse_record(data: Any) -> Record:
    """A record from JSON data; anything else raises :class:`ReplayMismatch` in one line.

    A record without a format is of format 1 (the first); a newer one is refused.
    """
    if isinstance(data, Mapping):
        found = data.get("format", 1)
        check_format(found, "record")
        data = {"rulekeeper": UNVERSIONED, **data}  # written before records named it
        if found == 1 and data.get("content_dir") is not None:
            data = {**data, "content_replace": True}  # format 1 replaced files whole
        data = {**data, "format": RECORD_FORMAT}
    try:
        return Record.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "record"
        raise ReplayMismatch(f"not a game record: {where}: {first['msg']}") from None


def check_format(value: Any, what: str) -> None:
    """Refuse, in one line, a ``format`` this rulekeeper cannot read."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ReplayMismatch(f"not a rulekeeper {what}: format {value!r} is not a version number")
    if value > RECORD_FORMAT:
        raise ReplayMismatch(f"the {what} has format {value}, newer than this rulekeeper "
                             f"({RULEKEEPER_VERSION}) reads (format {RECORD_FORMAT}): upgrade "
                             f"rulekeeper to read it")


def _current_version(ruleset_id: str) -> str | None:
    name = ruleset_id.rsplit("-v", 1)[0]
    try:
        return registry.resolve_id(name)
    except UsageError:
        return None
