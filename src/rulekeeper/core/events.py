"""Events: typed records of every change of state, each citing the rule that caused it.

An event stores its kind, its rule id and its data; the sentence is rendered on
demand from the ruleset's template for that kind, in a locale. English templates
live in the ruleset's code; other locales come from Babel ``.po`` catalogs whose
msgids are the English templates, and a text of the event's data made in English (a place,
a reason) is said in the locale by the same catalogs (:class:`Wording`), the event itself
unchanged. A template field written ``{count:card|cards}``
shows the number with its noun, singular for 1 and plural otherwise; a list written
``{names:and}`` joins its items with the locale's "and" (``A, B and C``), and
``{totals:or}`` with its "or" (``5 or 9``). Babel is imported, and a locale's catalog
read, the first time a sentence needs them (a batch that logs nothing never does).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TextIO

Localized = Mapping[str, str]
"""A value given in several languages: ``{"en": "Mothman", "fr": "l'Homme-papillon"}``."""


@dataclass(frozen=True, slots=True)
class Event:
    """One change of state.

    Attributes:
        kind: the event type; selects the template (``"attack.roll"``).
        rule: the id of the rule that caused it.
        data: JSON-able values the template refers to.
        to: the seats allowed to see it; None means everyone.
    """

    kind: str
    rule: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: tuple[str, ...] | None = None

    def visible_to(self, player: str | None) -> bool:
        """Whether ``player`` may see this event (None is an all-seeing observer)."""
        return self.to is None or player is None or player in self.to

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "data": dict(self.data)}
        if self.to is not None:
            out["to"] = list(self.to)
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Event:
        """An event from its JSON; a value of the wrong shape raises ``ValueError``."""
        kind, rule, data, to = obj["kind"], obj["rule"], obj.get("data", {}), obj.get("to")
        if not (isinstance(kind, str) and isinstance(rule, str) and isinstance(data, dict)
                and (to is None or (isinstance(to, list)
                     and all(isinstance(seat, str) for seat in to)))):
            raise ValueError("kind and rule are text, data a mapping, to a list of seats")
        return cls(kind, rule, data, tuple(to) if to else None)


def departure(logged: Sequence[Event], made: Sequence[Event], start: int = 0) -> str | None:
    """Where the events ``made`` (a replay's, from number ``start`` on) depart from the
    ``logged`` ones, compared by their data (kind, rule, data, who sees them) and never by
    their sentences; None while they agree (``made`` may be shorter).

    >>> a, b = Event("roll", "r.1", {"total": 7}), Event("roll", "r.1", {"total": 8})
    >>> departure([a], [b])
    'event 1 differs from the log: roll differs in total'
    >>> departure([a, a], [a]), departure([a], [a, a])
    (None, 'the log has 1 events; the replay has more')
    """
    for number in range(start, len(made)):
        if number >= len(logged):
            return f"the log has {len(logged)} events; the replay has more"
        old, new = logged[number], made[number]
        if old.to_json() == new.to_json():
            continue
        if (old.kind, old.rule) != (new.kind, new.rule):
            return (f"event {number + 1} differs from the log: {old.kind} [{old.rule}] was "
                    f"logged, the replay has {new.kind} [{new.rule}]")
        fields = sorted(k for k in {**old.data, **new.data}
                        if old.data.get(k, ...) != new.data.get(k, ...))
        return (f"event {number + 1} differs from the log: {old.kind} differs in "
                f"{', '.join(fields) or 'who sees it'}")
    return None


class _Items(str):
    """A list of template data: joined by commas, or ``{items:and}`` (``{items:or}``) with the
    locale's "and" ("or")."""

    items: list[str]
    locale: str

    def __new__(cls, items: list[str], locale: str) -> _Items:
        joined = super().__new__(cls, ", ".join(items))
        joined.items, joined.locale = items, locale
        return joined

    def __format__(self, spec: str) -> str:
        from babel.lists import format_list

        if spec == "and":
            return format_list(self.items, locale=self.locale)
        if spec == "or":
            return format_list(self.items, style="or", locale=self.locale)
        return str.__format__(self, spec)


class _LocalizedData(dict[str, Any]):
    """Template data where ``{"en": ..., "fr": ...}`` values pick the locale, and a text
    made in English (a name, a reason) is said by ``word`` (the catalog's :class:`Wording`)."""

    def __init__(self, data: Mapping[str, Any], locale: str,
                 word: Callable[[str], str] | None = None) -> None:
        super().__init__(data)
        self.locale, self.word = locale, word

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        if isinstance(value, list):
            return _Items([str(self._pick(v)) for v in value], self.locale)
        return self._pick(value)

    def _pick(self, value: Any) -> Any:
        if isinstance(value, Mapping) and "en" in value:
            return value.get(self.locale, value["en"])
        if isinstance(value, str):
            if _SIGNED.fullmatch(value):  # a signed number an event keeps as text ("-1")
                return value.replace("-", MINUS)
            return self.word(value) if self.word is not None else value
        return signed(value)


MINUS = "\u2212"
"""The minus sign a sentence writes a negative number with (*−2,1*, *(−1)*), as the pages
write ratings and their changes: never a hyphen."""

_SIGNED = re.compile(r"[+-]\d+(?:\.\d+)?")
"""A signed number an event's data keeps as text (``"+1"``, ``"-1"``)."""


def minus_signed(said: str) -> str:
    """A negative number as formatted, with :data:`MINUS`; none where it rounds to zero
    (*0,0*, never *−0,0*)."""
    return said.replace("-", MINUS, 1) if re.search("[1-9]", said) else said.replace("-", "")


class _NegativeInt(int):
    """A negative whole number said with :data:`MINUS`, whatever its format."""

    def __format__(self, spec: str) -> str:
        return minus_signed(format(int(self), spec))

    def __str__(self) -> str:
        return format(self, "")


class _NegativeFloat(float):
    """A negative decimal number said with :data:`MINUS`, whatever its format."""

    def __format__(self, spec: str) -> str:
        return minus_signed(format(float(self), spec))

    def __str__(self) -> str:
        return format(self, "")


def signed(value: Any) -> Any:
    """A number of an event's data as a sentence says it: a negative one with the minus sign
    (:data:`MINUS`), a negative zero as zero; anything else as it is. The event's data is
    not changed.

    >>> f"{signed(-2.5)} {signed(-1):+d} {signed(3)} {signed(-0.0)}"
    '\u22122.5 \u22121 3 0.0'
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    if isinstance(value, float):
        return _NegativeFloat(value) if value < 0 else abs(value) if value == 0 else value
    return _NegativeInt(value) if value < 0 else value


@cache
def _plural_form(locale: str) -> Callable[[float], str]:
    from babel import Locale

    return Locale.parse(locale).plural_form


def counted(number: float, one: str, many: str, locale: str = "en") -> str:
    """``number`` and its noun: ``one`` where the locale's plural rule says singular.

    >>> counted(1, "success", "successes"), counted(0, "chip", "chips")
    ('1 success', '0 chips')
    >>> counted(0, "lancer", "lancers", "fr")
    '0 lancer'
    """
    return f"{number} {one if _plural_form(locale)(number) == 'one' else many}"


class _Formatter(string.Formatter):
    """``str.format`` plus the plural field ``{count:card|cards}``, in one locale (a count
    an older record wrote as text, ``"2"``, is read as its number), and the locale's
    elisions where a field's value meets the word before it (:func:`elided`).

    >>> _Formatter("en").format("{n:border|borders} away", n="1")
    '1 border away'
    >>> _Formatter("fr").format("Action de {who}", who="Empyreal")
    "Action d'Empyreal"
    >>> _Formatter("fr").format("Classement {mu} ± {band}", mu=25.0, band=2.5)
    'Classement 25,0 ± 2,5'
    """

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.elides = locale in ELISIONS

    def vformat(self, format_string: str, args: Sequence[Any],
                kwargs: Mapping[str, Any]) -> str:
        made = super().vformat(format_string, args, kwargs)
        return elided(made, self.locale) if self.elides else made

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec:
            one, _, many = format_spec.partition("|")
            if isinstance(value, str) and re.fullmatch(r"-?\d+", value):
                value = int(value)
            said = counted(value, one, many, self.locale)
        else:
            said = super().format_field(value, format_spec)
            if isinstance(value, float) and self.locale in DECIMAL_COMMA:
                said = said.replace(".", ",")
        return FIELD + said if self.elides else said


@cache
def _formatter(locale: str) -> _Formatter:
    return _Formatter(locale)


NO_BREAK: Mapping[str, Mapping[str, str]] = {
    "fr": {" :": "\u00a0:", " ;": "\u202f;", " ?": "\u202f?", " !": "\u202f!",
           "« ": "«\u202f", " »": "\u202f»", " %": "\u202f%"}}
"""The no-break spaces a language puts around punctuation, so that a line never starts
with the mark: French puts a no-break space before ``:`` and a narrow one before ``;``,
``?``, ``!``, ``»`` and ``%`` (as the browsers' French numbers do) and after ``«``. A
catalog writes a plain space there; :func:`spaced` makes it the language's."""


DECIMAL_COMMA = frozenset({"fr"})
"""The languages that write a decimal number with a comma (*25,5*): a float filled in a
sentence is said so."""

FIELD = "\x1f"
"""Where a field's value starts in a sentence being filled in (:func:`elided` reads it)."""

_VOWEL = r"(?=[aeiouàâäéèêëîïôöùûüœæ]|y[^aeiouyàâäéèêëîïôöùûü])"
"""A word that starts with a vowel sound (a mute ``h`` is not told from an aspirated one:
*le héros*, *le Hodag*; nor ``y`` before a vowel: *le yéti*)."""

_CONTRACTED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}


def _contracted(found: re.Match[str]) -> str:
    word = _CONTRACTED[found[1].lower(), found[2]]
    return (word.capitalize() if found[1][0].isupper() else word) + " "


_BEFORE = r"(?<![\w'’-])"
"""A word of its own (not the end of one, nor *-le* in *Demandez-le*)."""

ELISIONS: Mapping[str, Sequence[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]]] = {
    "fr": (
        (re.compile(rf"{_BEFORE}(de|que|le|la|je|me|te|se|ne|jusque|lorsque|puisque) "
                    rf"{FIELD}{_VOWEL}", re.IGNORECASE), lambda found: found[1][:-1] + "'"),
        (re.compile(rf"{_BEFORE}(si) {FIELD}(?=ils?\b)", re.IGNORECASE),
         lambda found: found[1][:-1] + "'"),
        (re.compile(rf"{_BEFORE}(ce) {FIELD}{_VOWEL}", re.IGNORECASE),
         lambda found: found[1] + "t "),
        (re.compile(rf"{_BEFORE}(de|à) {FIELD}(?-i:(les?)) ", re.IGNORECASE), _contracted),
    ),
}
"""What a language changes where a value filled in meets the word before it: French
elides *de*, *que*, *le*, *la*... before a vowel (*d'Empyreal*, not *de Empyreal*), says
*cet* for *ce*, *s'il* for *si il*, and *du*, *des*, *au*, *aux* for *de* or *à* before
a value's article *le* or *les* (*du cube gélatineux*). Only at a value's start, never in
a catalog's own words (*Demandez-le à nouveau*)."""


