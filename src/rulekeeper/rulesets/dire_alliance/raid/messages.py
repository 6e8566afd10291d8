"""Every sentence Raid Mode adds to those of the pieces it shares with Battle Mode, grouped
by the part of its rules that tells them."""

from __future__ import annotations

from rulekeeper.rulesets.dire_alliance.messages import SHARED

DAMAGE = {
    "raid.damage": "{fighter} suffers damage ({source})",
    "raid.ward": "{hero} discards a ward token from the {card} card in the action row: the "
                 "damage is prevented",
    "raid.lose": "{hero} loses {card} from the {pile} (its damage icons include rank "
                 "{rank}) to the damage pile",
    "raid.lose.top": "{hero} loses the top card of the deck, {card}, to the damage pile "
                     "({why})",
    "raid.hero.defeated": "{hero} cannot lose {wanted}: the hero is defeated",
    "raid.minion.damaged": "{minion} suffers damage: it is removed from the board and returned "
                           "to the bag ({bag} in the bag)",
    "raid.wound": "{villain} suffers a wound: {wounds} of {health}",
    "raid.villain.defeated": "{villain} has {wounds} wounds, its health: it is defeated",
    "raid.heal.hero": "{hero} heals: {card} goes from the damage pile to the discard pile",
    "raid.heal.nothing": "{fighter} heals, but has nothing to heal ({why})",
    "raid.heal.villain": "{villain} heals: one wound token is discarded ({wounds:wound|wounds} "
                         "left, health {health})",
    "raid.heal.minion": "{minion} would heal: instead {placed} of the same rank ({rank}) "
                        "is taken from the bag and placed in {area}",
    "raid.gain": "{hero} gains {card}: it goes from the supply to the discard pile "
                 "({left} left in that pile)",
    "raid.gain.none": "{hero} gains no card ({why})",
    "raid.gain.short": "{hero} should gain {wanted:card|cards} but the supply holds {held}: it "
                       "gains up to {count} ({ruling})",
}
"""Damage, healing and gaining cards (``damage.py``)."""

GOALS = {
    "raid.claim": "{enemy} claims the {objective} and places it in the enemy play area "
                  "({claimed} claimed)",
    "raid.won": "The heroes win: {reason}",
    "raid.lost": "The heroes lose: {reason}",
}
"""How the game ends (``goals.py``)."""

HEROES = {
    "raid.phase": "Round {round}: the {phase} phase begins",
    "raid.play": "{hero} plays {card} face {face} into the action row ({count:card|cards} there)",
    "raid.no-action": "{hero} performs no action with the {card} card",
    "raid.action": "{hero} performs {action} action",
    "raid.wait": "{hero} lets {other} act first",
    "raid.stop": "{hero} plays no more cards this phase",
    "raid.limit": "{hero} has {count} cards in the action row: no more actions this phase",
    "raid.act.end": "Every hero has at least two cards in the action row: the Heroes Act phase "
                    "ends",
    "raid.phase.over": "No hero can or will act any more: the {phase} phase ends",
    "raid.boost": "{hero} boosts: plays {card} face up ({modifiers}); melee {melee}, shoot "
                  "{shoot}, defense {defense}",
    "raid.exert": "{hero} exerts: a damage (the top card of the deck) to perform a Move action",
}
"""The heroes' phases: cards, basic actions, exert, boosts (``heroes.py``)."""

ATTACKS = {
    "raid.target": "{enemy} attacks {target}: {why}",
    "raid.star": "{enemy}'s {attack} is ★: it uses {ability} ({text})",
    "raid.opportunity": "{hero} leaves {area}: every enemy there makes an opportunity attack "
                        "({enemies})",
}
"""Attack priority and opportunity attacks (``attacks.py``)."""

MINIONS = {
    "raid.order": "Activation order: {order} (beginning with {first}, who acted most recently)",
    "raid.spawn": "{who} spawns a minion: {minion} ({colour}, drawn at random from the bag) is "
                  "placed in {area}, {why}",
    "raid.spawn.empty": "{who} should spawn a minion, but the bag is empty",
    "raid.nearest": "{hero} activates {minion}: the nearest {colour} minion not yet activated "
                    "this phase ({distance:border|borders} away)",
    "raid.no-minion": "{hero} cannot activate {colour} minion (none on the board that has not "
                      "been activated this phase)",
}
"""Minions: the bag, spawning, activation (``minions.py``)."""

