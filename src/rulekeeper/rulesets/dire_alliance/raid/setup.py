"""Raid Mode setup (raid.setup.*): scenario and board, heroes and classes with their starting
decks and supplies, the villain and its shuffled deck, the faction's Raid side, the minion
bag and the objectives."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rulekeeper.core.errors import UsageError
from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.dire_alliance.cards import starting_piles
from rulekeeper.rulesets.dire_alliance.dice import DiceSet
from rulekeeper.rulesets.dire_alliance.messages import a
from rulekeeper.rulesets.dire_alliance.models import FighterSpec
from rulekeeper.rulesets.dire_alliance.raid.mode import RaidMode
from rulekeeper.rulesets.dire_alliance.raid.models import EnemyStat, HeroStat
from rulekeeper.rulesets.dire_alliance.raid.pieces import ENEMIES, HEROES, Hero, VillainState
from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Objective, SiteState, check_choice

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.table import RaidTable

SEATS = ("hero1", "hero2", "hero3", "hero4")
"""One seat per hero, in clockwise order."""


@lru_cache(maxsize=1024)
def profiles(fighter_id: str, name: str, melee: HeroStat | EnemyStat, shoot: HeroStat | EnemyStat,
             defense: HeroStat) -> tuple[FighterSpec, FighterSpec]:
    """A fighter token's profile, twice: its spec and its form, two objects as in Battle
    Mode; "—" and "★" stats are 0 here (the Raid tabletop knows them). Made once per
    process for each token of a content (profiles are immutable, like all content)."""
    def number(v: HeroStat | EnemyStat) -> int:
        return v if isinstance(v, int) else 0
    fields = {"id": fighter_id, "name": name, "melee": number(melee), "shoot": number(shoot),
              "defense": number(defense)}
    return FighterSpec.model_validate(fields), FighterSpec.model_validate(fields)


def stats_text(melee: object, shoot: object, defense: object) -> str:
    return f"melee {melee}, shoot {shoot}, defense {defense}"


@cites("raid.setup.order", "raid.overview.heroes")  # one to four heroes (RaidOptions)
def set_up(table: RaidTable) -> RaidMode:
    """Perform the setup steps in order."""
    content = table.content
    options = table.options
    scenario = content.raid(table.scenario or content.raids[0].id)
    cites("raid.setup.game-board.a")
    board = content.board(scenario.board)
    seats = SEATS[:options.heroes]
    picks = [(getattr(options, f"hero{i}"), getattr(options, f"class{i}"))
             for i in range(1, options.heroes + 1)]
    check_choice("villain", options.villain, [v.id for v in content.villains])
    check_choice("faction", options.faction, [s.faction for s in content.raid_sides])
    for hero_id, class_id in picks:
        check_choice("hero", hero_id, [h.id for h in content.heroes], "heroes")
        check_choice("hero class", class_id, [c.id for c in content.classes], "hero classes")
    chosen = [h for h, _ in picks]
    if len(set(chosen)) != len(chosen):
        raise UsageError(f"each player needs another hero (one token each): {', '.join(chosen)}")
    cites("raid.setup.faction.choose", "raid.setup.faction.demo-kit")  # default: grievers
    side = content.raid_side(options.faction)
    faction = content.faction(options.faction)
    table.emit("raid.setup.scenario", "raid.setup.choose-scenario.a", scenario=scenario.name,
               board=board.name, hero_goal=scenario.hero_goal.text,
               villain_goal=scenario.villain_goal.text)
    t = RaidMode(table=table, board=table.prepared[board.id],
             dice=DiceSet.from_content(content.components, table.rulings),
             scenario=scenario, side=side)
    cites("raid.ruling.combat-die", "raid.ruling.vampire-die")  # the dice, above
    for seat, (hero_id, class_id) in zip(seats, picks, strict=True):
        cites("raid.setup.hero.choose", "raid.setup.hero.collect", "raid.setup.class.choose",
              "raid.setup.class.collect")
        spec, hero_class = content.hero(hero_id), content.hero_class(class_id)
        cards = [spec.card.id] + [c.id for c in hero_class.cards]
        for card in [spec.card, *hero_class.cards]:
            t.cards[card.id] = card
            t.card_names[card.id] = card.name
        cites("raid.setup.play-area.order", "raid.setup.play-area.supply.a",
              "raid.setup.play-area.supply.b", "raid.setup.play-area.starting-deck.a",
              "raid.setup.play-area.deck", "raid.setup.play-area.damage-pile")
        piles = starting_piles(seat, cards)
        table.rng.shuffle(piles.deck)
        t.sides[seat] = piles
        fighter = Fighter(spec.id, seat, spec.card.id,
                          *profiles(spec.id, spec.name, spec.melee, spec.shoot, spec.defense),
                          team=HEROES)
        t.fighters[fighter.id] = fighter
        t.place(fighter, scenario.heroes_start)
        t.heroes[seat] = Hero(seat, spec, hero_class, fighter, piles)
        table.emit("raid.setup.hero", "raid.setup.play-area.starting-deck.b", seat=seat,
                   hero=spec.name, stats=stats_text(spec.melee, spec.shoot, spec.defense),
                   hero_class=a(hero_class.name), deck=len(piles.deck), card=spec.card.name,
                   supply=sum(piles.supply.values()), area=t.area_name(scenario.heroes_start))
    cites("raid.setup.villain.choose", "raid.setup.villain.collect",
          "raid.setup.enemy-play-area.order")
    villain = content.villain(options.villain)
    villain_fighter = Fighter(villain.id, ENEMIES, villain.id,
                              *profiles(villain.id, villain.name, villain.melee, villain.shoot,
                                        villain.defense), team=ENEMIES)
    t.fighters[villain.id] = villain_fighter
    t.place(villain_fighter, scenario.villain_start)
    cites("raid.damage.villain.health", "raid.setup.enemy-play-area.reference-card")
    t.villain = VillainState(villain, villain_fighter, villain.health_for(len(seats)),
                             deck=[c.id for c in villain.deck])
    t.villain_cards.update({c.id: c for c in villain.deck})
    table.rng.shuffle(t.villain.deck)
    scaling: dict[str, Any] = {}
    if isinstance(villain.health, int):
        told, scaling["health_x"] = "raid.setup.villain", villain.health
    else:
        cites("raid.sample.party-health")
        told = "raid.setup.villain.printed"
    table.emit(told, "raid.setup.enemy-play-area.villain-deck",
               villain=villain.name, rank=villain.rank or "unranked",
               stats=stats_text(villain.melee, villain.shoot, villain.defense),
               **scaling, players=len(seats), health=t.villain.health,
               area=t.area_name(scenario.villain_start), deck=len(t.villain.deck))
    cites("raid.setup.enemy-play-area.minion-supply")
    for kind in side.minions:
        t.kinds[kind.id] = kind
        for number in range(1, kind.count + 1):
            token = Fighter(f"{kind.id}-{number}", ENEMIES, kind.id,
                            *profiles(kind.id, kind.name, kind.melee, kind.shoot, kind.defense),
                            team=ENEMIES)
            t.fighters[token.id] = token
            t.bag.append(token.id)
    t.bag.sort()
    sites = {s.id: s for s in board.sites}
    for colour in side.objectives:
        site_id = scenario.objectives.get(colour)
        if site_id is not None:
            t.objectives[colour] = Objective(colour, ENEMIES, sites[site_id].area,
                                             f"{colour} {faction.objective}")
    table.emit("raid.setup.faction", "raid.setup.faction.collect", villain=villain.name,
               faction=faction.name, minions=len(t.bag),
               kinds=[f"{k.name} x{k.count} ({k.colour}, rank {k.rank or 'none'})"
                      for k in side.minions],
               objectives=[f"{o.name} in {t.area_name(o.area)}"
                           for o in t.objectives.values()])
    for site_id in scenario.sites:
        site = sites[site_id]
        t.sites[site_id] = SiteState(site.id, site.kind, site.area, site.name)
    if t.sites:
        table.emit("raid.setup.sites", "raid.hero-action.interact.b",
                   sites=[f"{s.name} in {t.area_name(s.area)}" for s in t.sites.values()])
    t.decider = seats[0]
    return t
