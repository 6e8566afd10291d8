import io

from rulekeeper.core.events import Event, Messages, Wording, read_jsonl, write_jsonl


def french(folder, domain: str, entries: str) -> None:
    """A French catalog ``domain.po`` in ``folder`` with ``entries`` (po text)."""
    po = folder / "fr" / "LC_MESSAGES" / f"{domain}.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  + entries, encoding="utf-8")


def test_events_round_trip_through_json_lines():
    events = [Event("hit", "r.1", {"who": "Ann", "n": 2}), Event("deal", "r.2", {}, ("north",))]
    buffer = io.StringIO()
    write_jsonl(buffer, (e.to_json() for e in events))
    buffer.seek(0)
    assert [Event.from_json(row) for row in read_jsonl(buffer)] == events


def test_templates_render_localized_values_and_catalogs(tmp_path):
    french(tmp_path, "messages", 'msgid "{who} hits {target}"\nmsgstr "{who} frappe {target}"\n')
    messages = Messages({"hit": "{who} hits {target}"}, tmp_path)
    event = Event("hit", "r.1", {"who": {"en": "Mothman", "fr": "l'Homme-papillon"},
                                 "target": "Nessie"})
    assert messages.render(event) == "Mothman hits Nessie"
    assert messages.render(event, "fr") == "l'Homme-papillon frappe Nessie"
    assert messages.locales == ["en", "fr"]


def test_unknown_kind_renders_its_data():
    assert Messages({}).render(Event("odd", "r", {"x": 1})) == 'odd {"x": 1}'


def test_a_plural_field_gives_the_number_with_its_noun():
    messages = Messages({"spent": "{who} spends {n:chip|chips} ({left:token|tokens} left, "
                                  "{gain:+})"})
    for n, left, text in ((1, 0, "Ann spends 1 chip (0 tokens left, +2)"),
                          (2, 1, "Ann spends 2 chips (1 token left, +2)")):
        event = Event("spent", "r", {"who": "Ann", "n": n, "left": left, "gain": 2})
        assert messages.render(event) == text


def test_lists_join_with_the_locales_and(tmp_path):
    french(tmp_path, "messages", 'msgid "between {tied:and} ({tied}, {n:roll|rolls})"\n'
                                 'msgstr "entre {tied:and} ({tied}, {n:lancer|lancers})"\n')
    messages = Messages({"tie": "between {tied:and} ({tied}, {n:roll|rolls})"}, tmp_path)
    two = Event("tie", "r", {"tied": [{"en": "Yeti", "fr": "le Yéti"}, "Nessie"], "n": 1})
    three = Event("tie", "r", {"tied": ["A", "B", "C"], "n": 2})
    assert messages.render(two) == "between Yeti and Nessie (Yeti, Nessie, 1 roll)"
    assert messages.render(two, "fr") == "entre le Yéti et Nessie (le Yéti, Nessie, 1 lancer)"
    assert messages.render(three) == "between A, B, and C (A, B, C, 2 rolls)"
    assert messages.render(three, "fr") == "entre A, B et C (A, B, C, 2 lancers)"
    assert Messages({"k": "{x:and}"}).render(Event("k", "r", {"x": ["A"]})) == "A"


def test_lists_join_with_the_locales_or(tmp_path):
    french(tmp_path, "messages", 'msgid "on {totals:or}"\nmsgstr "sur {totals:or}"\n')
    messages = Messages({"on": "on {totals:or}"}, tmp_path)
    assert messages.render(Event("on", "r", {"totals": [5, 9]}), "fr") == "sur 5 ou 9"
    assert messages.render(Event("on", "r", {"totals": [5, 9, 11]})) == "on 5, 9, or 11"


