"""The rating: openskill's Plackett-Luce model, per battle, summed, applied at the run's end."""

import math
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

import rulekeeper.rulesets.cryptids_run as package
from rulekeeper.rulesets.cryptids_run.models import NEW_MU, NEW_SIGMA, RATING_MU, RATING_SIGMA
from rulekeeper.rulesets.cryptids_run.rating import MODEL, Change, applied, change, shown, total
from rulekeeper.rulesets.cryptids_run.snapshots import Rating
from tests.rulesets.cryptids_run.helpers import Opponents, buy_and_end, data, kappa_run

NEW = Rating(mu=25.0, sigma=25 / 3)


@pytest.mark.rule("rating.model")
def test_openskill_rates_a_draw_between_equals_as_no_change_of_mu():
    model = PlackettLuce()
    a, b = model.rating(mu=25.0, sigma=25 / 3), model.rating(mu=25.0, sigma=25 / 3)
    [[a2], [b2]] = model.rate([[a], [b]], ranks=[0, 0])
    assert a2.mu == pytest.approx(25.0) and b2.mu == pytest.approx(25.0)
    assert a2.sigma < 25 / 3 and a2.sigma == pytest.approx(b2.sigma)
    strong = model.rating(mu=30.0, sigma=5.0)
    [[weak2], [strong2]] = model.rate([[a], [strong]], ranks=[0, 0])
    assert weak2.mu > 25.0 and strong2.mu < 30.0  # a draw pulls the two together
    assert MODEL == "openskill Plackett-Luce"


@pytest.mark.rule("rating.battle")
def test_each_battle_rates_against_the_snapshot_rating_a_tie_as_a_draw():
    win, loss, tie = (change(NEW, NEW, r) for r in ("win", "loss", "tie"))
    assert win.mu > 0 > loss.mu and win.mu == pytest.approx(-loss.mu)
    assert tie.mu == pytest.approx(0.0) and tie.sigma < 0
    assert change(NEW, Rating(mu=35.0, sigma=4.0), "tie").mu > 0  # a draw with a stronger one
    assert change(NEW, Rating(mu=35.0, sigma=4.0), "win").mu > win.mu


@pytest.mark.rule("rating.change.a", "rating.battle")
def test_every_battle_of_a_run_changes_the_rating_against_its_opponent():
    game = kappa_run(Opponents(1, 99, 5, mu=30.0))
    buy_and_end(game)
    game.step("end")
    game.step("end")
    changes = [b.change for b in game.table.state.battles]
    assert changes == [change(NEW, Rating(mu=30.0, sigma=25 / 3), r)
                       for r in ("win", "loss", "tie")]
    assert [d["mu"] for d in data(game, "rating.battle")] == [round(c.mu, 3) for c in changes]


@pytest.mark.rule("rating.change.b")
def test_the_total_is_applied_once_when_the_run_ends():
    source = Opponents(1, 99)
    game = kappa_run(source, content_set={"shop.run.rounds": 3})
    buy_and_end(game)
    game.step("end")
    assert not game.over and not data(game, "rating.applied")
    assert [r["rating"]["mu"] for r in source.requests] == [25.0, 25.0]  # unchanged meanwhile
    state = game.view("player")["state"]
    assert state["rating"] == {"mu": 25.0, "sigma": 25 / 3, "shown": 0.0}
    so_far = total(b.change for b in game.table.state.battles)
    # the shown rating (mu - 3 sigma) would move by this if the run ended now
    assert state["rating_change"]["shown"] == pytest.approx(
        shown(applied(NEW, so_far, 0.5)) - shown(NEW))
    assert state["rating_change"]["shown"] == pytest.approx(so_far.mu - 3 * so_far.sigma)
    game.step("end")
    battles = game.table.state.battles
    summed = total(b.change for b in battles)
    after = applied(NEW, summed, 0.5)
    assert game.result.metrics["rating.mu"] == pytest.approx(after.mu)
    assert game.result.metrics["rating.change.mu"] == pytest.approx(summed.mu)
    assert data(game, "rating.applied") == [{"before": 25.0, "after": round(after.mu, 2),
                                             "change": round(summed.mu, 3),
                                             "sigma": round(after.sigma, 3), "battles": 3}]


