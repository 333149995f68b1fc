"""The screen-reader mode, read as a screen reader reads it. Bob turns the mode on in
Settings and plays Alice with a clock using only the command box, reading only the live
region; Alice plays on the board. After each move the region says who played where and
whose turn it is with the time left, once and in order, the same words again when they
repeat; the commands read the board, the last move, the clocks and the moves; a refusal
and the result are said; the accessibility tree (Chrome's, over the DevTools protocol)
has the board as a grid of named cells and the region as a log (Bob's screen mid-game is
browser-artifacts/screenshots/screen-reader-mode-1280.png). The mode is offered once
to a browser whose first act is the Tab key, and not to one that clicked first."""

import re

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from oxo_api import Api, unique_name
from pages import OxoPage

CLOCK = {"kind": "clock", "initial_seconds": 180, "increment_seconds": 2}
TIME = r"\d+ minutes?( \d+)?|\d+ seconds?"


class Listener:
    """What Bob does and hears: he types into the command box and reads the live region."""

    def __init__(self, page):
        self.page = page
        self.heard = 0

    def said(self):
        return self.page.driver.execute_script(
            "return [...document.querySelectorAll('#announcements p')].map((p) => [Number(p.dataset.said), p.textContent])")

    def next_said(self):
        """Waits for what the region says next (one new line) and returns it."""
        self.page.wait(lambda d: any(number > self.heard for number, _ in self.said()), "the region to say something")
        new = [(number, text) for number, text in self.said() if number > self.heard]
        number, text = new[0]
        assert number == self.heard + 1, f"line {self.heard + 1} was never in the region"
        self.heard = number
        return text

    def type(self, command):
        field = self.page.find("#game-command")
        field.send_keys(command, Keys.ENTER)

    def expect(self, pattern):
        text = self.next_said()
        assert re.fullmatch(pattern, text), f"said {text!r}, expected {pattern!r}"
        return text


def turn_mode_on_in_settings(page):
    page.open("/settings")
    page.wait_screen("settings")
    page.visible("#session-list li")  # the last part to load: nothing moves after it
    page.tap("label[for=screen-reader-mode]")
    page.wait_js("return localStorage.getItem('oxo.screenReader') === 'on'")


def test_a_game_played_by_typed_commands_and_heard_in_the_live_region(server, browsers, artifacts):
    alice_api = Api.register(server.url, username=unique_name("alice"), display_name="Alice")
    bob_api = Api.register(server.url, username=unique_name("bob"), display_name="Bob")
    game = alice_api.create_game("X", time_control=CLOCK)
    bob_api.join(game["id"])
    alice = OxoPage(browsers(), server.url)
    alice.sign_in_as(alice_api, f"/game/{game['id']}")
    alice.wait_phase("live")
    bob_page = OxoPage(browsers(), server.url)
    # No motion on Bob's screen, so that its screenshot shows each mark as it ends.
    bob_page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    bob_page.sign_in_as(bob_api)
    turn_mode_on_in_settings(bob_page)
    bob_page.open(f"/game/{game['id']}")
    bob = Listener(bob_page)

    bob.expect(rf"Game {game['code']}, Classic, 3×3\. Alice \(X\) vs You \(O\)\. Type a cell such as b2 in the command box "
               rf"to play, or help for the commands\. Alice's turn, ({TIME}) left\.")
    assert bob_page.driver.switch_to.active_element.get_attribute("id") == "game-command"

    alice.play(4)
    bob.expect(rf"Alice played X on b2\. Your turn, ({TIME}) left\.")
    bob.type("a1")
    bob.expect(rf"You played O on a1\. Alice's turn, ({TIME}) left\.")
    bob.type("b2")  # out of turn (and taken): the server's refusal, in its words
    refusal = bob.next_said()
    assert refusal and refusal == bob_page.text("#game-refusal")
    bob.type("d4")
    bob.expect(r"There is no cell d4 on this board\.")
    bob.type("dance")
    bob.expect(r'"dance" is not a command\. Type a cell such as b2, or board, last, clock, moves or help\.')

    alice.play(1)
    bob.expect(rf"Alice played X on b1\. Your turn, ({TIME}) left\.")
    bob.type("board")
    bob.expect(r"Row 1: a1 O, b1 X, c1 empty\. Row 2: a2 empty, b2 X, c2 empty\. Row 3: a3 empty, b3 empty, c3 empty\.")
    bob.type("last")
    bob.expect(r"Move 3: Alice played X on b1\.")
    bob.type("last")  # the same words again are said again
    bob.expect(r"Move 3: Alice played X on b1\.")
    bob.type("moves")
    bob.expect(r"Moves: 1\. b2 X, 2\. a1 O, 3\. b1 X\.")
    bob.type("clock")
    bob.expect(rf"Alice \(X\): ({TIME})\. You \(O\): ({TIME}), running\.")
    bob.type("c1")
    bob.expect(rf"You played O on c1\. Alice's turn, ({TIME}) left\.")
    # For people to look at (the README shows it, copied to docs/screenshots/).
    (artifacts / "screenshots").mkdir(parents=True, exist_ok=True)
    bob_page.driver.save_screenshot(str(artifacts / "screenshots" / "screen-reader-mode-1280.png"))

    alice.play(7)
    bob.expect(r"Alice played X on b3\. Alice \(X\) wins\.")
    alice.click("#rematch")
    bob.expect(r"Alice offers a rematch\.")
    # Nothing more was said: every line came once, in order (Listener.next_said checks each).
    assert bob.said()[-1][0] == bob.heard


