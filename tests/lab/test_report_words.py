"""The HTML report in French (``Report(..., lang="fr")``, what /lab's jobs asked in French
write): every sentence of it from its catalog (``lab/locale/fr/LC_MESSAGES/report.po``),
numbers as French writes them, and not one English sentence left."""

import html
import re
import string

import pytest

from rulekeeper.lab import store
from rulekeeper.lab.report import Report, report_title, ruling_sweep
from rulekeeper.lab.report_words import LANGUAGES, MESSAGES, TEXTS
from rulekeeper.lab.run import run_batch
from rulekeeper.lab.sweep import parse_axes, run_variants, variants
from tests.lab.test_report import SPEC


@pytest.fixture(scope="module")
def runs():
    """A batch (with the report's own ruling sweep), a sweep of content and rulings, and a
    batch without entities or rulings: every section, and each of its notes."""
    from rulekeeper.lab.batch import BatchSpec

    batch = store.Run("simulate", "left", ["left", "right"], ["damage_left", "damage_right"],
                      [store.Batch("", {}, SPEC, 11, run_batch(SPEC, 200, 11))])
    axes = parse_axes("skirmish-v1", ["teams.brutes.fighters.ogre.power=1,3"],
                      rulings=["initiative=left,coin"])
    sweep = store.Run("sweep", "left", ["left", "right"], [],
                      run_variants(variants(SPEC, axes), 40, 1),
                      {"axes": [a.to_json() for a in axes]})
    bare = store.Run("simulate", "north", ["north", "south"], [],
                     [store.Batch("", {}, BatchSpec("duel-v1"), 1,
                                  run_batch(BatchSpec("duel-v1"), 30, 1))])
    return [(batch, ruling_sweep(batch, 60)), (sweep, []), (bare, [])]


def text(page):
    """What a reader sees of a page: its text and the words of its figures (alt)."""
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    page = re.sub(r'<img alt="([^"]*)"[^>]*>', r" \1 ", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page.replace("<wbr>", "")))


def literals(template):
    """The words of a template between its fields, long enough to be a sentence's part."""
    parts = [html.unescape(re.sub(r"<[^>]+>", "", literal))
             for literal, *_ in string.Formatter().parse(template)]
    return [p.strip() for p in parts if len(p.strip()) >= 8 and " " in p.strip()]


def test_every_word_of_the_report_has_its_french():
    assert LANGUAGES == ["en", "fr"]
    french = MESSAGES.catalog("fr")
    assert [t for t in TEXTS.values() if t not in french] == []
    for template in TEXTS.values():  # the same fields, said in French
        fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        assert {f for _, f, _, _ in string.Formatter().parse(french[template]) if f} == fields


def test_the_french_report_says_every_sentence_in_french_and_none_in_english(runs):
    english = " ".join(text(Report(run, ruling_batches=extra).html()) for run, extra in runs)
    pages = [Report(run, ruling_batches=extra, lang="fr").html() for run, extra in runs]
    french = " ".join(text(page) for page in pages)
    shown = [t for t in TEXTS.values() if any(part in english for part in literals(t))]
    assert len(shown) >= 34  # (not the figures' titles, drawn in their images)
    left = [part for t in shown for part in literals(t)
            if part in french and part not in MESSAGES.catalog("fr")[t]]  # p (Holm)
    assert left == []
    for sentence in ("Taux de victoire", "Durée des parties", "Sensibilité aux arbitrages",
                     "Impact de chaque carte, combattant ou cryptide",
                     "Les intervalles sont à 95\u202f%", "toutes les parties",
                     "arbitrages en vigueur", "Écarts appariés de taux de victoire"):
        assert sentence in french, sentence
    assert all("<html lang='fr'>" in page for page in pages)


