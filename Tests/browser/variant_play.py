"""Playing the bigger boards in the page, for the variants' tests: games scripted cell by
cell (legal by the rules the server keeps; it refuses anything else), moves made with
the keyboard, and the checks every board must pass."""

from selenium.webdriver.common.keys import Keys

# Ultimate, X winning the top row of small boards in 17 moves: X takes the top-middle board
# (f3, e2, d1), the top-left (a2, c2, b2) and the top-right (i3, i2, i1). Each pair is the
# cell and the small board it sends the other player to (None: any open board, the board
# it names being won). Cells are numbered row by row on the 9×9 grid.
ULTIMATE_X_WINS = [
    (23, 8), (61, 1), (13, 4), (30, 0), (9, 3), (27, 0), (11, 5), (33, 0), (10, 4), (31, 1),
    (3, None), (59, 2), (26, 8), (62, 2), (17, 5), (35, 2), (8, None),
]
ULTIMATE_LINE = [0, 1, 2]

# Gomoku, X making five in a row across the middle (h8 to l8) while O fills the top row.
GOMOKU_X_WINS = [112, 0, 113, 1, 114, 2, 115, 3, 116]
GOMOKU_LINE = [112, 113, 114, 115, 116]

WIDTHS = {"classic": 3, "four": 4, "gomoku": 15, "ultimate": 9}


def assert_no_sideways_scroll(page):
    """The page is no wider than the screen: nothing scrolls sideways."""
    width, inner = page.driver.execute_script("return [document.scrollingElement.scrollWidth, innerWidth]")
    assert width <= inner, f"the page is {width} px wide on a {inner} px screen"


def focused_cell(page):
    cell = page.driver.switch_to.active_element.get_attribute("data-cell")
    return None if cell is None else int(cell)


def play_by_keys(page, cell, width):
    """Brings the keyboard to the board (the first arrow key, when the focus is elsewhere),
    walks it to `cell` with the arrow keys, and presses Enter; waits for the server's answer."""
    before = page.moves_shown()
    if focused_cell(page) is None:
        page.driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
        page.wait(lambda d: focused_cell(page) is not None, "the keyboard on the board")
    at = focused_cell(page)
    rows = cell // width - at // width
    columns = cell % width - at % width
    keys = [Keys.ARROW_DOWN if rows > 0 else Keys.ARROW_UP] * abs(rows)
    keys += [Keys.ARROW_RIGHT if columns > 0 else Keys.ARROW_LEFT] * abs(columns)
    page.driver.switch_to.active_element.send_keys(*keys)
    assert focused_cell(page) == cell
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait(lambda d: page.moves_shown() > before or page.refusal(), f"an answer to the move on {cell}")
    assert page.refusal() == "", page.refusal()


def small_boards_won(page):
    """The small boards of Ultimate's board that the page marks on the winning line."""
    return [int(b.get_attribute("data-board")) for b in page.find_all("#board .small-board.win")]
