"""Attacks: gather dice, roll, count HIT against BLOCK, deal damage, stun.

One attack roll serves every target of a multiple-target attack, each target making
its own defense roll (battle.multiple-targets.*). The same sequence serves Melee and
Shoot actions, special actions and opportunity attacks, in both game modes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.dire_alliance.dice import is_hit
from rulekeeper.rulesets.dire_alliance.messages import count

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Tabletop

Kind = Literal["melee", "shoot"]

CHOOSE_TARGET: dict[Kind, str] = {"melee": "battle.attack.choose-target.melee",
                                  "shoot": "battle.attack.choose-target.shoot"}
"""The rule by which an attack of each kind chooses its target."""


@cites("battle.attack.gather-dice.melee", "battle.attack.gather-dice.shoot")
def attack_dice(t: Tabletop, attacker: Fighter, kind: Kind, extra: int) -> int:
    """Combat dice of an attack: the melee or shoot value plus a special action's bonus."""
    return t.stat(attacker, kind) + extra


def roll_text(t: Tabletop, attacker: Fighter, targets: list[Fighter], kind: Kind,
              extra: int = 0) -> str:
    """What an attack would roll, as a player is told before choosing it: the combat dice
    (one fewer against a Dreadful target), the vampire die of a sated fighter, and the
    defense dice of each target: ``"2 dice (one fewer: Rutger is Dreadful) and the vampire
    die against 2 dice"``."""
    dice = attack_dice(t, attacker, kind, extra)
    dreadful = next((f for f in targets if f.has("dreadful")), None)
    text = count(max(dice - (dreadful is not None), 0), "die", "dice")
    if dreadful is not None:
        text += f" (one fewer: {dreadful.name} is Dreadful)"
    if attacker.sated:
        text += " and the vampire die"
    defenses = [count(t.stat(f, "defense"), "die", "dice")
                + (" and the vampire die" if f.sated else "") for f in targets]
    return f"{text} against {' / '.join(defenses)}"


@cites("battle.attack.purpose", "battle.attack.sources", "battle.attack.roles",
       "battle.attack.sequence", "battle.multiple-attacks")
def attack(t: Tabletop, attacker: Fighter, targets: list[Fighter], kind: Kind,
           extra: int = 0) -> Asks[list[Fighter]]:
    """Resolve one attack on ``targets``, each attack on its own, by the steps in order;
    returns the targets that were damaged."""
    yield from t.before_roll(attacker, targets, kind)
    dice = attack_dice(t, attacker, kind, extra)
    dreadful = next((f for f in targets if f.has("dreadful")), None)
    if dreadful is not None:
        cites("battle.sample.keyword.dreadful")
        dice -= 1
        t.emit("attack.dreadful", "battle.multiple-targets.affect", target=dreadful.name)
    cites("battle.multiple-targets.attack-roll", "battle.keyword.vampire.die.attack",
          "battle.keyword.vampire.die.apply", "battle.keyword.hit-block",
          "battle.attack.apply-results.count")
    roll = t.dice.roll(t.rng, dice, attacker.sated)  # one roll for every target
    t.bump(f"{attacker.side}_attacks")
    if t.logging:
        t.emit("attack", "battle.attack.roll-dice", attacker=attacker.name, how=kind,
               targets=[f.name for f in targets], dice=max(dice, 0),
               vampire=" and the vampire die" if attacker.sated else "",
               faces=", ".join(roll.faces) or "nothing", hits=roll.hits)
    damaged: list[Fighter] = []
    for target in targets:
        defense_value = t.stat(target, "defense")
        cites("battle.keyword.vampire.die.defend")
        defense = t.dice.roll(t.rng, defense_value, target.sated)
        rule = ("battle.multiple-targets.defense-rolls" if len(targets) > 1
                else "battle.attack.gather-dice.defense")
        if t.logging:
            t.emit("defense", rule, target=target.name, dice=defense_value,
                   vampire=" and the vampire die" if target.sated else "",
                   faces=", ".join(defense.faces) or "nothing", blocks=defense.blocks)
        if roll.hits == 0:
            t.emit("miss.no-hit", "battle.attack.apply-results.a", target=target.name)
            continue
        if not is_hit(roll.hits, defense.blocks):
            t.emit("miss.blocked", "battle.attack.apply-results.b", target=target.name,
                   hits=roll.hits, blocks=defense.blocks)
            continue
        t.emit("hit", "battle.attack.apply-results.c", target=target.name, hits=roll.hits,
               blocks=defense.blocks)
        if not (yield from t.suffer_damage(target, "battle.attack.deal-damage", attacker)):
            continue  # prevented: the target is not damaged
        damaged.append(target)
        t.bump(f"{attacker.side}_damage_dealt")
        if target.on_board:
            t.stun_on_damage(target)
        if kind == "melee" and attacker.has("vampire") and not attacker.sated:
            attacker.sated = True
            t.emit("sated", "battle.keyword.vampire.sated", fighter=attacker.name)
    if kind == "melee" and damaged and roll.drain and attacker.has("vampire"):
        t.emit("drain", "battle.keyword.drain-essence", fighter=attacker.name)
        yield from t.heal(attacker, 1, "battle.keyword.drain-essence")
    return damaged
