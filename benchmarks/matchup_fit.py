"""An additive fit of a Dire Alliance Battle matchup matrix (docs/tuning.md, balance pass 3).

red's win (points) = 50 + red's edge + the row's strength - the column's strength, the
strengths summing to 0, fitted by least squares to the cells of a ``rulekeeper matchup ...
-o FILE`` Parquet file. Prints the edge, the strengths, each cell observed and predicted,
and three counts: cells within 35-65%, cells whose whole 95% Wilson interval lies outside
35-65% (marked !), fitted cells within 35-65%; then each pairing of two contenders with
colours at random (their two cells together, red's edge cancelled). Several files (the
same content on other seeds, balance pass 4) are pooled cell by cell before the fit.

Run: .venv/bin/python benchmarks/matchup_fit.py FILE.parquet [MORE.parquet ...]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
from scipy.stats import binomtest

LOW, HIGH = 35.0, 65.0


def cells(*paths: str) -> tuple[dict[tuple[str, str], tuple[int, int]], int, float]:
    """(red, blue) contender -> (red's wins, games) over every file; red's wins at the round
    limit; rounds."""
    counts: dict[tuple[str, str], list[int]] = {}
    at_limit, rounds = 0, 0
    rows = [row for path in paths for row in pq.read_table(
        path, columns=["options", "winner", "reason", "rounds"]).to_pylist()]
    for row in rows:
        o = json.loads(row["options"])
        key = (f"{o['red_faction']}:{o['red_leader']}", f"{o['blue_faction']}:{o['blue_leader']}")
        cell = counts.setdefault(key, [0, 0])
        red = row["winner"] == "red"
        cell[0] += red
        cell[1] += 1
        at_limit += red and row["reason"] == "round-limit"
        rounds += row["rounds"]
    return {k: (w, n) for k, (w, n) in counts.items()}, at_limit, rounds / len(rows)


def fit(table: dict[tuple[str, str], tuple[int, int]]) -> tuple[float, dict[str, float]]:
    names = sorted({name for pair in table for name in pair})
    index = {name: i + 1 for i, name in enumerate(names)}
    a, y = [], []
    for (red, blue), (wins, games) in table.items():
        row = np.zeros(len(names) + 1)
        row[0] = 1
        row[index[red]] += 1
        row[index[blue]] -= 1
        a.append(row)
        y.append(100 * wins / games - 50)
    a.append(np.r_[0, np.ones(len(names))])
    y.append(0)
    coef = np.linalg.lstsq(np.array(a), np.array(y), rcond=None)[0]
    return float(coef[0]), {name: float(coef[index[name]]) for name in names}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parquet", nargs="+", help="one or more results files, pooled")
    paths = parser.parse_args().parquet
    if missing := [p for p in paths if not Path(p).is_file()]:
        parser.error(f"no such results file: {', '.join(missing)}")
    table, at_limit, rounds = cells(*paths)
    edge, strength = fit(table)
    games = sum(n for _, n in table.values())
    reds = sum(w for w, _ in table.values())
    print(f"{games} games: red {100 * reds / games:.1f}%, {at_limit} of red's {reds} wins at "
          f"the round limit, {rounds:.1f} rounds on average")
    print(f"red's edge {edge:+.1f}; " + ", ".join(f"{k} {v:+.1f}" for k, v in strength.items()))
    within = outside = predicted = 0
    names = sorted(strength)
    print("red \\ blue: observed / predicted (! its whole 95% interval outside 35-65%)")
    for red in names:
        line = []
        for blue in names:
            wins, n = table[red, blue]
            seen, model = 100 * wins / n, 50 + edge + strength[red] - strength[blue]
            ci = binomtest(wins, n).proportion_ci(method="wilson")
            out = 100 * ci.high < LOW or 100 * ci.low > HIGH
            within += LOW <= seen <= HIGH
            outside += out
            predicted += LOW <= model <= HIGH
            line.append(f"{seen:3.0f}{'!' if out else ' '}/{model:3.0f}")
        print(f"{red:18s} " + " ".join(line))
    print(f"within {LOW:.0f}-{HIGH:.0f}%: {within} of {len(table)}; whole interval outside: "
          f"{outside}; fitted within: {predicted} of {len(table)}")
    at_random(table, names)


def at_random(table: dict[tuple[str, str], tuple[int, int]], names: list[str]) -> None:
    """Each pairing of two contenders with colours at random (as the rulebook's setup flips
    the initiative token, ruling ``player-colors=flip``): the first's wins as red and as blue
    against the second, over both cells' games. Red's edge cancels; mirrors are 50% by
    definition and left out."""
    pairings = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            (as_red, n1), (blue_wins, n2) = table[a, b], table[b, a]
            wins, n = as_red + n2 - blue_wins, n1 + n2
            ci = binomtest(wins, n).proportion_ci(method="wilson")
            pairings.append((100 * wins / n, a, b, 100 * ci.low, 100 * ci.high))
    within = sum(LOW <= share <= HIGH for share, *_ in pairings)
    outside = sum(high < LOW or low > HIGH for *_, low, high in pairings)
    share, a, b, low, high = max(pairings, key=lambda p: abs(p[0] - 50))
    print(f"colours at random: {within} of {len(pairings)} pairings within {LOW:.0f}-{HIGH:.0f}%, "
          f"{outside} outside with their whole interval; the farthest: {a} against {b} "
          f"{share:.1f}% ({low:.1f}-{high:.1f})")


if __name__ == "__main__":
    main()
