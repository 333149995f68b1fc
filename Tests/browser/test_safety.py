"""What users type is shown as text, never run as HTML."""

from selenium.common.exceptions import NoAlertPresentException

from oxo_api import Api
from pages import OxoPage

NASTY = "<img src=x onerror=alert(1)>"


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
