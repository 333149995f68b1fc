"""Profiles and the leaderboard: records and ratings after real games, the rating chart
the page draws, and the boards with the viewer's own row."""

from oxo_api import Api, beat
from pages import OxoPage


def signed_in(server, browsers, display_name):
    page = OxoPage(browsers(), server.url)
    page.register(display_name=display_name)
    token = page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")
    api = Api(server.url, token)
    api.user = {"id": page.user_id()}
    return page, api


def test_the_leaderboard_after_a_few_games(server, browsers):
    page, lola = signed_in(server, browsers, "Lola")
    ann = Api.register(server.url, display_name="Ann")
    ben = Api.register(server.url, display_name="Ben")
    beat(ann, ben)
    beat(ann, lola)
    last = beat(lola, ben)
    # Someone joining a game Lola opened takes her page to it.
    page.wait_js(f"return location.hash === '#/game/{last['id']}'", "taken to the last game")

    page.click("#leaderboard-link")
    page.wait_screen("leaderboard")
    # Nobody has played enough for an established rating yet.
    page.wait_text("#leaderboard-rows", "Nobody has an established rating yet")
    assert page.find("#leaderboard-tab-rating").get_attribute("aria-selected") == "true"
    page.wait_text("#leaderboard-note", "no longer provisional")

    page.click("#leaderboard-tab-weekly_wins")
    page.visible(f"#leaderboard-rows tr[data-user='{ann.user['id']}']")
    rows = page.find_all("#leaderboard-rows tr")
    assert [row.get_attribute("data-user") for row in rows] == [ann.user["id"], lola.user["id"]]
    assert [row.get_attribute("data-rank") for row in rows] == ["1", "2"]
    assert "2" in rows[0].text and "Ann" in rows[0].text
    assert "is-me" in rows[1].get_attribute("class")
    assert not page.find_all("#leaderboard-me tr"), "the viewer's row is on the page, so it is not pinned"
    page.wait_text("#leaderboard-note", "You are number 2.")
    assert page.find("#leaderboard-next").get_attribute("disabled") is not None

    # A name on the board opens that player's profile.
    page.click(f"#leaderboard-rows tr[data-user='{ann.user['id']}'] a.player-link")
    page.wait_screen("profile")
    page.wait_text("#profile-name", "Ann")
    page.wait_text("#profile-record", "2 won · 0 lost · 0 drawn")
    page.wait_text("#profile-series", "you 0 – 1 Ann")
    assert page.javascript_errors() == []


def test_a_profile_shows_the_record_and_draws_the_rating_chart(server, browsers):
    page, lola = signed_in(server, browsers, "Lola")
    ann = Api.register(server.url, display_name="Ann")

    # Before any game: no points, so no line, and a word saying so.
    page.click("#signed-in-as")
    page.wait_screen("profile")
    page.wait_text("#profile-name", "Lola")
    page.wait_text("#profile-chart", "No rated games yet")
    assert page.find("#profile-chart svg").get_attribute("data-points") == "0"
    assert not page.find_all("#profile-chart path")
    page.wait_text("#profile-presence", "Online now")
    assert page.find("[data-slot='history']").get_attribute("data-user") == lola.user["id"]

    beat(lola, ann)
    beat(ann, lola)
    last = beat(lola, ann)
    live = ann.create_game("X")
    lola.join(live["id"])

    # Someone joining a game Lola opened takes her page to it: the last was `last`.
    page.wait_js(f"return location.hash === '#/game/{last['id']}'", "taken to the last game Lola opened")
    page.click("#signed-in-as")
    page.wait_screen("profile")
    page.wait_text("#profile-record", "2 won · 1 lost · 0 drawn")
    page.wait_text("#profile-rating", "provisional")
    svg = page.visible("#profile-chart svg")
    assert svg.get_attribute("data-points") == "3"
    line = page.find("#profile-chart path.chart-line").get_attribute("d")
    assert line.startswith("M") and line.count("L") == 2
    assert len(page.find_all("#profile-chart circle.chart-point")) == 3
    labels = [label.text for label in page.find_all("#profile-chart text.axis-label")]
    assert len(labels) == 4 and all(labels)
    # The game being played is listed, and opens from here.
    page.visible(f"#profile-games li[data-game='{live['id']}']")
    page.click(f"#profile-games li[data-game='{live['id']}'] button")
    page.wait_screen("game")

    # The names in the game link to the players' profiles. (Ann has no client open, so
    # the notice that she is away comes first and moves the names down.)
    page.wait_text("#away-text", "Ann disconnected")
    page.click(".player-name a.player-link[data-user='%s']" % ann.user["id"])
    page.wait_screen("profile")
    page.wait_text("#profile-name", "Ann")
    page.wait_text("#profile-series", "you 2 – 1 Ann")
    assert page.find("#profile-chart svg").get_attribute("data-points") == "3"
    assert page.javascript_errors() == []


def test_one_rated_game_is_a_point_on_a_level_line_and_the_lobby_links_names(server, browsers):
    page, lola = signed_in(server, browsers, "Lola")
    ann_page, ann = signed_in(server, browsers, "Ann")
    beat(ann, lola)
    page.wait_player_online(ann.user["id"])
    page.click(f"#online-players li[data-user='{ann.user['id']}'] a.player-link")
    page.wait_screen("profile")
    page.wait_text("#profile-record", "1 won · 0 lost · 0 drawn")
    assert page.find("#profile-chart svg").get_attribute("data-points") == "1"
    line = page.find("#profile-chart path.chart-line").get_attribute("d")
    assert line.startswith("M") and " H" in line
    assert len(page.find_all("#profile-chart circle.chart-point")) == 1
    assert ann_page.javascript_errors() == [] and page.javascript_errors() == []


def test_the_profile_and_leaderboard_fit_a_phone(server, browsers):
    page = OxoPage(browsers(width=360, height=740), server.url)
    page.register(display_name="Pat")
    page.click("#leaderboard-link")
    page.wait_screen("leaderboard")
    page.visible("#leaderboard-tab-weekly_wins")
    assert page.driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    page.click("#tab-me")  # on a phone one's profile is the tab bar's Me
    page.wait_screen("profile")
    page.visible("#profile-chart svg")
    assert page.driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
