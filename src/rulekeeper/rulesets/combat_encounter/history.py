"""The versions of combat-encounter since rulekeeper 0.1.0, and how the older ones played.

Each :class:`~rulekeeper.core.versions.Change` is made by a version: the versions before it
play by the ruling options it pins, and ask or tell the same rules the older way where the
code asks ``table.ruleset.made(name)``.
"""

from __future__ import annotations

from rulekeeper.core.versions import Change

HISTORY = (
    Change(2, "The Kaos question offers every amount up to 10, then the amount that reaches "
              "the Defense and all of it (version 1 offered every amount held)", "0.1.0",
           name="kaos-question-short"),
    Change(3, "A single other Combatant makes no Combat Order Check and wins no reward "
              "(ruling lone-order-check)", "0.1.0", {"lone-order-check": "rolled"}),
    Change(3, "The Opening Gong's order cites sample.game.opening-gong, not the Ambush rule",
           "0.1.0", name="gong-rule"),
    Change(3, "'The first Combat Turn is complete' is told only of a Combatant still in Combat",
           "0.1.0", name="first-over-in-combat"),
    Change(3, "A Hidden Player's setup is one line, told to that seat (no 'Hidden' status line)",
           "0.1.0", name="hidden-setup-line"),
    Change(3, "--start random refuses --initiator, --target and --hidden (version 1 and 2 "
              "records hold the defaults p1 and p2 there, which the random start ignored)",
           "0.1.0", name="random-start-alone"),
    Change(4, "The events name a seat as its Player, 'Player 1 (Sir Brannock)' and 'Player 1 "
              "plays Sir Brannock' (were 'p1 (Sir Brannock)' and 'p1 plays Sir Brannock'), and "
              "a slot by its name, 'Weapon Slot 1' (was 'weapon-1')", "0.3.0",
           name="names-not-ids"),
)
"""combat-encounter's history."""
