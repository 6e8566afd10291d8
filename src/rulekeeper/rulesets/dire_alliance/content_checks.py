"""Checks across the content files of Dire Alliance (what one file names in another), for
the rulesets' ``check_content``: each failure is a :class:`ContentError` naming the file."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rulekeeper.core.errors import ContentError
from rulekeeper.rulesets.dire_alliance.cards import DREAD
from rulekeeper.rulesets.dire_alliance.models import (
    BoardSide,
    DireAllianceContent,
    Faction,
    Interact,
    Leader,
)


class Files:
    """Where each content file of a game comes from: the user's folder, else the sample."""

    def __init__(self, sample: Path, user_dir: Path | None) -> None:
        self.sample = sample
        self.user_dir = user_dir

    def path(self, name: str) -> str:
        if self.user_dir is not None and (self.user_dir / f"{name}.yaml").is_file():
            return str(self.user_dir / f"{name}.yaml")
        return str(self.sample / f"{name}.yaml")

    def error(self, name: str, message: str) -> ContentError:
        return ContentError(self.path(name), message)


def repeats(ids: Iterable[str]) -> list[str]:
    """The ids given more than once, in order.

    >>> repeats(["a", "b", "a", "c", "b"])
    ['a', 'b']
    """
    seen: set[str] = set()
    out: list[str] = []
    for item in ids:
        if item in seen and item not in out:
            out.append(item)
        seen.add(item)
    return out


def check_site_names(files: Files, file: str, what: str, board: BoardSide | None,
                     board_id: str, areas: Iterable[str], sites: Iterable[str]) -> None:
    """The areas and sites a scenario names are on its board."""
    if board is None:
        raise files.error(file, f"{what} names unknown board {board_id!r}")
    known_areas = {a.id for a in board.areas}
    known_sites = {s.id for s in board.sites}
    for area in areas:
        if area not in known_areas:
            raise files.error(file, f"{what} names area {area!r}, not on board {board.id!r}")
    for site in sites:
        if site not in known_sites:
            raise files.error(file, f"{what} names site {site!r}, not on board {board.id!r}")


def check_interact(files: Files, file: str, what: str, interact: Interact | None,
                   fighters: set[str]) -> None:
    """The fighters an Interact action is for exist."""
    for fighter in interact.fighters if interact else []:
        if fighter not in fighters:
            raise files.error(file, f"{what}: Interact names unknown fighter {fighter!r}")


def check_cards(files: Files, factions: list[Faction], leaders: list[Leader]) -> None:
    """Every fighter card id is its own (across factions and leaders), no leader's fighter has
    a faction fighter's id (one player's fighters would clash), and no card is called like the
    dread card."""
    cards = [f.id for faction in factions for f in faction.fighters]
    cards += [leader.id for leader in leaders]
    twice = repeats(cards)
    if twice:
        raise files.error("leaders", f"fighter card id {twice[0]!r} is used by two factions' "
                                     "fighters or leaders")
    if DREAD in cards:
        raise files.error("factions" if DREAD in [f.id for x in factions for f in x.fighters]
                          else "leaders", f"{DREAD!r} is the dread card's id")
    faction_fighters = {f.id for faction in factions for f in faction.fighters}
    for leader in leaders:
        for fighter in leader.fighters:
            if fighter.id in faction_fighters:
                raise files.error("leaders", f"leader {leader.id!r}: fighter id {fighter.id!r} "
                                             "is a faction fighter's")


def check_battle(content: DireAllianceContent, files: Files) -> None:
    """Battle Mode's content: scenarios against the boards and fighters, the fighter cards."""
    boards = {b.id: b for b in content.boards}
    fighters = {f.id for faction in content.factions for f in faction.fighters}
    fighters |= {f.id for leader in content.leaders for f in leader.fighters}
    for scenario in content.scenarios:
        what = f"scenario {scenario.id!r}"
        check_site_names(files, "scenarios", what, boards.get(scenario.board), scenario.board,
                         scenario.start.values(),
                         [*scenario.sites, *(s for v in scenario.objectives.values() for s in v)])
        check_interact(files, "scenarios", what, scenario.interact, fighters)
    check_cards(files, content.factions, content.leaders)
