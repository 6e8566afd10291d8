"""A seat's pending decision in the page's language: its prompt and its options' labels are
worded when the view is sent (the record keeps option ids only), its ids the same in every
language, and an id read from a French page decides."""

from __future__ import annotations

import pytest

from tests.server.conftest import sign_up

GAMES = {
    "combat-encounter": {"options": {"players": 2},
                         "seats": {"p1": {"kind": "human"}, "p2": {"kind": "human"}}},
    "enemy-attacks": {"options": {"players": 1}},
    "dire-alliance-battle": {"seats": {"red": {"kind": "human"}, "blue": {"kind": "human"}}},
    "dire-alliance-raid": {},
}


@pytest.mark.parametrize("ruleset_id", sorted(GAMES))
def test_a_seats_decision_is_sent_in_the_pages_language_with_the_same_ids(client, ruleset_id):
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": ruleset_id, "seed": 4, **GAMES[ruleset_id]},
                       headers=alice).json()
    for _ in range(4):
        path = f"/api/games/{view['id']}?seat={view['turn']}"
        english = client.get(path, headers=alice).json()["view"]["pending"]
        french = client.get(path + "&lang=fr", headers=alice).json()["view"]["pending"]
        assert [o["id"] for o in french["options"]] == [o["id"] for o in english["options"]]
        assert (french["kind"], french["rule"], french["player"]) == (
            english["kind"], english["rule"], english["player"])
        assert french["prompt"] != english["prompt"]
        assert all(f["label"] != e["label"]
                   for f, e in zip(french["options"], english["options"], strict=True))
        body = {"seat": view["turn"], "option": french["options"][-1]["id"],
                "version": view["version"]}
        answer = client.post(f"/api/games/{view['id']}/decisions?lang=fr", json=body,
                             headers=alice)
        assert answer.status_code == 200, answer.text
        view = answer.json()
        if view["over"]:
            break
        mine = view["view"]["pending"]
        assert mine is None or mine["prompt"] == client.get(
            f"/api/games/{view['id']}?seat={view['seat']}&lang=fr",
            headers=alice).json()["view"]["pending"]["prompt"]
    # the decisions a replay shows between its events: asked and chosen, in the page's language
    path = f"/api/games/{view['id']}/frames"
    english = client.get(path, headers=alice).json()["decisions"]
    french = client.get(path + "?lang=fr", headers=alice).json()["decisions"]
    assert english and [d["rule"] for d in french] == [d["rule"] for d in english]
    assert all(f["prompt"] != e["prompt"] and f["choice"] != e["choice"]
               for f, e in zip(french, english, strict=True))


def test_a_runs_ability_question_is_sent_in_french(client):
    """A cryptids run played on /play in French: after a buy, the ability question is sent
    worded, not refused by a 500 (its damage, read back as text, broke the French plural)."""
    alice = sign_up(client, "alice")
    view = client.post("/api/games", json={"ruleset": "cryptids-run", "seed": 0},
                       headers=alice).json()
    buy = next(o["id"] for o in view["view"]["pending"]["options"] if o["id"].startswith("buy"))
    answer = client.post(f"/api/games/{view['id']}/decisions?lang=fr", headers=alice,
                         json={"seat": view["turn"], "option": buy, "version": view["version"]})
    assert answer.status_code == 200, answer.text
    labels = [o["label"] for o in answer.json()["view"]["pending"]["options"]]
    english = client.get(f"/api/games/{view['id']}?seat={view['turn']}", headers=alice).json()
    assert labels != [o["label"] for o in english["view"]["pending"]["options"]]
