"""Battle Mode setup (battle.setup.*): scenario and board, player colours and initiative,
factions and leaders, starting decks, supply piles and graveyards, fighters on the board."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.board import Board
from rulekeeper.core.errors import UsageError
from rulekeeper.core.ruleset import Table
from rulekeeper.core.rulings import did_you_mean
from rulekeeper.rulesets.dire_alliance.cards import DREAD, HAND_SIZE, draw, starting_piles
from rulekeeper.rulesets.dire_alliance.dice import DiceSet
from rulekeeper.rulesets.dire_alliance.models import BoardSide, DireAllianceContent, Scenario
from rulekeeper.rulesets.dire_alliance.state import Fighter, Objective, SiteState, Tabletop

SEATS = ("red", "blue")

TEMPLATES = {
    "setup.scenario": "Scenario: {scenario}, played on {board}",
    "setup.colours": "{seat} plays {faction}, led by {leader}",
    "setup.flip": "The {faction} player flips the initiative token: it shows {colour}, so the "
                  "{faction} player is {colour}",
    "setup.initiative": "The scenario sets the initiative token to {seat}: {seat} is the "
                        "aggressor",
    "setup.deck": "{seat} shuffles a starting deck of {cards} cards; each supply pile holds "
                  "{supply} cards",
    "setup.fighters": "{seat}'s fighters start in {area}: {fighters}",
    "setup.token": "{seat}'s {token} is placed in {area}",
    "setup.objectives": "{seat}'s objectives ({objective}s) stand in {areas}",
    "setup.sites": "Scenario sites: {sites}",
}


class BattleOptions(BaseModel):
    """Setup options: each colour's faction and leader (``--red-faction shroud``...)."""

    model_config = ConfigDict(extra="forbid")

    red_faction: str = Field("shroud", description="faction id of the red player")
    red_leader: str = Field("countess", description="leader id of the red player")
    blue_faction: str = Field("grievers", description="faction id of the blue player")
    blue_leader: str = Field("kramer", description="leader id of the blue player")


@dataclass
class Battle:
    """The state of a Battle Mode game: the tabletop and the round's flow."""

    t: Tabletop
    scenario: Scenario
    factions: dict[str, str]
    leaders: dict[str, str]
    aggressor: str
    faction_names: dict[str, str] = field(default_factory=dict)
    leader_names: dict[str, str] = field(default_factory=dict)
    round: int = 0
    turn: str = "setup"
    active: str | None = None
    played: set[str] = field(default_factory=set)

    @property
    def defender(self) -> str:
        return self.t.opponent(self.aggressor)


_BOARDS: dict[int, tuple[BoardSide, Board]] = {}


def board_for(spec: BoardSide) -> Board:
    """The board of a board side, built once per loaded content (its sight is cached)."""
    cached = _BOARDS.get(id(spec))
    if cached is None or cached[0] is not spec:
        cached = _BOARDS[id(spec)] = (spec, Board(spec))
    return cached[1]


def check_choice(kind: str, given: str, known: list[str], plural: str = "") -> None:
    """A setup choice must be one the content has (else a one-line usage error)."""
    if given not in known:
        raise UsageError(f"unknown {kind} {given!r}{did_you_mean(given, known)}; "
                         f"{plural or kind + 's'}: {', '.join(known)}")


def set_up(table: Table) -> Battle:
    """Perform the setup steps in order; the opening hands are drawn last."""
    content: DireAllianceContent = table.content
    options: BattleOptions = table.options
    scenario = content.scenario(table.scenario or content.scenarios[0].id)
    board = content.board(scenario.board)
    choice = {"red": (options.red_faction, options.red_leader),
              "blue": (options.blue_faction, options.blue_leader)}
    for faction_id, leader_id in choice.values():
        check_choice("faction", faction_id, [f.id for f in content.factions])
        check_choice("leader", leader_id, [x.id for x in content.leaders])
    table.emit("setup.scenario", "battle.setup.choose-scenario.a", scenario=scenario.name,
               board=board.name)
    if table.rulings["player-colors"] == "flip":
        flipper = table.rng.choice(SEATS)
        colour = table.rng.choice(SEATS)
        table.emit("setup.flip", "battle.setup.player-colors.flip",
                   faction=content.faction(choice[flipper][0]).name, colour=colour)
        if colour != flipper:
            choice = {"red": choice["blue"], "blue": choice["red"]}
    dice = DiceSet.from_content(content.components, table.rulings)
    t = Tabletop(table, board_for(board), dice, {}, content.components.dread_cards,
                 goal=scenario.goal)
    for seat in SEATS:
        faction = content.faction(choice[seat][0])
        leader = content.leader(choice[seat][1])
        table.emit("setup.colours", "battle.setup.factions.choose", seat=seat,
                   faction=faction.name, leader=leader.name)
        cards = [f.id for f in faction.fighters] + [leader.id]
        t.card_names.update({f.id: f.name for f in faction.fighters} | {leader.id: leader.name}
                            | {DREAD: "Dread"})
        t.sides[seat] = starting_piles(seat, cards)
        table.rng.shuffle(t.sides[seat].deck)
        table.emit("setup.deck", "battle.setup.starting-deck.a", seat=seat,
                   cards=len(t.sides[seat].deck), supply=t.sides[seat].supply[cards[0]])
        start = scenario.start[seat]
        for token in leader.tokens:
            t.tokens[(seat, token.id)] = start
            table.emit("setup.token", "battle.sample.leader.countess", seat=seat,
                       token=token.name, area=t.area_name(start))
        members = [(f, f.id) for f in faction.fighters]
        members += [(spec, leader.id) for spec in leader.fighters]
        for spec, card in members:
            fighter = Fighter(f"{seat}.{spec.id}", seat, card, spec, spec)
            t.fighters[fighter.id] = fighter
            area = t.tokens[(seat, spec.starts_at)] if spec.starts_at else start
            t.place(fighter, area)
        table.emit("setup.fighters", "battle.status.start-ready", seat=seat,
                   area=t.area_name(start), fighters=[f.name for f in t.on_board(seat)])
        sites = {s.id: s for s in board.sites}
        for site_id in scenario.objectives[seat]:
            site = sites[site_id]
            t.objectives[site_id] = Objective(site_id, seat, site.area,
                                              f"the {faction.objective} at {site.name}")
        table.emit("setup.objectives", "battle.setup.factions.collect", seat=seat,
                   objective=faction.objective,
                   areas=[t.area_name(sites[s].area) for s in scenario.objectives[seat]])
    for site_id in scenario.sites:
        site = next(s for s in board.sites if s.id == site_id)
        t.sites[site_id] = SiteState(site.id, site.kind, site.area, site.name)
    if t.sites:
        table.emit("setup.sites", "battle.scenario.sheet",
                   sites=[f"{s.name} in {t.area_name(s.area)}" for s in t.sites.values()])
    table.emit("setup.initiative", "battle.setup.player-colors.initiative.b",
               seat=scenario.initiative)
    battle = Battle(t, scenario, {s: choice[s][0] for s in SEATS},
                    {s: choice[s][1] for s in SEATS}, scenario.initiative,
                    {s: content.faction(choice[s][0]).name for s in SEATS},
                    {s: content.leader(choice[s][1]).name for s in SEATS})
    for seat in SEATS:
        draw(t, t.sides[seat], HAND_SIZE, "battle.round.draw")
    return battle
