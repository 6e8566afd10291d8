"""Search bots and forks: what a fork costs, how fast ``mcts`` decides, how often it wins.

Five measurements, each printed as a Markdown table (``--write`` puts them in
docs/benchmarks.md between this script's markers):

- ``forks``: processor time of one ``game.fork()`` and one ``game.sample()`` at a quarter,
  half and three quarters of a random game, against replaying the game from its record; the
  tests' duel with and without ``resume`` shows what checkpoints change.
- ``speed``: decisions per second of ``mcts`` at a fixed iteration budget, and iterations
  per second, with random and heuristic rollouts, at the first decisions of a game.
- ``balance``: the Dire Alliance leader matrix (the Shroud's leader against the Grievers')
  with the heuristic bot and with ``mcts`` at both seats, and the Raid heroes' win rate by
  party size with ``mcts`` at every seat (``--games`` a cell; the heuristic five times as
  many).
- ``winrate``: ``mcts`` at two budgets against each ruleset's heuristic bot, with 95%
  Wilson intervals. Where the seats are sides (red against blue) mcts plays each seat in
  half of the games against the heuristic bot; where every seat plays one side against the
  rules' automation (the heroes), the side's win rate with mcts at every seat is set
  beside the same games played by the heuristic bot.
- ``choice``: how much the decisions matter where the dice may decide most games: the
  heuristic bot against random play, and ``mcts`` at ``--budgets`` against the heuristic
  bot, each agent at every seat on the same seeds.

Times are processor time (the machine may be shared); time budgets of ``mcts`` are its
own processor time too.

Run: .venv/bin/python benchmarks/bots.py forks|speed|winrate|choice|balance [--games 100]
     [--budgets 25ms,100ms] [--ruleset ID ...] [--workers 2] [--write docs/benchmarks.md]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.pages import write_section  # noqa: E402
from tests.agents.games import Nim, RerunNim  # noqa: E402
from tests.core.duel import Duel  # noqa: E402

from rulekeeper.agents import decide, make_agent, seat_agents  # noqa: E402
from rulekeeper.agents.mcts import MctsAgent  # noqa: E402
from rulekeeper.core import registry  # noqa: E402
from rulekeeper.core.game import Game, new_game, replay  # noqa: E402
from rulekeeper.core.ruleset import Ruleset  # noqa: E402
from rulekeeper.lab.batch import BatchSpec  # noqa: E402
from rulekeeper.lab.run import Plan, run_batch  # noqa: E402
from rulekeeper.lab.stats import wilson  # noqa: E402


def cpu() -> float:
    """Processor seconds of this process and its finished children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def deciding() -> list[str]:
    return [r for r in registry.ids() if registry.load(r).meta.max_length > 0]


def peek(ruleset: Ruleset[Any]) -> str:
    hidden = ruleset.meta.hidden_information
    return ":peek=true" if hidden and type(ruleset).determinize is Ruleset.determinize else ""


# --- forks -----------------------------------------------------------------------------------

TEST_GAMES = {"duel-v1": Duel, "nim-v1": Nim, "rerun-nim-v1": RerunNim}
"""The tests' resumable games, and Nim without ``resume``."""
OPTIONS = {"nim-v1": {"stones": 400}, "rerun-nim-v1": {"stones": 400}}


def random_game(ruleset_id: str, seed: int, log: bool) -> Game:
    game = new_game(ruleset_id, seed=seed, log=log, options=OPTIONS.get(ruleset_id))
    chooser = random.Random(seed)
    while game.pending is not None:
        game.step(chooser.choice(game.pending.ids))
    return game


def per_call(action: Any) -> float:
    """Milliseconds of processor time per call (calls repeated for at least 50 ms)."""
    calls, started = 0, time.process_time()
    while (spent := time.process_time() - started) < 0.05:
        action()
        calls += 1
    return spent / calls * 1000


def fork_costs(ruleset_id: str, games: int) -> dict[str, float]:
    """Milliseconds of processor time: fork and sample at 1/4, 1/2 and 3/4 of random games
    (logging off, as searches run), and a replay of the whole game."""
    costs: dict[str, list[float]] = {"replay": [], "decisions": []}
    for seed in range(games):
        full = random_game(ruleset_id, seed, log=False)
        costs["decisions"].append(len(full.decisions))
        costs["replay"].append(per_call(lambda f=full: replay(f.record(), log=False)))
        for share in (0.25, 0.5, 0.75):
            game = new_game(ruleset_id, seed=seed, log=False, options=OPTIONS.get(ruleset_id))
            for option in full.decisions[:int(len(full.decisions) * share)]:
                game.step(option)
            if game.pending is None:
                continue
            game.fork()  # the first fork re-runs the game; later ones resume when they can
            costs.setdefault(f"fork {share:.0%}", []).append(per_call(game.fork))
            seat = game.pending.player
            costs.setdefault(f"sample {share:.0%}", []).append(
                per_call(lambda g=game, s=seat: g.sample(s, 1)))
    return {name: sum(values) / len(values) for name, values in costs.items()}


