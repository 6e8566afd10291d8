"""A user's mistake, with any command, is one line on stderr and an exit code; never a
traceback, never work done first.

The table holds bad invocations of every command (and of every odds question); a command
added without rows here fails :func:`test_every_command_has_bad_invocations`.
"""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import typer.main

from rulekeeper import cli
from rulekeeper.cli_odds import declared
from rulekeeper.core.game import new_game
from rulekeeper.lab import store
from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.run import run_batch
from tests.core.test_cli import run
from tests.server.test_hostile import run_against

CRYPTID_HP = "cryptids.cryptids.yeti.hp"

USAGE, CONTENT = 2, 1
TABLE: list[tuple[list[str], int, str]] = [
    (["list", "extra"], USAGE, "unexpected extra argument"),
    (["lsit"], USAGE, "No such command 'lsit'"),
    (["play", "cryptid"], USAGE, "unknown ruleset 'cryptid'"),
    (["play", "cryptids", "--seed", "abc"], USAGE, "'--seed': Input should be a valid integer"),
    (["play", "cryptids", "--ruling", "overheal=maybe"], USAGE, "options: cap, allow"),
    (["play", "cryptids", "--lang", "de"], USAGE, "--lang 'de': cryptids-v1 has no sentences in that language"),
    (["play", "cryptids", "--dice", "3+9"], USAGE, "9 is not a value of any die"),
    (["play", "cryptids", "--log", "{missing}/g.jsonl"], USAGE, "does not exist"),
    (["play", "cryptids", "--log", "{existing}"], USAGE, "exists; give --force"),
    (["play", "cryptids", "--log", "{folder}"], USAGE, "is a folder, not a file"),
    (["play", "cryptids", "--content", "{missing}"], USAGE, "does not exist"),
    (["play", "cryptids", "--heroes", "2"], USAGE, "has no option --heroes"),
    (["play", "cryptids", "--set", "nonsense"], USAGE, "expects id=value"),
    (["play", "cryptids", "--set", f"{CRYPTID_HP}={'9' * 5000}"], USAGE,
     "a number has more than 4,300 digits"),
    (["play", "cryptids", "--set", "cryptids.cryptids.-1.hp=3"], USAGE, "no item '-1'"),
    (["play", "cryptids", "--seed", "-1"], USAGE, "a game's seed is a whole number, 0 or more"),
    (["play", "cryptids", "--content", "{bomb}"], CONTENT, "once its aliases (*name) are expanded"),
    (["play", "cryptids", "--content", "{digits}"], CONTENT, "a number has more than 4,300 digits"),
    (["play", "cryptids", "--content", "{big}"], CONTENT, "the file is larger than 2 MiB"),
    (["battle", "dire-alliance-battle"], USAGE, "asks its players for decisions"),
    (["battle", "cryptids", "--log", "/no/such/dir/x.jsonl"], USAGE, "does not exist"),
    (["battle", "cryptids", "--left", "nope"], USAGE, "--left: no team 'nope'"),
    (["battle", "cryptids", "--dice", "3"], USAGE, "roll 1 has only one (3)"),
    (["replay", "{missing}/g.jsonl"], USAGE, "cannot read"),
    (["replay", "{existing}"], 1, "not JSON Lines"),
    (["replay", "{future_log}"], 1, "format 99, newer than this rulekeeper"),
    (["replay"], USAGE, "Missing argument"),
    (["replay", "{deep_log}"], 1, "not JSON Lines: values nested too deeply"),
    (["replay", "{event_log}"], 1, "event_log.jsonl:2: not an event"),
    (["replay", "{seed_log}"], 1, "not a game record: seed: Input should be a valid integer"),
    (["replay", "{huge_log}"], 1, "larger than 32 MiB"),
    (["replay", "{hp_log}"], 1, "the opponent input is not a match: row.0.hp: Input should be "
     "less than or equal to 999"),
    (["rules", "nope"], USAGE, "unknown ruleset 'nope'"),
    (["rules", "cryptids", "--tests", "{missing}"], USAGE, "no such folder"),
    (["schema", "cryptids", "--out-dir", "/proc/x"], USAGE, "cannot make the folder"),
    (["schema", "cryptids", "-o", "{missing}/s.json"], USAGE, "does not exist"),
    (["schema", "cryptids", "-o", "{existing}"], USAGE, "exists; give --force"),
    (["schema", "cryptids", "--file", "cryptid"], USAGE, "did you mean 'cryptids'"),
    (["schema", "cryptids", "-o", "{tmp}/a.json", "--out-dir", "{tmp}"], USAGE, "not both"),
    (["demo", "--games", "0"], USAGE, "--games"),
    (["simulate", "cryptids", "--side", "purple"], USAGE, "no winner can be 'purple'"),
    # a content value's error names the --set it comes from, in our words (pydantic's
    # "Value error, " left out), even where a check across files finds it
    (["simulate", "combat-encounter", "--set", "items.cards.longsword.damage=1d8+"], CONTENT,
     "error: --set items.cards.longsword.damage: '1d8+' is not dice notation"),
    (["simulate", "combat-encounter", "--set", "characters.cards.knight.health=9", "--set",
      "characters.cards.knight.loadout.weapons.0=lngsword"], CONTENT,
     "error: --set characters.cards.knight.loadout.weapons.0: character 'knight': 'lngsword' "
     "is not an item"),
    (["simulate", "cryptids", "--set", "cryptids.cryptids.bigfoot.hpp=3"], CONTENT,
     "--set cryptids.cryptids.bigfoot.hpp: no field 'hpp' here (did you mean 'hp'?); its "
     "fields in the sample: id, name, tier, hp, threat, abilities"),
    (["simulate", "cryptids", "--games", "0"], USAGE, "--games"),
    (["simulate", "cryptids", "--games", "1000000000"], USAGE, "--games"),
    (["simulate", "cryptids", "--seed", "1.5"], USAGE, "'--seed': Input should be a valid integer"),
    (["simulate", "cryptids", "--out", "{missing}/r.parquet"], USAGE, "does not exist"),
    (["simulate", "cryptids", "--out", "{existing}"], USAGE, "exists; give --force"),
    (["simulate", "cryptids", "--workers", "100000"], USAGE, "--workers 100000: at most"),
    (["simulate", "cryptids", "--until-ci", "0.7"], USAGE, "--until-ci must be between"),
    (["simulate", "cryptids", "--backend", "spark"], USAGE, "unknown backend 'spark'"),
    (["simulate", "cryptids", "--agents", "human"], USAGE, "bots only"),
    (["simulate", "cryptids", "--set", f"{CRYPTID_HP}=-5"], CONTENT, "hp"),
    (["sweep", "cryptids", "--set", f"{CRYPTID_HP}=5,-5"], CONTENT, "hp"),
    (["sweep", "cryptids", "--set", f"{CRYPTID_HP}=5"], USAGE, "nothing to sweep"),
    (["sweep", "cryptids", "--set", f"{CRYPTID_HP}=5,6", "--side", "up"], USAGE,
     "no winner can be 'up'"),
    (["sweep", "cryptids", "--set", f"{CRYPTID_HP}=5,6", "--plot", "{existing}"], USAGE,
     "exists; give --force"),
    (["sweep", "cryptids", "--ruling", "overheal=cap,maybe"], USAGE, "no option 'maybe'"),
    (["tune", "cryptids", "--set", f"{CRYPTID_HP}=5"], USAGE, "nothing to tune"),
    (["tune", "cryptids", "--set", f"{CRYPTID_HP}=9..2"], USAGE, "must go up"),
    (["tune", "cryptids", "--set", f"{CRYPTID_HP}=1..x"], USAGE, "is not a range"),
    (["tune", "cryptids", "--set", f"{CRYPTID_HP}=-5..5"], CONTENT, "hp"),
    (["tune", "cryptids", "--set", f"{CRYPTID_HP}=1..9", "--target", "1.5"], USAGE,
     "--target must be between 0 and 1"),
    (["tune", "cryptids", "--set", f"{CRYPTID_HP}=1..9", "--tolerance", "0"], USAGE,
     "--tolerance must be between"),
    (["tune", "cryptids", "--set", f"{CRYPTID_HP}=1..9", "--games", "500", "--max-games",
      "100"], USAGE, "more than --max-games"),
    (["tune", "cryptids", "--set", f"{CRYPTID_HP}=1..9", "--side", "up"], USAGE,
     "no winner can be 'up'"),
    (["tune", "cryptids", "--set", f"{CRYPTID_HP}=1..9", "--out", "{existing}"], USAGE,
     "exists; give --force"),
    (["tune", "cryptids", "--ruling", "overheal=cap,maybe"], USAGE, "no option 'maybe'"),
    (["compare", "cryptids"], USAGE, "old and new are the same"),
    (["compare", "cryptids", "--new-set", "nonsense"], USAGE, "--new-set expects id=value"),
    (["compare", "cryptids", "--new-set", "cryptids.cryptids.nobody.hp=3"], USAGE,
     "no item 'nobody'"),
    (["compare", "cryptids", "--new-set", f"{CRYPTID_HP}=30", "--threshold", "2"], USAGE,
     "less than or equal to 1"),
    (["compare", "{missing}/old.parquet", "{missing}/new.parquet"], USAGE, "cannot read"),
    (["compare", "{missing}/old.parquet"], USAGE, "give the new results file too"),
    (["luck", "{missing}/g.jsonl"], USAGE, "cannot read"),
    (["luck", "{existing}"], 1, "not JSON Lines"),
    (["luck", "{future_log}"], 1, "format 99, newer than this rulekeeper"),
    (["luck", "{existing}", "--samples", "0"], USAGE, "greater than or equal to 1"),
    (["culprits", "cryptid"], USAGE, "unknown ruleset 'cryptid'"),
    (["culprits", "cryptids", "--ablation-games", "-1"], USAGE, "greater than or equal to 0"),
    (["culprits", "cryptids", "--agents", "human"], USAGE, "simulations play bots only"),
    (["culprits", "cryptids-run"], USAGE, "measures no fighter, hero or cryptid"),
    (["culprits", "cryptids", "--set", "cryptids.cryptids.nobody.hp=3"], USAGE, "nobody"),
    (["dead-rules", "cryptid"], USAGE, "unknown ruleset 'cryptid'"),
    (["dead-rules", "cryptids", "--games", "0"], USAGE, "greater than or equal to 1"),
    (["dead-rules", "cryptids", "--agents", "human"], USAGE, "simulations play bots only"),
    (["matchup", "cryptids", "-c", "duo"], USAGE, "at least two contenders"),
    (["matchup", "cryptids", "-c", "duo", "-c", "nope"], USAGE, "no team 'nope'"),
    (["matchup", "cryptids", "-c", "duo", "-c", "swamp", "--plot", "{missing}/m.png"], USAGE,
     "does not exist"),
    (["matchup", "cryptids", "-c", "duo", "-c", "swamp", "--row", "left"], USAGE,
     "give both --row and --col"),
    (["report", "{missing}/r.parquet"], USAGE, "cannot read"),
    (["report", "{existing}"], USAGE, "cannot read"),
    (["report", "{foreign}"], USAGE, "not written by rulekeeper"),
    (["report", "{broken_meta}"], USAGE, "its rulekeeper metadata is not JSON"),
    (["report", "{future}"], USAGE, "has results format 99, newer than this rulekeeper"),
    (["report", "{results}", "--side", "purple"], USAGE, "no winner can be 'purple'"),
    (["report", "{results}", "--lang", "de"], USAGE,
     "--lang 'de': the report is written in en, fr"),
    (["report", "{results}", "-o", "{existing}"], USAGE, "exists; give --force"),
    (["report", "{results}", "-o", "{folder}"], USAGE, "is a folder, not a file"),
    (["report", "{edited}", "--ruling-games", "5"], USAGE, "changed since"),
    (["compile", "--fast"], USAGE, "No such option: --fast"),
    (["odds", "nope"], USAGE, "No such command 'nope'"),
    (["odds", "cryptid"], USAGE, "No such command 'cryptid' (did you mean 'cryptids'?)"),
    (["odds", "dire-alliance", "attack"], USAGE, "Missing option '--attack'"),
    (["odds", "dire-alliance", "attack", "--attack", "-1", "--defense", "2"], USAGE,
     "--attack must be 0 or more, got -1"),
    (["odds", "dire-alliance", "attack", "--attack", "x", "--defense", "2"], USAGE,
     "'--attack': Input should be a valid integer"),
    (["odds", "dire-alliance", "attack", "--attack", "1", "--defense", "2", "--ruling",
      "combat-die=x"], USAGE, "no option 'x'"),
    (["odds", "enemy-attacks", "check", "--dice", "31"], USAGE, "--dice must be 30 or less"),
    (["odds", "enemy-attacks", "check", "--dice", "2", "--content", "{missing}"], USAGE,
     "does not exist"),
    (["odds", "combat-encounter", "attack", "--stat", "1", "--defense", "9", "--weapon", "1d8*2"],
     USAGE, "--weapon"),
    (["odds", "combat-encounter", "attack", "--stat", "1", "--defense", "9", "--weapon", "1d8",
      "--rerolls", "1000"], USAGE, "--rerolls must be 100 or less"),
    (["odds", "cryptids", "--games", "0"], USAGE, "--games must be 1 or more"),
    (["odds", "cryptids", "--left", "nope"], USAGE, "no team 'nope'"),
    (["odds", "cryptids", "--exact", "--max-states", "100"], USAGE, "passed 100 battle states"),
    (["serve", "--port", "70000"], USAGE, "less than or equal to 65535"),
    (["serve", "--db", "nosuch://x"], USAGE, "--db 'nosuch://x'"),
    (["serve", "--db", ""], USAGE, "--db '': give a database URL"),
    (["db", "upgrade", "--db", "sqlite:///{missing}/x.db"], USAGE, "cannot use the database"),
    (["db", "nope"], USAGE, "No such command 'nope'"),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The files the table's invocations name: an existing file, a folder, results files."""
    tmp = tmp_path_factory.mktemp("bad")
    (tmp / "existing.txt").write_text("keep me\n")
    (tmp / "folder").mkdir()
    spec = BatchSpec("cryptids", options={"left": "duo", "right": "lone-yeti"})
    results = run_batch(spec, 3, 1)
    batch = store.Batch("", {}, spec, 1, results, digest="0" * 16)
    run_ = store.Run("simulate", "left", ["left", "right"], [], [batch])
    store.write(tmp / "edited.parquet", run_)
    batch.digest = None
    store.write(tmp / "results.parquet", run_)
    table = pq.read_table(tmp / "results.parquet")
    meta = json.loads(table.schema.metadata[b"rulekeeper"])
    pq.write_table(table.replace_schema_metadata({b"rulekeeper": b"{not json"}),
                   tmp / "broken_meta.parquet")
    pq.write_table(table.replace_schema_metadata(
        {b"rulekeeper": json.dumps(meta | {"format": 99}).encode()}), tmp / "future.parquet")
    pq.write_table(pa.table({"x": [1]}), tmp / "foreign.parquet")
    (tmp / "future.jsonl").write_text(json.dumps({"format": 99, "record": {
        "ruleset": "cryptids-v1", "content_digest": "x", "seed": 1}}) + "\n")
    hostile_files(tmp)
    return {"tmp": tmp, "missing": tmp / "missing", "existing": tmp / "existing.txt",
            "folder": tmp / "folder", "results": tmp / "results.parquet",
            "edited": tmp / "edited.parquet", "broken_meta": tmp / "broken_meta.parquet",
            "future": tmp / "future.parquet", "foreign": tmp / "foreign.parquet",
            "future_log": tmp / "future.jsonl",
            **{name: tmp / name for name in ("bomb", "digits", "big")},
            **{name: tmp / f"{name}.jsonl" for name in ("deep_log", "event_log", "seed_log",
                                                         "huge_log", "hp_log")}}


def hostile_files(tmp):
    """Content folders and logs of issue 30: an alias bomb, huge numbers and files, deep
    nesting, a bad event, a seed given as text, an opponent of a run at 10⁹ HP."""
    for name, text in (("bomb", "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
            f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
            f"*{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(8))),
                       ("digits", "cryptids:\n  - id: yeti\n    hp: " + "9" * 100_000 + "\n"),
                       ("big", "# " + "x" * (3 * 2**20) + "\ncryptids: []\n")):
        (tmp / name).mkdir()
        (tmp / name / "cryptids.yaml").write_text(text)
    head = {"format": 2, "record": new_game("cryptids", seed=1).record().model_dump(mode="json")}
    (tmp / "deep_log.jsonl").write_text('{"a": ' + "[" * 1000 + "]" * 1000 + "}\n")
    (tmp / "event_log.jsonl").write_text(json.dumps(head) + "\n" + json.dumps(
        {"event": {"kind": 5, "rule": "x"}}) + "\n")
    seed = {**head, "record": {**head["record"], "seed": "1"}}
    (tmp / "seed_log.jsonl").write_text(json.dumps(seed) + "\n")
    with (tmp / "huge_log.jsonl").open("wb") as huge:
        huge.truncate(33 * 2**20)  # sparse: nothing written to the disk
    (tmp / "hp_log.jsonl").write_text(json.dumps({"format": 2, "record": run_against(
        hp=10**9)}) + "\n")


@pytest.mark.parametrize("args,code,message", TABLE, ids=[" ".join(a) for a, _, _ in TABLE])
def test_a_bad_invocation_is_one_line_and_its_exit_code(args, code, message, files, capsys,
                                                       monkeypatch):
    monkeypatch.chdir(files["tmp"])
    before = sorted(p.name for p in files["tmp"].iterdir())
    got, out, err = run([a.format(**files) for a in args], capsys, monkeypatch)
    assert (got, err.count("\n"), err[:7]) == (code, 1, "error: "), err
    assert message.format(**files) in err and "Traceback" not in err
    assert "Roll 1" not in out and "games in" not in out  # refused before any work
    assert sorted(p.name for p in files["tmp"].iterdir()) == before
    assert files["existing"].read_text() == "keep me\n"


def test_every_command_has_bad_invocations():
    commands = typer.main.get_command(cli.build()).commands  # type: ignore[attr-defined]
    tried = {args[0] for args, _, _ in TABLE}
    assert set(commands) - tried == set()
    groups = {args[1] for args, _, _ in TABLE if args[0] == "odds" and len(args) > 1}
    assert set(declared()) - groups == set()


IN_FRENCH: list[tuple[list[str], int, str]] = [
    # play --lang fr: each refusal of its options, content, rulings, dice, agents and files
    (["play", "enemy-attacks", "--scenario", "gallery-ambush", "--players", "4"], USAGE,
     "Joueurs : au plus 2 dans ce scénario (un héros chacun), et non 4"),
    (["play", "enemy-attacks", "--players", "5"], USAGE,
     "option --players : doit valoir au moins 1 et au plus 4 (options d'enemy-attacks-v5 : "
     "--players)"),
    (["play", "enemy-attacks", "--players", "x"], USAGE,
     "option --players : doit être un nombre entier (options d'enemy-attacks-v5"),
    (["play", "enemy-attacks", "--playres", "3"], USAGE,
     "enemy-attacks-v5 n'a pas d'option --playres (vouliez-vous dire 'players' ?) ; "
     "ses options : --players"),
    (["play", "combat-encounter", "--players", "9"], USAGE,
     "option --players : doit valoir au moins 2 et au plus 6 (options de combat-encounter-v4"),
    (["play", "cryptids-run", "--mu", "x"], USAGE,
     "option --mu : doit être un nombre (ce texte n'en est pas un)"),
    (["play", "cryptids", "--left", "hunterz"], USAGE,
     "--left : pas d'équipe 'hunterz' (vouliez-vous dire 'hunters' ?) ; équipes : "),
    (["play", "dire-alliance-battle", "--red-faction", "nope"], USAGE,
     "faction 'nope' inconnue ; factions : "),
    (["play", "dire-alliance-raid", "--villain", "nope"], USAGE, "méchant 'nope' inconnu"),
    (["play", "cryptid"], USAGE, "jeu de règles 'cryptid' inconnu (vouliez-vous dire "
                                 "'cryptids' ?) ; connus : "),
    (["play", "enemy-attacks", "--scenario", "nope"], USAGE,
     "enemy-attacks-v5 n'a pas de scénario 'nope' ; scénarios : "),
    (["play", "enemy-attacks", "--set", "foo.bar=3"], USAGE,
     "--set foo.bar : aucun fichier de contenu 'foo' ; un chemin commence par le nom d'un "
     "fichier : "),
    (["play", "cryptids", "--set", "nonsense"], USAGE, "--set attend id=valeur, et non 'nonsense'"),
    (["play", "cryptids", "--set", f"{CRYPTID_HP}=-3"], CONTENT,
     f"--set {CRYPTID_HP} : doit valoir au moins 1"),
    (["play", "cryptids", "--ruling", "overheal=maybe"], USAGE,
     "l'arbitrage 'overheal' n'a pas d'option 'maybe' ; options : cap, allow"),
    (["play", "cryptids", "--ruling", "nope=1"], USAGE, "arbitrage 'nope' inconnu ; arbitrages : "),
    (["play", "cryptids", "--ruling", "overheal"], USAGE,
     "--ruling attend id=valeur, et non 'overheal'"),
    (["play", "cryptids", "--dice", "3+9"], USAGE,
     "--dice : 9 n'est la valeur d'aucun dé de cryptids-v1 (nombres de 1 à 6)"),
    (["play", "enemy-attacks", "--dice", "zz"], USAGE,
     "--dice : 'zz' n'est la valeur d'aucun dé d'enemy-attacks-v5 (faces blank, extra, one, "
     "stamina, two ou nombres de 1 à 7)"),
    (["play", "enemy-attacks", "--agents", "bogus"], USAGE,
     "agent 'bogus' inconnu ; agents d'enemy-attacks-v5 : "),
    (["play", "enemy-attacks", "--agents", "random,random,random"], USAGE,
     "3 agents donnés pour 2 places (p1, p2)"),
    (["play", "enemy-attacks", "--agents", "mcts:budget=zz"], USAGE,
     "budget de mcts 'zz' : donnez un nombre d'itérations (200) ou une durée"),
    (["play", "cryptids", "--agent-option", "budget=1"], USAGE,
     "--agent-option demande --agents (par exemple --agents mcts,heuristic)"),
    (["play", "cryptids", "--content", "{missing}"], USAGE,
     "le dossier de contenu '{missing}' n'existe pas"),
    (["play", "cryptids", "--log", "{missing}/g.jsonl"], USAGE,
     "--log {missing}/g.jsonl : le dossier '{missing}' n'existe pas"),
    (["play", "cryptids", "--log", "{existing}"], USAGE,
     "--log {existing} : le fichier existe ; donnez --force pour le remplacer"),
    (["play", "cryptids", "--log", "{folder}"], USAGE, "--log {folder} : est un dossier, pas un "
                                                       "fichier"),
    (["play", "cryptids", "extra"], USAGE, "argument inattendu 'extra'"),
    (["play", "cryptids", "--seed", "-1"], USAGE,
     "graine -1 : la graine d'une partie est un nombre entier, 0 ou plus"),
    (["battle", "dire-alliance-battle"], USAGE,
     "dire-alliance-battle-v3 demande des décisions à ses joueurs ; jouez-le avec"),
    # replay --lang fr: a file that is no record, or a record that no longer reproduces
    (["replay", "{missing}/g.jsonl"], USAGE,
     "impossible de lire {missing}/g.jsonl : aucun fichier ou dossier de ce nom"),
    (["replay", "{existing}"], 1, "{existing}:1 : pas au format JSON Lines : "),
    (["replay", "{deep_log}"], 1, "pas au format JSON Lines : valeurs imbriquées trop "
                                  "profondément"),
    (["replay", "{event_log}"], 1, "event_log.jsonl:2 : pas un événement : "),
    (["replay", "{future_log}"], 1, "le fichier de journal a le format 99, plus récent que ce "
                                    "que ce rulekeeper"),
    (["replay", "{seed_log}"], 1, "pas un enregistrement de partie : seed : doit être un "
                                  "nombre entier"),
    (["replay", "{huge_log}"], 1, "plus de 32 Mio : pas le journal d'une partie"),
    (["replay", "{hp_log}"], 1, "la décision 3 ne se reproduit plus : l'adversaire donné n'est "
                                "pas un appariement valide : row.0.hp : doit valoir au plus 999"),
    (["replay", "{existing}", "--whole-rules"], USAGE, "--whole-rules va avec --explain"),
    # what the argument parser refuses before the command reads --lang
    (["play", "cryptids", "--seed", "abc"], USAGE, "Valeur invalide pour '--seed' : doit être "
                                                   "un nombre entier (ce texte n'en est pas un) "
                                                   "(voir 'rulekeeper play --help')"),
    (["replay"], USAGE, "Argument manquant : 'file'. (voir 'rulekeeper replay --help')"),
    (["replay", "{existing}", "--explain=3"], USAGE,
     "L'option '--explain' ne prend pas de valeur."),
]


def plain(text):
    """``text`` with French's no-break spaces as spaces and its lines joined."""
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.mark.parametrize("args,code,message", IN_FRENCH,
                         ids=[" ".join(a) for a, _, _ in IN_FRENCH])
def test_a_bad_invocation_in_french_is_refused_in_french(args, code, message, files, capsys,
                                                         monkeypatch):
    """With --lang fr, the refusal is the page's French one (the server's catalog of
    refusals, the ruleset's own, the command line's): still one line, the same exit code,
    no work done; without it, the English as it was."""
    monkeypatch.chdir(files["tmp"])
    before = sorted(p.name for p in files["tmp"].iterdir())
    french = [a.format(**files) for a in args] + ["--lang", "fr"]
    got, out, err = run(french, capsys, monkeypatch)
    assert (got, err.count("\n"), err[:7]) == (code, 1, "error: "), err
    assert plain(message.format(**files)) in plain(err) and "Traceback" not in err
    assert "Roll 1" not in out and "Lancer 1" not in out  # refused before any work
    assert sorted(p.name for p in files["tmp"].iterdir()) == before
    english, _, said = run(french[:-2], capsys, monkeypatch)
    assert (english, said.count("\n")) == (code, 1) and said != err, said