def elided(text: str, locale: str) -> str:
    """``text``, filled in with values each marked at its start by :data:`FIELD`, as
    ``locale`` joins a value to the word before it (:data:`ELISIONS`); the marks removed.

    >>> elided(f"Action de {FIELD}Empyreal, que {FIELD}il voit", "fr")
    "Action d'Empyreal, qu'il voit"
    >>> elided(f"Dégâts de {FIELD}le cube, de {FIELD}Héros 1, à {FIELD}les rats", "fr")
    'Dégâts du cube, de Héros 1, aux rats'
    >>> elided(f"Le {FIELD}Ogre de {FIELD}8", "fr"), elided(f"of {FIELD}Ann", "en")
    ("L'Ogre de 8", 'of Ann')
    """
    for pattern, joined in ELISIONS.get(locale, ()):
        if FIELD in text:
            text = pattern.sub(joined, text)
    return text.replace(FIELD, "")


def language(text: str) -> str:
    """A language as a person may write it (``FR``, ``fr-FR``, ``fr_FR``): its code (``fr``),
    as ``--lang`` and a call's ``?lang=`` read it.

    >>> language("FR"), language("fr_FR"), language("En-GB")
    ('fr', 'fr', 'en')
    """
    return re.split(r"[-_]", text.strip().lower(), maxsplit=1)[0]


