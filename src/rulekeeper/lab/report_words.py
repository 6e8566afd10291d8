"""The HTML report's own words (:mod:`rulekeeper.lab.report`), in English and in the languages
of its Babel catalog (``locale/fr/LC_MESSAGES/report.po``, msgids the English templates, as
the command line's ``cli.po``), and its numbers as each language writes them.

A template may hold the page's markup (``<b>``, ``<code>``); the values put in it are
escaped. The figures' words are plain text (:meth:`Words.plain`).
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Any

from rulekeeper.core.events import NO_BREAK, Event, Messages, spaced

TEXTS = {
    "title": "{ruleset} — {kind} report",
    "fact.ruleset": "ruleset",
    "fact.games": "games",
    "fact.variants": "variants",
    "fact.side": "seen from",
    "fact.seats": "seats",
    "fact.seed": "batch seed",
    "fact.agents": "agents",
    "fact.default-bot": "the ruleset's default bot",
    "fact.scenario": "scenario",
    "fact.default": "default",
    "fact.rulings": "rulings",
    "fact.none": "none",
    "footer": "rulekeeper {version}, {stamp}. Intervals are 95%: Wilson for rates; for means, "
              "a quasi-Poisson score interval where every value is a count (a whole number, "
              "none negative), else Student's t. Differences between variants are paired "
              "(same seeds): McNemar's exact test, Holm-adjusted, significant below "
              "p = {alpha}, with the exact interval of the same family, Bonferroni-adjusted "
              "when several comparisons are made together.",
    "all-games": "all games",
    "rulings-in-force": "rulings in force",
    "yes": "yes",
    "no": "no",
    "variant": "variant",
    "games": "games",
    "win": "win",
    "tie": "tie",
    "loss": "loss",
    "p": "p",
    "p-holm": "p (Holm)",
    "significant": "significant",
    "entity": "entity",
    "flag.played": "{entity} played",
    "flag.survived": "{entity} survived",
    "flag.defeated": "{entity} was defeated",
    "side": "side",
    "difference": "difference",
    "win-rates": "Win rates",
    "seen-from": "Seen from <b>{side}</b>.",
    "winners": "winners",
    "win-rate": "{side}'s win rate",
    "win-rate-marked": "{side}'s win rate (* differs from the first)",
    "outcomes": "{side}'s outcomes",
    "row-win-rate": "{side}'s (row's) win rate",
    "row": "{side} (row)",
    "column": "opponent (column)",
    "matchup-matrix": "matchup matrix",
    "against-first": "against the first variant",
    "against": "against",
    "cell": "{row} vs {column}",
    "compare.old": "old",
    "compare.new": "new",
    "compare.old-cell": "old: {cell}",
    "compare.new-cell": "new: {cell}",
    "against-label": "against {label}",
    "paired": "Paired differences in win rate, {what}:",
    "difference-level": "difference ({level})",
    "from-to": "{low} to {high}",
    "length": "Game length",
    "mean-rounds": "mean rounds",
    "min": "min",
    "max": "max",
    "end-reasons": "end reasons",
    "first-variants": "The figure shows the first {count} variants.",
    "rounds-per-game": "rounds per game",
    "rounds": "rounds",
    "decisions": "decisions",
    "metrics": "Metrics",
    "means": "Means per game with 95% intervals.",
    "culprits": "Culprits: the strongest and the weakest",
    "no-measures": "These results carry no per-entity measures "
                   "(<code>entity.&lt;side&gt;.&lt;id&gt;.&lt;measure&gt;</code>): the ruleset "
                   "declares none.",
    "measured-first": " Measured in the first variant ({label}).",
    "each-entity": "Each entity once, strongest first: the mean of each measure per game it "
                   "played, with its 95% interval, and its side's win rate in those games.{first}",
    "each-entity-by": "Each entity once, strongest first by {measure}: the mean of each measure "
                      "per game it played, with its 95% interval, and its side's win rate in "
                      "those games.{first}",
    "sides-win": "side's win",
    "ablation": "Ablation: the first {games} games played again with each entity's main stat "
                "one step down and one step up (same seeds); the change in its side's win "
                "rate, in points, against the games as given, with its paired interval "
                "(Bonferroni over the {changes} changes; * significant after Holm's "
                "adjustment).",
    "main-stat": "main stat",
    "step-down": "one step down",
    "step-up": "one step up",
    "win-change": "win change",
    "no-ablation": "No ablation in this file: <code>rulekeeper culprits</code> plays one (each "
                   "entity's main stat one step down and up).",
    "impact": "Impact of each card, fighter or cryptid",
    "constant": "{count:more entity is|more entities are} in every game or in none (nothing "
                "to compare here; the culprits above measure them): {named}.",
    "no-impact": "These results carry no per-entity metrics that differ between games "
                 "(<code>played.&lt;id&gt;</code>, <code>survived.&lt;id&gt;</code>, "
                 "<code>defeated.&lt;id&gt;</code>).",
    "pooled": " Pooled over all variants.",
    "impact-says": "{side}'s win rate in the games where the entity was played, survived or "
                   "was defeated, against the games where it was not; the odds ratio (above 1: "
                   "more wins with it) with its 95% logit interval, and the Wald test of the "
                   "same log odds ratio, so an interval without 1 goes with p &lt; 0.05 (not "
                   "adjusted for the number of entities).{pooled}",
    "odds-title": "odds of {side} winning with over without",
    "odds-axis": "odds ratio (95% interval, log scale)",
    "games-with": "games with",
    "win-with": "win with",
    "win-without": "win without",
    "odds-ratio": "odds ratio (95%)",
    "below-alpha": "p < 0.05",
    "rulings": "Sensitivity to the rulings",
    "file-rulings": "the variants of this file that differ from the first only by rulings",
    "report-sweep": "a sweep the report ran: {games} games per option, the file's seed",
    "not-measured": "Not measured: the file sweeps no ruling and the report ran none (the "
                    "ruleset declares no ruling, is not registered here, or --ruling-games "
                    "was 0).",
    "each-option": "Each ruling option against {label}, from {what}. A game that never read a "
                   "ruling plays the same under all its options (same seed and content): only "
                   "the games that consulted it can differ.",
    "consulted": "games that consulted the ruling",
    "read-of": "{read} of {games} ({share})",
    "unknown": "unknown",
    "ruling-effect": "effect of each ruling option on the win rate",
    "ruling-axis": "difference in {side}'s win rate",
}
"""The report's words by key: sentences, headings, the figures' titles and the words of its
tables."""
MESSAGES = Messages(TEXTS, Path(__file__).parent / "locale")
LANGUAGES = MESSAGES.locales
"""The languages a report is written in."""

_NUMBER = re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?")


@cache
def _symbols(lang: str) -> tuple[str, str]:
    """The group and decimal marks of ``lang``'s numbers (``1 234,5``)."""
    from babel.numbers import get_decimal_symbol, get_group_symbol

    return get_group_symbol(lang), get_decimal_symbol(lang)


