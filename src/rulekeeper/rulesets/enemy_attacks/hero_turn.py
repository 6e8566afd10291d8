"""A Hero's turn (sample rules ``sample.hero-turn.*``): one action and one manoeuvre.

The action is a melee, ranged or magic attack on an Enemy, with a Might, Agility
or Will check whose successes are the damage (ranged and magic: -1 if the Hero's
aim is obstructed). The manoeuvre moves the Hero one area.
"""

from __future__ import annotations

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.enemy_attacks.checks import check
from rulekeeper.rulesets.enemy_attacks.health import damage_enemy
from rulekeeper.rulesets.enemy_attacks.rulings import PointBlank
from rulekeeper.rulesets.enemy_attacks.table import Enemy, EnemyAttacksTable, Hero, Skirmish
from rulekeeper.rulesets.enemy_attacks.targeting import obstruction

ABILITY = {"melee": "might", "ranged": "agility", "magic": "will"}
"""The ability of a Hero's attack check, by attack kind."""
ATTACK_RULE = {"melee": "sample.hero-turn.melee-attack",
               "ranged": "sample.hero-turn.ranged-attack",
               "magic": "sample.hero-turn.magic-attack"}
"""The sample rule of a Hero's attack, by attack kind."""


def hero_turn(table: EnemyAttacksTable, hero: Hero) -> Asks[None]:
    st = table.state
    st.active = hero.id
    table.emit("hero-turn", "sample.hero-turn.action-and-manoeuvre", hero=hero.name,
               player=hero.controller, area=st.area_name(hero.area))
    st.used = []
    acted = moved = False
    while True:
        offered: list[tuple[str, str]] = []
        targets: dict[str, tuple[str, Enemy, str]] = {}
        if not acted:
            cites("sample.hero-turn.target-choice")  # every eligible Enemy is offered
            for kind, enemy, why in attack_targets(st, hero):
                option = f"{kind}-{enemy.id}"
                targets[option] = (kind, enemy, why)
                offered.append((option, f"{kind} attack on {enemy.name} ({why}; "
                                        f"{st.health_text(enemy)})"))
        if not moved:
            offered += [(f"move-{a}", f"move to {st.area_name(a)}") for a in st.moves(hero)]
        if not offered:
            return
        offered.append(("end", "end the turn"))
        left = " or ".join(w for w, unused in (("an action", not acted),
                                                ("a manoeuvre", not moved)) if unused)
        choice = yield Decision(hero.controller, "hero-turn", options(offered),
                                "sample.hero-turn.action-and-manoeuvre",
                                f"{hero.name} in {st.area_name(hero.area)}: {left}?")
        if choice == "end":
            return
        if choice in targets:
            kind, enemy, why = targets[choice]
            st.used.append("action")
            yield from hero_attack(table, hero, kind, enemy, why)
            acted = True
        else:
            origin, hero.area = hero.area, choice.removeprefix("move-")
            table.emit("hero-moves", "sample.hero-turn.manoeuvre", hero=hero.name,
                       origin=st.area_name(origin), destination=st.area_name(hero.area))
            st.used.append("manoeuvre")
            moved = True


def attack_targets(st: Skirmish, hero: Hero) -> list[tuple[str, Enemy, str]]:
    """Every (attack kind, Enemy, why eligible) the Hero's action may take."""
    here = hero.area
    assert here is not None
    found: list[tuple[str, Enemy, str]] = []
    for attack in hero.spec.attacks:
        for enemy in st.enemies_in_play():
            there = enemy.area
            assert there is not None
            if attack.kind == "melee":
                if there == here:
                    found.append((attack.kind, enemy, "same area"))
                elif (st.board.adjacent(here, there) and st.at_capacity_for(hero, there)
                      and st.board.areas[here].height == st.board.areas[there].height):
                    cites("melee.into-adjacent.normal-allies", "melee.adjacent.same-height-only")
                    found.append((attack.kind, enemy, "adjacent area at maximum capacity"))
                continue
            distance = st.distance(here, there)
            if distance <= attack.range and st.board.sees(here, there):
                found.append((attack.kind, enemy, f"distance {distance:g} of range {attack.range}"))
    return found


def hero_attack(table: EnemyAttacksTable, hero: Hero, kind: str, enemy: Enemy,
                why: str) -> Asks[None]:
    st = table.state
    rule = ATTACK_RULE[kind]
    if kind == "melee" and why != "same area":
        rule = "melee.into-adjacent.normal-allies"
    table.emit("hero-attack", rule, hero=hero.name, attack=kind, enemy=enemy.name,
               why=why)
    successes = yield from check(table, hero, ABILITY[kind], f"a {kind} attack on {enemy.name}")
    blocked = []
    if kind != "melee":
        cites("sample.hero-turn.obstructed-aim")
        blocked = obstruction(st, hero, enemy, table.rulings.point_blank is PointBlank.OTHERS_ONLY)
    damage = max(successes - (1 if blocked else 0), 0)
    table.emit("hero-hits", "damage.obstructed-aim.ally" if blocked else rule, hero=hero.name,
               enemy=enemy.name, damage=damage, successes=successes,
               obstructed=f", -1 obstructed aim ({'; '.join(blocked)})" if blocked else "")
    damage_enemy(table, enemy, damage, hero)