def spaced(text: str, locale: str) -> str:
    """``text`` of ``locale``'s catalog with the spaces around its punctuation as the
    language sets them (:data:`NO_BREAK`).

    >>> spaced("Lancer 16 : Mort ; « fin » ? 95 %", "fr") == (
    ...     "Lancer 16\u00a0: Mort\u202f; «\u202ffin\u202f»\u202f? 95\u202f%")
    True
    """
    for plain, kept in NO_BREAK.get(locale, {}).items():
        text = text.replace(plain, kept)
    return text


class Messages:
    """The sentence templates of a ruleset, in English and the locales of its catalogs.

    >>> m = Messages({"hit": "{who} hits", "dealt": "{who} is dealt {n:card|cards}",
    ...               "tie": "A tie between {who:and}"})
    >>> m.render(Event("hit", "r.1", {"who": "Ann"}))
    'Ann hits'
    >>> m.render(Event("dealt", "r.2", {"who": "Ann", "n": 1}))
    'Ann is dealt 1 card'
    >>> m.render(Event("tie", "r.3", {"who": ["Ann", "Bob", "Cy"]}))
    'A tie between Ann, Bob, and Cy'

    An older version's event that today's template cannot say (a kind since retired, data
    without a field since added) is said by the first of its ``older`` templates whose
    fields its data holds:

    >>> m = Messages({"heal": "{who} heals to the {pile}"}, older={
    ...     "heal": ["{who} heals"], "count": ["{who} plays {n:card|cards}"]})
    >>> m.render(Event("heal", "r.4", {"who": "Ann"}))
    'Ann heals'
    >>> m.render(Event("count", "r.5", {"who": "Ann", "n": 2}))
    'Ann plays 2 cards'
    """

    def __init__(self, templates: Mapping[str, str],
                 locale_dir: Path | Sequence[Path] | None = None,
                 older: Mapping[str, Sequence[str]] | None = None) -> None:
        """``locale_dir``: a folder of catalogs (``fr/LC_MESSAGES/*.po``), or several, the
        first one's translation winning where two translate the same template. A
        ``view.po`` holds the words of the ruleset's board (:meth:`wording`) only: a
        language with no other catalog is not one of the events' :attr:`locales`.
        ``older``: for an event kind, the templates of its older versions' data, newest
        first (:attr:`Change.templates <rulekeeper.core.versions.Change.templates>`)."""
        self.templates = dict(templates)
        self.older = {kind: list(said) for kind, said in (older or {}).items()}
        folders = [locale_dir] if isinstance(locale_dir, Path) else list(locale_dir or ())
        self._files: dict[str, list[Path]] = {}
        for folder in reversed(folders):
            for po in sorted(folder.glob("*/LC_MESSAGES/*.po")) if folder.is_dir() else ():
                self._files.setdefault(po.parent.parent.name, []).append(po)
        self._catalogs: dict[str, dict[str, str]] = {"en": {}}
        self._wordings: dict[str, Wording] = {}

    VIEW = "view"
    """The catalogs (``view.po``) of a board's words, not of the events' sentences."""

    @property
    def languages(self) -> list[str]:
        """The languages of its catalogs: of the events' sentences or of the board's words
        (a page in one of these gets what is translated, English for the rest)."""
        return sorted({"en", *self._files})

    @property
    def locales(self) -> list[str]:
        """The languages of the events' sentences."""
        return sorted({"en", *(locale for locale, files in self._files.items()
                               if any(po.stem != self.VIEW for po in files))})

    def catalog(self, locale: str) -> dict[str, str]:
        """The translations of ``locale`` (English template to sentence); empty if none."""
        if locale not in self._catalogs:
            catalog: dict[str, str] = {}
            for po in self._files.get(locale, ()):
                from babel.messages.pofile import read_po

                with po.open("rb") as handle:
                    read = read_po(handle, locale=locale)
                catalog.update({str(m.id): spaced(str(m.string), locale)
                                for m in read if m.id and m.string})
            self._catalogs[locale] = catalog
        return self._catalogs[locale]

    def wording(self, locale: str) -> Wording:
        """The words of ``locale`` for texts made in English outside events (a board's
        names, titles and facts): :class:`Wording` over its catalog (English, the texts as
        they are, for a locale it has not)."""
        if locale not in self._files:
            locale = "en"
        if locale not in self._wordings:
            self._wordings[locale] = Wording(self.catalog(locale), locale)
        return self._wordings[locale]

    def template(self, kind: str, locale: str = "en",
                 data: Mapping[str, Any] | None = None) -> str:
        """The template of ``kind`` in ``locale``; with an event's ``data``, the first of
        today's template and its :attr:`older` ones whose fields the data holds."""
        english = self.templates.get(kind, kind + " {data}")
        if data is not None and not _fields(english) <= data.keys():
            english = next((t for t in self.older.get(kind, ()) if _fields(t) <= data.keys()),
                           english)
        return self.catalog(locale).get(english, english) if locale != "en" else english

    def said(self, kind: str) -> bool:
        """Whether an event of ``kind`` has a sentence (today's template or an older one)."""
        return kind in self.templates or kind in self.older

    def render(self, event: Event, locale: str = "en") -> str:
        """The event's sentence in ``locale`` (English where no translation exists); a text
        of its data made in English (a name, a reason) is said in ``locale`` too where the
        catalogs word it (:meth:`wording`): a record's events keep their English data."""
        word = self.wording(locale) if locale != "en" and locale in self._files else None
        data = _LocalizedData(event.data, locale, word)
        if not self.said(event.kind):
            data["data"] = json.dumps(dict(event.data), ensure_ascii=False, sort_keys=True)
        template = self.template(event.kind, locale, event.data)
        if "|" in template or locale in ELISIONS:  # a plural field, or elisions: the
            return _formatter(locale).vformat(template, (), data)  # slower formatter
        return template.format_map(data)


