"""Settings: the sessions one is signed in with, ending another, and deleting the account."""

from oxo_api import Api, ApiError
from pages import OxoPage


def signs_in_again(base_url, api):
    """A second session of the same account, as another device would open."""
    grant = Api(base_url).call("POST", "/v1/sessions", {"login": api.user["username"], "password": api.password})
    return Api(base_url, grant["token"])


def refused(api):
    try:
        api.call("GET", "/v1/me")
    except ApiError as error:
        return error.status
    return None


def test_settings_lists_sessions_ends_another_and_deletes_the_account(server, browsers):
    api = Api.register(server.url, display_name="Leaving")
    opponent = Api.register(server.url)
    other_device = signs_in_again(server.url, api)
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(api, "/settings")
    page.wait_screen("settings")

    # Both sessions are listed, this browser's marked; the other one ends with its button.
    page.wait(lambda d: len(page.find_all("#session-list li")) == 2, "two sessions listed")
    assert len(page.find_all("#session-list li[data-current=true]")) == 1
    assert "this browser" in page.text("#session-list li[data-current=true]")
    page.click("#session-list li[data-current=false] .session-end")
    page.wait(lambda d: len(page.find_all("#session-list li")) == 1, "one session left")
    page.wait_text("#sessions-status", "is ended")
    assert refused(other_device) == 401

    # The opponent's game against this account is resigned when it goes.
    game = opponent.create_game("X")
    api.join(game["id"])
    opponent.move(game["id"], 4)

    page.click("#delete-account")
    page.visible("#delete-consequences")
    assert "resigned" in page.text("#delete-consequences")
    page.find("#delete-password").send_keys("not the password")
    page.click("#confirm-delete")
    page.wait(lambda d: page.text("#delete-error") != "", "the refusal of a wrong password")
    page.find("#delete-password").clear()
    page.find("#delete-password").send_keys(api.password)
    page.click("#confirm-delete")
    page.wait_screen("signin")
    assert page.driver.execute_script("return localStorage.getItem('oxo.session')") is None
    assert refused(api) == 401
    after = opponent.game(game["id"])
    assert after["phase"] == "finished" and after["result"]["winner"] == "X"
    assert after["o"]["player"]["display_name"] == "deleted player"
