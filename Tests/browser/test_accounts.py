"""Registering, signing in and out, and a session that survives a reload."""

from oxo_api import Api, ApiError
from pages import OxoPage


def test_session_survives_a_reload_until_signing_out(server, browsers):
    page = OxoPage(browsers(), server.url)
    username = page.register(display_name="Stella")
    page.wait_text("#signed-in-as", "Stella")

    page.driver.refresh()
    page.wait_ready()
    page.wait_screen("lobby")
    page.wait_online()
    page.wait_text("#signed-in-as", "Stella")
    token = page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")

    page.click("#sign-out")
    page.wait_screen("signin")
    assert page.driver.execute_script("return localStorage.getItem('oxo.session')") is None
    try:
        Api(server.url, token).call("GET", "/v1/me")
        raise AssertionError("the token still works after signing out")
    except ApiError as error:
        assert error.status == 401

    page.driver.refresh()
    page.wait_ready()
    page.wait_screen("signin")

    # A wrong password gets the server's words; the right one signs in.
    page.find("#login").send_keys(username)
    page.find("#password").send_keys("not the password")
    page.find("form.auth button[type=submit]").click()
    page.wait(lambda d: page.text("#auth-error") != "", "an error")
    page.find("#login").clear()
    page.find("#password").clear()
    page.sign_in(username)
    page.wait_text("#signed-in-as", "Stella")


def test_registration_errors_are_the_servers(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.open("/register")
    page.find("#username").send_keys("x")
    page.find("#email").send_keys("x@example.org")
    page.find("#new-password").send_keys("correct horse")
    page.find("form.auth button[type=submit]").click()
    page.wait_text("#auth-error", "3 to 20")
    page.wait_screen("register")


def test_a_game_link_opened_signed_out_leads_there_after_signing_in(server, browsers):
    host = Api.register(server.url, display_name="Hosting")
    game = host.create_game("X")
    guest = Api.register(server.url)
    page = OxoPage(browsers(), server.url)
    page.open(f"/game/{game['id']}")
    page.wait_screen("signin")
    page.find("#login").send_keys(guest.user["username"])
    page.find("#password").send_keys(guest.password)
    page.find("form.auth button[type=submit]").click()
    page.wait_screen("game")
    page.wait_game_loaded()
    page.click("#join-game")
    page.wait_phase("live")
    assert host.game(game["id"])["o"]["player"]["id"] == guest.user["id"]


def test_a_session_ended_elsewhere_sends_the_page_to_sign_in(server, browsers):
    api = Api.register(server.url)
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(api)
    page.wait_screen("lobby")
    api.call("DELETE", "/v1/sessions/current")   # signed out on another device
    page.driver.refresh()
    page.wait_ready()
    page.wait_screen("signin")
    assert page.driver.execute_script("return localStorage.getItem('oxo.session')") is None


def test_a_guest_plays_at_once_without_registering(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.open("/signin")
    page.click("#play-as-guest")
    page.wait_screen("lobby")
    page.wait_online()
    page.wait_text("#topbar", "Guest ")
    page.new_game("X", mode="computer", level="easy")
    page.play(4)
    page.wait_moves(2)
    # The session survives a reload, as a registered one does.
    page.driver.refresh()
    page.wait_ready()
    page.wait_moves(2)
    assert page.javascript_errors() == []


def test_a_guest_is_told_why_to_register_and_warned_before_signing_out(server, browsers):
    page = OxoPage(browsers(390, 844), server.url)
    page.open("/signin")
    page.click("#play-as-guest")
    page.wait_screen("lobby")
    page.wait_text("#guest-note", "keep this account and its games")
    page.wait_text("#guest-note", "a guest account is removed a day after it was made")
    assert page.find("#guest-note #register-guest").text == "Register"

    page.click("#sign-out")
    page.wait_text("#guest-sign-out-sheet", "it is removed with its games")
    page.click("#guest-stay")
    page.wait_js("return !document.getElementById('guest-sign-out-sheet').open", "the question closed")
    assert page.screen() == "lobby" and page.driver.execute_script("return localStorage.getItem('oxo.session')")

    page.click("#sign-out")
    page.click("#guest-register-instead")
    page.wait_screen("register")

    page.click("#sign-out")
    page.click("#guest-sign-out")
    page.wait_screen("signin")
    assert page.driver.execute_script("return localStorage.getItem('oxo.session')") is None
    assert page.javascript_errors() == []


def test_a_guest_registers_and_keeps_their_games(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.open("/signin")
    page.click("#play-as-guest")
    page.wait_screen("lobby")
    page.new_game("X", mode="computer", level="easy")
    page.play(4)
    page.wait_moves(2)
    game_id = page.game_id()
    page.click("#register-guest")
    page.wait_screen("register")
    page.find("#username").send_keys("kept")
    page.find("#email").send_keys("kept@example.org")
    page.find("#new-password").send_keys("correct horse")
    page.find("form.auth button[type=submit]").click()
    page.wait_screen("lobby")
    page.wait_js("return document.querySelector('#register-guest').hidden", "the Register link goes once registered")
    # The same account, now with a password of its own: its game is still there.
    api = Api(server.url)
    api.token = api.call("POST", "/v1/sessions", {"login": "kept", "password": "correct horse"})["token"]
    assert [game["id"] for game in api.call("GET", "/v1/me/games")["games"]] == [game_id]
    assert api.call("GET", "/v1/me")["guest"] is False
    assert page.javascript_errors() == []
