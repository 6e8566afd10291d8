"""The battle, compiled by numba: the engine's rules over flat arrays, battle after battle.

Each function mirrors one of the engine (:mod:`rulekeeper.rulesets.cryptids.battle`,
``effects``, ``targeting``, ``end``) and draws the same random numbers in the same order
from the same generator: Python's Mersenne Twister, seeded as ``random.Random(seed)``
seeds it (:func:`seed_twister`), read as ``random.random()`` reads it (:func:`uniform`).
So a battle here is the engine's battle of the same seed: the same winner, rolls and HP.

The engine resolves reactions by recursion (``deal`` -> ``react`` -> ``resolve``); numba
cannot keep recursive functions in its disk cache, so here a resolution in progress is a
*frame* on an explicit stack (:func:`run`): a reaction pushes a frame and the loop goes
on with it, as the engine's call would. A stop (a reroll, a spent work budget, the
engine's exceptions ``Rerolled`` and ``Exhausted``) is a flag every loop checks.

This module imports numba: import it only when the kernel runs (:mod:`.engines`).
"""

from __future__ import annotations

import os

import numba
import numpy as np

from rulekeeper.core import kept
from rulekeeper.rulesets.cryptids.kernel.layout import (
    A_ANY_TOTAL,
    A_EFFECTS,
    A_HEALS,
    A_KIND,
    A_ON_DICE,
    A_TOTALS,
    C_ACTS,
    C_BRINGS_MODIFIERS,
    C_DICE,
    C_HAS_MODIFIERS,
    C_HP,
    C_INDEX,
    C_KINDS,
    C_MODIFIER,
    C_STRIKES,
    C_THREAT,
    DEFEATED,
    DICE_HIGH,
    DICE_LOW,
    E_AMOUNT,
    E_CARD,
    E_KIND,
    E_ROLLS,
    E_STEP,
    E_TARGET,
    EFFECT,
    EK_ATTACK,
    EK_DAMAGE,
    EK_DOT,
    EK_HEAL,
    EK_MODIFY,
    EK_REROLL,
    EK_SHIELD,
    EK_SUMMON,
    EK_SWAP,
    EK_THREAT,
    F_ATTACK,
    F_CARD,
    F_DOTS,
    F_FALLEN,
    F_GONE,
    F_HP,
    F_MAX,
    F_POS,
    F_SHIELD,
    F_SIDE,
    F_THREAT,
    FALLEN_AT,
    FIELDED,
    FIGHTER,
    FIGHTERS_AT,
    FR_AMOUNT,
    FR_COUNT,
    FR_DEPTH,
    FR_I,
    FR_J,
    FR_K,
    FR_KIND,
    FR_PHASE,
    FR_START,
    FR_STRIKE,
    FR_TARGETS,
    FR_TCOUNT,
    FR_TNEXT,
    FRAME,
    FRAMES_AT,
    K_ALLY_DEATH,
    K_ALLY_HURT,
    K_DEATH,
    K_EACH_ROLL,
    K_HEALED,
    K_HURT,
    K_MODIFIERS,
    K_START,
    M_ABILITIES,
    M_BEARER,
    M_BONUS,
    M_BRINGS,
    M_CONTEXT,
    M_DEALT,
    M_DOUBLES,
    M_EACH_ROLL,
    M_ENDED,
    M_EXPIRED,
    M_FALLEN,
    M_FIGHTERS,
    M_FRAMES,
    M_LIST,
    M_LIST_N,
    M_MODS,
    M_MODS_VALID,
    M_NEXT,
    M_OTHERS,
    M_OTHERS_N,
    M_PC,
    M_PENDING,
    M_RECHECK,
    M_REROLLING,
    M_REROLLS,
    M_REROLLS_TOTAL,
    M_ROLL,
    M_ROWLEN,
    M_SP,
    M_SPENT,
    M_STARTERS,
    M_STATUS,
    M_STATUSES,
    M_STOP,
    M_THROWN,
    M_TOTAL,
    M_WAVE,
    M_ZEROES,
    MAX_FIGHTERS,
    MAX_FRAMES,
    MAX_STATUSES,
    MODS_AT,
    O_DAMAGE0,
    O_DAMAGE1,
    O_FALLBACK,
    O_HP0,
    O_REASON,
    O_REROLLS,
    O_ROLLS,
    O_WINNER,
    R_BOTH_EMPTY,
    R_NO_DAMAGE,
    R_ROLL_CAP,
    R_SIDE_EMPTY,
    R_WORK_BUDGET,
    ROW,
    ROWS_AT,
    S_ADJACENT,
    S_ADJACENT_ALLIES,
    S_ALL,
    S_ALL_ALLIES,
    S_LOWEST,
    S_RANDOM,
    S_SELF,
    S_THAT_ALLY,
    S_THREAT,
    SCALARS,
    SCRATCH,
    SCRATCH_AT,
    SHIFT_HIGH,
    SHIFT_LOW,
    STATUSES_AT,
    STOP_BATTLE,
    STOP_LIMIT,
    STOP_REROLL,
    STOP_THROW,
    SURVIVED,
    T_ALLY_DEATH,
    T_DEATH,
    T_EACH_ROLL,
    T_HEALED,
    TIE,
    TOTAL_HIGH,
    TOTAL_LOW,
)
from rulekeeper.rulesets.cryptids.kernel.layout import RULINGS as _RULINGS

CACHE_ENV = "RULEKEEPER_KERNEL_CACHE"
"""Where the compiled kernel is kept, if not in the folder ``numba`` of the cache folder."""
_FOLDER = kept.folder()
CACHE = os.environ.get(CACHE_ENV) or (str(_FOLDER / "numba") if _FOLDER is not None else None)
if CACHE is not None:
    numba.config.CACHE_DIR = CACHE  # type: ignore[attr-defined]
compiled = numba.njit(cache=CACHE is not None, nogil=True,  # type: ignore[call-overload]
                      _nrt=False)
"""Every function here: compiled once, kept in numba's folder of the cache (``numba`` in
the README's cache folder, ``$RULEKEEPER_CACHE``; compiled anew in each process when the
cache is off), never beside the code."""

# the rulings' places in the machine (layout.RULINGS' order)
(TIES_BY_SIDE, TIES_BY_COIN, TIES_TO_LEFT, STRIKE, REROLL_COUNTS, REACTION_DEPTH,
 NO_DAMAGE_CHECK, DEATHS_STAY, OVERHEAL_CAP, ZERO_HP_TARGETS, HEAL_AT_ZERO,
 REACTIONS_BY_THREAT, LOWEST_HP_BY_THREAT, LAST_REROLL_DEATHS, BUDGET_JUDGED) = range(
    len(_RULINGS))

ROLL_CAP = 36
SUDDEN_DEATH = 16
PER_THROW = 500
PER_BATTLE = 5_000
REROLL_GUARD = 10
SCALARS_STATE = len(_RULINGS)
SCALARS_END = SCALARS
"""The battle's own scalars, set to 0 as it begins (the rulings before them stay)."""
NOTHING = -1
"""No outcome yet (the battle goes on); else the outcome is in the machine's scalars."""
MAX_TOTAL_SHIFT = 99 * 9
"""The engine's ``MAX_TOTAL * 9``: a change of the total no striker counts at."""

# -- the generator: Python's Mersenne Twister ----------------------------------------------
N = 624
MASK = 0xFFFFFFFF


