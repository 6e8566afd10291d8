"""``simulate`` and ``report`` for league games (``cryptids-run``): tables, a results file,
an HTML page with figures."""

import base64
import html
import json
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from rulekeeper import __version__
from rulekeeper.cli_args import agent_list, console, content_sets, extra_options
from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.rulings import parse_assignments, resolve
from rulekeeper.lab import league, plots
from rulekeeper.lab.league import LeagueSpec, LeagueSummary, Row

LEAGUE_OPTIONS = {"players": 8, "runs": 10}
SHOWN = 25
"""Rows of the ability table printed at the terminal (the report shows them all)."""


def spec_of(ctx: typer.Context, ruleset: str, seed: int, agents: str | None,
            ruling: list[str] | None, content: str | None,
            set_: list[str] | None, engine: str | None = None) -> LeagueSpec:
    given = extra_options(ctx.args)
    unknown = sorted(set(given) - set(LEAGUE_OPTIONS))
    if unknown:
        raise UsageError(f"a league takes --players and --runs, not --{unknown[0]}")
    numbers = {**LEAGUE_OPTIONS, **given}
    for name, value in numbers.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise UsageError(f"--{name} must be a whole number of at least 1, not {value!r}")
    ruleset_id = registry.resolve_id(ruleset)
    rulings = parse_assignments(ruling or [])
    resolve(registry.load(ruleset_id).rulings, rulings)
    if content is not None:
        content = str(Path(content).resolve())
    return LeagueSpec(ruleset_id, numbers["players"], numbers["runs"],
                      tuple(agent_list(agents) or ["greedy"]), seed, rulings, content,
                      content_sets(set_), engine)


def simulate_league(ctx: typer.Context, ruleset: str, seed: int, agents: str | None,
                    ruling: list[str] | None, content: str | None, set_: list[str] | None,
                    workers: int, out: Path | None, force: bool, as_json: bool,
                    not_for_leagues: Sequence[str] = (), engine: str | None = None) -> None:
    """A league; ``not_for_leagues`` are the options given that only batches of games take.
    Its results go to Parquet (like every other results file), or to JSON for a ``.json``
    name."""
    from rulekeeper.cli_args import check_results
    from rulekeeper.lab.progress import progress_bar

    check_results(out, force, (".parquet", ".json"))

    if not_for_leagues:
        raise UsageError(f"{not_for_leagues[0]} is not an option of a league ({ruleset}); a "
                         f"league takes --players, --runs, --agents, --seed, --workers, "
                         f"--ruling, --content, --set, --engine, --out, --json")
    spec = spec_of(ctx, ruleset, seed, agents, ruling, content, set_, engine)
    started = time.perf_counter()
    with progress_bar(spec.players * spec.runs, f"league {spec.ruleset}") as advance:
        runs, pool = league.play_league(spec, workers, advance)
    elapsed = time.perf_counter() - started
    summary = LeagueSummary(spec, runs)
    if out is not None:
        league.write(out, spec, runs, len(pool))
    if as_json:
        print(json.dumps({**summary.to_json(), "seconds": round(elapsed, 3),
                          "snapshots": len(pool)}, indent=2))
        return
    for table in tables(summary):
        console.print(table)
    console.print(f"{len(runs)} runs of {spec.players} players in {elapsed:.2f} s, "
                  f"{workers} worker(s); {len(pool)} snapshots in the pool."
                  + (f" Results written to {out}; next: rulekeeper report {out} -o league.html"
                     if out else ""), highlight=False)


def tables(summary: LeagueSummary, shown: int = SHOWN) -> list[Table]:
    players = Table("player", "bot", "runs", "mean victories", "runs won (95%)", "rating mu",
                    "sigma", "ordinal", title="Players (rating: openskill Plackett-Luce, after "
                                              "their last run)")
    for p in summary.players():
        players.add_row(p["player"], p["agent"], str(p["runs"]), f"{p['victories']:.2f}",
                        p["won"].percent(), f"{p['mu']:.2f}", f"{p['sigma']:.2f}",
                        f"{p['ordinal']:.2f}")
    cryptids = _rows_table("Cryptids: pick rate (bought of offered) and win rate when fielded",
                           "cryptid", summary.cryptids())
    found = summary.abilities()
    abilities = _rows_table(f"Abilities: pick rate (of its cryptid's purchases) and win rate "
                            f"when fielded, best {min(shown, len(found))} of {len(found)}",
                            "cryptid.ability", found[:shown], "purchases", "chosen")
    return [players, cryptids, abilities]


