"""The ``cryptids-run-v1`` ruleset: one player's run of shops and battles against snapshots."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from rulekeeper.core.content import digest
from rulekeeper.core.errors import DiceScriptError
from rulekeeper.core.events import Event, Messages
from rulekeeper.core.game import Game, new_game
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.rng import ScriptValue, derive_seed
from rulekeeper.core.ruleset import GameOver, InputSource, Procedure, Result, Ruleset
from rulekeeper.core.targets import import_target
from rulekeeper.rulesets.cryptids.kernel import engines as kernel_engines
from rulekeeper.rulesets.cryptids.messages import title
from rulekeeper.rulesets.cryptids.ruleset import HERE as BATTLE_HERE
from rulekeeper.rulesets.cryptids_run import view as views
from rulekeeper.rulesets.cryptids_run.abilities import choice
from rulekeeper.rulesets.cryptids_run.fight import (
    Arena,
    battle_content,
    battle_digest,
)
from rulekeeper.rulesets.cryptids_run.ghosts import Ghosts
from rulekeeper.rulesets.cryptids_run.matchmaking import Matchmaker
from rulekeeper.rulesets.cryptids_run.messages import TEMPLATES
from rulekeeper.rulesets.cryptids_run.models import MAX_ACTIONS, MAX_ROUNDS, RunContent
from rulekeeper.rulesets.cryptids_run.pool import InMemoryPool
from rulekeeper.rulesets.cryptids_run.rulings import RunRulings
from rulekeeper.rulesets.cryptids_run.run import SIDES, Run
from rulekeeper.rulesets.cryptids_run.shop import SEAT, Stock
from rulekeeper.rulesets.cryptids_run.snapshots import Snapshot, players_named, rated
from rulekeeper.rulesets.cryptids_run.table import Prepared, RunOptions, RunTable

HERE = Path(__file__).parent
TALLIES = {"offered": "offered", "bought": "bought", "chosen": "chosen", "fielded": "fielded",
           "fielded-won": "fielded in a win"}
"""What a run counts per cryptid for the lab (``Run.metrics``: ``offered.dahu``), in words."""
POOL_BOTS = ("greedy", "random", "greedy", "random")
"""The bot players whose runs fill the offline pool, two runs each."""
POOL_RUNS = 2
POOL_SEED = 0


class ShopWords(Messages):
    """The run's sentences (:class:`Messages`), whose catalogs also word what the shop's
    decisions name in English (``Which ability does Dahu keep?``, ``Lopsided gait: every
    roll: −1 to the dice total``): each cryptid's name and each ability as the shop offers
    it, from the content's names in every language (``named``: by language, English to it).
    A sentence names the run's players as people read them (``you``: *vous* in French;
    ``bot-3``: *Bot 3*, :func:`~.snapshots.players_named`) and says matchmaking's candidates'
    ratings as its other numbers (*Robot 4 (25,0)*, :func:`~.snapshots.rated`)."""

    def __init__(self, templates: Mapping[str, str], folders: Sequence[Path],
                 named: Callable[[str], Mapping[str, str]]) -> None:
        super().__init__(templates, folders)
        self.named = named
        self._with_names: set[str] = set()

    def catalog(self, locale: str) -> dict[str, str]:
        catalog = super().catalog(locale)
        if locale != "en" and locale in self.locales and locale not in self._with_names:
            self._with_names.add(locale)
            catalog.update({english: said for english, said in self.named(locale).items()
                            if english not in catalog and said != english})
        return catalog

    def render(self, event: Event, locale: str = "en") -> str:
        event = players_named(event, self.wording(locale))
        if isinstance(event.data.get("candidates"), list):  # their ratings as numbers are said
            candidates = [rated(c, locale) for c in event.data["candidates"]]
            event = Event(event.kind, event.rule, {**event.data, "candidates": candidates},
                          event.to)
        return super().render(event, locale)


class CryptidsRunRuleset(Ruleset[RunTable]):
    meta = RulesetMeta(name="cryptids-run", version=1,
                       title="Cryptids: a run (shop, snapshots, matchmaking, rating)",
                       players=(SEAT,), chance=True, hidden_information=False,
                       max_length=MAX_ROUNDS * (2 * MAX_ACTIONS + 1),
                       source="cryptids-bataille.fr.txt")
    ruling_set = RunRulings
    content_model = RunContent
    content_dir = HERE / "content"
    rules_files = (HERE / "rules.yaml", BATTLE_HERE / "rules.yaml")
    templates = TEMPLATES
    locale_dir = HERE / "locale"
    options_model = RunOptions
    table_type = RunTable
    metrics = ("victories", "lives", "battles.won", "battles.lost", "battles.tied", "ghosts",
               "rating.mu", "rating.sigma", "rating.change.mu", "rating.change.sigma")
    bots = {"random": "rulekeeper.rulesets.cryptids_run.bots:RandomShopper",
            "greedy": "rulekeeper.rulesets.cryptids_run.bots:GreedyShopper",
            "heuristic": "rulekeeper.rulesets.cryptids_run.heuristic:HeuristicShopper"}
    default_bot = "greedy"
    drawing = views.ShopDrawing()
    league = True
    """The lab plays it as a league: bot players sharing one snapshot pool (lab/league.py)."""
    engines = kernel_engines.ENGINES

    code_paths = (HERE, BATTLE_HERE)
    """The battle's code applies the battle's rules, which this index includes."""

    def use_engine(self, engine: str) -> None:
        """Who plays the battles of runs and the bots' quick ones: the compiled kernel or
        the Python engine (:mod:`rulekeeper.rulesets.cryptids.kernel.engines`)."""
        kernel_engines.choose(engine)

    @cached_property
    def messages(self) -> Messages:
        """The run's sentences and the battle's, in every language of both catalogs, and the
        sample content's names of cryptids and abilities (:class:`ShopWords`)."""
        return ShopWords(self.templates, [self.locale_dir, BATTLE_HERE / "locale"],
                         self.shop_words)

    def shop_words(self, lang: str) -> dict[str, str]:
        """The sample content's names in ``lang`` by their English (``Dahu``: ``le Dahu``),
        and each ability as the shop offers it (:func:`~.abilities.choice`)."""
        stock = self.stock(self.load_content()[0])
        words = {name["en"]: name.get(lang, name["en"]) for name in stock.names.values()}
        for entry in stock.entries.values():
            words.update({choice(ability, stock.names): choice(ability, stock.names, lang)
                          for ability in entry.abilities})
        return words

    @cached_property
    def arena(self) -> Arena:
        return Arena()

    def load_content(self, user_dir: str | None = None,
                     sets: Mapping[str, Any] | None = None,
                     replace: bool = False, *, sample: str | None = None,
                     files: Mapping[str, Any] | None = None) -> tuple[RunContent, str]:
        content, found = super().load_content(user_dir, sets, replace, sample=sample,
                                              files=files)
        assert isinstance(content, RunContent)
        return content, found

    def content_digest(self, data_digest: str) -> str:
        """The run's digest covers the battle's cards too (they decide battles)."""
        return digest([data_digest, battle_digest()])

    def prepare(self, content: RunContent) -> Prepared:
        stock = Stock(content, battle_content())
        return Prepared(stock, Ghosts(stock, views.shop_view))

    def stock(self, content: RunContent) -> Stock:
        """The content's stock, compiled once."""
        prepared: Prepared = self.prepared(content)
        return prepared.stock

    def ghosts(self, content: RunContent) -> Ghosts:
        """The content's ghost lines, kept (a ghost is then one shop's work)."""
        prepared: Prepared = self.prepared(content)
        return prepared.ghosts

    def sides(self, options: Any) -> tuple[str, ...]:
        return SIDES

    def check_dice_script(self, content: Any, values: Sequence[ScriptValue]) -> None:
        if values:
            raise DiceScriptError("--dice: a run scripts no dice (each battle has its own seed; "
                                  "replay a battle's record to study it)")

    def play(self, table: RunTable) -> Procedure:
        return Run(table, table.prepared.stock, self.arena).play()

    def resume(self, table: RunTable) -> Procedure:
        """Goes on after the start or after a round (its shop and battle)."""
        return Run.resumed(table, table.prepared.stock, self.arena).rounds()

    def game_over(self, table: RunTable, over: GameOver) -> Result:
        """The run's closing events and its result with its metrics (unless the engine's
        work budget ended it before the rules did)."""
        if table.state is None or table.state.over is None:
            return super().game_over(table, over)
        return Run.resumed(table, table.prepared.stock, self.arena).finish()

    def input_source(self, table: RunTable) -> InputSource:
        """Offline: matchmaking over a pool filled by bots' runs (a fresh copy per game)."""
        return Matchmaker(InMemoryPool(self.bot_snapshots(table.content)),
                          self.ghosts(table.content))

    def bot_snapshots(self, content: RunContent) -> tuple[Snapshot, ...]:
        """The snapshots of a few bot players' runs, played once per content (each bot's
        rating moves with its runs' totals, as a player's would), marked ``ghost``."""
        prepared: Prepared = self.prepared(content)
        if prepared.bot_snapshots is None:
            stock = prepared.stock
            pool = InMemoryPool()
            ratings: dict[str, tuple[float, float]] = {}
            for number in range(POOL_RUNS * len(POOL_BOTS)):
                bot = POOL_BOTS[number % len(POOL_BOTS)]
                player = f"bot-{number % len(POOL_BOTS) + 1}"
                seed = derive_seed(POOL_SEED, number)
                mu, sigma = ratings.get(player, (stock.rules.rating.mu, stock.rules.rating.sigma))
                game = new_game(self.meta.id, seed=seed, log=False,
                                source=Matchmaker(pool, self.ghosts(content)),
                                options={"player": player, "run": f"{player}-{number}",
                                         "mu": mu, "sigma": sigma})
                drive(game, import_target(self.bots[bot])(SEAT, seed))
                assert game.result is not None
                ratings[player] = (game.result.metrics["rating.mu"],
                                   game.result.metrics["rating.sigma"])
            # rows built by bots: ghosts, whatever their player's name says
            prepared.bot_snapshots = tuple(s.model_copy(update={"ghost": True}) for s in pool)
        return prepared.bot_snapshots

    def view(self, table: RunTable, player: str | None) -> dict[str, Any]:
        return views.run_view(table, player)

    def metric_words(self, name: str, lang: str) -> str | None:
        """A run's count per cryptid, or per cryptid and ability (``offered.black-shuck``,
        ``fielded-won.dahu.lopsided``), by its measure and the sample content's names:
        *offered (Black Shuck)*, *fielded in a win (Dahu · Lopsided gait)*; French from
        ``view.po`` (*proposé (Black Shuck)*)."""
        measure, _, item = name.partition(".")
        cryptid, _, ability = item.partition(".")
        if measure not in TALLIES:
            return None
        stock = self.stock(self.load_content()[0])
        if cryptid not in stock.entries:
            return None
        named = [title(stock.name(cryptid))]
        if ability:
            found = next((a for a in stock.entries[cryptid].abilities if a.id == ability), None)
            if found is None:
                return None
            named.append(found.name)
        words = self.messages.wording(lang)
        return f"{words(TALLIES[measure])} ({' · '.join(n.get(lang, n['en']) for n in named)})"

    def render(self, view: Mapping[str, Any]) -> str:
        return views.render(view.get("state", view))


def drive(game: Game, bot: Any) -> Game:
    """Let one of the ruleset's bots play the run to its end."""
    while game.pending is not None:
        view = game.view(SEAT) if bot.uses_view else None
        game.step(bot.choose(view, game.pending))
    return game