def base_state() -> np.ndarray:
    """``init_genrand(19650218)``: where Python's seeding starts from, for every seed."""
    mt = np.zeros(N, np.int64)
    mt[0] = 19650218
    for i in range(1, N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & MASK
    return mt


@compiled
def seed_twister(mt, base, seed):
    """``random.Random(seed)`` for a seed below 2**64 (``init_by_array`` on its 32-bit
    words). ``mt`` holds the 624 words, then the index of the next."""
    low = np.int64(seed & np.uint64(MASK))
    high = np.int64(seed >> np.uint64(32))
    words = 2 if high else 1
    for i in range(N):
        mt[i] = base[i]
    i = 1
    j = 0
    for _ in range(N):
        previous = mt[i - 1]
        key = low if j == 0 else high
        mt[i] = ((mt[i] ^ ((previous ^ (previous >> 30)) * 1664525)) + key + j) & MASK
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= words:
            j = 0
    for _ in range(N - 1):
        previous = mt[i - 1]
        mt[i] = ((mt[i] ^ ((previous ^ (previous >> 30)) * 1566083941)) - i) & MASK
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[N] = N


@compiled
def word(mt):
    """The next 32-bit output. The state is twisted one word at a time, as each is read: the
    same words as twisting all 624 at once, without computing those never read."""
    i = mt[N]
    if i >= N:
        i = 0
    k = i + 1 if i < N - 1 else 0
    y = (mt[i] & 0x80000000) | (mt[k] & 0x7FFFFFFF)
    far = i + 397 if i < N - 397 else i + 397 - N
    value = mt[far] ^ (y >> 1)
    if y & 1:
        value ^= 0x9908B0DF
    mt[i] = value
    mt[N] = i + 1
    value ^= value >> 11
    value ^= (value << 7) & 0x9D2C5680
    value ^= (value << 15) & 0xEFC60000
    value ^= value >> 18
    return value


@compiled
def uniform(mt):
    """``random.random()``."""
    a = word(mt) >> 5
    b = word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@compiled
def below(mt, n):
    """The engine's ``Rng.below``: ``int(random() * n)``."""
    return np.int64(uniform(mt) * n)


# -- seeds: the lab's derive_seed (blake2b of "S:i", 8 bytes, read big-endian) --------------
IV = np.array([0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B,
               0xA54FF53A5F1D36F1, 0x510E527FADE682D1, 0x9B05688C2B3E6C1F,
               0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179], dtype=np.uint64)
SIGMA = np.array([
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 9, 3, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0]], dtype=np.int64)
PREFIX = 96
"""The longest ``"S:"`` prefix seeded here (longer ones are derived by Python's hashlib)."""


@compiled
def rotate(x, n):
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


@compiled
def derive_seed(prefix, length, index, message, v, m):
    """``derive_seed(S, index)`` given the bytes of ``"S:"`` (``prefix[:length]``):
    one block of blake2b with an 8-byte digest, read big-endian."""
    size = length
    for i in range(length):
        message[i] = prefix[i]
    digits = 1
    rest = index // 10
    while rest:
        digits += 1
        rest //= 10
    rest = index
    for d in range(digits - 1, -1, -1):
        message[size + d] = 48 + rest % 10
        rest //= 10
    size += digits
    for i in range(size, 128):
        message[i] = 0
    for w in range(16):
        value = np.uint64(0)
        for b in range(8):
            value |= np.uint64(message[w * 8 + b]) << np.uint64(8 * b)
        m[w] = value
    h0 = IV[0] ^ np.uint64(0x01010008)
    for i in range(8):
        v[i] = IV[i]
    v[0] = h0
    for i in range(8):
        v[8 + i] = IV[i]
    v[12] ^= np.uint64(size)
    v[14] = ~v[14]
    for r in range(12):
        s = SIGMA[r % 10]
        for g in range(8):
            if g < 4:
                a, b, c, d = g, g + 4, g + 8, g + 12
            else:
                a = g - 4
                b = 4 + (g - 3) % 4
                c = 8 + (g - 2) % 4
                d = 12 + (g - 1) % 4
            x = m[s[2 * g]]
            y = m[s[2 * g + 1]]
            v[a] = v[a] + v[b] + x
            v[d] = rotate(v[d] ^ v[a], 32)
            v[c] = v[c] + v[d]
            v[b] = rotate(v[b] ^ v[c], 24)
            v[a] = v[a] + v[b] + y
            v[d] = rotate(v[d] ^ v[a], 16)
            v[c] = v[c] + v[d]
            v[b] = rotate(v[b] ^ v[c], 63)
    h = h0 ^ v[0] ^ v[8]
    out = np.uint64(0)
    for b in range(8):  # the digest's bytes are h little-endian; read them big-endian
        out = (out << np.uint64(8)) | ((h >> np.uint64(8 * b)) & np.uint64(0xFF))
    return out


# -- the board ---------------------------------------------------------------------------


@compiled
def at(f):
    """Where cryptid ``f``'s fields start in the machine."""
    return FIGHTERS_AT + f * FIGHTER


@compiled
def row_at(side):
    return ROWS_AT + side * ROW


@compiled
def kind_list(T, M, f, kind):
    """The list of ``f``'s abilities of a trigger kind (an offset in the tables)."""
    return T[M[at(f) + F_CARD] + C_KINDS + kind]


@compiled
def alloc(M, n):
    """``n`` words of scratch (freed when the frame that holds them ends)."""
    start = M[M_SP]
    if start + n > SCRATCH:
        M[M_STOP] = STOP_LIMIT
        return -1
    M[M_SP] = start + n
    return start


@compiled
def new_fighter(T, M, card, side, pos):
    f = M[M_FIGHTERS]
    if f >= MAX_FIGHTERS:
        M[M_STOP] = STOP_LIMIT
        return -1
    M[M_FIGHTERS] = f + 1
    o = at(f)
    M[o + F_CARD] = card
    M[o + F_SIDE] = side
    M[o + F_POS] = pos
    M[o + F_HP] = T[card + C_HP]
    M[o + F_MAX] = T[card + C_HP]
    M[o + F_THREAT] = T[card + C_THREAT]
    M[o + F_ATTACK] = 0
    M[o + F_SHIELD] = 0
    M[o + F_GONE] = 0
    M[o + F_DOTS] = 0
    M[o + F_FALLEN] = 0
    return f


@compiled
def lives_on(T, card):
    """Whether a card acts every roll (Battle.each_roll)."""
    return T[T[card + C_KINDS + K_EACH_ROLL]] > 0 or T[T[card + C_KINDS + K_MODIFIERS]] > 0


# -- the threat order (targeting.order) ------------------------------------------------------


@compiled
def before(M, a, b, by_side):
    """Whether entry fighter ``a`` sorts before ``b`` (strictly)."""
    oa = at(a)
    ob = at(b)
    ta = M[oa + F_THREAT]
    tb = M[ob + F_THREAT]
    if ta != tb:
        return ta > tb
    if by_side:
        if M[oa + F_SIDE] != M[ob + F_SIDE]:
            return M[oa + F_SIDE] < M[ob + F_SIDE]
        return M[oa + F_POS] < M[ob + F_POS]
    if M[oa + F_POS] != M[ob + F_POS]:
        return M[oa + F_POS] < M[ob + F_POS]
    return M[oa + F_SIDE] < M[ob + F_SIDE]


