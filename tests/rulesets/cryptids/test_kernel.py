"""The compiled kernel against the engine, battle by battle: the engine is the reference.

Sample teams under ruling combinations, and random content from the fuzzing generators
(tests/fuzzing.py); each battle's whole outcome (winner, reason, rolls, HP, damage,
rerolls, the cryptids fielded, surviving and defeated) must be the engine's for the same
seed. benchmarks/cryptids_kernel.py runs the same comparison at scale.
"""

from __future__ import annotations

import itertools
import random
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulekeeper.core import registry
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.game import new_game
from rulekeeper.core.rng import Rng, derive_seed
from rulekeeper.lab.batch import BatchSpec, play_games, play_one
from rulekeeper.rulesets.cryptids.battle import Battle
from rulekeeper.rulesets.cryptids.cards import Lineup
from rulekeeper.rulesets.cryptids.effects import APPLY, Damage
from rulekeeper.rulesets.cryptids.kernel import engines
from rulekeeper.rulesets.cryptids.kernel.layout import MAX_FIGHTERS
from rulekeeper.rulesets.cryptids.odds import MatchupParams, matchup_odds, monte_carlo
from rulekeeper.rulesets.cryptids.rulings import RULINGS, CryptidsRulings
from tests.fuzzing import cases, write_content
from tests.rulesets.cryptids.helpers import cryptid, on, teams

RULESET = registry.load("cryptids")
TEAMS = [t.id for t in RULESET.load_content()[0].teams.teams]


def every_ruling_combination() -> list[dict[str, str]]:
    options = [[(r.id, o) for o in r.options] for r in RULINGS]
    picks = [dict(p) for p in itertools.product(*options)]
    random.Random(31).shuffle(picks)
    return picks


def same(pairs: list[tuple[Lineup, Lineup]], rulings: CryptidsRulings, seeds: object) -> int:
    """Both engines on the same battles: every outcome equal; how many battles."""
    kernel = engines.play(pairs, rulings, seeds, "kernel", sets=True)
    python = engines.play(pairs, rulings, seeds, "python", sets=True)
    assert kernel.engine == "kernel" and kernel.fallback is None
    assert kernel.out.tolist() == python.out.tolist()
    for index in range(len(kernel.out)):
        assert kernel.outcome(index) == python.outcome(index), index
    return len(kernel.out)


def test_the_kernel_plays_the_engines_battles_on_the_sample_teams_under_every_ruling():
    content = RULESET.load_content()[0]
    combinations = every_ruling_combination()
    played = 0
    for index, (left, right) in enumerate(itertools.permutations(TEAMS, 2)):
        pair = [(RULESET.lineup(content, left), RULESET.lineup(content, right))]
        for rulings in (combinations[2 * index], combinations[2 * index + 1]):
            played += same(pair, CryptidsRulings(rulings), (index, 0, 20))
    assert played >= 2000
    # every option of every ruling was played
    used = {(k, v) for c in combinations[:2 * 56] for k, v in c.items()}
    assert used == {(r.id, o) for r in RULINGS for o in r.options}


def test_the_same_seeds_the_same_battles_in_any_batch():
    content = RULESET.load_content()[0]
    pair = [(RULESET.lineup(content, "hunters"), RULESET.lineup(content, "guardians"))]
    whole = engines.play(pair, CryptidsRulings({}), (7, 0, 300)).out
    parts = [engines.play(pair, CryptidsRulings({}), (7, start, start + 100)).out
             for start in (0, 100, 200)]
    listed = engines.play(pair, CryptidsRulings({}), [derive_seed(7, i) for i in range(300)]).out
    assert whole.tolist() == [row for p in parts for row in p.tolist()] == listed.tolist()
    # a batch seed too long for the kernel to hash is hashed by Python: the same battles
    seed = 10**120
    assert (engines.play(pair, CryptidsRulings({}), (seed, 3, 9)).out.tolist()
            == engines.play(pair, CryptidsRulings({}), (seed, 3, 9), "python").out.tolist())


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_the_kernel_plays_the_engines_battles_on_random_content(data):
    case = data.draw(cases("cryptids", data.draw(st.sampled_from(("valid", "valid", "set")))))
    folder = Path(tempfile.mkdtemp(prefix="kernel-")) if case.data is not None else None
    try:
        if folder is not None:
            write_content(case.data, folder)
        try:
            content = RULESET.load_content(str(folder) if folder else None, case.sets, True)[0]
            rulings = CryptidsRulings(case.rulings)
            ids = [t.id for t in content.teams.teams][:4]
            lineups = [RULESET.lineup(content, i) for i in ids]
        except RulekeeperError:
            return  # content the project refuses: nothing to play
        for left, right in list(itertools.product(lineups, repeat=2))[:6]:
            same([(left, right)], rulings, (case.seed, 0, 8))
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


class Drain(Damage):
    """An effect outside the kernel's vocabulary (the engine plays it as damage)."""

    __slots__ = ()
    kind = "drain"


