"""How sentences and labels name things: "an Empyreal card", "2 dice", "1 card"."""

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