def test_a_board_text_reads_as_its_template_in_another_language():
    fr = Wording({"round {round:d} of {rounds:d}": "manche {round:d} sur {rounds:d}",
                  "{seat}: {name} — dead": "{seat} : {name} — mort",
                  "{seat}: {name}": "{seat} : {name}", "{n:star|stars}": "{n:étoile|étoiles}",
                  "{a:d} of {b:d}": "{a:d} sur {b:d}", "heroes": "héros", "Nave": "Nef"}, "fr")
    assert fr("round 3 of 8 · heroes · Crypt") == "manche 3 sur 8 · héros · Crypt"
    assert fr("p1: Nave — dead") == "p1 : Nef — mort"  # the longest template first, fields worded
    assert fr("0 stars · 1 star") == "0 étoile · 1 étoile"  # French: 0 and 1 are singular
    assert fr("-1 of 5") == "-1 sur 5"
    assert fr("Amulet of Warding") == "Amulet of Warding"  # {a:d} reads only numbers
    assert fr("nothing known") == "nothing known"
    assert Wording({}, "fr")("round 3 of 8") == "round 3 of 8"


def test_the_template_with_the_most_words_of_its_own_is_tried_first():
    """However long its fields' names or patterns: "Take {n:d} Damage." says more of a text
    than "Take {thing}", which would read "Take 2 Damage." too."""
    fr = Wording({"Take {thing_that_is_taken}": "Prendre {thing_that_is_taken}",
                  "Take {n:d} Damage.": "Subissez {n:d} dégâts.",
                  "{who} ({why})": "{who} ({why})", "{weapon} (dropped)": "{weapon} (lâchée)"},
                 "fr")
    assert fr("Take 2 Damage.") == "Subissez 2 dégâts."
    assert fr("Take Dagger") == "Prendre Dagger"
    assert fr("Dagger (dropped)") == "Dagger (lâchée)"


def test_a_fields_value_may_hold_brackets_of_its_own():
    """A name with brackets (*Ellis (wolf form)*) fills a field of a template that brackets
    another field: the first field takes the name's brackets whole (it ended at the first
    bracket, the next field's value then unbalanced, and the text stayed English)."""
    fr = Wording({"Melee {enemy} ({roll})": "Mêlée contre {enemy} ({roll})",
                  "{who} ({side}) in {area}": "{who} ({side}) dans {area}",
                  "Ellis (wolf form)": "Ellis (forme de loup)", "Red": "Rouge",
                  "{a:d} die against {b:d} dice": "{a:d} dé contre {b:d} dés"}, "fr")
    assert fr("Melee Ellis (wolf form) (1 die against 2 dice)") == (
        "Mêlée contre Ellis (forme de loup) (1 dé contre 2 dés)")
    assert fr("Ellis (wolf form) (Red) in Nave") == "Ellis (forme de loup) (Rouge) dans Nave"
    assert fr("Melee Ann [x (y)] (1 die against 2 dice)") == (
        "Mêlée contre Ann [x (y)] (1 dé contre 2 dés)")
    assert fr("Melee Ann (1 die against 2 dice") == "Melee Ann (1 die against 2 dice"


def test_choices_joined_by_a_slash_are_worded_one_by_one():
    """A villain card's actions (*Melee. / Heal a minion in its area.*) are each a sentence
    of the catalog: a template never reads across them (*{what} in {where}* made *Melee. /
    Heal a minion dans its area.*)."""
    fr = Wording({"{what} in {where}": "{what} dans {where}", "Melee.": "Mêlée.",
                  "Heal a minion in its area.": "Soigner un sbire de sa zone."}, "fr")
    assert fr("Melee. / Heal a minion in its area.") == "Mêlée. / Soigner un sbire de sa zone."


def test_a_field_the_translation_counts_is_read_back_as_a_number():
    """The English may say a number plainly where the French counts it: the text's value is
    then read as a number (it raised a TypeError: a 500 on a French page), and a text whose
    value there is no number is not read by that template."""
    fr = Wording({"{amount} damage to {who}": "{amount:dégât|dégâts} à {who}",
                  "{what} to {who}": "{what} pour {who}"}, "fr")
    assert fr("3 damage to Bob") == "3 dégâts à Bob"
    assert fr("1 damage to Bob") == "1 dégât à Bob"
    assert fr("some damage to Bob") == "some damage pour Bob"  # not a count: the other template


def test_a_view_catalog_words_the_board_without_making_a_language_of_the_events(tmp_path):
    french(tmp_path, "view", 'msgid "hand"\nmsgstr "main"\n')
    messages = Messages({"hit": "{who} hits"}, tmp_path)
    assert messages.locales == ["en"]  # the events have no French
    assert messages.wording("fr")("hand") == "main"
    assert messages.wording("de")("hand") == "hand"  # a language it has not: as it is


