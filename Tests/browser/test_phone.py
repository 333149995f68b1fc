"""The web client on a phone (390 × 844, both themes): the tab bar at the foot leads to
every screen and counts unread direct messages, the top bar keeps one row (in each of the
page's languages), the game's
chat is one tap from the board and counts what arrives while it is closed; wider screens
keep the top bar's links and the chat beside the board. Then the pace, chosen in the
challenge dialog and for Play random; the contrast of the new parts; and the README's
phone screenshots."""

import pytest

from catalogues import LANGUAGES
from conftest import set_viewport
from oxo_api import Api
from pages import OxoPage
from test_contrast import low_contrast

PHONE = {"width": 390, "height": 844}
TABS = [("play", "lobby"), ("games", "catalogue"), ("messages", "messages"), ("friends", "friends"), ("me", "profile")]


def rows_of(page, css):
    """How many rows the visible children of `css` stand on, by their tops."""
    return page.driver.execute_script(
        "return new Set([...document.querySelectorAll(arguments[0])].filter(e => e.offsetParent !== null)"
        ".map(e => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2) >> 3)).size", css)


def assert_fits(page):
    width = page.driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tab_bar_leads_to_every_screen_and_the_top_bar_keeps_one_row(server, browsers, language):
    page = OxoPage(browsers(**PHONE), server.url)
    page.use_language(language)
    page.register(display_name="Guillermina Fitzgerald-Okonkwo")
    assert page.shown_language() == language
    me = page.user_id()
    for theme in ("light", "dark"):
        page.use_theme(theme)
        page.visible("#tabbar")
        assert rows_of(page, "#topbar .brand, #topbar .topbar-end > *, #bell") == 1, "the top bar on one row"
        assert page.find("#topbar").size["height"] <= 64
        assert not page.find("#friends-link").is_displayed(), "the top bar's links are tabs now"
        for tab, screen in TABS:
            page.click(f"#tab-{tab}")
            page.wait_screen(screen)
            assert page.find(f"#tab-{tab}").get_attribute("aria-current") == "page"
            assert_fits(page)
        assert page.driver.execute_script("return location.hash") == f"#/players/{me}"
        # The bar stays in view at the foot, over nothing the page needs.
        bar = page.driver.execute_script("return document.getElementById('tabbar').getBoundingClientRect().toJSON()")
        assert bar["bottom"] == 844 and bar["height"] >= 56

    # A wider screen is as before: the links in the top bar, no tab bar.
    set_viewport(page.driver, 1280, 900)
    page.open("/")
    page.visible("#friends-link")
    assert not page.find("#tabbar").is_displayed()
    assert page.driver.execute_script("return getComputedStyle(document.body).paddingBottom") == "0px"


def test_the_messages_tab_counts_unread_direct_messages(server, browsers):
    page = OxoPage(browsers(**PHONE), server.url)
    page.register(display_name="Ivy")
    bob = Api.register(server.url, display_name="Bob")
    talk = bob.call("POST", f"/v1/users/{page.user_id()}/conversation")
    bob.call("POST", f"/v1/conversations/{talk['id']}/messages", {"text": "fancy a game?"})
    page.wait_text("#tab-messages-count", "1")
    assert page.find("#tab-messages").get_attribute("aria-label") == "Messages, 1 unread"
    page.wait_unread(1)  # the bell counts it too, as before


