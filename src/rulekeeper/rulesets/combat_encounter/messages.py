"""The English sentence of every event kind of combat-encounter."""

from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # setup and normal gameplay (sample)
    "setup": "{who} plays {character} and starts in {room}",
    "setup.hidden": "{who} plays {character} and starts Hidden (their Room is not shown)",
    "setup.hidden.own": "{who} plays {character} and starts Hidden in {room}",
    "setup.random": "The dice draw the opening: {by} by {initiator} on {target}; "
                    "Hidden: {hidden}",
    "gong": "The Opening Gong sounds: {who} must fight {target}",
    "gameplay.resumes": "Gameplay resumes as the Opening Gong says: first Player Turn, {who}",
    "round": "Round {round} of Turn Order: {order}",
    "turn.begins": "Player Turn of {who} ({actions:Turn Action|Turn Actions})",
    "turn.skipped": "{who} is not a Surviving Player: their Player Turn is skipped",
    "turn.continues": "{who}'s Player Turn continues after the Combat Encounter "
                      "({actions:Turn Action|Turn Actions} left)",
    "turn.ended": "{who} initiated the Combat Encounter and died: their Player Turn ends",
    "turn.ends": "{who}'s Player Turn ends",
    "move": "{who} moves to {room}",
    "move.hidden": "{who} moves while Hidden (the Room is not shown)",
    "perception.result": "{who}'s Move Action Perception Check: {total} against {tn}: {outcome}",
    "ambush": "{who} Ambushes {target}",
    "challenge": "{who} Challenges {target}",
    "challenge.declined": "{who} declines the Challenge: no Combat Encounter begins",
    "challenge.accepted": "{who} accepts the Challenge",
    "challenge.result": "Challenge: {who} {mine} against {target} {theirs}: {who} {outcome}",
    "item.equipped": "{who} equips {item} ({slot})",
    "item.stowed": "{who} puts {item} ({slot}) in the Backpack",
    "status.gained": "{who} gains {status}",
    "status.lost": "{who} loses {status}",
    "clock.collapse": "The dungeon collapses after {turns:turn|turns}: the game ends without a "
                      "winner",
    # checks
    "check.roll": "{who} rolls a {purpose} Check ({stat}): natural {natural} {value:+} = "
                  "{total}{against}",
    "check.reroll": "{who} spends a Reroll Token: natural {natural}, Final Result {total} "
                    "({left:Reroll Token|Reroll Tokens} left)",
    "check.kaos": "{who} spends {kaos} Kaos: +{bonus}, Final Result {total} ({left} Kaos left)",
    "check.reward": "{who} gets the {reward} reward: +{rerolls:Reroll Token|Reroll Tokens}, "
                    "+{kaos} Kaos",
    # Combat Encounter
    "combat.begins": "A Combat Encounter begins by {by}, interrupting {interrupted}",
    "combat.room": "The Combat Room is {room}",
    "combat.initiator": "{who} is the initiating Player",
    "combat.target": "{who} is the primary target",
    "combat.combatants": "Combatants: {combatants}",
    "combat.hidden": "{who} is Hidden in the Combat Room, {room}: not a Combatant",
    "order.pair": "Combat Order: {first} first, {second} second ({why})",
    "order.alone": "{who} is the only other Combatant: third in Combat Order, with no Combat "
                   "Order Check (there is nobody to contest)",
    "order.tie": "Combat Order Checks tie at {total} between {tied}: they reroll",
    "order.set": "Combat Order: {order}",
    "order.removed": "{who} is removed from Combat Order: {order}",
    "order.wraps": "Combat Order returns to the first remaining Combatant, {who}",
    "combat.turn": "Combat Turn {turn}: {who}{note}",
    "first-attack.over": "{who}'s first Combat Turn is complete: Attacks follow normal target "
                         "selection",
    "combat.declined": "{who} declines to take a Combat Action",
    "combat.leaves": "{who} leaves Combat ({how}); Combatants left: {order}",
    "combat.paused": "Combat pauses while {who} resolves a Random Encounter",
    "combat.resumes": "Combat resumes with {who}",
    "combat.ends": "The Combat Encounter ends with fewer than two Combatants: {remaining} "
                   "remains",
    "combat.removed": "The Combat Encounter state is removed",
    # Attacks
    "attack.declared": "{who} makes a {mode} Attack on {target} with {weapon} ({damage}), "
                       "{stat} against Defense {defense}",
    "attack.result": "{who}'s Attack Check on {target}: natural {natural}, Final Result {total} "
                     "against Defense {defense}: {outcome}",
    "weapon.kept": "{who} keeps {weapon}: {why}",
    "weapon.dropped": "{who} drops {weapon} ({slot}): flipped face down, it stays in its slot",
    "weapon.recovered": "{who} recovers {weapon} ({slot}): face up again",
    "weapon.restored": "{who}'s {weapon} ({slot}) is restored face up",
    "damage": "{who} deals {amount} {critical}Damage to {target} ({base} + {stat} {value}, "
              "at least 1): {health} Health left",
    "death.triggered": "{who} has no Health left (the Damage took it to {health}): Death is "
                       "triggered",
    "death": "{who} dies",
    "victory": "{who} is the last Surviving Player and wins",
    "no-survivor": "No Surviving Player remains: the game ends without a winner",
    "loot.opportunity": "{who} gets a Loot Opportunity on {dead}, whose Backpack holds "
                        "{backpack}{dropped}",
    "loot.taken": "{who} takes {item} from {dead}",
    "loot.closed": "{who} closes the Loot Management Window",
    "disengage": "{who} spends {kaos} Kaos and Disengages to {room}{jelly}",
    "flee": "{who} Flees to {room}{jelly}",
    # Random Encounters
    "deck.reshuffled": "The Random Encounter discards are shuffled into a new deck "
                       "({cards:card|cards})",
    "encounter.drawn": "{who} draws a Random Encounter: {card} ({text})",
    "encounter.resolved": "{who} has resolved {card}",
    "kaos.gained": "{who} gains {kaos} Kaos ({total})",
    "rerolls.gained": "{who} gains {rerolls:Reroll Token|Reroll Tokens} ({total})",
    "healed": "{who} regains {amount} Health ({health})",
    "damage.other": "{who} takes {amount} Damage from {source} (not Combat Damage): "
                    "{health} Health left",
    "damage.other.hidden": "{who} takes {amount} Damage (not Combat Damage): {health} Health left",
}
