"""The bigger boards alone and with strangers: four in a row against the computer to the
end with the keyboard alone, the computer's levels each board offers, pass and play on
Ultimate, and Play random, which pairs only players who chose the same board."""

import random

from selenium.webdriver.common.keys import Keys

from oxo_api import Api
from pages import OxoPage, registered
from variant_play import WIDTHS, assert_no_sideways_scroll, focused_cell, play_by_keys


def level_options(page):
    return page.driver.execute_script("return [...document.querySelectorAll('#computer-level option')].map(o => o.textContent)")


def test_four_in_a_row_against_the_computer_to_the_end_with_the_keyboard(server, browsers):
    seed = random.randrange(1_000_000)
    rng = random.Random(seed)
    page = OxoPage(browsers(390, 844), server.url)
    page.register(display_name="Kim")
    page.new_game("X", mode="computer", level="medium", variant="four")
    game_id = page.game_id()
    page.wait_text("#game-variant", "Four in a row")
    page.wait_text("#players", "Medium computer")
    assert_no_sideways_scroll(page)
    assert page.board() == "." * 16
    assert page.find("#board [data-cell='5']").get_attribute("aria-label") == "b2, empty"

    # Digits name classic's cells only: "1" here plays nothing, and the move after it is
    # the one the arrows chose (the computer's answer may take cell 0; X never does).
    page.driver.switch_to.active_element.send_keys("1")
    first = True
    while page.phase() == "live":
        if "Your turn" not in page.status():
            page.wait(lambda d: "Your turn" in page.status() or page.phase() != "live", "the computer's answer")
            continue
        empty = [i for i, mark in enumerate(page.board()) if mark == "."]
        cell = rng.choice([c for c in empty if c != 0] if first else empty)
        play_by_keys(page, cell, WIDTHS["four"])
        if first:
            assert page.board()[0] != "X", f"the digit played a cell (seed {seed})"
            first = False
    page.wait_phase("finished")

    game = Api(server.url, page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")).game(game_id)
    assert game["variant"] == "four" and len(game["board"]) == 16
    winner = game["result"].get("winner")
    if winner:
        line, cells = page.winning_line()
        assert cells == game["result"]["line"] and line == "-".join(map(str, cells)), f"seed {seed}"
        page.wait_text("#game-status", "You win as X!" if winner == "X" else "Medium computer (O) wins.")
    else:
        page.wait_text("#game-status", "draw")
    page.wait_text("#move-list", f"{len(game['moves'])}. ")

    # Play again keeps the board and the level.
    page.tap("#play-again")
    page.wait(lambda d: page.game_id() != game_id, "a new game")
    page.wait_phase("live")
    page.wait_text("#game-variant", "Four in a row")
    page.wait_text("#players", "Medium computer")
    assert page.board() == "." * 16
    assert page.javascript_errors() == []


def test_each_board_offers_its_computer_levels_and_pass_and_play(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    page.click("#play-computer")
    page.visible("#new-game-sheet")
    assert page.find("#game-variant-choice").get_attribute("value") == "classic"
    assert level_options(page) == ["Easy", "Medium", "Hard", "Perfect (never loses)"]
    page.wait_text("#game-variant-choice-rules", "Three of your marks")
    page.choose("#game-variant-choice", "gomoku")
    assert level_options(page) == ["Easy", "Medium", "Strong"]
    page.wait_text("#game-variant-choice-rules", "Five or more")
    page.choose("#game-variant-choice", "four")
    assert level_options(page) == ["Easy", "Medium", "Hard", "Perfect (never loses)"]
    page.click("#cancel-new-game")
    page.wait(lambda d: not page.find("#new-game-sheet").is_displayed(), "the sheet closed")

    # The strongest level on a board that is not solved is named Strong.
    page.new_game("O", mode="computer", level="hard", variant="ultimate")
    page.wait_text("#players", "Strong computer")
    page.wait_text("#game-variant", "Ultimate")
    page.click("#back-to-lobby")

    # Pass and play on Ultimate: one person plays both sides, sent from board to board.
    page.new_game("X", mode="pass_and_play", variant="ultimate")
    page.wait_text("#game-variant", "Ultimate")
    page.wait_text("#board-where", "Play in any open board.")
    page.wait_text("#keys", "Keys: arrows and Enter.")
    page.play(20)  # c3: the bottom-right cell of the top-left board sends O to the bottom-right board
    page.wait_text("#board-where", "Play in the bottom-right board.")
    # The first arrow key brings the keyboard into the board to play in, on its centre.
    page.driver.execute_script("document.activeElement.blur()")
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
    assert focused_cell(page) == 70  # h8, the centre of the bottom-right board
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT, Keys.ENTER)
    page.wait_moves(2)
    page.wait_text("#move-list", "2. i8 O")
    page.wait_text("#board-where", "Play in the middle-right board.")
    # Playing outside the board one was sent to is refused in the server's words.
    page.play(0)
    assert page.refusal() != ""
    assert page.find("#game-refusal").get_attribute("data-code") == "wrong_board"
    page.click("#game-rules summary")
    page.wait_text("#game-rules-text", "sends your opponent to the small board in the same position")
    assert page.javascript_errors() == []


def test_play_random_pairs_only_players_of_the_same_board(server, browsers):
    carol, alice, bob = registered(server, browsers, "Carol", "Alice", "Bob")
    # Carol waits for a classic game; Alice then asks for Ultimate and is not paired with her.
    carol.click("#play-random")
    carol.wait_js("return document.querySelector('.random').dataset.state === 'waiting'", "Carol waiting")
    alice.choose("#random-variant", "ultimate")
    alice.wait_text("#random-variant-rules", "Nine small 3×3 boards")
    alice.click("#play-random")
    alice.wait_text("#random-status", "Looking for an opponent for Ultimate")
    # Bob asks for Ultimate too: the two of them are paired, Carol still waits.
    bob.choose("#random-variant", "ultimate")
    bob.click("#play-random")
    for page in (alice, bob):
        page.wait_screen("game")
        page.wait_text("#game-variant", "Ultimate")
    assert carol.driver.execute_script("return document.querySelector('.random').dataset.state") == "waiting"
    carol.click("#cancel-random")
    carol.wait_js("return document.querySelector('.random').dataset.state === 'idle'", "out of the queue")
