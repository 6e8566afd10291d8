"""Whom an attack may reach and whom it hits: the text's targeting rules, and obstructed aim.

- Melee (``melee.*``): Allies in the Enemy's area, or in an adjacent area of the same height
  that capacity stops the Enemy from entering (at maximum capacity, for a normal Enemy).
  Target: the highest Taunt.
- Ranged and magic (``ranged.*``): Allies within the maximum range (minimum 0) in line of
  sight. Target: the closest; a tie goes to the highest Taunt.
- Obstructed aim (``obstructed-aim.*``): the three conditions, applied once.
- Area attacks (``area.*``): areas within the hex range of the targeted Ally's area that it sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.enemy_attacks.table import UNREACHABLE, Ally, Enemy, Figure, Skirmish


@dataclass(frozen=True)
class Candidate:
    """An Ally an attack may reach, with its distance and why it is eligible."""

    ally: Ally
    distance: float
    why: str

    def text(self) -> str:
        return f"{self.ally.name} ({self.why}, Taunt {self.ally.taunt})"


def melee_candidates(st: Skirmish, enemy: Enemy) -> list[Candidate]:
    """The Allies ``enemy`` may melee attack (melee.eligible.*, melee.into-adjacent.*)."""
    here = enemy.area
    assert here is not None
    found = [Candidate(a, 0, "same area, distance 0") for a in st.allies_in(here)]
    height = st.board.areas[here].height
    cites("melee.adjacent.same-height-only")
    for area in st.board.neighbours(here):
        if st.board.areas[area].height != height or not st.at_capacity_for(enemy, area):
            continue
        allies = st.allies_in(area)
        if not allies:
            continue
        if st.places(enemy) == 1:
            why = f"adjacent, distance 1, {st.area_name(area)} at maximum capacity"
        else:
            free = st.free(area)
            why = (f"adjacent, distance 1, {st.area_name(area)} has {free:g} free "
                   f"place{'' if free == 1 else 's'}, too few for a {enemy.size} Enemy")
        found += [Candidate(a, 1, why) for a in allies]
    return found


def ranged_candidates(st: Skirmish, enemy: Enemy, reach: int) -> list[Candidate]:
    """The Allies within ``reach`` (minimum 0) and in line of sight (ranged.eligible.*)."""
    here = enemy.area
    assert here is not None
    found = []
    for ally in st.allies_in_play():
        assert ally.area is not None
        distance = st.distance(here, ally.area)
        cites("ranged.range.maximum", "ranged.range.minimum-zero",
              "ranged.eligible.line-of-sight", "sample.board.line-of-sight")
        if distance <= reach and st.board.sees(here, ally.area):
            found.append(Candidate(ally, distance,
                                   f"distance {distance:g} of range {reach}, in line of sight"))
    return found


def candidates(st: Skirmish, enemy: Enemy) -> list[Candidate]:
    """The eligible Allies of ``enemy``'s attack (none for an Enemy with no attack)."""
    attack = enemy.spec.attack
    if attack.kind == "none":
        return []
    if attack.kind == "melee":
        return melee_candidates(st, enemy)
    assert attack.range is not None
    return ranged_candidates(st, enemy, attack.range)


def not_eligible(st: Skirmish, enemy: Enemy, eligible: list[Candidate]) -> list[str]:
    """Why each other Ally in play may not be attacked (for the explanation)."""
    here = enemy.area
    assert here is not None
    chosen = {c.ally.id for c in eligible}
    attack = enemy.spec.attack
    out = []
    for ally in st.allies_in_play():
        if ally.id in chosen:
            continue
        assert ally.area is not None
        distance = st.distance(here, ally.area)
        if distance == UNREACHABLE:
            why = "cannot be reached on foot, as ledges are not walked"
        elif attack.kind == "melee":
            if distance > 1:
                why = f"distance {distance:g}"
            elif st.board.areas[ally.area].height != st.board.areas[here].height:
                why = "adjacent area of a different height"
            else:
                why = f"adjacent, {st.area_name(ally.area)} has room for the {enemy.name}"
        elif attack.range is not None and distance > attack.range:
            why = f"distance {distance:g} beyond range {attack.range}"
        else:
            why = "not in line of sight"
        out.append(f"{ally.name} ({why})")
    return out


def best(found: list[Candidate], closest_first: bool, only: str = "the only eligible Ally",
         measure: str = "distance") -> tuple[list[Candidate], str]:
    """The candidates the Enemy's rules leave (ties remain) and the reason, in words."""
    if len(found) == 1:
        return found, only
    pool = found
    reason = []
    if closest_first:
        nearest = min(c.distance for c in found)
        pool = [c for c in found if c.distance == nearest]
        reason.append(f"closest at {measure} {nearest:g}")
        if len(pool) == 1:
            return pool, reason[0]
        reason[0] += f" ({len(pool)} tied)"
    top = max(c.ally.taunt for c in pool)
    tied = [c for c in pool if c.ally.taunt == top]
    reason.append(f"highest Taunt {top}" + (f" ({len(tied)} tied)" if len(tied) > 1 else ""))
    return tied, ", then ".join(reason)


def obstruction(st: Skirmish, shooter: Figure, target: Figure, others_only: bool) -> list[str]:
    """The conditions of obstructed aim that hold for this shot, each with its figures.

    Enemy shooting (obstructed-aim.*): Allies in the Enemy's area; figures in the attacked
    Ally's area; figures in areas the line of sight passes through. A Hero shooting
    (sample.hero-turn.obstructed-aim) mirrors it with Enemies in the Hero's area. With
    ``others_only`` (ruling point-blank), the attacker and the attacked figure never count.
    """
    here, there = shooter.area, target.area
    assert here is not None and there is not None
    cites("ruling.point-blank")
    shooter_is_ally = isinstance(shooter, Ally)
    reasons = []
    opposed = [f for f in st.in_area(here) if isinstance(f, Ally) != shooter_is_ally
               and not (others_only and f is target)]
    cites("obstructed-aim.allies-in-enemy-area")
    if opposed:
        side = "Enemies" if shooter_is_ally else "Allies"
        reasons.append(f"{side} in the attacker's area: {_names(opposed)}")
    around = [f for f in st.in_area(there) if f is not target
              and not (others_only and f is shooter)]
    cites("obstructed-aim.figures-in-target-area")
    if around:
        reasons.append(f"figures in {target.name}'s area: {_names(around)}")
    cites("obstructed-aim.figures-in-line-of-sight")
    for area in st.terrain.crossed(here, there):
        crossing = st.in_area(area)
        if crossing:
            reasons.append(f"figures in {st.area_name(area)}, which the line of sight "
                           f"passes through: {_names(crossing)}")
    return reasons


@cites("area.range.hex-number", "area.range.within", "area.line-of-sight.required",
       "area.line-of-sight.different-height")  # height does not count
def area_reach(st: Skirmish, target_area: str, hex_range: int) -> tuple[list[str], list[str]]:
    """Areas an area attack affects (within range of the targeted Ally's area and in its line
    of sight, any height), and the areas in range it does not see."""
    within = st.within(target_area, hex_range)
    seen = [a for a in within if st.board.sees(target_area, a)]
    return seen, [a for a in within if a not in seen]


def _names(figures: list[Figure]) -> str:
    return ", ".join(f.name for f in figures)
