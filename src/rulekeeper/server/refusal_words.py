"""The words of a refusal in another language than English: the server's catalog of
refusals, the ruleset's own, and any other a front end adds (the command line's own
refusals), through one :class:`~rulekeeper.core.events.Wording`.

A refusal is made in English, in the words the command line prints (the lab's questions, the
core's content paths, rulings and options, Pydantic's checks of a question's shape, a
ruleset's own contenders). The server says it in a page's language (:mod:`.refusals`), the
terminal in ``--lang`` (``rulekeeper play --lang fr``); both through :func:`wording`, over the
server's catalog (``locale/fr/LC_MESSAGES/refusals.po``: msgids the English templates, a
clause each, as ``"; "`` parts a message) and the ruleset's the refusal concerns (its own
refusals, ``no team {team}``, in its ``locale/refusals`` folder: :func:`ruleset_refusals`).
A value quoted in a message (``'hunterz'``) is a field taken as it is, as is an id, a path
or a field's name; a number is written as the language writes it (``20 000``); a text no
catalog words stays English. Nothing here needs the web stack.
"""

from __future__ import annotations

import re
from contextlib import suppress
from functools import cache
from pathlib import Path

from rulekeeper.core import registry
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.events import Messages, Wording
from rulekeeper.lab.report_words import Words

CATALOGS = Messages({}, Path(__file__).with_name("locale"))
"""The server's refusals in each language (msgids the English templates)."""
NUMBER = re.compile(r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?")
"""A number as an English refusal writes it (``20,000``, ``0.5``)."""


class Refusal(Wording):
    """A refusal's :class:`Wording`: a field that is a number is written as the language
    writes it, and a field of one word is the request's or the content's own (an id, a
    path, a field's name, a value), said as it is even where a catalog words it (a content
    file ``enemies`` stays ``enemies``).

    >>> fr = Refusal({"at most {most}": "au plus {most}", "{a}: {b}": "{a} : {b}",
    ...               "enemies": "ennemis"}, "fr")
    >>> fr("at most 20,000") == "au plus 20\u202f000"
    True
    >>> fr("enemies: at most 4").replace("\u00a0", " ")
    'enemies : au plus 4'
    """

    def __call__(self, text: str) -> str:
        if NUMBER.fullmatch(text):
            return Words(self.locale).number(text)
        if " " not in text:
            return text
        return super().__call__(text)


def wording(lang: str, ruleset: str | None = None, *more: Messages) -> Wording:
    """The words of refusals in ``lang``: the server's catalog, the catalogs of ``ruleset``
    (a registered id, where it is one) and those of ``more`` (a front end's own refusals),
    the server's first where two word one text; English (the texts as they are) for a
    language the server's catalog has not."""
    if lang == "en" or lang not in CATALOGS.locales:
        return ENGLISH
    return _wording(lang, ruleset, more)


ENGLISH = Wording({}, "en")


@cache
def _wording(lang: str, ruleset: str | None, more: tuple[Messages, ...]) -> Wording:
    catalog = dict(CATALOGS.catalog(lang))
    for messages in more:
        catalog = {**messages.catalog(lang), **catalog}
    if ruleset is not None:
        with suppress(RulekeeperError):  # not a ruleset this rulekeeper plays: no words of its
            catalog = {**ruleset_refusals(ruleset).catalog(lang), **catalog}
    return Refusal(catalog, lang)


def ruleset_refusals(ruleset: str) -> Messages:
    """A ruleset's own refusals: the catalogs of its ``locale/refusals`` folder
    (``fr/LC_MESSAGES/refusals.po``), apart from its events' and board's, whose words a
    refusal must not take (its content file ``enemies`` is not its board's *ennemis*)."""
    folder = registry.load(ruleset).locale_dir
    return Messages({}, folder / "refusals" if folder is not None else None)
