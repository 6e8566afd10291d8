import pytest

from rulekeeper.core import registry
from rulekeeper.core.errors import RulesetError, UnknownRuleset
from tests.core.duel import Duel


class DuelV2(Duel):
    meta = Duel.meta.__class__(**{**Duel.meta.__dict__, "version": 2})


def test_unversioned_id_gets_the_newest_version():
    registry.register("duel-v2", "tests.core.test_registry:DuelV2")
    try:
        assert registry.resolve_id("duel") == "duel-v2"
        assert registry.load("duel-v1").meta.version == 1
        assert registry.load("duel").meta.id == "duel-v2"
    finally:
        registry.unregister("duel-v2")


def test_unknown_id_suggests_a_close_one():
    with pytest.raises(UnknownRuleset, match="did you mean 'duel"):
        registry.load("duell")


def test_ids_must_be_versioned():
    with pytest.raises(ValueError, match="name-vN"):
        registry.register("duel", Duel)


def test_an_entry_must_be_the_ruleset_it_claims():
    registry.register("other-v1", Duel)
    try:
        with pytest.raises(RulesetError, match="calls itself duel-v1"):
            registry.load("other-v1")
    finally:
        registry.unregister("other-v1")


def test_metadata_is_declared_once():
    meta = registry.load("duel").meta
    assert (meta.id, meta.players, meta.chance, meta.hidden_information, meta.max_length) == (
        "duel-v1", ("north", "south"), True, True, 6)
