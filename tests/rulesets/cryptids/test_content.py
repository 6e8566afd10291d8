"""Content: the sample cryptids and teams, and clear errors for bad files."""

from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from rulekeeper.core import registry
from rulekeeper.core.content import parse_value
from rulekeeper.core.errors import ContentError, UsageError
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.cryptids.models import (
    DICE_TRIGGERS,
    EFFECT_KINDS,
    TRIGGERS,
    Ability,
    Team,
)


def sample():
    return registry.load("cryptids").load_content()[0]


def test_sample_has_thirty_cryptids_in_three_tiers_named_in_both_languages():
    content = sample()
    assert content.cryptids.sample and content.teams.sample
    sold = [c for c in content.cryptids.cryptids if c.tier != "token"]
    assert len(sold) >= 30
    assert {c.tier for c in sold} == {1, 2, 3}
    assert all(c.name["fr"] and c.name["en"] for c in content.cryptids.cryptids)
    names = {c.name["en"]: c.name["fr"] for c in content.cryptids.cryptids}
    assert names["Mothman"] == "l'Homme-papillon" and names["Jersey Devil"].startswith("le Diable")
    assert {"Chupacabra", "Yeti", "Nessie", "Wendigo", "Jackalope"} <= set(names)


def test_sample_abilities_use_the_whole_vocabulary():
    content = sample()
    triggers = {a.when.kind for c in content.cryptids.cryptids for a in c.abilities}
    effects = {e.kind for c in content.cryptids.cryptids for a in c.abilities for e in a.do}
    assert set(TRIGGERS) - triggers == set()
    assert set(EFFECT_KINDS) - effects == set()
    selectors = {e.selector for c in content.cryptids.cryptids for a in c.abilities for e in a.do}
    assert {"threat", "lowest-hp", "all-enemies", "random-enemy", "adjacent", "attacker"} <= selectors
    assert set(DICE_TRIGGERS) <= triggers
    assert all(len(t.cryptids) == 5 for t in content.teams.teams[:8])


@pytest.mark.rule("threat.value.a")
def test_a_cryptid_without_threat_is_a_content_error(tmp_path):
    (tmp_path / "cryptids.yaml").write_text(
        "cryptids:\n  - id: blob\n    name: {en: Blob, fr: la Chose}\n    tier: 1\n    hp: 3\n")
    (tmp_path / "teams.yaml").write_text(
        "teams:\n  - id: t\n    name: T\n    cryptids: [blob]\n")
    with pytest.raises(ContentError) as error:
        new_game("cryptids", content=str(tmp_path), options={"left": "t", "right": "t"})
    assert "cryptids.yaml:2: cryptids.0.threat: Field required" in str(error.value)


def write_team(tmp_path: Path, text: str) -> str:
    path = tmp_path / "team.yaml"
    path.write_text(text)
    return str(path)


def test_a_team_file_with_an_unknown_cryptid_names_file_line_and_field(tmp_path):
    path = write_team(tmp_path, "name: Mine\ncryptids:\n  - yeti\n  - yetti\n")
    with pytest.raises(ContentError) as error:
        new_game("cryptids", options={"left": path})
    message = str(error.value)
    assert message.startswith(f"{path}:4: cryptids.1.cryptid: ")
    assert "unknown cryptid 'yetti'" in message and "did you mean 'yeti'" in message


def test_bad_team_files_and_ids(tmp_path):
    path = write_team(tmp_path, "name: Mine\ncryptids: []\n")
    with pytest.raises(ContentError, match=":2: cryptids: List should have at least 1"):
        new_game("cryptids", options={"right": path})
    with pytest.raises(UsageError, match=r"--left: no team .lake-monster.*did you mean"):
        new_game("cryptids", options={"left": "lake-monster"})
    with pytest.raises(UsageError, match="no team file"):
        new_game("cryptids", options={"left": str(tmp_path / "missing.yaml")})
    bad = write_team(tmp_path, "name: X\ncryptids:\n  - {cryptid: yeti, do: 3}\n")
    with pytest.raises(ContentError, match=r":3: cryptids\.0\.do: Extra inputs"):
        new_game("cryptids", options={"left": bad})


def test_a_summon_of_an_unknown_cryptid_is_a_content_error(tmp_path):
    (tmp_path / "cryptids.yaml").write_text(
        "cryptids:\n  - id: a\n    name: {en: A, fr: A}\n    tier: 1\n    hp: 3\n    threat: 1\n"
        "    abilities:\n      - when: doubles\n        do: [{summon: ghost}]\n")
    (tmp_path / "teams.yaml").write_text("teams:\n  - id: t\n    name: T\n    cryptids: [a]\n")
    with pytest.raises(ContentError, match=r"cryptids.yaml:9: cryptids.0.abilities.0.do.0.summon"):
        new_game("cryptids", content=str(tmp_path), options={"left": "t", "right": "t"})


def test_effects_are_checked_against_their_targets():
    from rulekeeper.rulesets.cryptids.models import Effect

    with pytest.raises(ValueError, match="heal cannot target 'all-enemies'"):
        Effect.model_validate({"heal": 2, "target": "all-enemies"})
    with pytest.raises(ValueError, match="exactly one of"):
        Effect.model_validate({"heal": 2, "damage": 1})
    with pytest.raises(ValueError, match="'rolls' goes with damage-over-time"):
        Effect.model_validate({"damage-over-time": 2})


