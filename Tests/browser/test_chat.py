"""Chat: two players talk beside their game while a watcher talks in the watchers' room;
a conversation with a photo sent through the file input, seen by the other; a message
that looks like markup stays text; a message whose answer was lost is sent again with its
Idempotency-Key and posted once."""

from selenium.webdriver.common.by import By

from conftest import set_viewport
from oxo_api import Api, unique_name
from pages import OxoPage
from test_avatars import png, photo_file
from test_safety import NASTY, assert_no_alert


def say(page, panel, text):
    field = page.visible(f"#{panel}-text")
    field.send_keys(text)
    page.click(f"#{panel}-send")


def wait_message(page, panel, text):
    page.wait_js(
        f"return [...document.querySelectorAll('#{panel}-messages .chat-text')].some(p => p.textContent === {text!r})",
        f"'{text}' in {panel}")


def players_at_a_live_game(server, browsers):
    """Alice and Bob in two browsers, at a game Alice opened as X and Bob joined, its chat shown."""
    alice = OxoPage(browsers(), server.url)
    alice.register(display_name="Alice")
    bob = OxoPage(browsers(), server.url)
    bob.register(display_name="Bob")
    game_id = alice.new_game("X")
    bob.visible(f"#open-games li[data-game='{game_id}'] button").click()
    for page in (alice, bob):
        page.wait_phase("live")
        page.visible("#game-chat")
    return alice, bob, game_id


def test_two_players_chat_beside_their_game_and_a_watcher_in_the_watchers_room(server, browsers, artifacts):
    alice, bob, game_id = players_at_a_live_game(server, browsers)

    # The players' room is shown first to the players; what one says the other reads at once.
    say(alice, "chat-players", "good luck")
    wait_message(bob, "chat-players", "good luck")
    say(bob, "chat-players", "you too")
    wait_message(alice, "chat-players", "you too")

    # Carol watches: she sees only the watchers' room, and the players can switch to it.
    carol = OxoPage(browsers(), server.url)
    carol.register(display_name="Carol")
    carol.open_game(game_id)
    carol.visible("#chat-watchers")
    assert not carol.find_all("#chat-players"), "a watcher has no players' room"
    say(carol, "chat-watchers", "nice opening")
    alice.click("#chat-watchers-tab")
    wait_message(alice, "chat-watchers", "nice opening")
    say(alice, "chat-watchers", "thanks Carol")
    wait_message(carol, "chat-watchers", "thanks Carol")

    # A reload shows the room's history again, and a message still arrives live after it.
    bob.driver.refresh()
    bob.wait_game_loaded()
    wait_message(bob, "chat-players", "good luck")
    wait_message(bob, "chat-players", "you too")
    alice.click("#chat-players-tab")
    say(alice, "chat-players", "still here")
    wait_message(bob, "chat-players", "still here")
    for page in (alice, bob, carol):
        assert page.javascript_errors() == []

    # The chat is beside the board on a wide screen; on a phone it opens over the screen
    # from the Chat button above the board (test_phone.py has more).
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    bob.driver.save_screenshot(str(folder / "game-chat-1280.png"))
    set_viewport(bob.driver, 390, 844)
    bob.wait_js("return document.documentElement.scrollWidth <= window.innerWidth", "nothing wider than a phone")
    bob.click("#game-chat-toggle")
    bob.visible("#game-chat")
    chat_bottom = bob.driver.execute_script("return document.getElementById('game-chat').getBoundingClientRect().bottom")
    assert chat_bottom <= 844, "the whole chat on the phone's screen"


def test_a_conversation_with_a_photo_is_seen_by_the_other(server, browsers, tmp_path):
    alice = OxoPage(browsers(), server.url)
    alice.register(display_name="Alice")
    bob = OxoPage(browsers(), server.url)
    bob.register(display_name="Bob")
    bob_id, alice_id = bob.user_id(), alice.user_id()

    # Alice opens Bob's profile and writes to him, with a photo through the file input.
    alice.open(f"/players/{bob_id}")
    alice.click("#message-player")
    alice.wait_js(f"return location.hash === '#/messages/{bob_id}'", "the conversation's address")
    alice.visible("#conversation-chat-text").send_keys("look at this")
    alice.find("#conversation-chat-photo").send_keys(photo_file(tmp_path, "red.png", png(300, 150, (200, 30, 30))))
    alice.click("#conversation-chat-send")
    alice.visible("#conversation-chat-messages img.chat-photo")
    img = alice.find("#conversation-chat-messages img.chat-photo")
    assert (img.get_attribute("width"), img.get_attribute("height")) == ("240", "120"), "sized before it loads"

    # Bob is told once, sees it in his list with one unread, and opens it.
    bob.wait_unread(1)
    bob.open("/messages")
    bob.wait_text(f"#conversations a[data-user='{alice_id}'] .conversation-preview", "look at this")
    bob.wait_text(f"#conversations a[data-user='{alice_id}'] .conversation-unread", "1")
    bob.click(f"#conversations a[data-user='{alice_id}']")
    wait_message(bob, "conversation-chat", "look at this")
    bob.wait_js("const i = document.querySelector('#conversation-chat-messages img.chat-photo');"
                " return i && i.complete && i.naturalWidth === 300", "the photo loaded")

    # Having read it, Alice sees "Seen" under her message.
    alice.wait_text("#conversation-chat-messages .chat-message.mine .chat-seen", "Seen")
    bob.wait_unread(0)
    for page in (alice, bob):
        assert page.javascript_errors() == []