def forks_table(rows: dict[str, dict[str, float]]) -> str:
    lines = ["| ruleset | resumes | decisions per game | replay of a game (ms) | fork at "
             "25% / 50% / 75% (ms) | sample at 25% / 50% / 75% (ms) |",
             "|---|---|---:|---:|---:|---:|"]
    for ruleset_id, m in rows.items():
        resumable = "yes" if registry.load(ruleset_id).resumable else "no (re-runs)"
        forks = " / ".join(f"{m.get(f'fork {p}', float('nan')):.2f}" for p in ("25%", "50%", "75%"))
        samples = " / ".join(f"{m.get(f'sample {p}', float('nan')):.2f}"
                             for p in ("25%", "50%", "75%"))
        lines.append(f"| {ruleset_id} | {resumable} | {m['decisions']:.0f} | {m['replay']:.2f} "
                     f"| {forks} | {samples} |")
    return "\n".join(lines)


def forks(args: argparse.Namespace) -> str:
    rows = {}
    chosen = args.ruleset or deciding()
    for ruleset_id, ruleset in TEST_GAMES.items():
        registry.register(ruleset_id, ruleset)
    for ruleset_id in [*TEST_GAMES, *chosen]:
        rows[ruleset_id] = fork_costs(ruleset_id, args.games)
        print(ruleset_id, rows[ruleset_id], file=sys.stderr)
    return (f"### What a fork costs\n\n`benchmarks/bots.py forks --games {args.games}` "
            f"({machine()}). Processor time per call, logging off, averaged over "
            f"{args.games} random games; `nim` (400 stones, a checkpoint every move) is a test "
            f"game that resumes, `rerun-nim` the same without `resume`.\n\n"
            f"{forks_table(rows)}\n")


# --- speed -----------------------------------------------------------------------------------

def search_speed(ruleset_id: str, rollout: str, iterations: int, decisions: int,
                 depth: int | None = None) -> dict[str, float]:
    """mcts at the first ``decisions`` decisions of a game that the heuristic bot plays."""
    ruleset = registry.load(ruleset_id)
    game = new_game(ruleset_id, seed=7, log=False)
    bots = seat_agents(ruleset, game.seats, [ruleset.default_bot], 7)
    spec = (f"mcts:budget={iterations}:rollout={rollout}:depth={depth or 'none'}"
            f"{peek(ruleset)}")
    searched, seconds, done = 0, 0.0, 0
    while game.pending is not None and searched < decisions:
        seat = game.pending.player
        if len(game.pending.options) > 1:
            agent = make_agent(spec, ruleset, seat, searched)
            started = time.thread_time()
            decide(agent, game)
            seconds += time.thread_time() - started
            done += agent.last.iterations
            searched += 1
        game.step(decide(bots[seat], game))
    return {"decisions/s": searched / seconds, "iterations/s": done / seconds}


def speed(args: argparse.Namespace) -> str:
    depths = [None, args.depth or 20]
    lines = ["| ruleset | rollout | depth | iterations per second | decisions per second at "
             f"{args.iterations} iterations |", "|---|---|---|---:|---:|"]
    for ruleset_id in args.ruleset or deciding():
        ruleset = registry.load(ruleset_id)
        for rollout in ("random", ruleset.default_bot):
            for depth in depths:
                m = search_speed(ruleset_id, rollout, args.iterations, args.decisions, depth)
                print(ruleset_id, rollout, depth, m, file=sys.stderr)
                lines.append(f"| {ruleset_id} | {rollout} | {depth or 'whole game'} "
                             f"| {m['iterations/s']:,.0f} | {m['decisions/s']:.2f} |")
    return (f"### How fast mcts decides\n\n`benchmarks/bots.py speed --decisions "
            f"{args.decisions} --iterations {args.iterations}` ({machine()}). Processor time "
            f"of the searches at the first "
            f"{args.decisions} decisions with more than one option of a game the heuristic "
            f"bot plays (seed 7), rollouts to the end of the game or cut after "
            f"{depths[1]} decisions (`depth`, scored by the ruleset's `evaluate` or "
            f"`judge`).\n\n" + "\n".join(lines) + "\n")