def test_the_french_report_writes_its_numbers_as_french_does(runs):
    run, extra = runs[0]
    english, french = (text(Report(run, ruling_batches=extra, lang=lang).html())
                       for lang in ("en", "fr"))
    rates = re.findall(r"(\d+)\.(\d)% \((\d+)\.(\d)–(\d+)\.(\d)\)", english)
    assert rates and all(
        f"{a},{b}\u202f% ({c},{d}–{e},{f})" in french for a, b, c, d, e, f in rates)
    assert not re.search(r"\d\.\d+%", french) and not re.search(r"\d%", french)
    assert "200" in french and "1\u202f000" not in english  # (a count below a thousand)


@pytest.mark.parametrize("kind", ["simulate", "sweep", "matchup", "tune", "culprits", "compare"])
def test_a_french_reports_title_elides_before_a_vowel(kind):
    """French never writes "de" before a vowel: a matchup's report was titled "rapport de
    affrontements" (now "rapport de matchs croisés")."""
    from rulekeeper.lab.report_words import Words

    title = report_title("Cryptides\u00a0: bataille", kind, Words("fr"))
    assert title.startswith("Cryptides\u00a0: bataille — rapport ")
    assert not re.search(r"\bde [aeiouyéèêàâh]", title, flags=re.I), title


@pytest.mark.parametrize(("kind", "english", "french"), [
    ("simulate", "simulation report", "rapport de simulation"),
    ("sweep", "sweep report", "rapport de balayage"),
    ("matchup", "matchup report", "rapport de matchs croisés"),
    ("tune", "tuning report", "rapport de réglage"),
    ("culprits", "culprits report", "rapport de coupables"),
    ("compare", "comparison report", "rapport de comparaison")])
def test_a_reports_title_names_its_kind_by_a_noun(kind, english, french):
    """The English title named a batch's report by the command's verb ("enemy-attacks-v5:
    simulate report", found by a smoke test of /lab's report link)."""
    from rulekeeper.lab.report_words import Words

    assert report_title("Cryptids: battle", kind, Words("en")) == f"Cryptids: battle — {english}"
    assert report_title("Cryptides", kind, Words("fr")) == f"Cryptides — {french}"


@pytest.mark.parametrize(("lang", "title"), [
    ("en", "Cryptids: battle — simulation report"),
    ("fr", "Cryptides\u00a0: bataille — rapport de simulation")])
def test_a_reports_title_names_its_ruleset_by_its_title(lang, title):
    """A report was titled by its ruleset's id ("enemy-attacks-v5: simulation report"), where
    its body names everything by its words: its title and heading name the ruleset by its
    title, in the report's language; the facts table keeps the id (a designer needs it)."""
    from rulekeeper.lab.batch import BatchSpec

    spec = BatchSpec("cryptids-v1")
    run = store.Run("simulate", "left", ["left", "right"], [],
                    [store.Batch("", {}, spec, 1, run_batch(spec, 2, 1))])
    page = Report(run, lang=lang).html()
    assert f"<title>{title}</title>" in page and f"<h1>{title}</h1>" in page
    assert "cryptids-v1" not in page.split("<table")[0]
    assert "<td>cryptids-v1</td>" in page


@pytest.fixture(scope="module")
def cryptids():
    """A batch of cryptids, a ruleset whose board and catalogs word its sides, its per-side
    metrics and its rulings, with one ruling changed from its default."""
    from rulekeeper.lab.batch import BatchSpec

    spec = BatchSpec("cryptids", rulings={"overheal": "allow", "no-damage-possible": "after-deaths"})
    return store.Run("simulate", "left", ["left", "right"], [],
                     [store.Batch("", {}, spec, 3, run_batch(spec, 30, 3))])


def read(run, lang):
    """The report's text as one line, its inline markup (bold) read as its words."""
    page = re.sub(r"</?b>", "", Report(run, lang=lang).html())
    return re.sub(r"[ \n]+", " ", text(page.replace("<br>", " ; ")))