def test_a_message_that_looks_like_markup_stays_text_and_only_web_links_are_links(server, browsers):
    alice = OxoPage(browsers(), server.url)
    alice.register(display_name="Alice")
    bob = OxoPage(browsers(), server.url)
    bob.register(display_name="Bob")
    alice.open(f"/messages/{bob.user_id()}")
    say(alice, "conversation-chat", NASTY)
    say(alice, "conversation-chat", "see https://example.org/page. or javascript:alert(2)")
    bob.open(f"/messages/{alice.user_id()}")
    wait_message(bob, "conversation-chat", NASTY)
    assert_no_alert(bob)
    texts = bob.find_all("#conversation-chat-messages .chat-text")
    assert not bob.find_all("#conversation-chat-messages .chat-text img"), "markup stays text"
    links = texts[-1].find_elements(By.TAG_NAME, "a")
    assert [link.get_attribute("href") for link in links] == ["https://example.org/page"]
    assert "javascript:alert(2)" in texts[-1].text
    assert bob.javascript_errors() == []


def test_the_room_not_shown_counts_its_new_messages_and_the_box_keeps_its_room(server, browsers):
    alice = Api.register(server.url, username=unique_name("alice"), display_name="Alice")
    bob = Api.register(server.url, username=unique_name("bob"), display_name="Bob")
    carol = Api.register(server.url, username=unique_name("carol"), display_name="Carol")
    game = alice.create_game("X")
    bob.join(game["id"])
    carol.call("POST", f"/v1/games/{game['id']}/chat/watchers/messages", {"text": "said before Alice came"})
    page = OxoPage(browsers(1280, 900), server.url)
    page.sign_in_as(alice, f"/game/{game['id']}")
    page.visible("#chat-players")
    page.wait_js("return document.getElementById('chat-watchers-tab').getAttribute('aria-selected') === 'false'")
    assert not page.find("#chat-watchers-unread").is_displayed(), "what was said before counts as seen"

    # At 1280 px the chat is a narrow column: the box keeps most of it all the same.
    widths = page.driver.execute_script(
        "return [document.getElementById('chat-players-text').getBoundingClientRect().width,"
        " document.getElementById('chat-players').getBoundingClientRect().width]")
    assert widths[0] >= 0.6 * widths[1], f"the message box is squeezed: {widths}"

    # While Alice reads the players' room, the watchers' tab counts what comes there.
    for text in ("first", "second"):
        carol.call("POST", f"/v1/games/{game['id']}/chat/watchers/messages", {"text": text})
    page.wait_text("#chat-watchers-unread", "2")
    assert page.find("#chat-watchers-tab").get_attribute("aria-label") == "Watchers, 2 unread"
    page.click("#chat-watchers-tab")
    wait_message(page, "chat-watchers", "second")
    page.wait(lambda d: not page.find("#chat-watchers-unread").is_displayed(), "read once shown")

    # Now the players' tab counts, though not what Alice said herself (from another device).
    alice.call("POST", f"/v1/games/{game['id']}/chat/players/messages", {"text": "my own words"})
    bob.call("POST", f"/v1/games/{game['id']}/chat/players/messages", {"text": "your move"})
    page.wait_js("return document.getElementById('chat-players-unread').textContent === '1'"
                 " && document.querySelector('#chat-players-messages').textContent.includes('your move')",
                 "one unread in the players' room")
    assert page.javascript_errors() == []


# Wraps the page's fetch: the first POST of a chat message reaches the server, but its answer
# is replaced by the 503 a server gives while its database fails over, so the client cannot
# know it was stored and sends it again. Records each POST's Idempotency-Key.
CUT_FIRST_ANSWER = """
const real = window.fetch;
window.oxoKeys = [];
let cut = 1;
window.fetch = async (input, init = {}) => {
  const response = await real(input, init);
  if (init.method !== 'POST' || !String(input).endsWith('/messages')) return response;
  window.oxoKeys.push(init.headers['Idempotency-Key']);
  if (cut === 0) return response;
  cut -= 1;
  const body = { error: { code: 'database_unavailable', message: 'The database went away.' } };
  return new Response(JSON.stringify(body), { status: 503, headers: { 'Content-Type': 'application/json' } });
};
"""


def test_a_message_whose_answer_was_lost_is_sent_again_with_its_key_and_posted_once(server, browsers):
    alice, bob, game_id = players_at_a_live_game(server, browsers)

    alice.driver.execute_script(CUT_FIRST_ANSWER)
    say(alice, "chat-players", "said once")
    wait_message(bob, "chat-players", "said once")
    alice.wait_js("return window.oxoKeys.length === 2", "the message sent again after the 503")
    keys = alice.driver.execute_script("return window.oxoKeys")
    assert keys[0] and keys[0] == keys[1], f"one key for both tries: {keys}"

    token = alice.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")
    stored = Api(server.url, token).call("GET", f"/v1/games/{game_id}/chat/players/messages")["messages"]
    assert [message["text"] for message in stored] == ["said once"], "stored once, though sent twice"
    for page in (alice, bob):
        page.wait_js("return document.querySelectorAll('#chat-players-messages .chat-text').length === 1",
                     "shown once")
        assert page.javascript_errors() == []
