"""A display name of 40 characters, the most there may be, on a 390 px phone, in each of
the page's languages: the picture stays beside the name in every list of players, a rating
never breaks in the middle, nothing is wider than the screen, and Remove from my games is
not dressed as the main action."""

import pytest

from catalogues import LANGUAGES
from oxo_api import Api, beat, unique_name
from pages import OxoPage

LONG = "Maximiliana Wolkenstein-Hohenberg Junior"
assert len(LONG) == 40

# For each row holding a picture and a name: whether the name begins beside the picture
# (to its right, and above the picture's bottom) rather than on a line of its own.
PICTURE_BESIDE_NAME = """
const [rows, name] = arguments;
return [...document.querySelectorAll(rows)].map((row) => {
  const picture = row.querySelector('img.avatar').getBoundingClientRect();
  const text = row.querySelector(name).getClientRects()[0];
  return { row: row.textContent.trim().slice(0, 50), beside: text.left >= picture.right - 1 && text.top < picture.bottom };
});
"""

# How many lines the text of `selector` takes: one line box per line.
LINES = """
const range = document.createRange();
range.selectNodeContents(document.querySelector(arguments[0]));
return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
"""


def assert_pictures_beside_names(page, rows, name):
    page.visible(rows)
    placed = page.driver.execute_script(PICTURE_BESIDE_NAME, rows, name)
    assert placed and all(p["beside"] for p in placed), f"{rows}: a picture alone on its line: {placed}"


def assert_fits(page):
    width = page.driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"{page.screen()} is {width} px wide"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_forty_character_name_keeps_every_layout_on_a_phone(server, browsers, language):
    alice = Api.register(server.url, username=unique_name("alice"), display_name="Alice")
    long = Api.register(server.url, username=unique_name("long"), display_name=LONG)
    asking = Api.register(server.url, username=unique_name("ask"), display_name=LONG[::-1])
    alice.befriend(long)
    asking.call("POST", "/v1/me/friends", {"username": alice.user["username"]})
    alice.call("PUT", f"/v1/me/following/{long.user['id']}")
    beat(long, alice)
    game = alice.create_game("X")
    long.join(game["id"])
    tetris = alice.call("GET", "/v1/catalogue/games?q=tetris")["games"][0]["id"]
    long.call("PUT", f"/v1/me/catalogue/{tetris}")

    # The long-named player is online too, so the lobby lists them.
    theirs = OxoPage(browsers(390, 844), server.url)
    theirs.sign_in_as(long)
    page = OxoPage(browsers(390, 844), server.url)
    page.use_language(language)
    page.sign_in_as(alice)

    page.wait_player_online(long.user["id"])
    assert_pictures_beside_names(page, f"#online-players li[data-user='{long.user['id']}']", "a")
    assert_fits(page)

    page.open("/friends")
    assert_pictures_beside_names(page, f"#friend-list li[data-user='{long.user['id']}']", ".player-name")
    assert_pictures_beside_names(page, f"#incoming-requests li[data-user='{asking.user['id']}']", ".player-name")
    assert_pictures_beside_names(page, f"#following-list li[data-user='{long.user['id']}']", "a")
    assert_fits(page)

    page.open(f"/game/{game['id']}")
    assert_pictures_beside_names(page, "#players li", ".name")
    assert_fits(page)

    page.open(f"/players/{long.user['id']}")
    page.wait_text("#profile-name", LONG)
    page.wait_text("#profile-rating", "±")
    assert page.driver.execute_script(LINES, "#profile-rating .rating-value") == 1, \
        f"the rating breaks: {page.text('#profile-rating')!r}"
    assert_fits(page)

    page.open("/leaderboard")
    page.click("#leaderboard-tab-weekly_wins")
    assert_pictures_beside_names(page, f"#leaderboard-rows tr[data-user='{long.user['id']}']", "a")
    assert_fits(page)

    page.open(f"/catalogue/{tetris}")
    assert_pictures_beside_names(page, f"#catalogue-game-players li[data-user='{long.user['id']}']", "a.player-link")
    page.wait_text("#catalogue-game-toggle", page.words("catalogue.add"))
    page.click("#catalogue-game-toggle")
    page.wait_text("#catalogue-game-toggle", page.words("catalogue.remove"))
    styles = page.driver.execute_script(
        "const look = (b) => getComputedStyle(b).backgroundColor;"
        "const primary = document.createElement('button'); primary.className = 'primary'; document.body.append(primary);"
        "const shown = [look(document.getElementById('catalogue-game-toggle')), look(primary)]; primary.remove(); return shown")
    assert styles[0] != styles[1], f"Remove from my games looks like the main action: {styles}"
    assert_fits(page)
    assert page.shown_language() == language
    assert page.javascript_errors() == []
