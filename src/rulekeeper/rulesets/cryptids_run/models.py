"""The content of a cryptids run: the run's and the shop's numbers, and the shop's stock.

``shop.yaml`` holds every number of the game around battles (lives, the lives a loss
costs, gold, prices, tiers, matchmaking bands, the rating's starting values);
``stock.yaml`` the cryptids the shop sells, each with the abilities one chooses between
when buying it, written in the battle's trigger vocabulary (docs/cryptids.md). A
cryptid's card (name, tier, HP, threat) is the battle's (``cryptids.yaml`` of the
``cryptids`` ruleset); a stock entry may change its HP or threat for the run.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from rulekeeper.core import registry
from rulekeeper.core.content import Model
from rulekeeper.core.errors import RulesetError
from rulekeeper.rulesets.cryptids.models import (
    ROW_LIMIT,
    Ability,
    CryptidId,
    CryptidsContent,
    Name,
    catalogue,
)
from rulekeeper.rulesets.cryptids.ruleset import CryptidsRuleset

MAX_ROUNDS = 60
"""The most rounds ``run.rounds`` may allow (it bounds a run's length)."""
MAX_ACTIONS = 100
"""The most actions ``shop.actions`` may allow in one shop."""

Id = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")


BATTLE_RULESET = "cryptids-v1"
"""The ruleset every battle of a run is a game of."""


def battle_ruleset() -> CryptidsRuleset:
    """The ruleset every battle of a run is a game of."""
    ruleset = registry.load(BATTLE_RULESET)
    if not isinstance(ruleset, CryptidsRuleset):
        raise RulesetError(f"{BATTLE_RULESET} is not the cryptids battle")
    return ruleset


def battle_content() -> CryptidsContent:
    """The cards battles are fought with: the battle ruleset's sample content."""
    content = battle_ruleset().load_content(None)[0]
    assert isinstance(content, CryptidsContent)
    return content


def battle_digest() -> str:
    return battle_ruleset().load_content(None)[1]


class LossCost(Model):
    """From ``from_round`` on, a lost battle costs ``lives``."""

    from_round: int = Field(ge=1)
    lives: int = Field(ge=0)


class RunRules(Model):
    lives: int = Field(5, ge=1, le=100, description="lives a run starts with")
    victories: int = Field(10, ge=1, le=MAX_ROUNDS, description="victories that win the run")
    rounds: int = Field(30, ge=1, le=MAX_ROUNDS,
                        description="a run ends after this round, whatever happens")
    loss_costs: list[LossCost] = Field(min_length=1)

    @model_validator(mode="after")
    def _costs_in_order(self) -> RunRules:
        rounds = [c.from_round for c in self.loss_costs]
        if rounds[0] != 1 or rounds != sorted(set(rounds)):
            raise ValueError("loss_costs start at from_round 1 and go up, each round once")
        return self

    def loss_cost(self, round_: int) -> int:
        """The lives a battle lost at this round costs."""
        return [c.lives for c in self.loss_costs if c.from_round <= round_][-1]


class Prices(Model):
    buy: int = Field(ge=0)
    sell: int = Field(ge=0)
    reroll: int = Field(ge=0)


class TierUnlock(Model):
    tier: Literal[1, 2, 3]
    from_round: int = Field(ge=1)


class Combine(Model):
    """Buying a copy of a cryptid onto the same cryptid in the row."""

    hp: int = Field(ge=0)
    threat: int = Field(ge=0)
    most: int = Field(ge=0, le=10, description="copies one cryptid may absorb (0: none)")


class ShopRules(Model):
    gold: int = Field(ge=0, description="gold at the start of each round's shop")
    offers: int = Field(ge=1, le=8, description="cryptids offered at once")
    places: int = Field(ge=1, le=ROW_LIMIT, description="places of the row")
    prices: Prices
    tiers: list[TierUnlock] = Field(min_length=1)
    combine: Combine
    actions: int = Field(ge=1, le=MAX_ACTIONS,
                         description="after this many actions in one shop, only ending it "
                                     "is offered")

    @model_validator(mode="after")
    def _tiers(self) -> ShopRules:
        if not any(t.from_round == 1 for t in self.tiers):
            raise ValueError("tiers: one tier is offered from round 1")
        if len({t.tier for t in self.tiers}) != len(self.tiers):
            raise ValueError("tiers: each tier is listed once")
        return self

    def tiers_at(self, round_: int) -> frozenset[int]:
        return frozenset(t.tier for t in self.tiers if t.from_round <= round_)


class MatchmakingRules(Model):
    bands: list[float] = Field(min_length=1, description="± rating around the player's, widened "
                                                         "in turn; then any rating")
    shown: int = Field(5, ge=0, le=50, description="candidates named in the log")
    candidates: int = Field(50, ge=1, le=1000, description="most snapshots read per band")

    @model_validator(mode="after")
    def _widening(self) -> MatchmakingRules:
        if any(b <= 0 for b in self.bands) or self.bands != sorted(set(self.bands)):
            raise ValueError("bands are positive and widen: [2, 4, 8, ...]")
        return self


RATING_MU = 4000.0
"""The widest ``mu`` a run starts from, either side of 0 (its option, a player's stored
rating). openskill's Plackett-Luce works with exp(mu / c), c at least sqrt(2) times its beta
(25/6), about 5.9: past about ±4,170 that overflows, or underflows into a division by zero."""
RATING_SIGMA = 1000.0
"""The largest ``sigma`` a run starts from (a battle moves ``mu`` by up to about ``sigma``)."""
NEW_MU = 1000.0
NEW_SIGMA = 100.0
"""The content's bounds of a new player's rating (``mu`` either side of 0, ``sigma`` and the
floor): far wider than a designer needs around openskill's own scale (25 ± 25/3), and
narrower than :data:`RATING_MU` and :data:`RATING_SIGMA`, so that the ratings runs lead to
stay where a run can start from."""


class RatingRules(Model):
    mu: float = Field(25.0, ge=-NEW_MU, le=NEW_MU, description="a new player's rating")
    sigma: float = Field(25 / 3, gt=0, le=NEW_SIGMA, description="a new player's uncertainty")
    sigma_floor: float = Field(0.5, gt=0, le=NEW_SIGMA,
                               description="the least uncertainty a run can leave")


class ShopFile(Model):
    sample: bool = False
    run: RunRules
    shop: ShopRules
    matchmaking: MatchmakingRules
    rating: RatingRules


class AbilityOption(Ability):
    """One of the abilities offered with a cryptid: an ability with an id and a name."""

    id: str = Id
    name: Name


class StockEntry(Model):
    """A cryptid the shop sells, the abilities to choose between, and its run stats.

    Its ``id`` is the cryptid's (its card in the battle's ``cryptids.yaml``), so that a
    content folder's ``stock.yaml`` is laid over the sample's cryptid by cryptid.
    """

    id: CryptidId
    abilities: list[AbilityOption] = Field(min_length=1, max_length=4)
    hp: int | None = Field(None, ge=1, description="replaces the card's HP in runs")
    threat: int | None = Field(None, ge=0, description="replaces the card's threat in runs")

    @model_validator(mode="after")
    def _distinct(self) -> StockEntry:
        ids = [a.id for a in self.abilities]
        if len(ids) != len(set(ids)):
            raise ValueError(f"ability ids repeat: {', '.join(ids)}")
        return self

    @property
    def cryptid(self) -> str:
        return self.id

    def ability(self, option: str) -> AbilityOption:
        return next(a for a in self.abilities if a.id == option)


class StockFile(Model):
    sample: bool = False
    stock: list[StockEntry] = Field(min_length=1)

    @model_validator(mode="wrap")
    @classmethod
    def _against_cards(cls, data: Any, handler: Any) -> Any:
        cards = battle_content().cryptids.cryptids
        with catalogue(frozenset(c.id for c in cards)):
            stock: StockFile = handler(data)
        tokens = {c.id for c in cards if c.tier == "token"}
        seen: set[str] = set()
        for entry in stock.stock:
            if entry.cryptid in tokens:
                raise ValueError(f"{entry.cryptid} is a token: tokens are summoned, not sold")
            if entry.cryptid in seen:
                raise ValueError(f"{entry.cryptid} is stocked twice")
            seen.add(entry.cryptid)
        return stock


class RunContent(Model):
    """The content of the cryptids-run ruleset: ``shop.yaml`` and ``stock.yaml``."""

    shop: ShopFile
    stock: StockFile

    @model_validator(mode="after")
    def _first_tier_sells(self) -> RunContent:
        tiers = {c.id: c.tier for c in battle_content().cryptids.cryptids}
        first = self.shop.shop.tiers_at(1)
        if not any(tiers[e.cryptid] in first for e in self.stock.stock):
            raise ValueError("the stock has no cryptid of the tiers offered at round 1")
        return self
