"""Screenshots of the three new boards (four in a row won on its diagonal, a Gomoku game
under way, an Ultimate game with a small board won and the next one to play in marked)
at phone (390 px) and desktop (1280 px) widths, light and dark, written to
browser-artifacts/screenshots/variant-*.png for people to look at; the README shows the
phone ones, copied to docs/screenshots/. The test checks what can be checked: nothing
wider than the screen, and every text of the page legible (WCAG AA) in both themes."""

from conftest import set_viewport
from oxo_api import Api
from pages import OxoPage
from test_contrast import low_contrast
from variant_play import ULTIMATE_X_WINS, assert_no_sideways_scroll

SIZES = {390: 844, 1280: 860}
# Four in a row: X along the diagonal, O answering beside it.
FOUR_DIAGONAL = [0, 1, 5, 2, 10, 3, 15]
# Gomoku: a dozen stones around the centre, X to move.
GOMOKU_OPENING = [112, 113, 97, 127, 128, 98, 82, 67, 142, 96, 126, 111]


def played(x, o, variant, cells):
    """`x` opens a game of `variant`, `o` joins, and they play `cells` in turn over REST."""
    game = x.create_game("X", variant=variant)
    o.join(game["id"])
    for index, cell in enumerate(cells):
        (x if index % 2 == 0 else o).move(game["id"], cell, index + 1)
    return game


def test_screenshots_of_the_new_boards(server, browsers, artifacts):
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    maya = Api.register(server.url, display_name="Maya")
    ann = Api.register(server.url, display_name="Ann")
    games = {
        "four": (played(maya, ann, "four", FOUR_DIAGONAL), "You win as X!"),
        "gomoku": (played(maya, ann, "gomoku", GOMOKU_OPENING), "Your turn (X)."),
        # Ten moves of the scripted game: X has won the top-left board and is sent to the top-centre one.
        "ultimate": (played(maya, ann, "ultimate", [cell for cell, _ in ULTIMATE_X_WINS[:10]]), "Your turn (X)."),
    }
    maya.call("POST", "/v1/me/notifications/read")
    # Ann keeps a page open, so that no game says she is away.
    OxoPage(browsers(1280, 860), server.url).sign_in_as(ann)
    page = OxoPage(browsers(1280, 860), server.url)
    page.sign_in_as(maya)

    found = []
    for width, height in SIZES.items():
        set_viewport(page.driver, width, height)
        for theme in ("light", "dark"):
            page.use_theme(theme)
            for variant, (game, status) in games.items():
                page.open_game(game["id"])
                page.wait_text("#game-status", status)
                page.wait(lambda d: not page.find("#away-text").is_displayed(), "Ann not away")
                if variant == "ultimate":
                    page.wait_text("#board-where", "Play in the top-centre board.")
                    assert page.find("#board .small-board[data-board='0']").get_attribute("data-state") == "X"
                page.driver.execute_script("document.activeElement?.blur(); window.scrollTo(0, 0)")
                assert_no_sideways_scroll(page)
                found += low_contrast(page, f"{variant} {width}")
                page.driver.save_screenshot(str(folder / f"variant-{variant}-{width}-{theme}.png"))
    assert found == [], "\n".join(found)
    assert page.javascript_errors() == []
