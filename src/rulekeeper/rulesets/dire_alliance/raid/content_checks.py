"""Checks across the content files of Raid Mode (what one file names in another), for the
ruleset's ``check_content``: each failure is a ``ContentError`` naming the file."""

from __future__ import annotations

from rulekeeper.rulesets.dire_alliance.content_checks import (
    Files,
    check_interact,
    check_site_names,
    repeats,
)
from rulekeeper.rulesets.dire_alliance.raid.models import RaidContent


def check_raid(content: RaidContent, files: Files) -> None:
    """Raid sides against the factions; scenarios against the boards, colours and heroes;
    villain cards' colours; card and figure ids that would clash in a game."""
    factions = {f.id for f in content.factions}
    for side in content.raid_sides:
        if side.faction not in factions:
            raise files.error("raid_sides", f"raid side of unknown faction {side.faction!r}")
    colours = {c for side in content.raid_sides for c in side.colours}
    boards = {b.id: b for b in content.boards}
    heroes = {h.id for h in content.heroes}
    for scenario in content.raids:
        what = f"raid {scenario.id!r}"
        check_site_names(files, "raids", what, boards.get(scenario.board), scenario.board,
                         (scenario.heroes_start, scenario.villain_start),
                         [*scenario.objectives.values(), *scenario.sites])
        for colour in scenario.objectives:
            if colour not in colours:
                raise files.error("raids", f"{what}: no Raid side has colour {colour!r}")
        check_interact(files, "raids", what, scenario.interact, heroes)
    for villain in content.villains:
        for card in villain.deck:
            if card.minion not in colours:
                raise files.error("villains", f"villain card {card.id!r} shows unknown colour "
                                              f"{card.minion!r}")
    hero_cards = [h.card.id for h in content.heroes]
    hero_cards += [c.id for k in content.classes for c in k.cards]
    twice = repeats(hero_cards)
    if twice:
        raise files.error("classes", f"hero card id {twice[0]!r} repeats across heroes and "
                                     "classes")
    kinds = [m.id for side in content.raid_sides for m in side.minions]
    for kind in kinds:
        if kind in hero_cards:
            raise files.error("raid_sides", f"minion {kind!r} has a hero card's id")
    tokens = {f"{m.id}-{n}" for side in content.raid_sides for m in side.minions
              for n in range(1, m.count + 1)}
    for villain_id in (v.id for v in content.villains):
        if villain_id in kinds or villain_id in tokens or villain_id in heroes:
            raise files.error("villains", f"villain {villain_id!r} has a minion's or hero's id")
    for hero in heroes:
        if hero in tokens:
            raise files.error("heroes", f"hero {hero!r} has a minion token's id")