@pytest.mark.rule("rating.change.b")
def test_the_applied_sentence_calls_mu_the_skill_not_the_rating_the_pages_show():
    """The pages show a rating as mu - 3 sigma; the event's numbers are mu, said as skill."""
    game = kappa_run(Opponents(1, 99), content_set={"shop.run.rounds": 3})
    buy_and_end(game)
    game.step("end")
    game.step("end")
    [event] = [e for e in game.events if e.kind == "rating.applied"]
    said = {lang: game.ruleset.messages.render(event, lang) for lang in ("en", "fr")}
    after, change, sigma = (str(event.data[k]).replace("-", "\u2212")
                            for k in ("after", "change", "sigma"))
    assert said["en"] == (f"The run's skill change is applied: skill (mu) 25.0 → {after} "
                          f"({change} over 3 battles; uncertainty (σ) now {sigma}); "
                          "the rating shown is mu − 3σ.")
    assert said["fr"].replace("\u00a0", " ").startswith(
        "La variation de niveau de la partie est appliquée : niveau (mu) 25,0 → ")
    assert said["fr"].endswith("la cote affichée est mu − 3σ.")
    assert "rating" not in said["en"].split(";")[0] and "cote" not in said["fr"].split(";")[0]


def test_the_uncertainty_stays_above_its_floor():
    assert applied(Rating(mu=20.0, sigma=1.0), Change(2.0, -5.0), 0.5) == Rating(mu=22.0,
                                                                                 sigma=0.5)


finite = dict(allow_nan=False, allow_infinity=False)
mus = st.floats(-RATING_MU, RATING_MU, **finite)
sigmas = st.floats(0, RATING_SIGMA, exclude_min=True, **finite)


@pytest.mark.rule("rating.model")
@settings(max_examples=300, deadline=None, derandomize=True)
@given(mus, sigmas, mus, sigmas, st.sampled_from(["win", "loss", "tie"]))
def test_every_rating_a_run_may_start_from_gives_a_finite_change(mu, sigma, their_mu,
                                                                 their_sigma, result):
    """The options' bounds (mu ±4000, sigma up to 1000) keep openskill's exp(mu / c) in
    floating point, against any opponent in the same bounds: past them it overflows, or
    divides by zero."""
    moved = change(Rating(mu=mu, sigma=sigma), Rating(mu=their_mu, sigma=their_sigma), result)
    after = applied(Rating(mu=mu, sigma=sigma), total([moved] * 20), 0.5)
    assert math.isfinite(moved.mu) and math.isfinite(moved.sigma)
    assert math.isfinite(after.mu) and after.sigma >= 0.5 and math.isfinite(shown(after))


def test_the_bounds_a_run_starts_from_are_where_openskill_stops():
    """Just past the bounds openskill fails: the bounds are not arbitrary."""
    low = Rating(mu=-1.3 * RATING_MU, sigma=0.01)
    with pytest.raises(ZeroDivisionError):
        change(low, low, "win")
    assert NEW_MU < RATING_MU and NEW_SIGMA < RATING_SIGMA


def test_a_rating_is_a_cote_in_french_as_on_the_web_page():
    """The run's French events, options and measures said a rating *classement* (which is a
    leaderboard) where the web page says *cote*: a French player read two words for the one
    number. Every French text of a msgid that says "rating" says *cote*; one that says
    "skill" (the mu an event keeps, not the rating shown, mu - 3 sigma) says *niveau*, as the
    page does ("the skill the game is sure you have": « le niveau dont le jeu est sûr »)."""
    folder = Path(package.__file__).parent / "locale" / "fr" / "LC_MESSAGES"
    said = {}
    for name in ("messages.po", "view.po"):
        with (folder / name).open("rb") as po:
            said |= {str(m.id): m.string for m in read_po(po) if m.id}
    rated = {e: f for e, f in said.items() if "rating" in e}
    skilled = {e: f for e, f in said.items() if "skill" in e.lower()}
    assert len(rated) >= 5 and len(skilled) >= 8, said
    wrong = {english: french for english, french in rated.items()
             if "classement" in french or "cote" not in french.lower()}
    wrong |= {english: french for english, french in skilled.items()
              if "niveau" not in french.lower()}
    assert wrong == {}
