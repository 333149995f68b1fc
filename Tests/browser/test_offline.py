"""The page without a network (Chromium's own offline mode, through DevTools): one banner
says so, the socket waits for the network instead of retrying every few seconds, the
lists already on screen stay and are said to be as they were, and lists never received
say they are not available offline instead of loading for ever. With the network back,
the page reconnects by itself."""

from oxo_api import Api
from pages import OxoPage

PHONE = {"width": 390, "height": 844}

# Counts the sockets the page opens, from before it loads.
COUNT_SOCKETS = """
window.__socketsOpened = 0;
const RealWebSocket = window.WebSocket;
window.WebSocket = class extends RealWebSocket {
  constructor(...args) { super(...args); window.__socketsOpened += 1; }
};
"""

# The banners sit between the top bar and the screen: the ones shown, with their text (the
# page's live region for screen readers, visually hidden, is not one).
SHOWN_BANNERS = """
return [...document.body.children]
  .filter((node) => node.matches('p, div') && !node.matches('.visually-hidden') && node.getClientRects().length)
  .map((node) => node.id + ': ' + node.textContent);
"""


def network(page, online):
    page.driver.execute_cdp_cmd("Network.enable", {})
    page.driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                                {"offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def signed_in_with_a_game(server, browsers, **size):
    alice, bob = Api.register(server.url, display_name="Alice"), Api.register(server.url, display_name="Bob")
    game = alice.create_game("X")
    bob.join(game["id"])
    page = OxoPage(browsers(**size), server.url)
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_SOCKETS})
    page.sign_in_as(alice)
    page.visible(f"#my-games li[data-game='{game['id']}']")
    return page, game


def one_banner(page, *words):
    banners = page.driver.execute_script(SHOWN_BANNERS)
    assert len(banners) == 1 and banners[0].startswith("connection: "), banners
    for word in words:
        assert word in banners[0], banners[0]


def test_going_offline_keeps_the_lists_says_from_when_and_stops_retrying(server, browsers):
    page, game = signed_in_with_a_game(server, browsers, width=1280, height=800)
    opened = page.driver.execute_script("return window.__socketsOpened")

    network(page, online=False)
    page.wait_js("return document.body.dataset.connection === 'no-network'", "the socket waits for the network")
    page.wait_text("#connection", "You are offline")
    one_banner(page, "What you see is as it was at")
    assert "Retry now" not in page.text("#connection") and "Reconnecting" not in page.text("#connection")
    # What was on screen stays.
    assert page.find(f"#my-games li[data-game='{game['id']}']").is_displayed()
    assert page.driver.execute_script("return window.__socketsOpened") == opened, "no attempt while offline"

    network(page, online=True)
    page.wait_online()
    assert page.driver.execute_script("return window.__socketsOpened") == opened + 1
    page.wait(lambda d: page.find("#connection").get_attribute("hidden") is not None or
              "Reconnected" in page.text("#connection"), "the offline banner gone")
    assert page.javascript_errors() == []


def test_opened_offline_one_banner_and_lists_not_available_instead_of_loading(server, browsers):
    page, game = signed_in_with_a_game(server, browsers, **PHONE)
    page.wait_js("return navigator.serviceWorker.ready.then(r => r.active?.state === 'activated')", "the worker active")
    page.driver.refresh()
    page.wait_ready()
    page.wait_js("return navigator.serviceWorker.controller !== null", "the worker controls the page")

    network(page, online=False)
    page.driver.refresh()
    page.wait_ready()
    page.wait_text("#connection", "You are offline")
    one_banner(page, "come back as soon as the connection does")
    page.wait_text("#my-games", "Not available offline.")
    page.wait_text("#open-games", "Not available offline.")
    assert "Loading" not in page.text("main")
    assert page.driver.execute_script("return window.__socketsOpened") == 0, "no socket tried without a network"
    assert page.driver.execute_script("return document.body.dataset.connection") == "no-network"

    network(page, online=True)
    page.wait_online()
    page.visible(f"#my-games li[data-game='{game['id']}']")
    assert page.javascript_errors() == []
