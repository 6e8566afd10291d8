"""Log files: a game's record and its events, one JSON object per line, with a format version.

The first line holds the format, the rulekeeper version that wrote the file, the
language of the sentences and the record; each further line one event and its
sentence. ``rulekeeper replay`` reads it back, re-runs the record and checks every
event and every sentence. A file with only a record (one JSON object with
``ruleset``) is read too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulekeeper.core.errors import ReplayMismatch, UsageError
from rulekeeper.core.events import Event, JsonLinesError, read_jsonl, write_jsonl
from rulekeeper.core.game import (
    RECORD_FORMAT,
    Record,
    check_format,
    parse_record,
)
from rulekeeper.core.version import VERSION as RULEKEEPER_VERSION

if TYPE_CHECKING:
    from rulekeeper.core.game import Game


@dataclass(frozen=True)
class Log:
    """A log file read back: the record, and the events with their sentences when logged."""

    record: Record
    events: list[Event] | None = None
    texts: list[str] | None = None
    lang: str = "en"


def log_lines(game: Game, lang: str = "en") -> list[dict[str, Any]]:
    """The lines of a game's log file, as JSON objects."""
    head = {"format": RECORD_FORMAT, "rulekeeper": RULEKEEPER_VERSION, "lang": lang,
            "record": game.record().model_dump(mode="json")}
    render = game.ruleset.messages.render
    return [head] + [{"event": e.to_json(), "text": render(e, lang)} for e in game.events]


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
    """A log file (or a file holding one record); anything else raises one clear error."""
    try:
        if path.stat().st_size > MAX_LOG_BYTES:
            raise ReplayMismatch(f"{path}: larger than {MAX_LOG_BYTES // 2**20} MiB: not the "
                                 f"log of one game")
        with path.open(encoding="utf-8") as handle:
            rows = list(read_jsonl(handle))
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
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
    lang = head.get("lang", "en")
    if not isinstance(lang, str):
        raise ReplayMismatch(f"{name}: the log's language is not a name")
    if len(rows) == 1:
        return Log(record, lang=lang)
    events = []
    for number, row in enumerate(rows[1:], 2):
        try:
            events.append(Event.from_json(row["event"]))
        except (KeyError, TypeError, AttributeError) as error:
            raise ReplayMismatch(f"{name}:{number}: the event line lacks {error}") from None
        except ValueError as error:
            raise ReplayMismatch(f"{name}:{number}: not an event: {error}") from None
    texts = [row["text"] for row in rows[1:] if isinstance(row.get("text"), str)]
    return Log(record, events, texts if len(texts) == len(events) else None, lang)


def verify(log: Log, game: Game) -> None:
    """Raise :class:`ReplayMismatch` at the first event (or sentence) where a replayed game
    differs from its log."""
    if log.events is None:
        return
    render = game.ruleset.messages.render
    if log.texts is not None and log.lang not in game.ruleset.messages.locales:
        raise ReplayMismatch(f"the log's sentences are in {log.lang!r}, which "
                             f"{game.ruleset.meta.id} does not have")
    for number, (logged, replayed) in enumerate(zip(log.events, game.events, strict=False), 1):
        if logged.to_json() != replayed.to_json():
            raise ReplayMismatch(f"event {number} differs from the log")
        if log.texts is not None and log.texts[number - 1] != render(replayed, log.lang):
            raise ReplayMismatch(f"the sentence of event {number} differs from the log: "
                                 f"{log.texts[number - 1]!r} was logged, the replay says "
                                 f"{render(replayed, log.lang)!r}")
    if len(log.events) != len(game.events):
        raise ReplayMismatch(f"the log has {len(log.events)} events; the replay has "
                             f"{len(game.events)}")