@compiled
def sort(M, start, count):
    """Entries ``(fighter, abilities, other)`` at ``start`` sorted by threat, highest first
    (targeting.order, before its coins). Returns whether the engine sorts its list in
    place, after which ties on both boards may need a coin (:func:`coins`)."""
    if count < 2:
        return False
    base = SCRATCH_AT + start
    if count == 2:  # the engine's common case, without sorting
        a = M[base]
        b = M[base + 3]
        if M[at(a) + F_THREAT] != M[at(b) + F_THREAT] or M[at(a) + F_SIDE] == M[at(b) + F_SIDE]:
            if before(M, b, a, False):
                for x in range(3):
                    M[base + x], M[base + 3 + x] = M[base + 3 + x], M[base + x]
            return False
    by_side = M[TIES_BY_SIDE] != 0
    for i in range(1, count):  # stable, as Python's sort
        e0 = M[base + 3 * i]
        e1 = M[base + 3 * i + 1]
        e2 = M[base + 3 * i + 2]
        j = i - 1
        while j >= 0 and before(M, e0, M[base + 3 * j], by_side):
            M[base + 3 * j + 3] = M[base + 3 * j]
            M[base + 3 * j + 4] = M[base + 3 * j + 1]
            M[base + 3 * j + 5] = M[base + 3 * j + 2]
            j -= 1
        M[base + 3 * j + 3] = e0
        M[base + 3 * j + 4] = e1
        M[base + 3 * j + 5] = e2
    return True


@compiled
def coins(M, mt, start, count):
    """Sorted entries: equal threat on both boards ordered by ruling tie-order, each such
    group by a coin flip drawn as the engine draws it (targeting.order)."""
    if M[TIES_TO_LEFT]:
        return
    base = SCRATCH_AT + start
    coin = M[TIES_BY_COIN] != 0
    tie = False
    for i in range(count - 1):
        a = at(M[base + 3 * i])
        b = at(M[base + 3 * i + 3])
        if M[a + F_THREAT] == M[b + F_THREAT] and M[a + F_SIDE] != M[b + F_SIDE] and (
                coin or M[a + F_POS] == M[b + F_POS]):
            tie = True
            break
    if not tie:
        return
    i = 0
    while i < count:
        first = at(M[base + 3 * i])
        j = i + 1
        sides = 1 << M[first + F_SIDE]
        while j < count:
            o = at(M[base + 3 * j])
            if M[o + F_THREAT] != M[first + F_THREAT] or not (
                    coin or M[o + F_POS] == M[first + F_POS]):
                break
            sides |= 1 << M[o + F_SIDE]
            j += 1
        if sides == 3:
            ahead = 1 if below(mt, 2) == 1 else 0
            tmp = alloc(M, 3 * (j - i))
            if tmp < 0:
                return
            t = SCRATCH_AT + tmp
            n = 0
            for first_pass in (True, False):
                for k in range(i, j):
                    if (M[at(M[base + 3 * k]) + F_SIDE] == ahead) == first_pass:
                        for x in range(3):
                            M[t + 3 * n + x] = M[base + 3 * k + x]
                        n += 1
            for k in range(3 * (j - i)):
                M[base + 3 * i + k] = M[t + k]
            M[M_SP] = tmp
        i = j


@compiled
def order(M, mt, start, count):
    """Entries in threat order across both boards (targeting.order)."""
    if sort(M, start, count):
        coins(M, mt, start, count)


# -- targeting (targeting.py) --------------------------------------------------------------


@compiled
def default_target(M, actor):
    """The highest threat enemy, the leftmost on a tie (above 0 HP unless zero-hp-target)."""
    anyone = M[M_ZEROES] == 0 or M[ZERO_HP_TARGETS] != 0
    foes = row_at(1 - M[at(actor) + F_SIDE])
    best = -1
    for p in range(M[M_ROWLEN + 1 - M[at(actor) + F_SIDE]]):
        f = M[foes + p]
        o = at(f)
        if (anyone or M[o + F_HP] > 0) and (best < 0 or M[o + F_THREAT] > M[at(best) + F_THREAT]):
            best = f
    return best


@compiled
def lowest_hp(M, start, count, by_threat):
    best = -1
    for i in range(count):
        f = M[SCRATCH_AT + start + i]
        if best < 0:
            best = f
            continue
        o = at(f)
        b = at(best)
        if M[o + F_HP] < M[b + F_HP] or (by_threat and M[o + F_HP] == M[b + F_HP]
                                         and M[o + F_THREAT] > M[b + F_THREAT]):
            best = f
    return best


@compiled
def candidates(M, side, live_only):
    """The cryptids of a row (those above 0 HP when ``live_only``), into scratch: start, n."""
    n = M[M_ROWLEN + side]
    start = alloc(M, n)
    if start < 0:
        return start, 0
    count = 0
    row = row_at(side)
    for p in range(n):
        f = M[row + p]
        if not live_only or M[at(f) + F_HP] > 0:
            M[SCRATCH_AT + start + count] = f
            count += 1
    return start, count


@compiled
def enemies(M, mt, actor, selector, other):
    """The enemies an effect hits (targeting.enemies), into scratch: (start, count)."""
    if selector == S_THREAT:
        target = default_target(M, actor)
        start = alloc(M, 1)
        if start < 0 or target < 0:
            return start, 0
        M[SCRATCH_AT + start] = target
        return start, 1
    side = 1 - M[at(actor) + F_SIDE]
    live_only = M[M_ZEROES] != 0 and M[ZERO_HP_TARGETS] == 0
    start, count = candidates(M, side, live_only)
    if count == 0:
        return start, 0
    if selector == S_ALL:
        return start, count
    s = SCRATCH_AT + start
    if selector == S_ADJACENT:
        target = M[s]
        for i in range(1, count):
            if M[at(M[s + i]) + F_THREAT] > M[at(target) + F_THREAT]:
                target = M[s + i]
        place = M[at(target) + F_POS]
        hit = 0
        for i in range(count):  # candidates are the row in order, so "foes that are candidates"
            f = M[s + i]
            if abs(M[at(f) + F_POS] - place) <= 1:
                M[s + hit] = f
                hit += 1
        return start, hit
    if selector == S_LOWEST:
        M[s] = lowest_hp(M, start, count, M[LOWEST_HP_BY_THREAT] != 0)
        return start, 1
    if selector == S_RANDOM:
        M[s] = M[s + below(mt, count)]
        return start, 1
    # attacker: the cryptid whose ability dealt the damage this reaction answers
    if other >= 0 and M[at(other) + F_GONE] == 0:
        for i in range(count):
            if M[s + i] == other:
                M[s] = other
                return start, 1
    return start, 0


@compiled
def allies(M, actor, selector, other):
    """The cryptids of the actor's side an effect reaches (targeting.allies): (start, n)."""
    at_zero = M[HEAL_AT_ZERO] != 0
    if selector in (S_SELF, S_THAT_ALLY):
        reached = actor if selector == S_SELF else other
        start = alloc(M, 1)
        if start < 0:
            return start, 0
        if reached >= 0 and M[at(reached) + F_GONE] == 0 and (
                M[at(reached) + F_HP] > 0 or at_zero):
            M[SCRATCH_AT + start] = reached
            return start, 1
        return start, 0
    side = M[at(actor) + F_SIDE]
    start, count = candidates(M, side, M[M_ZEROES] != 0 and not at_zero)
    if count == 0 or selector == S_ALL_ALLIES:
        return start, count
    s = SCRATCH_AT + start
    if selector == S_ADJACENT_ALLIES:
        pos = M[at(actor) + F_POS]
        other_side = pos if M[at(actor) + F_GONE] else pos + 1
        found = 0
        for i in range(count):
            f = M[s + i]
            p = M[at(f) + F_POS]
            if p == pos - 1 or p == other_side:
                M[s + found] = f
                found += 1
        return start, found
    M[s] = lowest_hp(M, start, count, M[LOWEST_HP_BY_THREAT] != 0)
    return start, 1


