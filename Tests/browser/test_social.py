"""Friends, follows, blocks and notifications between real browsers: a friend request
seen on the bell and accepted, a friend's new name shown once, a friend's open game
joined from the friends list, a follow, a block that hides both players from each
other, and a system notification while the tab is hidden."""

from selenium.webdriver.common.by import By

from oxo_api import Api, unique_name
from pages import OxoPage


def signed_in(server, browsers, display_name):
    """A browser signed in as a new player made over REST; returns (page, api)."""
    api = Api.register(server.url, username=unique_name(display_name.lower()), display_name=display_name)
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(api)
    return page, api


def test_a_friend_request_is_seen_on_the_bell_and_accepted(server, browsers):
    alice, alice_api = signed_in(server, browsers, "Alice")
    bob, bob_api = signed_in(server, browsers, "Bob")

    alice.click("#friends-link")
    alice.wait_screen("friends")
    alice.find("#friend-username").send_keys(bob_api.user["username"])
    alice.click("#friend-form button[type=submit]")
    alice.wait_text("#outgoing-requests", "Bob")

    # Bob's bell counts it at once; opening it leads to the friends page, where he accepts.
    bob.wait_unread(1)
    bob.click("#bell")
    bob.wait_text("#notification-list li[data-kind='friend_request']", "Alice wants to be your friend")
    bob.open_notification("friend_request")
    bob.wait_screen("friends")
    bob.wait_unread(0)
    bob.click(f"#incoming-requests li[data-user='{alice_api.user['id']}'] button.accept-friend")
    bob.wait_text(bob.friend_row(alice_api.user["id"]), "Alice")

    # Alice hears of it, and sees Bob among her friends, online.
    alice.wait_unread(1)
    alice.wait_text(alice.friend_row(bob_api.user["id"]), "Bob")
    alice.wait_js(f"return document.querySelector(\"{alice.friend_row(bob_api.user['id'])}\").dataset.status === 'lobby'", "Bob online")
    alice.wait_text("#outgoing-requests", "None.")
    for page in (alice, bob):
        assert page.javascript_errors() == []


def test_a_friends_new_name_shows_the_old_one_once(server, browsers):
    alice, alice_api = signed_in(server, browsers, "Alice")
    samuel_api = Api.register(server.url, username=unique_name("samuel"), display_name="Samuel")
    alice_api.befriend(samuel_api)
    alice.open("/friends")
    row = alice.friend_row(samuel_api.user["id"])
    alice.wait_text(row, "Samuel")
    assert "(was" not in alice.text(row)

    samuel_api.rename("Sam")
    alice.wait_unread(2)  # the acceptance and the new name
    alice.wait_text(row, "Sam (was Samuel)")
    alice.click("#bell")
    alice.wait_text("#notification-list li[data-kind='friend_renamed']", "Samuel is now called Sam")

    # Seen once: the page told the server so, yet keeps showing it while it is open; the
    # next visit shows the new name alone.
    alice.wait(lambda d: "previous_display_name" not in alice_api.call("GET", "/v1/me/friends")["friends"][0], "told seen")
    samuel_api.call("PUT", f"/v1/me/following/{alice_api.user['id']}")  # news that reads the list again
    alice.wait_text("#followers-list", "Sam")
    assert "Sam (was Samuel)" in alice.text(row)
    alice.driver.refresh()
    alice.wait_ready()
    alice.wait_screen("friends")
    alice.wait_text(row, "Sam")
    assert "(was" not in alice.text(row)
    assert alice.javascript_errors() == []


def test_a_friends_open_game_is_first_in_the_lobby_and_joined_from_the_friends_list(server, browsers):
    alice, alice_api = signed_in(server, browsers, "Alice")
    bob_api = Api.register(server.url, username=unique_name("bob"), display_name="Bob")
    stranger = Api.register(server.url, username=unique_name("stranger"), display_name="Stranger")
    alice_api.befriend(bob_api)
    friends_game = bob_api.create_game("X")
    strangers_game = stranger.create_game("X")  # newer, yet after the friend's

    alice.open("/")
    alice.wait_screen("lobby")
    alice.visible(f"#open-games li[data-game='{strangers_game['id']}']")
    alice.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#open-games li").get_attribute("data-game") == friends_game["id"],
               "a friend's open game comes first")

    alice.open("/friends")
    alice.click(f"{alice.friend_row(bob_api.user['id'])} li[data-game='{friends_game['id']}'] button")
    alice.wait_screen("game")
    alice.wait_phase("live")
    assert alice.game_id() == friends_game["id"]
    alice.wait_text("#game-role", "You play O.")
    assert alice.javascript_errors() == []


