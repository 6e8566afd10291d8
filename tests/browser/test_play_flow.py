"""Playing together on /play, in English and French: what a player name may be is said in
one wording wherever the page checks one (signing up, inviting a player by name); an
invitation link unknown or no longer open says so and offers the lobby, not a sign-up for a
seat nobody can take (a used one offers only a sign-in, for whoever took the seat); and a
started game is resigned from Your games, after the game page's own question, and listed as
lost (a game the other resigned, as won)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.browser import calls
from tests.browser.conftest import SHOTS, Watched, unique
from tests.browser.test_together_deeper import BATTLE, auth, game, join, plain, player, refused

SAID = {
    "en": {"form": "A player name is 2 to 20 letters without accents, digits, - or _, starting "
                   "with a letter or a digit.",
           "no such name": "No player can be called a b: check the name of whoever you invite "
                           "to Player 2.",
           "unknown": "This invitation is unknown: its link may be incomplete.",
           "closed": "This invitation is no longer open: its game has ended",
           "used": "This invitation has been used: its seat is taken",
           "yours": "Is the seat yours? Sign in with your token",
           "lobby": "Your games and the lobby",
           "resign": "Resign", "question": "Resign this game?", "over": "Over · Winner: Red · you lost",
           "won": "Over · Winner: Blue · you won",
           "moved on": "moved on meanwhile (another player's move)",
           "ended": "has already ended: it can no longer be resigned."},
    "fr": {"form": "Un nom de joueur a 2 à 20 lettres sans accents, chiffres, - ou _, et "
                   "commence par une lettre ou un chiffre.",
           "no such name": "Aucun joueur ne peut s'appeler a b : vérifiez le nom de la "
                           "personne que vous invitez à Joueur 2.",
           "unknown": "Cette invitation est inconnue : son lien est peut-être incomplet.",
           "closed": "Cette invitation n'est plus ouverte : sa partie est finie",
           "used": "Cette invitation a déjà servi : sa place est prise",
           "yours": "Cette place est la vôtre ? Connectez-vous avec votre jeton",
           "lobby": "Vos parties et le salon",
           "resign": "Abandonner", "question": "Abandonner cette partie ?",
           "over": "Finie · Victoire : Rouge · vous avez perdu",
           "won": "Finie · Victoire : Bleu · vous avez gagné",
           "moved on": "a avancé entre-temps (le coup d'un autre joueur)",
           "ended": "est déjà finie : elle ne peut plus être abandonnée."},
}


def speaking(person: Watched, lang: str, who: dict[str, str] | None = None) -> Watched:
    """``person``'s browser in ``lang``, signed in as ``who`` (or nobody)."""
    script = f"localStorage.setItem('rk.lang', '{lang}');"
    if who:
        script += (f"localStorage.setItem('rk.token', '{who['token']}');"
                   f"localStorage.setItem('rk.name', '{who['name']}');")
    person.page.context.add_init_script(script)
    return person


def view(server, who: dict[str, str], made: dict) -> dict:
    answer = calls.get(f"{server.url}/api/games/{made['id']}", headers=auth(who))
    assert answer.status_code == 200, answer.text
    return answer.json()


