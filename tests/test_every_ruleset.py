"""Checks every registered ruleset keeps the engine's contracts. New rulesets join automatically."""

from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from rulekeeper.agents import RandomAgent
from rulekeeper.core import registry
from rulekeeper.core.game import new_game, replay
from rulekeeper.core.layout import departures
from rulekeeper.core.rules_index import find_rule_tests

RULESETS = registry.ids()
TESTS = Path(__file__).parent

@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_games_finish_and_replay_identically(ruleset_id):
    ruleset = registry.load(ruleset_id)
    known = {e.id for e in ruleset.rule_index}
    for seed in range(20):
        game = new_game(ruleset_id, seed=seed)
        agents = {seat: RandomAgent(seat, seed * 31 + i) for i, seat in enumerate(game.seats)}
        while not game.over:
            decision = game.pending
            assert decision.rule in known, f"a decision cites {decision.rule!r}, not in the index"
            game.step(agents[decision.player].choose(None, decision))
            assert ruleset.invariant_violations(game.table) == [], (seed, len(game.decisions))
        assert len(game.decisions) <= ruleset.meta.max_length
        assert game.result.winner in (None, *ruleset.sides(game.table.options))
        again = replay(game.record())
        assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
        assert again.result == game.result
        for event in game.events:
            assert event.rule in known, f"event {event.kind!r} cites {event.rule!r}, not in the index"
            assert event.kind in ruleset.messages.templates, f"no template for event {event.kind!r}"
            for locale in ruleset.messages.locales:
                ruleset.messages.render(event, locale)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_rule_has_a_test_and_every_marked_rule_exists(ruleset_id):
    ruleset = registry.load(ruleset_id)
    ids = [e.id for e in ruleset.rule_index]
    assert ids, "the rule index is empty"
    assert len(ids) == len(set(ids)), "rule ids repeat"
    tested = find_rule_tests(TESTS)
    untested = [i for i in ids if i not in tested]
    assert untested == [], f"{len(untested)} rules without a test: {untested[:20]}"


def test_every_marked_rule_exists_in_some_index():
    known = {"duel.deal", "duel.play", "duel.reveal", "duel.reveal.higher", "duel.tie-break"}
    for ruleset_id in RULESETS:
        known |= {e.id for e in registry.load(ruleset_id).rule_index}
    unknown = {rule: tests for rule, tests in find_rule_tests(TESTS).items() if rule not in known}
    assert unknown == {}, f"tests mark rules that no index has: {sorted(unknown)[:20]}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_rule_is_applied_by_code_or_marked_descriptive(ruleset_id):
    ruleset = registry.load(ruleset_id)
    sites = ruleset.rule_book.code_sites()
    neither = [e.id for e in ruleset.rule_index if not sites.get(e.id) and not e.descriptive]
    assert neither == [], f"{len(neither)} rules with no code site and no descriptive mark: " \
                          f"{neither[:20]}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_sample_content_file_validates_against_its_exported_schema(ruleset_id):
    content = registry.load(ruleset_id).content_set
    data, _ = content.raw()
    for name in content.files:
        schema = content.schema(name)
        Draft202012Validator.check_schema(schema)
        errors = [f"{name}.yaml {list(e.absolute_path)}: {e.message}"
                  for e in Draft202012Validator(schema).iter_errors(data[name])]
        assert errors == [], f"{len(errors)} errors, first: {errors[:3]}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_package_keeps_the_skeleton_declared_in_core(ruleset_id):
    assert departures(type(registry.load(ruleset_id))) == []
