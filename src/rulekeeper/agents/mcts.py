"""``mcts``: Monte Carlo tree search (PUCT) through the decision contract only.

Each iteration imagines a world the deciding seat may believe in (``game.sample``: the
coming dice are its own, and where information is hidden the ruleset's ``determinize``
redraws what the seat cannot know, which makes this information-set MCTS), walks down the
tree of decisions by PUCT (the mean score so far plus a bonus in proportion to the prior
bot's share of the option, fading with the option's visits), adds one decision, plays on
with a rollout policy (random or a bot of the ruleset) to the end or for ``depth``
decisions, and credits every decision on the way with how the game ended for the seat that
made it. The tree is open-loop: a node is a sequence of decisions, whatever the dice did
(different worlds may offer different options at it). What the rules automate (enemies,
cryptid battles) stays automated inside the worlds. The choice is the most visited option.

Options (``mcts:budget=100ms:rollout=heuristic``, or ``--agent-option budget=100ms``):

- ``budget``: iterations per decision (``200``) or a time (``100ms``, ``1.5s``); default 200.
  A time is the search's own processor time (its thread's), so a busy machine does not cut
  a search short; on an idle one it is the time the search takes. An iteration budget
  makes the agent's choices a function of its seed; a time budget depends on the machine.
- ``rollout``: ``random`` (default), or a bot of the ruleset (``heuristic``).
- ``prior``: a bot that shares the exploration bonus out among the options at each node:
  a softmax of its scores (a bot with ``weigh(table, decision)``, the one-step bots of Dire
  Alliance) at ``temperature``, else half for its choice and the rest evenly; it also
  breaks ties of the final choice. With a small budget the search then plays like that bot
  and departs from it only on evidence. Default: the rollout bot, or ``none`` (every option
  tried once first, then the whole bonus each) with random rollouts.
- ``depth``: stop a rollout after this many decisions and score it by the ruleset's
  ``evaluate`` (each side's chance to win, where the ruleset has an estimate), else its
  ``judge`` (the rules' own count of who is ahead; a tie when it has none); ``none`` or by
  default: play to the end.

A ruleset may declare the settings that suit it (``Ruleset.search``); the options given
override them.
- ``c``: the exploration constant of PUCT (default 0.3, ``C``).
- ``temperature``: the softmax temperature of a prior bot's scores, in its own units
  (default 5.0; lower follows its best option more closely).
- ``peek``: ``true`` lets the search see hidden information in a ruleset that cannot
  determinize yet (it is refused otherwise).
- ``reuse``: ``true`` (default) keeps, for the next decision, the part of the tree below the
  option chosen and the decisions taken since (matched by option id), so a seat deciding
  several times in a row goes on with what it found; ``false`` starts every search afresh.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.agents import Agent, agent_names, decide, make_agent
from rulekeeper.agents.scores import score
from rulekeeper.core.decisions import Decision
from rulekeeper.core.errors import RulesetError, UsageError
from rulekeeper.core.game import Game
from rulekeeper.core.rng import derive_seed
from rulekeeper.core.ruleset import Ruleset
from rulekeeper.core.rulings import did_you_mean

DEFAULT_ITERATIONS = 200
MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 3600.0

Key = tuple[str, str, str]
"""A decision taken: who decided, the kind of decision, the option id."""


@dataclass(frozen=True)
class Budget:
    """How long to search one decision: ``iterations``, or ``seconds`` of the clock."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``200`` iterations, ``100ms`` or ``1.5s``.

        >>> Budget.parse("100ms"), Budget.parse("50")
        (Budget(iterations=None, seconds=0.1), Budget(iterations=50, seconds=None))
        """
        raw = text.strip().lower()
        unit = 0.001 if raw.endswith("ms") else 1.0 if raw.endswith("s") else None
        number = raw.removesuffix("ms").removesuffix("s") if unit else raw
        try:
            value = float(number) if unit else int(number)
        except ValueError:
            raise UsageError(f"mcts budget {text!r}: give iterations (200) or a time "
                             f"(100ms, 1.5s)") from None
        if unit is None:
            if not 1 <= value <= MAX_ITERATIONS:
                raise UsageError(f"mcts budget {text!r}: 1 to {MAX_ITERATIONS} iterations")
            return cls(iterations=int(value))
        seconds = value * unit
        if not 0 < seconds <= MAX_SECONDS:
            raise UsageError(f"mcts budget {text!r}: more than 0 and at most an hour")
        return cls(iterations=None, seconds=seconds)

    def __str__(self) -> str:
        return f"{self.iterations}" if self.iterations else f"{(self.seconds or 0) * 1000:g}ms"


@dataclass(slots=True, init=False)
class Node:
    """A decision taken in the tree: how often it was tried and what it earned the seat
    that took it; how often the decision after it was reached, and the prior's share of
    each of its options (``prior``, from the first world that reached it). (Its
    ``__init__`` is written out: mypyc compiles it, not the one ``dataclass`` generates.)"""

    visits: int
    value: float
    reached: int
    children: dict[Key, Node]
    prior: dict[str, float] | None

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.reached = 0
        self.children = {}
        self.prior = None


C = 0.3
"""PUCT's exploration constant: of 1.0, 0.3 and 3 in Dire Alliance Battle at 40 iterations a
decision against the heuristic bot, 0.3 won most (benchmarks/bots.py, docs/bots.md)."""
TEMPERATURE = 5.0
"""The softmax temperature of a prior bot's scores, in the bot's own units."""
PRIOR_SHARE = 0.5
"""The prior's share of the chosen option, when the prior bot only chooses (no ``weigh``);
the other options share the rest."""


@dataclass
class Search:
    """What the last search did (``seconds``: processor time), for benchmarks and the
    curious."""

    iterations: int = 0
    seconds: float = 0.0
    reused: int = 0
    """Iterations of earlier searches kept in the tree (``reuse``)."""
    visits: dict[str, int] = field(default_factory=dict)


OPTIONS = ("budget", "rollout", "prior", "depth", "c", "temperature", "peek", "reuse")


class MctsAgent:
    """Chooses by Monte Carlo tree search in samples of the game (``search``)."""

    uses_view = False

    def __init__(self, ruleset: Ruleset[Any], seat: str = "", seed: int = 0, *,
                 budget: Budget | None = None, rollout: str = "random",
                 prior: str | None = None, depth: int | None = None, c: float = C,
                 temperature: float = TEMPERATURE, peek: bool = False, reuse: bool = True) -> None:
        if (ruleset.meta.hidden_information and not peek
                and type(ruleset).determinize is Ruleset.determinize):
            raise UsageError(f"mcts: {ruleset.meta.id} hides information but cannot yet "
                             f"imagine what a seat does not know (Ruleset.determinize); the "
                             f"search would see it: add --agent-option peek=true to allow it")
        self.ruleset = ruleset
        self.seat = seat
        self.budget = budget or Budget()
        self.rollout = rollout
        self.prior = prior
        self.depth = depth
        self.c = c
        self.temperature = temperature
        self.reuse = reuse
        self.last = Search()
        self._kept: tuple[list[str], Node] | None = None
        self._random = random.Random(seed)
        self._seed = seed
        self._bots: dict[tuple[str, str], Agent] = {}
        self._sides: dict[str, str] = {}

    @classmethod
    def from_options(cls, ruleset: Ruleset[Any], seat: str, seed: int,
                     options: Mapping[str, str]) -> MctsAgent:
        """The agent from ``key=value`` options as the command line gives them, over the
        ruleset's own settings (``Ruleset.search``)."""
        options = {**ruleset.search, **options}
        for key in options:
            if key not in OPTIONS:
                raise UsageError(f"mcts has no option {key!r}{did_you_mean(key, OPTIONS)}; "
                                 f"its options: {', '.join(OPTIONS)}")
        bots = [n for n in agent_names(ruleset) if n not in ("human", "mcts")]
        rollout = options.get("rollout", "random")
        if rollout not in bots:
            raise UsageError(f"mcts rollout {rollout!r}{did_you_mean(rollout, bots)}: "
                             f"the bots of {ruleset.meta.id}: {', '.join(bots)}")
        prior = options.get("prior", "none" if rollout == "random" else rollout)
        if prior != "none" and prior not in bots:
            raise UsageError(f"mcts prior {prior!r}{did_you_mean(prior, bots)}: none or "
                             f"one of the bots of {ruleset.meta.id}: {', '.join(bots)}")
        c = _number(options, "c", float, 0.0, 100.0)
        temperature = _number(options, "temperature", float, 0.01, 1000.0)
        return cls(ruleset, seat, seed,
                   budget=Budget.parse(options["budget"]) if "budget" in options else None,
                   rollout=rollout, prior=None if prior == "none" else prior,
                   depth=(None if options.get("depth") == "none"
                          else _number(options, "depth", int, 0, MAX_ITERATIONS)),
                   c=C if c is None else c,
                   temperature=TEMPERATURE if temperature is None else temperature,
                   peek=_flag(options, "peek"),
                   reuse=_flag(options, "reuse", "true"))

    def __repr__(self) -> str:
        return (f"MctsAgent({self.ruleset.meta.id!r}, {self.seat!r}, budget={self.budget}, "
                f"rollout={self.rollout!r})")

    def choose(self, view: Mapping[str, Any] | None, decision: Decision) -> str:
        raise RulesetError("mcts searches the game itself: drive it with agents.decide(agent, "
                           "game) or play_out")

    def search(self, game: Game) -> str:
        """The option to take for the game's pending decision."""
        decision = game.pending
        if decision is None:
            raise UsageError("mcts: the game is over; there is no decision to make")
        self.last = Search()
        if len(decision.options) == 1:
            return decision.options[0].id
        collecting = gc.isenabled()
        gc.disable()  # every world is released (Game.release): a search leaves no cycles, and
        # the collector's passes cost a twentieth of it for nothing (the same peak memory)
        try:
            return self._search(game, decision)
        finally:
            if collecting:
                gc.enable()

    def _search(self, game: Game, decision: Decision) -> str:
        start = time.thread_time()
        root = self._kept_tree(game) or Node()
        self.last.reused = sum(child.visits for child in root.children.values())
        seat = decision.player
        self._sides = {s: self.ruleset.side_of(game.table.options, s) for s in game.seats}
        iterations = self.budget.iterations
        deadline = start + (self.budget.seconds or 0.0)
        while True:
            world = game.sample(seat, self._random.getrandbits(63))
            self._iterate(root, world)
            self.last.iterations += 1
            if iterations is not None:
                if self.last.iterations >= iterations:
                    break
            elif time.thread_time() >= deadline:
                break
        self.last.seconds = time.thread_time() - start
        keys = [(seat, decision.kind, option) for option in decision.ids]
        self.last.visits = {k[2]: root.children[k].visits for k in keys if k in root.children}
        prior = root.prior or {}
        best = max((k for k in keys if k in root.children),
                   key=lambda k: (root.children[k].visits, prior.get(k[2], 0.0),
                                  root.children[k].value))
        if self.reuse:
            self._kept = ([*game.decisions, best[2]], root.children[best])
        return best[2]

    def _kept_tree(self, game: Game) -> Node | None:
        """The part of the last search's tree that lies below the decisions taken since it
        (the seat's own, the others', the rules' single options), when they can be followed:
        a node's children are matched by option id, and a node with none or several that
        match (or another game) ends the reuse."""
        if self._kept is None:
            return None
        before, node = self._kept
        self._kept = None
        if game.decisions[:len(before)] != before:
            return None
        for option in game.decisions[len(before):]:
            found = [child for key, child in node.children.items() if key[2] == option]
            if len(found) != 1:
                return None
            node = found[0]
        return node

    def _iterate(self, root: Node, world: Game) -> None:
        """One iteration: select and expand in ``world``, roll out, back up."""
        node = root
        path: list[tuple[Node, str]] = []
        while world.pending is not None:
            decision = world.pending
            if node.prior is None:
                node.prior = self._prior(world)
            node.reached += 1
            key = self._select(node, decision)
            child = node.children.get(key)
            world.step(key[2])
            if child is None:
                child = node.children[key] = Node()
                path.append((child, decision.player))
                break
            path.append((child, decision.player))
            node = child
        scores = self._play_on(world)
        world.release()
        for child, player in path:
            child.visits += 1
            child.value += scores[player]

    def _prior(self, world: Game) -> dict[str, float]:
        """Each option's share of the prior at the world's pending decision: a softmax of
        the prior bot's scores (``weigh``) at ``temperature``, or ``PRIOR_SHARE`` for its
        choice; without a prior, the whole bonus to each option (every option is then
        tried once first, and explored as by UCB)."""
        decision = world.pending
        assert decision is not None
        ids = decision.ids
        if self.prior is None or len(ids) == 1:
            return dict.fromkeys(ids, 1.0)
        bot = self._bot(self.prior, decision.player)
        weigh = getattr(bot, "weigh", None)
        scores = weigh(world.table, decision) if weigh else None
        if scores:
            top = max(scores.values())
            exp = {o: math.exp((v - top) / self.temperature) for o, v in scores.items()}
            total = sum(exp.values())
            return {o: e / total for o, e in exp.items()}
        choice = decide(bot, world)
        rest = (1 - PRIOR_SHARE) / (len(ids) - 1)
        return {o: PRIOR_SHARE if o == choice else rest for o in ids}

    def _select(self, node: Node, decision: Decision) -> Key:
        """The option of the highest prior-weighted bound of PUCT (the first of equals):
        the mean score so far (an untried option: the mean of the options tried here;
        without a prior, above any other), plus ``c`` times the option's prior share, the
        square root of the visits here, over 1 + the option's visits."""
        prior = node.prior
        assert prior is not None
        root = math.sqrt(node.reached)
        player, kind = decision.player, decision.kind
        children = node.children
        mean: float | None = None  # of the options tried here, worked out once
        best: Key | None = None
        top = 0.0
        for offered in decision.options:
            option = offered.id
            key = (player, kind, option)
            share = prior.get(option, 0.0)
            child = children.get(key)
            if child is not None:
                bound = (child.value / max(child.visits, 1)
                         + self.c * share * root / (1 + child.visits))
            elif self.prior is None:
                bound = math.inf  # without a prior, every option is tried once first
            else:
                if mean is None:
                    tried = [c for k, c in children.items() if k[0] == player and k[1] == kind]
                    visits = sum(c.visits for c in tried)
                    mean = sum(c.value for c in tried) / visits if visits else 0.5
                bound = mean + self.c * share * root
            if best is None or bound > top:
                best, top = key, bound
        assert best is not None
        return best

    def _play_on(self, world: Game) -> dict[str, float]:
        """Roll out to the end (or ``depth`` decisions); each seat's score."""
        played = 0
        while world.pending is not None and (self.depth is None or played < self.depth):
            decision = world.pending
            if self.rollout == "random":
                option = decision.options[int(self._random.random() * len(decision.options))].id
            else:
                option = decide(self._bot(self.rollout, decision.player), world)
            world.step(option)
            played += 1
        sides = self._sides  # every world's seats are the game's
        if world.result is not None:
            winner = world.result.winner
        else:
            chances = self.ruleset.evaluate(world.table)
            if chances is not None:
                return {seat: chances.get(side, 0.5) for seat, side in sides.items()}
            winner = self.ruleset.judge(world.table)
        return {seat: score(side, winner) for seat, side in sides.items()}

    def _bot(self, name: str, seat: str) -> Agent:
        """The rollout or prior bot ``name`` for ``seat``, made once."""
        agent = self._bots.get((name, seat))
        if agent is None:
            agent = make_agent(name, self.ruleset, seat, derive_seed(self._seed, len(self._bots)))
            self._bots[name, seat] = agent
        return agent


def _number(options: Mapping[str, str], key: str, kind: type[int] | type[float],
            low: float, high: float) -> Any:
    if key not in options:
        return None
    try:
        value = kind(options[key])
    except ValueError:
        raise UsageError(f"mcts {key}={options[key]!r}: not a number") from None
    if not low <= value <= high:
        raise UsageError(f"mcts {key}={options[key]!r}: between {low:g} and {high:g}")
    return value


def _flag(options: Mapping[str, str], key: str, default: str = "false") -> bool:
    value = options.get(key, default).lower()
    if value not in ("true", "false", "yes", "no"):
        raise UsageError(f"mcts {key}={options[key]!r}: true or false")
    return value in ("true", "yes")
