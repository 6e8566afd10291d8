"""The sentence of every event of a duel (English; a ``locale/`` folder would translate)."""

TEMPLATES = {
    "deal": "{seat} is dealt {cards}",
    "play": "{seat} plays a card",
    "reveal": "north shows {north}, south shows {south}",
    "tie-roll": "tie: north rolls {north}, south rolls {south}",
    "round": "{winner} wins round {round}",
    "round-drawn": "round {round} is drawn",
}
