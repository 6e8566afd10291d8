"""The heuristic bot of Raid Mode's heroes.

It looks one decision ahead, from its seat's view only (no other hand, no deck order, no
dice to come), and scores each option by what it does at once: wounds on the villain and
minions removed (exact hit odds from ``DiceSet.odds``), the scenario's goal (reaching the
villain, sealing stones), the danger where it stands (the expected hits the enemies there
or in sight can deal), the cost of opportunity attacks and exerting, and its "coverage":
for each enemy rank, how many cards it could still lose to that rank before being
defeated. Ties it decides for the enemies go the way that hurts the heroes least.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from rulekeeper.core.decisions import Decision
from rulekeeper.rulesets.dire_alliance.bots import BoardReading, OneStepBot

Figure = dict[str, Any]

WIN = 1000.0
WOUND = 14.0
MINION = 6.0
HIT_TAKEN = 5.0
CARD = 2.5
SEAL = 60.0


class Reading(BoardReading):
    """The bot's reading of one view: where everyone is and what it is worth."""

    def __init__(self, state: Mapping[str, Any], seat: str) -> None:
        super().__init__(state, seat)
        self.figures: dict[str, Figure] = {f["id"]: f | {"area": a["id"]}
                                           for a in state["areas"] for f in a["figures"]}
        self.heroes = state["heroes"]
        self.me = self.heroes[seat]
        self.cards = state["cards"]
        self.goal = state["scenario"]["hero_goal"]
        self._hits: dict[tuple[int, int], float] = {}
        self._positions: dict[str, float] = {}
        self._threats: dict[tuple[str, int], float] = {}

    def dist(self, a: str | None, b: str | None) -> int:
        if a is None or b is None:
            return 9
        return self.distances[a].get(b, 9)

    @property
    def my_figure(self) -> Figure:
        return self.figures.get(self.me["id"], {"area": self.me["area"], **self.me["stats"]})

    @property
    def here(self) -> str:
        return str(self.me["area"])

    def enemies(self) -> list[Figure]:
        return [f for f in self.figures.values() if f["team"] == "enemies"]

    def enemies_in(self, area: str) -> list[Figure]:
        return [f for f in self.enemies() if f["area"] == area]

    def villain(self) -> Figure | None:
        return next((f for f in self.enemies() if f["kind"] == "villain"), None)

    @property
    def shoot_barred(self) -> bool:
        """Whether a card's Shoot is barred by an enemy in the hero's area (the ruling)."""
        return bool(self.state["rulings"]["raid-special-shoot"] == "no-enemies-here")

    def hit(self, dice: int, defense: int) -> float:
        key = (dice, defense)
        if key not in self._hits:
            self._hits[key] = float(self.dice.odds(dice, defense).hit) if dice > 0 else 0.0
        return self._hits[key]

    # --- the hero's own cards ---------------------------------------------------------

    def ranks(self) -> list[str]:
        return sorted({f["rank"] for f in self.enemies() if f["rank"]} | {"III"})

    def coverage(self, hero: Mapping[str, Any], cards: list[str] | None = None) -> int:
        """The fewest cards the hero could still lose to any one rank."""
        if cards is None:
            cards = (hero["hand"] or []) + hero["discard"]
            cards += ["?"] * hero["deck"]
        known = [c for c in cards if c != "?"]
        unknown = len(cards) - len(known)
        return min(sum(1 for c in known if r in self.cards[c]["icons"]) + unknown // 2
                   for r in self.ranks())

    @cached_property
    def fragility(self) -> float:
        """How much one more hit hurts: more as the coverage shrinks."""
        cover = self.coverage(self.me)
        return 1.0 + (3.0 if cover <= 2 else 1.0 if cover <= 4 else 0.0)

    # --- danger and worth -------------------------------------------------------------

    def threat(self, area: str, defense: int) -> float:
        """Expected hits the enemies can deal to a hero with ``defense`` standing in ``area``."""
        key = (area, defense)
        if key not in self._threats:
            self._threats[key] = self._threat(area, defense)
        return self._threats[key]

    def _threat(self, area: str, defense: int) -> float:
        total = 0.0
        for e in self.enemies():
            if e["area"] == area and (e["melee"] or e.get("star")):
                total += self.hit(max(e["melee"], 3 if e.get("star") else 0), defense)
            elif e["shoot"] and e["area"] != area and self.sees(e["area"], area):
                total += self.hit(e["shoot"], defense) * 0.7
            elif e["melee"] and self.dist(e["area"], area) == 1:
                total += self.hit(e["melee"], defense) * 0.4
        return total

    def enemy_worth(self, e: Figure) -> float:
        if e["kind"] == "villain":
            villain = self.state["villain"]
            left = villain["health"] - villain["wounds"]
            if left <= 1 and self.goal.get("defeat_villain"):
                return WIN
            return WOUND + (6 if left <= 3 else 0)
        danger = self.hit(max(e["melee"], 3 if e.get("star") else 0, e["shoot"]), 1)
        near = 2 if self.dist(e["area"], self.here) <= 1 else 0
        guard = 2 if self.areas[e["area"]]["objectives"] else 0
        return MINION + 4 * danger + near + guard

    def activation_harm(self, e: Figure) -> float:
        """How much activating this minion now could hurt the heroes: most if it claims the
        objective it stands on (its first action is Control, no hero there), then if it can
        attack a hero, then by the danger around it."""
        area = e["area"]
        heroes_here = any(h["area"] == area for h in self.heroes.values())
        first = self.state["minions"][e["minion"]]["actions"][0]
        harm = self.threat(area, 1) + (3.0 if area == self.here else 0.0)
        if first.startswith("Control") and self.areas[area]["objectives"] and not heroes_here:
            return 20.0 + harm
        if ((e["melee"] or e.get("star")) and heroes_here) or (e["shoot"] and any(
                h["area"] not in (None, area) and self.sees(area, h["area"])
                for h in self.heroes.values())):
            return 10.0 + harm
        return harm

    def attack_value(self, dice: int, e: Figure) -> float:
        return self.hit(dice, e["defense"]) * self.enemy_worth(e)

    def position(self, area: str) -> float:
        """How good it is for this hero to stand in ``area`` for the rest of the round."""
        if area not in self._positions:
            self._positions[area] = self._position(area)
        return self._positions[area]

    def _position(self, area: str) -> float:
        value = 0.0
        villain = self.villain()
        stats = self.me["stats"]
        if self.goal.get("sites"):
            open_sites = [a for a, x in self.areas.items()
                          for s in x["sites"] if not s["holder"]]
            if open_sites:
                value -= 5 * min(self.dist(area, a) for a in open_sites)
        if villain is not None:
            weight = 4 if self.goal.get("defeat_villain") else 1
            value -= weight * self.dist(area, villain["area"])
            if area == villain["area"] and stats["melee"] > 0:
                value += 3
            elif stats["shoot"] > 0 and self.sees(area, villain["area"]):
                value += 2
        for objective_area, x in self.areas.items():
            if x["objectives"] and any(self.dist(e["area"], objective_area) <= 1
                                       for e in self.enemies()):
                value += 2 if area == objective_area else 0
        return value - HIT_TAKEN * self.fragility * 0.6 * self.threat(area, stats["defense"])

    def leaving(self, area: str) -> float:
        """Expected cost of the opportunity attacks on leaving ``area``."""
        hits = sum(self.hit(max(e["melee"], 3 if e.get("star") else 0), self.me["stats"]["defense"])
                   for e in self.enemies_in(area) if not e["stunned"])
        return hits * HIT_TAKEN * self.fragility

    def move_value(self, area: str, opportunity: bool = True) -> float:
        cost = self.leaving(self.here) if opportunity else 0.0
        return self.position(area) - self.position(self.here) - cost

    # --- actions ----------------------------------------------------------------------

    def basic(self, option: str) -> float:
        verb, _, arg = option.partition(":")
        stats = self.me["stats"]
        if verb == "move":
            return self.move_value(arg)
        if verb in ("melee", "shoot") and arg in self.figures:
            return self.attack_value(stats[verb], self.figures[arg])
        if verb == "rest":
            return CARD * (1 + (2 if self.coverage(self.me) <= 3 else 0))
        if verb == "interact":
            sealed = sum(1 for x in self.areas.values() for s in x["sites"] if s["holder"])
            return WIN if sealed + 1 >= (self.goal.get("sites") or 99) else SEAL
        return 0.0

    def best_basic(self) -> float:
        here = self.here
        options = [f"move:{a}" for a in self.areas[here]["neighbours"]]
        enemies = self.enemies_in(here)
        options += [f"melee:{e['id']}" for e in enemies]
        if not enemies:
            options += [f"shoot:{e['id']}" for e in self.enemies()
                        if e["area"] != here and self.sees(here, e["area"])]
            if self.me["damage"]:
                options.append("rest")
            if any(not s["holder"] for s in self.areas[here]["sites"]):
                options.append("interact")
        return max([0.0, *(self.basic(o) for o in options)])

    def special(self, card: str) -> float:
        """A rough value of a card's ➤ special action, its effects one after the other."""
        total, here = 0.0, self.here
        stats = self.me["stats"]
        mods = self.cards[card]["modifiers"]
        chosen: Figure | None = None
        for effect in self.cards[card]["effects"]:
            verb = next(k for k in effect if k != "who")
            value = effect[verb]
            enemies = self.enemies_in(here)
            if verb in ("move", "withdraw"):
                reach = [here, *self.areas[here]["neighbours"]]
                best = max(reach, key=lambda a: self.position(a) + (
                    self.attack_value(stats["melee"] + mods["melee"], max(
                        self.enemies_in(a), key=self.enemy_worth)) if self.enemies_in(a)
                    and any("melee" in e for e in self.cards[card]["effects"]) else 0))
                total += self.position(best) - self.position(here) - (
                    self.leaving(here) if verb == "move" and best != here else 0)
                here = best
            elif verb == "melee" and enemies:
                chosen = max(enemies, key=lambda e: self.attack_value(
                    stats["melee"] + mods["melee"] + value.get("dice", 0), e))
                total += self.attack_value(stats["melee"] + mods["melee"] + value.get("dice", 0),
                                           chosen)
            elif verb == "shoot" and not (enemies and self.shoot_barred):
                seen = [e for e in self.enemies() if e["area"] != here
                        and self.sees(here, e["area"])]
                if seen:
                    dice = stats["shoot"] + mods["shoot"] + value.get("dice", 0)
                    chosen = max(seen, key=lambda e: self.attack_value(dice, e))
                    total += self.attack_value(dice, chosen)
            elif verb == "heal":
                total += CARD * min(value, len(self.me["damage"])) * 1.5
            elif verb == "gain":
                total += CARD * value
            elif verb == "token":
                total += HIT_TAKEN * self.fragility * 0.5 * min(
                    1.0, self.threat(here, stats["defense"]))
            elif verb == "stun" and chosen is not None:
                total += 1.0
        return total

    def modifiers_worth(self, card: str) -> float:
        """What a card's modifiers are worth face up for the rest of the round."""
        mods = self.cards[card]["modifiers"]
        stats = self.me["stats"]
        base = self.me["base"]
        threat = self.threat(self.here, stats["defense"])
        worth = 0.0
        if base["defense"] != "—" and mods["defense"]:
            worth += mods["defense"] * 1.5 * HIT_TAKEN * 0.25 * self.fragility * min(threat, 1.5)
        for stat in ("melee", "shoot"):
            if base[stat] != "—" and mods[stat]:
                worth += mods[stat] * 1.2
        return worth