ENEMY_ACTIONS = {
    "raid.activate": "{enemy} activates ({why})",
    "raid.ready": "{enemy} was stunned: it becomes ready and activates as normal",
    "raid.try": "{enemy} performs its action {number}: {text}",
    "raid.cannot": "{enemy} cannot perform its action {number} ({text}): {reason}",
    "raid.idle": "{enemy} can perform none of its actions",
    "raid.effect.skipped": "{enemy} cannot {verb} ({reason}): {what}",
}
"""The enemies' actions, tried top to bottom (``enemy_actions.py``)."""

ENEMIES = {
    "raid.villain.card": "Villain card: {card} ({modifiers}; Minion Activation icon: {colour}); "
                         "{villain} now has melee {melee}, shoot {shoot}, defense {defense} "
                         "({left:card|cards} left in the villain deck)",
    "raid.villain.empty": "The villain deck is empty and a villain card must be drawn",
    "raid.discard.hand": "{hero} discards the {count:card|cards} left in hand",
    "raid.discard.row": "{hero} discards the {count:card|cards} of the action row{tokens}",
    "raid.discard.villain": "The {count:villain card|villain cards} of the villain action row go "
                            "to the villain discard pile",
}
"""The Enemies phases: villain cards, activation order (``enemies.py``)."""

MOVEMENT = {
    "raid.enemy.move": "{enemy} moves toward {goal} ({why}): into {destination} ({path})",
    "raid.enemy.arrived": "{enemy} is already where it was moving to ({goal}): it moves no "
                          "further",
    "raid.enemy.withdraw": "{enemy} withdraws toward {goal}: into {destination} ({path})",
}
"""Enemy movement and withdraw priority (``movement.py``)."""

SETUP = {
    "raid.setup.scenario": "Scenario: {scenario}, played on {board}. Heroes' goal: {hero_goal} "
                           "Villain's goal: {villain_goal}",
    "raid.setup.hero": "{seat} plays {hero} ({stats}), {hero_class}: a starting deck of "
                       "{deck} cards (2 of each class card and 2 {card}), a supply of {supply} "
                       "cards and an empty damage pile; {hero} starts in {area}",
    "raid.setup.villain": "The villain is {villain} (rank {rank}, {stats}, health "
                          "{health_x} x {players} players = {health}), in {area}; its Reference "
                          "card is set apart and its deck of {deck} cards is shuffled",
    "raid.setup.villain.printed": "The villain is {villain} (rank {rank}, {stats}, health "
                                  "{health} for {players} players, as its card prints it), in "
                                  "{area}; its Reference card is set apart and its deck of "
                                  "{deck} cards is shuffled",
    "raid.setup.faction": "{villain} leads {faction}: {minions} minions in the bag ({kinds}); "
                          "objectives: {objectives}",
    "raid.setup.sites": "Scenario sites: {sites}",
}
"""Raid Mode's setup (``setup.py``)."""

TIES = {
    "tie.decided": "Tie ({question}): {seat} decides for the enemies: {chosen} "
                   "(candidates: {candidates})",
    "tie.hard": "Tie ({question}): the hard ruling picks {chosen}, {criterion} "
                "(candidates: {candidates})",
}
"""Ties the enemies meet, and who settles them (``ties.py``)."""

ROUNDS = {
    "raid.round": "Round {round} begins",
}
"""The round (``rounds.py``)."""

TOKENS = {
    "token": "{fighter} puts {token} token on the {card} card in its action row",
}
"""The ``token`` verb of hero cards (``table.py``)."""

TEMPLATES = (SHARED | DAMAGE | GOALS | HEROES | ATTACKS | MINIONS | ENEMY_ACTIONS | ENEMIES
             | MOVEMENT | SETUP | TIES | ROUNDS | TOKENS)
"""Every sentence of Raid Mode."""
