"""The command line's own sentences, in English and in the languages of its Babel catalogs;
and its refusals in the language of ``--lang`` (:class:`SaidIn`)."""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from types import TracebackType
from typing import Any

from rulekeeper.core import registry
from rulekeeper.core.errors import RulekeeperError, RulesetError
from rulekeeper.core.events import Event, Messages, language
from rulekeeper.server.refusal_words import wording

TEXTS = {
    "game-over": "Game over: {outcome}",  # why: the last event, printed just before
    "winner": "winner {winner}",
    "no-winner": "no winner",
    "you-won": "You won.",  # play: said to the people at the terminal, after the winner
    "you-lost": "You lost.",
    "stopped": "Game stopped.",
    "record-written": "Record written to {log}; replay it with: rulekeeper replay {log}",
    "reproduced": "Reproduced {ruleset}: {decisions:decision|decisions}, "
                  "{events:event|events}; the game is {state}.",
    "state-over": "over, {outcome} ({reason})",
    "state-waiting": "waiting for {seat}",
    "taken-back": "Your last decision is taken back.",
    "nothing-to-take-back": "There is no decision of yours to take back.",
    "not-indexed": "(not in the rule index)",  # replay --explain: a rule the index lacks
}
MESSAGES = Messages(TEXTS, Path(__file__).parent / "locale")
REFUSALS = Messages({}, Path(__file__).parent / "locale" / "refusals")
"""The words of the command line's own refusals (``--log FILE: the file exists``), which no
page makes; the core's and the lab's are the server's catalog's (:mod:`.server.refusal_words`),
a ruleset's own its ``locale/refusals``."""


def say(key: str, lang: str, **data: Any) -> str:
    """The sentence ``key`` in ``lang`` (English where the catalog has none)."""
    return MESSAGES.render(Event(key, "cli", data), lang)


class Refused(RulekeeperError):
    """A refusal said in another language than English: the exit code of the error it says."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class SaidIn:
    """A command's refusals in its ``--lang``: a user's error raised inside the ``with`` is
    raised again as :class:`Refused`, its message worded as a page in that language words it
    (the server's catalog of refusals, the ruleset's ``ruleset`` names, the command line's
    own), its exit code kept; in English, or for a ruleset's bug, the error as it is. Set
    ``ruleset`` once it is known (a replay's, from its record)."""

    def __init__(self, lang: str, ruleset: str | None = None) -> None:
        self.lang, self.ruleset = lang, ruleset

    def __enter__(self) -> SaidIn:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if (self.lang == "en" or not isinstance(error, RulekeeperError)
                or isinstance(error, RulesetError | Refused)):
            return
        message = str(error).replace("Value error, ", "")
        raise Refused(refusal(message, self.lang, self.ruleset), error.exit_code) from None


def refusal(message: str, lang: str, ruleset: str | None = None) -> str:
    """A refusal (in English) in ``lang``, with the words of ``ruleset`` (as given: an
    unknown one has none)."""
    found = None
    with suppress(RulekeeperError):  # an unknown ruleset: the refusal says so
        found = registry.resolve_id(ruleset) if ruleset else None
    return wording(lang, found, REFUSALS)(message)


def asked_language(args: list[str]) -> str:
    """The language a command line asks for with ``--lang`` (English if none), for what is
    refused before the command reads its options: the argument parser's own refusals.

    >>> asked_language(["play", "x", "--seed", "abc", "--lang", "FR"]), asked_language(["-h"])
    ('fr', 'en')
    >>> asked_language(["replay", "--lang=fr_FR"])
    'fr'
    """
    for at, arg in enumerate(args):
        if arg == "--lang" and at + 1 < len(args):
            return language(args[at + 1])
        if arg.startswith("--lang="):
            return language(arg.removeprefix("--lang="))
    return "en"