# -- dealing, healing, reacting (effects.deal, effects.heal, Battle.react) -----------------


@compiled
def push(M, start, count, depth, strike):
    """A resolution of these entries begins (Battle.resolve); the entries are its scratch."""
    n = M[M_FRAMES]
    if n >= MAX_FRAMES:
        M[M_STOP] = STOP_LIMIT
        return
    M[M_FRAMES] = n + 1
    fr = FRAMES_AT + n * FRAME
    M[fr + FR_START] = start
    M[fr + FR_COUNT] = count
    M[fr + FR_I] = 0
    M[fr + FR_PHASE] = 0
    M[fr + FR_J] = 0
    M[fr + FR_K] = 0
    M[fr + FR_TARGETS] = 0
    M[fr + FR_TCOUNT] = 0
    M[fr + FR_TNEXT] = 0
    M[fr + FR_DEPTH] = depth
    M[fr + FR_STRIKE] = strike


@compiled
def spend(M, reactions):
    """The work budget (Battle.spend): False, and the stop set, when it is spent."""
    spent = M[M_SPENT] + reactions
    if spent - M[M_THROWN] > PER_THROW or spent > PER_BATTLE:
        M[M_STOP] = STOP_BATTLE if spent > PER_BATTLE else STOP_THROW
        return False
    M[M_SPENT] = spent
    return True


@compiled
def react(M, mt, start, count, depth, own):
    """Step 5 (Battle.react): reactions resolve at once, up to ruling reaction-depth."""
    if depth > M[REACTION_DEPTH]:
        M[M_SP] = start
        return
    if not spend(M, count):
        return
    if own and M[REACTIONS_BY_THREAT] == 0:
        order(M, mt, start + 3, count - 1)
    else:
        order(M, mt, start, count)
    push(M, start, count, depth, 0)


@compiled
def deal(T, M, mt, source, target, amount, depth, credit):
    """Damage (effects.deal): the shield first, HP not below 0, then reactions (step 5)."""
    o = at(target)
    hp_before = M[o + F_HP]
    if hp_before <= 0:
        return
    if M[o + F_SHIELD]:
        absorbed = amount if M[o + F_SHIELD] >= amount else M[o + F_SHIELD]
        M[o + F_SHIELD] -= absorbed
        amount -= absorbed
        if amount <= 0:
            return
    hp = hp_before - amount if amount < hp_before else 0
    M[o + F_HP] = hp
    M[M_DEALT + credit] += hp_before - hp
    if hp == 0:
        M[M_ZEROES] = 1
        M[M_RECHECK] = 1
        if M[o + F_FALLEN] == 0:  # dying in the order they first fell (step 6)
            M[o + F_FALLEN] = 1
            M[FALLEN_AT + M[M_FALLEN]] = target
            M[M_FALLEN] += 1
    side = M[o + F_SIDE]
    hurt = kind_list(T, M, target, K_HURT)
    own = hp > 0 and T[hurt] > 0
    row = row_at(side)
    n = 1 if own else 0
    for p in range(M[M_ROWLEN + side]):
        ally = M[row + p]
        if ally != target and M[at(ally) + F_HP] > 0 and T[kind_list(T, M, ally, K_ALLY_HURT)]:
            n += 1
    if n == 0:
        return
    start = alloc(M, 3 * n)
    if start < 0:
        return
    e = SCRATCH_AT + start
    if own:
        M[e] = target
        M[e + 1] = hurt
        M[e + 2] = source
        e += 3
    for p in range(M[M_ROWLEN + side]):
        ally = M[row + p]
        if ally != target and M[at(ally) + F_HP] > 0:
            acts = kind_list(T, M, ally, K_ALLY_HURT)
            if T[acts]:
                M[e] = ally
                M[e + 1] = acts
                M[e + 2] = target
                e += 3
    react(M, mt, start, n, depth + 1, own)


@compiled
def heal(T, M, mt, source, target, amount, depth):
    """Healing (effects.heal), up to the maximum by ruling overheal; then ``healed``."""
    o = at(target)
    hp_before = M[o + F_HP]
    after = hp_before + amount
    if M[OVERHEAL_CAP] and after > M[o + F_MAX]:
        after = max(hp_before, M[o + F_MAX])
    if after == hp_before:
        return
    M[o + F_HP] = after
    healed = kind_list(T, M, target, K_HEALED)
    if T[healed]:
        start = alloc(M, 3)
        if start < 0:
            return
        M[SCRATCH_AT + start] = target
        M[SCRATCH_AT + start + 1] = healed
        M[SCRATCH_AT + start + 2] = source
        react(M, mt, start, 1, depth + 1, True)


@compiled
def summon(T, M, actor, card):
    """``{summon: ID}`` (effects.Summon): right of the summoner, its place if it died."""
    side = M[at(actor) + F_SIDE]
    n = M[M_ROWLEN + side]
    if n >= 7:
        return
    pos = M[at(actor) + F_POS]
    place = min(pos if M[at(actor) + F_GONE] else pos + 1, n)
    f = new_fighter(T, M, card, side, place)
    if f < 0:
        return
    row = row_at(side)
    for p in range(n, place, -1):
        M[row + p] = M[row + p - 1]
        M[at(M[row + p]) + F_POS] = p
    M[row + place] = f
    M[M_ROWLEN + side] = n + 1
    M[M_MODS_VALID] = 0
    if lives_on(T, card):
        M[M_EACH_ROLL] = 1
    M[M_RECHECK] = 1


@compiled
def apply(T, M, mt, fr, actor, other, effect):
    """One effect of an ability (effects.py): done here, or its targets put in the frame
    (damage and heal, which react)."""
    kind = T[effect + E_KIND]
    amount = T[effect + E_AMOUNT]
    selector = T[effect + E_TARGET]
    depth = M[fr + FR_DEPTH]
    o = at(actor)
    if kind == EK_DAMAGE:
        amount += M[o + F_ATTACK] + M[M_BONUS]
        if selector == S_THREAT:
            target = default_target(M, actor)
            if target >= 0:
                deal(T, M, mt, actor, target, amount, depth, M[o + F_SIDE])
            return
        start, count = enemies(M, mt, actor, selector, other)
        if count:
            M[fr + FR_TARGETS] = start
            M[fr + FR_TCOUNT] = count
            M[fr + FR_TNEXT] = 0
            M[fr + FR_AMOUNT] = amount
            M[fr + FR_KIND] = kind
        elif start >= 0:
            M[M_SP] = start
        return
    if kind == EK_HEAL:
        start, count = allies(M, actor, selector, other)
        if count:
            M[fr + FR_TARGETS] = start
            M[fr + FR_TCOUNT] = count
            M[fr + FR_TNEXT] = 0
            M[fr + FR_AMOUNT] = amount
            M[fr + FR_KIND] = kind
        elif start >= 0:
            M[M_SP] = start
        return
    if kind == EK_DOT:
        start, count = enemies(M, mt, actor, selector, other)
        for i in range(count):
            t = at(M[SCRATCH_AT + start + i])
            n = M[t + F_DOTS]
            if n >= MAX_STATUSES:
                M[M_STOP] = STOP_LIMIT
                return
            s = STATUSES_AT + (M[SCRATCH_AT + start + i] * MAX_STATUSES + n) * 3
            M[s] = amount
            M[s + 1] = T[effect + E_ROLLS]
            M[s + 2] = M[o + F_SIDE]
            M[t + F_DOTS] = n + 1
            M[M_STATUSES] += 1
            M[M_RECHECK] = 1
        if start >= 0:
            M[M_SP] = start
        return
    if kind in (EK_SHIELD, EK_THREAT, EK_ATTACK):
        start, count = allies(M, actor, selector, other)
        field = F_SHIELD if kind == EK_SHIELD else F_THREAT if kind == EK_THREAT else F_ATTACK
        for i in range(count):
            M[at(M[SCRATCH_AT + start + i]) + field] += amount
        if start >= 0:
            M[M_SP] = start
        return
    if kind == EK_MODIFY:
        M[M_TOTAL] += amount
        return
    if kind == EK_REROLL:
        if M[REROLL_COUNTS] == 0 and M[M_REROLLS] >= REROLL_GUARD:
            return
        M[M_REROLLS_TOTAL] += 1
        M[M_STOP] = STOP_REROLL
        return
    if kind == EK_SUMMON:
        summon(T, M, actor, T[effect + E_CARD])
        return
    if kind == EK_SWAP:
        side = M[o + F_SIDE]
        pos = M[o + F_POS]
        other_pos = pos + T[effect + E_STEP]
        if M[o + F_GONE] or not 0 <= other_pos < M[M_ROWLEN + side]:
            return
        row = row_at(side)
        neighbour = M[row + other_pos]
        M[row + pos] = neighbour
        M[row + other_pos] = actor
        M[at(neighbour) + F_POS] = pos
        M[o + F_POS] = other_pos


