"""The commands that play, replay and explain one game: list, play, battle, replay, rules,
schema, demo."""

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from rulekeeper.agents import decide, seat_agents
from rulekeeper.agents.human import QuitGame, Resign, TakeBack
from rulekeeper.cli_args import (
    EXTRA,
    AgentOptionOpt,
    AgentsOpt,
    ContentOpt,
    DiceOpt,
    ForceOpt,
    LangOpt,
    LogOpt,
    ReplaceOpt,
    RulesetArg,
    RulingOpt,
    ScenarioOpt,
    SeedOpt,
    SetOpt,
    agent_list,
    check_output,
    console,
    content_sets,
    extra_options,
    write_text,
)
from rulekeeper.cli_text import SaidIn, say
from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.game import Game, new_game, replay
from rulekeeper.core.records import read_log, verify, write_log
from rulekeeper.core.rng import parse_dice_script
from rulekeeper.core.rules_index import default_tests_dir, find_rule_tests
from rulekeeper.core.rulings import did_you_mean, parse_assignments
from rulekeeper.core.sentences import sentences, side_names
from rulekeeper.lab.names import id_words

app = typer.Typer()
"""This module's commands (:func:`add_commands` adds them to the ``rulekeeper`` app)."""


def check_lang(ruleset: Any, lang: str) -> None:
    """Refuse a language the ruleset's event sentences are not written in."""
    locales = ruleset.messages.locales
    if lang in locales:
        return
    having = [i for i in registry.ids() if lang in registry.load(i).messages.locales]
    elsewhere = f"; rulesets with --lang {lang}: {', '.join(having)}" if having else ""
    raise UsageError(f"--lang {lang!r}: {ruleset.meta.id} has no sentences in that language "
                     f"(its languages: {', '.join(locales)}){elsewhere}")


@app.command("list")
def list_rulesets() -> None:
    """List the registered rulesets."""
    table = Table("id", "title", "seats", "chance", "hidden info", "max decisions",
                  caption="Give an id with or without its version: without it (cryptids), "
                          "the newest; a record keeps the version it was played with.")
    table.columns[0].no_wrap = True
    for ruleset_id in registry.ids():
        meta = registry.load(ruleset_id).meta
        seats = ", ".join(meta.players)
        if meta.min_players is not None:
            seats = f"{meta.min_players} to {len(meta.players)}"
        table.add_row(meta.id, meta.title, seats, "yes" if meta.chance else "no",
                      "yes" if meta.hidden_information else "no", str(meta.max_length))
    console.print(table)


@app.command(context_settings=EXTRA)
def play(ctx: typer.Context, ruleset: RulesetArg, scenario: ScenarioOpt = None, seed: SeedOpt = 0,
         agents: AgentsOpt = None, agent_option: AgentOptionOpt = None,
         dice: DiceOpt = None,
         ruling: RulingOpt = None, content: ContentOpt = None,
         content_replace: ReplaceOpt = False, set_: SetOpt = None,
         lang: LangOpt = "en",
         log: LogOpt = None, force: ForceOpt = False,
         ) -> None:
    """Play a game in the terminal. Ruleset options go last, e.g. --heroes 2."""
    with SaidIn(lang, ruleset):
        check_output(log, "--log", force)
        check_lang(registry.load(ruleset), lang)
        game = new_game(ruleset, scenario, content, parse_assignments(ruling or []), seed,
                        options=extra_options(ctx.args),
                        dice=parse_dice_script(dice) if dice else (),
                        content_set=content_sets(set_), content_replace=content_replace)
        names = (agent_list(agents, agent_option)
                 or ["human"] + [game.ruleset.default_bot] * (len(game.seats) - 1))
        seated = seat_agents(game.ruleset, game.seats, names, seed, lang=lang)
    humans = {seat for seat, name in zip(game.seats, names + [names[-1]] * 9, strict=False)
              if name == "human"}
    shown = 0
    try:
        while game.pending is not None:
            shown = print_events(game, shown, humans, lang)
            decision = game.pending
            try:
                game.step(decide(seated[decision.player], game))
            except TakeBack:
                game = take_back(game, humans, lang)
                shown = len(game.events)
            except Resign:  # the game ends, recorded: its log replays to the same result
                game.resign(decision.player)
        print_events(game, shown, humans, lang)
        result = game.result
        assert result is not None
        over = say("game-over", lang, outcome=outcome(game, lang))
        console.print(f"[bold]{escape(over)}[/bold]")
        said = verdict(game, humans, lang)
        if said:
            console.print(f"[bold]{escape(said)}[/bold]")
    except (QuitGame, EOFError, KeyboardInterrupt):
        console.print(f"[yellow]{escape(say('stopped', lang))}[/yellow]")
    finally:
        if log is not None:
            write_log(log, game, lang)
            console.print(escape(say("record-written", lang, log=str(log))), highlight=False)


