"""The shop: 'Vous décidez de tout dans la boutique.'

Each round the shop opens with its gold and its offers; the player then takes one
action per decision (buy offer O into place P, sell, reroll, freeze, move a cryptid
one place, end the shop) until they end it. Buying asks which of the cryptid's
abilities it keeps. An action the shop does not allow is refused with its reason
before anything changes (:class:`ShopDecision`).

The shop reads its numbers from the content (``shop.yaml``) and draws its offers from
the game's generator; it is also what a ghost's bot shops with (matchmaking).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from rulekeeper.core.decisions import Decision, options
from rulekeeper.core.errors import IllegalDecision
from rulekeeper.core.rng import Rng
from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids.abilities import texts
from rulekeeper.rulesets.cryptids.messages import title
from rulekeeper.rulesets.cryptids.models import CryptidsContent
from rulekeeper.rulesets.cryptids_run.abilities import choice
from rulekeeper.rulesets.cryptids_run.models import RunContent, ShopRules, StockEntry
from rulekeeper.rulesets.cryptids_run.snapshots import Fielded, StatChange

SEAT = "player"
ACTIONS = ("buy-O-P", "sell-P", "move-P-left", "move-P-right", "freeze-O", "unfreeze-O",
           "reroll", "end")
"""The shop's actions as option ids: O is an offer's number, P a place's (from 1)."""


class Teller(Protocol):
    """What the shop needs of a game's table: its generator and its log."""

    rng: Rng

    def emit(self, kind: str, rule: str, to: tuple[str, ...] | None = None,
             **data: Any) -> None: ...


class IllegalShopAction(IllegalDecision):
    """A shop action the shop does not allow now; the message says why."""


@dataclass(unsafe_hash=True)
class ShopDecision(Decision):
    """A shop decision whose refusal of an option not offered gives the reason. (No
    ``slots``: compiled, :class:`Decision` is a native class whose fields such slots would
    hide.)"""

    why_not: Callable[[str], str] | None = field(default=None, compare=False, repr=False)

    @cites("shop.refusal")
    def option(self, option_id: str) -> Any:
        if option_id not in self.ids and self.why_not is not None:
            raise IllegalShopAction(f"{option_id}: {self.why_not(option_id)}")
        return Decision.option(self, option_id)


class Stock:
    """The stocked cryptids with their cards, compiled once per content."""

    def __init__(self, content: RunContent, cards: CryptidsContent) -> None:
        self.rules = content.shop
        self.entries: dict[str, StockEntry] = {e.cryptid: e for e in content.stock.stock}
        self.cards = {c.id: c for c in cards.cryptids.cryptids}
        self.names = {i: c.name for i, c in self.cards.items()}
        """Every cryptid's name, tokens too (an ability names what it summons)."""
        self._sold: dict[frozenset[int], tuple[str, ...]] = {}
        self._data: dict[tuple[str, str | None], Any] = {}

    def sold_at(self, round_: int) -> tuple[str, ...]:
        """The cryptids offered at this round: the stock of the tiers unlocked so far."""
        tiers = self.rules.shop.tiers_at(round_)
        if tiers not in self._sold:
            self._sold[tiers] = tuple(i for i in self.entries if self.cards[i].tier in tiers)
        return self._sold[tiers]

    def ability_data(self, cryptid: str, ability: str) -> dict[str, Any]:
        """An ability as the content writes it, with its id, name and its description in
        every language, ``text`` (views share these: read them, do not change them)."""
        key = (cryptid, ability)
        if key not in self._data:
            option = self.entries[cryptid].ability(ability)
            written = option.model_dump(mode="json", by_alias=True, exclude_none=True)
            self._data[key] = {**written, "text": texts(option, self.names)}
        data: dict[str, Any] = self._data[key]
        return data

    def offer_data(self, cryptid: str) -> dict[str, Any]:
        """What an offer of this cryptid shows, but whether it is frozen."""
        key = (cryptid, None)
        if key not in self._data:
            self._data[key] = {
                "cryptid": cryptid, "name": title(self.name(cryptid)), "tier": self.tier(cryptid),
                "hp": self.hp(cryptid), "threat": self.threat(cryptid),
                "abilities": [self.ability_data(cryptid, a.id)
                              for a in self.entries[cryptid].abilities]}
        data: dict[str, Any] = self._data[key]
        return data

    def name(self, cryptid: str) -> Mapping[str, str]:
        return self.cards[cryptid].name

    def tier(self, cryptid: str) -> int:
        tier = self.cards[cryptid].tier
        assert isinstance(tier, int)
        return tier

    def hp(self, cryptid: str) -> int:
        entry = self.entries[cryptid]
        return entry.hp if entry.hp is not None else self.cards[cryptid].hp

    def threat(self, cryptid: str) -> int:
        entry = self.entries[cryptid]
        return entry.threat if entry.threat is not None else self.cards[cryptid].threat