class Wording:
    """A text made in English (``"round 3 of 8"``) in another language, from a catalog whose
    msgids are English words and templates (``"round {round} of {rounds}"``,
    ``"{lives:life|lives}"``).

    A text is its catalog's translation when the catalog has it; else the translation of the
    template it reads as (the most specific one), its fields worded in turn (a field
    ``{n:d}`` reads only a number, and no field's value ends inside brackets); else, when it
    is several parts joined by ``", "`` outside brackets, each part worded; else itself. A text
    of several parts joined by ``" · "``, ``"; "`` or ``" / "`` (outside brackets) is worded
    part by part first (``"; "`` as the language spaces it: :func:`spaced`). What is around a
    text (spaces, a leading ``", "``) stays around its words.

    >>> fr = Wording({"round {round:d} of {rounds:d}": "manche {round:d} sur {rounds:d}",
    ...               "{n:life|lives}": "{n:vie|vies}", "heroes": "héros"}, "fr")
    >>> fr("round 3 of 8 · 1 life · heroes · Crypt")
    'manche 3 sur 8 · 1 vie · héros · Crypt'
    """

    PARTS = " · "
    CLAUSES = "; "
    CHOICES = " / "
    ITEMS = ", "
    """What else joins the parts of a text worded part by part, outside brackets: clauses
    and choices (a villain card's actions, ``"Melee. / Move, then Melee."``), before any
    template is tried, and items of a list where no template reads the whole
    (``"Ann (distance 2), Bob (distance 3)"``, ``"melee 1, shoot 2"``)."""
    MEMO = 8192
    """Texts remembered (views repeat theirs); beyond it the memory starts again."""

    def __init__(self, catalog: Mapping[str, str], locale: str) -> None:
        self.catalog, self.locale = catalog, locale
        self.templates = sorted(  # the most specific first: the most words, then fields
            ((pattern, english) for english in catalog if (pattern := _read_as(english))),
            key=lambda found: (-len(_FIELDS.sub("", found[1])), -_weight(found[0])))
        self._memo: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        if not self.catalog or not text:
            return text
        if text not in self._memo:
            if len(self._memo) >= self.MEMO:
                self._memo.clear()
            self._memo[text] = self._word(text)
        return self._memo[text]

    def _word(self, text: str) -> str:
        bare = text.strip(" ,;")
        if bare != text:  # what is around a text (" with 1 extra die", "; not eligible") stays
            start = text.index(bare) if bare else len(text)
            return (self._spaced(text[:start]) + self(bare)
                    + self._spaced(text[start + len(bare):]))
        if text in self.catalog:
            return self.catalog[text]
        for separator in self.PARTS, self.CLAUSES, self.CHOICES:
            if len(parts := _outside_brackets(text, separator)) > 1:
                return self._spaced(separator).join(self(part) for part in parts)
        for pattern, english in self.templates:
            found = pattern.fullmatch(text)
            if not found or not all(_balanced(value) for value in found.groupdict().values()):
                continue
            # a number in either text (the translation may count what the English does not:
            # "{amount}" and "{amount:dégât|dégâts}"); a count that is no number: not this one
            counted = _counted(english) | _counted(self.catalog[english])
            values = found.groupdict()
            if any(not _NUMBER.fullmatch(values[name]) for name in counted & values.keys()):
                continue
            data = {name: int(value) if name in counted else self(value)
                    for name, value in values.items()}
            return _formatter(self.locale).vformat(self.catalog[english], (), data)
        if len(parts := _outside_brackets(text, self.ITEMS)) > 1:
            return self.ITEMS.join(self(part) for part in parts)
        return text


    def _spaced(self, marks: str) -> str:
        """Punctuation between texts (``"; "``) as the language spaces it (French: a narrow
        no-break space before ``;``)."""
        return spaced(f" {marks}", self.locale).removeprefix(" ") if ";" in marks else marks


