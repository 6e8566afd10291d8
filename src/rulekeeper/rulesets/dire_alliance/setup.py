"""Battle Mode setup (battle.setup.*): scenario and board, player colours and initiative,
factions and leaders, starting decks, supply piles and graveyards, fighters on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.dire_alliance.cards import DREAD, HAND_SIZE, draw, starting_piles
from rulekeeper.rulesets.dire_alliance.dice import DiceSet
from rulekeeper.rulesets.dire_alliance.mode import BattleMode
from rulekeeper.rulesets.dire_alliance.models import Colour
from rulekeeper.rulesets.dire_alliance.rulings import PlayerColors
from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Objective, SiteState, check_choice

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.table import BattleTable

SEATS: tuple[Colour, Colour] = ("red", "blue")


@cites("battle.setup.order", "battle.overview.modes.battle", "battle.scenario.agree")
def set_up(table: BattleTable) -> BattleMode:
    """Perform the setup steps in order; the opening hands are drawn last."""
    content = table.content
    options = table.options
    scenario = content.scenario(table.scenario or content.scenarios[0].id)
    cites("battle.setup.game-board.a")
    board = content.board(scenario.board)
    choice = {"red": (options.red_faction, options.red_leader),
              "blue": (options.blue_faction, options.blue_leader)}
    for faction_id, leader_id in choice.values():
        check_choice("faction", faction_id, [f.id for f in content.factions])
        check_choice("leader", leader_id, [x.id for x in content.leaders])
    table.emit("setup.scenario", "battle.setup.choose-scenario.a", scenario=scenario.name,
               board=board.name)
    if table.rulings.player_colors is PlayerColors.FLIP:
        flipper = table.rng.choice(SEATS)
        colour = table.rng.choice(SEATS)
        table.emit("setup.flip", "battle.setup.player-colors.flip",
                   faction=content.faction(choice[flipper][0]).name, colour=colour)
        if colour != flipper:
            choice = {"red": choice["blue"], "blue": choice["red"]}
    else:
        cites("battle.setup.player-colors.demo-kit", "battle.ruling.player-colors")
    cites("battle.contents.dread-cards")
    t = BattleMode(table=table, board=table.prepared[board.id],
               dice=DiceSet.from_content(content.components, table.rulings),
               dread=content.components.dread_cards, scenario=scenario,  # contents: 16
               aggressor=scenario.initiative)
    for seat in SEATS:
        faction = content.faction(choice[seat][0])
        cites("battle.setup.leaders.choose", "battle.setup.leaders.collect")
        leader = content.leader(choice[seat][1])
        t.factions[seat], t.leaders[seat] = faction.id, leader.id
        t.faction_names[seat], t.leader_names[seat] = faction.name, leader.name
        table.emit("setup.colours", "battle.setup.factions.choose", seat=seat,
                   faction=faction.name, leader=leader.name)
        cards = [f.id for f in faction.fighters] + [leader.id]
        t.card_names.update({f.id: f.name for f in faction.fighters} | {leader.id: leader.name}
                            | {DREAD: "Dread"})
        cites("battle.setup.starting-deck.b", "battle.setup.play-area.order",
              "battle.setup.play-area.supply", "battle.setup.play-area.deck",
              "battle.setup.play-area.graveyard")
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
        cites("battle.sample.leader.kramer")  # a leader's card belongs to each of its fighters
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
    cites("battle.setup.player-colors.initiative.a")
    table.emit("setup.initiative", "battle.setup.player-colors.initiative.b",
               seat=scenario.initiative)
    for seat in SEATS:
        if seat in scenario.opening_hand:
            cites("battle.sample.scenario.opening-hand")
        draw(t, t.sides[seat], scenario.opening_hand.get(seat, HAND_SIZE), "battle.round.draw")
    return t
