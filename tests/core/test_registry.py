import pytest

from rulekeeper.core import registry
from rulekeeper.core.errors import RulesetError, UnknownRuleset
from tests.core.duel import Duel


class DuelV2(Duel):
    meta = Duel.meta.__class__(**{**Duel.meta.__dict__, "version": 2})


class DuelV3(Duel):
    meta = Duel.meta.__class__(**{**Duel.meta.__dict__, "version": 3})


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


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch):
    """A plug-in package declaring ``duel-v3`` in the entry-point group; the entry points
    not read yet."""
    from importlib import metadata

    point = metadata.EntryPoint("duel-v3", "tests.core.test_registry:DuelV3",
                                registry.RULESET_GROUP)
    reads: list[str] = []

    def entry_points(group: str) -> list[metadata.EntryPoint]:
        reads.append(group)
        return [point] if group == registry.RULESET_GROUP else []

    monkeypatch.setattr(metadata, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_plugins_read", False)
    monkeypatch.setattr(registry, "_entries", dict(registry._entries))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    yield reads


def test_a_built_in_name_is_found_without_reading_the_entry_points(plugin: list[str]):
    assert registry.resolve_id("cryptids") == "cryptids-v1"
    assert registry.known("cryptids-v1")
    assert plugin == []


def test_a_plug_in_is_found_by_its_entry_point(plugin: list[str]):
    assert registry.resolve_id("duel-v3") == "duel-v3"
    assert plugin == [registry.RULESET_GROUP]
    assert registry.load("duel-v3").meta.version == 3
    assert "duel-v3" in registry.ids()
    assert plugin == [registry.RULESET_GROUP]  # read once


def test_every_built_in_ruleset_loads_as_the_id_it_is_listed_under():
    for ruleset_id in registry.BUILT_IN:
        assert registry.load(ruleset_id).meta.id == ruleset_id
