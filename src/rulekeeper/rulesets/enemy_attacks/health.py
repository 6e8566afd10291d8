"""Damage, stamina loss, leaving the board, defeat boxes and the end of the game.

Sample rules ``sample.health.*``: a Hero's health is its stamina chips; Non-Hero
Allies and Enemies have health. The text's defeat box rules (``defeat-box.*``)
resolve when an Enemy is defeated.
"""

from __future__ import annotations

from rulekeeper.core.entities import Measure
from rulekeeper.core.ruleset import GameOver
from rulekeeper.rulesets.enemy_attacks.table import (
    Ally,
    Enemy,
    EnemyAttacksTable,
    Hero,
    NonHeroAlly,
)


def damage_ally(table: EnemyAttacksTable, ally: Ally, amount: int,
                source: Enemy | None = None) -> int:
    """Apply damage to an Ally (dealt by ``source``, None: no figure); returns the damage it
    took."""
    if isinstance(ally, Hero):
        return damage_hero(table, ally, amount, source)
    assert isinstance(ally, NonHeroAlly)
    return damage_non_hero(table, ally, amount, source)


def damage_hero(table: EnemyAttacksTable, hero: Hero, amount: int,
                source: Enemy | None = None) -> int:
    """Each point flips a ready chip, else a spent chip, to its wound side; the rest is lost."""
    if amount <= 0:
        return 0
    from_ready = min(amount, hero.ready)
    from_spent = min(amount - from_ready, hero.spent)
    hero.spent -= from_spent
    hero.wounded += from_ready + from_spent
    taken = from_ready + from_spent
    st = table.state
    st.tally["damage_to_allies"] += taken
    st.credit(source, Measure.DAMAGE, taken)
    if table.logging:
        table.emit("hero-damaged", "sample.health.hero-damage", hero=hero.name, damage=amount,
                   health=st.health_text(hero))
    if hero.wounded == hero.chips:
        hero.area = None
        st.fell(hero)
        st.credit(source, Measure.KILLS)
        table.emit("wounded-out", "sample.health.hero-wounded-out", hero=hero.name)
        check_end(table)
    return taken


def stamina_loss_hero(table: EnemyAttacksTable, hero: Hero, amount: int,
                      source: Enemy | None = None) -> int:
    """Each point spends a ready chip; each point that finds none becomes 1 damage.

    Returns the stamina lost plus the damage it became (what the Hero took).
    """
    if amount <= 0:
        return 0
    spent = min(amount, hero.ready)
    excess = amount - spent
    hero.spent += spent
    st = table.state
    st.tally["stamina_lost"] += spent
    if table.logging:
        table.emit("hero-stamina-lost", "sample.health.hero-stamina-loss", hero=hero.name,
                   loss=amount, spent=spent, excess=excess, health=st.health_text(hero))
    return spent + damage_hero(table, hero, excess, source)


def damage_non_hero(table: EnemyAttacksTable, ally: NonHeroAlly, amount: int,
                    source: Enemy | None = None) -> int:
    """Damage reduces health, not below 0; at 0 the Ally is exhausted and leaves the board."""
    taken = min(max(amount, 0), ally.health)
    if taken == 0:
        return 0
    ally.health -= taken
    st = table.state
    st.tally["damage_to_allies"] += taken
    st.credit(source, Measure.DAMAGE, taken)
    if table.logging:
        table.emit("ally-damaged", "sample.health.non-hero-damage", ally=ally.name,
                   damage=taken, health=st.health_text(ally))
    if ally.health == 0:
        ally.area = None
        st.fell(ally)
        st.credit(source, Measure.KILLS)
        table.emit("exhausted", "sample.health.non-hero-exhausted", ally=ally.name)
    return taken


def damage_enemy(table: EnemyAttacksTable, enemy: Enemy, amount: int,
                 source: Ally | None = None) -> int:
    """Damage reduces health, not below 0; at 0 the Enemy is defeated (dealt by ``source``,
    None: no figure)."""
    taken = min(max(amount, 0), enemy.health)
    if taken == 0:
        return 0
    enemy.health -= taken
    st = table.state
    st.tally["damage_to_enemies"] += taken
    st.credit(source, Measure.DAMAGE, taken)
    if table.logging:
        table.emit("enemy-damaged", "sample.health.enemy-damage", enemy=enemy.name,
                   damage=taken, health=st.health_text(enemy))
    if enemy.health == 0:
        area = enemy.area
        assert area is not None
        enemy.area = None
        st.fell(enemy)
        st.credit(source, Measure.KILLS)
        table.emit("defeated", "sample.health.enemy-defeated", enemy=enemy.name,
                   area=st.area_name(area))
        resolve_defeat_box(table, enemy, area)
        check_end(table)
    return taken


def resolve_defeat_box(table: EnemyAttacksTable, enemy: Enemy, area: str) -> None:
    """Place the defeat box's item cards, item tokens and stars in the area of defeat."""
    box = enemy.spec.box
    if box is None or box.defeat is None:
        return
    st = table.state
    defeat = box.defeat
    drops = st.drops_in(area)
    place = st.area_name(area)
    table.emit("defeat-box", "defeat-box.defeat-symbol", enemy=enemy.name, area=place)
    for _ in range(defeat.item_cards):
        if not st.item_deck:
            table.emit("item-deck-empty", "defeat-box.drop.item-card", area=place)
            break
        card = st.item_deck.pop()
        drops.item_cards.append(card)
        st.tally["item_cards_placed"] += 1
        table.emit("item-card-placed", "defeat-box.drop.item-card", item=st.items[card],
                   area=place)
    if defeat.item_tokens:
        drops.item_tokens += defeat.item_tokens
        st.tally["item_tokens_placed"] += defeat.item_tokens
        table.emit("item-tokens-placed", "defeat-box.drop.item-token", count=defeat.item_tokens,
                   area=place)
    if defeat.stars:
        drops.stars += defeat.stars
        st.tally["stars_placed"] += defeat.stars
        table.emit("stars-placed", "defeat-box.drop.stars", count=defeat.stars, area=place)


def check_end(table: EnemyAttacksTable) -> None:
    """End the game at once when every Enemy is defeated or every Hero is wounded out."""
    st = table.state
    if not st.enemies_in_play():
        raise GameOver("heroes", "every-enemy-defeated", st.round)
    if not any(h.in_play for h in st.heroes):
        raise GameOver("enemies", "every-hero-wounded-out", st.round)
