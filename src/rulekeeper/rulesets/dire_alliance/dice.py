"""Combat dice and the vampire die: rolls, and exact odds of an attack.

The faces come from ``components.yaml``, one list per option of the rulings
``combat-die`` and ``vampire-die``. The attacker counts HIT results, the defender
BLOCK results (battle.attack.apply-results.count); a sated Vampire adds the vampire
die, whose HIT counts only in attack, BLOCK only in defense, and DRAIN ESSENCE only
on a damaging Melee (battle.keyword.hit-block, battle.keyword.drain-essence).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

# the compiled build's mypy reads no configuration: icepool, untyped, is ignored there
import icepool  # type: ignore[import-untyped, unused-ignore]
from mypy_extensions import mypyc_attr

from rulekeeper.core.dice import FaceDie, Pool
from rulekeeper.core.dice import probability as joint_probability
from rulekeeper.core.rng import Rng
from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.dire_alliance.models import Components
from rulekeeper.rulesets.dire_alliance.rulings import DireRulings

Tally = tuple[tuple[str, int, int, bool], ...]
"""Each face of a die: its name, HIT count, BLOCK count, and whether it shows DRAIN ESSENCE."""
HIT = "HIT"
BLOCK = "BLOCK"
DRAIN = "DRAIN ESSENCE"


def script_faces(components: Components) -> tuple[frozenset[str], int]:
    """What ``--dice`` may script: any face name of either die, or a face's 1-based index."""
    lists = [*components.combat_die.faces.values(), *components.vampire_die.faces.values()]
    return frozenset(name for faces in lists for name in faces), max(len(f) for f in lists)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Roll:
    """What one side rolled: the face names, and the HIT, BLOCK and DRAIN ESSENCE counts."""

    faces: tuple[str, ...]
    hits: int
    blocks: int
    drain: bool


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class DiceSet:
    """The combat die and the vampire die in force for a game."""

    combat: FaceDie
    vampire: FaceDie
    _tallies: tuple[Tally, Tally] = field(init=False, repr=False, compare=False)

    @cites("battle.ruling.combat-die", "battle.ruling.vampire-die")
    @classmethod
    def from_content(cls, components: Components, rulings: DireRulings) -> DiceSet:
        """The dice of the rulings' options (``combat-die``, ``vampire-die``)."""
        return cls(FaceDie("combat", components.combat_die.faces[rulings.combat_die]),
                   FaceDie("vampire", components.vampire_die.faces[rulings.vampire_die]))

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tallies", (tally(self.combat), tally(self.vampire)))

    def __deepcopy__(self, memo: dict[int, Any]) -> DiceSet:
        """The dice never change during a game: a copied game state shares them."""
        return self

    def roll(self, rng: Rng, dice: int, sated: bool) -> Roll:
        """Roll ``dice`` combat dice, plus the vampire die when ``sated`` (each die as
        ``FaceDie.roll`` rolls it; its face's counts looked up, every attack rolls)."""
        combat, vampire = self._tallies
        names, roll = self.combat.face_names, rng.roll_index
        rolled = [combat[roll(names)] for _ in range(dice)]
        if sated:
            rolled.append(vampire[roll(self.vampire.face_names)])
        faces, hits, blocks, drain = [], 0, 0, False
        for name, hit, block, drains in rolled:
            faces.append(name)
            hits += hit
            blocks += block
            drain = drain or drains
        return Roll(tuple(faces), hits, blocks, drain)

    def pool(self, dice: int, sated: bool) -> Pool:
        return Pool.of((self.combat, dice), (self.vampire, 1 if sated else 0))

    def hits(self, dice: int, sated: bool) -> icepool.Die[int]:
        """Exact distribution of the HIT results of an attack roll."""
        return self.pool(dice, sated).count_distribution(HIT)

    def blocks(self, dice: int, sated: bool) -> icepool.Die[int]:
        """Exact distribution of the BLOCK results of a defense roll."""
        return self.pool(dice, sated).count_distribution(BLOCK)

    def odds(self, attack: int, defense: int, attacker_sated: bool = False,
             defender_sated: bool = False) -> AttackOdds:
        """Exact odds of one attack (cached: bots ask this often)."""
        return _odds(self, attack, defense, attacker_sated, defender_sated)


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class AttackOdds:
    """Exact probabilities of an attack's outcomes (battle.attack.apply-results.a/b/c)."""

    hit: Fraction
    miss_no_hit: Fraction
    miss_blocked: Fraction
    drain: Fraction
    """A hit while the attacker's vampire die shows DRAIN ESSENCE (it may Heal on a Melee)."""

    @property
    def miss(self) -> Fraction:
        return self.miss_no_hit + self.miss_blocked


def tally(die: FaceDie) -> Tally:
    """Each face of ``die``: its name, its HIT and BLOCK counts, and whether it shows DRAIN
    ESSENCE."""
    return tuple((f.name, f.count(HIT), f.count(BLOCK), f.count(DRAIN) > 0) for f in die.faces)


def is_hit(hits: int, blocks: int) -> bool:
    """The attack is a hit: one HIT or more, and no more BLOCKs than HITs.

    >>> is_hit(0, 0), is_hit(2, 3), is_hit(2, 2)
    (False, False, True)
    """
    return hits >= 1 and hits >= blocks


@lru_cache(maxsize=4096)
def _odds(dice: DiceSet, attack: int, defense: int, attacker_sated: bool,
          defender_sated: bool) -> AttackOdds:
    combat_hits = dice.hits(attack, False)
    blocks = dice.blocks(defense, defender_sated)
    if attacker_sated:
        faces = dice.vampire.faces
        vampire = icepool.Die(list(range(len(faces))))

        def total(h: int, v: int) -> int:
            return h + faces[v].count(HIT)

        hit = joint_probability(lambda h, v, b: is_hit(total(h, v), b), combat_hits, vampire,
                                blocks)
        none = joint_probability(lambda h, v: total(h, v) == 0, combat_hits, vampire)
        drain = joint_probability(
            lambda h, v, b: is_hit(total(h, v), b) and faces[v].count(DRAIN) > 0,
            combat_hits, vampire, blocks)
    else:
        hit = joint_probability(is_hit, combat_hits, blocks)
        none = Fraction(combat_hits.probability(0))
        drain = Fraction(0)
    return AttackOdds(hit, none, 1 - hit - none, drain)
