"""The ``dire-alliance-raid`` ruleset: static facts, rulings, content, view and invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from rulekeeper.core.events import Messages
from rulekeeper.core.meta import RulesetMeta
from rulekeeper.core.rng import Rng
from rulekeeper.core.rules_index import CORE_RULES, RuleEntry, cites, find_code_sites, load_rules
from rulekeeper.core.ruleset import CORE_TEMPLATES, Choice, GameOver, Procedure, Result, Ruleset
from rulekeeper.core.versions import older_templates
from rulekeeper.rulesets.dire_alliance import dice, hidden, history
from rulekeeper.rulesets.dire_alliance.cards import DECK_COPIES, SUPPLY_COPIES
from rulekeeper.rulesets.dire_alliance.content_checks import Files
from rulekeeper.rulesets.dire_alliance.raid import (
    estimate,
    goals,
    rounds,
    setup,
)
from rulekeeper.rulesets.dire_alliance.raid.content_checks import check_raid
from rulekeeper.rulesets.dire_alliance.raid.messages import TEMPLATES
from rulekeeper.rulesets.dire_alliance.raid.models import RaidContent
from rulekeeper.rulesets.dire_alliance.raid.options import RaidOptions
from rulekeeper.rulesets.dire_alliance.raid.rulings import RaidRulings
from rulekeeper.rulesets.dire_alliance.raid.table import RaidTable
from rulekeeper.rulesets.dire_alliance.raid.view import RaidDrawing, raid_view, render_raid
from rulekeeper.rulesets.dire_alliance.tabletop import Boards, prepare_boards

HERE = Path(__file__).parent.parent

SHARED = ("tabletop.py", "cards.py", "dice.py", "attack.py", "movement.py", "special.py",
          "models.py", "rulings.py", "messages.py")
"""The modules of the package that Raid Mode is built on, besides its own subpackage."""


class DireAllianceRaid(Ruleset[RaidTable]):
    """Dire Alliance: Horror, Raid Mode: one to four heroes against a rule-driven villain."""

    meta = RulesetMeta(name="dire-alliance-raid", version=7,
                       title="Dire Alliance: Horror — Raid Mode", players=setup.SEATS,
                       min_players=1, chance=True, hidden_information=True, max_length=20000,
                       max_steps=20_000, source="dire-alliance-horror.en.txt")
    ruling_set = RaidRulings
    history = history.RAID
    table_type = RaidTable
    code_paths = (HERE / "raid", *(HERE / name for name in SHARED))
    """Raid Mode's code: its subpackage and the shared pieces (not Battle Mode's flow)."""
    content_model = RaidContent
    content_dir = HERE / "content"
    locale_dir = HERE / "raid" / "locale"
    rules_files = (Path(__file__).parent / "rules.yaml",)
    options_model = RaidOptions
    metrics = rounds.METRICS
    entities = rounds.ENTITIES
    bots = {"heuristic": "rulekeeper.rulesets.dire_alliance.raid.bots:RaidHeuristicBot"}
    default_bot = "heuristic"
    compiled = (*(f"rulekeeper.rulesets.dire_alliance.{name}" for name in (
        "bots", "attack", "movement", "special", "cards", "pieces", "copies", "asking",
        "messages", "tabletop", "hidden", "dice")), *(
        f"rulekeeper.rulesets.dire_alliance.raid.{name}" for name in (
            "bots", "heroes", "enemies", "enemy_actions", "attacks", "rounds", "minions",
            "goals", "movement", "damage", "ties", "estimate", "pieces", "stats", "table",
            "mode")))
    """The bot, the steps of the rules and a search's estimate (docs/benchmarks.md, "The
    compiled build")."""
    drawing = RaidDrawing()
    search = {"prior": "heuristic", "depth": "0"}
    """Each new leaf scored by the fitted ``evaluate`` at once, the heuristic bot's scores as
    the prior (docs/benchmarks.md, "How often mcts wins")."""
    templates = TEMPLATES

    @cached_property
    def messages(self) -> Messages:
        """Raid Mode's sentences and words in every language, then Battle Mode's: those of
        the pieces both modes share."""
        return Messages({**CORE_TEMPLATES, **self.templates}, [self.locale_dir, HERE / "locale"],
                        older_templates(self.history))

    @cached_property
    def rule_index(self) -> list[RuleEntry]:
        """Raid Mode's rules, the Battle Mode rules its code applies (the shared pieces cite
        them: "Raid mode utilizes most of the standard rules from Battle Mode"), and the
        engine's."""
        cites("raid.overview.battle-rules")
        battle = load_rules((HERE / "rules.yaml",))
        reused = find_code_sites(self.code_paths, (e.id for e in battle))
        return [*load_rules(self.rules_files), *(e for e in battle if e.id in reused),
                *load_rules((CORE_RULES,))]

    @cites("raid.setup.choose-scenario.b")  # the first, Into the Darkwood, is the default
    def scenario_choices(self, content: Any) -> list[Choice]:
        return [Choice(s.id, s.name) for s in content.raids]

    def seats(self, options: Any) -> tuple[str, ...]:
        return setup.SEATS[:options.heroes]

    def option_choices(self, content: RaidContent) -> Mapping[str, Sequence[Choice]]:
        heroes = [Choice(h.id, h.name) for h in content.heroes]
        classes = [Choice(c.id, c.name) for c in content.classes]
        return {**{f"hero{n}": heroes for n in range(1, 5)},
                **{f"class{n}": classes for n in range(1, 5)},
                "villain": [Choice(v.id, v.name) for v in content.villains],
                "faction": [Choice(s.faction, content.faction(s.faction).name)
                            for s in content.raid_sides]}

    def check_content(self, content: Any, user_dir: Path | None) -> None:
        check_raid(content, Files(self.content_dir, user_dir))

    def prepare(self, content: Any) -> Boards:
        return prepare_boards(content.boards)

    def play(self, table: RaidTable) -> Procedure:
        return rounds.play_raid(table)

    def resume(self, table: RaidTable) -> Procedure:
        """Goes on after the setup, after a phase, before a hero's turn in a heroes phase
        (``Raid.waited``) or before an enemy's activation (``Raid.enemies``)."""
        table.state.logging = table.logging  # a logged game's search worlds log nothing
        return rounds.play_rounds(table.state)

    def determinize(self, table: RaidTable, seat: str, rng: Rng) -> None:
        """The other heroes' hands dealt again from their hands and decks; every deck
        shuffled, the villain's too (its cards are known, their order is not)."""
        if table.state is not None:
            for owner, hero in table.state.heroes.items():
                hidden.redraw(hero.piles, owner == seat, rng)
            hidden.shuffled(table.state.the_villain.deck, rng)

    def game_over(self, table: RaidTable, over: GameOver) -> Result:
        """The closing event (unless the work budget ended the game), and its numbers."""
        t = table.state
        if over.reason in goals.REASONS:
            goals.announce(t, over)
        t.phase = "over"
        return Result(over.winner, over.reason, t.round, rounds.metrics(t))

    def judge(self, table: RaidTable) -> str | None:
        """The side nearer its goal (see ``goals.progress``); None when they are as near."""
        return goals.judge(table.state)

    def evaluate(self, table: RaidTable) -> Mapping[str, float] | None:
        """A search's estimate (``estimate.chances``), fitted to heuristic heroes' games."""
        return estimate.chances(table.state) if table.state is not None else None

    def sides(self, options: Any) -> tuple[str, ...]:
        return ("heroes", "enemies")

    def script_faces(self, content: Any) -> tuple[frozenset[str], int]:
        return dice.script_faces(content.components)

    def view(self, table: RaidTable, player: str | None) -> dict[str, Any]:
        return raid_view(table.state, player) if table.state is not None else {}

    def render(self, view: Mapping[str, Any]) -> str:
        return render_raid(view) if view.get("state") else ""

    def invariant_violations(self, table: RaidTable) -> list[str]:
        """Card conservation (each hero's piles, action row and supply; the villain deck, row
        and discard pile; the minion bag and board), one area per figure, defeated figures
        off the board."""
        t = table.state
        if t is None:
            return []
        wrong: list[str] = []
        for seat, hero in t.heroes.items():
            held = hero.piles.counts() + Counter(c.card for c in hero.row)
            own = [hero.spec.card.id] + [c.id for c in hero.hero_class.cards]
            for card in own:
                if held[card] != DECK_COPIES + SUPPLY_COPIES:
                    wrong.append(f"{seat} holds {held[card]} {card} cards")
            if set(held) - set(own):
                wrong.append(f"{seat} holds unknown cards {sorted(set(held) - set(own))}")
            if hero.piles.play:
                wrong.append(f"{seat} has cards in play outside the action row")
        villain = t.the_villain
        deck = Counter(villain.deck) + Counter(villain.row) + Counter(villain.discard)
        if deck != Counter(c.id for c in villain.spec.deck):
            wrong.append(f"the villain's cards are {dict(deck)}")
        minion_ids = [f.id for f in t.fighters.values() if t.is_minion(f)]
        on_board = [m for m in minion_ids if t.fighters[m].on_board]
        if len(minion_ids) != t.side.bag or sorted(on_board + t.bag) != sorted(minion_ids):
            wrong.append(f"{len(t.bag)} minions in the bag and {len(on_board)} on the board, "
                         f"not {t.side.bag}")
        wrong += t.placement_violations()
        figures = [*(h.fighter for h in t.heroes.values()), villain.fighter]
        wrong += [f"{f.id} is off the board but not defeated" for f in figures
                  if not f.defeated and f.area is None]
        claimed = [o for o in t.objectives.values() if o.claimed_by is not None]
        if sorted(o.id for o in claimed) != sorted(t.claimed):
            wrong.append(f"claimed objectives {t.claimed} do not match the board")
        return wrong