def _balanced(text: str) -> bool:
    """Whether ``text`` closes every bracket it opens (a field's value never ends inside one)."""
    depth = 0
    for char in text:
        depth += char in "(["
        depth -= char in ")]"
        if depth < 0:
            return False
    return depth == 0


def _outside_brackets(text: str, separator: str) -> list[str]:
    """``text`` split at each ``separator`` that is not inside brackets.

    >>> _outside_brackets("Ann (distance 2, in sight), Bob", ", ")
    ['Ann (distance 2, in sight)', 'Bob']
    """
    parts, depth, start, at = [], 0, 0, 0
    while at < len(text):
        if text[at] in "([":
            depth += 1
        elif text[at] in ")]":
            depth = max(depth - 1, 0)
        elif depth == 0 and text.startswith(separator, at):
            parts.append(text[start:at])
            start = at = at + len(separator)
            continue
        at += 1
    return [*parts, text[start:]]


_BRACKETED = r"\((?:[^()]|\([^()]*\))*\)|\[(?:[^\[\]]|\[[^\[\]]*\])*\]"
"""A bracketed part of a text, with brackets of its own inside (two deep)."""
_FIELD = rf"(?:{_BRACKETED}|(?!{re.escape(Wording.PARTS)})[^()\[\]])+?"
"""A field's value in a text: never across the parts of a text (``" · "``), and never ending
inside brackets, though it may hold bracketed parts (*Ellis (wolf form)*: a field then takes
a bracket that another field's value cannot close)."""