class Words:
    """The report's words and numbers in one language (English where it has none).

    >>> fr = Words("fr")
    >>> fr("from-to", low=fr.number("+1.5%"), high=fr.number("+12.0%")) == (
    ...     "+1,5\u202f% à +12,0\u202f%")
    True
    >>> fr.number("1,234 of 5,678.25 (52.0%)") == "1\u202f234 of 5\u202f678,25 (52,0\u202f%)"
    True
    >>> Words("en").number("1,234.5 (52.0%)")
    '1,234.5 (52.0%)'
    """

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang

    def plain(self, key: str, **data: Any) -> str:
        """The text ``key`` with ``data``, not escaped (a figure's words); in English, a
        plural's possessive as English writes it (*Heroes' win rate*, not *Heroes's*).

        >>> Words("en").plain("win-rate", side="Heroes")
        "Heroes' win rate"
        """
        said = MESSAGES.render(Event(key, "report", data), self.lang)
        return re.sub(r"(?<=s)'s\b", "'", said) if self.lang == "en" else said

    def __call__(self, key: str, **data: Any) -> str:
        """The text ``key`` for the page: its markup kept, ``data`` escaped."""
        return self.plain(key, **{k: html.escape(v) if isinstance(v, str) else v
                                  for k, v in data.items()})

    def word(self, text: str) -> str:
        """A text made in English (a measure, a variant's label) in the language, where the
        catalog words it (``Messages.wording``); else as it is. Not escaped."""
        return MESSAGES.wording(self.lang)(text)

    def number(self, text: str) -> str:
        """``text`` (a number the report wrote in English, maybe with its interval:
        ``1,234.5``, ``52.0% (48.1–55.9)``) as the language writes it: ``1 234,5``,
        ``52,0 % (48,1–55,9)`` in French (a narrow no-break space groups the digits and comes
        before ``%``, as the browsers' French numbers)."""
        if self.lang == "en":
            return text
        group, decimal = _symbols(self.lang)

        def said(found: re.Match[str]) -> str:
            number = found.group()
            local = number.rstrip("%").replace(",", "\0").replace(".", decimal)
            local = local.replace("\0", group)
            if not number.endswith("%"):
                return local
            return spaced(f"{local} %", self.lang) if self.lang in NO_BREAK else f"{local}%"

        return _NUMBER.sub(said, text)