@dataclass(slots=True)
class Place:
    """A cryptid in the row, as bought and changed in the shop."""

    cryptid: str
    ability: str
    hp: int
    threat: int
    combined: int = 0
    """Copies it has absorbed."""
    changes: list[StatChange] = field(default_factory=list)

    def fielded(self, stock: Stock) -> Fielded:
        return Fielded(cryptid=self.cryptid, ability=stock.entries[self.cryptid].ability(
            self.ability), hp=self.hp, threat=self.threat, changes=tuple(self.changes))


@dataclass(slots=True)
class Offer:
    cryptid: str
    frozen: bool = False


@dataclass
class Shop:
    """What a run keeps of its shop: the row and the offers (frozen ones stay), and the gold
    and actions of the current round."""

    places: list[Place | None]
    offers: list[Offer | None]
    gold: int = 0
    actions: int = 0

    @classmethod
    def empty(cls, rules: ShopRules) -> Shop:
        return cls([None] * rules.places, [None] * rules.offers)

    @property
    def row(self) -> list[Place]:
        """The cryptids of the row, left to right (empty places left out)."""
        return [p for p in self.places if p is not None]


def _number(text: str, most: int) -> int | None:
    return int(text) if text.isdigit() and 1 <= int(text) <= most else None


class Tally:
    """What a run counts for the lab: offers seen, purchases, abilities chosen (by the shop),
    and battles fielded and won (by the run), per cryptid and ``cryptid.ability``."""

    def __init__(self) -> None:
        self.offered: dict[str, int] = {}
        self.bought: dict[str, int] = {}
        self.chosen: dict[str, int] = {}
        self.fielded: dict[str, int] = {}
        self.fielded_won: dict[str, int] = {}

    def add(self, table: dict[str, int], key: str) -> None:
        table[key] = table.get(key, 0) + 1