def test_a_friends_new_game_appears_on_the_friends_page_at_once_and_goes_when_taken(server, browsers):
    alice, alice_api = signed_in(server, browsers, "Alice")
    bob_api = Api.register(server.url, username=unique_name("bob"), display_name="Bob")
    carol_api = Api.register(server.url, username=unique_name("carol"), display_name="Carol")
    alice_api.befriend(bob_api)
    alice.open("/friends")
    row = alice.friend_row(bob_api.user["id"])
    alice.wait_text(row, "Bob")

    game = bob_api.create_game("X")
    join = f"{row} li[data-game='{game['id']}'] button"
    alice.wait_text(join, "Join")  # no reload
    carol_api.join(game["id"])
    alice.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, join), "the game Carol took is gone from Bob's row")
    assert alice.javascript_errors() == []


def test_friends_and_requests_show_their_pictures(server, browsers):
    alice, alice_api = signed_in(server, browsers, "Alice")
    bob, carol, dave = (Api.register(server.url, username=unique_name(name.lower()), display_name=name)
                        for name in ("Bob", "Carol", "Dave"))
    alice_api.befriend(bob)
    carol.call("POST", "/v1/me/friends", {"username": alice_api.user["username"]})
    alice_api.call("POST", "/v1/me/friends", {"username": dave.user["username"]})
    alice.open("/friends")
    for listed, player in (("#friend-list", bob), ("#incoming-requests", carol), ("#outgoing-requests", dave)):
        picture = alice.visible(f"{listed} li[data-user='{player.user['id']}'] img.avatar")
        assert picture.get_attribute("src") == server.url + player.user["avatar"], listed
        alice.wait(lambda d: picture.get_attribute("naturalWidth") not in (None, "0"), f"{listed}: the picture loaded")


def test_a_follow_is_told_and_listed(server, browsers):
    alice, alice_api = signed_in(server, browsers, "Alice")
    bob, bob_api = signed_in(server, browsers, "Bob")
    alice_api.befriend(bob_api)
    alice.open("/friends")
    actions = f"{alice.friend_row(bob_api.user['id'])} .social-actions"
    alice.click(f"{actions} button.follow-button")
    alice.visible(f"{actions} button.unfollow-button")
    alice.wait_text("#following-list", "Bob")

    bob.open_notification("new_follower")
    bob.wait_screen("friends")
    bob.wait_text("#followers-list", "Alice")
    told = bob.find("#notification-list li[data-kind='new_follower']")
    assert "Alice follows you" in told.get_attribute("textContent")
    assert told.get_attribute("data-read") == "true", "opening it marked it read"

    alice.click(f"{actions} button.unfollow-button")
    alice.visible(f"{actions} button.follow-button")
    alice.wait_text("#following-list", "Not following anyone.")
    for page in (alice, bob):
        assert page.javascript_errors() == []


def test_a_block_hides_both_players_from_each_other(server, browsers):
    alice, alice_api = signed_in(server, browsers, "Alice")
    bob, bob_api = signed_in(server, browsers, "Bob")
    alice_api.befriend(bob_api)
    alices_game = alice_api.create_game("X")
    bobs_game = bob_api.create_game("X")
    alice_id, bob_id = alice_api.user["id"], bob_api.user["id"]
    for page, other, game in [(alice, bob_id, bobs_game), (bob, alice_id, alices_game)]:
        page.open("/")
        page.wait_player_online(other)
        page.visible(f"#open-games li[data-game='{game['id']}']")

    # Alice blocks Bob from her friends list: asked first, as every destructive action is.
    alice.open("/friends")
    actions = f"{alice.friend_row(bob_id)} .social-actions"
    alice.click(f"{actions} button.block-button")
    alice.wait_text(f"{actions} .confirm-question", "Block Bob?")
    alice.click(f"{actions} button.keep-block-button")
    alice.visible(f"{actions} button.block-button")
    assert alice.find(actions).get_attribute("data-blocked") == "false", "Cancel blocked nobody"
    alice.click(f"{actions} button.block-button")
    alice.click(f"{actions} button.confirm-block-button")
    alice.wait_text("#friend-list", "No friends yet")

    # Neither sees the other online or in the lobby any more: Bob without reloading.
    bob.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, f"#online-players li[data-user='{alice_id}']"), "Alice gone")
    bob.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, f"#open-games li[data-game='{alices_game['id']}']"), "her game gone")
    alice.open("/")
    alice.wait_text("#online-players", "Alice")
    assert not alice.find_all(f"#online-players li[data-user='{bob_id}']")
    assert not alice.find_all(f"#open-games li[data-game='{bobs_game['id']}']")
    bob.driver.refresh()
    bob.wait_ready()
    bob.wait_online()
    bob.wait_text("#online-players", "Bob")
    assert not bob.find_all(f"#online-players li[data-user='{alice_id}']")

    # Bob cannot ask her again.
    bob.open("/friends")
    bob.find("#friend-username").send_keys(alice_api.user["username"])
    bob.click("#friend-form button[type=submit]")
    bob.wait_text("#friends-error", "blocked")
    for page in (alice, bob):
        assert page.javascript_errors() == []


