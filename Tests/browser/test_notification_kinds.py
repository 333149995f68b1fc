"""The bell in one browser, fed by real actions of other players over REST on a server
whose clock moves when the test says (`oxo serve --test-clock`): every kind of
notification the server can send (read from the protocol's Swift enum, so that a kind
added there fails here until the page words it) has its words, leads to its screen and
has its switch; each says how long ago it came, with the full date on hover and focus;
and the switches are drawn at a checkbox's size with their labels as the target."""

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from oxo_api import Api, beat, unique_name
from pages import OxoPage

REPO = Path(__file__).resolve().parents[2]
# Kinds only pushed to a closed app, never in the bell: they have words and a switch all the same.
PUSH_ONLY = {"tournament_game"}
ADMIN_TOKEN = "e" * 32
PHONE = {"width": 390, "height": 844}


def server_kinds():
    """The raw values of `NotificationKind` in OXOProtocol: `case yourTurn = "your_turn"`, or the case's own name."""
    source = (REPO / "Sources/OXOProtocol/Social/Notifications.swift").read_text()
    body = re.search(r"enum NotificationKind\b[^{]*\{(.*?)\n\}", source, re.DOTALL).group(1)
    kinds = [raw or name for name, raw in re.findall(r'^\s*case\s+(\w+)(?:\s*=\s*"([^"]+)")?', body, re.MULTILINE)]
    assert kinds, "no cases found in NotificationKind"
    return set(kinds)


