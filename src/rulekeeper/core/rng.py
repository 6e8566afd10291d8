"""One seeded random generator per game, with scripted dice.

Every random draw of a game goes through its :class:`Rng`. Scripted dice are
values that the next die rolls take instead of random ones, in order: tests use
them to make outcomes exact, and players use them for what-if questions
(``--dice 3+4,6+6``).
"""

from __future__ import annotations

import _random
import hashlib
import random
from collections import deque
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

from rulekeeper.core.errors import DiceScriptError

T = TypeVar("T")

ScriptValue = int | str
"""A scripted die value: a number for numeric dice, a face name or a 1-based face index."""

Rolled = tuple[int | tuple[str, ...], int]
"""A die rolled: its sides (a number, or its faces' names) and the 0-based face it showed."""
RngState = tuple[Any, tuple[ScriptValue, ...], int]
"""Where a generator stands: its random state, the scripted values left, the draws made."""


def derive_seed(batch_seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded with ``batch_seed``.

    It depends on nothing else, so a batch split over any number of workers
    plays the same games.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    digest = hashlib.blake2b(f"{batch_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def parse_dice_script(text: str) -> list[ScriptValue]:
    """Parse a ``--dice`` argument: values separated by commas or ``+``.

    ``+`` only groups dice rolled together, for readability.

    >>> parse_dice_script("3+4, 6+6,HIT")
    [3, 4, 6, 6, 'HIT']
    """
    values: list[ScriptValue] = []
    for group in text.split(","):
        for token in group.split("+"):
            token = token.strip()
            if not token:
                raise DiceScriptError(f"empty die value in --dice {text!r}")
            values.append(int(token) if token.lstrip("-").isdigit() else token)
    return values


def check_script(values: Sequence[ScriptValue], faces: tuple[frozenset[str], int] | None,
                 ruleset_id: str) -> None:
    """Refuse a scripted value that no die can show: ``faces`` are the face names of the
    custom dice (compared without case) and the largest number a die shows; None leaves
    the check to each roll.

    >>> check_script([3, "hit"], (frozenset({"HIT"}), 6), "x-v1")
    >>> check_script([7], (frozenset(), 6), "x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    rulekeeper.core.errors.DiceScriptError: --dice: 7 is not a value of any die of x ...
    """
    if faces is None:
        return
    names, largest = faces
    known = {name.casefold() for name in names}
    for value in values:
        fits = (1 <= value <= largest) if isinstance(value, int) else value.casefold() in known
        if not fits:
            shown = f"faces {', '.join(sorted(names))} or " if names else ""
            raise DiceScriptError(f"--dice: {value!r} is not a value of any die of "
                                  f"{ruleset_id} ({shown}numbers 1 to {largest})")


class Rng:
    """The random generator of one game.

    Args:
        seed: the game's seed.
        script: values the next die rolls take, in order, before random rolls resume.
    """

    __slots__ = ("_random", "_script", "draws", "rolled", "seed")

    def __init__(self, seed: int, script: Iterable[ScriptValue] = (), *,
                 generator: random.Random | None = None, draws: int = 0) -> None:
        self.seed = seed
        self._random = seeded(seed) if generator is None else generator
        self._script: deque[ScriptValue] = deque(script)
        self.draws = draws
        self.rolled: list[Rolled] | None = None
        """None, or a list each die roll is added to (the luck ledger watches a game's dice)."""

    @classmethod
    def at(cls, seed: int, state: RngState) -> Rng:
        """The generator of a game with ``seed``, standing where ``state`` was taken (a
        game resumed at a checkpoint): the same as ``Rng(seed)`` then :meth:`restore`,
        without seeding a generator only to replace its state."""
        random_state, script, draws = state
        generator = random.Random.__new__(random.Random)
        generator.setstate(random_state)
        return cls(seed, script, generator=generator, draws=draws)

    @classmethod
    def reseeded_at(cls, seed: int, state: RngState, chance: int) -> Rng:
        """:meth:`at` then :meth:`reseed` with ``chance``, for a game that draws nothing
        before it is reseeded (a search's world that stands where the real game drew nothing
        since ``state``): the scripted values and draws of ``state``, the random state of
        ``chance``, without setting the state that the new seed would replace."""
        _, script, draws = state
        return cls(seed, script, generator=seeded(chance), draws=draws)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied) as its seed and where it stands (a compiled class has no
        ``__slots__`` for pickle to read)."""
        return _rebuilt, (self.seed, self.snapshot(), self.rolled)

    def __repr__(self) -> str:
        return f"Rng({self.seed!r}, script={list(self._script)!r})"

    @property
    def scripted_left(self) -> int:
        """How many scripted values have not been used yet."""
        return len(self._script)

    def snapshot(self) -> RngState:
        """Where the generator stands, for :meth:`restore` (a game's checkpoint)."""
        return self._random.getstate(), tuple(self._script), self.draws

    def restore(self, state: RngState) -> None:
        """Stand where :meth:`snapshot` was taken: the same draws follow."""
        random_state, script, self.draws = state
        self._random.setstate(random_state)
        self._script = deque(script)

    def reseed(self, seed: int) -> None:
        """Draw from ``seed`` from now on (scripted values stay first): the chance of a game
        imagined by a search, which must not know the real game's coming draws."""
        _random.Random.seed(self._random, seed)  # what Random.seed does with a whole number
        self._random.gauss_next = None  # type: ignore[attr-defined]

    def next_scripted(self) -> ScriptValue | None:
        """Take the next scripted value, or None when the script is used up."""
        return self._script.popleft() if self._script else None

    def roll(self, sides: int) -> int:
        """Roll one die with faces 1..sides (scripted values first)."""
        self.draws += 1
        if self._script:
            value = self._script.popleft()
            if not isinstance(value, int) or not 1 <= value <= sides:
                raise DiceScriptError(f"scripted value {value!r} is not a face of a d{sides}")
        else:
            value = int(self._random.random() * sides) + 1
        if self.rolled is not None:
            self.rolled.append((sides, value - 1))
        return value

    def roll_index(self, faces: Sequence[str]) -> int:
        """Roll a die whose faces are named: the 0-based index of the face rolled.

        A scripted value is a face name (case-insensitive) or a 1-based index.
        """
        self.draws += 1
        index = self._scripted_face(faces) if self._script else \
            int(self._random.random() * len(faces))
        if self.rolled is not None:
            self.rolled.append((tuple(faces), index))
        return index

    def _scripted_face(self, faces: Sequence[str]) -> int:
        value = self._script.popleft()
        if isinstance(value, int):
            if 1 <= value <= len(faces):
                return value - 1
        else:
            wanted = value.casefold()
            for index, name in enumerate(faces):
                if name.casefold() == wanted:
                    return index
        raise DiceScriptError(f"scripted value {value!r} is not a face of {list(faces)}")

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (not a die roll: never scripted)."""
        self.draws += 1
        return int(self._random.random() * n)

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item (not a die roll: never scripted)."""
        return items[self.below(len(items))]

    def coin(self) -> bool:
        """A fair coin flip (not a die roll: never scripted)."""
        return self.below(2) == 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (not a die roll: never scripted): :func:`shuffle`, the same
        permutation as ``random.Random.shuffle`` draws."""
        self.draws += 1
        shuffle(self._random, items)


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)``, made without the Python of its ``__init__`` and ``seed`` (a
    search makes one for every world it imagines): the C generator seeded at once, as
    ``Random.seed`` seeds it with a whole number, and no gaussian kept.

    >>> seeded(12).getstate() == random.Random(12).getstate()
    True
    """
    made = random.Random.__new__(random.Random)
    _random.Random.seed(made, seed)
    made.gauss_next = None  # type: ignore[attr-defined]
    return made


def _rebuilt(seed: int, state: RngState, rolled: list[Rolled] | None) -> Rng:
    """An :class:`Rng` unpickled: where ``state`` stands."""
    rng = Rng.at(seed, state)
    rng.rolled = rolled
    return rng


def shuffle(generator: random.Random, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place as ``generator.shuffle(items)`` does, draw for draw and
    swap for swap (CPython's Fisher–Yates over ``getrandbits``), in code the compiled build
    compiles: the standard library's loop is interpreted Python.

    >>> items, again = list(range(10)), list(range(10))
    >>> shuffle(random.Random(4), items); random.Random(4).shuffle(again); items == again
    True
    """
    getrandbits = generator.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1  # a uniform integer below n: as Random._randbelow_with_getrandbits draws it
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
