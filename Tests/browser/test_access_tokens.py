"""Settings' personal access tokens: one made in the page with read and play, shown once,
works from a program (GET /v1/me, a new game), shows its last use after a reload, and is
refused once revoked in the page; the password change with "Also end my access tokens"
ends another; a guest is not offered tokens."""

from selenium.webdriver.support.ui import Select

from oxo_api import Api, ApiError
from pages import OxoPage


def answers(base_url, token):
    try:
        Api(base_url, token).call("GET", "/v1/me")
    except ApiError as error:
        return error.status
    return 200


def row(page, token_id):
    return f"#access-token-list li[data-token='{token_id}']"


def test_a_token_made_in_settings_works_shows_its_use_and_ends_when_revoked(server, browsers):
    api = Api.register(server.url, display_name="Programmer")
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(api, "/settings")
    page.wait_screen("settings")
    page.wait_text("#access-token-list", page.words("tokens.none"))

    # Refused in the page before asking the server: no name, then no scope.
    page.tap("#create-token")
    page.wait_text("#token-form-error", page.words("tokens.nameNeeded"))
    page.find("#token-name").send_keys("my board")
    page.tap("#create-token")
    page.wait_text("#token-form-error", page.words("tokens.scopeNeeded"))

    page.tap("label[for='token-scope-read']")
    page.tap("label[for='token-scope-play']")
    Select(page.find("#token-expiry")).select_by_value("30")
    page.tap("#create-token")
    page.visible("#new-token-box")
    token = page.find("#new-token").get_attribute("value")
    assert token.startswith("oxo_pat_") and len(token) == len("oxo_pat_") + 43
    assert page.find("#new-token").get_attribute("readonly") is not None
    assert page.driver.switch_to.active_element.get_attribute("id") == "new-token"
    assert page.words("tokens.shownOnce") in page.text("#new-token-box")
    assert page.text("#token-form-error") == ""

    listed = api.call("GET", "/v1/me/tokens")["tokens"]
    assert [(t["name"], sorted(t["scopes"])) for t in listed] == [("my board", ["play", "read"])]
    token_id = listed[0]["id"]
    page.wait_text(row(page, token_id), "my board")
    shown = page.text(row(page, token_id))
    assert page.words("tokens.neverUsed") in shown
    assert page.words("tokens.scope.read") in shown and page.words("tokens.scope.play") in shown

    # A program holding it reads as the account and starts a game.
    program = Api(server.url, token)
    assert program.call("GET", "/v1/me")["id"] == api.user["id"]
    game = program.create_game("X")
    assert game["x"]["player"]["id"] == api.user["id"]

    # Shown once: after a reload the token itself is gone, its last use is there.
    page.driver.refresh()
    page.wait_ready()
    page.wait_screen("settings")
    page.wait_text(row(page, token_id), page.words("tokens.lastUsed", date="").strip())
    assert page.words("tokens.neverUsed") not in page.text(row(page, token_id))
    assert not page.find("#new-token-box").is_displayed()
    assert token not in page.driver.page_source

    # Revoke asks first; Keep it takes the question back.
    page.tap(f"{row(page, token_id)} .token-revoke")
    page.visible(f"{row(page, token_id)} .token-revoke-confirm")
    assert page.driver.switch_to.active_element.get_attribute("class").split()[-1] == "token-revoke-confirm"
    page.tap(f"{row(page, token_id)} .token-revoke-keep")
    page.visible(f"{row(page, token_id)} .token-revoke")
    assert answers(server.url, token) == 200
    page.tap(f"{row(page, token_id)} .token-revoke")
    page.tap(f"{row(page, token_id)} .token-revoke-confirm")
    page.wait(lambda d: not page.find_all(row(page, token_id)), "the revoked token's row gone")
    page.wait_text("#tokens-status", page.words("tokens.revoked", name="my board"))
    page.wait_text("#access-token-list", page.words("tokens.none"))
    assert page.driver.switch_to.active_element.get_attribute("id") == "tokens-title"
    assert answers(server.url, token) == 401
    assert page.javascript_errors() == []


def test_changing_the_password_ends_the_tokens_when_asked(server, browsers):
    api = Api.register(server.url)
    kept = api.call("POST", "/v1/me/tokens", {"name": "script", "scopes": ["read"], "expires_in_days": 7})["token"]
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(api, "/settings")
    page.wait_screen("settings")
    page.wait_text("#access-token-list", "script")

    def change_password(old, new, end_tokens):
        page.find("#current-password").send_keys(old)
        page.find("#changed-password").send_keys(new)
        if end_tokens:
            page.tap("label[for='end-access-tokens']")
        page.tap("#save-password")
        done = "password.changedTokensEnded" if end_tokens else "password.changed"
        page.wait_text("#password-status", page.words(done))

    # Without the box the tokens stay; with it they end, and the page stays signed in.
    change_password(api.password, "battery staple one", end_tokens=False)
    assert answers(server.url, kept) == 200
    assert not page.find("#end-access-tokens").is_selected()
    change_password("battery staple one", "battery staple two", end_tokens=True)
    assert answers(server.url, kept) == 401
    assert answers(server.url, api.token) == 200
    assert api.call("GET", "/v1/me/tokens")["tokens"] == []
    assert page.javascript_errors() == []


def test_a_guest_is_not_offered_tokens(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.open("/signin")
    page.click("#play-as-guest")
    page.wait_screen("lobby")
    page.open("/settings")
    page.wait_screen("settings")
    page.visible("#session-list li")
    assert not page.find("#access-tokens").is_displayed()
    assert not page.find("#end-access-tokens").is_displayed()
    assert page.javascript_errors() == []