def resign(server, who: dict[str, str], made: dict) -> None:
    seen = view(server, who, made)
    answer = calls.post(f"{server.url}/api/games/{made['id']}/resign", headers=auth(who),
                        json={"seat": seen["seat"], "version": seen["version"]})
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_player_name_is_described_in_one_wording_on_signing_up_and_inviting_by_name(
        people, server, request, lang):
    newcomer, host = people(2)
    speaking(newcomer, lang).open("/play")
    newcomer.sign_up("a b")  # the form refuses it: says what a name may be
    form = newcomer.page.evaluate("document.querySelector('#signup-name').validationMessage")
    assert form == SAID[lang]["form"]

    speaking(host, lang, player(server, unique(f"host{lang}", request)))
    host.open("/play/combat-encounter")  # (seats p1, p2)
    host.page.wait_for_selector("#seats select[name='p2']")
    host.page.select_option("#seats select[name='p2']", "named")
    host.page.fill("[data-player-for='p2']", "a b")
    host.page.click("#start-game")
    host.page.wait_for_selector("#setup-message .error")
    said = plain(host.page.inner_text("#setup-message"))
    assert said == plain(f"{SAID[lang]['no such name']} {form}")  # the same sentence
    host.page.locator("#setup-message").screenshot(path=str(SHOTS / f"play-setup-name-{lang}.png"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_invitation_unknown_or_no_longer_open_offers_the_lobby_not_a_sign_up(
        people, server, request, lang):
    ann = player(server, unique(f"ann{lang}", request))
    bob = player(server, unique(f"bob{lang}", request))
    waiting = game(server, ann, seats={"blue": {"kind": "open"}})
    cancelled = game(server, ann, seats={"blue": {"kind": "open"}})
    answer = calls.post(f"{server.url}/api/games/{cancelled['id']}/cancel", headers=auth(ann))
    assert answer.status_code == 200, answer.text
    taken = game(server, ann, seats={"blue": {"kind": "open"}})
    join(server, bob, taken, "blue")

    def link(made: dict, invite: str | None = None) -> str:
        code = invite or next(s["invite"] for s in made["seats"] if s["seat"] == "blue")
        return f"/play/{BATTLE}?game={made['id']}&seat=blue&invite={code}"

    said = SAID[lang]
    stranger = speaking(people(1)[0], lang)  # not signed in
    cases = [("unknown", link(waiting, "not-its-code"), 404),
             ("unknown", link({"id": "no-such-game", "seats": []}, "x"), 404),
             ("closed", link(cancelled), 409), ("used", link(taken), 409)]
    for words, address, status in cases:
        stranger.open(address)
        stranger.page.wait_for_selector("#invitation-error")
        assert plain(stranger.page.inner_text("#invitation-error")).startswith(said[words])
        way_on = stranger.page.locator("#invitation-way-on")
        assert way_on.get_attribute("href") == "/play" and way_on.inner_text() == said["lobby"]
        assert stranger.page.locator("#signup-name, #signup").count() == 0, address  # no sign-up
        if words == "used":  # only a sign-in, for whoever took the seat on another device
            assert plain(stranger.page.inner_text("#who-are-you h2")).startswith(said["yours"])
            assert stranger.page.locator("#signin-token").count() == 1
        else:
            assert stranger.page.locator("#who-are-you").count() == 0, address
        refused(stranger, status)
        stranger.shot(f"play-invitation-{words}-{lang}")
    way_on.click()  # the way on: Your games and the lobby, once signed in
    stranger.page.wait_for_selector("#who-are-you #signup-name")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_started_game_is_resigned_from_your_games_after_the_same_question(
        people, server, request, lang):
    ann = player(server, unique(f"ann{lang}", request))
    bob = player(server, unique(f"bob{lang}", request))
    started = game(server, bob, seats={"blue": {"kind": "open"}})  # red (bob) is to play
    join(server, ann, started, "blue")
    ending = game(server, bob, seats={"blue": {"kind": "open"}})
    join(server, ann, ending, "blue")
    waiting = game(server, ann, seats={"blue": {"kind": "open"}})
    finished = game(server, bob, seats={"blue": {"kind": "open"}})
    join(server, ann, finished, "blue")
    resign(server, bob, finished)
    said = SAID[lang]
    person = speaking(people(1)[0], lang, ann)
    page = person.page
    page.clock.install(time=datetime.now(UTC))  # the list read every 10 s: not meanwhile
    person.open("/play")
    row = lambda made: f"#my-games tr[data-game='{made['id']}']"  # noqa: E731
    page.wait_for_selector(f"{row(started)} [data-resign]")
    page.clock.pause_at(datetime.now(UTC) + timedelta(seconds=2))
    assert page.inner_text(f"{row(started)} [data-resign]") == said["resign"]
    assert page.locator(f"{row(ending)} [data-resign]").count() == 1
    assert page.locator(f"{row(waiting)} [data-cancel]").count() == 1  # waiting: Cancel
    for made in (waiting, finished):
        assert page.locator(f"{row(made)} [data-resign]").count() == 0
    assert plain(said["won"]) in plain(page.inner_text(row(finished)))  # bob resigned: ann won
    person.shot(f"play-my-games-resign-{lang}")

    page.click(f"{row(started)} [data-resign]")  # the game page's question; keeping on first
    assert plain(page.inner_text("#resign-dialog-title")) == said["question"]
    assert page.evaluate("document.activeElement.id") == "keep-playing"
    page.locator("#resign-dialog").screenshot(path=str(SHOTS / f"play-my-games-resign-dialog-{lang}.png"))
    page.keyboard.press("Enter")  # (the focus: nothing changes)
    page.wait_for_selector("#resign-dialog", state="detached")
    assert not view(server, ann, started)["over"]

    page.click(f"{row(started)} [data-resign]")  # bob moves while ann is asked
    red = view(server, bob, started)
    answer = calls.post(f"{server.url}/api/games/{started['id']}/decisions", headers=auth(bob),
                        json={"seat": "red", "version": red["version"],
                              "option": red["view"]["pending"]["options"][0]["id"]})
    assert answer.status_code == 200, answer.text
    page.click("#confirm-resign")
    page.wait_for_selector(f"#my-games [data-refused='{started['id']}']")
    assert said["moved on"] in plain(page.inner_text(f"#my-games [data-refused='{started['id']}']"))
    refused(person, 409)
    person.shot(f"play-my-games-moved-on-{lang}")
    assert not view(server, ann, started)["over"]
    page.click(f"{row(started)} [data-resign]")  # again, at the version listed now
    page.click("#confirm-resign")
    page.wait_for_selector(f"{row(started)} [data-resign]", state="detached")
    assert plain(said["over"]) in plain(page.inner_text(row(started)))
    assert view(server, ann, started)["result"]["winner"] == "red"
    person.shot(f"play-my-games-resigned-{lang}")

    page.click(f"{row(ending)} [data-resign]")  # bob resigns while ann is asked
    resign(server, bob, ending)
    page.click("#confirm-resign")
    page.wait_for_selector(f"#my-games [data-refused='{ending['id']}']")
    assert said["ended"] in plain(page.inner_text(f"#my-games [data-refused='{ending['id']}']"))
    assert page.locator(f"{row(ending)} [data-resign]").count() == 0
    refused(person, 409)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Players: at most 2 in this scenario (one Hero each), not 4"),
    ("fr", "Joueurs : au plus 2 dans ce scénario (un héros chacun), et non 4")])