# --- win rates -------------------------------------------------------------------------------

def pair_rate(ruleset_id: str, agent: str, other: str, games: int,
              plan: Plan, seed: int = 11) -> tuple[int, int, int]:
    """Wins and ties of ``agent`` against ``other`` (every other seat), ``agent`` at each seat
    in turn for an equal share of ``games`` (the same seeds at every seat); and games played."""
    ruleset = registry.load(ruleset_id)
    seats = ruleset.seats(ruleset.parse_options({}))
    wins = ties = 0
    for place, seat in enumerate(seats):
        agents = tuple(agent if i == place else other for i in range(len(seats)))
        results = run_batch(BatchSpec(ruleset_id, agents), games // len(seats), seed, plan)
        wins += sum(r.winner == seat for r in results)
        ties += sum(r.winner is None for r in results)
    return wins, ties, games // len(seats) * len(seats)


def mcts_spec(ruleset_id: str, budget: str, rollout: str | None = None,
              depth: int | None = None) -> str:
    """The search measured here: ``mcts`` with the ruleset's own settings
    (``Ruleset.search``), ``rollout`` and ``depth`` where given."""
    ruleset = registry.load(ruleset_id)
    return (f"mcts:budget={budget}" + (f":rollout={rollout}" if rollout else "")
            + (f":depth={depth}" if depth is not None else "") + peek(ruleset))


def settings(ruleset_id: str, spec: str) -> str:
    """What the search ``spec`` does in the ruleset: its rollout, where it is cut, its prior
    and ``c``."""
    ruleset = registry.load(ruleset_id)
    agent = make_agent(spec, ruleset, ruleset.seats(ruleset.parse_options({}))[0], 0)
    assert isinstance(agent, MctsAgent)
    cut = "whole games" if agent.depth is None else f"depth={agent.depth}"
    return f"{agent.rollout}, {cut}, prior {agent.prior or 'none'}, c={agent.c:g}"


def winrate_rows(ruleset_id: str, budget: str, games: int, plan: Plan, seed: int,
                 rollout: str | None = None, depth: int | None = None) -> list[str]:
    ruleset = registry.load(ruleset_id)
    options = ruleset.parse_options({})
    seats = ruleset.seats(options)
    bot = ruleset.default_bot
    mcts = mcts_spec(ruleset_id, budget, rollout, depth)
    how = settings(ruleset_id, mcts)
    started = cpu()
    if all(seat in ruleset.sides(options) for seat in seats):  # the seats are the sides
        wins, ties, played = pair_rate(ruleset_id, mcts, bot, games, plan, seed)
        rate = wilson(wins, played)
        row = (f"| {ruleset_id} | {budget} | {how} | mcts against {bot} | {played} "
               f"| **{rate.value:.0%}** ({rate.low:.0%}–{rate.high:.0%}) | {ties} ties | ")
    else:  # every seat plays one side against the rules
        side = ruleset.side_of(options, seats[0])
        won = {name: [r.winner == side for r in run_batch(BatchSpec(ruleset_id, (agent,)),
                                                              games, seed, plan)]
               for name, agent in (("mcts", mcts), (bot, bot))}
        m, b = (wilson(sum(won[name]), games) for name in ("mcts", bot))
        only = sum(x and not y for x, y in zip(won["mcts"], won[bot], strict=True))
        lost = sum(y and not x for x, y in zip(won["mcts"], won[bot], strict=True))
        row = (f"| {ruleset_id} | {budget} | {how} | {side} won with mcts / with {bot} "
               f"| {games} | **{m.value:.0%}** ({m.low:.0%}–{m.high:.0%}) | {b.value:.0%} "
               f"({b.low:.0%}–{b.high:.0%}); same seeds: {only} won only with mcts, {lost} "
               f"only with {bot} | ")
    minutes = (cpu() - started) / 60
    print(row, f"{minutes:.1f} CPU min", file=sys.stderr, flush=True)
    return [row + f"{minutes:.0f} |"]


def winrate(args: argparse.Namespace) -> str:
    plan = Plan(workers=args.workers)
    lines = ["| ruleset | budget | the search (rollout, cut, prior, c) | measured | games "
             "| win rate (95% interval) | beside it | CPU minutes |",
             "|---|---|---|---|---:|---|---|---:|"]
    for ruleset_id in args.ruleset or deciding():
        for budget in args.budgets.split(","):
            lines += winrate_rows(ruleset_id, budget, args.games, plan, args.seed,
                                  args.rollout, args.depth)
    return (f"### How often mcts wins\n\n`benchmarks/bots.py winrate --games {args.games} "
            f"--budgets {args.budgets} --seed {args.seed}` ({machine()}, {args.workers} "
            f"workers). Budgets are the search's processor time per decision.\n\n"
            + "\n".join(lines) + "\n")


# --- how much choice matters ----------------------------------------------------------------

def choice(args: argparse.Namespace) -> str:
    """Where the dice may decide most games: how often a bot beats one that plays at
    random, and how often a long search beats the heuristic bot."""
    plan = Plan(workers=args.workers)
    lines = ["| ruleset | agent | against | games | wins of the agent (95% interval) | ties |",
             "|---|---|---|---:|---|---:|"]
    for ruleset_id in args.ruleset or deciding():
        ruleset = registry.load(ruleset_id)
        bot = ruleset.default_bot
        pairs = [(bot, "random")]
        pairs += [(bot, other) for other in args.versus or () if other in ruleset.bots]
        pairs += [(mcts_spec(ruleset_id, b), bot)
                  for b in (args.budgets.split(",") if args.budgets else [])]
        for agent, other in pairs:
            wins, ties, played = pair_rate(ruleset_id, agent, other, args.games, plan,
                                           args.seed)
            lines.append(f"| {ruleset_id} | {agent} | {other} | {played} | "
                         f"{rate(wins, played)} | {ties} |")
            print(lines[-1], file=sys.stderr, flush=True)
    return (f"### How much choice matters\n\n`benchmarks/bots.py choice --games {args.games} "
            f"--budgets {args.budgets}` ({machine()}, {args.workers} workers). Each agent plays "
            f"every seat for an equal share of the games, on the same seeds.\n\n"
            + "\n".join(lines) + "\n")


# --- balance re-checked ----------------------------------------------------------------------

LEADERS = ("countess", "hush", "kramer", "ellis")
"""Dire Alliance's leaders: each row leads the Shroud (red), each column the Grievers (blue)."""


def rate(wins: int, games: int) -> str:
    r = wilson(wins, games)
    return f"{r.value:.0%} ({r.low:.0%}–{r.high:.0%})"


def leader_matrix(agent: str, games: int, plan: Plan) -> tuple[str, float]:
    """The Shroud's (red) win rate for every pair of leaders; ``agent`` plays both seats."""
    started = cpu()
    lines = ["| Shroud led by \\ Grievers led by | " + " | ".join(LEADERS) + " | row |",
             "|---|" + "---|" * (len(LEADERS) + 1)]
    columns = dict.fromkeys(LEADERS, 0)
    for red in LEADERS:
        cells, row = [], 0
        for blue in LEADERS:
            spec = BatchSpec("dire-alliance-battle", (agent, agent), options={
                "red_faction": "shroud", "red_leader": red,
                "blue_faction": "grievers", "blue_leader": blue})
            wins = sum(r.winner == "red" for r in run_batch(spec, games, 5, plan))
            row += wins
            columns[blue] += wins
            cells.append(f"{wins}/{games}")
            print(agent, red, blue, wins, games, file=sys.stderr, flush=True)
        lines.append(f"| {red} | " + " | ".join(cells) + f" | {rate(row, games * 4)} |")
    lines.append("| column | " + " | ".join(rate(columns[b], games * 4) for b in LEADERS)
                 + " | |")
    return "\n".join(lines), (cpu() - started) / 60


def raid_by_heroes(agent: str, games: int, plan: Plan,
                   sizes: tuple[int, ...] = (1, 2, 3, 4)) -> list[str]:
    """The heroes' win rate by party size (Into the Darkwood, the Hollow King) with ``agent``
    at every hero seat, beside the heuristic bot on the same seeds."""
    rows = []
    for heroes in sizes:
        started = cpu()
        won = {}
        reasons: dict[str, int] = {}
        for name in (agent, "heuristic"):
            spec = BatchSpec("dire-alliance-raid", (name,), options={"heroes": heroes})
            results = run_batch(spec, games, 5, plan)
            won[name] = [r.winner == "heroes" for r in results]
            if name == agent:
                for r in results:
                    if r.winner != "heroes":
                        reasons[r.reason] = reasons.get(r.reason, 0) + 1
        lost = ", ".join(f"{k}: {v}" for k, v in sorted(reasons.items())) or "none"
        only = sum(x and not y for x, y in zip(won[agent], won["heuristic"], strict=True))
        other = sum(y and not x for x, y in zip(won[agent], won["heuristic"], strict=True))
        rows.append(f"| {heroes} | {rate(sum(won[agent]), games)} | {lost} "
                    f"| {rate(sum(won['heuristic']), games)} | {only} / {other} "
                    f"| {(cpu() - started) / 60:.1f} |")
        print(rows[-1], file=sys.stderr, flush=True)
    return rows


def balance(args: argparse.Namespace) -> str:
    plan = Plan(workers=args.workers)
    budget = args.budgets.split(",")[0]
    battle, raid = (mcts_spec(r, budget, args.rollout, args.depth)
                    for r in ("dire-alliance-battle-v3", "dire-alliance-raid-v7"))
    out = [f"### Balance re-checked with mcts\n\n`benchmarks/bots.py balance` ({machine()}, "
           f"{args.workers} workers); `mcts` is `{battle}` (Battle) and `{raid}` (Raid) at "
           f"every seat, the heuristic bot beside it. Intervals are 95% Wilson intervals.\n"]
    if not args.ruleset or "dire-alliance-battle-v3" in args.ruleset:
        for agent, games in (("heuristic", args.games * 5), (battle, args.games)):
            table, minutes = leader_matrix(agent, games, plan)
            out.append(f"Beaten Path, the Shroud (red) against the Grievers (blue), wins of the "
                       f"Shroud by leaders, `{agent}` at both seats ({games} games a cell, "
                       f"{minutes:.0f} CPU minutes):\n\n{table}\n")
    if not args.ruleset or "dire-alliance-raid-v7" in args.ruleset:
        rows = ["| heroes | mcts: heroes win (95% interval) | losses (reason: games) "
                "| heuristic, same seeds | seeds won only with mcts / only with heuristic "
                "| CPU minutes |", "|---:|---|---|---|---|---:|"]
        rows += raid_by_heroes(raid, args.games, plan, args.heroes)
        out.append(f"Raid, Into the Darkwood against the Hollow King, every hero seat played by "
                   f"`{raid}` ({args.games} games a row):\n\n" + "\n".join(rows) + "\n")
    return "\n".join(out)


# --- the page --------------------------------------------------------------------------------

def party_sizes(text: str) -> tuple[int, ...]:
    """``--heroes 2,4``: party sizes of 1 to 4 heroes."""
    try:
        sizes = tuple(int(n) for n in text.split(","))
    except ValueError:
        sizes = ()
    if not sizes or not all(1 <= n <= 4 for n in sizes):
        raise argparse.ArgumentTypeError(f"{text!r}: give party sizes of 1 to 4, e.g. 2,4")
    return sizes


def machine() -> str:
    return (f"{os.cpu_count()} CPUs, Python {platform.python_version()}, load average "
            f"{os.getloadavg()[0]:.1f} at the start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("forks", "speed", "winrate", "choice",
                                               "balance"))
    parser.add_argument("--ruleset", action="append", help="only these rulesets")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=10, help="speed: decisions searched")
    parser.add_argument("--iterations", type=int, default=20, help="speed: mcts budget")
    parser.add_argument("--budgets", default="25ms,100ms", help="winrate: two mcts budgets")
    parser.add_argument("--rollout", help="winrate, balance: mcts's rollout agent (default: "
                        "the ruleset's own setting, Ruleset.search)")
    parser.add_argument("--depth", type=int, help="winrate, balance: mcts rollout depth "
                        "(default: the ruleset's own setting)")
    parser.add_argument("--seed", type=int, default=11, help="winrate, choice: the batches' seed")
    parser.add_argument("--versus", action="append",
                        help="choice: also play the heuristic bot against this bot of the "
                        "ruleset (repeatable)")
    parser.add_argument("--heroes", type=party_sizes, default=(1, 2, 3, 4),
                        help="balance: the Raid's party sizes, e.g. 2,4 (default 1,2,3,4)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", type=Path, help="update this Markdown page")
    args = parser.parse_args()
    text = {"forks": forks, "speed": speed, "winrate": winrate,
            "choice": choice, "balance": balance}[args.what](args)
    print(text)
    if args.write:
        write_section(args.write, f"bots-{args.what}", text)


if __name__ == "__main__":
    main()