@cache
def _counted(template: str) -> frozenset[str]:
    """The fields of ``template`` that are numbers: ``{n:d}``, ``{n:card|cards}``."""
    return frozenset(name for _, name, spec, _ in string.Formatter().parse(template)
                     if name and spec and (spec == "d" or "|" in spec))


@cache
def _fields(template: str) -> frozenset[str]:
    """The data fields ``template`` reads (``{who}``, ``{n:d}``, ``{card[name]}``: who, n,
    card)."""
    return frozenset(re.split(r"[.\[]", name, maxsplit=1)[0]
                     for _, name, _, _ in string.Formatter().parse(template) if name)


_NUMBER = re.compile(r"-?\d+")
"""A whole number as a text says it (a counted field's value)."""

_FIELD_WEIGHT = 16
"""What a plain field weighs in the order templates are tried, among those with as many words
of their own: as much as 16 characters of their pattern (a count's, with its nouns, weighs
more: ``{n:free place|free places}`` is tried before ``{why}``)."""


def _weight(pattern: re.Pattern[str]) -> int:
    """How specific a template's ``pattern`` is (:data:`_FIELD_WEIGHT`)."""
    fields = pattern.pattern.count(_FIELD)
    return len(pattern.pattern) - fields * (len(_FIELD) - _FIELD_WEIGHT)


