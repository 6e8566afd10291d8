"""Log files: a game's record and its events, one JSON object per line, with a format version.

The first line holds the format, the rulekeeper version that wrote the file, the
language of the sentences and the record; each further line one event and its
sentence. ``rulekeeper replay`` reads it back, re-runs the record and checks every
event by its data (kind, rule, data, who sees it): the sentences are for readers, and a
newer rulekeeper renders them anew, so a reworded sentence never breaks a log. A file
with only a record (one JSON object with ``ruleset``) is read too.
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulekeeper.core.errors import ReplayMismatch, UsageError
from rulekeeper.core.events import Event, JsonLinesError, departure, read_jsonl, write_jsonl
from rulekeeper.core.game import (
    RECORD_FORMAT,
    Record,
    check_format,
    parse_record,
)
from rulekeeper.core.sentences import sentences
from rulekeeper.core.version import VERSION as RULEKEEPER_VERSION

if TYPE_CHECKING:
    from rulekeeper.core.game import Game


@dataclass(frozen=True)
class Log:
    """A log file read back: the record, and the events when logged."""

    record: Record
    events: list[Event] | None = None


def log_lines(game: Game, lang: str = "en",
              sentence: Callable[[Event], str] | None = None) -> list[dict[str, Any]]:
    """The lines of a game's log file, as JSON objects; each event's text is its
    ``sentence`` (default: :func:`~rulekeeper.core.sentences.sentences` in ``lang``). A
    replay reads the events, not their text."""
    head = {"format": RECORD_FORMAT, "rulekeeper": RULEKEEPER_VERSION, "lang": lang,
            "record": game.record().model_dump(mode="json")}
    text = sentence or sentences(game.ruleset, game.seats, lang)
    return [head] + [{"event": e.to_json(), "text": text(e)} for e in game.events]


def write_log(path: Path, game: Game, lang: str = "en") -> None:
    """Write the game's log file (its record, then each event with its sentence in ``lang``)."""
    try:
        with path.open("w", encoding="utf-8") as handle:
            write_jsonl(handle, log_lines(game, lang))
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror}") from None


MAX_LOG_BYTES = 32 * 2**20
"""The largest log file read: 32 MiB (a long game's log is a few hundred kilobytes)."""


def read_log(path: Path) -> Log:
    """A log file (or a file holding one record), gzipped when its name ends in ``.gz``;
    anything else raises one clear error."""
    try:
        with (gzip.open(path, "rt", encoding="utf-8") if path.name.endswith(".gz")
              else path.open(encoding="utf-8")) as handle:
            text = handle.read(MAX_LOG_BYTES + 1)  # a gzipped file is bounded once unpacked
        if len(text) > MAX_LOG_BYTES:
            raise ReplayMismatch(f"{path}: larger than {MAX_LOG_BYTES // 2**20} MiB: not the "
                                 f"log of one game")
        rows = list(read_jsonl(io.StringIO(text)))
    except (OSError, EOFError) as error:
        reason = getattr(error, "strerror", None) or "not a gzipped file"
        raise UsageError(f"cannot read {path}: {reason}") from None
    except JsonLinesError as error:
        raise ReplayMismatch(f"{path}:{error.line}: not JSON Lines: {error.reason}") from None
    except UnicodeDecodeError:
        raise ReplayMismatch(f"{path}: not a text file") from None
    return parse_log(rows, str(path))


def parse_log(rows: list[Any], name: str = "log") -> Log:
    """A log from its lines, already parsed as JSON."""
    if not rows or not all(isinstance(row, dict) for row in rows):
        raise ReplayMismatch(f"{name}: not a rulekeeper log (one JSON object per line)")
    head = rows[0]
    if "record" not in head:
        if len(rows) == 1 and "ruleset" in head:
            return Log(parse_record(head))
        raise ReplayMismatch(f"{name}: the first line holds no game record")
    check_format(head.get("format", RECORD_FORMAT), "log file")
    record = parse_record(head["record"])
    if len(rows) == 1:
        return Log(record)
    events = []
    for number, row in enumerate(rows[1:], 2):
        try:
            events.append(Event.from_json(row["event"]))
        except (KeyError, TypeError, AttributeError) as error:
            raise ReplayMismatch(f"{name}:{number}: the event line lacks {error}") from None
        except ValueError as error:
            raise ReplayMismatch(f"{name}:{number}: not an event: {error}") from None
    return Log(record, events)


def verify(log: Log, game: Game) -> None:
    """Raise :class:`ReplayMismatch` at the first event where a replayed game differs from
    its log. Events are compared by their data, never by their sentences (contract 12)."""
    if log.events is None:
        return
    found = departure(log.events, game.events)
    if found is not None:
        raise ReplayMismatch(found)
    if len(log.events) != len(game.events):
        raise ReplayMismatch(f"the log has {len(log.events)} events; the replay has "
                             f"{len(game.events)}")
