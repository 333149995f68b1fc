"""Screenshots of the lobby, the game, a profile and the leaderboard at phone (390 px) and desktop (1280 px) widths,
light and dark, written to browser-artifacts/screenshots/ for people to look at. The
test also checks what can be checked: nothing wider than the screen, and the themes
really differ."""

import base64

from conftest import set_viewport
from oxo_api import Api
from pages import OxoPage

SIZES = {390: 844, 1280: 860}


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

    # A lobby with something in every list.
    ann = Api.register(server.url, display_name="Ann")
    ben = Api.register(server.url, display_name="Ben")
    cleo = Api.register(server.url, display_name="Cleo")
    ann.create_game("X")
    watched = ben.create_game("X")
    cleo.join(watched["id"])
    for cell, player in [(4, ben), (0, cleo), (8, ben)]:
        player.move(watched["id"], cell)

    page = OxoPage(browsers(1280, 860), server.url)
    page.register(display_name="Maya")
    token = page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")
    maya = Api(server.url, token)
    maya_id = maya.call("GET", "/v1/me")["id"]
    waiting = maya.create_game("O")
    ann.join(waiting["id"])
    ann.move(waiting["id"], 4)                   # Maya's turn
    maya.create_game("X", listed=False)          # waiting for an opponent
    played = maya.create_game("X")
    ben.join(played["id"])
    for cell, player in [(0, maya), (1, ben), (4, maya), (2, ben), (8, maya)]:
        player.move(played["id"], cell)          # Maya wins on the diagonal
    page.driver.refresh()
    page.wait_ready()
    page.wait_online()

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

            page.open(f"/players/{maya_id}")
            page.wait_screen("profile")
            page.wait_text("#profile-record", "1 won · 0 lost · 0 drawn")
            page.visible("#profile-chart svg")
            assert_fits(page, width)
            full_page_screenshot(page.driver, folder / f"profile-{width}-{theme}.png")

            page.open("/leaderboard")
            page.wait_screen("leaderboard")
            page.click("#leaderboard-tab-weekly_wins")
            page.wait_text("#leaderboard-rows", "Maya")
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


def assert_fits(page, width):
    scroll_width = page.driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll_width <= width, f"the page is {scroll_width} px wide on a {width} px screen"
