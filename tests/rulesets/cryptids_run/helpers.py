"""Runs with a tiny stock and scripted opponents, so that battles end as a test wants.

The stock sells only Kappas (tier 1, 5 HP) whose abilities cannot deal damage, so a
battle ends after its first roll by "no side can deal damage": the higher total HP
wins, equal HP tie. An opponent Kappa with 1 HP loses, one with 99 HP wins, one with
5 HP ties.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core.game import Game, new_game
from rulekeeper.rulesets.cryptids_run.snapshots import Snapshot


def mend(option: str = "mend", amount: int = 1) -> dict[str, Any]:
    return {"id": option, "name": {"en": option.title(), "fr": option.title()},
            "when": {"total": 13}, "do": [{"heal": amount}]}


KAPPAS = [{"id": "kappa", "abilities": [mend("mend", 1), mend("calm", 2)]}]


def fielded(hp: int = 5, cryptid: str = "kappa", ability: dict[str, Any] | None = None,
            threat: int = 2) -> dict[str, Any]:
    return {"cryptid": cryptid, "ability": ability or mend(), "hp": hp, "threat": threat}


def snapshot(player: str = "rival", round_: int = 1, row: list[dict[str, Any]] | None = None,
             mu: float = 25.0, sigma: float = 25 / 3, run: str | None = None,
             ghost: bool = False) -> Snapshot:
    run = run or f"{player}-run"
    return Snapshot.model_validate({
        "id": f"{run}:{round_}", "run": run, "player": player, "round": round_,
        "rating": {"mu": mu, "sigma": sigma}, "ghost": ghost,
        "row": row if row is not None else [fielded()]})


class Opponents:
    """A source that answers each request with a snapshot of its round (and keeps the
    requests): ``hps`` is the opponent Kappa's HP battle after battle (repeating the last)."""

    def __init__(self, *hps: int, player: str = "rival", mu: float = 25.0) -> None:
        self.hps = list(hps) or [1]
        self.player = player
        self.mu = mu
        self.requests: list[dict[str, Any]] = []

    def __call__(self, kind: str, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        hp = self.hps[min(len(self.requests), len(self.hps)) - 1]
        opponent = snapshot(self.player, request["round"], [fielded(hp)], mu=self.mu)
        return {"opponent": opponent.model_dump(mode="json"), "reason": "closest"}


def kappa_run(source: Any = None, seed: int = 0, log: bool = True, **options: Any) -> Game:
    """A run whose shop sells only harmless Kappas."""
    content_set = {"stock.stock": KAPPAS, **options.pop("content_set", {})}
    return new_game("cryptids-run", seed=seed, log=log, source=source or Opponents(1),
                    content_set=content_set, options=options)


def buy_and_end(game: Game, ability: str = "mend") -> None:
    """Buy the first offer into place 1 (keeping ``ability``), then end the shop."""
    game.step("buy-1-1")
    game.step(ability)
    game.step("end")


def kinds(game: Game, prefix: str = "") -> list[str]:
    return [e.kind for e in game.events if e.kind.startswith(prefix)]


def data(game: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events if e.kind == kind]


def state(game: Game) -> dict[str, Any]:
    view: dict[str, Any] = game.view("player")["state"]
    return view
