"""Enemy attacks (raid.enemy-attack.*, raid.enemy-clarify.*) and Raid's opportunity attacks.

An enemy attacks the valid target with the most cards in its action row whose damage icons
match the enemy's rank (ruling ``raid-row-icons``: face-up cards only, or every card); a
tie is settled by ruling ``raid-ties``. A ★ stat means the enemy's star ability makes that
attack. The villain claims an objective in its area after it damages a hero there. A hero
leaving an area is attacked by every enemy there (raid.hero-action.move.b); an enemy
leaving an area may be attacked by each hero there, as in Battle Mode.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.attack import Kind, attack, roll_text
from rulekeeper.rulesets.dire_alliance.models import AttackBonus
from rulekeeper.rulesets.dire_alliance.raid import goals, ties
from rulekeeper.rulesets.dire_alliance.raid.heroes import could_roll
from rulekeeper.rulesets.dire_alliance.raid.movement import (
    HERO_CRITERION,
    hero_candidates,
    star,
)
from rulekeeper.rulesets.dire_alliance.raid.pieces import HEROES
from rulekeeper.rulesets.dire_alliance.raid.rulings import RaidRowIcons

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.models import StarAttack
    from rulekeeper.rulesets.dire_alliance.raid.pieces import Hero
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter


def star_ability(t: Raid, enemy: Fighter, kind: Kind) -> StarAttack | None:
    """The special ability a ★ stat stands for (None when the stat is a number)."""
    if not star(t, enemy, kind):
        return None
    spec = t.kinds[enemy.card] if t.is_minion(enemy) else t.the_villain.spec
    return spec.star


def attacks_with(t: Raid, enemy: Fighter, kind: Kind) -> bool:
    """raid.enemy-clarify.zero-*: an enemy whose stat is 0 never attempts that attack."""
    return t.stat(enemy, kind) > 0 or star(t, enemy, kind)


def valid_targets(t: Raid, enemy: Fighter, kind: Kind) -> list[Fighter]:
    """Heroes in its area (Melee), or heroes it sees in other areas (Shoot)."""
    here = enemy.area
    if here is None:
        return []
    if kind == "melee":
        return t.heroes_in(here)
    return [h for h in t.hero_figures() if h.area != here and t.sees(enemy, h.area or here)
            and not h.has("unseen")]


def matching(t: Raid, hero: Hero, rank: str | None) -> int:
    """Cards in the hero's action row with a damage icon of ``rank``."""
    if rank is None:
        return 0
    cites("raid.ruling.raid-row-icons")
    faceup_only = t.rulings.raid_row_icons is RaidRowIcons.FACE_UP
    return sum(1 for c in hero.row
               if (c.faceup or not faceup_only) and rank in t.cards[c.card].icons)


def choose_target(t: Raid, enemy: Fighter, pool: list[Fighter]) -> Asks[Fighter]:
    """raid.enemy-attack.target: the most matching action-row cards; raid.enemy-attack.tie."""
    rank = t.rank(enemy)
    counts = {h.id: matching(t, t.hero(h), rank) for h in pool}
    best = max(counts.values())
    top = [h for h in pool if counts[h.id] == best]
    if len(pool) == 1:
        why = "the only hero it can attack"
    elif rank is None:
        why = "it is unranked, so no damage icon matches"
    else:
        why = (f"the most cards with a rank {rank} damage icon in the action row ({best}; "
               + ", ".join(f"{t.fighters[i].name} {n}" for i, n in counts.items()) + ")")
    chosen = yield from ties.settle(t, t.decider, f"which hero {enemy.name} attacks",
                                    hero_candidates(t, top, enemy), "raid.enemy-attack.tie",
                                    HERO_CRITERION)
    if len(top) > 1:
        why += "; a tie"
    target = t.fighters[chosen]
    t.emit("raid.target", "raid.enemy-attack.target", enemy=enemy.name, target=target.name,
           why=why)
    return target


def enemy_attack(t: Raid, enemy: Fighter, kind: Kind, bonus: AttackBonus,
                 forced: Fighter | None = None) -> Asks[list[Fighter]]:
    """An enemy's Melee or Shoot (``forced``: an opportunity attack on that hero)."""
    ability = star_ability(t, enemy, kind)
    extra = bonus.dice
    spread = bonus.targets
    if ability is not None:
        extra += ability.attack.dice
        spread = "all" if "all" in (spread, ability.attack.targets) else "one"
        t.emit("raid.star", "raid.enemy-clarify.star", enemy=enemy.name,
               attack=kind.capitalize(), ability=ability.name, text=ability.text)
    if forced is not None:
        targets = [forced]
    else:
        target = yield from choose_target(t, enemy, valid_targets(t, enemy, kind))
        targets = [target]
        if spread == "all":
            targets = [h for h in t.heroes_in(target.area or "") if h in
                       valid_targets(t, enemy, kind)]
    damaged = yield from attack(t, enemy, targets, kind, extra)
    if t.is_villain(enemy) and any(h.on_board and h.area == enemy.area for h in damaged):
        yield from villain_claims(t, enemy)
    return damaged


def villain_claims(t: Raid, villain: Fighter) -> Asks[None]:
    """raid.objective.villain-damage: an objective in the villain's area, if any, is claimed."""
    here = villain.area
    present = [o for o in t.objectives_in_play() if t.objectives[o].area == here]
    if not present:
        return
    chosen = yield from ties.settle(
        t, t.decider, "which objective the villain claims",
        [ties.Candidate(o, t.objectives[o].name) for o in present], "raid.ties.mutual",
        "the first in board order")
    goals.claim(t, villain, t.objectives[chosen], "raid.objective.villain-damage")


def opportunity_attacks(t: Raid, mover: Fighter, destination: str) -> Asks[bool]:
    """The opportunity attacks on a fighter leaving its area. Raid fighters are not stunned by
    damage, so the mover never has to stop; returns False."""
    area = mover.area
    assert area is not None
    if mover.team == HEROES:
        attackers = [e for e in t.enemies_in(area, HEROES)
                     if not e.stunned and attacks_with(t, e, "melee")]
        if attackers:
            t.emit("raid.opportunity", "raid.hero-action.move.b", hero=mover.name,
                   area=t.area_name(area), enemies=[e.name for e in attackers])
        for enemy in attackers:
            if not mover.on_board or enemy.area != area:
                break
            t.emit("opportunity", "battle.opportunity-attack.free", attacker=enemy.name,
                   target=mover.name, area=t.area_name(area))
            yield from enemy_attack(t, enemy, "melee", AttackBonus(dice=0, targets="one"), mover)
        return False
    for hero in [t.hero(h) for h in t.heroes_in(area) if not h.stunned]:
        if not mover.on_board:
            break
        if not could_roll(t, hero, "melee"):
            continue
        answer = yield from t.ask(
            hero.seat, "opportunity-attack",
            [("attack", f"Opportunity attack on {mover.name} "
                        f"({roll_text(t, hero.fighter, [mover], 'melee')})"),
             ("none", "No opportunity attack")],
            "battle.opportunity-attack.trigger",
            f"{mover.name} is leaving {t.area_name(area)} for {t.area_name(destination)}: does "
            f"{hero.name} attack?")
        if answer == "none":
            t.emit("opportunity.declined", "battle.opportunity-attack.trigger",
                   seat=hero.name, target=mover.name)
            continue
        t.emit("opportunity", "battle.opportunity-attack.free", attacker=hero.name,
               target=mover.name, area=t.area_name(area))
        yield from attack(t, hero.fighter, [mover], "melee")
    return False