def test_content_the_kernel_cannot_run_is_played_by_the_engine_and_said(monkeypatch):
    monkeypatch.setitem(APPLY, Drain.kind, APPLY[Damage.kind])  # the engine plays it as damage
    left, right = teams([cryptid("leech", 9, 2, on({"total": 7}, {"damage": 2}))],
                        [cryptid("rock", 9, 1, on("odd", {"damage": 1}))])
    act = left.cards[0].acts[0]
    act.effects = tuple(_drain(effect) for effect in act.effects)
    played = engines.play([(left, right)], CryptidsRulings({}), (3, 0, 50), "kernel")
    assert played.engine == "python" and played.fallback == "the effect 'drain'"
    assert played.notes == ["Played by the Python engine: the compiled kernel cannot run the "
                            "effect 'drain'."]
    assert played.out.tolist() == engines.play([(left, right)], CryptidsRulings({}), (3, 0, 50),
                                               "python").out.tolist()
    odds = monte_carlo(left, right, CryptidsRulings({}), 50, seed=3, engine="kernel")
    assert odds.notes[-1] == played.notes[0]
    assert odds.outcomes == monte_carlo(left, right, CryptidsRulings({}), 50, seed=3,
                                        engine="python").outcomes


def _drain(effect):
    drain = Drain.__new__(Drain)
    drain.amount, drain.selector = effect.amount, effect.selector
    return drain


def test_a_battle_past_the_kernels_limits_is_played_again_by_the_engine():
    # every roll the spawner fills its row with mites the reaper kills: far more than
    # MAX_FIGHTERS cryptids take part in one battle
    spawner = cryptid("spawner", 999, 0, on("each-roll", *[{"summon": "mite"}] * 6))
    mite = cryptid("mite", 1, 0, tier="token")
    reaper = cryptid("reaper", 999, 0, on("each-roll", {"damage": 1, "target": "all-enemies"}))
    left, right = teams([spawner], [reaper], [mite])
    played = engines.play([(left, right)], CryptidsRulings({}), (1, 0, 3), "kernel", sets=True)
    assert played.replayed == 3
    assert "3 battles passed a limit of the compiled kernel" in played.notes[0]
    outcome = Battle(left, right, Rng(derive_seed(1, 0)), CryptidsRulings({})).run()
    assert played.outcome(0) == outcome and outcome.rolls == 36
    assert MAX_FIGHTERS < 36 * 6


def test_odds_are_the_same_with_either_engine():
    params = {"left": "duo", "right": "lone-kraken", "games": 3000, "seed": 5, "workers": 1}
    kernel = matchup_odds(MatchupParams(**params, engine="kernel"))
    python = matchup_odds(MatchupParams(**params, engine="python"))
    assert kernel.to_json() == python.to_json()
    with pytest.raises(RulekeeperError, match="unknown engine 'fast'"):
        matchup_odds(MatchupParams(**params, engine="fast"))


def test_the_lab_plays_the_same_games_with_the_kernel(monkeypatch):
    monkeypatch.setattr(engines, "_chosen", None)  # what --engine chooses, for this test only
    spec = BatchSpec("cryptids", options={"left": "hunters", "right": "swamp"},
                     rulings={"sudden-death": "strike"}, engine="kernel")
    fast = play_games(spec, 4, range(40))
    # the kernel does not say which rulings a game read
    assert fast == [play_one(spec, 4, index)._replace(consulted=None) for index in range(40)]
    assert fast == play_games(BatchSpec(**{**spec.__dict__, "engine": "python"}), 4, range(40))
    game = new_game("cryptids", seed=fast[3].seed, rulings={"sudden-death": "strike"},
                    options={"left": "hunters", "right": "swamp"}, log=False)
    assert game.result.metrics == fast[3].metrics


def test_a_short_batch_nobody_named_an_engine_for_is_not_worth_loading_the_kernel(monkeypatch):
    monkeypatch.setattr(engines, "_chosen", None)
    monkeypatch.setattr(engines, "_played", 0)
    content = RULESET.load_content()[0]
    pair = [(RULESET.lineup(content, "hunters"), RULESET.lineup(content, "guardians"))]
    loaded = engines._compiled.cache_info().currsize
    short = engines.play(pair, CryptidsRulings({}), (1, 0, 10))
    assert short.engine == ("kernel" if loaded else "python")
    long = engines.play(pair, CryptidsRulings({}), (1, 0, engines.WARM_UP))
    after = engines.play(pair, CryptidsRulings({}), (1, 0, 10))
    assert after.engine == "kernel" and after.out.tolist() == short.out.tolist()
    assert long.out[:10].tolist() == short.out.tolist()


def test_no_command_but_those_that_play_batches_loads_numba():
    import subprocess

    code = ("import sys; from rulekeeper.core import registry; "
            "registry.load('cryptids'); registry.load('cryptids-run'); "
            "import rulekeeper.cli, rulekeeper.rulesets.cryptids.odds; "
            "print('numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"