def test_a_report_names_sides_and_rulings_by_the_rulesets_words(cryptids):
    """The French report said "Du point de vue de left" and listed "overheal=allow": the
    sides and the rulings are said as the ruleset words them, in English too."""
    english, french = (read(cryptids, lang) for lang in ("en", "fr"))
    assert "Seen from Left." in english and "Point de vue\u00a0: Gauche." in french
    assert "seen from Left" in english and "seats Left, Right" in english
    assert "sièges Gauche, Droite" in french
    assert re.search(r"Gauche \d+, Droite \d+", french)  # the winners
    assert "Can healing raise HP above the maximum? allow" in english
    assert "Un soin peut-il porter les PV au-dessus du maximum\u202f? permis" in french
    assert "after deaths" in english and "after-deaths" not in english  # an option unworded
    for page, heading in ((english, "Win rates"), (french, "Taux de victoire")):
        assert not re.search(r"\b(left|right)\b", page)
        facts = page.split(heading)[0]
        assert "overheal" not in facts and "=" not in facts


def test_a_per_side_metric_is_said_as_its_measure_and_its_side(cryptids):
    """A per-side metric kept its dot ("lives lost.left"): its measure's words, then its
    side's, as the other metrics are worded (the catalog's words where it has them)."""
    english, french = (read(cryptids, lang) for lang in ("en", "fr"))
    assert "lives lost (Left)" in english and "damage (Right)" in english
    assert "vies perdues (gauche)" in french and "dégâts (droite)" in french
    assert not re.search(r"\w\.(left|right)\b", english + french)


def test_the_reports_ruling_sweep_names_each_ruling_by_its_words(cryptids):
    """The sensitivity to the rulings listed its variants by ids (``overheal=cap``, in
    French too) where the rulings in force above it read as words: each row and each label
    of its figure is now the ruling's question and its option's label."""
    extra = ruling_sweep(cryptids, 4)
    assert any(b.params == {"ruling:overheal": "cap"} for b in extra)
    for lang, said in (("en", "Can healing raise HP above the maximum? cap"),
                       ("fr", "Un soin peut-il porter les PV au-dessus du maximum\u202f? plafonné")):
        page = Report(cryptids, ruling_batches=extra, lang=lang).html()
        sensitivity = text(page.split("<h2>")[-1])
        assert said in re.sub(r"[ \n]+", " ", sensitivity), sensitivity
        assert not re.search(r"\b[a-z]+(-[a-z]+)*=[a-z]", text(page)), lang


def test_a_sweep_of_rulings_names_its_variants_by_the_rulings_words(monkeypatch):
    """A /lab "What if?" of one ruling: its report's tables, and the paired differences under
    the win rates (which still read ``ruling:overheal=allow``), name each variant in words;
    its figure's axis is the ruling's question, its ticks the options' labels (not
    ``ruling:overheal``, ``cap``, ``allow``)."""
    from rulekeeper.lab import plots
    from rulekeeper.lab.batch import BatchSpec

    drawn = []
    rates = plots.rates
    monkeypatch.setattr(plots, "rates", lambda *a, **k: drawn.append(a[:4]) or rates(*a, **k))

    axes = parse_axes("cryptids", rulings=["overheal=cap,allow"])
    run = store.Run("sweep", "left", ["left", "right"], [],
                    run_variants(variants(BatchSpec("cryptids"), axes), 4, 1),
                    {"axes": [a.to_json() for a in axes]})
    for lang, said in (("en", "Can healing raise HP above the maximum? allow"),
                       ("fr", "Un soin peut-il porter les PV au-dessus du maximum\u202f? permis")):
        page = read(run, lang)
        assert page.count(said) >= 4, page  # win rates, their differences, length, metrics
        assert "overheal" not in page, page
    english, french = (labels for labels, _, _, axis in drawn)
    assert [axis for *_, axis in drawn] == ["Can healing raise HP above the maximum?",
                                            "Un soin peut-il porter les PV au-dessus du "
                                            "maximum\u202f?"]
    assert english == ["cap", "allow"] and french == ["plafonné", "permis"]