class RaidHeuristicBot(OneStepBot):
    """Scores every option one decision ahead and takes the best (ties broken at random)."""

    reading = Reading

    def score(self, r: Reading, decision: Decision, option: str) -> float:
        handler = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        return float(handler(r, decision, option)) if handler else 0.0

    def _hero_action(self, r: Reading, decision: Decision, option: str) -> float:
        face, _, card = option.partition(":")
        if face == "up":
            return max(r.special(card), 0.0) + r.modifiers_worth(card)
        if face == "down":
            return r.best_basic() - 0.3
        if face == "exert":
            moves = [r.move_value(a) for a in r.areas[r.here]["neighbours"]]
            return max(moves) - CARD * 2 * r.fragility
        if face == "wait":
            return -1.0
        hand = r.me["hand"] or []
        return -0.5 if hand else 0.0

    def _action(self, r: Reading, decision: Decision, option: str) -> float:
        if option == "special":
            card = next((c for c, spec in r.cards.items()
                         if spec["special"] and spec["special"] in decision.options[0].label),
                        None)
            return r.special(card) if card else 1.0
        return r.basic(option)

    def _boost(self, r: Reading, decision: Decision, option: str) -> float:
        if option == "done":
            return 0.0
        card = option.partition(":")[2]
        mods = r.cards[card]["modifiers"]
        stats = r.me["stats"]
        prompt = decision.prompt
        spend = 0.0 if r.state["phase"] == "Enemies React" else CARD * 0.8
        if "defending against" in prompt:
            name = prompt.split("defending against ")[1].split("'s ")[0]
            kind = "shoot" if prompt.rstrip("?").split(": boost")[0].endswith("shoot") else "melee"
            enemy = next((f for f in r.enemies() if f["name"] == name), None)
            if enemy is None or r.me["base"]["defense"] == "—" or mods["defense"] <= 0:
                return -1.0
            dice = max(enemy[kind], 3 if enemy.get("star") else 0)
            saved = r.hit(dice, stats["defense"]) - r.hit(dice, stats["defense"] + mods["defense"])
            return saved * HIT_TAKEN * r.fragility * 1.5 - spend
        kind = "shoot" if "(shoot)" in prompt else "melee"
        if mods[kind] <= 0 or r.me["base"][kind] == "—":
            return -1.0
        names = prompt.split("attacking ")[1].split(" (")[0].split(", ")
        targets = [f for f in r.enemies() if f["name"] in names] or r.enemies()[:1]
        if not targets:
            return -1.0
        target = targets[0]
        gain = r.attack_value(stats[kind] + 1 + mods[kind], target) - r.attack_value(
            stats[kind] + 1, target)
        return gain - spend

    def _ward(self, r: Reading, decision: Decision, option: str) -> float:
        return 1.0 if option == "ward" else 0.0

    def _lose_card(self, r: Reading, decision: Decision, option: str) -> float:
        cards = (r.me["hand"] or []) + r.me["discard"]
        left = list(cards)
        if option in left:
            left.remove(option)
        return r.coverage(r.me, left + ["?"] * r.me["deck"]) - 0.1 * len(r.cards[option]["icons"])

    def _heal_card(self, r: Reading, decision: Decision, option: str) -> float:
        hero = next(h for h in r.heroes.values() if h["hand"] is not None and
                    option in h["damage"])
        cards = (hero["hand"] or []) + hero["discard"] + [option] + ["?"] * hero["deck"]
        return r.coverage(hero, cards) + 0.1 * len(r.cards[option]["icons"])

    def _gain(self, r: Reading, decision: Decision, option: str) -> float:
        if option == "none":
            return -1.0
        icons = r.cards[option]["icons"]
        scarce = {}
        for rank in r.ranks():
            scarce[rank] = sum(1 for c in (r.me["hand"] or []) + r.me["discard"]
                               if rank in r.cards[c]["icons"])
        return sum(3.0 / (1 + scarce[i]) for i in icons if i in scarce) + len(icons)

    def _opportunity_attack(self, r: Reading, decision: Decision, option: str) -> float:
        return 1.0 if option == "attack" else 0.0

    def _tie(self, r: Reading, decision: Decision, option: str) -> float:
        """Decide for the enemies the way that hurts the heroes least: the sturdiest hero, the
        minion that can do least now, the objective nearest a hero, the weakest kind."""
        if option in r.figures:
            f = r.figures[option]
            if f["team"] == "heroes":
                hero = next(h for h in r.heroes.values() if h["id"] == option)
                return r.coverage(hero) + hero["stats"]["defense"]
            return -r.activation_harm(f)
        if option in r.areas and "which objective" in decision.prompt:
            # the objective nearest a hero: the heroes can stand on it before it is claimed
            return -min((r.dist(option, h["area"]) for h in r.heroes.values()), default=0)
        if option in r.areas:
            heroes_seen = sum(1 for h in r.heroes.values() if h["area"] and
                              r.sees(option, h["area"]))
            return -heroes_seen - 2 * len(r.areas[option]["objectives"])
        if option in r.state["minions"]:
            spec = r.state["minions"][option]
            return -sum(v if isinstance(v, int) else 3
                        for v in (spec["melee"], spec["shoot"], spec["defense"]))
        area = next((a for a, x in r.areas.items() if any(o["id"] == option
                                                          for o in x["objectives"])), None)
        return len([h for h in r.heroes.values() if h["area"] == area])

    def _area(self, r: Reading, decision: Decision, option: str) -> float:
        prompt = decision.prompt
        if prompt.startswith(("push", "pull")):
            return -min((r.dist(option, h["area"]) for h in r.heroes.values()), default=0)
        if option == "stay":
            return 0.0
        return r.move_value(option, "Withdraw" not in prompt)

    def _target(self, r: Reading, decision: Decision, option: str) -> float:
        chosen = r.figures.get(option)
        if chosen is None:
            return 0.0
        if chosen["team"] == "heroes":
            hero = next(h for h in r.heroes.values() if h["id"] == option)
            return len(hero["damage"]) - r.coverage(hero) * 0.1
        kind = "shoot" if "shoot" in decision.prompt else "melee"
        return r.attack_value(r.me["stats"][kind], chosen)