@compiled
def run(T, M, mt):
    """Resolve the frames on the stack until none is left or a stop (Battle.resolve, with
    the engine's recursion as a stack): per entry, its abilities' effects in order, then
    under ruling sudden-death ``strike`` its strike."""
    while M[M_FRAMES] > 0 and M[M_STOP] == 0:
        fr = FRAMES_AT + (M[M_FRAMES] - 1) * FRAME
        if M[fr + FR_TCOUNT]:  # an effect's targets, one deal or heal at a time
            nxt = M[fr + FR_TNEXT]
            if nxt < M[fr + FR_TCOUNT]:
                M[fr + FR_TNEXT] = nxt + 1
                e = SCRATCH_AT + M[fr + FR_START] + 3 * M[fr + FR_I]
                target = M[SCRATCH_AT + M[fr + FR_TARGETS] + nxt]
                if M[fr + FR_KIND] == EK_DAMAGE:
                    deal(T, M, mt, M[e], target, M[fr + FR_AMOUNT], M[fr + FR_DEPTH],
                         M[at(M[e]) + F_SIDE])
                else:
                    heal(T, M, mt, M[e], target, M[fr + FR_AMOUNT], M[fr + FR_DEPTH])
                continue
            M[M_SP] = M[fr + FR_TARGETS]
            M[fr + FR_TCOUNT] = 0
        i = M[fr + FR_I]
        if i >= M[fr + FR_COUNT]:
            M[M_SP] = M[fr + FR_START]
            M[M_FRAMES] -= 1
            continue
        e = SCRATCH_AT + M[fr + FR_START] + 3 * i
        actor = M[e]
        o = at(actor)
        phase = M[fr + FR_PHASE]
        if phase == 0:  # its turn: "un cryptide à zéro point de vie ... ne se déclenche pas"
            if M[o + F_HP] <= 0 and M[o + F_GONE] == 0:
                M[fr + FR_I] = i + 1
                continue
            M[fr + FR_PHASE] = 1
            M[fr + FR_J] = 0
            M[fr + FR_K] = 0
            phase = 1
        if phase == 1:  # its abilities' effects, one at a time (each may start reactions)
            acts = M[e + 1]
            j = M[fr + FR_J]
            k = M[fr + FR_K]
            applied = False
            while j < T[acts]:
                effects = T[T[acts + 1 + j] + A_EFFECTS]
                if k < T[effects]:
                    M[fr + FR_J] = j
                    M[fr + FR_K] = k + 1
                    apply(T, M, mt, fr, actor, M[e + 2], effects + 1 + k * EFFECT)
                    applied = True
                    break
                j += 1
                k = 0
            if applied:
                continue
            M[fr + FR_PHASE] = 0
            M[fr + FR_I] = i + 1
            if M[fr + FR_STRIKE] and M[o + F_HP] > 0:  # Battle.strike
                target = default_target(M, actor)
                if target >= 0:
                    deal(T, M, mt, actor, target, M[M_BONUS], 0, M[o + F_SIDE])


@compiled
def present(T, M, kind):
    """An entry for each cryptid on the board with abilities of this kind, starters in team
    order, then those summoned (Battle.present): (start, count) in scratch."""
    n = 0
    for f in range(M[M_FIGHTERS]):
        if M[at(f) + F_GONE] == 0 and T[kind_list(T, M, f, kind)]:
            n += 1
    start = alloc(M, 3 * n)
    if start < 0:
        return start, 0
    e = SCRATCH_AT + start
    for f in range(M[M_FIGHTERS]):
        if M[at(f) + F_GONE] == 0:
            acts = kind_list(T, M, f, kind)
            if T[acts]:
                M[e] = f
                M[e + 1] = acts
                M[e + 2] = -1
                e += 3
    return start, n


@compiled
def modifiers(T, M):
    """Step 3's cryptids that change the total, as the engine's kept list orders them
    (Battle.every, kept until a cryptid dies or is summoned, sorted where it resolves)."""
    if M[M_MODS_VALID] == 0:
        n = 0
        for f in range(M[M_FIGHTERS]):
            if M[at(f) + F_GONE] == 0 and T[kind_list(T, M, f, K_MODIFIERS)]:
                M[MODS_AT + n] = f
                n += 1
        M[M_MODS] = n
        M[M_MODS_VALID] = 1
    return M[M_MODS]


@compiled
def dice_list(T, M, f):
    """The abilities of ``f`` that fire on the (modified) total (Card.dice_acts)."""
    total = M[M_TOTAL]
    if total > DICE_HIGH:
        total = DICE_HIGH - 1 + (total & 1)
    elif total < DICE_LOW:
        total = DICE_LOW + 1 - (total & 1)
    return T[T[M[at(f) + F_CARD] + C_DICE] + (total - DICE_LOW) * 2 + M[M_DOUBLES]]


@compiled
def fires_on(T, act, shift):
    """Whether a dice ability fires on some throw when every total changes by ``shift``."""
    if T[act + A_ANY_TOTAL]:
        return True
    totals = T[act + A_TOTALS]
    for base in range(2, 13):
        t = base + shift
        if TOTAL_LOW <= t <= TOTAL_HIGH and T[totals + t - TOTAL_LOW]:
            return True
    return False


