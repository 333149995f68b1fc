"""What users type is shown as text, never run as HTML."""

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

from oxo_api import Api, beat, play_until_established
from pages import OxoPage

NASTY = "<img src=x onerror=alert(1)>"
# Names for the pages that list other players: a picture whose failing load would set a
# flag, and bold text. Shown as text, both keep their angle brackets.
PICTURE = '<img src=x onerror="window.__pwned=1">'
BOLD = "<b>bold</b>"


def assert_no_alert(page):
    try:
        alert = page.driver.switch_to.alert
        text = alert.text
        alert.dismiss()
        raise AssertionError(f"a script ran: alert({text})")
    except NoAlertPresentException:
        pass


def test_a_display_name_with_markup_is_shown_as_text(server, browsers):
    mallory = OxoPage(browsers(), server.url)
    mallory.register(display_name=NASTY)
    mallory.wait_text("#signed-in-as", NASTY)
    game_id = mallory.new_game("X")
    mallory.wait_text("#players", NASTY)

    # Someone else sees the name in the lobby and in the game, as text.
    victim = OxoPage(browsers(), server.url)
    victim.sign_in_as(Api.register(server.url, display_name="Victor"))
    row = victim.visible(f"#open-games li[data-game='{game_id}']")
    assert NASTY in row.text
    row.find_element("css selector", "button").click()
    victim.wait_phase("live")
    victim.wait_text("#players", NASTY)
    mallory.wait_phase("live")

    for page in (mallory, victim):
        assert_no_alert(page)
        # The only pictures are avatars from the server, never the name's <img>.
        assert page.driver.execute_script(
            "return [...document.querySelectorAll('img')].every(i => i.classList.contains('avatar')"
            " && i.src.startsWith(location.origin + '/v1/avatars/stock.svg?'))")
        names = [e.text for e in page.find_all("#players .name")]
        assert NASTY in names
        assert page.javascript_errors() == []


def assert_markup_stayed_text(page):
    """Nothing on the page came from a name's markup: no <b>, no picture but avatars, and
    the onerror handler never ran."""
    assert_no_alert(page)
    assert page.driver.execute_script("return window.__pwned") is None
    assert page.driver.execute_script("return document.querySelectorAll('b, img:not(.avatar), [onerror]').length") == 0
    assert page.javascript_errors() == []


def players_named_in_markup(server):
    return Api.register(server.url, display_name=PICTURE), Api.register(server.url, display_name=BOLD)


def signed_in_page(server, browsers, api):
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(api)
    return page


def test_markup_names_are_text_on_their_profiles(server, browsers):
    mallory, bella = players_named_in_markup(server)
    victor = Api.register(server.url, display_name="Victor")
    beat(mallory, victor)
    beat(victor, bella)

    page = signed_in_page(server, browsers, victor)
    for player, name, series, game in [(mallory, PICTURE, f"you 0 – 1 {PICTURE}", f"{PICTURE} (X) vs You (O)"),
                                       (bella, BOLD, f"you 1 – 0 {BOLD}", f"You (X) vs {BOLD} (O)")]:
        page.open(f"/players/{player.user['id']}")
        page.wait_screen("profile")
        page.wait_text("#profile-name", name)
        assert page.text("#profile-name") == name
        page.wait_text("#profile-series", series)
        page.wait_text("[data-slot='history'] .history-row .game-row-title", game)
        assert_markup_stayed_text(page)


def test_markup_names_are_text_on_both_boards_of_the_leaderboard(server, browsers):
    mallory, bella = players_named_in_markup(server)
    # Winning in turn, both come off provisional with wins this week.
    play_until_established([mallory, bella])

    page = signed_in_page(server, browsers, Api.register(server.url, display_name="Victor"))
    page.click("#leaderboard-link")
    page.wait_screen("leaderboard")
    for tab, note in [("rating", "no longer provisional"), ("weekly_wins", "first rated win this week")]:
        page.click(f"#leaderboard-tab-{tab}")
        page.wait_text("#leaderboard-note", note)
        for player, name in [(mallory, PICTURE), (bella, BOLD)]:
            row = page.visible(f"#leaderboard-rows tr[data-user='{player.user['id']}']")
            assert row.find_element(By.CSS_SELECTOR, "a.player-link").text == name
        assert_markup_stayed_text(page)


def test_markup_names_are_text_in_the_history_and_the_replays(server, browsers):
    mallory, bella = players_named_in_markup(server)
    victor = Api.register(server.url, display_name="Victor")
    lost = beat(mallory, victor)
    won = beat(victor, bella)

    page = signed_in_page(server, browsers, victor)
    page.click("#history-link")
    page.wait_screen("history")
    for game, title in [(lost, f"{PICTURE} (X) vs You (O)"), (won, f"You (X) vs {BOLD} (O)")]:
        row = page.visible(f"#history li[data-game='{game['id']}']")
        assert row.find_element(By.CSS_SELECTOR, ".game-row-title").text == title
    assert_markup_stayed_text(page)

    page.click(f"#history li[data-game='{lost['id']}'] a.button")
    page.wait_screen("replay")
    page.wait_text("#replay-title", f"Replay: {PICTURE} (X) vs You (O)")
    page.wait_text("#replay-result", f"{PICTURE} (X) wins.")
    assert_markup_stayed_text(page)

    page.open(f"/replay/{won['id']}")
    page.wait_text("#replay-title", f"Replay: You (X) vs {BOLD} (O)")
    assert_markup_stayed_text(page)