@app.command(context_settings=EXTRA)
def battle(ctx: typer.Context, ruleset: RulesetArg, scenario: ScenarioOpt = None, seed: SeedOpt = 0,
           dice: DiceOpt = None, ruling: RulingOpt = None, content: ContentOpt = None,
           content_replace: ReplaceOpt = False, set_: SetOpt = None, lang: LangOpt = "en",
           log: LogOpt = None, force: ForceOpt = False) -> None:
    """One game of a ruleset that plays by itself (cryptids): its log, each event with its rule.

    Ruleset options go last, e.g. --left hunters --right guardians.
    """
    with SaidIn(lang, ruleset):
        loaded = registry.load(ruleset)
        if loaded.meta.max_length != 0:
            raise UsageError(f"{loaded.meta.id} asks its players for decisions; play it with "
                             f"'rulekeeper play {loaded.meta.name}' (battle runs the rulesets "
                             f"that play by themselves: {', '.join(self_playing()) or 'none'})")
        check_lang(loaded, lang)
        check_output(log, "--log", force)
        game = new_game(ruleset, scenario, content, parse_assignments(ruling or []), seed,
                        options=extra_options(ctx.args),
                        dice=parse_dice_script(dice) if dice else (),
                        content_set=content_sets(set_), content_replace=content_replace)
    sentence = sentences(game.ruleset, game.seats, lang)
    for event in game.events:
        console.print(f"{escape(sentence(event))} "
                      f"[dim]\\[{event.rule}][/dim]", highlight=False)
    if log is not None:
        write_log(log, game, lang)
        console.print(escape(say("record-written", lang, log=str(log))), highlight=False)


def self_playing() -> list[str]:
    """The rulesets whose games ask no decision."""
    return [i for i in registry.ids() if registry.load(i).meta.max_length == 0]


def take_back(game: Game, humans: set[str], lang: str) -> Game:
    """The game before the person's last decision (and the bots' decisions after it)."""
    probe = game.fork()
    while probe.decisions:
        probe.undo()
        if probe.pending is not None and probe.pending.player in humans:
            console.print(f"[yellow]{escape(say('taken-back', lang))}[/yellow]")
            return probe
    console.print(f"[yellow]{escape(say('nothing-to-take-back', lang))}[/yellow]")
    return game


def outcome(game: Game, lang: str) -> str:
    """Who won an ended game, its side named in ``lang`` (``Héros``)."""
    winner = game.result.winner if game.result else None
    if not winner:
        return say("no-winner", lang)
    return say("winner", lang,
               winner=side_names(game.ruleset, game.seats, lang).get(winner, winner))


def verdict(game: Game, humans: set[str], lang: str) -> str:
    """Whether the people at the terminal won an ended game ("You lost."), when their seats
    play one side (a co-operative game's heroes, together); "" for a tie, a game with nobody
    at the terminal, seats of several sides (a duel played with oneself), or a ruleset in
    which nobody decides (a cryptids battle, watched)."""
    winner = game.result.winner if game.result else None
    sides = {game.ruleset.side_of(game.table.options, seat) for seat in humans}
    if winner is None or len(sides) != 1 or game.ruleset.meta.max_length == 0:
        return ""
    return say("you-won" if winner in sides or winner in humans else "you-lost", lang)


def print_events(game: Game, shown: int, humans: set[str], lang: str) -> int:
    sentence = sentences(game.ruleset, game.seats, lang)
    for event in game.events[shown:]:
        if not humans or any(event.visible_to(seat) for seat in humans):
            console.print(f"  {escape(sentence(event))} "
                          f"[dim]\\[{event.rule}][/dim]", highlight=False)
    return len(game.events)


RULE_WIDTH = 100
"""--explain cuts a rule's sentence to this many characters (--whole-rules does not)."""