@compiled
def can_deal_damage(T, M):
    """Whether a cryptid on the board may still deal damage, some day (end.can_deal_damage:
    the same reading of the board, in the same order)."""
    heal_at_zero = M[HEAL_AT_ZERO] != 0
    found = alloc(M, 3 * 2 * 2 * MAX_FIGHTERS)
    if found < 0:
        return True
    s = SCRATCH_AT + found
    n = 0
    shift = 0
    settled = True
    dying = 0
    for side in range(2):
        for p in range(M[M_ROWLEN + side]):
            f = M[row_at(side) + p]
            card = M[at(f) + F_CARD]
            if M[at(f) + F_HP] > 0:
                shift += T[card + C_MODIFIER]
                M[s + 3 * n] = side
                M[s + 3 * n + 1] = card
                M[s + 3 * n + 2] = 1
                n += 1
            else:
                dying |= 1 << side
                M[s + 3 * n] = side
                M[s + 3 * n + 1] = card
                M[s + 3 * n + 2] = 0
                n += 1
                if heal_at_zero:
                    M[s + 3 * n] = side
                    M[s + 3 * n + 1] = card
                    M[s + 3 * n + 2] = 1
                    n += 1
                    settled = settled and T[card + C_HAS_MODIFIERS] == 0
            settled = settled and T[card + C_BRINGS_MODIFIERS] == 0
    heals = 0
    done = 0
    answer = False
    while done < n:
        side = M[s + 3 * done]
        card = M[s + 3 * done + 1]
        alive = M[s + 3 * done + 2]
        done += 1
        acts = T[card + C_ACTS]
        for a in range(T[acts]):
            act = T[acts + 1 + a]
            kind = T[act + A_KIND]
            if alive:
                fires = kind == T_EACH_ROLL or (kind == T_HEALED and heals & (1 << side)) or (
                    T[act + A_ON_DICE] != 0 and (not settled or fires_on(T, act, shift)))
            else:
                fires = kind in (T_DEATH, T_ALLY_DEATH)
            fires = fires or (kind == T_ALLY_DEATH and dying & (1 << side))
            if not fires:
                continue
            effects = T[act + A_EFFECTS]
            for k in range(T[effects]):
                effect = effects + 1 + k * EFFECT
                kind_of = T[effect + E_KIND]
                if kind_of in (EK_DAMAGE, EK_DOT):
                    answer = True
                    break
                if kind_of == EK_SUMMON:
                    summoned = T[effect + E_CARD]
                    known = False
                    for x in range(n):
                        if M[s + 3 * x] == side and M[s + 3 * x + 1] == summoned and (
                                M[s + 3 * x + 2] == 1):
                            known = True
                            break
                    if not known:
                        if 3 * (n + 1) > 3 * 2 * 2 * MAX_FIGHTERS:
                            M[M_STOP] = STOP_LIMIT
                            answer = True
                            break
                        M[s + 3 * n] = side
                        M[s + 3 * n + 1] = summoned
                        M[s + 3 * n + 2] = 1
                        n += 1
            if answer:
                break
            if T[act + A_HEALS] and not heals & (1 << side):
                heals |= 1 << side
                done = 0
        if answer:
            break
    M[M_SP] = found
    return answer


@compiled
def hp_left(M, side):
    total = 0
    for p in range(M[M_ROWLEN + side]):
        total += M[at(M[row_at(side) + p]) + F_HP]
    return total


@compiled
def finish(M, out, winner, reason):
    """The battle's outcome (end.finish) into its row of ``out``."""
    out[O_WINNER] = winner
    out[O_REASON] = reason
    out[O_ROLLS] = M[M_ROLL]
    for side in range(2):
        total = 0
        for p in range(M[M_ROWLEN + side]):
            hp = M[at(M[row_at(side) + p]) + F_HP]
            if hp > 0:
                total += hp
        out[O_HP0 + side] = total
    out[O_DAMAGE0] = M[M_DEALT]
    out[O_DAMAGE1] = M[M_DEALT + 1]
    out[O_REROLLS] = M[M_REROLLS_TOTAL]
    return reason


@compiled
def end_by_hp(M, out, reason):
    """end.limit.c: the most HP left on the board wins; end.hp-tie-draw: equal HP tie."""
    left = hp_left(M, 0)
    right = hp_left(M, 1)
    return finish(M, out, TIE if left == right else 0 if left > right else 1, reason)


@compiled
def check_empty(M, out):
    left = M[M_ROWLEN]
    right = M[M_ROWLEN + 1]
    if left and right:
        return NOTHING
    if not left and not right:
        return finish(M, out, TIE, R_BOTH_EMPTY)
    return finish(M, out, 0 if left else 1, R_SIDE_EMPTY)


@compiled
def check_no_damage(T, M, out):
    """end.limit.b by ruling no-damage-possible (end.check_no_damage)."""
    if not (M[NO_DAMAGE_CHECK] and not M[STRIKE] and M[M_RECHECK]):
        return NOTHING
    M[M_RECHECK] = 0
    shift = 0
    if M[M_EACH_ROLL]:
        for i in range(modifiers(T, M)):
            f = M[MODS_AT + i]
            if M[at(f) + F_HP] > 0:
                shift += T[M[at(f) + F_CARD] + C_MODIFIER]
            elif M[HEAL_AT_ZERO]:
                shift = MAX_TOTAL_SHIFT
    if not M[M_BRINGS]:
        for side in range(2):
            for p in range(M[M_ROWLEN + side]):
                o = at(M[row_at(side) + p])
                if M[o + F_DOTS]:
                    return NOTHING
                if M[o + F_HP] > 0 and SHIFT_LOW <= shift <= SHIFT_HIGH and T[
                        T[M[o + F_CARD] + C_STRIKES] + shift - SHIFT_LOW]:
                    return NOTHING
    if can_deal_damage(T, M):
        return NOTHING
    return end_by_hp(M, out, R_NO_DAMAGE)


@compiled
def check_end(T, M, out):
    """After a completed roll: an empty side, the 36th roll, or no damage possible."""
    if not (M[M_ROWLEN] and M[M_ROWLEN + 1]):
        return check_empty(M, out)
    if M[M_ROLL] >= ROLL_CAP:
        return end_by_hp(M, out, R_ROLL_CAP)
    return check_no_damage(T, M, out)


# -- the battle's program: its steps, each resumed when the reactions it started are done ----
(P_BEGIN, P_BEGIN_DEATHS, P_BEGIN_END, P_THROW, P_TICK, P_EVERY, P_EVERY_OTHERS, P_TRIGGER,
 P_THROW_DEATHS, P_THROW_END, P_DEATHS, P_AFTER_EMPTY, P_AFTER_LAST) = range(13)
C_BEGIN, C_THROW, C_AFTER = range(3)
"""Where a stop (a reroll, a spent budget) is handled: the engine's ``except`` clauses of
``begin``, ``throw`` and ``after_reroll``."""


@compiled
def leave(T, M):
    """Step 6's first half (Battle.deaths): cryptids at 0 HP, unless healed since, leave the
    board; the dead are listed where the fallen were, in the order they fell. Returns how
    many died."""
    M[M_ZEROES] = 0
    count = 0
    died = 0
    for i in range(M[M_FALLEN]):
        f = M[FALLEN_AT + i]
        o = at(f)
        M[o + F_FALLEN] = 0
        if M[o + F_HP] <= 0 and M[o + F_GONE] == 0:
            M[o + F_GONE] = 1
            M[FALLEN_AT + count] = f
            count += 1
            died |= 1 << M[o + F_SIDE]
            M[M_STATUSES] -= M[o + F_DOTS]
    M[M_FALLEN] = 0
    if count == 0:
        return 0
    for side in range(2):
        if died & (1 << side):
            row = row_at(side)
            kept = 0
            for p in range(M[M_ROWLEN + side]):
                f = M[row + p]
                M[at(f) + F_POS] = kept  # a dead cryptid's place: the survivors left of it
                if M[at(f) + F_GONE] == 0:
                    M[row + kept] = f
                    kept += 1
            M[M_ROWLEN + side] = kept
    M[M_MODS_VALID] = 0
    M[M_RECHECK] = 1
    return count