# Records every system notification the page makes, then lets the real one be made;
# and lets the test hide the tab: headless Chromium reports every tab as visible, so
# `document.visibilityState` reads `window.__tabHidden` (the page reads it the same way).
WATCH_NOTIFICATIONS = """
window.__systemNotifications = [];
window.__tabHidden = false;
Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true,
  get() { return window.__tabHidden ? 'hidden' : 'visible'; } });
const RealNotification = window.Notification;
class WatchedNotification extends RealNotification {
  constructor(title, options) {
    super(title, options);
    window.__systemNotifications.push({ title, body: options && options.body });
  }
}
Object.defineProperty(WatchedNotification, 'permission', { get: () => RealNotification.permission });
WatchedNotification.requestPermission = (...args) => RealNotification.requestPermission(...args);
window.Notification = WatchedNotification;
"""


def test_a_system_notification_is_shown_while_the_tab_is_hidden(server, browsers):
    driver = browsers()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_NOTIFICATIONS})
    alice_api = Api.register(server.url, username=unique_name("alice"), display_name="Alice")
    alice = OxoPage(driver, server.url)
    alice.sign_in_as(alice_api)
    bob_api = Api.register(server.url, username=unique_name("bob"), display_name="Bob")

    # Nothing is asked on load: the permission waits for the button.
    assert driver.execute_script("return Notification.permission") == "default"
    alice.click("#bell")
    alice.visible("#allow-system-notifications")
    # Chromium's own prompt cannot be clicked headless: the test grants the permission as
    # the user's answer would, then presses the button, which finds it granted.
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["notifications"]})
    alice.click("#allow-system-notifications")
    alice.wait(lambda d: not d.find_element(By.ID, "allow-system-notifications").is_displayed(), "button gone once granted")

    # Visible: the bell counts, no system notification.
    bob_api.call("PUT", f"/v1/me/following/{alice_api.user['id']}")
    alice.wait_unread(1)
    assert driver.execute_script("return window.__systemNotifications.length") == 0

    # Hidden: Bob's friend request shows as a system notification.
    driver.execute_script("window.__tabHidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    bob_api.call("POST", "/v1/me/friends", {"username": alice_api.user["username"]})
    alice.wait_unread(2)
    alice.wait_js("return window.__systemNotifications.length === 1", "one system notification")
    shown = driver.execute_script("return window.__systemNotifications[0]")
    assert shown == {"title": "OXO", "body": "Bob wants to be your friend"}
    assert alice.javascript_errors() == []


def test_a_kind_switched_off_is_not_told(server, browsers):
    alice, alice_api = signed_in(server, browsers, "Alice")
    bob_api = Api.register(server.url, username=unique_name("bob"), display_name="Bob")
    alice.click("#bell")
    alice.click("#notification-settings summary")
    alice.click("#notify-new_follower")
    alice.wait(lambda d: alice_api.call("GET", "/v1/me/notification-settings")["muted"] == ["new_follower"], "saved")
    alice.wait(lambda d: not d.find_element(By.ID, "notify-new_follower").is_selected(), "shown off")

    bob_api.call("PUT", f"/v1/me/following/{alice_api.user['id']}")
    bob_api.call("POST", "/v1/me/friends", {"username": alice_api.user["username"]})
    alice.wait_unread(1)
    kinds = [li.get_attribute("data-kind") for li in alice.find_all("#notification-list li[data-kind]")]
    assert kinds == ["friend_request"]
    assert alice.javascript_errors() == []


def test_the_bell_toggles_its_panel_and_a_click_elsewhere_closes_it(server, browsers):
    for width in (1280, 390):
        api = Api.register(server.url, username=unique_name("bell"), display_name="Bella")
        page = OxoPage(browsers(width, 900), server.url)
        page.sign_in_as(api)
        page.click("#bell")
        page.visible("#notification-panel")
        covered = page.driver.execute_script(
            "const r = document.getElementById('bell').getBoundingClientRect();"
            "const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
            "return document.getElementById('bell').contains(top) ? null : top.outerHTML.slice(0, 80)")
        assert covered is None, f"at {width} px the panel covers the bell: {covered}"
        page.click("#bell")
        page.wait_js("return document.getElementById('notification-panel').hidden", f"the bell closed it at {width} px")
        page.click("#bell")
        page.visible("#notification-panel")
        page.click("#notification-panel h2")
        assert page.find("#notification-panel").is_displayed(), "a click inside keeps it open"
        page.click("#topbar .brand")
        page.wait_js("return document.getElementById('notification-panel').hidden", f"a click elsewhere closed it at {width} px")
        assert page.javascript_errors() == []
