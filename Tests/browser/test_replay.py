"""A finished game replayed move by move with the solver's verdicts: from the game's
Replay link and from the history page, stepped with the keyboard and the buttons, played
at a move a second, and its moves copied in the text notation."""

import json

from selenium.webdriver.common.keys import Keys

from oxo_api import Api
from pages import OxoPage

# X b2, O b1 (an edge reply to the centre, which throws the draw away), X a1, O c3, X a3,
# O a2, X c1: X wins on the diagonal c1-b2-a3.
MOVES = [4, 1, 0, 8, 6, 3, 2]
NOTATION = ["1. b2 X", "2. b1 O", "3. a1 X", "4. c3 O", "5. a3 X", "6. a2 O", "7. c1 X"]


def board_after(count):
    cells = ["."] * 9
    for number, cell in enumerate(MOVES[:count]):
        cells[cell] = "X" if number % 2 == 0 else "O"
    return "".join(cells)


def shown(page):
    return int(page.driver.execute_script("return document.querySelector('section.replay').dataset.shown"))


def press(page, key, expected_shown):
    page.find("body").send_keys(key)
    page.wait(lambda d: shown(page) == expected_shown, f"{expected_shown} moves shown after the key")
    page.wait_board(board_after(expected_shown))


def current_move(page):
    """The highlighted move's notation and the verdict written beside it."""
    items = page.find_all("#replay-moves li[aria-current='step']")
    if not items:
        return None
    return items[0].find_element("css selector", ".replay-move-notation").text, \
        items[0].find_element("css selector", ".verdict").text


def finish_a_game(page):
    page.new_game("X", mode="pass_and_play")
    for cell in MOVES:
        page.play(cell)
    page.wait_phase("finished")
    return page.game_id()


def test_a_finished_game_replays_step_by_step_with_the_keyboard_and_the_solvers_verdicts(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register(display_name="Rita")
    game_id = finish_a_game(page)
    token = page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")
    verdicts = [move["verdict"] for move in Api(server.url, token).call("GET", f"/v1/games/{game_id}/replay")["moves"]]
    assert verdicts[:2] == ["best", "mistake"] and verdicts[-1] == "best"

    page.click("#replay-game")
    page.wait_js(f"return location.hash === {json.dumps('#/replay/' + game_id)}", "the replay's address")
    page.visible("#replay-moves")
    page.wait(lambda d: len(page.find_all("#replay-moves li")) == 7, "seven moves listed")
    # Every move is listed in the notation with its verdict written out, not shown by colour alone.
    listed = [(li.find_element("css selector", ".replay-move-notation").text,
               li.find_element("css selector", ".verdict").text) for li in page.find_all("#replay-moves li")]
    assert listed == list(zip(NOTATION, verdicts))
    mistake_colour = page.find("#replay-moves li:nth-child(2) .verdict").value_of_css_property("color")
    best_colour = page.find("#replay-moves li:nth-child(1) .verdict").value_of_css_property("color")
    assert mistake_colour != best_colour
    assert shown(page) == 0 and page.board() == "........." and current_move(page) is None

    press(page, Keys.ARROW_RIGHT, 1)
    assert current_move(page) == ("1. b2 X", "best")
    press(page, Keys.ARROW_RIGHT, 2)
    assert current_move(page) == ("2. b1 O", "mistake")
    page.wait_text("#replay-verdict", "2. O on b1: a mistake. It throws away a draw")
    assert page.find("#replay-verdict").get_attribute("data-verdict") == "mistake"
    assert "last move" in page.cell(1).get_attribute("aria-label")
    press(page, Keys.ARROW_LEFT, 1)
    page.wait_text("#replay-verdict", "1. X on b2: best.")
    press(page, Keys.END, 7)
    assert current_move(page) == ("7. c1 X", "best")
    line, cells = page.winning_line()
    assert cells == [2, 4, 6] and line == "2-4-6"
    press(page, Keys.HOME, 0)
    assert page.winning_line() == (None, [])
    press(page, Keys.ARROW_LEFT, 0)  # nothing before the start

    # The buttons step too; Play shows a move a second until the end.
    page.click("#replay-next")
    page.wait(lambda d: shown(page) == 1, "a step forward")
    page.click("#replay-last")
    page.wait(lambda d: shown(page) == 7, "the last move")
    page.click("#replay-first")
    page.wait(lambda d: shown(page) == 0, "the start")
    page.click("#replay-play")
    page.wait_text("#replay-play", "Pause")
    page.wait(lambda d: shown(page) == 2, "two moves played", timeout=5)
    page.click("#replay-play")
    stopped_at = shown(page)
    page.wait_text("#replay-play", "Play")
    page.click("#replay-play")
    page.wait(lambda d: shown(page) == 7, "played to the end", timeout=12)
    page.wait_text("#replay-play", "Play")
    assert stopped_at >= 2

    # The moves in the text notation: copied, or selected to copy where the clipboard is shut.
    page.click("#copy-moves")
    page.wait(lambda d: page.text("#copy-note"), "the copy answered")
    if "copied" not in page.text("#copy-note"):
        text = page.find("#notation").get_attribute("value")
        assert text.startswith(f"# OXO game {game_id}\n") and text.endswith("\n".join(NOTATION) + "\n")
    assert page.javascript_errors() == []


def test_the_history_page_lists_finished_games_and_opens_their_replays(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register(display_name="Hana")
    game_id = finish_a_game(page)
    page.click("#back-to-lobby")
    page.new_game("X", mode="pass_and_play")  # still going: not in the history
    page.play(4)

    page.click("#history-link")
    page.wait_js("return location.hash === '#/history'", "the history's address")
    page.visible(f"#history li[data-game='{game_id}']")
    assert len(page.find_all("#history li[data-game]")) == 1
    row = page.find(f"#history li[data-game='{game_id}']")
    assert "7 moves" in row.text and "X won" in row.text
    page.click(f"#history li[data-game='{game_id}'] a.button")
    page.wait(lambda d: len(page.find_all("#replay-moves li")) == 7, "the replay from the history")
    assert "Replay:" in page.text("#replay-title")
    assert page.javascript_errors() == []


def test_an_unfinished_game_has_no_replay(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    page.new_game("X", mode="pass_and_play")
    game_id = page.game_id()
    assert not page.find("#replay-game").is_displayed()
    page.open(f"/replay/{game_id}")
    page.wait_text("#replay-error", "not finished")
