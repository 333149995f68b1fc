"""The game catalogue in a real browser: a new player searches, adds two games, opens the
players of one, follows a player there, sees that player's games on the Following tab and
writes to them from there; the game page links to a YouTube search.
Also the screenshot of a game's page the README shows."""

from urllib.parse import urlencode

from conftest import set_viewport
from oxo_api import Api, unique_name
from pages import OxoPage
from test_screenshots import assert_fits, full_page_screenshot


def catalogue_id(api, title):
    """The id of the game with exactly this title, found by searching for it."""
    games = api.call("GET", "/v1/catalogue/games?" + urlencode({"q": title}))["games"]
    return next(game["id"] for game in games if game["title"] == title)


def search_and_open(page, text, title):
    """Types `text` in the search box, waits until the results are the search's (the
    title first), and opens that game."""
    field = page.find("#catalogue-search")
    field.clear()
    field.send_keys(text)
    page.wait_js(f"return document.querySelector('#catalogue-results .catalogue-title')?.textContent === {title!r}",
                 f"{title} found first")
    found = [row for row in page.find_all("#catalogue-results .catalogue-title") if row.text == title]
    found[0].click()
    page.wait_screen("catalogue-game")
    page.wait_text("#catalogue-game-title", title)


def test_a_new_player_finds_games_and_the_players_who_play_them(server, browsers):
    zoe = Api.register(server.url, username=unique_name("zoe"), display_name="Zoe")
    for title in ("Tetris", "Portal 2"):
        zoe.call("PUT", f"/v1/me/catalogue/{catalogue_id(zoe, title)}")

    page = OxoPage(browsers(), server.url)
    page.register(display_name="Nina")
    page.wait_online()
    page.click("#catalogue-link")
    page.wait_screen("catalogue")

    # Words in any order, a prefix and a typo all find the game; the page adds it.
    search_and_open(page, "valley stardw", "Stardew Valley")
    page.wait_text("#catalogue-game-players-count", "0 players")
    page.click("#catalogue-game-toggle")
    page.wait_text("#catalogue-game-toggle", "Remove from my games")
    page.wait_text("#catalogue-game-players-count", "1 player")
    page.open("/catalogue")
    page.wait_screen("catalogue")
    search_and_open(page, "tetr", "Tetris")
    page.click("#catalogue-game-toggle")
    page.wait_text("#catalogue-game-toggle", "Remove from my games")
    page.wait_text("#catalogue-game-players-count", "2 players")

    youtube = page.find("#catalogue-game-youtube")
    assert youtube.get_attribute("target") == "_blank"
    assert "noopener" in youtube.get_attribute("rel").split()
    assert youtube.get_attribute("href") == "https://www.youtube.com/results?search_query=Tetris"
    assert page.find_all("iframe") == []

    # Tetris's players: Nina herself and Zoe, whom she follows from there.
    zoe_row = f"#catalogue-game-players li[data-user='{zoe.user['id']}']"
    page.wait_text(zoe_row, "Zoe")
    assert page.find(f"{zoe_row} a.message-link").get_attribute("href").endswith(f"#/messages/{zoe.user['id']}")
    page.click(f"{zoe_row} button.follow-button")
    page.wait_js(f"return document.querySelector(\"{zoe_row}\").dataset.following === 'true'", "following Zoe")
    page.wait_text(f"{zoe_row} button.follow-button", "Unfollow")
    followers = zoe.call("GET", f"/v1/users/{zoe.user['id']}/followers")["players"]
    assert [player["id"] for player in followers] == [page.user_id()]

    # The Following tab opens the games Zoe plays.
    page.click("#tab-following")
    page.wait_screen("following")
    followed = f"#following-players li[data-user='{zoe.user['id']}']"
    page.wait_text(followed, "Zoe")
    page.click(f"{followed} button.games-button")
    page.wait_text(f"#games-of-{zoe.user['id']}", "Portal 2")
    page.wait_text(f"#games-of-{zoe.user['id']}", "Tetris")

    # And writes to her from there.
    page.click(f"{followed} a.message-link")
    page.wait_js(f"return location.hash === '#/messages/{zoe.user['id']}'", "the conversation with Zoe")
    page.visible("#conversation-chat-text").send_keys("Tetris tonight?")
    page.click("#conversation-chat-send")
    page.wait_js("return [...document.querySelectorAll('#conversation-chat-messages .chat-text')]"
                 ".some(p => p.textContent === 'Tetris tonight?')", "the message shown")
    conversations = zoe.call("GET", "/v1/me/conversations")["conversations"]
    assert [(c["with"]["id"], c["last_message"]["text"], c["unread"]) for c in conversations] == \
        [(page.user_id(), "Tetris tonight?", 1)]

    # Her own games, latest first.
    page.open("/my-games")
    page.wait_screen("my-games")
    page.wait_text("#my-games-list", "Tetris")
    titles = [row.text for row in page.find_all("#my-games-list .catalogue-title")]
    assert titles == ["Tetris", "Stardew Valley"]
    assert page.javascript_errors() == []


def test_screenshot_of_a_game_page(server, browsers, artifacts):
    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    players = [Api.register(server.url, username=unique_name(name.lower()), display_name=name) for name in ("Ann", "Ben", "Cleo")]
    zelda = catalogue_id(players[0], "The Legend of Zelda: Breath of the Wild")
    for player in players:
        player.call("PUT", f"/v1/me/catalogue/{zelda}")
    page = OxoPage(browsers(1280, 860), server.url)
    page.sign_in_as(players[0])
    for width, height in ((1280, 860), (390, 844)):
        set_viewport(page.driver, width, height)
        page.open(f"/catalogue/{zelda}")
        page.wait_screen("catalogue-game")
        page.wait_text("#catalogue-game-players-count", "3 players")
        page.wait_text("#catalogue-game-players", "Cleo")
        assert_fits(page, width)
        full_page_screenshot(page.driver, folder / f"catalogue-game-{width}-light.png")
        page.open("/catalogue")
        page.find("#catalogue-search").send_keys("zelda")
        page.wait_text("#catalogue-results", "Breath of the Wild")
        assert_fits(page, width)
        full_page_screenshot(page.driver, folder / f"catalogue-search-{width}-light.png")
    assert page.javascript_errors() == []
