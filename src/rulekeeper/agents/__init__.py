"""Agents make decisions: ``choose(view, decision) -> option id``.

Generic agents work for every ruleset; a ruleset adds its own bots by name in
``Ruleset.bots``. Agents that do not read the view say so (``uses_view = False``),
so drivers can skip building it. A bot may read the game's typed table instead
(``choose_from(table, decision) -> option id``), reading only what its seat may know
(the Dire Alliance bots: a view is built for people, and building one per decision cost
more than the rules). A searching agent (``mcts``) looks ahead in samples of the game
(``search(game) -> option id``). Drivers ask every agent with :func:`decide`.

An agent is named by a spec: its name, then options, each ``:key=value``
(``mcts:budget=100ms:rollout=heuristic``); :func:`with_options` adds the command line's
``--agent-option`` values to the agents that take options.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from rulekeeper.core.decisions import Decision
from rulekeeper.core.errors import UsageError
from rulekeeper.core.game import Game
from rulekeeper.core.rng import derive_seed
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.core.targets import import_target


@runtime_checkable
class Agent(Protocol):
    uses_view: bool

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str: ...


def decide(agent: Agent, game: Game) -> str:
    """``agent``'s option for the game's pending decision: an agent that searches (one with
    ``search(game) -> option id``, such as ``mcts``) gets the game; a bot that reads the
    typed table (one with ``choose_from(table, decision) -> option id``) gets the table;
    the others the deciding seat's view (when they use it)."""
    decision = game.pending
    if decision is None:
        raise UsageError("the game is over; there is no decision to make")
    search = getattr(agent, "search", None)  # (a runtime-checked Protocol is slow)
    if search is not None:
        option: str = search(game)
        return option
    choose_from = getattr(agent, "choose_from", None)
    if choose_from is not None:
        chosen: str = choose_from(game.table, decision)
        return chosen
    return agent.choose(game.view(decision.player) if agent.uses_view else None, decision)


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


TAKES_OPTIONS = ("mcts",)
"""The agents that take options (``mcts:budget=100ms``)."""


def agent_names(ruleset: Ruleset) -> list[str]:
    return sorted({*GENERIC, *TAKES_OPTIONS, "human", *ruleset.bots})


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """An agent spec's name and options.

    >>> parse_spec("mcts:budget=100ms:rollout=heuristic")
    ('mcts', {'budget': '100ms', 'rollout': 'heuristic'})
    """
    name, *items = spec.split(":")
    options: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise UsageError(f"agent {spec!r}: options are written :key=value "
                             f"(e.g. mcts:budget=100ms)")
        options[key.strip()] = value.strip()
    return name.strip(), options


def with_options(specs: list[str], options: list[str]) -> list[str]:
    """``--agent-option key=value`` values added to every agent of ``specs`` that takes
    options; refused when none does.

    >>> with_options(["mcts", "heuristic"], ["budget=100ms"])
    ['mcts:budget=100ms', 'heuristic']
    """
    if not options:
        return specs
    for item in options:
        parse_spec("agent:" + item)
    takers = [parse_spec(s)[0] in TAKES_OPTIONS for s in specs]
    if not any(takers):
        raise UsageError(f"--agent-option: none of the agents ({', '.join(specs)}) takes "
                         f"options; those that do: {', '.join(TAKES_OPTIONS)}")
    return [":".join([spec, *options]) if takes else spec
            for spec, takes in zip(specs, takers, strict=True)]


def make_agent(spec: str, ruleset: Ruleset, seat: str, seed: int, lang: str = "en") -> Agent:
    """The agent ``spec`` names for ``seat``: generic, ``human`` (asking in ``lang``),
    ``mcts`` (with options), or one of the ruleset's bots."""
    name, options = parse_spec(spec)
    if name == "mcts":
        from rulekeeper.agents.mcts import MctsAgent

        return MctsAgent.from_options(ruleset, seat, seed, options)
    if options:
        raise UsageError(f"agent {name!r} takes no options; those that do: "
                         f"{', '.join(TAKES_OPTIONS)}")
    if name == "human":
        from rulekeeper.agents.human import HumanAgent

        return HumanAgent(ruleset, seat, lang=lang)
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
                seed: int, default: str | None = None, lang: str = "en") -> dict[str, Agent]:
    """One agent per seat from a list of names; the last name repeats for the other seats
    (a person, ``human``, is asked in ``lang``)."""
    chosen = names or [default or ruleset.default_bot]
    if len(chosen) > len(seats):
        raise UsageError(f"{len(chosen)} agents given for {len(seats)} seats ({', '.join(seats)})")
    chosen = chosen + [chosen[-1]] * (len(seats) - len(chosen))
    return {seat: make_agent(name, ruleset, seat, derive_seed(seed, 1000 + i), lang)
            for i, (seat, name) in enumerate(zip(seats, chosen, strict=True))}


def play_out(game: Game, agents: Mapping[str, Agent]) -> Game:
    """Let the agents decide until the game is over."""
    while game.pending is not None:
        game.step(decide(agents[game.pending.player], game))
    return game