@compiled
def wave(T, M, mt):
    """6. One wave of deaths and their abilities (Battle.deaths): returns False when no
    cryptid died (the step is over)."""
    count = leave(T, M)
    if count == 0:
        return False
    n = 0
    for d in range(count):
        f = M[FALLEN_AT + d]
        side = M[at(f) + F_SIDE]
        if T[kind_list(T, M, f, K_DEATH)]:
            n += 1
        for p in range(M[M_ROWLEN + side]):
            if T[kind_list(T, M, M[row_at(side) + p], K_ALLY_DEATH)]:
                n += 1
    if n == 0 or not M[M_ABILITIES]:
        M[M_WAVE] += 1
        return True
    start = alloc(M, 3 * n)
    if start < 0:
        return False
    e = SCRATCH_AT + start
    for d in range(count):
        f = M[FALLEN_AT + d]
        side = M[at(f) + F_SIDE]
        acts = kind_list(T, M, f, K_DEATH)
        if T[acts]:
            M[e] = f
            M[e + 1] = acts
            M[e + 2] = -1
            e += 3
        for p in range(M[M_ROWLEN + side]):
            ally = M[row_at(side) + p]
            acts = kind_list(T, M, ally, K_ALLY_DEATH)
            if T[acts]:
                M[e] = ally
                M[e + 1] = acts
                M[e + 2] = f
                e += 3
    depth = M[M_WAVE]
    M[M_WAVE] = depth + 1
    if depth > M[REACTION_DEPTH]:  # ruling reaction-depth: these do not resolve
        M[M_SP] = start
        return True
    if spend(M, n):
        order(M, mt, start, n)
        push(M, start, n, depth, 0)
    return True


@compiled
def deaths(M, abilities, then):
    """Step 6 begins; the program goes on at ``then`` when no cryptid is left to die."""
    M[M_WAVE] = 0
    M[M_ABILITIES] = 1 if abilities else 0
    M[M_NEXT] = then
    M[M_PC] = P_DEATHS


@compiled
def tick(T, M, mt):
    """2. Damage over time, bearers in threat order (Battle.tick), resumed after the
    reactions of each status's damage; False when the step is over. A status applied during
    the step first ticks next roll: each bearer's statuses are counted as the step starts."""
    if M[M_PC] != P_TICK:  # the step begins: its bearers
        n = 0
        for side in range(2):
            for p in range(M[M_ROWLEN + side]):
                f = M[row_at(side) + p]
                if M[at(f) + F_DOTS] and M[at(f) + F_HP] > 0:
                    n += 1
        start = alloc(M, 3 * n)
        if start < 0:
            return False
        e = SCRATCH_AT + start
        for side in range(2):
            for p in range(M[M_ROWLEN + side]):
                f = M[row_at(side) + p]
                if M[at(f) + F_DOTS] and M[at(f) + F_HP] > 0:
                    M[e] = f
                    M[e + 1] = M[at(f) + F_DOTS]
                    M[e + 2] = -1
                    e += 3
        order(M, mt, start, n)
        M[M_LIST] = start
        M[M_LIST_N] = n
        M[M_BEARER] = 0
        M[M_STATUS] = 0
        M[M_PENDING] = 0
        M[M_ENDED] = 0
        M[M_EXPIRED] = 0
        M[M_PC] = P_TICK
    start = M[M_LIST]
    while True:
        b = M[M_BEARER]
        if b >= M[M_LIST_N]:
            break
        f = M[SCRATCH_AT + start + 3 * b]
        o = at(f)
        k = M[M_STATUS]
        if k >= M[SCRATCH_AT + start + 3 * b + 1]:
            if M[M_ENDED]:
                M[M_EXPIRED] = 1
                kept = 0
                for x in range(M[o + F_DOTS]):
                    status = STATUSES_AT + (f * MAX_STATUSES + x) * 3
                    if M[status + 1] > 0:
                        to = STATUSES_AT + (f * MAX_STATUSES + kept) * 3
                        for y in range(3):
                            M[to + y] = M[status + y]
                        kept += 1
                M[o + F_DOTS] = kept
            M[M_BEARER] = b + 1
            M[M_STATUS] = 0
            M[M_ENDED] = 0
            continue
        status = STATUSES_AT + (f * MAX_STATUSES + k) * 3
        if not M[M_PENDING] and M[o + F_HP] > 0:
            deal(T, M, mt, -1, f, M[status], 0, M[status + 2])
            if M[M_FRAMES] or M[M_STOP]:
                M[M_PENDING] = 1
                return True
        M[M_PENDING] = 0
        M[status + 1] -= 1
        if M[status + 1] <= 0:
            M[M_ENDED] = 1
        M[M_STATUS] = k + 1
    M[M_SP] = start
    if M[M_EXPIRED]:
        M[M_RECHECK] = 1
        total = 0
        for side in range(2):
            for p in range(M[M_ROWLEN + side]):
                total += M[at(M[row_at(side) + p]) + F_DOTS]
        M[M_STATUSES] = total
    return False


@compiled
def every_roll(T, M, mt):
    """3. Every-roll abilities, those that change the total first: both lists are fixed
    before either resolves; the first resolves now, the second at ``P_EVERY_OTHERS``."""
    others, count = present(T, M, K_EACH_ROLL)
    M[M_OTHERS] = others
    M[M_OTHERS_N] = count
    n = modifiers(T, M)
    start = alloc(M, 3 * n)
    if start < 0 or others < 0 or n == 0:
        return
    for i in range(n):
        f = M[MODS_AT + i]
        M[SCRATCH_AT + start + 3 * i] = f
        M[SCRATCH_AT + start + 3 * i + 1] = kind_list(T, M, f, K_MODIFIERS)
        M[SCRATCH_AT + start + 3 * i + 2] = -1
    if sort(M, start, n):  # the engine's kept list is sorted in place, then its coins
        for i in range(n):
            M[MODS_AT + i] = M[SCRATCH_AT + start + 3 * i]
        coins(M, mt, start, n)
    push(M, start, n, 0, 0)


@compiled
def triggered(T, M, mt):
    """4. The abilities the roll triggers, in one threat order fixed as the step begins;
    under ruling sudden-death ``strike`` every cryptid on the board takes a turn."""
    strike = M[STRIKE] != 0 and M[M_BONUS] > 0
    n = 0
    for side in range(2):
        for p in range(M[M_ROWLEN + side]):
            if strike or T[dice_list(T, M, M[row_at(side) + p])]:
                n += 1
    if n == 0:
        return
    start = alloc(M, 3 * n)
    if start < 0:
        return
    e = SCRATCH_AT + start
    for side in range(2):
        for p in range(M[M_ROWLEN + side]):
            f = M[row_at(side) + p]
            acts = dice_list(T, M, f)
            if strike or T[acts]:
                M[e] = f
                M[e + 1] = acts
                M[e + 2] = -1
                e += 3
    order(M, mt, start, n)
    push(M, start, n, 0, 1 if strike else 0)


@compiled
def roll(M, mt):
    """1. The dice (Battle.throw): a new roll, or under reroll-counts ``no`` the same one."""
    rerolled = M[M_REROLLING]
    M[M_REROLLING] = 0
    if rerolled and not M[REROLL_COUNTS]:
        M[M_REROLLS] += 1
    else:
        M[M_ROLL] += 1
        M[M_REROLLS] = 0
    number = M[M_ROLL]
    M[M_BONUS] = number - SUDDEN_DEATH + 1 if number >= SUDDEN_DEATH else 0
    first = below(mt, 6) + 1
    second = below(mt, 6) + 1
    M[M_TOTAL] = first + second
    M[M_DOUBLES] = 1 if first == second else 0
    M[M_THROWN] = M[M_SPENT]
    M[M_CONTEXT] = C_THROW


