"""The kernel's data layout: where each field lives in its two flat arrays, and the codes.

The kernel (:mod:`.compiled`) reads a battle's cards from one flat ``int64`` array, the
*tables* (built by :mod:`.tables` from the engine's compiled cards), and keeps a
battle's state in another, the *machine*. Both are addressed by the offsets declared
here once; numba reads these module constants as compile-time constants.
"""

from __future__ import annotations

# -- the tables: header ------------------------------------------------------------------
H_CARDS = 0
"""Offset of the first card record."""
H_EMPTY = 1
"""Offset of an empty list of abilities ([0])."""
HEADER = 2

# a card record (the engine's cards.Card): CARD fields
C_HP = 0
C_THREAT = 1
C_MODIFIER = 2
"""How much its every-roll abilities change the total (Card.modifier)."""
C_HAS_MODIFIERS = 3
C_BRINGS_MODIFIERS = 4
C_STRIKES = 5
"""Offset of its strikes: one flag per change of the total in SHIFT_LOW..SHIFT_HIGH."""
C_ACTS = 6
"""Offset of the list of all its abilities ([n, act, ...])."""
C_KINDS = 7
"""Eight offsets of ability lists, one per trigger kind but dice (KINDS' order)."""
C_DICE = 15
"""Offset of its dice table: for each total in DICE_LOW..DICE_HIGH and doubles, a list."""
C_INDEX = 16
"""Its number among the tables' cards (for the sets of cryptids fielded, surviving...)."""
CARD = 17

KINDS = ("modifiers", "each_roll", "hurt", "ally_hurt", "healed", "death", "ally_death",
         "battle_start")
"""The engine's Card attributes holding the abilities of each trigger kind but dice."""
K_MODIFIERS, K_EACH_ROLL, K_HURT, K_ALLY_HURT, K_HEALED, K_DEATH, K_ALLY_DEATH, K_START = (
    range(8))

DICE_LOW = -101
DICE_HIGH = 101
"""Totals tabled; beyond, a total reads as the tabled one of its parity (no trigger names a
total past 99, so only doubles, odd and even can fire there)."""
DICE_KEYS = (DICE_HIGH - DICE_LOW + 1) * 2
SHIFT_LOW = -111
SHIFT_HIGH = 109
"""The changes of the total a card's strikes are kept for (the engine's cards.SHIFTS)."""
TOTAL_LOW = -99
TOTAL_HIGH = 99
"""The totals a dice trigger may name."""

# an ability record (the engine's cards.Act): ACT fields
A_KIND = 0
A_ON_DICE = 1
A_ANY_TOTAL = 2
"""A dice trigger on doubles, odd or even: it fires whatever the change of the total."""
A_TOTALS = 3
"""Offset of its totals: one flag per total in TOTAL_LOW..TOTAL_HIGH."""
A_DAMAGES = 4
A_HEALS = 5
A_EFFECTS = 6
"""Offset of its effects: [n, effect record, ...]."""
ACT = 7

TRIGGERS = ("total", "totals", "range", "doubles", "odd", "even", "each-roll", "hurt",
            "ally-hurt", "healed", "ally-death", "death", "battle-start")
"""The trigger kinds the kernel knows, by code (their index)."""
T_EACH_ROLL, T_HEALED, T_ALLY_DEATH, T_DEATH = (TRIGGERS.index(k) for k in (
    "each-roll", "healed", "ally-death", "death"))

# an effect record: EFFECT fields
E_KIND = 0
E_AMOUNT = 1
E_ROLLS = 2
E_TARGET = 3
E_CARD = 4
"""The summoned card's record offset."""
E_STEP = 5
EFFECT = 6

EFFECTS = ("damage", "damage-over-time", "heal", "shield", "buff-threat", "buff-attack",
           "modify-total", "reroll", "summon", "swap")
"""The effects the kernel knows, by code."""
(EK_DAMAGE, EK_DOT, EK_HEAL, EK_SHIELD, EK_THREAT, EK_ATTACK, EK_MODIFY, EK_REROLL, EK_SUMMON,
 EK_SWAP) = range(10)
TARGETS = ("threat", "lowest-hp", "all-enemies", "random-enemy", "adjacent", "attacker", "self",
           "all-allies", "adjacent-allies", "lowest-hp-ally", "that-ally")
"""The target rules the kernel knows, by code."""
(S_THREAT, S_LOWEST, S_ALL, S_RANDOM, S_ADJACENT, S_ATTACKER, S_SELF, S_ALL_ALLIES,
 S_ADJACENT_ALLIES, S_LOWEST_ALLY, S_THAT_ALLY) = range(11)

