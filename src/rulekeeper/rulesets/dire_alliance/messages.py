"""Every sentence of Dire Alliance's events, and how sentences name things ("an Empyreal
card", "2 dice", "1 card").

The sentences are grouped by the part of the rules that tells them. Raid Mode tells
those of the pieces both modes share (``SHARED``: cards, attacks, movement, special
actions) and its own (``raid.messages``); Battle Mode tells ``TEMPLATES``.
"""

from __future__ import annotations


def a(word: str) -> str:
    """``word`` with its indefinite article.

    >>> a("Empyreal"), a("Butcher"), a("ward")
    ('an Empyreal', 'a Butcher', 'a ward')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def a_card(name: str) -> str:
    """One card of a fighter or hero, named as the card is: a leading "The" is dropped.

    >>> a_card("Empyreal"), a_card("The Countess"), a_card("Dr. Kramer")
    ('an Empyreal card', 'a Countess card', 'a Dr. Kramer card')
    """
    return a(name.removeprefix("The ")) + " card"


def count(number: int, one: str, many: str = "") -> str:
    """``number`` and its noun, singular for 1.

    >>> count(1, "card"), count(0, "card"), count(3, "die", "dice")
    ('1 card', '0 cards', '3 dice')
    """
    return f"{number} {one if number == 1 else many or one + 's'}"


CARDS = {
    "reshuffle": "{seat} shuffles a discard pile of {cards} cards into a new deck",
    "draw": "{seat} draws {count:card|cards}",
    "draw.cards": "{seat} draws {cards}",
}
"""Cards: drawing, reshuffling, supply piles (``cards.py``)."""

ATTACK = {
    "attack": "{attacker} makes a {how} attack on {targets}: {dice} combat dice{vampire} show "
              "{faces} ({hits} HIT)",
    "attack.dreadful": "{target} is Dreadful: the attack roll has one combat die fewer",
    "defense": "{target} defends with {dice} combat dice{vampire}: {faces} ({blocks} BLOCK)",
    "miss.no-hit": "no HIT: the attack on {target} misses",
    "miss.blocked": "{blocks} BLOCK beat {hits} HIT: the attack on {target} misses",
    "hit": "{hits} HIT against {blocks} BLOCK: the attack hits {target}",
    "stunned": "{fighter} is stunned",
    "sated": "{fighter} damaged an enemy with a Melee action and gains a sated token",
    "drain": "{fighter} rolled DRAIN ESSENCE in a Melee that damaged its target: it may heal",
}
"""Attacks: dice, hits, defense (``attack.py``)."""

MOVEMENT = {
    "move": "{fighter} moves from {source} to {destination}",
    "withdraw": "{fighter} withdraws from {source} to {destination} (no opportunity attacks)",
    "opportunity": "{attacker} makes an opportunity attack on {target}, who is leaving {area}",
    "opportunity.declined": "{seat} makes no (more) opportunity attacks on {target}",
    "move.stops": "{fighter} was damaged and stunned by an opportunity attack: it finishes its "
                  "move and stops",
}
"""Movement and withdrawing (``movement.py``)."""

SPECIAL = {
    "special": "{fighter} performs ➤ {action}",
    "effect.skipped": "{fighter}: {verb} has no fighter or place to act on; it is skipped",
    "effect.stopped": "{fighter} was stopped: the rest of ➤ {action} is not resolved",
    "push": "{fighter} pushes {target} from {source} to {destination}",
    "pull": "{fighter} pulls {target} from {source} to {destination}",
    "stun": "{fighter} stuns {target}",
    "sate": "{target} becomes sated",
    "ready": "{target} becomes ready",
    "transform": "{fighter} takes its form {form}",
    "teleport": "{fighter} is placed in {destination}, the area of its {token}",
    "mark": "{fighter} takes {site}: it now shows {seat}'s colour",
    "command": "{fighter} has {target} perform {action} action (being stunned does not stop it)",
}
"""Special actions and their effects (``special.py``)."""

DAMAGE = {
    "damage": "{fighter} suffers damage",
    "lose.hand": "{seat} moves {card} from hand to the graveyard and draws a card",
    "lose.deck": "{seat} finds {card} in the deck and moves it to the graveyard",
    "lose.discard": "{seat} moves {card} from the discard pile to the graveyard",
    "resilient": "{fighter} is Resilient: it loses no card and stays on the board",
    "resilient.kept": "{fighter} is Resilient: with no {card} card to lose it stays on the board",
    "defeated": "{fighter} has no card left in hand, deck or discard pile: it is defeated and "
                "removed from the board",
    "dread": "{seat} places {count:dread card|dread cards} from the dread pile into the {pile} "
             "({left} left in the dread pile)",
    "sated.lost": "{fighter} suffers damage and loses its sated token",
    "form.revert": "{fighter} suffers damage and returns to {form}",
}
"""Battle Mode's damage: cards lost, fighters defeated (``damage.py``)."""

HEALING = {
    "heal.defeated": "{fighter} is defeated and cannot be healed",
    "heal.declined": "{seat} chooses not to heal {fighter}",
    "heal": "{fighter} heals: {seat} moves {card} from the graveyard to the {pile}",
    "heal.none": "{fighter} heals, but {seat} has no {card} in the graveyard",
}
"""Battle Mode's healing (``healing.py``)."""

ACTIONS = {
    "action": "{fighter} performs {action} action",
    "focus": "{fighter} focuses: {target} gains {count:card|cards}",
    "control": "{fighter} claims {seat_owner}'s objective {objective} and {seat} places it in "
               "their play area ({claimed} claimed)",
    "interact": "{fighter} performs ➤ Interact: {action}",
    "dread.returned": "{fighter} spends its action to return a dread card to the dread pile "
                      "({left} in the pile)",
    "gain": "{fighter} gains {count:card|cards}: {seat} moves them from the supply pile to the "
            "discard pile ({left} left in supply)",
    "gain.short": "{fighter} should gain {wanted:card|cards} but the supply pile holds {held}: "
                  "it gains {count} ({ruling})",
}
"""Battle Mode's actions: Focus, Rush, Claim... (``actions.py``)."""

SETUP = {
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
"""Battle Mode's setup (``setup.py``)."""

BATTLE = {
    "round": "Round {round} begins: {aggressor} is the aggressor, {defender} the defender",
    "turn": "{turn}: {seat} plays",
    "play": "{seat} plays {cards:and}",
    "play.none": "{seat} has no card left to play",
    "claim": "{seat} discards a played {card} card without resolving it and claims "
             "initiative: the token flips to {seat}, who becomes the aggressor",
    "activate": "{fighter} is activated",
    "activate.ready": "{fighter} was stunned: it becomes ready and activates as normal",
    "activate.resilient": "{fighter} is Resilient and was stunned: it becomes ready but performs "
                          "no action",
    "activate.skip": "{seat} does not activate {fighter}",
    "activate.none": "{seat}'s {card} card activates no fighter ({reason})",
    "discard.played": "{seat} discards the played {card} card",
    "dread.played": "{seat}'s dread card is played with no effect",
    "won": "{seat} wins: {reason}",
    "limit": "The round limit ({limit}) is reached: {outcome}",
}
"""Battle Mode's rounds and turns, and its end (``battle.py``)."""

SHARED = CARDS | ATTACK | MOVEMENT | SPECIAL
"""The sentences of the pieces both modes share."""
TEMPLATES = CARDS | DAMAGE | HEALING | ATTACK | MOVEMENT | SPECIAL | ACTIONS | SETUP | BATTLE
"""Every sentence of Battle Mode."""