def live_game(server, page):
    """A live game between the page's player (X) and Bob; returns (bob, game)."""
    bob = Api.register(server.url, display_name="Bob")
    api = Api(server.url, page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token"))
    game = api.create_game("X")
    bob.join(game["id"])
    return bob, game


def test_the_games_chat_is_one_tap_away_and_counts_what_arrives(server, browsers):
    page = OxoPage(browsers(**PHONE), server.url)
    page.register(display_name="Ivy")
    bob, game = live_game(server, page)
    page.open_game(game["id"])
    page.wait_phase("live")
    for number, theme in enumerate(("light", "dark"), start=1):
        page.use_theme(theme)
        toggle = page.visible("#game-chat-toggle")
        assert toggle.rect["y"] < page.find("#board").rect["y"], "the chat button is above the board, not under it"
        assert not page.find("#game-chat").is_displayed()
        bob.call("POST", f"/v1/games/{game['id']}/chat/players/messages", {"text": f"good luck {number}"})
        page.wait_text("#game-chat-toggle-unread", "1")
        assert page.find("#game-chat-toggle").get_attribute("aria-label") == "Chat, 1 unread"

        page.click("#game-chat-toggle")  # the one tap
        page.visible("#game-chat")
        page.wait_text("#chat-players-messages", f"good luck {number}")
        page.wait(lambda d: not page.find("#game-chat-toggle-unread").is_displayed(), "the count gone once read")
        assert page.find("#game-chat").rect["height"] < 844
        found = low_contrast(page, f"the game's chat open, {theme}")
        assert found == [], found
        page.click("#game-chat-close")
        page.wait(lambda d: not page.find("#game-chat").is_displayed(), "the chat closed")

    # On a wide screen the chat stays beside the board and needs no button.
    set_viewport(page.driver, 1280, 900)
    page.visible("#game-chat")
    assert not page.find("#game-chat-toggle").is_displayed()


def test_a_challenge_carries_the_pace_chosen_in_its_dialog(server, browsers):
    alice = OxoPage(browsers(**PHONE), server.url)
    alice.register(display_name="Alice")
    bob = OxoPage(browsers(), server.url)
    bob.register(display_name="Bob")
    alice.wait_player_online(bob.user_id())
    alice.tap(f"#online-players li[data-user='{bob.user_id()}'] button")
    alice.visible("#challenge-dialog")
    assert alice.find("#challenge-title").text == "Challenge Bob"
    alice.choose("#challenge-side", "O")
    alice.choose("#challenge-pace", "custom")
    alice.visible("#challenge-pace-minutes").clear()
    alice.find("#challenge-pace-minutes").send_keys("2")
    alice.find("#challenge-pace-increment").clear()
    alice.find("#challenge-pace-increment").send_keys("3")
    alice.click("#send-challenge")
    bob.wait_text(".toast[data-direction='received']", "Alice challenges you (2+3): you would play X.")
    bob.click(".toast[data-direction='received'] button.primary")
    for page in (alice, bob):
        page.wait_screen("game")
        page.wait_text("#game-mode", "2+3")
        page.visible("#game-clocks")


def test_the_challenge_dialog_and_play_random_offer_the_paces_in_both_themes(server, browsers):
    alice = OxoPage(browsers(**PHONE), server.url)
    alice.register(display_name="Alice")
    bob = OxoPage(browsers(), server.url)
    bob.register(display_name="Bob")
    found = []
    for theme in ("light", "dark"):
        alice.use_theme(theme)
        alice.wait_player_online(bob.user_id())
        found += low_contrast(alice, f"the lobby with its tab bar, {theme}")
        alice.tap(f"#online-players li[data-user='{bob.user_id()}'] button")
        alice.visible("#challenge-dialog")
        options = alice.driver.execute_script("return [...document.querySelectorAll('#challenge-pace option')].map(o => o.value)")
        assert options == ["casual", "1+0", "1+1", "3+2", "5+0", "1d", "3d", "7d", "14d", "custom"]
        alice.choose("#challenge-pace", "custom")
        alice.visible("#challenge-pace-minutes")
        found += low_contrast(alice, f"the challenge dialog, {theme}")
        alice.click("#cancel-challenge")
        alice.wait(lambda d: not alice.find("#challenge-dialog").is_displayed(), "the dialog closed")
    assert found == [], "\n".join(found)

    paces = alice.driver.execute_script("return [...document.querySelectorAll('#random-pace option')].map(o => o.value)")
    assert paces == ["casual", "1+0", "1+1", "3+2", "5+0"]
    # Casual is sent as no body at all, which every server takes.
    alice.click("#play-random")
    alice.wait_js("return document.querySelector('.random').dataset.state === 'waiting'", "waiting for an opponent")
    assert not alice.find("#random-pace").is_displayed()
    alice.click("#cancel-random")
    alice.wait_js("return document.querySelector('.random').dataset.state === 'idle'", "out of the queue")


def test_phone_screenshots_for_the_readme(server, browsers, artifacts):
    """The lobby with a correspondence game on my move first, and a game with its clocks,
    at 390 × 844 with the tab bar, in both themes, in browser-artifacts/screenshots/ (the
    README shows docs/images/phone-*.png, copied from there)."""
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    page = OxoPage(browsers(**PHONE), server.url)
    page.register(display_name="Maya")
    me = Api(server.url, page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token"))
    ann, ben = Api.register(server.url, display_name="Ann"), Api.register(server.url, display_name="Ben")
    by_post = ann.create_game("X", time_control={"kind": "correspondence", "days_per_move": 3})
    me.join(by_post["id"])
    ann.move(by_post["id"], 4)  # my move, for three days
    ben.create_game("O")  # an open game to join
    clocked = me.create_game("X", time_control={"kind": "clock", "initial_seconds": 180, "increment_seconds": 2})
    ben.join(clocked["id"])
    me.move(clocked["id"], 0)
    ben.move(clocked["id"], 4)

    for theme in ("light", "dark"):
        page.open("/")
        page.use_theme(theme)
        page.wait_js("return document.querySelectorAll('#my-games li[data-game]').length === 2", "both games listed")
        assert page.find("#my-games li[data-game]").get_attribute("data-game") == by_post["id"]
        page.driver.execute_script("document.activeElement?.blur()")
        assert_fits(page)
        page.driver.save_screenshot(str(folder / f"phone-lobby-{theme}.png"))

        page.open_game(clocked["id"])
        page.wait_phase("live")
        page.visible("#game-clocks")
        ben.call("POST", f"/v1/games/{clocked['id']}/chat/players/messages", {"text": f"gl hf ({theme})"})
        page.wait_text("#game-chat-toggle-unread", "1")
        assert_fits(page)
        page.driver.save_screenshot(str(folder / f"phone-game-{theme}.png"))
    assert page.javascript_errors() == []