def ax_nodes(page):
    return page.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]


def ax_role(node):
    return node.get("role", {}).get("value")


def ax_name(node):
    return node.get("name", {}).get("value", "")


def test_the_accessibility_tree_has_a_grid_of_named_cells_and_a_log(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    turn_mode_on_in_settings(page)
    page.open("/")
    page.new_game("X", mode="pass_and_play")
    page.wait_phase("live")
    Listener(page).type("b2")
    page.wait_board("....X....")

    nodes = ax_nodes(page)
    by_id = {node["nodeId"]: node for node in nodes}
    role, name = ax_role, ax_name
    grids = [node for node in nodes if role(node) == "grid" and name(node) == "Board"]
    assert len(grids) == 1
    rows = [by_id[child] for child in grids[0].get("childIds", []) if role(by_id[child]) == "row"]
    assert len(rows) == 3
    first_row = [by_id[child] for child in rows[0].get("childIds", [])]
    assert [role(cell) for cell in first_row] == ["gridcell"] * 3
    buttons = [name(node) for node in nodes if role(node) == "button" and re.match(r"[a-c][1-3], ", name(node))]
    assert buttons == ["a1, top left, empty", "b1, top centre, empty", "c1, top right, empty",
                       "a2, middle left, empty", "b2, centre, X, last move", "c2, middle right, empty",
                       "a3, bottom left, empty", "b3, bottom centre, empty", "c3, bottom right, empty"]
    logs = [node for node in nodes if role(node) == "log"]
    assert [name(node) for node in logs] == ["Said aloud"]
    assert any(role(node) == "textbox" and name(node) == "Command" for node in nodes)


def test_the_mode_is_offered_once_to_a_browser_that_tabs_first(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.open("/signin")
    page.wait_screen("signin")
    assert not page.find("#screen-reader-offer").is_displayed()
    ActionChains(page.driver).send_keys(Keys.TAB).perform()
    page.visible("#screen-reader-offer-accept")
    assert "Play without seeing the board?" in page.text("#screen-reader-offer")
    page.click("#screen-reader-offer-accept")
    page.wait(lambda d: not page.find("#screen-reader-offer").is_displayed(), "the offer gone")
    assert page.driver.execute_script("return localStorage.getItem('oxo.screenReader')") == "on"
    page.driver.refresh()
    page.wait_ready()
    ActionChains(page.driver).send_keys(Keys.TAB).perform()
    assert not page.find("#screen-reader-offer").is_displayed()

    clicker = OxoPage(browsers(), server.url)
    clicker.open("/signin")
    clicker.click("#login")
    ActionChains(clicker.driver).send_keys(Keys.TAB).perform()
    assert not clicker.find("#screen-reader-offer").is_displayed()


def test_the_bigger_boards_by_typed_commands(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    turn_mode_on_in_settings(page)
    page.open("/")
    page.new_game("X", mode="computer", level="easy", variant="gomoku")
    me = Listener(page)
    me.expect(r"Game \w+, Gomoku, 15×15\. You \(X\) vs Easy computer \(O\)\. .* Your turn\.")
    assert page.find("#board [data-cell='112']").get_attribute("aria-label") == "h8, empty"
    me.type("p1")
    me.expect(r"There is no cell p1 on this board\.")
    me.type("h8")
    me.expect(r"You played X on h8\. Easy computer's turn\.")
    answer = me.expect(r"Easy computer played O on ([a-o]\d+)\. Your turn\.")
    reply = re.search(r"on ([a-o]\d+)\.", answer).group(1)
    me.type("board")
    reading = me.next_said()
    assert "Row 8: " in reading and "h8 X" in reading and f"{reply} O" in reading
    assert reading.endswith("The other rows are empty.")
    # As a screen reader gets it: a grid of 15 rows of 15, the cells named by coordinates.
    nodes = ax_nodes(page)
    by_id = {node["nodeId"]: node for node in nodes}
    grid = next(node for node in nodes if ax_role(node) == "grid" and ax_name(node) == "Board")
    rows = [by_id[child] for child in grid.get("childIds", []) if ax_role(by_id[child]) == "row"]
    assert len(rows) == 15 and all(len(row.get("childIds", [])) == 15 for row in rows)
    cells = {ax_name(node) for node in nodes if ax_role(node) == "button"}
    assert {"h8, X", f"{reply}, O, last move", "a1, empty"} <= cells

    page.open("/")
    page.new_game("X", mode="computer", level="easy", variant="ultimate")
    me = Listener(page)
    me.expect(r"Game \w+, Ultimate, 9 boards of 3×3\. .* Your turn\. Play in any open board\.")
    me.type("e5")
    me.expect(r"You played X on e5\. Easy computer's turn\. O plays in the centre board\.")
    me.expect(r"Easy computer played O on [d-f][4-6]\. Your turn\. Play in the [a-z-]+ board\.")


# The page's steady clock (performance.now, which the page counts the server's time on),
# made to jump forward when the test says, as if the player had thought that long.
SKIPPABLE_CLOCK = """
(() => {
  const trueNow = performance.now.bind(performance);
  let skipped = 0;
  performance.now = () => trueNow() + skipped;
  window.__skip = (ms) => { skipped += ms; };
})();
"""


def test_the_players_own_clock_is_warned_of_as_it_runs_low(server, browsers):
    alice = Api.register(server.url, username=unique_name("alice"), display_name="Alice")
    bob_api = Api.register(server.url, username=unique_name("bob"), display_name="Bob")
    game = alice.create_game("X", time_control={"kind": "clock", "initial_seconds": 60, "increment_seconds": 0})
    bob_api.join(game["id"])
    OxoPage(browsers(), server.url).sign_in_as(alice, f"/game/{game['id']}")  # present, not away
    page = OxoPage(browsers(), server.url)
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SKIPPABLE_CLOCK})
    page.sign_in_as(bob_api)
    page.driver.execute_script("localStorage.setItem('oxo.screenReader', 'on')")
    page.open(f"/game/{game['id']}")
    bob = Listener(page)
    bob.expect(rf"Game .* Alice's turn, ({TIME}) left\.")
    alice.move(game["id"], 4)
    # The minute mark is behind him as his turn begins: the turn's sentence says the time.
    bob.expect(r"Alice played X on b2\. Your turn, (1 minute|59 seconds) left\.")
    page.driver.execute_script("window.__skip(31000)")
    bob.expect(r"(2[0-9]) seconds left on your clock\.")
    page.driver.execute_script("window.__skip(20000)")
    bob.expect(r"[0-9] seconds? left on your clock\.")
    bob.type("a1")
    bob.expect(rf"You played O on a1\. Alice's turn, ({TIME}) left\.")
