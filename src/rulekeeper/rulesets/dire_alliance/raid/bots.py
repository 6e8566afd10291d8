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

from collections.abc import Hashable
from typing import TYPE_CHECKING, NamedTuple

from rulekeeper.core.decisions import Decision
from rulekeeper.rulesets.dire_alliance.bots import BoardReading, Memory, OneStepBot
from rulekeeper.rulesets.dire_alliance.raid.models import DASH
from rulekeeper.rulesets.dire_alliance.raid.pieces import ENEMIES, HEROES, Hero
from rulekeeper.rulesets.dire_alliance.tabletop import Fighter, Stat

if TYPE_CHECKING:
    from rulekeeper.rulesets.dire_alliance.raid.table import Raid

WIN = 1000.0
WOUND = 14.0
MINION = 6.0
HIT_TAKEN = 5.0
CARD = 2.5
SEAL = 60.0


class Figure(NamedTuple):
    """What the bot reads of a figure on the board, once a decision: its stats now (the
    action rows' modifiers counted), whether its stat is a minion's ★ (its star ability
    gives the dice) and whether it is the villain."""

    id: str
    card: str
    name: str
    area: str
    team: str
    stunned: bool
    melee: int
    shoot: int
    defense: int
    star: bool
    villain: bool
    rank: str | None

Stats = tuple[int, int, int, bool, str | None]
"""A figure's melee, shoot and defense now, whether its stat is a ★, and its rank."""


