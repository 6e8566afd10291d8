"""The English sentence of every event kind of enemy-attacks."""

TEMPLATES = {
    # setup, rounds and turns
    "place-hero": "{figure} (Hero of {player}) starts in {area}",
    "place-ally": "{figure} (Non-Hero Ally of {player}) starts in {area}",
    "place-enemy": "{figure} (Enemy) starts in {area}",
    "item-deck": "The item deck ({count:card|cards}) is shuffled",
    "round": "Round {round} of {rounds} begins",
    "hero-turn": "{hero}'s turn ({player}), in {area}",
    "enemy-turn": "{enemy}'s turn, in {area}",
    "game-over": "The {winner} win: {why}",
    # checks
    "check": "{figure} rolls {dice:Action die|Action dice} ({ability}) for {purpose}: "
             "{faces}{extra} = {successes:success|successes}",
    "stamina-face-ignored": "{figure} is not a Hero: its "
                            "{faces:stamina face gives|stamina faces give} no success",
    "stamina-face-no-chips": "{figure} has no ready chip to spend on "
                             "{faces:stamina face|stamina faces}",
    "stamina-spent": "{figure} spends {spent} stamina for {successes:success|successes} in all "
                     "({ready:ready chip|ready chips} left)",
    # heroes
    "hero-moves": "{hero} moves from {origin} to {destination}",
    "hero-attack": "{hero} makes a {attack} attack on {enemy} ({why})",
    "hero-hits": "{hero} deals {damage} damage to {enemy} "
                 "({successes:success|successes}{obstructed})",
    # enemies: targeting and movement
    "no-attack": "{enemy} shows no attack: it does not attack on its turn",
    "target": "{enemy}'s {attack} attack may reach {eligible}{others}; it attacks {target}: "
              "{reason}",
    "target-tied": "{enemy}'s {attack} attack may reach {eligible}{others}; {reason}: "
                   "{tied:and} are tied",
    "tie-broken": "{what} is {target}: {how}",
    "no-target": "{enemy} has no Ally it may attack: {why}",
    "would-be-target": "{enemy}'s would-be target is {target}: {reason}",
    "would-be-tied": "{enemy}'s would-be target is one of the Allies it can walk to: "
                     "{candidates}; {reason}: {tied:and} are tied",
    "enemy-moves": "{enemy} moves from {origin} to {destination}, toward {target}",
    "enemy-stays": "{enemy} cannot move closer to {target} and stays in {area}",
    "still-no-target": "{enemy} still has no Ally it may attack",
    # the exception
    "exception-kept": "{target} keeps the attack ({heroes} could have taken it)",
    "exception-refused": "{player} refuses: {hero} does not take the attack, {target} stays "
                         "the target",
    "exception-taken": "{hero} takes the attack instead of {target} (agreed by {player})",
    "exception-agreed": "{hero} takes the attack instead of {target} (agreed by {player} and "
                        "{partner})",
    # resolving the attack
    "area-attack": "{enemy}'s area attack (hex {hex}) from {origin} affects {areas}{unseen}; "
                   "Allies hit: {allies}",
    "attack-result": "{ally} suffers {final} {effect} from {enemy}: {how}",
    "condition-gained": "{ally} gains {condition}: {why}",
    "condition-held": "{ally} already has {condition} ({why})",
    "condition-avoided": "{ally} does not gain {condition}: {why}",
    # health
    "hero-damaged": "{hero} takes {damage} damage: {health}",
    "hero-stamina-lost": "{hero} loses {loss} stamina: {spent:chip|chips} spent, {excess} "
                         "becomes damage; {health}",
    "wounded-out": "{hero} is wounded out and leaves the board",
    "ally-damaged": "{ally} takes {damage} damage: {health}",
    "exhausted": "{ally} is exhausted and leaves the board",
    "enemy-damaged": "{enemy} takes {damage} damage: {health}",
    "defeated": "{enemy} is defeated in {area}",
    # defeat box
    "defeat-box": "{enemy}'s defeat box resolves in {area}",
    "item-card-placed": "Item card {item} is placed in {area}",
    "item-deck-empty": "The item deck is empty: no item card is placed in {area}",
    "item-tokens-placed": "{count:item token|item tokens} placed in {area}",
    "stars-placed": "{count:star|stars} placed in {area}",
}
