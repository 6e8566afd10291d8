"""One client cannot take the service's shared capacity: a replay's work and answer are
bounded, and the work of the accounts one address makes is charged to that address."""

from rulekeeper.core import registry
from rulekeeper.core.game import new_game
from tests.server.conftest import make_client, sign_up


def long_battle() -> dict:
    """A cryptids battle of every cryptid at 999 HP: hundreds of events."""
    sample, _ = registry.load("cryptids").content_set.raw()
    hp = {f"cryptids.cryptids.{c['id']}.hp": 999 for c in sample["cryptids"]["cryptids"]}
    game = new_game("cryptids", seed=1, content_set=hp)
    assert len(game.events) > 300
    return game.record().model_dump(mode="json")


def test_a_replay_of_more_events_than_the_server_plays_back_is_refused(db_url):
    with make_client(db_url, replay_events=300) as client:
        me = sign_up(client, "alice")
        refused = client.post("/api/replay", json=long_battle(), headers=me)
        assert refused.status_code == 413, refused.text
        assert "at most 300 are played back here" in refused.json()["error"]
        short = new_game("cryptids", seed=1).record().model_dump(mode="json")
        assert client.post("/api/replay", json=short, headers=me).status_code == 200


def test_the_accounts_of_one_address_share_its_work_budget(db_url):
    with make_client(db_url, address_budget=0.001) as client:
        record = new_game("cryptids", seed=1).record().model_dump(mode="json")
        first = client.post("/api/replay", json=record, headers=sign_up(client, "alice"))
        assert first.status_code == 200
        fresh = client.post("/api/replay", json=record, headers=sign_up(client, "bob"))
        assert fresh.status_code == 429 and "Retry-After" in fresh.headers
        assert "an address" in fresh.json()["error"]