def _rows_table(title: str, what: str, rows: Sequence[Row], offered: str = "offered",
                bought: str = "bought") -> Table:
    table = Table(what, offered, bought, "pick rate (95%)", "battles fielded",
                  "win rate (95%)", title=title)
    for r in rows:
        table.add_row(r.key, str(r.offered), str(r.bought), r.pick.percent(), str(r.fielded),
                      r.win.percent() if r.fielded else "—")
    return table


STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 62em; color: #222; }
table { border-collapse: collapse; margin: .8em 0; font-size: .92em; }
th, td { border: 1px solid #ddd; padding: .25em .6em; text-align: right; }
th { background: #f4f4f4; } td:first-child, th:first-child { text-align: left; }
.note { color: #666; } img { max-width: 100%; }
"""


def _html_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _img(data: bytes, alt: str) -> str:
    return (f'<img alt="{html.escape(alt)}" '
            f'src="data:image/png;base64,{base64.b64encode(data).decode()}">')


def page(summary: LeagueSummary, pool: int) -> str:
    spec = summary.spec
    players = _html_table(["player", "bot", "runs", "mean victories", "runs won", "mu", "sigma",
                           "ordinal"],
                          [[p["player"], p["agent"], p["runs"], f"{p['victories']:.2f}",
                            p["won"].percent(), f"{p['mu']:.2f}", f"{p['sigma']:.2f}",
                            f"{p['ordinal']:.2f}"] for p in summary.players()])

    def rows(found: Sequence[Row]) -> list[list[Any]]:
        return [[r.key, r.offered, r.bought, r.pick.percent(), r.fielded,
                 r.win.percent() if r.fielded else "—"] for r in found]

    cryptids, abilities = summary.cryptids(), summary.abilities()
    by_win = sorted((r for r in cryptids if r.fielded), key=lambda r: -r.win.value)
    figures = [
        _img(plots.differences([r.key for r in cryptids], [r.pick for r in cryptids],
                               "pick rate: bought of offered (95%)", "pick rate"), "pick rates"),
        _img(plots.differences([r.key for r in by_win], [r.win for r in by_win],
                               "win rate when fielded (95%)", "win rate"), "win rates"),
    ]
    facts = _html_table(["", ""], [["ruleset", spec.ruleset], ["players", spec.players],
                                   ["runs each", spec.runs], ["bots", ", ".join(spec.agents)],
                                   ["seed", spec.seed], ["snapshots in the pool", pool],
                                   ["rulings", ", ".join(f"{k}={v}" for k, v in
                                                         spec.rulings.items()) or "defaults"]])
    head = ["offered", "bought", "pick rate", "battles fielded", "win rate"]
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>"
            f"{html.escape(spec.ruleset)}: league report</title><style>{STYLE}</style></head>"
            f"<body><h1>{html.escape(spec.ruleset)}: league report</h1>{facts}"
            f"<h2>Players</h2><p>Rating: openskill Plackett-Luce, after each player's last "
            f"run; ordinal is mu − 3 sigma.</p>{players}"
            f"<h2>Cryptids</h2><p>Pick rate: bought of offered. Win rate: battles won of the "
            f"battles it was fielded in (ties count as not won).</p>{''.join(figures)}"
            f"{_html_table(['cryptid', *head], rows(cryptids))}"
            f"<h2>Abilities</h2><p>Pick rate: how often it was chosen when its cryptid was "
            f"bought.</p>"
            f"{_html_table(['cryptid.ability', 'purchases', 'chosen', *head[2:]], rows(abilities))}"
            f"<p class='note'>rulekeeper {__version__}, {stamp}. Intervals are 95% Wilson."
            f"</p></body></html>")


def report_league(file: Path, output: Path) -> None:
    spec, runs, pool = league.read(file)
    if not runs:
        raise UsageError(f"{file} holds no run")
    text = page(LeagueSummary(spec, runs), pool)
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {output}: {error.strerror}") from None
    console.print(f"Report written to {output} ({len(runs)} runs of {spec.players} players).",
                  highlight=False)