_FIELDS = re.compile(r"\{[^{}]*\}")
"""A template's fields, whose values a text fills in: what is left is its own words."""


def _read_as(template: str) -> re.Pattern[str] | None:
    """The texts ``template`` makes, as a pattern with a group per field; None for a text
    without fields or without words (around them, or a plural's noun), or with a field that
    cannot be read back (a list: ``{names:and}``)."""
    pattern, fields, said = "", set(), ""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return None
    for literal, name, spec, _ in parsed:
        pattern += re.escape(literal)
        said += literal
        if name is None:
            continue
        if not name.isidentifier() or (spec and spec != "d" and "|" not in spec):
            return None
        if name in fields:
            pattern += f"(?P={name})"
        elif spec == "d":
            pattern += rf"(?P<{name}>-?\d+)"
        elif spec:
            one, _, many = spec.partition("|")
            pattern += rf"(?P<{name}>-?\d+) (?:{re.escape(one)}|{re.escape(many)})"
            said += one
        else:
            pattern += f"(?P<{name}>{_FIELD})"
        fields.add(name)
    return re.compile(pattern, re.DOTALL) if fields and said.strip() else None


def write_jsonl(handle: TextIO, rows: Iterable[Mapping[str, Any]]) -> None:
    """Write one JSON object per line."""
    for row in rows:
        handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


class JsonLinesError(ValueError):
    """A line of a JSON Lines file that is not JSON; ``line`` is its 1-based number."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def read_jsonl(handle: TextIO) -> Iterator[Any]:
    """Read one JSON value per non-empty line; a bad line raises :class:`JsonLinesError`."""
    for number, line in enumerate(handle, 1):
        if line.strip():
            try:
                yield json.loads(line)
            except json.JSONDecodeError as error:
                raise JsonLinesError(number, error.msg) from None
            except RecursionError:
                raise JsonLinesError(number, "values nested too deeply") from None
            except ValueError:  # Python will not read a number of over 4,300 digits
                raise JsonLinesError(number, "a number has more than 4,300 digits") from None
