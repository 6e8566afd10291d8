"""A simple shopper over the runs API: buy while it can, keep the first ability, end the shop."""

from __future__ import annotations


def shop_action(run):
    """The next shop action of the simple shopper, or None to end the shop."""
    options = [o["id"] for o in run["pending"]["options"]]
    if run["pending"]["kind"] == "ability":
        return options[0]
    buys = [o for o in options if o.startswith("buy-")]
    return buys[0] if buys else None


def play_shop(client, headers, run):
    """Shop until the simple shopper ends the shop; returns the end-shop answer."""
    while (action := shop_action(run)) is not None:
        response = client.post(f"/api/runs/{run['id']}/actions",
                               json={"action": action, "version": run["version"]},
                               headers=headers)
        assert response.status_code == 200, response.text
        run = response.json()
    response = client.post(f"/api/runs/{run['id']}/end-shop", json={"version": run["version"]},
                           headers=headers)
    assert response.status_code == 200, response.text
    return response.json()
