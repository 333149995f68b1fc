"""Playable with the keyboard, with accessible names on cells and controls."""

from selenium.webdriver.common.keys import Keys

from pages import OxoPage


def test_keyboard_play_and_accessible_names(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    page.new_game("X", mode="pass_and_play")
    page.wait_phase("live")

    # Every cell says where it is and what it holds; every control has a name.
    labels = [page.cell(i).get_attribute("aria-label") for i in range(9)]
    assert labels[0] == "Cell 1, top left, empty" and labels[4] == "Cell 5, centre, empty"
    unnamed = page.driver.execute_script("""
        return [...document.querySelectorAll('button, input, select, a[href]')]
          .filter(e => e.offsetParent !== null)
          .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim() || (e.labels && e.labels.length)))
          .map(e => e.outerHTML)""")
    assert unnamed == []

    # A digit is a shortcut of the board's (WCAG 2.1.4): typed with the focus elsewhere it
    # plays nothing. The first arrow key takes the focus to the board's centre; arrows then
    # move around it, Enter plays where the focus is, and a digit plays that cell (1 is the
    # top left).
    page.find("#back-to-lobby").send_keys("5")  # a Tab stop outside the board, not a field
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert page.driver.switch_to.active_element.get_attribute("data-cell") == "4"
    page.driver.switch_to.active_element.send_keys("1")
    page.wait_board("X........")  # had the 5 played, X would stand on the centre
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert page.driver.switch_to.active_element.get_attribute("data-cell") == "5"
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait_board("X....O...")
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT, Keys.ENTER)  # back to the centre
    page.wait_board("X...XO...")
    assert "Cell 5, centre, X, last move" == page.cell(4).get_attribute("aria-label")
    page.driver.switch_to.active_element.send_keys("9")   # O
    page.wait_board("X...XO..O")
    page.driver.switch_to.active_element.send_keys("2")  # X
    page.wait_board("XX..XO..O")
    page.driver.switch_to.active_element.send_keys("8")    # O
    page.wait_board("XX..XO.OO")
    page.driver.switch_to.active_element.send_keys("3")    # X wins the top row
    page.wait_phase("finished")
    assert page.winning_line() == ("0-1-2", [0, 1, 2])
    assert "winning line" in page.cell(0).get_attribute("aria-label")
    page.wait_text("#game-status", "X")
