"""WCAG 2.4.11 and 2.3.3 on a phone: tabbing through the long screens (the lobby, settings,
a game with its chat open over it), the element with the focus always ends above the tab
bar and the open chat; and with the system asking for reduced motion, nothing on the page
moves (no transition or animation lasts)."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from oxo_api import Api, unique_name
from pages import OxoPage

# After the browser's scrolling and the page's own (focus-in-view.js waits a frame).
WHERE_IS_THE_FOCUS = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => {
  const focused = document.activeElement;
  const box = focused.getBoundingClientRect();
  const covers = [...document.querySelectorAll('.tabbar, .game-chat.is-open')]
    .map((cover) => [cover, cover.getBoundingClientRect()])
    .filter(([cover, area]) => !cover.contains(focused) && area.height > 0 && area.top < box.bottom && area.bottom > box.top);
  const top = Math.min(window.innerHeight, ...covers.map(([, area]) => area.top));
  const name = focused === document.body ? 'BODY' : `${focused.tagName} #${focused.id} .${focused.className} ${focused.textContent.slice(0, 30)}`;
  done({ name, bottom: box.bottom, top, height: box.height });
}));
"""


def tab_through(page, presses):
    """Presses Tab `presses` times; returns the focused elements that ended under a cover."""
    hidden = []
    for _ in range(presses):
        # Through ActionChains: an element's send_keys on a file input would choose a file.
        ActionChains(page.driver).send_keys(Keys.TAB).perform()
        spot = page.driver.execute_async_script(WHERE_IS_THE_FOCUS)
        # The body has the focus between the last stop and the first (the browser's own UI).
        if spot["name"] != "BODY" and spot["height"] > 0 and spot["bottom"] > spot["top"] + 1:
            hidden.append(spot)
    return hidden


def test_the_focus_never_hides_under_the_tab_bar_or_the_chat(server, browsers):
    alice = Api.register(server.url, username=unique_name("alice"), display_name="Alice")
    bob = Api.register(server.url, username=unique_name("bob"), display_name="Bob")
    for _ in range(4):
        bob.create_game("O")  # a long lobby
    live = alice.create_game("X")
    bob.join(live["id"])
    bob.call("POST", f"/v1/games/{live['id']}/chat/players/messages", {"text": "hello"})
    page = OxoPage(browsers(390, 844), server.url)
    page.sign_in_as(alice)
    page.visible("#open-games li")
    hidden = tab_through(page, 30)
    page.open("/settings")
    page.wait_screen("settings")
    hidden += tab_through(page, 30)
    page.open(f"/game/{live['id']}")
    page.wait_game_loaded()
    page.click("#game-chat-toggle")
    page.visible("#chat-players-messages .chat-text")
    page.driver.execute_script("document.getElementById('back-to-lobby').focus()")  # from the top, through the game to the chat
    hidden += tab_through(page, 25)
    assert hidden == [], '\n'.join(str(spot) for spot in hidden)


def test_nothing_moves_when_the_system_asks_for_less_motion(server, browsers):
    page = OxoPage(browsers(390, 844), server.url)
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    page.register()
    page.new_game("X", mode="pass_and_play")
    page.play(4)
    moving = page.driver.execute_script("""
        return [...document.querySelectorAll('*')].filter((node) => {
          const style = getComputedStyle(node);
          const lasts = (list) => list.split(',').some((time) => parseFloat(time) > 0);
          return (style.animationName !== 'none' && lasts(style.animationDuration)) || lasts(style.transitionDuration);
        }).map((node) => node.className || node.tagName)""")
    assert moving == []