@app.command("replay")
def replay_command(
        file: Annotated[Path, typer.Argument(help="a log written by play --log")],
        explain: Annotated[bool, typer.Option(
            help="print each event with its rule's id and sentence (from the ruleset's "
                 "rules.yaml, in English, under the first of a run of events citing it; a long "
                 "sentence is cut to one line)")] = False,
        whole_rules: Annotated[bool, typer.Option(
            "--whole-rules", help="with --explain, each rule's whole sentence")] = False,
        lang: LangOpt = "en") -> None:
    """Re-run a game from its record and check that it reproduces."""
    with SaidIn(lang) as said:
        if whole_rules and not explain:
            raise UsageError("--whole-rules goes with --explain")
        log = read_log(file)
        said.ruleset = log.record.ruleset
        game = replay(log.record, events=log.events)
        check_lang(game.ruleset, lang)
        verify(log, game)
    if explain:
        texts = {entry.id: entry.in_language(lang) for entry in game.ruleset.rule_index}
        sentence = sentences(game.ruleset, game.seats, lang)
        for number, event in enumerate(game.events, 1):
            console.print(f"{number:4d} [dim]\\[{event.rule}][/dim] "
                          f"{escape(sentence(event))}", highlight=False)
            if number > 1 and game.events[number - 2].rule == event.rule:
                continue  # the sentence was just shown
            text = " ".join(texts.get(event.rule, say("not-indexed", lang)).split())
            if not whole_rules and len(text) > RULE_WIDTH:
                text = text[:RULE_WIDTH - 1].rstrip() + "…"
            console.print(f"       [dim]{escape(text)}[/dim]", highlight=False, soft_wrap=True)
    if game.result is not None:
        state = say("state-over", lang, outcome=outcome(game, lang),
                    reason=id_words(game.ruleset.meta.id, lang)(game.result.reason))
    else:
        seat = game.pending.player if game.pending else "?"
        state = say("state-waiting", lang,
                    seat=side_names(game.ruleset, game.seats, lang).get(seat, seat))
    console.print(escape(say("reproduced", lang, ruleset=game.ruleset.meta.id,
                             decisions=len(game.decisions), events=len(game.events),
                             state=state)), highlight=False)


@app.command()
def rules(ruleset: RulesetArg,
          as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
          tests: Annotated[Path | None, typer.Option(help="tests folder to scan")] = None,
          show_tests: Annotated[bool, typer.Option(
              "--show-tests", help="name each test instead of counting them")] = False,
          where: Annotated[bool, typer.Option(
              "--where", help="name the code sites and tests of each rule")] = False) -> None:
    """The rule index: every rule of the text, the code that applies it and its tests."""
    loaded = registry.load(ruleset)
    entries = loaded.rule_index
    if tests is not None and not tests.is_dir():
        raise UsageError(f"--tests {tests}: no such folder")
    tests_dir = tests or default_tests_dir()
    found = find_rule_tests(tests_dir) if tests_dir else {}
    sites = loaded.rule_book.code_sites()
    rows: list[dict[str, Any]] = [
        {"id": e.id, "section": e.section, "text": e.text, "descriptive": e.descriptive,
         "code": sites.get(e.id, []), "tests": found.get(e.id, [])}
        for e in entries]
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if where:
        _print_sites(rows, loaded.meta.title)
    else:
        table = Table("rule", "section", "code", "tests", title=f"{loaded.meta.title}: rule index")
        table.columns[0].no_wrap = True
        for row in rows:
            code = str(len(row["code"])) if row["code"] else (
                "descriptive" if row["descriptive"] else "[red]none[/red]")
            tests_of = ("\n".join(t.rsplit("::", 1)[-1] for t in row["tests"]) if show_tests
                        else str(len(row["tests"]))) if row["tests"] else "[red]none[/red]"
            table.add_row(row["id"], escape(row["section"]), code, tests_of)
        console.print(table)
    untested = sum(1 for row in rows if not row["tests"])
    uncited = sum(1 for row in rows if not row["code"] and not row["descriptive"])
    console.print(f"{len(rows)} rules: {len(rows) - untested} with a test, {untested} without; "
                  f"{len(rows) - uncited} cited by code or descriptive, {uncited} neither."
                  + ("" if tests_dir else " (no tests folder found: use --tests)"))


def _print_sites(rows: list[dict[str, Any]], title: str) -> None:
    """Each rule, then its code sites and its tests one a line, never cut (a terminal wraps a
    long line; a copied one is whole)."""
    console.print(f"[bold]{escape(title)}: where each rule is applied and tested[/bold]")
    for row in rows:
        console.print(f"[bold]{row['id']}[/bold] ({escape(row['section'])})", highlight=False,
                      soft_wrap=True)
        lines = [f"  code  {escape(site)}" for site in row["code"]] or [
            f"  code  descriptive: {escape(row['descriptive'])}" if row["descriptive"]
            else "  code  [red]none[/red]"]
        lines += [f"  test  {escape(test)}" for test in row["tests"]] or [
            "  test  [red]none[/red]"]
        for line in lines:
            console.print(line, highlight=False, soft_wrap=True)