# -- rulings: one flag or number each, in this order -----------------------------------
RULINGS = ("ties_by_side", "ties_by_coin", "ties_to_left", "strike", "reroll_counts",
           "reaction_depth", "no_damage_check", "deaths_stay", "overheal_cap",
           "zero_hp_targets", "heal_at_zero", "reactions_by_threat", "lowest_hp_by_threat",
           "last_reroll_deaths", "budget_judged")
"""The rulings as the kernel reads them, one number each (:func:`.tables.rulings_row`)."""

# -- the machine: a battle's state --------------------------------------------------------
# scalars first: the rulings (RULINGS' order, from 0), then the state
(M_ROLL, M_TOTAL, M_DOUBLES, M_BONUS, M_REROLLING, M_REROLLS, M_REROLLS_TOTAL, M_ZEROES,
 M_RECHECK, M_DEALT, M_DEALT1, M_SPENT, M_THROWN, M_STATUSES, M_FIGHTERS, M_STOP, M_SP,
 M_FALLEN, M_MODS_VALID, M_MODS, M_ROWLEN, M_ROWLEN1, M_MTI, M_EACH_ROLL, M_BRINGS, M_FRAMES,
 M_STARTERS, M_PC, M_NEXT, M_CONTEXT, M_WAVE, M_ABILITIES, M_LIST, M_LIST_N, M_OTHERS,
 M_OTHERS_N, M_BEARER, M_STATUS, M_PENDING, M_ENDED, M_EXPIRED) = range(
    len(RULINGS), len(RULINGS) + 41)
STOP_REROLL, STOP_THROW, STOP_BATTLE, STOP_LIMIT = 1, 2, 3, 4
"""Why resolving stopped: an ability rerolled, the throw's or the battle's work budget is
spent, a limit of the kernel was passed (the engine plays that battle)."""

# a cryptid on the board (the engine's board.Fighter): FIGHTER fields
F_CARD, F_SIDE, F_POS, F_HP, F_MAX, F_THREAT, F_ATTACK, F_SHIELD, F_GONE, F_DOTS, F_FALLEN = (
    range(11))
FIGHTER = 11
# a resolution in progress (the engine's Battle.resolve, one per reaction depth): FRAME fields
(FR_START, FR_COUNT, FR_I, FR_PHASE, FR_J, FR_K, FR_TARGETS, FR_TCOUNT, FR_TNEXT, FR_AMOUNT,
 FR_KIND, FR_DEPTH, FR_STRIKE) = range(13)
FRAME = 13

# -- limits: a battle that passes one is played by the engine instead -------------------
MAX_FIGHTERS = 64
MAX_STATUSES = 64
"""Damage-over-time statuses on one cryptid at once."""
SCRATCH = 8192
MAX_FRAMES = 96
ROW = 8

SCALARS = 64
ROWS_AT = SCALARS
FALLEN_AT = ROWS_AT + 2 * ROW
MODS_AT = FALLEN_AT + MAX_FIGHTERS
FIGHTERS_AT = MODS_AT + MAX_FIGHTERS
STATUSES_AT = FIGHTERS_AT + MAX_FIGHTERS * FIGHTER
FRAMES_AT = STATUSES_AT + MAX_FIGHTERS * MAX_STATUSES * 3
SCRATCH_AT = FRAMES_AT + MAX_FRAMES * FRAME
MACHINE = SCRATCH_AT + SCRATCH
"""The machine's size."""

# -- outcome codes ----------------------------------------------------------------------
REASONS = ("side-empty", "both-empty", "roll-cap", "no-damage", "work-budget")
(R_SIDE_EMPTY, R_BOTH_EMPTY, R_ROLL_CAP, R_NO_DAMAGE, R_WORK_BUDGET) = range(5)
TIE = 2
"""The winner code of a tie (0 is left, 1 right)."""
OUT = ("winner", "reason", "rolls", "hp_left", "hp_right", "damage_left", "damage_right",
       "rerolls", "fallback")
"""Per battle, the columns of the kernel's answer; ``fallback`` 1: the battle passed a
limit of the kernel, the engine plays it."""
O_WINNER, O_REASON, O_ROLLS, O_HP0, O_HP1, O_DAMAGE0, O_DAMAGE1, O_REROLLS, O_FALLBACK = (
    range(9))
FIELDED, SURVIVED, DEFEATED = 1, 2, 4
"""Flags of a card in a battle's sets (per side and card record)."""
