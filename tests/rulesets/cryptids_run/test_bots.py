"""The shop's bots: random, greedy and heuristic."""

from rulekeeper.core.game import new_game
from rulekeeper.rulesets.cryptids_run.bots import GreedyShopper, RandomShopper, strength
from rulekeeper.rulesets.cryptids_run.heuristic import HeuristicShopper
from rulekeeper.rulesets.cryptids_run.pool import InMemoryPool
from rulekeeper.rulesets.cryptids_run.ruleset import drive
from tests.rulesets.cryptids_run.helpers import Opponents, fielded, snapshot, state

STRONG = {"id": "big", "name": {"en": "Big", "fr": "Gros"}, "when": "each-roll",
          "do": [{"damage": 3}]}
WEAK = {"id": "small", "name": {"en": "Small", "fr": "Petit"}, "when": {"total": 2},
        "do": [{"damage": 1}]}
STOCK = [{"id": "kappa", "abilities": [WEAK, STRONG]},
         {"id": "hodag", "abilities": [{**WEAK, "id": "idle"}]}]


def test_the_greedy_bot_buys_the_strongest_offer_and_its_stronger_ability():
    game = new_game("cryptids-run", seed=1, source=Opponents(1),
                    content_set={"stock.stock": STOCK})
    offers = [o["cryptid"] for o in state(game)["offers"]]
    assert "kappa" in offers and "hodag" in offers
    bot = GreedyShopper("player", 0)
    first = bot.choose(game.view("player"), game.pending)
    assert first == f"buy-{offers.index('kappa') + 1}-1"
    game.step(first)
    assert bot.choose(game.view("player"), game.pending) == "big"
    assert strength(5, STRONG) > strength(5, WEAK)


def test_the_random_bot_ends_its_shops_and_its_runs():
    for seed in range(5):
        game = drive(new_game("cryptids-run", seed=seed, log=False, source=Opponents(1, 99)),
                     RandomShopper("player", seed))
        assert game.over and len(game.decisions) < 40 * game.result.rounds


def test_the_heuristic_bot_chooses_what_wins_against_the_pool():
    # Against a cryptid that hits back when hurt, damage every roll (the greedy bot's
    # favourite) loses; one big hit on a 7 wins: the heuristic bot's battles find it.
    thorns = {"id": "thorns", "name": {"en": "Thorns", "fr": "Épines"}, "when": "hurt",
              "do": [{"damage": 4, "target": "attacker"}]}
    pool = InMemoryPool([snapshot(f"r{i}", 1, [fielded(12, ability=thorns)]) for i in range(3)])
    flurry = {"id": "flurry", "name": {"en": "Flurry", "fr": "Rafale"}, "when": "each-roll",
              "do": [{"damage": 3}]}
    haymaker = {"id": "haymaker", "name": {"en": "Haymaker", "fr": "Uppercut"},
                "when": {"total": 7}, "do": [{"damage": 12}]}
    game = new_game("cryptids-run", seed=2, source=Opponents(1), content_set={
        "stock.stock": [{"id": "kappa", "abilities": [flurry, haymaker]}]})
    bot = HeuristicShopper("player", 3)
    bot.see(pool)
    choice = bot.choose(game.view("player"), game.pending)
    assert choice.startswith("buy-")
    game.step(choice)
    assert bot.choose(game.view("player"), game.pending) == "haymaker"
    assert GreedyShopper("player", 3).choose(game.view("player"), game.pending) == "flurry"


def test_each_bot_plays_a_whole_run_with_the_default_pool():
    for bot in (RandomShopper, GreedyShopper, HeuristicShopper):
        game = drive(new_game("cryptids-run", seed=7, log=False), bot("player", 7))
        assert game.over and game.result.winner in ("player", "opponents", None)
