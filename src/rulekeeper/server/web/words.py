"""The web page's words in every language: one translation system for the page and the
events.

The page's JavaScript is written in English and says every word through ``t("…")``
(common.js), and its HTML marks each of its own texts ``data-t`` (common.js's
``loadWords`` translates them); the other languages are Babel catalogs here
(``locale/fr/LC_MESSAGES/web.po``, msgids the English words, with the events' template
fields: ``{count:life|lives}``, ``{names:and}``), served to the page by
``GET /api/i18n/{lang}``. Events, and the boards' texts, come from their rulesets' catalogs,
in the language the page asks for.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulekeeper.core.events import Messages

STATIC = Path(__file__).with_name("static")
CATALOGS = Messages({}, Path(__file__).with_name("locale"))
SAID = re.compile(r"""\bt\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`([^`$]*)`)""")
"""A word the page says: the literal first argument of ``t(...)`` in its JavaScript."""
MARKED = re.compile(r"<(\w+)[^>]*\bdata-t\b[^>]*>([^<]*)</\1>")
"""A text of the page's HTML marked for translation: ``<title data-t>Play</title>``."""


def languages() -> list[str]:
    """The page's languages: English and those of the catalogs."""
    return CATALOGS.locales


def catalog(lang: str) -> dict[str, str]:
    """The page's words in ``lang``: English word to translation (empty for English)."""
    return {} if lang == "en" else dict(CATALOGS.catalog(lang))


def page_words() -> set[str]:
    """Every word the page says: through ``t()`` in its JavaScript, or marked ``data-t`` in
    its HTML, as written in English."""
    found = {match.group(2).strip() for page in sorted(STATIC.glob("*.html"))
             for match in MARKED.finditer(page.read_text(encoding="utf-8"))}
    for script in sorted(STATIC.glob("*.js")):
        for match in SAID.finditer(script.read_text(encoding="utf-8")):
            double, single, back = match.groups()
            word = double if double is not None else single if single is not None else back
            found.add(word.encode().decode("unicode_escape") if "\\" in word else word)
    return found
