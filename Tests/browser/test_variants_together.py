"""Two people in two browsers play the bigger boards to the end, on a phone (390 px) and
on a desktop (1280 px): Ultimate from the "+" sheet and the lobby, Gomoku from a
challenge. Moves are clicks and keys in the page; every board fits the screen's width."""

import pytest

from pages import OxoPage
from variant_play import (GOMOKU_LINE, GOMOKU_X_WINS, ULTIMATE_LINE, ULTIMATE_X_WINS, WIDTHS, assert_no_sideways_scroll,
                          play_by_keys, small_boards_won)

SCREENS = {390: 844, 1280: 900}
BOARD_NAMES = ["top-left", "top-centre", "top-right", "middle-left", "centre", "middle-right",
               "bottom-left", "bottom-centre", "bottom-right"]


def two_players(server, browsers, width):
    alice = OxoPage(browsers(width, SCREENS[width]), server.url)
    alice.register(display_name="Alice")
    bob = OxoPage(browsers(width, SCREENS[width]), server.url)
    bob.register(display_name="Bob")
    return alice, bob


def take_turn(number, cell, x, o, width):
    """Move `number` (1 for the first), on `cell`: X by a click, O with the keyboard; both
    pages then show it. Returns the page that moved."""
    mover = x if number % 2 else o
    mover.wait_text("#game-status", "Your turn")
    if mover is o:
        play_by_keys(o, cell, width)
    else:
        mover.play(cell, centred=True)
        assert mover.refusal() == "", mover.refusal()
    for page in (x, o):
        page.wait_moves(number)
    return mover


@pytest.mark.parametrize("width", [390, 1280])
def test_two_people_play_ultimate_to_a_win(server, browsers, width):
    alice, bob = two_players(server, browsers, width)

    # Alice opens an Ultimate game from the "+" sheet, which shows the board's rules.
    alice.click("#new-game")
    alice.visible("#new-game-sheet")
    alice.choose("#game-variant-choice", "ultimate")
    alice.wait_text("#game-variant-choice-rules", "Nine small 3×3 boards")
    alice.click("#choose-x")
    alice.wait_screen("game")
    game_id = alice.game_id()
    alice.wait_text("#game-variant", "Ultimate")

    # Bob finds it in the lobby, named by its board, and joins.
    row = bob.visible(f"#open-games li[data-game='{game_id}']")
    assert "Ultimate" in row.text
    bob.tap(f"#open-games li[data-game='{game_id}'] button")
    bob.wait_phase("live")
    bob.wait_text("#game-variant", "Ultimate")
    alice.wait_phase("live")
    alice.wait_text("#board-where", "Play in any open board.")
    bob.wait_text("#board-where", "X may play in any open board.")
    assert bob.find("#board [data-cell='40']").get_attribute("aria-label") == "Centre board, centre, e5, empty"

    for number, (cell, sent_to) in enumerate(ULTIMATE_X_WINS, start=1):
        mover = take_turn(number, cell, alice, bob, WIDTHS["ultimate"])
        other = bob if mover is alice else alice
        if number == len(ULTIMATE_X_WINS):
            break
        # The one to move now is told where, in words and in colour.
        turn = "O" if number % 2 else "X"
        if sent_to is None:
            other.wait_text("#board-where", "Play in any open board.")
            mover.wait_text("#board-where", f"{turn} may play in any open board.")
        else:
            other.wait_text("#board-where", f"Play in the {BOARD_NAMES[sent_to]} board.")
            mover.wait_text("#board-where", f"{turn} plays in the {BOARD_NAMES[sent_to]} board.")
            active = [int(b.get_attribute("data-board")) for b in other.find_all("#board .small-board.is-active")]
            assert active == [sent_to]
        assert "last move" in other.find(f"#board [data-cell='{cell}']").get_attribute("aria-label")
        assert_no_sideways_scroll(other)

    # Both see the win: the three small boards in a line, each won by X and shown so.
    for page in (alice, bob):
        page.wait_phase("finished")
        line, cells = page.winning_line()
        assert line == "-".join(map(str, ULTIMATE_LINE)) and cells == []
        assert small_boards_won(page) == ULTIMATE_LINE
        for board in ULTIMATE_LINE:
            small = page.find(f"#board .small-board[data-board='{board}']")
            assert small.get_attribute("data-state") == "X"
            assert "won by X" in small.get_attribute("aria-label")
        assert not page.find("#board-where").is_displayed()
        assert_no_sideways_scroll(page)
        assert page.javascript_errors() == []
    alice.wait_text("#game-status", "You win as X!")
    bob.wait_text("#game-status", "Alice (X) wins.")


@pytest.mark.parametrize("width", [390, 1280])
def test_two_people_play_gomoku_from_a_challenge(server, browsers, width):
    alice, bob = two_players(server, browsers, width)

    # Alice challenges Bob to Gomoku; his toast names the board.
    alice.challenge(bob.user_id(), "X", variant="gomoku")
    bob.wait_text(".toast[data-direction='received']", "Alice challenges you to Gomoku: you would play O.")
    alice.wait_text(".toast[data-direction='made']", "Your challenge to Bob (Gomoku)")
    bob.click(".toast[data-direction='received'] button.primary")
    for page in (alice, bob):
        page.wait_screen("game")
        page.wait_phase("live")
        page.wait_text("#game-variant", "Gomoku")
        assert_no_sideways_scroll(page)
    assert alice.find("#board [data-cell='112']").get_attribute("aria-label") == "h8, empty"

    # On a phone Alice zooms in: the board scrolls in its frame, the page keeps its width.
    if width == 390:
        alice.click("#board-zoom")
        alice.wait_text("#board-zoom", "Zoom out")
        scroller = alice.driver.execute_script(
            "const s = document.getElementById('board-scroller'); return [s.scrollWidth, s.clientWidth]")
        assert scroller[0] > scroller[1], "the zoomed board scrolls inside its frame"
        cell = alice.find("#board [data-cell='0']").rect
        assert cell["width"] >= 40, f"zoomed cells are {cell['width']} px wide"
        assert_no_sideways_scroll(alice)

    for number, cell in enumerate(GOMOKU_X_WINS, start=1):
        take_turn(number, cell, alice, bob, WIDTHS["gomoku"])
    for page in (alice, bob):
        page.wait_phase("finished")
        assert page.winning_line() == ("-".join(map(str, GOMOKU_LINE)), GOMOKU_LINE)
        assert page.find("#board [data-cell='116']").get_attribute("aria-label") == "l8, X, last move, winning line"
        page.wait_text("#move-list", "9. l8 X")
        assert_no_sideways_scroll(page)
        assert page.javascript_errors() == []
    alice.wait_text("#game-status", "You win as X!")
    bob.wait_text("#game-status", "Alice (X) wins.")