@compiled
def line_up(T, M, left, right):
    """The teams line up (``left``, ``right``: lineup offsets in the tables)."""
    for i in range(SCALARS_STATE, SCALARS_END):
        M[i] = 0
    for side in range(2):
        lineup = left if side == 0 else right
        count = T[lineup]
        for p in range(count):
            card = T[lineup + 1 + p]
            M[row_at(side) + p] = new_fighter(T, M, card, side, p)
            if lives_on(T, card):
                M[M_EACH_ROLL] = 1
        M[M_ROWLEN + side] = count
        if T[lineup + 1 + count]:
            M[M_BRINGS] = 1
    M[M_STARTERS] = M[M_FIGHTERS]
    M[M_RECHECK] = 1
    M[M_CONTEXT] = C_BEGIN
    M[M_PC] = P_BEGIN


@compiled
def stopped(T, M, out):
    """A stop, handled where the engine catches it: a reroll (Battle.after_reroll) or a spent
    work budget (Battle.exhausted). The outcome, or NOTHING (the program goes on)."""
    stop = M[M_STOP]
    context = M[M_CONTEXT]
    M[M_STOP] = 0
    M[M_FRAMES] = 0
    M[M_SP] = 0
    if stop == STOP_REROLL:
        last = M[REROLL_COUNTS] != 0 and M[M_ROLL] >= ROLL_CAP
        if (M[LAST_REROLL_DEATHS] != 0) if last else (M[DEATHS_STAY] == 0):
            M[M_CONTEXT] = C_AFTER
            if M[M_ZEROES]:
                deaths(M, True, P_AFTER_EMPTY)
            else:
                M[M_PC] = P_AFTER_EMPTY
        else:
            M[M_PC] = P_AFTER_LAST
        return NOTHING
    if stop == STOP_BATTLE and context != C_BEGIN:
        if M[BUDGET_JUDGED]:
            return end_by_hp(M, out, R_WORK_BUDGET)
        return finish(M, out, TIE, R_WORK_BUDGET)
    if M[M_ZEROES]:  # the throw is complete: its fallen leave, without their abilities
        leave(T, M)
    outcome = check_empty(M, out) if context == C_BEGIN else check_end(T, M, out)
    M[M_PC] = P_THROW
    return outcome


@compiled
def step(T, M, mt, out):
    """The program's next steps, until one starts a resolution (or stops); the outcome when
    the battle ends, else NOTHING."""
    while True:
        outcome = advance(T, M, mt, out)
        if outcome != NOTHING or M[M_FRAMES] or M[M_STOP]:
            return outcome


@compiled
def advance(T, M, mt, out):
    """The program's next step; the outcome when the battle ends, else NOTHING."""
    pc = M[M_PC]
    if pc == P_BEGIN:  # start-of-battle abilities, in threat order
        start, n = present(T, M, K_START)
        M[M_PC] = P_BEGIN_DEATHS
        if n:
            order(M, mt, start, n)
            push(M, start, n, 0, 0)
        else:
            M[M_SP] = start
    elif pc == P_BEGIN_DEATHS:
        if M[M_ZEROES]:
            deaths(M, True, P_BEGIN_END)
        else:
            M[M_PC] = P_BEGIN_END
    elif pc == P_BEGIN_END:
        M[M_PC] = P_THROW
        return check_empty(M, out)
    elif pc == P_THROW:
        roll(M, mt)
        if M[M_STATUSES] and tick(T, M, mt):
            return NOTHING  # tick goes on at P_TICK
        M[M_PC] = P_EVERY
    elif pc == P_TICK:
        if not tick(T, M, mt):
            M[M_PC] = P_EVERY
    elif pc == P_EVERY:
        M[M_PC] = P_TRIGGER
        if M[M_EACH_ROLL]:
            M[M_PC] = P_EVERY_OTHERS
            every_roll(T, M, mt)
    elif pc == P_EVERY_OTHERS:
        M[M_PC] = P_TRIGGER
        start = M[M_OTHERS]
        count = M[M_OTHERS_N]
        if count:
            order(M, mt, start, count)
            push(M, start, count, 0, 0)
        else:
            M[M_SP] = start
    elif pc == P_TRIGGER:
        M[M_PC] = P_THROW_DEATHS
        triggered(T, M, mt)
    elif pc == P_THROW_DEATHS:
        if M[M_ZEROES]:
            deaths(M, True, P_THROW_END)
        else:
            M[M_PC] = P_THROW_END
    elif pc == P_THROW_END:
        M[M_PC] = P_THROW
        if M[M_ROLL] < ROLL_CAP and not M[M_RECHECK]:
            return NOTHING  # nothing changed that could end the battle
        return check_end(T, M, out)
    elif pc == P_DEATHS:
        if not (M[M_ZEROES] and wave(T, M, mt)):
            M[M_PC] = M[M_NEXT]
    elif pc == P_AFTER_EMPTY:
        M[M_PC] = P_AFTER_LAST
        return check_empty(M, out)
    elif pc == P_AFTER_LAST:
        if M[REROLL_COUNTS] != 0 and M[M_ROLL] >= ROLL_CAP:
            return end_by_hp(M, out, R_ROLL_CAP)
        M[M_PC] = P_THROW
        outcome = check_no_damage(T, M, out)
        if outcome == NOTHING:
            M[M_REROLLING] = 1  # a battle whose every roll is rerolled ends too
        return outcome
    return NOTHING


@compiled
def battle(T, M, mt, out, left, right):
    """One whole battle; its outcome in ``out`` (``out[O_FALLBACK]`` 1: a limit of the kernel
    was passed, the engine must play it). Each turn of the loop resolves reactions in
    progress, handles a stop, or takes the program's next step."""
    out[O_FALLBACK] = 0
    line_up(T, M, left, right)
    outcome = NOTHING
    while outcome == NOTHING:
        if M[M_STOP] == STOP_LIMIT:
            out[O_FALLBACK] = 1
            return
        if M[M_STOP]:
            outcome = stopped(T, M, out)
        elif M[M_FRAMES]:
            run(T, M, mt)
        else:
            outcome = step(T, M, mt, out)



@compiled
def sets(T, M, flags):
    """Per side and card, whether it was fielded, survived, was defeated (end.finish)."""
    flags[:] = 0
    for f in range(M[M_FIGHTERS]):
        o = at(f)
        place = M[o + F_SIDE] * (flags.shape[0] // 2) + T[M[o + F_CARD] + C_INDEX]
        flags[place] |= FIELDED
        if M[o + F_GONE]:
            flags[place] |= DEFEATED
        elif M[o + F_HP] > 0:
            flags[place] |= SURVIVED


@compiled
def battles(T, M, mt, base, lefts, rights, seeds, prefix, length, first, out, flags, message,
            v, m):
    """Battles between lineups ``lefts[i]`` and ``rights[i]`` (a single one: the same for
    all): battle ``i`` seeded ``seeds[i]``, or, when ``seeds`` is empty,
    ``derive_seed(S, first + i)`` given the bytes of ``"S:"`` (``prefix[:length]``). Each
    outcome in its row of ``out``; with ``flags`` rows, the sets of cryptids too. ``M``
    holds the rulings; ``mt``, ``message``, ``v`` and ``m`` are working space."""
    for b in range(out.shape[0]):
        seed = seeds[b] if seeds.shape[0] else derive_seed(prefix, length, first + b, message, v, m)
        seed_twister(mt, base, seed)
        left = lefts[b] if lefts.shape[0] > 1 else lefts[0]
        right = rights[b] if rights.shape[0] > 1 else rights[0]
        battle(T, M, mt, out[b], left, right)
        if flags.shape[0]:
            sets(T, M, flags[b])