def test_french_elides_where_a_value_meets_the_word_before_it(tmp_path):
    """*de*, *que*, *le*, *la*, *ce*, *si* before a value with a vowel sound (*d'Empyreal*,
    *qu'il*, *l'Ogre*, *cet Ogre*, *s'il*), *du*, *des*, *au*, *aux* before a value's article;
    an aspirated h, a *y* before a vowel, a number and the catalog's own words stay."""
    french(tmp_path, "messages", "\n".join(
        f'msgid "{en}"\nmsgstr "{fr}"\n' for en, fr in (
            ("Action of {who}", "Action de {who}"), ("{who} sees that {it} moves",
                                                     "{who} voit que {it} bouge"),
            ("{who} takes {n:damage|damage} from {what}", "{who} subit {n:dégât|dégâts} de {what}"),
            ("{who} hits {what}", "{who} frappe la {what} ; ce {who} rit"),
            ("{who} goes to {where}", "Sélectionnez-le à {where} si {who} part"),
            ("Le {who}", "Le {who}"))))
    messages = Messages({"act": "Action of {who}", "see": "{who} sees that {it} moves",
                         "hurt": "{who} takes {n:damage|damage} from {what}",
                         "hit": "{who} hits {what}", "go": "{who} goes to {where}",
                         "le": "Le {who}"}, tmp_path)

    def say(kind: str, **data: object) -> tuple[str, str]:
        event = Event(kind, "r", data)
        return messages.render(event), messages.render(event, "fr")

    assert say("act", who="Empyreal") == ("Action of Empyreal", "Action d'Empyreal")
    assert say("act", who="Héros 1") == ("Action of Héros 1", "Action de Héros 1")
    assert say("act", who="Yves")[1] == "Action d'Yves"
    assert say("act", who="yéti")[1] == "Action de yéti"
    assert say("act", who="8 rats")[1] == "Action de 8 rats"
    assert say("see", who="Ann", it="il") == ("Ann sees that il moves", "Ann voit qu'il bouge")
    assert say("hurt", who="Ann", n=1, what="le cube")[1] == "Ann subit 1 dégât du cube"
    assert say("hurt", who="Ann", n=2, what="les rats")[1] == "Ann subit 2 dégâts des rats"
    assert say("hit", who="Ogre", what="Ombre")[1] == "Ogre frappe l'Ombre\u202f; cet Ogre rit"
    assert say("go", who="il", where="les Enfers")[1] == "Sélectionnez-le aux Enfers s'il part"
    assert say("go", who="Ann", where="le Bois")[1] == "Sélectionnez-le au Bois si Ann part"
    assert say("le", who="Ogre") == ("Le Ogre", "L'Ogre")  # English never changes


def test_a_text_read_back_from_english_elides_too():
    fr = Wording({"Action of {who} ({where})": "Action de {who} ({where})",
                  "Hanging Tree": "Arbre aux pendus"}, "fr")
    assert fr("Action of Empyreal (Hanging Tree)") == "Action d'Empyreal (Arbre aux pendus)"
    assert fr("Action of Butcher (Hanging Tree)") == "Action de Butcher (Arbre aux pendus)"


def test_french_writes_a_decimal_number_with_a_comma(tmp_path):
    """A float filled in a French sentence is said *25,5*, an English one *25.5*; whole numbers
    and numbers written in the data as text stay as they are."""
    french(tmp_path, "messages", 'msgid "rating {mu} ± {band} after {n:battle|battles} ({id})"\n'
                                 'msgstr "classement {mu} ± {band} après {n:combat|combats} ({id})"\n')
    messages = Messages({"rated": "rating {mu} ± {band} after {n:battle|battles} ({id})"},
                        tmp_path)
    event = Event("rated", "r", {"mu": 25.5, "band": 2.0, "n": 3, "id": "v1.2"})
    assert messages.render(event) == "rating 25.5 ± 2.0 after 3 battles (v1.2)"
    assert messages.render(event, "fr") == "classement 25,5 ± 2,0 après 3 combats (v1.2)"
