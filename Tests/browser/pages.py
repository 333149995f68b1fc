"""What a person does on the OXO page, as methods: every wait is on a condition of the
page (WebDriverWait), never a fixed sleep."""

import json

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from catalogues import words
from oxo_api import unique_name

WAIT = 15


class OxoPage:
    def __init__(self, driver, base_url, language="en"):
        self.driver = driver
        self.base_url = base_url
        # The language the page is expected to show (use_language sets it).
        self.language = language

    # Waiting

    # Each look at the page is a round trip through chromedriver into Chromium: five a
    # second keep a waiting test cheap on a loaded machine and cost a reader nothing.
    def wait(self, condition, message="", timeout=WAIT):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.2,
                             ignored_exceptions=(StaleElementReferenceException,)).until(condition, message)

    def wait_js(self, script, message="", timeout=WAIT):
        return self.wait(lambda d: d.execute_script(script), message or script, timeout)

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def visible(self, css, timeout=WAIT):
        return self.wait(EC.visibility_of_element_located((By.CSS_SELECTOR, css)), f"{css} visible", timeout)

    def clickable(self, css, timeout=WAIT):
        return self.wait(EC.element_to_be_clickable((By.CSS_SELECTOR, css)), f"{css} clickable", timeout)

    def click(self, css):
        self.clickable(css).click()

    def tap(self, css):
        """Clicks `css` after bringing it to the middle of the screen: on a phone, a control
        low on the screen may be in view yet under the tab bar, which would take the click."""
        element = self.clickable(css)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def text(self, css):
        return self.find(css).text

    def wait_text(self, css, expected, timeout=WAIT):
        """Waits until the element's text contains `expected`."""
        try:
            self.wait(lambda d: expected in d.find_element(By.CSS_SELECTOR, css).text, timeout=timeout)
        except TimeoutException:
            shown = self.find_all(css)
            raise AssertionError(f"{css} never showed {expected!r}; it shows "
                                 f"{shown[0].text if shown else '(nothing)'!r}") from None

    # Screens

    def open(self, path="/"):
        self.driver.get(f"{self.base_url}/#{path}")
        self.wait_ready()

    def wait_ready(self):
        self.wait_js("return document.body && document.body.dataset.ready === 'true'", "page booted")

    def screen(self):
        return self.driver.execute_script("return document.body.dataset.screen")

    def wait_screen(self, name):
        self.wait_js(f"return document.body.dataset.screen === {json.dumps(name)}", f"screen {name}")

    def wait_online(self, timeout=WAIT):
        self.wait_js("return document.body.dataset.connection === 'online'", "socket online", timeout)

    # Accounts

    def register(self, username=None, display_name=None, password="correct horse"):
        username = username or unique_name("web")
        self.open("/register")
        self.wait_screen("register")
        self.find("#username").send_keys(username)
        if display_name:
            self.find("#display-name").send_keys(display_name)
        self.find("#email").send_keys(f"{username}@example.org")
        self.find("#new-password").send_keys(password)
        self.find("form.auth button[type=submit]").click()
        self.wait_screen("lobby")
        self.wait_online()
        self.username = username
        return username

    def sign_in(self, login, password="correct horse"):
        self.open("/signin")
        self.wait_screen("signin")
        self.find("#login").send_keys(login)
        self.find("#password").send_keys(password)
        self.find("form.auth button[type=submit]").click()
        self.wait_screen("lobby")
        self.wait_online()

    def sign_in_as(self, api, path="/"):
        """Puts an API-made session in localStorage, as a reload after signing in would."""
        self.driver.get(f"{self.base_url}/#/signin")
        self.driver.execute_script(
            "localStorage.setItem('oxo.session', arguments[0])",
            json.dumps({"token": api.token, "user": api.user}))
        self.driver.get("about:blank")  # so the next load boots the page afresh
        self.open(path)
        self.wait_online()

    # Languages

    def use_language(self, language):
        """Shows the page in `language` from the next load on, as choosing it on the sign-in
        screen does (kept on this device, in localStorage)."""
        self.driver.get(f"{self.base_url}/#/signin")
        self.driver.execute_script("localStorage.setItem('oxo.language', arguments[0])", language)
        self.driver.get("about:blank")  # so the next load boots the page afresh, in it
        self.language = language

    def words(self, key, count=None, **params):
        """The words the page shows for `key` in its language."""
        return words(self.language, key, count, **params)

    def shown_language(self):
        return self.driver.execute_script("return document.documentElement.lang")

    def user_id(self):
        return self.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).user.id")

    # Theme

    def shown_theme(self):
        return self.driver.execute_script("return document.documentElement.dataset.shownTheme")

    def use_theme(self, theme):
        if self.shown_theme() != theme:
            self.click("#theme-toggle")
        self.wait_js(f"return document.documentElement.dataset.shownTheme === {json.dumps(theme)}", f"{theme} theme")

    # Games

    def new_game(self, side, mode="online", listed=True, level="medium", pace=None, variant=None):
        opener = {"online": "#new-game", "computer": "#play-computer", "pass_and_play": "#pass-and-play"}[mode]
        self.wait_screen("lobby")
        self.click(opener)
        self.visible("#new-game-sheet")
        self.wait_text("#sheet-title", self.words("newGame.title"))
        if variant:
            self.choose("#game-variant-choice", variant)  # first: the board decides the levels offered
        if mode == "computer":
            self.driver.execute_script(
                "const s = document.getElementById('computer-level'); s.value = arguments[0];"
                "s.dispatchEvent(new Event('change', {bubbles: true}))", level)
        if mode == "online" and not listed:
            self.click("label[for=listed-no]")
        if pace:
            self.driver.execute_script("document.getElementById('game-pace').value = arguments[0]", pace)
        self.click("#choose-x" if side == "X" else "#choose-o")
        self.wait_screen("game")
        self.wait_game_loaded()
        return self.game_id()

    def wait_game_loaded(self):
        self.visible("#board")

    def game_id(self):
        self.wait_js("return /^#\\/game\\/[0-9a-f-]{36}$/.test(location.hash)", "a game id in the address")
        return self.driver.execute_script("return location.hash.split('/')[2]")

    def open_game(self, game_id):
        self.open(f"/game/{game_id}")
        self.wait_game_loaded()

    def cell(self, index):
        return self.find(f"#board [data-cell='{index}']")

    def board(self):
        """The board as the server writes it, row by row on the whole grid (Ultimate's cells
        stand in the page by small board, so they are put in the order of their numbers)."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#board .cell')].sort((a, b) => a.dataset.cell - b.dataset.cell)"
            ".map(c => c.textContent || '.').join('')")

    def wait_board(self, expected, timeout=WAIT):
        try:
            self.wait(lambda d: self.board() == expected, timeout=timeout)
        except TimeoutException:
            raise AssertionError(f"the board never showed {expected}; it shows {self.board()}") from None

    def moves_shown(self):
        return int(self.driver.execute_script("return document.querySelector('section.game').dataset.moves"))

    def wait_moves(self, count, timeout=WAIT):
        self.wait_js(f"return document.querySelector('section.game')?.dataset.moves === '{count}'",
                     f"{count} moves shown", timeout)

    def phase(self):
        return self.driver.execute_script("return document.querySelector('section.game')?.dataset.phase")

    def wait_phase(self, phase, timeout=WAIT):
        self.wait_js(f"return document.querySelector('section.game')?.dataset.phase === {json.dumps(phase)}",
                     f"phase {phase}", timeout)

    def play(self, index, centred=False):
        """Presses a cell and waits until the server's answer is on the board; `centred`: after
        bringing it to the middle of the screen (see tap)."""
        before = self.moves_shown()
        if centred:
            self.tap(f"#board [data-cell='{index}']")
        else:
            self.cell(index).click()
        self.wait(lambda d: self.moves_shown() > before or self.refusal(), f"an answer to the move on {index}")

    def refusal(self):
        return self.find("#game-refusal").text

    def status(self):
        return self.find("#game-status").text

    def winning_line(self):
        """The cells the page draws the winning line through, from the drawn line itself."""
        line = self.driver.execute_script(
            "const svg = document.querySelector('.win-line.shown');"
            "return svg && getComputedStyle(svg).display !== 'none' ? svg.dataset.line : null")
        cells = [int(c.get_attribute("data-cell")) for c in self.find_all("#board .cell.win")]
        return line, sorted(cells)

    # Playing together

    def wait_player_online(self, user_id):
        return self.visible(f"#online-players li[data-user='{user_id}']")

    def join_from_lobby(self, game_id):
        """Joins a listed game from the lobby's open games and waits until it is live."""
        self.click(f"#open-games li[data-game='{game_id}'] button")
        self.wait_phase("live")

    def challenge(self, user_id, side, pace=None, variant=None):
        """Challenges an online player from the lobby's list, on `side`, at `pace` (a value
        of the dialog's time control: "3+2", "7d"; casual when left out), on the board
        `variant` ("gomoku"; classic when left out)."""
        row = f"#online-players li[data-user='{user_id}']"
        self.wait_player_online(user_id)
        self.tap(f"{row} button")
        self.visible("#challenge-dialog")
        if variant:
            self.choose("#challenge-variant", variant)
        self.choose("#challenge-side", side)
        if pace:
            self.choose("#challenge-pace", pace)
        self.click("#send-challenge")
        self.wait(lambda d: not self.find("#challenge-dialog").is_displayed(), "the challenge dialog closed")

    def choose(self, css, value):
        """Picks `value` in the <select> `css`, as a person choosing it would (a change event)."""
        self.driver.execute_script(
            "const s = document.querySelector(arguments[0]); s.value = arguments[1];"
            "s.dispatchEvent(new Event('change', {bubbles: true}))", css, value)

    def series(self):
        return self.find("#series").text

    # Friends and notifications

    def wait_unread(self, count):
        """Waits until the bell shows `count` unread (0: no number shown)."""
        expected = str(count) if count else ""
        self.wait(lambda d: d.find_element(By.ID, "bell-count").text == expected, f"bell shows {expected!r}")

    def open_notification(self, kind):
        """Opens the bell's panel and the newest notification of `kind`, which leads where it tells of."""
        if self.find("#notification-panel").get_attribute("hidden") is not None:
            self.click("#bell")
        self.click(f"#notification-list li[data-kind='{kind}'] button")

    def friend_row(self, user_id):
        return f"#friend-list li[data-user='{user_id}']"


    def javascript_errors(self):
        """Uncaught errors in the page's console (connection failures while the server is
        down are expected and not counted)."""
        return [entry["message"] for entry in self.driver.get_log("browser")
                if entry["level"] == "SEVERE" and ("Uncaught" in entry["message"] or "Error:" in entry["message"])
                and "WebSocket" not in entry["message"]]


def registered(server, browsers, *display_names):
    """One browser for each display name, registered and in the lobby."""
    pages = []
    for name in display_names:
        page = OxoPage(browsers(), server.url)
        page.register(display_name=name)
        pages.append(page)
    return pages
