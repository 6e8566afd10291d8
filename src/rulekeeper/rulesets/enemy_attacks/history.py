"""The versions of enemy-attacks since rulekeeper 0.1.0, and how the older ones played.

Each :class:`~rulekeeper.core.versions.Change` is made by a version: the versions before it
play by the ruling options it pins, and log the events its ``log`` gives back.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulekeeper.core.events import Event
from rulekeeper.core.ruleset import Table
from rulekeeper.core.versions import Change

TIED = ("target-tied", "would-be-tied")


def untold_ties(table: Table, event: Event) -> Sequence[Event]:
    """Before version 4 a Taunt tie was told once broken, in the event of the target it left
    (``target``, citing ruling.taunt-tie, or ``would-be-target``), its reason saying how."""
    if event.kind in TIED:
        table.held["tie"] = event
        return ()
    if event.kind != "tie-broken":
        return (event,)
    tied = table.held.pop("tie")
    target = event.data["target"]
    how = (f"the players chose {target}" if event.data["how"].startswith("the players")
           else f"drawn at random among them: {target}")
    data = {k: v for k, v in tied.data.items() if k not in ("tied", "candidates")}
    data.update(target=target, reason=f"{tied.data['reason']}; {how}")
    if tied.kind == "target-tied":
        return (Event("target", "ruling.taunt-tie", data, tied.to),)
    return (Event("would-be-target", tied.rule, data, tied.to),)


PLACED = {"place-hero": "Hero of {player}", "place-ally": "Non-Hero Ally of {player}",
          "place-enemy": "Enemy"}
"""What version 4's ``place`` event said of a figure (``who``), by today's event kind."""


def seats_in_words(table: Table, event: Event) -> Sequence[Event]:
    """Before version 5 a figure's placing told its seat's id inside words (``place``, ``who``
    ``Hero of p1``), and a Hero's exception listed its players' seats (``exception-taken``,
    ``players``): no sentence could name the players."""
    data = event.data
    if event.kind in PLACED:
        who = PLACED[event.kind].format(player=data.get("player"))
        return (Event("place", event.rule, {"figure": data["figure"], "who": who,
                                            "area": data["area"]}, event.to),)
    if event.kind in ("exception-taken", "exception-agreed"):
        players = [data["player"]] + ([data["partner"]] if "partner" in data else [])
        return (Event("exception-taken", event.rule, {"hero": data["hero"],
                                                      "target": data["target"],
                                                      "players": players}, event.to),)
    return (event,)


HISTORY = (
    Change(2, "A Hero's stamina loss drops by 1 a reactive check success whatever ruling "
              "reactive-check says (version 1 read it as damage under all-or-nothing)",
           "0.1.0", {"hero-stamina-check": "as-damage"}),
    Change(3, "An Enemy's would-be target is the closest Ally it can walk to (versions 1 and "
              "2 took the closest by ruling range, an Ally on a ledge no walk reaches "
              "included)", "0.1.0", {"would-be-distance": "range"}),
    Change(4, "A Taunt tie is told before it is broken (target-tied, would-be-tied) and the "
              "choice or draw is its own event (tie-broken)", "0.1.0", log=untold_ties),
    Change(5, "The events name a player by the seat, never by its id inside words: a figure's "
              "placing is place-hero, place-ally or place-enemy with the seat (player), and a "
              "Hero's exception names the players who agreed (player, partner: "
              "exception-agreed when two did); version 4 said 'Hero of p1' (place, who) and "
              "'agreed by p1, p2' (players)", "0.3.0", log=seats_in_words,
           templates={"place": "{figure} ({who}) starts in {area}",
                      "exception-taken": "{hero} takes the attack instead of {target} "
                                         "(agreed by {players})"}),
)
