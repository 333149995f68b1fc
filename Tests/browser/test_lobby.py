"""The lobby lives on the socket: games appear, start and end without a refresh, and
the title counts the games waiting for the user's move."""

from oxo_api import Api
from pages import OxoPage


def test_the_lobby_updates_live_and_the_title_counts_my_turns(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register(display_name="Lola")
    me = page.user_id()
    token = page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")
    lola = Api(server.url, token)
    page.wait_text("#open-games", "Nobody is waiting")

    # A listed game appears among the open ones; a private one does not.
    ann = Api.register(server.url, display_name="Ann")
    listed = ann.create_game("X")
    hidden = ann.create_game("O", listed=False)
    page.visible(f"#open-games li[data-game='{listed['id']}']")
    page.wait_text(f"#open-games li[data-game='{listed['id']}']", "Ann plays X")
    assert not page.find_all(f"#open-games li[data-game='{hidden['id']}']")

    # Someone joins it: it moves to the live games.
    ben = Api.register(server.url, display_name="Ben")
    ben.join(listed["id"])
    page.visible(f"#live-games li[data-game='{listed['id']}']")
    page.wait(lambda d: not page.find_all(f"#open-games li[data-game='{listed['id']}']"), "gone from open games")

    # Two games of mine at once; the title counts those where it is my move.
    first = lola.create_game("O")
    second = lola.create_game("O")
    page.visible(f"#my-games li[data-game='{first['id']}']")
    page.visible(f"#my-games li[data-game='{second['id']}']")
    # Someone joining a game of mine takes me to it; back to the lobby each time.
    for game, opponent in [(first, ann), (second, ben)]:
        opponent.join(game["id"])
        page.wait_js(f"return location.hash === '#/game/{game['id']}'", "taken to the game joined")
        page.wait_phase("live")
        page.click("#back-to-lobby")
        page.wait_screen("lobby")
    page.wait_text(f"#my-games li[data-game='{first['id']}']", "Ann's turn")
    assert page.driver.execute_script("return document.title") == "OXO"
    ann.move(first["id"], 0)
    page.wait_text(f"#my-games li[data-game='{first['id']}']", "Your turn")
    page.wait_js("return document.title === '(1) Your turn · OXO'", "one game waiting")
    ben.move(second["id"], 4)
    page.wait_js("return document.title === '(2) Your turn · OXO'", "two games waiting")

    # Answering one from its screen brings the count down.
    page.click(f"#my-games li[data-game='{first['id']}'] button")
    page.wait_screen("game")
    page.wait_board("X........")
    page.play(4)
    page.wait_js("return document.title === '(1) Your turn · OXO'", "one game waiting")

    # A finished listed game leaves the live list.
    ann.move(listed["id"], 0)
    ben.move(listed["id"], 3)
    ann.move(listed["id"], 1)
    ben.move(listed["id"], 4)
    ann.move(listed["id"], 2)
    page.click("#back-to-lobby")
    page.wait_screen("lobby")
    page.wait(lambda d: not page.find_all(f"#live-games li[data-game='{listed['id']}']"), "gone from live games")
    assert me and page.javascript_errors() == []


def test_join_by_code_of_a_game_in_play_watches_it(server, browsers):
    ann = Api.register(server.url, display_name="Ann")
    ben = Api.register(server.url, display_name="Ben")
    # Listed: a private game in play is its players' alone, code or not.
    game = ann.create_game("X", listed=True)
    ben.join(game["id"])
    ann.move(game["id"], 4)
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(Api.register(server.url))
    page.find("#join-code").send_keys(game["code"])
    page.find("#join-code-form button[type=submit]").click()
    page.wait_screen("game")
    page.wait_board("....X....")
    page.wait_text("#game-role", "You are watching")
    ben.move(game["id"], 0)
    page.wait_board("O...X....")
    assert ann.game(game["id"])["watchers"] == 1