@pytest.fixture(scope="module")
def server_args():
    # Three days ago, so that a test can move the clock on to now and leave news days apart behind it.
    start = (datetime.now(timezone.utc) - timedelta(days=3)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return ["--test-clock", "--admin-token", ADMIN_TOKEN, "--test-clock-start", start]


def advance(server, seconds):
    """Moves the server's clock on; returns where it stands."""
    now = Api(server.url, ADMIN_TOKEN).call("POST", "/v1/admin/clock", {"advance_seconds": seconds})["now"]
    return datetime.fromisoformat(now.replace("Z", "+00:00"))


def player(server, name):
    return Api.register(server.url, username=unique_name(name.lower()), display_name=name)


def message(sender, receiver, text):
    talk = sender.call("POST", f"/v1/users/{receiver.user['id']}/conversation")
    sender.call("POST", f"/v1/conversations/{talk['id']}/messages", {"text": text})


def test_every_kind_the_server_sends_has_its_words_its_screen_and_its_switch(server, browsers):
    alice, bob, carol = player(server, "Alice"), player(server, "Bob"), player(server, "Carol")
    # Each kind made by what people do, and the screen its notification leads to.
    leads_to = {}

    # A quarter of a one-day move left: the server's clock moves on 18 hours.
    by_post = bob.create_game("X", time_control={"kind": "correspondence", "days_per_move": 1})
    alice.join(by_post["id"])
    bob.move(by_post["id"], 4, 1)
    advance(server, 18 * 3600 + 1)
    leads_to["time_running_out"] = f"#/game/{by_post['id']}"

    casual = bob.create_game("X")
    alice.join(casual["id"])
    bob.move(casual["id"], 4, 1)
    # Alice is told of her turn in every game above; the newest such notification is for one of them.
    leads_to["your_turn"] = None

    # An offline player may be challenged to a correspondence game.
    bob.call("POST", "/v1/challenges", {"opponent": alice.user["id"], "side": "X",
                                        "time_control": {"kind": "correspondence", "days_per_move": 3}})
    leads_to["challenge_received"] = "#/"

    bob.call("POST", "/v1/me/friends", {"username": alice.user["username"]})
    leads_to["friend_request"] = "#/friends"
    alice.befriend(carol)
    leads_to["friend_accepted"] = "#/friends"
    carol.rename("Caroline")
    leads_to["friend_renamed"] = "#/friends"
    bob.call("PUT", f"/v1/me/following/{alice.user['id']}")
    leads_to["new_follower"] = "#/friends"

    # Carol, a friend, invites Alice to her private Swiss event.
    starts = (advance(server, 1) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    swiss = carol.call("POST", "/v1/tournaments", {
        "kind": "swiss", "name": "Friends' Swiss", "time_control": {"kind": "correspondence", "days_per_move": 3},
        "starts_at": starts, "rounds": 3, "private": True})
    carol.call("POST", f"/v1/tournaments/{swiss['id']}/invitations", {"players": [alice.user["id"]]})
    leads_to["tournament_invitation"] = f"#/tournament/{swiss['id']}"

    finished = beat(bob, alice)
    bob.call("POST", f"/v1/games/{finished['id']}/rematch")
    leads_to["rematch_offered"] = f"#/game/{finished['id']}"

    message(bob, alice, "fancy a game?")
    leads_to["message"] = f"#/messages/{bob.user['id']}"

    kinds = server_kinds()
    in_the_bell = kinds - PUSH_ONLY
    assert set(leads_to) == in_the_bell, f"kinds the server sends that this test does not make: {in_the_bell - set(leads_to)}"

    page = OxoPage(browsers(), server.url)
    page.sign_in_as(alice)
    page.click("#bell")
    listed = lambda: {row.get_attribute("data-kind") for row in page.find_all("#notification-list li[data-kind]")}  # noqa: E731
    page.wait(lambda d: listed() == in_the_bell, "every kind but the pushed-only ones in the bell's list")
    inbox = alice.call("GET", "/v1/me/notifications")["notifications"]
    newest_turn = next(entry for entry in inbox if entry["kind"] == "your_turn")
    leads_to["your_turn"] = f"#/game/{newest_turn['game']}"
    # Every kind has its switch, with words.
    page.click("#notification-settings summary")
    page.visible("#notify-message")
    for kind in kinds:
        label = page.find(f"label[for='notify-{kind}']").text.strip()
        assert label and page.find(f"#notify-{kind}").is_selected(), f"no switch for {kind}"

    for kind in sorted(in_the_bell):
        # From a screen none of them leads to.
        page.open("/leaderboard")
        row = f"#notification-list li[data-kind='{kind}']"
        if page.find("#notification-panel").get_attribute("hidden") is not None:
            page.click("#bell")
        page.visible(row)
        words = page.find(f"{row} .notification-words").text
        # Carol's news carries her name as it is now.
        actor = "Caroline" if kind in ("friend_accepted", "friend_renamed", "tournament_invitation") else "Bob"
        assert actor in words and not words.startswith("News"), f"{kind} says {words!r}"
        if kind == "time_running_out":
            assert "Time is running out" in words
        page.open_notification(kind)
        page.wait_js(f"return location.hash === {leads_to[kind]!r}", f"{kind} leads to {leads_to[kind]}")
    assert page.javascript_errors() == []


def test_the_bell_says_how_long_ago_with_the_full_date_on_hover_and_focus(server, browsers):
    alice, bob = player(server, "Alice"), player(server, "Bob")
    # Bob follows Alice 26 hours ago, asks her to be friends 2 hours ago and writes now:
    # the server's clock ends where this machine's stands.
    real_now = datetime.now(timezone.utc)
    clock = advance(server, 1)
    advance(server, (real_now - timedelta(hours=26) - clock).total_seconds())
    bob.call("PUT", f"/v1/me/following/{alice.user['id']}")
    advance(server, 24 * 3600)
    bob.call("POST", "/v1/me/friends", {"username": alice.user["username"]})
    advance(server, 2 * 3600)
    message(bob, alice, "still there?")
    created = {entry["kind"]: entry["created_at"] for entry in alice.call("GET", "/v1/me/notifications")["notifications"]}

    page = OxoPage(browsers(**PHONE), server.url)
    page.sign_in_as(alice)
    page.wait_unread(3)
    page.click("#bell")
    page.visible("#notification-list li[data-kind='message']")

    followed = (real_now - timedelta(hours=26)).astimezone()
    days = (datetime.now().astimezone().date() - followed.date()).days
    expected = {"message": "now", "friend_request": "2 hours ago",
                "new_follower": "yesterday" if days == 1 else f"{days} days ago"}
    for kind, words in expected.items():
        time = page.find(f"#notification-list li[data-kind='{kind}'] button time")
        assert time.text == words, f"{kind}: {time.text!r}, not {words!r}"
        assert time.get_attribute("datetime") == created[kind]
        # The full date: the weekday and the year, beyond the hour.
        title = time.get_attribute("title")
        moment = datetime.fromisoformat(created[kind].replace("Z", "+00:00")).astimezone()
        assert str(moment.year) in title and moment.strftime("%A") in title, title

    # The keyboard reaches the newest one (the bell, Mark all read, then the list), and its
    # full date is written out while it has the focus.
    newest = page.find("#notification-list li[data-kind='message'] button")
    width = lambda: page.driver.execute_script(  # noqa: E731
        "return arguments[0].querySelector('time').getBoundingClientRect().width", newest)
    before = width()
    page.find("#bell").send_keys(Keys.TAB)
    page.driver.switch_to.active_element.send_keys(Keys.TAB)
    page.wait_js("return document.activeElement?.closest('li')?.dataset.kind === 'message'", "the newest has the focus")
    assert width() > before * 2, "the full date shows on focus"
    assert page.javascript_errors() == []


def test_the_switches_are_drawn_at_a_checkboxs_size_with_their_labels_as_the_target(server, browsers):
    alice = player(server, "Alice")
    page = OxoPage(browsers(**PHONE), server.url)
    page.sign_in_as(alice)
    page.click("#bell")
    page.click("#notification-settings summary")
    page.visible("#notify-message")
    sizes = page.driver.execute_script("""
        return [...document.querySelectorAll('#notification-panel input[type=checkbox]')]
          .filter((box) => box.getClientRects().length)
          .map((box) => {
            const own = box.getBoundingClientRect(), target = box.closest('label').getBoundingClientRect();
            return { id: box.id, width: own.width, height: own.height, targetWidth: target.width, targetHeight: target.height };
          });""")
    assert len(sizes) >= 9, sizes
    for size in sizes:
        assert 12 <= size["width"] <= 24 and 12 <= size["height"] <= 24, f"{size['id']} drawn at {size}"
        assert size["targetWidth"] >= 24 and size["targetHeight"] >= 24, f"{size['id']}'s label too small: {size}"

    # Pressing the words switches it, as pressing the box does.
    page.driver.execute_script("document.querySelector(\"label[for='notify-new_follower']\").scrollIntoView({block: 'center'})")
    page.find("label[for='notify-new_follower']").click()
    page.wait(lambda d: alice.call("GET", "/v1/me/notification-settings")["muted"] == ["new_follower"], "switched off")
    page.wait_js("return !document.getElementById('notify-new_follower').checked", "the box shows it off")
    assert page.javascript_errors() == []