def test_the_json_schema_accepts_the_sample_content_as_written():
    ruleset = registry.load("cryptids")
    data, _ = ruleset.content_set.raw()
    validator = Draft202012Validator(ruleset.content_model.model_json_schema())
    assert [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)] == []


def accepted(model, data):
    """Whether the model's exported JSON Schema, and the model itself, accept ``data``."""
    try:
        model.model_validate(data)
        model_accepts = True
    except ValidationError:
        model_accepts = False
    return Draft202012Validator(model.model_json_schema()).is_valid(data), model_accepts


@pytest.mark.parametrize("when, ok", [
    ("doubles", True), ("each-roll", True), ("battle-start", True), ({"total": 7}, True),
    ({"totals": [6, 8]}, True), ({"range": [9, 11]}, True), ("dubles", False), ("total", False),
    ({"total": "seven"}, False), ({"totals": []}, False), ({"range": [9]}, False),
    ({"total": 7, "odd": 1}, False), ({"kind": "total", "totals": [7]}, False), ({}, False)])
def test_the_schema_of_a_trigger_accepts_what_the_model_accepts(when, ok):
    assert accepted(Ability, {"when": when, "do": [{"damage": 1}]}) == (ok, ok)


@pytest.mark.parametrize("member, ok", [
    ("yeti", True), ({"cryptid": "yeti", "hp": 9}, True), ("Yeti!", False), ({"hp": 9}, False)])
def test_the_schema_of_a_row_place_accepts_an_id_alone_or_a_mapping(member, ok):
    assert accepted(Team, {"name": "T", "cryptids": [member]}) == (ok, ok)


@pytest.mark.parametrize("when", ["doubles", "hurt", {"total": 7}, {"totals": [6, 8]},
                                  {"range": [9, 11]}])
def test_a_trigger_is_written_back_as_files_write_it(when):
    ability = Ability.model_validate({"when": when, "do": [{"damage": 1}]})
    written = ability.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    assert written == {"when": when, "do": [{"damage": 1}]}
    assert Ability.model_validate(written) == ability


JACKALOPE = "cryptids.cryptids.jackalope"


@pytest.mark.parametrize("path, value, message", [
    ("hp", "true", r"^--set cryptids\.cryptids\.jackalope\.hp: Value error, a whole number is expected, not true"),
    ("hp", "1000", r"^--set cryptids\.cryptids\.jackalope\.hp: Input should be less than or equal to 999"),
    ("hp", "1000000000", "less than or equal to 999"),
    ("hp", "2.5", r"^--set cryptids\.cryptids\.jackalope\.hp: Input should be a valid integer"),
    ("threat", "false", "a whole number is expected, not false"),
    ("threat", "100", "less than or equal to 99"),
    ("tier", "true", r"^--set cryptids\.cryptids\.jackalope\.tier: Value error, a whole number is expected"),
    ("abilities.0.when", "{total: true}", "a whole number is expected, not true"),
    ("abilities.0.when", "{totals: [7, false]}", "a whole number is expected, not false"),
    ("abilities.0.when", "{total: 100}", "less than or equal to 99"),
    ("abilities.0.when", "{range: [true, 9]}", "range needs two whole totals"),
    ("abilities.0.when", "{range: [2, 1000000000]}", "range totals go from -99 to 99"),
    ("abilities.0.do.0", "{damage: true}", "a whole number is expected, not true"),
    ("abilities.0.do.0", "{heal: 100}", "less than or equal to 99"),
    ("abilities.0.do.0", "{damage-over-time: 1, rolls: true}", "not true"),
    ("abilities.0.do", "[" + ", ".join(["{damage: 1}"] * 13) + "]",
     "List should have at most 12 items"),
])
def test_numbers_are_whole_numbers_within_bounds(path, value, message):
    with pytest.raises(ContentError, match=message):
        new_game("cryptids", content_set={f"{JACKALOPE}.{path}": parse_value(value)})


def test_bounds_and_booleans_are_checked_in_files_too(tmp_path):
    with pytest.raises(ContentError, match=r":4: cryptids\.1\.hp: Value error, a whole number"):
        new_game("cryptids", options={"left": write_team(
            tmp_path, "name: Mine\ncryptids:\n  - yeti\n  - {cryptid: nessie, hp: true}\n")})
    with pytest.raises(ContentError, match=r":3: cryptids\.0\.hp: Input should be less than or"):
        new_game("cryptids", options={"left": write_team(
            tmp_path, "name: Mine\ncryptids:\n  - {cryptid: nessie, hp: 1000000000}\n")})
    assert new_game("cryptids", options={"left": write_team(
        tmp_path, "name: Mine\ncryptids:\n  - {cryptid: nessie, hp: 999}\n")}).over


@pytest.mark.parametrize("text", ["", "\n# nothing\n", "- yeti\n", "yeti\n"])
def test_a_team_file_that_is_no_team_says_what_a_team_file_holds(tmp_path, text):
    with pytest.raises(ContentError) as error:
        new_game("cryptids", options={"left": write_team(tmp_path, text)})
    message = str(error.value)
    assert "a team file gives a name and its cryptids" in message
    assert "TeamFile" not in message and "instance" not in message
