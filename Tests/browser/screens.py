"""A player with something on every screen, and the walk over them, for the tests that
check them all (test_contrast.py, test_accessibility_engine.py)."""

from oxo_api import Api, beat, unique_name


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
    # A personal access token with a long name, used once, in Settings.
    made = alice.call("POST", "/v1/me/tokens", {"name": "the board in the kitchen" + "x" * 36,
                                               "scopes": ["read", "play", "challenge"], "expires_in_days": 365})
    Api(server.url, made["token"]).call("GET", "/v1/me")
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


CLOCK = {"kind": "clock", "initial_seconds": 180, "increment_seconds": 2}


def games_on_every_board(alice, bob):
    """A live game of Alice's with a clock and one on each board that is not classic, a
    move played in each; returns [(what, path)]."""
    made = [("a game with a clock", alice.create_game("X", time_control=CLOCK))]
    made += [(f"a game of {variant}", alice.create_game("X", variant=variant)) for variant in ("four", "gomoku", "ultimate")]
    for _, game in made:
        bob.join(game["id"])
        alice.move(game["id"], 4 if game.get("variant") in (None, "classic") else 0)
    return [(what, f"/game/{game['id']}") for what, game in made]


def walk_signed_in(page, width, screens, check):
    """Opens each of `screens` ((name, path, what shows once it is ready)) and calls
    `check(where)` on it, and on what opens from it: the watchers' room of a game, a replay
    at its end, settings with a token made and the deletion asked, the lobby's bell panel and "+" sheet.
    Returns what the checks returned, joined."""
    found = []
    for name, path, ready in screens:
        page.open(path)
        page.wait_screen(name)
        if name == "game" and width < 600:
            page.click("#game-chat-toggle")  # a phone's chat opens from its button
        page.visible(ready)
        found += check(f"{path} {width}")
        if name == "game":
            page.click("#chat-watchers-tab")
            page.visible("#chat-watchers-messages .chat-text")
            found += check(f"{path} watchers' room {width}")
        elif name == "replay":
            page.click("#replay-last")
            page.visible("#board .cell.win")
            found += check(f"{path} at its end {width}")
        elif name == "settings":
            # A token refused, then one made (shown once) with Revoke asked on it; revoked
            # after, so that an account's 20 last the walks.
            page.visible("#access-token-list li.token")
            page.tap("#create-token")
            page.visible("#token-form-error")
            found += check(f"{path} a token refused {width}")
            page.find("#token-name").send_keys("a script")
            page.tap("label[for='token-scope-read']")
            page.tap("#create-token")
            page.visible("#new-token")
            page.tap("#access-token-list li.token .token-revoke")
            page.visible("#access-token-list li.token .token-revoke-confirm")
            found += check(f"{path} a token made, its revoke asked {width}")
            page.tap("#access-token-list li.token .token-revoke-confirm")
            page.wait(lambda d: len(page.find_all("#access-token-list li.token")) == 1, "the new token revoked")
            page.tap("#delete-account")
            page.visible("#delete-password")
            found += check(f"{path} deletion asked {width}")
        elif name == "lobby":
            page.click("#bell")
            page.visible("#notification-list li")
            found += check(f"the bell's panel {width}")
            page.click("#bell")
            page.click("#new-game")
            page.visible("#new-game-sheet")
            found += check(f"the new-game sheet {width}")
            page.click("#cancel-new-game")
    return found
