"""Typed errors. Each carries the exit code the command line uses for it.

A user's mistake (a bad argument, a bad content file, a record that no longer
reproduces, an option that was not offered) is one of these, and the command line
prints it as one line. Anything else is a bug in rulekeeper.
"""

from __future__ import annotations


class RulekeeperError(Exception):
    """Base of every error that is the user's to fix."""

    exit_code = 1


class UsageError(RulekeeperError):
    """A bad command-line argument or API call (exit code 2)."""

    exit_code = 2


class UnknownRuleset(UsageError):
    """No registered ruleset has this id."""


class IllegalDecision(UsageError):
    """The option chosen is not one of the pending decision's options."""


class OptionError(UsageError):
    """A setup option refused. The message is the command line's (it names ``--flag``);
    ``option`` (the option's field name, "" for the options together) and ``problem`` let
    another front end word it its own way."""

    def __init__(self, message: str, option: str, problem: str) -> None:
        super().__init__(message)
        self.option = option
        self.problem = problem


class DiceScriptError(UsageError):
    """A scripted die value does not fit the die it was used for."""


class ContentError(RulekeeperError):
    """A content file is unreadable or does not match its schema.

    The message names the file, the line and the field.
    """

    def __init__(self, file: str, message: str, line: int | None = None, field: str = "") -> None:
        self.file = file
        self.line = line
        self.field = field
        where = f"{file}:{line}" if line is not None else file
        what = f"{field}: " if field else ""
        super().__init__(f"{where}: {what}{message}")


class ReplayMismatch(RulekeeperError):
    """A record no longer reproduces: its ruleset version, content or events changed."""


class RulesetError(RulekeeperError):
    """A ruleset broke the engine's contract (a bug in the ruleset, not the user's input)."""
