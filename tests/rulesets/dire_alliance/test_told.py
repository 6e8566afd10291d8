"""Battle Mode: the readings made rulings (where a healed card goes, claiming initiative with
a dread card), and what a player is told: the dice an attack rolls, the options offered
(Galvanize, the old Return to the Coffin, Focus), the opportunity-attack prompt, the played cards,
sentences with articles and plurals, and the terminal picture on an 80x40 screen."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from rulekeeper.agents.human import HumanAgent
from rulekeeper.core.decisions import Decision
from rulekeeper.core.game import new_game
from rulekeeper.rulesets.dire_alliance import actions, battle, healing, opportunity
from rulekeeper.rulesets.dire_alliance.bots import CLAIM_INITIATIVE, HeuristicBot, Reading

from .helpers import deal, drive, events, fighter, place, start, table
from .test_actions import RETURN_TO_THE_COFFIN


@pytest.mark.rule("battle.ruling.healed-card", "battle.graveyard.return")
@pytest.mark.parametrize("option, pile", [("discard", "discard"), ("supply", "supply")])
def test_a_healed_card_goes_where_the_healed_card_ruling_says(option, pile):
    game = start(rulings={"healed-card": option})
    t = table(game)
    deal(game, "red", graveyard=["empyreal"], hand=["devoted"])
    area = t.sides["red"]
    before = area.supply["empyreal"]
    _, asked = drive(healing.heal(t, fighter(game, "red.empyreal"), 1, "battle.graveyard.heal"),
                     "heal")
    assert area.graveyard == []
    if pile == "supply":
        assert area.supply["empyreal"] == before + 1 and "empyreal" not in area.discard
    else:
        assert area.supply["empyreal"] == before and area.discard.count("empyreal") == 1
    assert asked[0].options[0].label.endswith(f"to the {pile} pile")
    assert events(game, "heal")[-1]["pile"] == f"{pile} pile"
    assert game.ruleset.invariant_violations(game.table) == []


@pytest.mark.rule("battle.ruling.dread-initiative")
@pytest.mark.parametrize("option", ["allow", "refuse"])
def test_a_played_dread_card_claims_initiative_only_when_the_ruling_allows(option):
    game = start(rulings={"dread-initiative": option})
    t = table(game)
    deal(game, "blue", play=["butcher"])
    t.sides["blue"].play.append("dread")
    t.dread -= 1  # the dread card came from the dread pile
    t.turn, t.active = "Defender Turn 1", "blue"
    claim = next(battle.claim_initiative(t, "blue"))
    allowed = "dread" in claim.ids
    assert allowed == (option == "allow") and "butcher" in claim.ids
    # the bot is rewarded for playing a dread card to claim with it only when it may
    bot, reading = HeuristicBot("blue"), Reading(t, "blue")
    play = Decision("blue", "play-card", claim.options, "battle.round.defender-turn-1.a", "")
    bonus = bot.score(reading, play, "dread") - reading.card_value("dread")
    assert bonus == (2 * CLAIM_INITIATIVE if allowed else 0)


@pytest.mark.rule("battle.sample.keyword.dreadful", "battle.keyword.vampire.die.attack")
def test_an_attack_label_gives_the_dice_rolled_dreadful_and_vampire_die_included():
    game = start(blue_leader="kramer")
    t = table(game)
    place(game, red_empyreal="crossroads", blue_rutger="crossroads")
    empyreal = fighter(game, "red.empyreal")
    label = dict(actions.options(t, empyreal))["melee:blue.rutger"]
    assert label == "Melee Rutger (2 dice (one fewer: Rutger is Dreadful) against 0 dice)"
    empyreal.sated = True
    fighter(game, "blue.rutger").sated = True
    label = dict(actions.options(t, empyreal))["melee:blue.rutger"]
    assert label == ("Melee Rutger (2 dice (one fewer: Rutger is Dreadful) and the vampire die "
                     "against 0 dice and the vampire die)")
    drive(actions.perform(t, empyreal, "melee:blue.rutger"))
    assert events(game, "attack")[-1]["dice"] == 2  # what the label said


@pytest.mark.rule("battle.sample.vocabulary")
def test_return_to_the_coffin_is_offered_only_when_it_would_do_something():
    # the Countess's special before the balance pass (docs/tuning.md): a teleport and a heal
    game = new_game("dire-alliance-battle", content_set=RETURN_TO_THE_COFFIN)
    t = table(game)
    countess = fighter(game, "red.countess")
    assert countess.area == t.tokens[("red", "coffin")]
    assert "special" not in dict(actions.options(t, countess))  # there, nothing to heal
    deal(game, "red", graveyard=["countess"], hand=["empyreal"])
    assert "special" in dict(actions.options(t, countess))  # there, and it can heal
    deal(game, "red", graveyard=[], hand=["empyreal"])
    place(game, red_countess="crossroads")
    assert "special" in dict(actions.options(t, countess))  # away: it takes her back


@pytest.mark.rule("battle.action.focus.a", "battle.sample.leader.kramer")
def test_focus_offers_a_card_shared_by_two_fighters_once():
    game = start()
    t = table(game)
    options = dict(actions.options(t, fighter(game, "blue.caretaker")))
    focus = {i: label for i, label in options.items() if i.startswith("focus:")}
    assert "focus:blue.kramer" in focus and "focus:blue.rutger" not in focus
    assert focus["focus:blue.kramer"] == "Focus: Dr. Kramer and Rutger gain 2 cards (3 in supply)"
    assert focus["focus:blue.butcher"] == "Focus: Butcher gains 2 cards (3 in supply)"


@pytest.mark.rule("battle.opportunity-attack.order")
def test_the_opportunity_attack_prompt_says_where_the_mover_goes():
    game = start()
    t = table(game)
    place(game, red_empyreal="crossroads", blue_butcher="crossroads", blue_mourner="crossroads")
    asked = next(opportunity.opportunity_attacks(t, fighter(game, "red.empyreal"), "cairn"))
    assert asked.prompt == "Empyreal is leaving Crossroads for Stone Cairn: opportunity attacks?"


@pytest.mark.rule("battle.round.aggressor-turn-1.a")
def test_played_cards_are_told_to_everyone_by_name():
    game = start()
    deal(game, "red", hand=["empyreal", "countess", "devoted", "devoted"])
    drive(battle.take_turn(table(game), "red", "aggressor", 1), "empyreal", "countess",
          "red.empyreal", "pass", "pass")
    played = [e for e in game.events if e.kind == "play"]
    assert played[-1].to is None and played[-1].data["cards"] == ["Empyreal", "The Countess"]
    assert game.ruleset.messages.render(played[-1]) == "red plays Empyreal and The Countess"


@pytest.mark.rule("battle.suffer-damage.hand.a", "battle.round.draw")
def test_sentences_use_articles_and_plurals():
    game = start()
    t = table(game)
    deal(game, "red", hand=["empyreal", "countess"])
    drive(t.suffer_damage(fighter(game, "red.empyreal"), "battle.attack.deal-damage"))
    drive(t.suffer_damage(fighter(game, "red.countess"), "battle.attack.deal-damage"))
    said = [game.ruleset.messages.render(e) for e in game.events if e.kind == "lose.hand"]
    assert said == ["red moves an Empyreal card from hand to the graveyard and draws a card",
                    "red moves a Countess card from hand to the graveyard and draws a card"]
    draws = [game.ruleset.messages.render(e) for e in game.events if e.kind == "draw"]
    assert draws[-1] == "red draws 1 card" and draws[0] == "red draws 4 cards"
    assert not [e for e in game.events if "(s)" in game.ruleset.messages.render(e)]


def screen(game, seat: str) -> list[str]:
    """What an 80x40 terminal shows when ``seat`` is asked its pending decision."""
    out = io.StringIO()
    console = Console(file=out, width=80, height=40, color_system=None)
    agent = HumanAgent(game.ruleset, seat, console)
    agent.console.input = lambda prompt="": "1"  # type: ignore[method-assign]
    agent.choose(game.view(seat), game.pending)
    return out.getvalue().splitlines()


@pytest.mark.rule("battle.line-of-sight.line", "battle.board.adjacent")
def test_the_picture_shows_sight_borders_piles_and_keeps_the_round_on_an_80x40_screen():
    game = start(scenario="standing-stones")
    t = table(game)
    deal(game, "blue", hand=["caretaker", "caretaker", "gravedigger", "gravedigger"],
         discard=["mourner", "butcher"], graveyard=["kramer"])
    picture = game.ruleset.render(game.view("red")).splitlines()
    assert max(len(line) for line in picture) <= 76
    assert picture[-1] == ("Round 1 of 10, Aggressor Turn 1: blue plays; aggressor blue; "
                           "dread pile 16")
    rows = {line.split()[0]: line for line in picture if line[:3].strip().isalpha()
            and line[1:2].isupper() and line[2:3] == " "}
    crossroads = rows["F"]  # the sixth area in board order
    assert crossroads.startswith(" F Crossroads")
    short = {area: chr(ord("A") + i) for i, area in enumerate(t.board.ids)}
    seen = "".join(sorted(short[a] for a in t.board.seen_from("crossroads") if a != "crossroads"))
    near = "".join(sorted(short[a] for a in t.board.neighbours("crossroads")))
    assert crossroads.split()[2:4] == [near, seen]
    assert any("discard: Butcher, Mourner; graveyard: Dr. Kramer" in line for line in picture)
    assert any(line.startswith("  hand: 4 cards, hidden") for line in picture)
    shown = screen(game, game.pending.player)
    assert max(len(line) for line in shown) <= 80
    status = next(i for i, line in enumerate(shown) if "Aggressor Turn 1" in line
                  and "aggressor" in line)
    assert len(shown) - status <= 40  # still on the screen when the question is asked


def test_the_status_line_names_round_turn_and_aggressor():
    game = start()
    t = table(game)
    t.round, t.turn, t.active, t.aggressor = 4, "Defender Turn 2", "red", "blue"
    last = game.ruleset.render(game.view("red")).splitlines()[-1]
    assert last == "Round 4 of 30, Defender Turn 2: red plays; aggressor blue; dread pile 16"


def test_a_sated_stunned_fighter_is_marked_on_the_board():
    game = start()
    f = fighter(game, "red.empyreal")
    f.sated, f.stunned = True, True
    picture = game.ruleset.render(game.view("red"))
    assert "Empyreal 3/1/2 V*+" in picture
