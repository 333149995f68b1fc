"""Every list says the board where it is not classic (open games, my games, a profile's
games, the history, a challenge's toast and its notification in the bell); a finished
game of another board replays on its own board; the leaderboard has a tab per board,
and a profile shows each board's rating and record the player has."""

from oxo_api import Api
from pages import OxoPage

# Four in a row: X takes the top row while O plays below it.
FOUR_X_WINS = [0, 4, 1, 5, 2, 6, 3]


def test_lists_say_the_board_and_a_finished_game_replays_on_it(server, browsers):
    page = OxoPage(browsers(390, 844), server.url)
    page.register(display_name="Maya")
    maya = Api(server.url, page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token"))
    maya.user = {"id": page.user_id()}
    ann = Api.register(server.url, display_name="Ann")

    # Ann joining Maya's Ultimate game takes Maya's page to it, which names the board.
    live = maya.create_game("X", variant="ultimate")
    ann.join(live["id"])
    page.wait_js(f"return location.hash === '#/game/{live['id']}'", "taken to the game")
    page.wait_text("#game-variant", "Ultimate")
    page.wait_text("#board-where", "Play in any open board.")

    # Back in the lobby: Ann's open Gomoku game, and the Ultimate game under My games.
    waiting = ann.create_game("X", variant="gomoku")
    page.open("/")
    row = page.visible(f"#open-games li[data-game='{waiting['id']}']")
    assert "Gomoku" in row.text
    assert page.find(f"#open-games li[data-game='{waiting['id']}'] .mini-board").get_attribute("data-variant") == "gomoku"
    page.wait_text(f"#my-games li[data-game='{live['id']}']", "Ultimate")

    # A rated game of four in a row, won by Maya.
    won = maya.create_game("X", variant="four")
    ann.join(won["id"])
    for index, cell in enumerate(FOUR_X_WINS):
        (maya if index % 2 == 0 else ann).move(won["id"], cell, index + 1)

    # Her profile: the game being played, named by its board, and her standing at four in a row.
    page.open(f"/players/{maya.user['id']}")
    page.wait_screen("profile")
    page.wait_text(f"#profile-games li[data-game='{live['id']}']", "Ultimate")
    page.wait_text("#profile-variants", "Four in a row, real-time")
    standing = page.find("#profile-variants dd[data-variant='four'][data-pace='real_time']").text
    assert standing.startswith("1 won · 0 lost · 0 drawn · ")
    history = page.visible(f"[data-slot='history'] li[data-game='{won['id']}']")
    assert "Four in a row" in history.text and "You won" in history.text

    # The history's Replay opens the game on its own 4×4 board.
    page.tap(f"[data-slot='history'] li[data-game='{won['id']}'] a.button")
    page.wait_screen("replay")
    page.wait(lambda d: len(page.find_all("#replay-moves li")) == len(FOUR_X_WINS), "every move listed")
    assert page.find("#replay-moves li:nth-child(7) .replay-move-notation").text == "7. d1 X"
    assert page.board() == "." * 16
    page.click("#replay-last")
    page.wait_board("XXXXOOO.........")
    assert page.winning_line() == ("0-1-2-3", [0, 1, 2, 3])
    page.wait_text("#replay-verdict", "7. X on d1: best.")
    assert page.javascript_errors() == []


def test_a_challenge_names_its_board_in_the_toast_and_the_bell(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register(display_name="Maya")
    ann = Api.register(server.url, display_name="Ann")
    ann.call("POST", "/v1/challenges", {"opponent": page.user_id(), "side": "X", "variant": "ultimate"})
    page.wait_text(".toast[data-direction='received']", "Ann challenges you to Ultimate: you would play O.")
    page.wait_unread(1)
    page.click("#bell")
    page.wait_text("#notification-list li[data-kind='challenge_received']", "Ann challenges you to Ultimate")


def test_the_leaderboard_has_a_tab_for_each_board(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register(display_name="Maya")
    maya = Api(server.url, page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token"))
    me = page.user_id()
    ann = Api.register(server.url, display_name="Ann")
    won = maya.create_game("X", variant="four")
    ann.join(won["id"])
    for index, cell in enumerate(FOUR_X_WINS):
        (maya if index % 2 == 0 else ann).move(won["id"], cell, index + 1)

    page.open("/leaderboard")
    page.wait_screen("leaderboard")
    tabs = page.driver.execute_script("return [...document.querySelectorAll('[data-variant][role=tab]')].map(t => t.textContent)")
    assert tabs == ["Classic", "Four in a row", "Gomoku", "Ultimate"]
    assert page.find("#leaderboard-tab-classic").get_attribute("aria-selected") == "true"
    # Her win this week counts on four in a row's board, not on classic's.
    page.click("#leaderboard-tab-weekly_wins")
    page.wait_text("#leaderboard-rows", "Nobody has won a rated game this week yet.")
    page.click("#leaderboard-tab-four")
    page.visible(f"#leaderboard-rows tr[data-user='{me}']")
    page.wait_text("#leaderboard-note", "You are number")
    page.click("#leaderboard-tab-gomoku")
    page.wait_text("#leaderboard-rows", "Nobody has won a rated game this week yet.")
    assert page.javascript_errors() == []
