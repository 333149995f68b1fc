"""axe-core over every screen: signed out (sign in and registration with their errors
shown, the screen-reader mode's offer, the forgotten password), and signed in as a player
with something everywhere (the lobby with the bell's panel and the "+" sheet, a game with
both chat rooms, a game with a clock and one on each bigger board, those again in the
screen-reader mode, a replay at its end, the history, settings with the account's
deletion asked, profiles, the leaderboard, friends, the catalogue, messages), at 390 × 844
and 1280 × 800, light and dark, in each of the page's languages. Any violation of a WCAG 2.0, 2.1 or 2.2 A or AA rule fails
the test, listed with its rule, impact, targets and help page (docs/WEB.md lists the rules
set aside, with their reasons)."""

import pytest
from selenium.webdriver.common.keys import Keys

from axe_check import Axe
from catalogues import LANGUAGES
from oxo_api import Api, unique_name
from pages import OxoPage
from screens import a_player_with_everything, games_on_every_board, walk_signed_in

SIZES = [(390, 844), (1280, 800)]


@pytest.fixture(scope="module")
def axe():
    return Axe()


@pytest.fixture(scope="module")
def alice_everywhere(server):
    alice, screens = a_player_with_everything(server)
    dan = Api.register(server.url, username=unique_name("dan"), display_name="Dan")
    return alice, screens, games_on_every_board(alice, dan)


def signed_out_screens(page, axe, width):
    found = []
    page.open("/signin")
    page.wait_screen("signin")
    found += axe.violations(page.driver, f"sign in {width}")
    # A first Tab brings the screen-reader mode's offer (screen-reader-offer.js); it stays
    # on the screens that follow until answered.
    page.driver.switch_to.active_element.send_keys(Keys.TAB)
    page.visible("#screen-reader-offer-accept")
    found += axe.violations(page.driver, f"sign in with the screen-reader offer {width}")
    page.find("#login").send_keys("nobody-here")
    page.find("#password").send_keys("not the password")
    page.find("form.auth button[type=submit]").click()
    page.wait(lambda d: page.text("#auth-error"), "the sign-in refused")
    found += axe.violations(page.driver, f"sign in refused {width}")
    page.open("/register")
    page.wait_screen("register")
    found += axe.violations(page.driver, f"register {width}")
    page.find("#username").send_keys("x")
    page.find("form.auth button[type=submit]").click()
    page.wait(lambda d: page.text("#auth-error"), "the registration refused")
    found += axe.violations(page.driver, f"register refused {width}")
    page.open("/forgot")
    page.wait_screen("forgot")
    found += axe.violations(page.driver, f"forgotten password {width}")
    return found


def signed_in_screens(page, axe, width, screens, boards):
    found = walk_signed_in(page, width, screens, lambda where: axe.violations(page.driver, where))
    for what, path in boards:
        page.open(path)
        page.wait_screen("game")
        page.visible("#board .cell")
        found += axe.violations(page.driver, f"{what} {width}")
    # The same games in the screen-reader mode, with its command box and what it said.
    page.driver.execute_script("localStorage.setItem('oxo.screenReader', 'on')")
    for what, path in boards:
        page.open(path)
        page.wait_screen("game")
        page.visible("#game-command").send_keys("board", Keys.ENTER)
        page.wait_js("return document.querySelectorAll('#announcements p').length >= 2", "the board read out")
        found += axe.violations(page.driver, f"{what} in the screen-reader mode {width}")
    page.driver.execute_script("localStorage.removeItem('oxo.screenReader')")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}px" for w, _ in SIZES])
def test_no_wcag_violation_on_any_screen_in_either_theme(server, browsers, axe, alice_everywhere, width, height, language):
    alice, screens, boards = alice_everywhere
    page = OxoPage(browsers(width, height), server.url)
    page.use_language(language)
    found = []
    for theme in ("light", "dark"):
        page.open("/signin")
        page.use_theme(theme)
        found += [f"[{theme}] {line}" for line in signed_out_screens(page, axe, width)]
    page.sign_in_as(alice)
    for theme in ("light", "dark"):
        page.use_theme(theme)
        found += [f"[{theme}] {line}" for line in signed_in_screens(page, axe, width, screens, boards)]
    assert page.shown_language() == language
    violations = [line for line in found if not line.split("] ", 1)[1].startswith(" ")]
    assert not found, f"axe-core found {len(violations)} violations:\n" + "\n".join(found)