class Shopkeeper:
    """The shop's rules over one run's :class:`Shop`."""

    def __init__(self, shop: Shop, stock: Stock, teller: Teller,
                 tally: Tally | None = None) -> None:
        self.shop = shop
        self.stock = stock
        self.rules = stock.rules.shop
        self.teller = teller
        self.tally = tally or Tally()
        self.round = 0
        self.buying: dict[str, Any] | None = None
        self._offer_texts: list[str | None] = []
        self._place_names: list[str | None] = []
        """While the player chooses a bought cryptid's ability: which cryptid, which place."""

    # -- a round's shop, as the rules read ---------------------------------------------------

    def run(self, round_: int) -> Generator[Decision, str, None]:
        """One round's shop: it opens, then the player acts until they end it."""
        self.open(round_)
        while True:
            decision = self.decision()
            choice = yield decision
            if choice == "end":
                break
            self.shop.actions += 1
            yield from self.act(choice)
        self.teller.emit("shop.end", "shop.end", gold=self.shop.gold)

    def open(self, round_: int) -> None:
        """'10 gold each round; unspent gold is lost'; frozen offers stay, the rest is drawn."""
        self.round = round_
        shop = self.shop
        shop.gold = self.rules.gold
        shop.actions = 0
        kept = [o.cryptid for o in shop.offers if o is not None and o.frozen]
        self.teller.emit("shop.open", "shop.gold", round=round_, gold=shop.gold,
                         tiers=sorted(self.rules.tiers_at(round_)))
        if kept:
            self.teller.emit("shop.kept", "shop.freeze", offers=[self.stock.name(c) for c in kept])
        self.draw()
        self.teller.emit("shop.offers", "shop.tiers", offers=self.offer_names())

    def draw(self) -> None:
        """Every offer that is not frozen is drawn again from the tiers unlocked so far."""
        sold = self.stock.sold_at(self.round)
        for slot, offer in enumerate(self.shop.offers):
            if offer is None or not offer.frozen:
                cryptid = self.teller.rng.choice(sold)
                self.shop.offers[slot] = Offer(cryptid)
                self.tally.add(self.tally.offered, cryptid)

    def offer_names(self) -> list[Mapping[str, str]]:
        return [self.stock.name(o.cryptid) if o else {"en": "—", "fr": "—"}
                for o in self.shop.offers]

    # -- what may be done -----------------------------------------------------------------

    def decision(self) -> ShopDecision:
        shop, stock = self.shop, self.stock
        self._offer_texts = [
            None if o is None else f"{stock.name(o.cryptid)['en']} (offer {n}, tier "
            f"{stock.tier(o.cryptid)}, {stock.hp(o.cryptid)} HP, threat "
            f"{stock.threat(o.cryptid)})" for n, o in enumerate(shop.offers, 1)]
        self._place_names = [None if p is None else stock.name(p.cryptid)["en"]
                             for p in shop.places]
        legal = [(a, self.label(a)) for a in self.legal()]
        return ShopDecision(SEAT, "shop", options(legal), "battle.shop.a",
                            f"Round {self.round}, {shop.gold} gold: what do you do in the shop?",
                            self._refusal)

    def _refusal(self, action: str) -> str:
        return self.why_not(action) or "not offered"

    def legal(self) -> list[str]:
        """The actions allowed now, in the order of :meth:`candidates` (the same as those
        :meth:`why_not` allows, found directly: this runs at every decision)."""
        shop, rules = self.shop, self.rules
        if shop.actions >= rules.actions:
            cites("shop.action-limit")
            return ["end"]
        places, offers = shop.places, shop.offers
        found: list[str] = []
        if shop.gold >= rules.prices.buy:
            most = rules.combine.most
            for o, offer in enumerate(offers, 1):
                if offer is None:
                    continue
                for p, place in enumerate(places, 1):
                    if place is None or (place.cryptid == offer.cryptid and place.combined < most):
                        found.append(f"buy-{o}-{p}")
        found += [f"sell-{p}" for p, place in enumerate(places, 1) if place is not None]
        for p, place in enumerate(places, 1):
            if place is not None:
                if p > 1:
                    found.append(f"move-{p}-left")
                if p < len(places):
                    found.append(f"move-{p}-right")
        for o, offer in enumerate(offers, 1):
            if offer is not None:
                found.append(f"unfreeze-{o}" if offer.frozen else f"freeze-{o}")
        if shop.gold >= rules.prices.reroll and not all(o is not None and o.frozen
                                                         for o in offers):
            found.append("reroll")
        found.append("end")
        return found

    def candidates(self) -> list[str]:
        offers, places = range(1, self.rules.offers + 1), range(1, self.rules.places + 1)
        return ([f"buy-{o}-{p}" for o in offers for p in places]
                + [f"sell-{p}" for p in places]
                + [f"move-{p}-{way}" for p in places for way in ("left", "right")]
                + [f"{verb}-{o}" for o in offers for verb in ("freeze", "unfreeze")]
                + ["reroll", "end"])

    def why_not(self, action: str) -> str | None:
        """Why the shop refuses ``action`` now, or None when it allows it."""
        verb, _, rest = action.partition("-")
        if action == "end":
            return None
        if verb not in ("buy", "sell", "move", "freeze", "unfreeze", "reroll"):
            return f"not a shop action; the actions are {', '.join(ACTIONS)}"
        if self.shop.actions >= self.rules.actions:
            return (f"this shop has taken its {self.rules.actions} actions (shop.action-limit): "
                    "only ending it is left")
        if action == "reroll":
            return self._why_not_reroll()
        parts = rest.split("-")
        if verb == "buy" and len(parts) == 2:
            return self._why_not_buy(*parts)
        if verb == "sell" and len(parts) == 1:
            place, problem = self._place(parts[0])
            return problem or (None if place is not None else
                               f"place {parts[0]} is empty: nothing to sell")
        if verb == "move" and len(parts) == 2 and parts[1] in ("left", "right"):
            return self._why_not_move(*parts)
        if verb in ("freeze", "unfreeze") and len(parts) == 1:
            return self._why_not_freeze(verb, parts[0])
        return f"not a shop action; the actions are {', '.join(ACTIONS)}"

    def _place(self, text: str) -> tuple[Place | None, str | None]:
        index = _number(text, self.rules.places)
        if index is None:
            return None, f"there is no place {text} (places 1 to {self.rules.places})"
        return self.shop.places[index - 1], None

    def _offer(self, text: str) -> tuple[Offer | None, str | None]:
        index = _number(text, self.rules.offers)
        if index is None:
            return None, f"there is no offer {text} (offers 1 to {self.rules.offers})"
        offer = self.shop.offers[index - 1]
        return offer, None if offer is not None else f"offer {text} was bought already"

    def _why_not_buy(self, offer_text: str, place_text: str) -> str | None:
        offer, problem = self._offer(offer_text)
        if offer is None:
            return problem
        place, problem = self._place(place_text)
        if problem:
            return problem
        price = self.rules.prices.buy
        if self.shop.gold < price:
            return f"not enough gold: a cryptid costs {price}, you have {self.shop.gold}"
        if place is None:
            return None
        name = self.stock.name(place.cryptid)["en"]
        if place.cryptid == offer.cryptid:
            most = self.rules.combine.most
            if most == 0:
                return f"place {place_text} holds {name} (copies do not combine)"
            if place.combined >= most:
                return f"{name} at place {place_text} has absorbed {most} copies, the most"
            return None
        free = [str(i) for i, p in enumerate(self.shop.places, 1) if p is None]
        if not free:
            return "the row is full: sell a cryptid first, or buy a copy onto the same cryptid"
        return f"place {place_text} holds {name}: buy into a free place ({', '.join(free)})"

    def _why_not_move(self, place_text: str, way: str) -> str | None:
        place, problem = self._place(place_text)
        if problem:
            return problem
        if place is None:
            return f"place {place_text} is empty: nothing to move"
        index = int(place_text)
        if way == "left" and index == 1:
            return "place 1 is the leftmost"
        if way == "right" and index == self.rules.places:
            return f"place {index} is the rightmost"
        return None

    def _why_not_freeze(self, verb: str, offer_text: str) -> str | None:
        offer, problem = self._offer(offer_text)
        if offer is None:
            return problem
        if verb == "freeze" and offer.frozen:
            return f"offer {offer_text} is frozen already"
        if verb == "unfreeze" and not offer.frozen:
            return f"offer {offer_text} is not frozen"
        return None

    def _why_not_reroll(self) -> str | None:
        price = self.rules.prices.reroll
        if self.shop.gold < price:
            return f"not enough gold: a reroll costs {price}, you have {self.shop.gold}"
        if all(o is not None and o.frozen for o in self.shop.offers):
            return "every offer is frozen: a reroll would change nothing"
        return None

    # -- labels -------------------------------------------------------------------------

    def label(self, action: str) -> str:
        """An allowed action in words (from the texts :meth:`decision` prepared)."""
        shop = self.shop
        verb, _, rest = action.partition("-")
        parts = rest.split("-")
        if verb == "buy":
            what = self._offer_texts[int(parts[0]) - 1]
            combine = self.rules.combine
            where = (f"onto the same at place {parts[1]}: +{combine.hp} HP, +{combine.threat} "
                     f"threat" if shop.places[int(parts[1]) - 1] is not None
                     else f"into place {parts[1]}")
            return f"buy {what} {where}, {self.rules.prices.buy} gold"
        if verb == "sell":
            return (f"sell {self._place_names[int(parts[0]) - 1]} (place {parts[0]}) for "
                    f"{self.rules.prices.sell} gold")
        if verb == "move":
            to = int(parts[0]) + (-1 if parts[1] == "left" else 1)
            return (f"move {self._place_names[int(parts[0]) - 1]} from place {parts[0]} to "
                    f"place {to}")
        if verb in ("freeze", "unfreeze"):
            what = self._offer_texts[int(parts[0]) - 1]
            return f"{verb} offer {parts[0]}: {what}"
        if action == "reroll":
            return f"reroll the offers that are not frozen, {self.rules.prices.reroll} gold"
        return f"end the shop ({shop.gold} unspent gold is lost) and fight"

    # -- what the actions do ------------------------------------------------------------

    def act(self, action: str) -> Generator[Decision, str, None]:
        verb, _, rest = action.partition("-")
        parts = rest.split("-")
        if verb == "buy":
            yield from self.buy(int(parts[0]), int(parts[1]))
        elif verb == "sell":
            self.sell(int(parts[0]))
        elif verb == "move":
            self.move(int(parts[0]), -1 if parts[1] == "left" else 1)
        elif verb in ("freeze", "unfreeze"):
            self.freeze(int(parts[0]), verb == "freeze")
        else:
            self.reroll()

    def buy(self, number: int, at: int) -> Generator[Decision, str, None]:
        shop, stock, teller = self.shop, self.stock, self.teller
        offer = shop.offers[number - 1]
        assert offer is not None
        shop.offers[number - 1] = None
        shop.gold -= self.rules.prices.buy
        cryptid = offer.cryptid
        self.tally.add(self.tally.bought, cryptid)
        place = shop.places[at - 1]
        if place is not None:
            self.combine(place, at)
            return
        cites("battle.shop.b")  # the cryptids fielded are those bought
        teller.emit("shop.buy", "shop.buy", who=stock.name(cryptid), place=at,
                    price=self.rules.prices.buy, gold=shop.gold)
        entry = stock.entries[cryptid]
        ability = entry.abilities[0].id
        if len(entry.abilities) > 1:
            self.buying = {"cryptid": cryptid, "place": at}
            ability = yield Decision(SEAT, "ability", options(
                (a.id, choice(a, stock.names)) for a in entry.abilities),
                "battle.shop.c", f"Which ability does {stock.name(cryptid)['en']} keep?")
            self.buying = None
        chosen = entry.ability(ability)
        self.tally.add(self.tally.chosen, f"{cryptid}.{ability}")
        shop.places[at - 1] = Place(cryptid, ability, stock.hp(cryptid), stock.threat(cryptid))
        teller.emit("shop.ability", "shop.abilities", who=stock.name(cryptid), place=at,
                    ability=chosen.name)

    def combine(self, place: Place, at: int) -> None:
        combine = self.rules.combine
        if combine.hp:
            place.changes.append(StatChange(stat="hp", by=combine.hp, round=self.round))
        if combine.threat:
            place.changes.append(StatChange(stat="threat", by=combine.threat, round=self.round))
        place.combined += 1
        place.hp += combine.hp
        place.threat += combine.threat
        self.teller.emit("shop.combine", "shop.combine", who=self.stock.name(place.cryptid),
                         place=at, hp=place.hp, threat=place.threat, gold=self.shop.gold)

    def sell(self, at: int) -> None:
        place = self.shop.places[at - 1]
        assert place is not None
        self.shop.places[at - 1] = None
        self.shop.gold += self.rules.prices.sell
        self.teller.emit("shop.sell", "shop.sell", who=self.stock.name(place.cryptid), place=at,
                         price=self.rules.prices.sell, gold=self.shop.gold)

    def move(self, at: int, step: int) -> None:
        places = self.shop.places
        to = at + step
        mover, other = places[at - 1], places[to - 1]
        assert mover is not None
        places[at - 1], places[to - 1] = other, mover
        name = self.stock.name(mover.cryptid)
        if other is None:
            self.teller.emit("shop.move", "shop.reorder", who=name, place=to)
        else:
            self.teller.emit("shop.swap", "shop.reorder", who=name, place=to,
                             other=self.stock.name(other.cryptid), other_place=at)

    def freeze(self, number: int, frozen: bool) -> None:
        offer = self.shop.offers[number - 1]
        assert offer is not None
        offer.frozen = frozen
        self.teller.emit("shop.freeze" if frozen else "shop.unfreeze", "shop.freeze",
                         offer=number, who=self.stock.name(offer.cryptid))

    def reroll(self) -> None:
        self.shop.gold -= self.rules.prices.reroll
        self.draw()
        self.teller.emit("shop.reroll", "shop.reroll", price=self.rules.prices.reroll,
                         gold=self.shop.gold, offers=self.offer_names())
