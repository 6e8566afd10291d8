"""Ability checks with Action dice (sample rules ``sample.check.*``).

A check with an ability rolls as many Action dice as the figure's level in it;
an extra face adds one more die to the same check, with no limit; a Hero may
spend 1 or 2 stamina on each stamina face for that many successes.
"""

from __future__ import annotations

from collections.abc import Callable

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.events import counted
from rulekeeper.core.rng import Rng
from rulekeeper.core.rules_index import cites
from rulekeeper.core.ruleset import Asks
from rulekeeper.rulesets.enemy_attacks.table import ActionDieInPlay, Ally, EnemyAttacksTable, Hero


def _no_budget(steps: int = 1) -> None:
    """Counts nothing: a roll outside a game."""


def roll_action_dice(rng: Rng, die: ActionDieInPlay, count: int,
                     spend: Callable[[int], None] = _no_budget) -> list[str]:
    """Roll ``count`` Action dice; each extra face adds a die to the roll, and ``spend`` counts
    it as a step of the game's work budget (the chain has no limit of its own).

    >>> from rulekeeper.rulesets.enemy_attacks.models import Face
    >>> die = ActionDieInPlay(("blank", "extra"), {"blank": Face(), "extra": Face(successes=1,
    ...                       extra=1)})
    >>> roll_action_dice(Rng(0, ["extra", "blank", "extra", "blank"]), die, 2)
    ['extra', 'blank', 'extra', 'blank']
    """
    rolled: list[str] = []
    left = count
    while left > 0:
        name = die.names[rng.roll_index(die.names)]
        rolled.append(name)
        extra = die.faces[name].extra
        if extra:
            cites("sample.check.face.extra")
            spend(extra)
        left += extra - 1
    return rolled


@cites("sample.check.face.blank", "sample.check.face.numbers")
def count_faces(die: ActionDieInPlay, rolled: list[str]) -> tuple[int, int]:
    """The successes the faces show and the number of stamina faces."""
    faces = [die.faces[name] for name in rolled]
    return sum(f.successes for f in faces), sum(1 for f in faces if f.stamina)


def check(table: EnemyAttacksTable, figure: Ally, ability: str, purpose: str) -> Asks[int]:
    """Roll ``figure``'s check with ``ability``; returns its successes (the player of a Hero
    who rolled stamina faces is asked how much stamina to spend)."""
    st = table.state
    dice = figure.levels[ability]
    rolled = roll_action_dice(table.rng, st.die, dice, table.spend)
    successes, stamina_faces = count_faces(st.die, rolled)
    if table.logging:
        extra = len(rolled) - dice
        table.emit("check", "sample.check.dice", figure=figure.name, ability=ability.title(),
                   dice=dice, purpose=purpose, faces=rolled or ["no dice"], successes=successes,
                   extra=f" with {extra} extra {'die' if extra == 1 else 'dice'}" if extra else "")
    if not stamina_faces:
        return successes
    if not isinstance(figure, Hero):
        table.emit("stamina-face-ignored", "sample.check.face.stamina-non-hero",
                   figure=figure.name, faces=stamina_faces)
        return successes
    most = min(2 * stamina_faces, figure.ready)
    if most == 0:
        table.emit("stamina-face-no-chips", "sample.check.face.stamina-hero", figure=figure.name,
                   faces=stamina_faces)
        return successes
    choice = yield Decision(
        figure.controller, "spend-stamina",
        options((f"spend-{n}", f"spend {n} stamina "
                                f"({counted(successes + n, 'success', 'successes')})")
                for n in range(most + 1)),
        "sample.check.face.stamina-hero",
        f"{figure.name} rolled {counted(stamina_faces, 'stamina face', 'stamina faces')} in "
        f"{purpose} ({counted(successes, 'success', 'successes')} so far, "
        f"{counted(figure.ready, 'ready chip', 'ready chips')}): spend how much stamina?")
    spend = int(choice.removeprefix("spend-"))
    if spend:
        figure.spent += spend
        st.tally["stamina_spent"] += spend
        table.emit("stamina-spent", "sample.check.face.stamina-hero", figure=figure.name,
                   spent=spend, successes=successes + spend, ready=figure.ready)
    return successes + spend