class Reading(BoardReading):
    """The bot's reading of one decision's table: where everyone is and what it is worth.
    Figures on the board are listed area by area, in the board's order."""

    def __init__(self, t: Raid, seat: str, memory: Memory | None = None) -> None:
        super().__init__(t, seat, memory)
        self.raid = t
        self._known = self.memory.values("stats")
        self.heroes = t.heroes
        self.me: Hero = t.heroes[seat]
        self.here = str(self.me.fighter.area)
        self.cards = t.cards
        self.goal = t.scenario.hero_goal
        self._enemies_in: dict[str, list[Figure]] = {}
        self._worth: dict[str, float] = {}
        self._figures: dict[str, Figure] | None = None
        self._enemy_list: list[Figure] | None = None
        self._my_stats: dict[str, int] | None = None
        self._rank_list: list[str] | None = None
        self._fragility: float | None = None
        self._threat_values: dict[tuple[str, int], float] | None = None
        self._position_values: dict[Hashable, float] | None = None
        self._pressed_areas: list[str] | None = None
        self._open_site_areas: list[str] | None = None
        self._staying_value: float | None = None
        self._leaving_value: float | None = None
        self._best_basic: float | None = None

    @property
    def figures(self) -> dict[str, Figure]:
        """The figures on the board, by id. Their stats are kept from one decision to the
        next by what they depend on: a minion's kind, a hero's face-up cards, the villain's
        row; and each figure's record by its area, whether it is stunned, its form (its name)
        and those stats."""
        found = self._figures
        if found is None:
            found = self._figures = self._read_figures()
        return found

    def _read_figures(self) -> dict[str, Figure]:
        t, known, records = self.raid, self._known, self.memory.values("figures")
        villain = t.villain.fighter if t.villain is not None else None
        found = {}
        for area in t.board.ids:
            for f in t.occupants[area]:
                key: Hashable
                if f.team == HEROES:
                    key = f.id, tuple([c.card for c in t.heroes[f.side].row if c.faceup])
                elif f is villain:
                    key = f.id, tuple(t.the_villain.row)
                else:
                    key = f.card
                record = (f.id, area, f.stunned, id(f.form), key)
                figure = records.get(record)
                if figure is None:
                    melee, shoot, defense, star, rank = known.get(key) or self._stats(f, key)
                    figure = records[record] = Figure(
                        f.id, f.card, f.name, area, f.team, f.stunned, melee, shoot, defense,
                        star, f is villain, rank)
                found[f.id] = figure
        return found

    def _stats(self, f: Fighter, key: Hashable) -> Stats:
        t = self.raid
        star = t.kinds[f.card].star if not t.is_hero(f) and not t.is_villain(f) else None
        stats = self._known[key] = (t.stat(f, "melee"), t.stat(f, "shoot"),
                                    t.stat(f, "defense"),
                                    bool(star.name) if star is not None else False, t.rank(f))
        return stats

    @property
    def my_stats(self) -> dict[str, int]:
        """The hero's melee, shoot and defense now."""
        found = self._my_stats
        if found is None:
            me = self.me
            key = me.fighter.id, tuple(c.card for c in me.row if c.faceup)
            mine = self._known.get(key) or self._stats(me.fighter, key)
            found = self._my_stats = {"melee": mine[0], "shoot": mine[1], "defense": mine[2]}
        return found

    def dist(self, a: str | None, b: str | None) -> int:
        if a is None or b is None:
            return 9
        return self.distances(a).get(b, 9)

    def enemies(self) -> list[Figure]:
        """The enemies on the board (worked out once a reading)."""
        found = self._enemy_list
        if found is None:
            found = self._enemy_list = [f for f in self.figures.values() if f.team == ENEMIES]
        return found

    def enemies_in(self, area: str) -> list[Figure]:
        found = self._enemies_in.get(area)
        if found is None:
            found = self._enemies_in[area] = [f for f in self.enemies() if f.area == area]
        return found

    def villain(self) -> Figure | None:
        return next((f for f in self.enemies() if f.villain), None)

    @property
    def shoot_barred(self) -> bool:
        """Whether a card's Shoot is barred by an enemy in the hero's area (the ruling)."""
        return bool(self.raid.rulings["raid-special-shoot"] == "no-enemies-here")

    def hit(self, dice: int, defense: int) -> float:
        if dice <= 0:
            return 0.0
        chance = self._hits.get((dice, defense, False, False))
        return self.odds_of_hit(dice, defense, False, False) if chance is None else chance

    # --- the hero's own cards ---------------------------------------------------------

    def ranks(self) -> list[str]:
        found = self._rank_list
        if found is None:
            found = self._rank_list = sorted({f.rank for f in self.enemies() if f.rank} | {"III"})
        return found

    def known_cards(self, hero: Hero) -> list[str]:
        """The cards of ``hero`` its seat may know of: its hand when it is this seat's, and
        its discard pile."""
        piles = hero.piles
        return (piles.hand + piles.discard) if hero is self.me else list(piles.discard)

    def coverage(self, hero: Hero, cards: list[str] | None = None) -> int:
        """The fewest cards the hero could still lose to any one rank."""
        if cards is None:
            cards = self.known_cards(hero) + ["?"] * len(hero.piles.deck)
        icons = self.memory.values("icons")
        counts: dict[str, int] = {}
        unknown = 0
        for card in cards:
            if card == "?":
                unknown += 1
                continue
            found = icons.get(card)
            if found is None:
                found = icons[card] = frozenset(self.cards[card].icons)
            for icon in found:
                counts[icon] = counts.get(icon, 0) + 1
        return min(counts.get(r, 0) + unknown // 2 for r in self.ranks())

    @property
    def fragility(self) -> float:
        """How much one more hit hurts: more as the coverage shrinks."""
        found = self._fragility
        if found is None:
            cover = self.coverage(self.me)
            found = self._fragility = 1.0 + (3.0 if cover <= 2 else 1.0 if cover <= 4 else 0.0)
        return found

    # --- danger and worth -------------------------------------------------------------

    @property
    def _threats(self) -> dict[tuple[str, int], float]:
        """Threats, kept from one decision to the next while the enemies are unchanged (where
        they stand, their stats, whether stunned)."""
        found = self._threat_values
        if found is None:
            found = self._threat_values = self.memory.values("threats", tuple(self.enemies()))
        return found

    @property
    def _positions(self) -> dict[Hashable, float]:
        """This hero's positions (by area) and the cost of leaving an area (by ``("leaving",
        area)``), kept while what they read is unchanged: the enemies, the hero's stats and
        fragility, the sites' holders and the objectives left."""
        found = self._position_values
        if found is None:
            found = self._position_values = self.memory.values("positions " + self.seat, (
                tuple(self.enemies()), tuple(self.my_stats.values()), self.fragility,
                tuple(s.holder for s in self.raid.sites.values()),
                tuple(o.id for objectives in self.objectives.values() for o in objectives)))
        return found

    def threat(self, area: str, defense: int) -> float:
        """Expected hits the enemies can deal to a hero with ``defense`` standing in ``area``."""
        key = (area, defense)
        value = self._threats.get(key)
        if value is None:
            value = self._threats[key] = self._threat(area, defense)
        return value

    def _threat(self, area: str, defense: int) -> float:
        total = 0.0
        distances = self.distances(area)
        seen = self._sight
        hit = self.hit
        for e in self.enemies():
            where = e.area
            if where == area and (e.melee or e.star):
                total += hit(max(e.melee, 3 if e.star else 0), defense)
            elif e.shoot and where != area and area in seen[where]:
                total += hit(e.shoot, defense) * 0.7
            elif e.melee and distances.get(where, 9) == 1:
                total += hit(e.melee, defense) * 0.4
        return total

    def enemy_worth(self, e: Figure) -> float:
        """What one wound on (or the defeat of) enemy ``e`` is worth."""
        value = self._worth.get(e.id)
        if value is None:
            value = self._worth[e.id] = self._enemy_worth(e)
        return value

    def _enemy_worth(self, e: Figure) -> float:
        if e.villain:
            villain = self.raid.the_villain
            left = villain.health - villain.wounds
            if left <= 1 and self.goal.defeat_villain:
                return WIN
            return WOUND + (6 if left <= 3 else 0)
        danger = self.hit(max(e.melee, 3 if e.star else 0, e.shoot), 1)
        near = 2 if self.dist(e.area, self.here) <= 1 else 0
        guard = 2 if self.objectives[e.area] else 0
        return MINION + 4 * danger + near + guard

    def activation_harm(self, e: Figure) -> float:
        """How much activating this minion now could hurt the heroes: most if it claims the
        objective it stands on (its first action is Control, no hero there), then if it can
        attack a hero, then by the danger around it."""
        area = e.area
        heroes_here = any(h.fighter.area == area for h in self.heroes.values())
        first = self.raid.kinds[e.card].actions[0].text
        harm = self.threat(area, 1) + (3.0 if area == self.here else 0.0)
        if first.startswith("Control") and self.objectives[area] and not heroes_here:
            return 20.0 + harm
        if (((e.melee or e.star) and heroes_here)
                or (e.shoot and any(
                    h.fighter.area not in (None, area) and self.sees(area, h.fighter.area)
                    for h in self.heroes.values()))):
            return 10.0 + harm
        return harm

    def attack_value(self, dice: int, e: Figure) -> float:
        return self.hit(dice, e.defense) * self.enemy_worth(e)

    def position(self, area: str) -> float:
        """How good it is for this hero to stand in ``area`` for the rest of the round."""
        value = self._positions.get(area)
        if value is None:
            value = self._positions[area] = self._position(area)
        return value

    @property
    def _pressed(self) -> list[str]:
        """Areas of objectives left with an enemy at most one border away, in the board's
        order."""
        found = self._pressed_areas
        if found is None:
            found = self._pressed_areas = self._read_pressed()
        return found

    def _read_pressed(self) -> list[str]:
        enemies = self.enemies()
        pressed = []
        for area, objectives in self.objectives.items():
            if objectives:
                distances = self.distances(area)  # borders are crossed both ways
                if any(distances.get(e.area, 9) <= 1 for e in enemies):
                    pressed.append(area)
        return pressed

    @property
    def _open_sites(self) -> list[str]:
        """The areas of the sites no one holds (when the heroes' goal has sites)."""
        found = self._open_site_areas
        if found is None:
            found = self._open_site_areas = [s.area for s in self.raid.sites.values()
                                             if not s.holder] if self.goal.sites else []
        return found

    def _position(self, area: str) -> float:
        value = 0.0
        villain = self.villain()
        stats = self.my_stats
        distances = self.distances(area)
        open_sites = self._open_sites
        if open_sites:
            value -= 5 * min(distances.get(a, 9) for a in open_sites)
        if villain is not None:
            weight = 4 if self.goal.defeat_villain else 1
            value -= weight * distances.get(villain.area, 9)
            if area == villain.area and stats["melee"] > 0:
                value += 3
            elif stats["shoot"] > 0 and self.sees(area, villain.area):
                value += 2
        if area in self._pressed:
            value += 2
        return value - HIT_TAKEN * self.fragility * 0.6 * self.threat(area, stats["defense"])

    def leaving(self, area: str) -> float:
        """Expected cost of the opportunity attacks on leaving ``area`` (kept with the
        positions: it reads what they read)."""
        key = ("leaving", area)
        value = self._positions.get(key)
        if value is None:
            value = self._positions[key] = self._leaving(area)
        return value

    def _leaving(self, area: str) -> float:
        defense = self.my_stats["defense"]
        hits = sum(self.hit(max(e.melee, 3 if e.star else 0), defense)
                   for e in self.enemies_in(area) if not e.stunned)
        return hits * HIT_TAKEN * self.fragility

    def move_value(self, area: str, opportunity: bool = True) -> float:
        cost = self._leaving_here if opportunity else 0.0
        return self.position(area) - self._staying - cost

    @property
    def _staying(self) -> float:
        found = self._staying_value
        if found is None:
            found = self._staying_value = self.position(self.here)
        return found

    @property
    def _leaving_here(self) -> float:
        found = self._leaving_value
        if found is None:
            found = self._leaving_value = self.leaving(self.here)
        return found

    # --- actions ----------------------------------------------------------------------

    def basic(self, option: str) -> float:
        """The value of the basic action ``option``. A Move, Melee or Shoot is kept with the
        positions (it reads what they read, where the hero stands and the villain's wounds
        left)."""
        verb = option.partition(":")[0]
        if verb not in ("move", "melee", "shoot"):
            return self._basic(option)
        villain = self.raid.the_villain
        key = ("basic", self.here, villain.health - villain.wounds, option)
        value = self._positions.get(key)
        if value is None:
            value = self._positions[key] = self._basic(option)
        return value

    def _basic(self, option: str) -> float:
        verb, _, arg = option.partition(":")
        if verb == "move":
            return self.move_value(arg)
        if verb in ("melee", "shoot") and arg in self.figures:
            return self.attack_value(self.my_stats[verb], self.figures[arg])
        if verb == "rest":
            return CARD * (1 + (2 if self.coverage(self.me) <= 3 else 0))
        if verb == "interact":
            sealed = sum(1 for s in self.raid.sites.values() if s.holder)
            return WIN if sealed + 1 >= (self.goal.sites or 99) else SEAL
        return 0.0

    @property
    def best_basic(self) -> float:
        """The value of the hero's best basic action now (every face-down card offers it)."""
        found = self._best_basic
        if found is None:
            found = self._best_basic = self._read_best_basic()
        return found

    def _read_best_basic(self) -> float:
        here = self.here
        options = [f"move:{a}" for a in self.board.neighbours(here)]
        enemies = self.enemies_in(here)
        options += [f"melee:{e.id}" for e in enemies]
        if not enemies:
            options += [f"shoot:{e.id}" for e in self.enemies()
                        if e.area != here and self.sees(here, e.area)]
            if self.me.damage_pile:
                options.append("rest")
            if any(not s.holder for s in self.raid.sites.values() if s.area == here):
                options.append("interact")
        return max([0.0, *(self.basic(o) for o in options)])

    def special(self, card: str) -> float:
        """A rough value of a card's ➤ special action, its effects one after the other."""
        total, here = 0.0, self.here
        stats = self.my_stats
        spec = self.cards[card]
        mods = spec.modifiers
        effects = spec.special.effects if spec.special else []
        attacks = any(e.verb == "melee" for e in effects)
        chosen: Figure | None = None
        for effect in effects:
            verb = effect.verb
            enemies = self.enemies_in(here)
            if verb in ("move", "withdraw"):
                reach = [here, *self.board.neighbours(here)]
                melee = stats["melee"] + mods.melee
                best = max(reach, key=lambda a: self.position(a) + (
                    self.attack_value(melee, max(self.enemies_in(a), key=self.enemy_worth))
                    if self.enemies_in(a) and attacks else 0))
                total += self.position(best) - self.position(here) - (
                    self.leaving(here) if verb == "move" and best != here else 0)
                here = best
            elif verb == "melee" and enemies:
                dice = stats["melee"] + mods.melee + effect.attack.dice
                chosen = max(enemies, key=lambda e: self.attack_value(dice, e))
                total += self.attack_value(dice, chosen)
            elif verb == "shoot" and not (enemies and self.shoot_barred):
                seen = [e for e in self.enemies() if e.area != here and self.sees(here, e.area)]
                if seen:
                    dice = stats["shoot"] + mods.shoot + effect.attack.dice
                    chosen = max(seen, key=lambda e: self.attack_value(dice, e))
                    total += self.attack_value(dice, chosen)
            elif verb == "heal":
                total += CARD * min(effect.amount, len(self.me.damage_pile)) * 1.5
            elif verb == "gain":
                total += CARD * effect.amount
            elif verb == "token":
                total += HIT_TAKEN * self.fragility * 0.5 * min(
                    1.0, self.threat(here, stats["defense"]))
            elif verb == "stun" and chosen is not None:
                total += 1.0
        return total

    def modifiers_worth(self, card: str) -> float:
        """What a card's modifiers are worth face up for the rest of the round."""
        mods = self.cards[card].modifiers
        base = self.me.spec
        threat = self.threat(self.here, self.my_stats["defense"])
        worth = 0.0
        if base.defense != DASH and mods.defense:
            worth += mods.defense * 1.5 * HIT_TAKEN * 0.25 * self.fragility * min(threat, 1.5)
        for stat in ("melee", "shoot"):
            if getattr(base, stat) != DASH and getattr(mods, stat):
                worth += getattr(mods, stat) * 1.2
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
            return r.best_basic - 0.3
        if face == "exert":
            moves = [r.move_value(a) for a in r.board.neighbours(r.here)]
            return max(moves) - CARD * 2 * r.fragility
        if face == "wait":
            return -1.0
        return -0.5 if r.me.piles.hand else 0.0

    def _action(self, r: Reading, decision: Decision, option: str) -> float:
        if option == "special":  # the special action of the card face up (being resolved)
            resolving = r.me.resolving
            return r.special(resolving.card) if resolving is not None else 1.0
        return r.basic(option)

    def _boost(self, r: Reading, decision: Decision, option: str) -> float:
        if option == "done":
            return 0.0
        card = option.partition(":")[2]
        mods = r.cards[card].modifiers
        defense = r.my_stats["defense"]
        prompt = decision.prompt
        spend = 0.0 if r.raid.phase == "Enemies React" else CARD * 0.8
        if "defending against" in prompt:
            name = prompt.split("defending against ")[1].split("'s ")[0]
            shoot = prompt.rstrip("?").split(": boost")[0].endswith("shoot")
            enemy = next((f for f in r.enemies() if f.name == name), None)
            if enemy is None or r.me.spec.defense == DASH or mods.defense <= 0:
                return -1.0
            dice = max(enemy.shoot if shoot else enemy.melee, 3 if enemy.star else 0)
            saved = r.hit(dice, defense) - r.hit(dice, defense + mods.defense)
            return saved * HIT_TAKEN * r.fragility * 1.5 - spend
        kind: Stat = "shoot" if "(shoot)" in prompt else "melee"
        bonus = getattr(mods, kind)
        if bonus <= 0 or getattr(r.me.spec, kind) == DASH:
            return -1.0
        names = prompt.split("attacking ")[1].split(" (")[0].split(", ")
        targets = [f for f in r.enemies() if f.name in names] or r.enemies()[:1]
        if not targets:
            return -1.0
        target = targets[0]
        dice = r.my_stats[kind] + 1
        gain = r.attack_value(dice + bonus, target) - r.attack_value(dice, target)
        return gain - spend

    def _ward(self, r: Reading, decision: Decision, option: str) -> float:
        return 1.0 if option == "ward" else 0.0

    def _lose_card(self, r: Reading, decision: Decision, option: str) -> float:
        left = r.known_cards(r.me)
        if option in left:
            left.remove(option)
        return (r.coverage(r.me, left + ["?"] * len(r.me.piles.deck))
                - 0.1 * len(r.cards[option].icons))

    def _heal_card(self, r: Reading, decision: Decision, option: str) -> float:
        hero = next(h for h in (r.me,) if option in h.damage_pile)  # its own damage pile
        cards = r.known_cards(hero) + [option] + ["?"] * len(hero.piles.deck)
        return r.coverage(hero, cards) + 0.1 * len(r.cards[option].icons)

    def _gain(self, r: Reading, decision: Decision, option: str) -> float:
        if option == "none":
            return -1.0
        icons = r.cards[option].icons
        known = r.known_cards(r.me)
        scarce = {rank: sum(1 for c in known if rank in r.cards[c].icons) for rank in r.ranks()}
        return sum(3.0 / (1 + scarce[i]) for i in icons if i in scarce) + len(icons)

    def _opportunity_attack(self, r: Reading, decision: Decision, option: str) -> float:
        return 1.0 if option == "attack" else 0.0

    def _tie(self, r: Reading, decision: Decision, option: str) -> float:
        """Decide for the enemies the way that hurts the heroes least: the sturdiest hero, the
        minion that can do least now, the objective nearest a hero, the weakest kind."""
        heroes = r.heroes.values()
        if option in r.figures:
            f = r.figures[option]
            if f.team == HEROES:
                hero = next(h for h in heroes if h.fighter.id == option)
                return r.coverage(hero) + f.defense
            return -r.activation_harm(f)
        if option in r.objectives and "which objective" in decision.prompt:
            # the objective nearest a hero: the heroes can stand on it before it is claimed
            return -min((r.dist(option, h.fighter.area) for h in heroes), default=0)
        if option in r.objectives:
            heroes_seen = sum(1 for h in heroes if h.fighter.area and
                              r.sees(option, h.fighter.area))
            return -heroes_seen - 2 * len(r.objectives[option])
        if option in r.raid.kinds:
            spec = r.raid.kinds[option]
            return -sum(v if isinstance(v, int) else 3
                        for v in (spec.melee, spec.shoot, spec.defense))
        area = next((a for a, objectives in r.objectives.items()
                     if any(o.id == option for o in objectives)), None)
        return len([h for h in heroes if h.fighter.area == area])

    def _area(self, r: Reading, decision: Decision, option: str) -> float:
        prompt = decision.prompt
        if prompt.startswith(("push", "pull")):
            return -min((r.dist(option, h.fighter.area) for h in r.heroes.values()), default=0)
        if option == "stay":
            return 0.0
        return r.move_value(option, "Withdraw" not in prompt)

    def _target(self, r: Reading, decision: Decision, option: str) -> float:
        chosen = r.figures.get(option)
        if chosen is None:
            return 0.0
        if chosen.team == HEROES:
            hero = next(h for h in r.heroes.values() if h.fighter.id == option)
            return len(hero.damage_pile) - r.coverage(hero) * 0.1
        kind: Stat = "shoot" if "shoot" in decision.prompt else "melee"
        return r.attack_value(r.my_stats[kind], chosen)
