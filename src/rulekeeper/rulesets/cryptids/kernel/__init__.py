"""The compiled kernel of cryptid battles: many battles at compiled speed, the same battles.

- :mod:`.layout`: where every field lives in the kernel's flat arrays, and the codes;
- :mod:`.tables`: the one adapter, from the engine's compiled cards and rulings;
- :mod:`.compiled`: the battle in numba (imported only when a kernel runs);
- :mod:`.engines`: the choice of engine (``kernel`` or ``python``), batches, the fallback.

The readable engine (:mod:`rulekeeper.rulesets.cryptids.battle`) stays the reference:
the kernel is checked against it battle by battle (tests/rulesets/cryptids/test_kernel.py,
benchmarks/cryptids_kernel.py), never the other way round.
"""