def test_too_many_players_for_a_scenario_are_refused_in_words(people, server, request, lang,
                                                              said):
    """The co-op crawler's ambush deals 2 Heroes: asked for 4 players, the setup form said
    "scenario gallery-ambush has only 2 Heroes to deal, for 4 players", in French too, with
    the scenario's id and "Heroes" in English (found by a smoke test)."""
    host = speaking(people(1)[0], lang, player(server, unique(f"host{lang}", request)))
    page = host.page
    host.open("/play/enemy-attacks")
    page.wait_for_selector("#seats select[name='p2']")
    page.select_option("#setup select:has(option[value='gallery-ambush'])", "gallery-ambush")
    page.fill("#setup [name='players']", "4")
    page.dispatch_event("#setup [name='players']", "change")
    page.wait_for_selector("#seats select[name='p4']")
    for seat in ("p2", "p3", "p4"):
        page.select_option(f"#seats select[name='{seat}']", "bot:first")
    page.click("#start-game")
    page.wait_for_selector("#setup-message .error")
    assert plain(page.inner_text("#setup-message")) == plain(said)
    refused(host, 400)
    page.locator("#setup-message").screenshot(path=str(SHOTS / f"play-setup-players-{lang}.png"))


INTRO = {"en": ("Play Combat Encounter (d20 dungeon), ", " or Enemy attacks (co-op crawler) in "
                "your browser: against the bots, hot-seat on one device, or with friends anywhere",
                "Play Enemy attacks (co-op crawler) in your browser: ",
                "Choose a player name to start; no e-mail, no password."),
         "fr": ("Jouez à Rencontre de combat (donjon d20), ", " ou Attaques ennemies "
                "(exploration coopérative) dans votre navigateur : contre les bots, à tour de rôle "
                "sur un même appareil, ou avec des amis où qu'ils soient",
                "Jouez à Attaques ennemies (exploration coopérative) dans votre navigateur : ",
                "Choisissez un nom de joueur pour commencer ; ni courriel, ni mot de passe.")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_before_signing_in_play_says_what_is_played_here_and_how(people, lang):
    # /play opened signed out (a newcomer, a friend sent the page rather than an invitation)
    # was a bare "Who are you?": nothing said what signing up was for
    person, phone = (speaking(p, lang) for p in people(2))
    person.open("/play")
    first, last, one, name = INTRO[lang]
    said = plain(person.page.inner_text("#intro"))
    assert said.startswith(first) and last in said and said.endswith(name), said
    assert "Cryptid" not in said and "cryptide" not in said.lower()  # (played on /, or watched)
    person.shot(f"play-signed-out-{lang}")
    phone.page.set_viewport_size({"width": 390, "height": 844})
    phone.open("/play/enemy-attacks")  # a ruleset's page names it alone
    said = plain(phone.page.inner_text("#intro"))
    assert said.startswith(one) and "Dire Alliance" not in said, said
    phone.shot(f"play-signed-out-ruleset-phone-{lang}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_decision_on_its_way_disables_the_options_until_its_answer(
        people, server, request, lang):
    # a click showed nothing until the next decision came (a second on a slow line), and a
    # second option clicked meanwhile was sent too, refused as if another player had moved
    who = player(server, unique(f"slow{lang}", request))
    made = game(server, who, seats={"blue": {"kind": "bot", "bot": "first"}})
    person = speaking(people(1)[0], lang, who)
    page = person.page
    held: list = []
    page.route("**/decisions*", lambda route: held.append(route))  # held back: a slow line
    person.open(f"/play/{BATTLE}?game={made['id']}")
    page.wait_for_selector("#decision [data-option]")
    version = page.get_attribute("#decision", "data-version")
    page.click("#decision [data-option] >> nth=0")
    page.wait_for_selector("#decision[aria-busy='true']")
    assert page.locator("#decision [data-option]:not([disabled])").count() == 0
    assert page.locator("#decision [data-option].chosen").count() == 1  # the one sent, shown
    page.evaluate("[...document.querySelectorAll('#decision [data-option]')].at(-1).click()")
    page.wait_for_timeout(300)
    assert len(held) == 1  # the second click sent nothing
    person.shot(f"play-decision-on-its-way-{lang}")
    held[0].continue_()
    page.wait_for_selector(f"#decision:not([data-version='{version}'])")
    assert page.locator("#decision[aria-busy], #decision .chosen").count() == 0
    assert page.locator("#message .error").count() == 0


CLOCKED = {"en": "clock: 1:30 a decision; then the game is lost",
           "fr": "pendule : 1:30 par décision ; ensuite la partie est perdue"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_invitation_says_the_games_turn_clock_before_the_seat_is_taken(
        people, server, request, lang):
    # a clock that loses the game for a slow seat was learnt only once the seat was taken
    ann = player(server, unique(f"ann{lang}", request))
    made = game(server, ann, seats={"blue": {"kind": "open"}},
                clock={"decision": 90, "expiry": "forfeit"})
    invite = next(s["invite"] for s in made["seats"] if s["seat"] == "blue")
    said = calls.get(f"{server.url}/api/games/{made['id']}/invitation",
                     params={"seat": "blue", "invite": invite}).json()
    assert said["clock"] == {"decision": 90, "total": None, "expiry": "forfeit",
                             "bot": "heuristic"}
    friend = speaking(people(1)[0], lang)
    friend.open(f"/play/{BATTLE}?game={made['id']}&seat=blue&invite={invite}")
    assert plain(friend.page.inner_text("#invited-clock")) == plain(CLOCKED[lang])
    friend.shot(f"play-invitation-clock-{lang}")
    unclocked = game(server, ann, seats={"blue": {"kind": "open"}})  # none: nothing said
    invite = next(s["invite"] for s in unclocked["seats"] if s["seat"] == "blue")
    friend.open(f"/play/{BATTLE}?game={unclocked['id']}&seat=blue&invite={invite}")
    friend.page.wait_for_selector("#invitation")
    assert friend.page.locator("#invited-clock").count() == 0
    bob = player(server, unique(f"bob{lang}", request))  # a seat named for a player: in their
    named = game(server, ann, seats={"blue": {"kind": "human", "player": bob["name"]}},  # list
                 clock={"decision": 90, "expiry": "forfeit"})
    listed = speaking(people(1)[0], lang, bob)
    listed.open("/play")
    line = f"[data-invitation='{named['id']}:blue'] [data-clock]"
    listed.page.wait_for_selector(line)
    assert plain(listed.page.inner_text(line)) == plain(CLOCKED[lang])
    listed.shot(f"play-invitations-for-you-clock-{lang}")
