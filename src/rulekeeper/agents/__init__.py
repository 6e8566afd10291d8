"""Agents make decisions: ``choose(view, decision) -> option id``.

Generic agents work for every ruleset; a ruleset adds its own bots by name in
``Ruleset.bots``. Agents that do not read the view say so (``uses_view = False``),
so drivers can skip building it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from rulekeeper.core.decisions import Decision
from rulekeeper.core.errors import UsageError
from rulekeeper.core.game import Game
from rulekeeper.core.registry import import_target
from rulekeeper.core.rng import derive_seed
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.rulings import did_you_mean


@runtime_checkable
class Agent(Protocol):
    uses_view: bool

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str: ...


class RandomAgent:
    """Picks uniformly among the options, from its own seeded generator."""

    uses_view = False

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        return decision.options[int(self._random.random() * len(decision.options))].id


class FirstOptionAgent:
    """Always picks the first option offered."""

    uses_view = False

    def __init__(self, seat: str = "", seed: int = 0) -> None:
        pass

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        return decision.options[0].id


GENERIC: dict[str, type[RandomAgent] | type[FirstOptionAgent]] = {
    "random": RandomAgent, "first": FirstOptionAgent}


def agent_names(ruleset: Ruleset) -> list[str]:
    return sorted({*GENERIC, "human", *ruleset.bots})


def make_agent(name: str, ruleset: Ruleset, seat: str, seed: int) -> Agent:
    """The agent called ``name`` for ``seat``: generic, ``human``, or one of the ruleset's bots."""
    if name == "human":
        from rulekeeper.agents.human import HumanAgent

        return HumanAgent(ruleset, seat)
    if name in ruleset.bots:
        factory = import_target(ruleset.bots[name])
        agent: Agent = factory(seat, seed)
        return agent
    if name in GENERIC:
        return GENERIC[name](seat, seed)
    names = agent_names(ruleset)
    raise UsageError(f"unknown agent {name!r}{did_you_mean(name, names)}; "
                     f"agents for {ruleset.meta.id}: {', '.join(names)}")


def seat_agents(ruleset: Ruleset, seats: tuple[str, ...], names: list[str] | None,
                seed: int, default: str | None = None) -> dict[str, Agent]:
    """One agent per seat from a list of names; the last name repeats for the other seats."""
    chosen = names or [default or ruleset.default_bot]
    if len(chosen) > len(seats):
        raise UsageError(f"{len(chosen)} agents given for {len(seats)} seats ({', '.join(seats)})")
    chosen = chosen + [chosen[-1]] * (len(seats) - len(chosen))
    return {seat: make_agent(name, ruleset, seat, derive_seed(seed, 1000 + i))
            for i, (seat, name) in enumerate(zip(seats, chosen, strict=True))}


def play_out(game: Game, agents: Mapping[str, Agent]) -> Game:
    """Let the agents decide until the game is over."""
    while game.pending is not None:
        decision = game.pending
        agent = agents[decision.player]
        view = game.view(decision.player) if agent.uses_view else None
        game.step(agent.choose(view, decision))
    return game
