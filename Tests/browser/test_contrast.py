"""Every text of every screen, in both themes, reaches WCAG AA against what is drawn behind
it: 4.5:1, or 3:1 for large text. The page is walked as a player sees it (friends, a game
with its chat, a replay at its winning line, the bell's panel, the new-game sheet, a
guest's note) and `contrast.js` measures each visible piece of text; the test lists every
one below the bar."""

from pathlib import Path

from oxo_api import Api, beat, unique_name
from pages import OxoPage

CHECK = (Path(__file__).parent / "contrast.js").read_text()
# Colours are measured as they end, not in the middle of a transition or an animation.
STILL = "const s = document.createElement('style'); s.textContent = '*, *::before, *::after " \
        "{ transition: none !important; animation: none !important; }'; document.head.append(s);"


def catalogue_id(api, title):
    return api.call("GET", f"/v1/catalogue/games?q={title.replace(' ', '+')}")["games"][0]["id"]


def a_player_with_everything(server):
    """Alice with a friend, a request, a live game with both chat rooms, a finished game,
    a conversation, a video game and someone she follows; returns (alice, paths)."""
    alice = Api.register(server.url, username=unique_name("alice"), display_name="Alice")
    bob = Api.register(server.url, username=unique_name("bob"), display_name="Bob")
    carol = Api.register(server.url, username=unique_name("carol"), display_name="Carol")
    alice.befriend(bob)
    carol.call("POST", "/v1/me/friends", {"username": alice.user["username"]})
    alice.call("PUT", f"/v1/me/following/{bob.user['id']}")
    finished = beat(alice, bob)
    live = alice.create_game("X")
    bob.join(live["id"])
    alice.move(live["id"], 4)
    for room, who, text in (("players", bob, "good luck"), ("watchers", carol, "nice opening")):
        who.call("POST", f"/v1/games/{live['id']}/chat/{room}/messages", {"text": text})
    talk = bob.call("POST", f"/v1/users/{alice.user['id']}/conversation")
    bob.call("POST", f"/v1/conversations/{talk['id']}/messages", {"text": "rematch later?"})
    game = catalogue_id(alice, "Tetris")
    alice.call("PUT", f"/v1/me/catalogue/{game}")
    bob.call("PUT", f"/v1/me/catalogue/{game}")
    bob.create_game("O")  # an open game in the lobby and on the friends page
    screens = [
        ("lobby", "/", "#online-players li"),
        ("game", f"/game/{live['id']}", "#chat-players-messages .chat-text"),
        ("replay", f"/replay/{finished['id']}", "#replay-moves li"),
        ("history", "/history", ".history-list li"),
        ("settings", "/settings", "#settings-avatar"),
        ("profile", f"/players/{bob.user['id']}", "#profile-record"),
        ("profile", f"/players/{alice.user['id']}", "#profile-record"),
        ("leaderboard", "/leaderboard", "#leaderboard-rows tr"),
        ("friends", "/friends", "#incoming-requests li[data-user]"),
        ("catalogue", "/catalogue", "#catalogue-results .catalogue-title"),
        ("catalogue-game", f"/catalogue/{game}", "#catalogue-game-players li[data-user]"),
        ("my-games", "/my-games", "#my-games-list .catalogue-title"),
        ("following", "/following", "#following-players li[data-user]"),
        ("messages", "/messages", "#conversations li"),
        ("conversation", f"/messages/{bob.user['id']}", "#conversation-chat-messages .chat-text"),
    ]
    return alice, screens


def low_contrast(page, where):
    page.driver.execute_script(STILL)
    return [f"{where} [{page.shown_theme()}]: {o}" for o in page.driver.execute_script(CHECK)]


def test_every_text_of_every_screen_meets_aa_in_both_themes(server, browsers):
    alice, screens = a_player_with_everything(server)
    found = []
    for width in (1280, 390):
        page = OxoPage(browsers(width, 900), server.url)
        for theme in ("light", "dark"):
            page.open("/signin")
            page.use_theme(theme)
            found += low_contrast(page, f"sign in {width}")
            page.open("/register")
            page.wait_screen("register")
            found += low_contrast(page, f"register {width}")

        page.sign_in_as(alice)
        for theme in ("light", "dark"):
            page.use_theme(theme)
            for name, path, ready in screens:
                page.open(path)
                page.wait_screen(name)
                if name == "game" and width < 600:
                    page.click("#game-chat-toggle")  # a phone's chat opens from its button
                page.visible(ready)
                found += low_contrast(page, f"{path} {width}")
                if name == "game":
                    page.click("#chat-watchers-tab")
                    page.visible("#chat-watchers-messages .chat-text")
                    found += low_contrast(page, f"{path} watchers' room {width}")
                if name == "replay":
                    page.click("#replay-last")
                    page.visible("#board .cell.win")
                    found += low_contrast(page, f"{path} at its end {width}")
                if name == "lobby":
                    page.click("#bell")
                    page.visible("#notification-list li")
                    found += low_contrast(page, f"the bell's panel {width}")
                    page.click("#bell")
                    page.click("#new-game")
                    page.visible("#new-game-sheet")
                    found += low_contrast(page, f"the new-game sheet {width}")
                    page.click("#cancel-new-game")

    guest = OxoPage(browsers(390, 900), server.url)
    guest.open("/signin")
    guest.click("#play-as-guest")
    guest.wait_screen("lobby")
    for theme in ("light", "dark"):
        guest.use_theme(theme)
        guest.visible("#guest-note")
        found += low_contrast(guest, "a guest's lobby")
    assert not found, f"{len(found)} texts below WCAG AA:\n" + "\n".join(found)
