"""Screenshots of the lobby, the game, a profile and the leaderboard at phone (390 px) and desktop (1280 px) widths,
light and dark, written to browser-artifacts/screenshots/ for people to look at. The
test also checks what can be checked: nothing wider than the screen, and the themes
really differ."""

import base64
import math

from conftest import set_viewport
from oxo_api import Api, play_until_established, unique_name
from pages import OxoPage
from test_avatars import media_url, png, wait_picture

SIZES = {390: 844, 1280: 860}


def sunset(x, y):
    """Maya's photo, 160 px square: the sun going down behind a green hill."""
    if y > 112 + 14 * math.sin(x / 24):
        return (40, 110 - y // 8, 80)
    if (x - 104) ** 2 + (y - 84) ** 2 < 26 ** 2:
        return (255, 226, 140)
    return (250 - 30 * y // 160, 170 - 110 * y // 160, 90 + 60 * y // 160)


def mostly_in_order(players):
    """Who wins between two of `players`: mostly the one listed first, with an upset or a
    draw now and then, so that the ratings spread and wander a little."""
    def winner(first, second, round_number):
        turn = (3 * players.index(first) + players.index(second) + round_number) % 6
        return None if turn == 0 else second if turn == 1 else first
    return winner


def full_page_screenshot(driver, path):
    """The whole page, not just the viewport."""
    width, height = driver.execute_script(
        "return [document.documentElement.clientWidth, Math.max(document.documentElement.scrollHeight, innerHeight)]")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


def test_screenshots_of_lobby_and_game(server, browsers, artifacts):
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)

    # Maya, with a photo, and four others have played enough rated games against each
    # other to be on the leaderboard by rating.
    maya = Api.register(server.url, username=unique_name("maya"), display_name="Maya")
    photo = png(160, 160, sunset)
    maya.call_raw("PUT", "/v1/me/avatar", photo, "image/png")
    maya.user = maya.call("GET", "/v1/me")
    ann, ben, cleo, dev = (Api.register(server.url, display_name=name) for name in ("Ann", "Ben", "Cleo", "Dev"))
    rated = [ann, maya, ben, cleo, dev]
    play_until_established(rated, mostly_in_order(rated))

    # A lobby with something in every list.
    ann.create_game("X")
    watched = ben.create_game("X")
    cleo.join(watched["id"])
    for cell, player in [(4, ben), (0, cleo), (8, ben)]:
        player.move(watched["id"], cell)

    waiting = maya.create_game("O")
    ann.join(waiting["id"])
    ann.move(waiting["id"], 4)                   # Maya's turn
    maya.create_game("X", listed=False)          # waiting for an opponent
    played = maya.create_game("X")
    ben.join(played["id"])
    for cell, player in [(0, maya), (1, ben), (4, maya), (2, ben), (8, maya)]:
        player.move(played["id"], cell)          # Maya wins on the diagonal
    profile = maya.profile()
    record = "{won} won · {lost} lost · {drawn} drawn".format(**profile["record"])
    board = maya.call("GET", "/v1/leaderboard")["rows"]
    assert len(board) == len(rated) and len(profile["rating_history"]) > 10

    # Maya saw her games as they were played: nothing waits under the bell.
    maya.call("POST", "/v1/me/notifications/read")
    page = OxoPage(browsers(1280, 860), server.url)
    page.sign_in_as(maya)

    backgrounds = {}
    for width, height in SIZES.items():
        set_viewport(page.driver, width, height)
        for theme in ("light", "dark"):
            page.open("/")
            page.wait_screen("lobby")
            page.use_theme(theme)
            page.visible(f"#my-games li[data-game='{waiting['id']}']")
            page.visible(f"#live-games li[data-game='{watched['id']}']")
            page.wait_js("return document.title.startsWith('(1)')", "the title counts my turn")
            assert_fits(page, width)
            backgrounds[theme] = page.driver.execute_script("return getComputedStyle(document.body).backgroundColor")
            full_page_screenshot(page.driver, folder / f"lobby-{width}-{theme}.png")

            page.open_game(played["id"])
            page.wait_phase("finished")
            assert page.winning_line() == ("0-4-8", [0, 4, 8])
            page.wait_text("#game-status", "You win as X!")
            assert_fits(page, width)
            full_page_screenshot(page.driver, folder / f"game-{width}-{theme}.png")

            page.open_game(waiting["id"])
            page.wait_text("#game-status", "Your turn (O).")
            assert_fits(page, width)
            full_page_screenshot(page.driver, folder / f"game-live-{width}-{theme}.png")

            page.open(f"/players/{maya.user['id']}")
            page.wait_screen("profile")
            page.wait_text("#profile-record", record)
            wait_picture(page, "#profile-avatar", media_url(server, photo))
            page.wait_js(f"return document.querySelector('#profile-chart svg')?.dataset.points === "
                         f"'{len(profile['rating_history'])}'", "every rated game on the chart")
            page.visible("[data-slot='history'] .history-row")
            wait_pictures_drawn(page)
            assert_fits(page, width)
            full_page_screenshot(page.driver, folder / f"profile-{width}-{theme}.png")

            page.open("/leaderboard")
            page.wait_screen("leaderboard")
            page.wait(lambda d: len(page.find_all("#leaderboard-rows tr[data-user]")) == len(board), "every rated player listed")
            assert page.find("#leaderboard-rows tr.is-me").get_attribute("data-user") == maya.user["id"]
            wait_pictures_drawn(page)
            assert_fits(page, width)
            full_page_screenshot(page.driver, folder / f"leaderboard-{width}-{theme}.png")
        assert backgrounds["light"] != backgrounds["dark"]

    # The "+" sheet on a phone.
    set_viewport(page.driver, 390, 844)
    page.use_theme("light")
    page.open("/")
    page.wait_screen("lobby")
    page.click("#new-game")
    page.visible("#choose-o")
    page.driver.save_screenshot(str(folder / "new-game-390-light.png"))
    page.click("#cancel-new-game")
    page.wait(lambda d: not page.find("#new-game-sheet").is_displayed(), "the sheet closed")
    assert page.javascript_errors() == []


def wait_pictures_drawn(page):
    page.wait_js("return [...document.images].every(i => i.complete)", "every picture loaded")


def assert_fits(page, width):
    scroll_width = page.driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll_width <= width, f"the page is {scroll_width} px wide on a {width} px screen"
