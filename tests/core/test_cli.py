import json
import re
import sys

import pytest
import typer.completion

from rulekeeper import cli, cli_game


def run(args, capsys, monkeypatch, stdin=""):
    """Run the rulekeeper command in-process; returns (exit code, stdout, stderr)."""
    import io
    monkeypatch.setattr(sys, "argv", ["rulekeeper", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = 0
    try:
        cli.main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_every_command_is_listed_with_the_module_that_adds_it():
    import importlib

    import typer

    for module in set(cli.COMMANDS.values()):
        app = typer.Typer()
        importlib.import_module(module).add_commands(app)
        added = [cli._name(c) for c in app.registered_commands]
        added += [g.name for g in app.registered_groups]
        assert sorted(added) == sorted(n for n, m in cli.COMMANDS.items() if m == module)


def test_a_named_command_builds_alone_and_help_lists_all(capsys, monkeypatch):
    import typer.main

    alone = typer.main.get_command(cli.build(["simulate"]))
    assert list(alone.commands) == ["simulate"]  # type: ignore[attr-defined]
    code, out, _ = run(["--help"], capsys, monkeypatch)
    listed = [line.split()[1] for line in out.splitlines() if line.startswith("│ ")
              and len(line.split()) > 2 and line.split()[1].replace("-", "").isalpha()]
    assert code == 0 and [n for n in listed if n in cli.COMMANDS] == list(cli.COMMANDS)
    code, _, err = run(["simulat", "cryptids"], capsys, monkeypatch)
    assert code == 2 and "Did you mean 'simulate'" in err


def test_help_lists_each_command_on_whole_lines(capsys, monkeypatch):
    """A docstring's line break does not cut a command's line in the list ("then the" / "web
    page"): each summary runs on to the panel's edge before it wraps."""
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(["--help"], capsys, monkeypatch)
    commands = out.split("Commands")[1]
    lines = [line.strip("│ ") for line in commands.splitlines() if line.startswith("│ ")]
    assert code == 0 and [line.split()[0] for line in lines] == list(cli.COMMANDS), lines
    assert next(line for line in lines if line.startswith("demo ")).endswith(
        "bot ghosts in the pool).")


def test_list_shows_registered_rulesets(capsys, monkeypatch):
    code, out, _ = run(["list"], capsys, monkeypatch)
    assert code == 0 and "duel-v1" in out and "Duel" in out
    assert "Give an id with or without its version" in " ".join(out.split())


def test_play_log_and_replay(tmp_path, capsys, monkeypatch):
    log = tmp_path / "game.jsonl"
    code, out, _ = run(["play", "duel", "--agents", "random,first", "--seed", "4", "--log",
                        str(log), "--rounds", "2"], capsys, monkeypatch)
    assert code == 0 and "Game over" in out
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert lines[0]["record"]["options"] == {"rounds": 2}
    assert all("text" in x for x in lines[1:])
    code, out, _ = run(["replay", str(log), "--explain"], capsys, monkeypatch)
    assert code == 0 and "Reproduced duel-v1: 4 decisions" in out
    assert "[duel.deal]" in out


def test_human_plays_by_number(tmp_path, capsys, monkeypatch):
    code, out, _ = run(["play", "duel", "--agents", "human,first", "--scenario", "short"],
                       capsys, monkeypatch, stdin="9\n1\n")
    assert code == 0
    assert "Type a number from 1 to 3" in out and "(duel.play)" in out and "Game over" in out
    assert "North is dealt" in out and "South is dealt" not in out  # seats by their names


def test_quitting_still_writes_the_log(tmp_path, capsys, monkeypatch):
    log = tmp_path / "g.jsonl"
    code, out, _ = run(["play", "duel", "--log", str(log)], capsys, monkeypatch, stdin="1\nq\n")
    assert code == 0 and "Game stopped" in out
    record = json.loads(log.read_text().splitlines()[0])["record"]
    assert len(record["decisions"]) == 2
    code, out, _ = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 0 and "waiting for North" in out  # the seat's name, not its id


def test_resigning_at_the_prompt_ends_the_game_and_its_log_replays_it(tmp_path, capsys,
                                                                     monkeypatch):
    log = tmp_path / "g.jsonl"
    code, out, _ = run(["play", "duel", "--log", str(log)], capsys, monkeypatch,
                       stdin="1\nresign\n")
    said = " ".join(out.split())
    assert code == 0 and "North: resignation, and the game is lost (losing side: North)" in said
    assert "Game over: winner South" in said and "Game stopped" not in said
    assert "Game over: winner South You lost." in said  # said to whoever is at the terminal
    record = json.loads(log.read_text().splitlines()[0])["record"]
    assert record["inputs"] == [{"kind": "resignation", "value": {"seat": "north"}, "at": 2}]
    code, out, _ = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 0 and "Reproduced duel-v1: 2 decisions" in out


@pytest.mark.rule("core.resign")
def test_replay_in_french_words_a_resignation_as_the_end(tmp_path, capsys, monkeypatch):
    log = tmp_path / "g.jsonl"
    code, _, _ = run(["play", "enemy-attacks", "--lang", "fr", "--log", str(log)], capsys,
                     monkeypatch, stdin="resign\n")
    assert code == 0
    code, out, _ = run(["replay", str(log), "--lang", "fr"], capsys, monkeypatch)
    assert code == 0 and "vainqueur Ennemis (abandon)." in " ".join(out.split())
    code, out, _ = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 0 and "winner Enemies (resigned)." in " ".join(out.split())


def test_tampered_log_is_one_line_error(tmp_path, capsys, monkeypatch):
    log = tmp_path / "game.jsonl"
    run(["play", "duel", "--agents", "random", "--log", str(log)], capsys, monkeypatch)
    lines = log.read_text().splitlines()
    event = json.loads(lines[-1])
    event["event"]["data"]["round"] = 99
    log.write_text("\n".join([*lines[:-1], json.dumps(event)]) + "\n")
    code, _, err = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 1 and err.startswith("error: ") and "Traceback" not in err
    log.write_text("not json\n")
    code, _, err = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 1 and "not JSON Lines" in err


@pytest.mark.parametrize("args,message", [
    (["play", "duell"], "did you mean 'duel"),
    (["play", "duel", "--ruling", "tie-break=coin"], "options: dice, none"),
    (["play", "duel", "--ruling", "tie-break"], "expects id=value"),
    (["play", "duel", "--agents", "genius"], "unknown agent 'genius'"),
    (["play", "duel", "--dice", "1,,2"], "empty die value"),
    (["play", "duel", "--rounds", "x"], "option --rounds"),
    (["play", "duel", "--lang", "xx"], "--lang 'xx': duel-v1 has no sentences in that language"),
    (["simulate", "duel", "--agents", "human"], "bots only"),
    (["replay", "/no/such/file"], "cannot read"),
])
def test_bad_usage_exits_2_with_one_line(args, message, capsys, monkeypatch):
    code, _, err = run(args, capsys, monkeypatch)
    assert code == 2, err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bad_content_exits_1(tmp_path, capsys, monkeypatch):
    (tmp_path / "deck.yaml").write_text("cards: [1, 2]\n")
    code, _, err = run(["play", "duel", "--content", str(tmp_path)], capsys, monkeypatch)
    assert code == 1 and "deck.yaml:1: cards" in err


def test_click_usage_errors_exit_2(capsys, monkeypatch):
    code, _, err = run(["simulate", "duel", "--games", "0"], capsys, monkeypatch)
    assert code == 2 and "Traceback" not in err


def test_rules_json_lists_tests(capsys, monkeypatch):
    code, out, _ = run(["rules", "duel", "--json"], capsys, monkeypatch)
    rows = {r["id"]: r for r in json.loads(out)}
    assert code == 0 and rows["duel.deal"]["section"] == "Setup"
    assert any("test_game.py" in t for t in rows["duel.tie-break"]["tests"])
    assert rows["duel.deal"]["code"] == ["tests/core/duel/rounds.py:19"]
    code, out, _ = run(["rules", "duel"], capsys, monkeypatch)
    assert "8 rules: 7 with a test, 1 without; 8 cited by code" in out
    code, out, _ = run(["rules", "duel", "--where"], capsys, monkeypatch)
    assert "tests/core/duel/rounds.py:19" in out and "rulekeeper/core/ruleset.py" in out


def test_rules_where_never_cuts_a_path_on_a_narrow_terminal(capsys, monkeypatch):
    from rulekeeper.cli_args import console

    monkeypatch.setattr(console, "width", 40)
    code, out, _ = run(["rules", "duel", "--where"], capsys, monkeypatch)
    assert code == 0 and "…" not in out
    assert "  code  tests/core/duel/rounds.py:19\n" in out
    assert "  test  tests/core/test_game.py::" in out


def test_schema_exports_json_schema(capsys, monkeypatch):
    code, out, _ = run(["schema", "duel"], capsys, monkeypatch)
    schema = json.loads(out)
    assert code == 0 and "deck" in schema["properties"]


def test_schema_of_one_content_file(capsys, monkeypatch):
    code, out, _ = run(["schema", "duel", "--file", "deck"], capsys, monkeypatch)
    schema = json.loads(out)
    assert code == 0 and schema["title"] == "deck.yaml" and "cards" in schema["properties"]
    code, out2, _ = run(["schema", "duel", "--file", "deck.yaml"], capsys, monkeypatch)
    assert code == 0 and out2 == out


def test_schema_of_an_unknown_file_is_one_usage_line_listing_the_files(capsys, monkeypatch):
    code, out, err = run(["schema", "duel", "--file", "decks"], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err == ("error: --file decks: duel-v1 has no content file 'decks' (did you mean "
                   "'deck'?); its files: deck\n")


def test_schema_out_dir_writes_one_schema_per_file(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "schemas"
    code, out, _ = run(["schema", "duel", "--out-dir", str(folder)], capsys, monkeypatch)
    assert code == 0 and "deck.schema.json" in out
    assert [p.name for p in folder.iterdir()] == ["deck.schema.json"]
    assert json.loads((folder / "deck.schema.json").read_text())["title"] == "deck.yaml"
    code, _, err = run(["schema", "duel", "--out-dir", str(folder), "-o", str(tmp_path / "s")],
                       capsys, monkeypatch)
    assert code == 2 and "not both" in err
    code, _, err = run(["schema", "duel", "--out-dir", str(folder / "deck.schema.json")],
                       capsys, monkeypatch)
    assert code == 2 and "is a file, not a folder" in err


def test_simulate_is_deterministic(capsys, monkeypatch):
    outs = []
    for _ in range(2):
        code, out, _ = run(["simulate", "duel", "--games", "12", "--seed", "3", "--json"],
                           capsys, monkeypatch)
        assert code == 0
        outs.append(json.loads(out))
    assert outs[0]["games"] == outs[1]["games"]
    assert outs[0]["summary"]["games"] == 12


def test_simulate_counts_the_heroes_side_of_a_co_op_ruleset(capsys, monkeypatch):
    code, out, _ = run(["simulate", "enemy-attacks", "--games", "2", "--agents", "heuristic"],
                       capsys, monkeypatch)
    assert code == 0 and "seen from heroes" in out and "won by heroes" in out
    assert " wins" not in out and "by p1" not in out and "seen from p1" not in out
    assert "│ p1   │ -     │ heuristic │" in out  # the seats table names the seats' bots


def test_demo_runs_every_registered_ruleset(capsys, monkeypatch):
    code, out, _ = run(["demo", "--games", "3", "--no-serve"], capsys, monkeypatch)
    assert code == 0 and "duel-v1" in out
    # each outcome with its 95% interval (Wilson's: 3 games of 3 are 44-100%)
    assert re.search(r"\b[1-3] \((6–79|21–94|44–100)%\)", out)


def test_log_path_is_checked_before_the_game(tmp_path, capsys, monkeypatch):
    for target in (tmp_path, tmp_path / "missing" / "g.jsonl"):
        code, out, err = run(["play", "duel", "--agents", "random", "--log", str(target)],
                             capsys, monkeypatch)
        assert code == 2 and "--log" in err and "Game over" not in out
    code, _, err = run(["schema", "duel", "-o", str(tmp_path / "no" / "s.json")], capsys, monkeypatch)
    assert code == 2 and "does not exist" in err


@pytest.mark.parametrize("content,message", [
    ("5\n", "not a rulekeeper log"),
    ('{"ruleset": "duel-v1"}\n', "not a game record: content_digest"),
    ('{"record": {"ruleset": "duel-v1", "seed": "abc", "content_digest": "x"}}\n',
     "not a game record: seed"),
    ('{"record": 1}\n{"event": 2}\n', "not a game record"),
])
def test_malformed_logs_are_one_line_record_errors(tmp_path, content, message, capsys, monkeypatch):
    log = tmp_path / "bad.jsonl"
    log.write_text(content)
    code, _, err = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 1 and message in err and len(err.strip().splitlines()) == 1


def test_a_broken_line_is_named(tmp_path, capsys, monkeypatch):
    log = tmp_path / "g.jsonl"
    run(["play", "duel", "--agents", "random", "--log", str(log)], capsys, monkeypatch)
    lines = log.read_text().splitlines()
    log.write_text("\n".join([*lines[:3], lines[3][:10]]) + "\n")
    code, _, err = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 1 and "g.jsonl:4: not JSON Lines" in err
    log.write_text("\n".join(lines[:3]) + "\n")
    code, _, err = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 1 and "the log has 2 events; the replay has more" in err


@pytest.mark.parametrize("change,message", [
    ({"rulings": {"tie-break": "coin"}}, "has no option 'coin'"),
    ({"rulings": {"nonsense": "x"}}, "unknown ruling 'nonsense'"),
    ({"scenario": "long"}, "no scenario 'long'"),
    ({"options": {"rounds": 7}}, "option --rounds"),
])
def test_records_that_no_longer_fit_are_mismatches(tmp_path, change, message, capsys, monkeypatch):
    log = tmp_path / "g.jsonl"
    run(["play", "duel", "--agents", "random", "--log", str(log)], capsys, monkeypatch)
    first, *rest = log.read_text().splitlines()
    record = json.loads(first)
    record["record"].update(change)
    log.write_text("\n".join([json.dumps(record), *rest]) + "\n")
    code, _, err = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 1 and message in err


def test_missing_rulings_take_their_defaults_on_replay(tmp_path, capsys, monkeypatch):
    log = tmp_path / "g.jsonl"
    run(["play", "duel", "--agents", "random", "--log", str(log)], capsys, monkeypatch)
    first, *rest = log.read_text().splitlines()
    record = json.loads(first)
    record["record"]["rulings"] = {}
    log.write_text("\n".join([json.dumps(record), *rest]) + "\n")
    code, out, _ = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 0 and "Reproduced" in out


def test_option_errors_read_well(capsys, monkeypatch):
    code, _, err = run(["play", "duel", "--heroes", "2"], capsys, monkeypatch)
    assert code == 2 and "duel-v1 has no option --heroes; its options: --rounds" in err
    code, _, err = run(["play", "duel", "--rounds", "9"], capsys, monkeypatch)
    assert code == 2 and "option --rounds: Input should be at least 1 and at most 3" in err
    assert "did you mean" not in err
    code, _, err = run(["play", "duel", "--ruling", "tie-break=dice", "--ruling", "tie-break=none"],
                       capsys, monkeypatch)
    assert code == 2 and "given twice" in err


def test_markup_in_content_is_shown_as_written(tmp_path, capsys, monkeypatch):
    import io

    from rich.console import Console

    from rulekeeper.agents.human import HumanAgent
    from rulekeeper.core import registry
    from rulekeeper.core.decisions import Decision, options
    buffer = io.StringIO()
    agent = HumanAgent(registry.load("duel"), "north", Console(file=buffer, width=200))
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    decision = Decision("north", "k", options([("a", "Sir Brannock [retired] [/x]")]), "duel.play",
                        "Pick [bold]")
    assert agent.choose(None, decision) == "a"
    assert "Sir Brannock [retired] [/x]" in buffer.getvalue() and "Pick [bold]" in buffer.getvalue()


def test_rules_show_text_and_tests(tmp_path, capsys, monkeypatch):
    code, out, _ = run(["rules", "duel", "--json"], capsys, monkeypatch)
    assert json.loads(out)[0]["text"].startswith("Each seat is dealt")
    code, out, _ = run(["rules", "duel", "--show-tests"], capsys, monkeypatch)
    assert "test_scripted_dice_decide_a_tie" in out
    code, _, err = run(["rules", "duel", "--tests", str(tmp_path / "nope")], capsys, monkeypatch)
    assert code == 2 and "no such folder" in err


def test_the_command_line_speaks_the_language_asked(tmp_path, capsys, monkeypatch):
    log = tmp_path / "b.jsonl"
    code, out, _ = run(["play", "cryptids", "--lang", "fr", "--log", str(log)], capsys, monkeypatch)
    assert code == 0 and "Partie terminée\u00a0: vainqueur" in out and "Enregistrement écrit" in out
    code, out, _ = run(["replay", str(log), "--lang", "fr"], capsys, monkeypatch)
    assert code == 0 and "cryptids-v1 reproduit\u00a0: 0 décision, " in out
    assert "la partie est terminée, vainqueur" in out
    code, out, _ = run(["replay", str(log)], capsys, monkeypatch)
    assert "Reproduced cryptids-v1: 0 decisions" in out and "the game is over, winner" in out


def test_replay_explain_gives_each_rule_sentence_cut_to_one_line(tmp_path, capsys, monkeypatch):
    log = tmp_path / "g.jsonl"
    run(["play", "enemy-attacks", "--agents", "random", "--seed", "3", "--log", str(log)],
        capsys, monkeypatch)
    from rulekeeper.core import registry

    texts = {e.id: " ".join(e.text.split())
             for e in registry.load("enemy-attacks").rule_index}
    code, out, _ = run(["replay", str(log), "--explain"], capsys, monkeypatch)
    assert code == 0
    lines = out.splitlines()
    import re

    cited = [(i, m.group(1)) for i, line in enumerate(lines)
             if (m := re.match(r"\s*\d+ \[([^\]]+)\]", line))]
    assert len(cited) > 20
    long_ones = 0
    ends = [i for i, _ in cited[1:]] + [len(lines)]
    for (i, rule), end, (_, before) in zip(cited, ends, [(0, None), *cited], strict=False):
        shown = [line.strip() for line in lines[i + 1:end] if line.startswith(" " * 7)]
        if rule == before:  # a run of events of one rule: its sentence once
            assert shown == []
            continue
        assert len(shown) == 1
        if len(texts[rule]) > cli_game.RULE_WIDTH:
            long_ones += 1
            assert shown[0].endswith("…") and texts[rule].startswith(shown[0][:-1])
            assert len(shown[0]) <= cli_game.RULE_WIDTH
        else:
            assert shown[0] == texts[rule]
    assert long_ones, "the game cites no long rule: pick another seed"
    code, whole, _ = run(["replay", str(log), "--explain", "--whole-rules"], capsys, monkeypatch)
    assert code == 0 and "…" not in whole
    assert all(texts[rule] in whole for _, rule in cited)
    code, _, err = run(["replay", str(log), "--whole-rules"], capsys, monkeypatch)
    assert code == 2 and "--whole-rules goes with --explain" in err


def test_lang_fr_is_said_in_help_and_a_language_without_sentences_refused_in_one_line(
        capsys, monkeypatch):
    from rulekeeper.core import registry

    shipped = {registry.load(name).meta.id for name in (
        "cryptids", "cryptids-run", "enemy-attacks", "combat-encounter", "dire-alliance-battle",
        "dire-alliance-raid")}
    assert {i for i in shipped if "fr" in registry.load(i).messages.locales} == shipped
    code, out, _ = run(["play", "--help"], capsys, monkeypatch)
    assert "en or fr" in " ".join(out.replace("│", " ").split())
    for command in (["play", "enemy-attacks", "--agents", "random"], ["battle", "cryptids"]):
        code, _, err = run([*command, "--lang", "de"], capsys, monkeypatch)
        assert code == 2 and len(err.strip().splitlines()) == 1, err
        assert "has no sentences in that language (its languages: en, fr)" in err


def test_play_in_french_asks_its_questions_in_french(capsys, monkeypatch):
    """`play --lang fr`: the question, its options, the panel's ruleset and seat, and what
    the terminal answers a typo or `?` are French, as the events are (the board's picture
    stays English)."""
    code, out, _ = run(["play", "dire-alliance-battle", "--lang", "fr"], capsys, monkeypatch,
                       stdin="zz\n?\nq\n")
    said = " ".join(out.replace("│", " ").split())
    assert code == 0 and "Dire Alliance : Horreur — mode Bataille — Rouge" in said
    assert "Tour de l'agresseur 1 : jouez une carte (1 sur 2)" in said
    assert re.search(r"1\. Carte [^:]+ : active ", said), said
    assert "Tapez un numéro de 1 à" in said and "Tapez le numéro d'une option" in said
    assert "resign pour abandonner" in said and "resign abandonne la partie" in said
    assert "play a card" not in said and "Type a number" not in said
    code, out, _ = run(["play", "dire-alliance-battle"], capsys, monkeypatch, stdin="zz\nq\n")
    said = " ".join(out.replace("│", " ").split())
    assert "Dire Alliance: Horror — Battle Mode — Red" in said and "play a card" in said
    assert "Type a number from 1 to" in said


def test_the_end_of_a_game_names_the_winner_in_words_never_the_reasons_id(capsys, monkeypatch):
    """The last line says who won; why is the last event, just above it, in the same language
    (the result's reason is an id: side-empty)."""
    code, out, _ = run(["play", "cryptids", "--lang", "fr"], capsys, monkeypatch)
    last, why = out.strip().splitlines()[-1], out.strip().splitlines()[-2]
    assert code == 0 and last == "Partie terminée\u00a0: vainqueur Gauche", last
    assert why.startswith("  Le camp de gauche") and "[end.side-empty]" in why, why


def test_version_and_python_dash_m(capsys, monkeypatch):
    import subprocess

    from rulekeeper import __version__

    code, out, _ = run(["--version"], capsys, monkeypatch)
    assert (code, out) == (0, f"rulekeeper {__version__}\n")
    done = subprocess.run([sys.executable, "-m", "rulekeeper", "--version"], capture_output=True,
                          text=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, f"rulekeeper {__version__}\n")
    done = subprocess.run([sys.executable, "-m", "rulekeeper", "rules", "nosuch"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and done.stderr.startswith("error: ")


def test_shell_completion_of_commands_options_and_rulesets(capsys, monkeypatch):
    # the script is for the shell Typer finds among the command's parents: bash, as run here
    monkeypatch.setattr(typer.completion, "_get_shell_name", lambda: "bash")
    code, out, _ = run(["--show-completion"], capsys, monkeypatch)
    assert code == 0 and "complete -o default -F _rulekeeper_completion rulekeeper" in out
    for words, cword, expected in (("rulekeeper pl", "1", "play"),
                                   ("rulekeeper play --sc", "2", "--scenario"),
                                   ("rulekeeper simulate dire-alliance-r", "2",
                                    "dire-alliance-raid")):
        monkeypatch.setenv("_RULEKEEPER_COMPLETE", "complete_bash")
        monkeypatch.setenv("COMP_WORDS", words)
        monkeypatch.setenv("COMP_CWORD", cword)
        code, out, _ = run([], capsys, monkeypatch)
        assert out.split() == [expected], (words, out)


def test_serve_on_a_port_in_use_says_so_in_one_line(capsys, monkeypatch, tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(["serve", "--port", str(port), "--db",
                              f"sqlite:///{tmp_path / 'never.db'}"], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err == (f"error: port {port} on 127.0.0.1 is already in use (another server?): "
                   f"choose another with --port, e.g. --port {port + 1}\n")
    assert not (tmp_path / "never.db").exists(), "nothing started"


def test_serve_names_a_mistyped_db_before_a_port_in_use(capsys, monkeypatch):
    """The mistake in the command comes first, whatever else runs on the machine."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(["serve", "--port", str(port), "--db", "nosuch://x"], capsys,
                             monkeypatch)
    assert (code, out) == (2, "")
    assert err.startswith("error: --db 'nosuch://x': ") and err.count("\n") == 1, err


def test_serve_warms_every_ruleset_up_before_serving(capsys, monkeypatch, tmp_path):
    """``serve`` calls each registered ruleset's ``warm_up`` (cryptids compiles its battle
    kernel there) before uvicorn takes requests, and names no ruleset itself."""
    from rulekeeper.core import registry
    from rulekeeper.server import commands
    from rulekeeper.server.config import DB_ENV

    steps: list[str] = []
    rulesets = [registry.load(ruleset_id) for ruleset_id in registry.ids()]
    for ruleset in rulesets:
        monkeypatch.setattr(type(ruleset), "warm_up",
                            lambda self, say: steps.append(self.meta.id))
    ports: list[int] = []
    monkeypatch.setattr(commands, "run_uvicorn", lambda sock, workers, **settings: (
        steps.append("serving"), ports.append(sock.getsockname()[1])))
    db = f"sqlite:///{tmp_path / 'w.db'}"
    monkeypatch.setenv(DB_ENV, db)  # serve sets it for its workers: undone after the test
    code, out, err = run(["serve", "--port", "0", "--db", db],
                         capsys, monkeypatch)
    address = f"http://127.0.0.1:{ports[0]}/"  # the port --port 0 picked, named
    assert (code, err) == (0, "") and out.startswith(f"rulekeeper serve: {address}")
    assert sorted(steps[:-1]) == sorted(ruleset.meta.id for ruleset in rulesets)
    assert steps[-1] == "serving" and "cryptids-v1" in steps
    assert out.rstrip().endswith(f"ready: open {address}")  # once warmed up


def test_the_cryptids_warm_up_compiles_the_kernel_its_odds_use(monkeypatch):
    from rulekeeper.core import registry
    from rulekeeper.rulesets.cryptids.kernel import engines

    played: list[str] = []
    real = engines.play
    monkeypatch.setattr(engines, "play", lambda *args, **kwargs: played.append(args[3]) or real(
        *args[:3], "python", **kwargs))
    said: list[str] = []
    registry.load("cryptids").warm_up(said.append)
    assert played == ["kernel", "kernel"] and "kernel" in said[0]


@pytest.mark.rule("core.work-budget")
def test_the_terminal_says_the_work_budget_in_the_language_asked(tmp_path, capsys, monkeypatch):
    """The engine's own events are worded as the pages word them (``core.sentences``): in
    French, the winner named as its side (« Héros »), in play, replay --explain (with the
    engine's rule, in French too) and the log, and in the terminal's own last line."""
    from dataclasses import replace

    from rulekeeper.core import registry

    ruleset = registry.load("enemy-attacks")
    monkeypatch.setattr(ruleset, "meta", replace(ruleset.meta, max_length=3))
    said = ("Le budget de travail est atteint (3 décisions)\u00a0: la partie se termine, gagnée "
            "au décompte des règles par Héros")
    log = tmp_path / "g.jsonl"
    code, out, _ = run(["play", "enemy-attacks", "--agents", "random", "--seed", "3", "--ruling",
                        "work-budget=judge", "--lang", "fr", "--log", str(log)],
                       capsys, monkeypatch)
    assert code == 0 and said in out
    assert said in log.read_text(encoding="utf-8")
    code, out, _ = run(["replay", str(log), "--explain", "--lang", "fr"], capsys, monkeypatch)
    assert code == 0 and " ".join(said.split()) in " ".join(out.split())  # a long line wraps
    assert "la partie est terminée, vainqueur Héros (budget de travail)" in out
    assert "Une partie qui atteint le budget de travail" in " ".join(out.split())  # its rule
    code, out, _ = run(["replay", str(log), "--explain"], capsys, monkeypatch)
    assert ("The work budget is reached (3 decisions): the game ends, won on the rules' count by "
            "Heroes" in " ".join(out.split()))
    assert "A game that reaches its ruleset's work budget" in " ".join(out.split())


def test_replay_in_french_words_why_the_game_ended_and_a_rule_the_index_lacks(
        tmp_path, capsys, monkeypatch):
    """replay --lang fr: the end's reason in the ruleset's words (an id in English, as
    before), and --explain's note for a rule the index lacks."""
    from rulekeeper.core import registry

    log = tmp_path / "g.jsonl"
    code, _, _ = run(["play", "enemy-attacks", "--agents", "random", "--log", str(log)],
                     capsys, monkeypatch)
    code, out, _ = run(["replay", str(log), "--lang", "fr"], capsys, monkeypatch)
    assert code == 0 and "vainqueur Ennemis (limite de manches)." in " ".join(out.split())
    code, out, _ = run(["replay", str(log)], capsys, monkeypatch)
    assert code == 0 and "winner Enemies (round-limit)." in out
    monkeypatch.setattr(registry.load("enemy-attacks"), "rule_index", [])
    code, out, _ = run(["replay", str(log), "--explain", "--lang", "fr"], capsys, monkeypatch)
    assert code == 0 and "(absent de l'index des règles)" in out
    assert "(not in the rule index)" not in out
    code, out, _ = run(["replay", str(log), "--explain"], capsys, monkeypatch)
    assert code == 0 and "(not in the rule index)" in out