@app.command()
def schema(ruleset: RulesetArg,
           file: Annotated[str | None, typer.Option(
               "--file", help="one content file, e.g. cryptids for cryptids.yaml")] = None,
           out: Annotated[Path | None, typer.Option("-o", "--out", help="write to a file")] = None,
           out_dir: Annotated[Path | None, typer.Option(
               "--out-dir", help="write one <file>.schema.json per content file here")] = None,
           force: ForceOpt = False) -> None:
    """JSON Schema of a ruleset's content, for editors: the whole content, or one file's."""
    loaded = registry.load(ruleset)
    content = loaded.content_set
    if file is not None:
        file = file.removesuffix(".yaml").removesuffix(".yml")
        if file not in content.files:
            raise UsageError(f"--file {file}: {loaded.meta.id} has no content file {file!r}"
                             f"{did_you_mean(file, content.files)}; its files: "
                             f"{', '.join(content.files)}")
    if out is not None and out_dir is not None:
        raise UsageError("give --out (one schema) or --out-dir (one per file), not both")
    if out_dir is not None:
        names = [file] if file else list(content.files)
        targets = [out_dir / f"{name}.schema.json" for name in names]
        if out_dir.exists() and not out_dir.is_dir():
            raise UsageError(f"--out-dir {out_dir}: is a file, not a folder")
        if not out_dir.parent.is_dir():
            raise UsageError(f"--out-dir {out_dir}: the folder {str(out_dir.parent)!r} "
                             f"does not exist")
        there = [t.name for t in targets if t.exists()]
        if there and not force:
            raise UsageError(f"--out-dir {out_dir}: {', '.join(there)} exist(s); give --force "
                             f"to replace them")
        try:
            out_dir.mkdir(exist_ok=True)
        except OSError as error:
            raise UsageError(f"--out-dir {out_dir}: cannot make the folder: "
                             f"{error.strerror or error}") from None
        for name, target in zip(names, targets, strict=True):
            write_text(target, _schema_text(content.schema(name)), "--out-dir")
        console.print(f"Wrote {', '.join(t.name for t in targets)} to {out_dir}",
                      highlight=False)
        return
    check_output(out, "--out", force)
    text = _schema_text(content.schema(file))
    if out:
        write_text(out, text, "--out")
    else:
        print(text, end="")


def _schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


@app.command()
def demo(games: Annotated[int, typer.Option(min=1, help="games per ruleset")] = 40,
         seed: SeedOpt = 0,
         serve: Annotated[bool, typer.Option(
             "--serve/--no-serve", help="then serve the web page (rulekeeper serve)")] = True,
         port: Annotated[int, typer.Option(
             min=0, max=65535, help="the web page's port (0: a free one, named once up)")] = 8000,
         ) -> None:
    """The main job on built-in defaults: a short batch of every registered ruleset, then the
    web page to play them (on the default SQLite database, bot ghosts in the pool)."""
    from rulekeeper.lab.batch import BatchSpec, run_serial
    from rulekeeper.lab.stats import wilson
    from rulekeeper.lab.summary import Summary

    table = Table("ruleset", "plays", "games", "outcomes (95% interval)", "mean rounds", "games/s",
                  title=f"rulekeeper demo: {games} bot games per ruleset, seed {seed}")
    for ruleset_id in registry.ids():
        started = time.perf_counter()
        results = list(run_serial(BatchSpec(ruleset_id), games, seed))
        elapsed = time.perf_counter() - started
        summary = Summary.of(results, "")
        outcomes = ", ".join(f"{w} {c} ({wilson(c, games).interval()})"
                             for w, c in sorted(summary.winners.items()))
        table.add_row(ruleset_id, demo_setup(ruleset_id), str(games), outcomes,
                      f"{summary.means['rounds'].value:.1f}", f"{games / elapsed:,.0f}")
    if not registry.ids():
        console.print("No ruleset is registered yet.")
    console.print(table)
    if serve:
        where = f"http://127.0.0.1:{port}/" if port else "the address below"  # 0: serve picks
        console.print(f"Now open {where} in a browser: the cryptids online game; "
                      f"/play: every ruleset against bots or hot-seat; /replay: replays. "
                      f"Ctrl+C stops the server.", soft_wrap=True)
        from rulekeeper.server.commands import serve as serve_page

        serve_page(db=None, host="127.0.0.1", port=port, workers=1, access_log=False)


def demo_setup(ruleset_id: str) -> str:
    """What the demo plays of a ruleset: its scenario and default contenders
    (``shroud:countess vs grievers:kramer``), or its default options."""
    from rulekeeper.lab.matchup import side_fields

    game = new_game(ruleset_id, None, None, {}, 0, log=False)
    options = game.record().options
    try:
        ruleset = game.ruleset
        competing = set(ruleset.sides(ruleset.parse_options(options))) == set(game.seats)
        rows, cols = side_fields(ruleset_id, options) if competing else ([], [])
    except UsageError:
        rows, cols = [], []
    if rows:
        shown = " vs ".join(":".join(str(options[f]) for f in side) for side in (rows, cols))
    else:
        shown = ", ".join(f"{k} {v}" for k, v in options.items()
                          if isinstance(v, int | str) and len(str(v)) < 20)
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
    scenario = game.record().scenario
    return ", ".join(part for part in (scenario, shown) if part) or "its defaults"


def add_commands(to: typer.Typer) -> None:
    to.registered_commands += app.registered_commands
