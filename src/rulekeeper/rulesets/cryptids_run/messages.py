"""The English sentence of every run event (French: locale/fr/LC_MESSAGES/messages.po).

The battle's own events keep the battle's templates (cryptids/messages.py), which
``TEMPLATES`` includes; names come from the content in both languages.
"""

from rulekeeper.rulesets.cryptids.messages import TEMPLATES as BATTLE

RUN = {
    "run.start": "Run {run} begins for {player}: {lives:life|lives}, 0 victories; "
                 "{victories:victory|victories} win it. Skill {mu}.",
    "shop.open": "Round {round}: the shop opens with {gold} gold; tiers {tiers:and} on offer.",
    "shop.kept": "Frozen offers kept from the last round: {offers:and}.",
    "shop.offers": "Offers: {offers}.",
    "shop.buy": "{who} is bought for {price} gold into place {place} ({gold} gold left).",
    "shop.ability": "{who}, at place {place}, keeps the ability {ability}.",
    "shop.combine": "A copy of {who} combines with the one at place {place}: now {hp} HP, "
                    "threat {threat} ({gold} gold left).",
    "shop.sell": "{who}, at place {place}, is sold for {price} gold ({gold} gold).",
    "shop.move": "{who} moves to place {place}.",
    "shop.swap": "{who} moves to place {place}; {other} moves to place {other_place}.",
    "shop.freeze": "Offer {offer} ({who}) is frozen: it stays for the next round.",
    "shop.unfreeze": "Offer {offer} ({who}) is no longer frozen.",
    "shop.reroll": "The offers are rerolled for {price} gold ({gold} gold left): {offers}.",
    "shop.end": "The shop ends; {gold} unspent gold is lost.",
    "snapshot": "Snapshot {id} is taken: round {round}, skill {mu}, the row {row:and}.",
    "round.empty-row": "Round {round}: the row is empty; the battle is lost without a roll.",
    "match.band": "Matchmaking, skill {mu} ± {band}: {found:snapshot|snapshots} of another "
                  "player at this round.",
    "match.any": "Matchmaking, any skill around {mu}: {found:snapshot|snapshots} of another "
                 "player at this round.",
    "match.again": "No other player has a snapshot at this round: the player met last time "
                   "may be met again ({found:snapshot|snapshots}).",
    "match.candidates": "Nearest candidates: {candidates:and}.",
    "match.closest.chosen": "Opponent: {player}'s snapshot of round {round}, skill "
                            "{opponent_mu}, the closest ({distance} away).",
    "match.drawn.chosen": "Opponent: {player}'s snapshot of round {round}, skill "
                          "{opponent_mu}, drawn among the equally close ({distance} away).",
    "match.again.chosen": "Opponent: {player}'s snapshot of round {round} again, skill "
                          "{opponent_mu} ({distance} away).",
    "match.ghost.chosen": "No snapshot exists for round {round}: the opponent is a ghost built "
                          "by the {bot} bot from the shop's rules, skill {opponent_mu}.",
    "round.battle": "Battle of round {round}: your row (left) against {opponent} (right).",
    "round.won": "The battle is won: {victories} of {needed} victories.",
    "round.lost": "The battle is lost: round {round} costs {cost:life|lives}; "
                  "{lives:life|lives} left.",
    "round.tie": "A tie: no life is lost ({lives:life|lives} left).",
    "round.tie.no-victory": "A tie is no victory ({victories} so far).",
    "rating.battle": "Skill change of this battle ({outcome} against skill {opponent_mu}): "
                     "{mu}; the run's total so far {total}, applied when the run ends.",
    "run.won": "The run is won: {victories:victory|victories} in {rounds:round|rounds}, "
               "{lives:life|lives} left.",
    "run.lost": "The run is lost: no life left after {rounds:round|rounds} "
                "({victories:victory|victories}).",
    "run.round-limit": "The run ends after round {rounds}, the last one: "
                       "{victories:victory|victories}, "
                       "{lives:life|lives} left.",
    "rating.applied": "The run's skill change is applied: skill (mu) {before} → {after} "
                      "({change} over {battles:battle|battles}; uncertainty (σ) now {sigma}); "
                      "the rating shown is mu − 3σ.",
}

TEMPLATES = {**BATTLE, **RUN}
"""Every sentence of a run: its battles' and its own."""
