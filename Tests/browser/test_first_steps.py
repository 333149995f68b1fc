"""What a new player meets first: being taken to the game when someone joins, taking
back an open game, hints only where they belong, refusals in the page's own words,
even small boards and buttons whose spoken name is the one shown."""

from oxo_api import Api
from pages import OxoPage, registered

HIDE_TAB = ("Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
            "Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
            "document.dispatchEvent(new Event('visibilitychange'))")
SHOW_TAB = ("delete document.hidden; delete document.visibilityState;"
            "document.dispatchEvent(new Event('visibilitychange'))")


def test_the_creator_waiting_in_the_lobby_is_taken_to_the_game_when_someone_joins(server, browsers):
    alice = OxoPage(browsers(), server.url)
    alice.register(display_name="Alice")
    game_id = alice.new_game("X")
    alice.click("#back-to-lobby")
    alice.wait_screen("lobby")
    alice.visible(f"#my-games li[data-game='{game_id}']")
    alice.driver.execute_script(HIDE_TAB)

    Api.register(server.url, display_name="Bob").join(game_id)
    alice.wait_screen("game")
    assert alice.game_id() == game_id
    alice.wait_phase("live")
    alice.wait_js("return document.title === 'Your game has started · OXO'", "the hidden tab's title flashes")

    alice.driver.execute_script(SHOW_TAB)
    alice.wait_js("return document.title === '(1) Your turn · OXO'", "the title is still once the tab is seen")
    alice.wait_text("#game-status", "Your turn (X).")
    assert alice.javascript_errors() == []


def test_the_creator_cancels_an_open_game_and_it_leaves_every_lobby(server, browsers):
    alice, bob = registered(server, browsers, "Alice", "Bob")
    game_id = alice.new_game("O")
    bob.visible(f"#open-games li[data-game='{game_id}']")

    alice.wait_text("#game-status", "Waiting for an opponent")
    alice.click("#cancel-game")
    alice.wait_screen("lobby")
    bob.wait(lambda d: not bob.find_all(f"#open-games li[data-game='{game_id}']"), "gone from Bob's open games")
    alice.wait(lambda d: not alice.find_all(f"#my-games li[data-game='{game_id}']"), "gone from Alice's games")
    assert alice.javascript_errors() == [] and bob.javascript_errors() == []


def test_hints_are_for_finished_games_and_the_computer_not_against_a_person(server, browsers):
    alice, bob = registered(server, browsers, "Alice", "Bob")
    bob.join_from_lobby(alice.new_game("X"))
    alice.wait_phase("live")
    alice.play(4)
    bob.wait_moves(1)
    for page in (alice, bob):
        assert not page.find("#hint").is_displayed(), "no hint while two people play"

    # Once the game is over, either player may look back at the position it stopped at.
    bob.click("#resign")
    bob.click("#confirm-resign")
    alice.wait_phase("finished")
    alice.click("#hint")
    alice.wait_text("#hint-text", "Best moves: top left (1), top right (3), bottom left (7), bottom right (9).")


def test_an_occupied_cell_is_named_as_the_page_shows_it(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    page.new_game("X", mode="pass_and_play")
    page.play(3)
    page.cell(3).click()
    page.wait_text("#game-refusal", "The middle-left cell is already taken.")


def test_the_small_boards_have_rows_of_one_height(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    me = Api(server.url, page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token"))
    ann = Api.register(server.url, display_name="Ann")
    game = ann.create_game("X", listed=False)
    me.join(game["id"])
    ann.move(game["id"], 0)  # a mark in the top row, the other two rows empty
    row = f"#my-games li[data-game='{game['id']}']"
    page.wait_text(row, "Your turn")
    heights = page.driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(c => c.getBoundingClientRect().height)",
        f"{row} .mini-cell")
    assert len(heights) == 9 and max(heights) - min(heights) < 0.5, heights


def test_the_ok_on_a_closed_challenge_is_heard_as_ok(server, browsers):
    alice, bob = registered(server, browsers, "Alice", "Bob")
    alice.challenge(bob.user_id(), "X")
    bob.click(".toast[data-direction='received'] button:not(.primary)")
    alice.visible(".toast[data-direction='made'][data-state='declined'] button")
    button = alice.find(".toast[data-direction='made'] button")
    assert button.text == "OK"
    assert button.accessible_name == "OK"


LAST_MARKED = "return [...document.querySelectorAll('#board .cell.last')].map(c => Number(c.dataset.cell))"


def test_the_last_move_stays_marked_and_the_moves_are_listed(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    page.new_game("X", mode="pass_and_play")
    page.play(4)
    page.play(0)
    page.wait_text("#move-list", "2. a1 O")
    assert page.text("#move-list") == "1. b2 X\n2. a1 O"
    assert page.driver.execute_script(LAST_MARKED) == [0]
    assert "last move" in page.cell(0).get_attribute("aria-label")

    # After a reload nothing has just arrived, and the last move is marked all the same.
    page.driver.refresh()
    page.wait_ready()
    page.wait_moves(2)
    assert page.driver.execute_script(LAST_MARKED) == [0]
    assert page.text("#move-list") == "1. b2 X\n2. a1 O"


def test_games_are_worded_as_a_person_would_say_them(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register(display_name="Sam")

    # The computer has a name of its own, so the result has no brackets in brackets.
    page.new_game("O", mode="computer", level="perfect")
    page.wait_text("#players", "Perfect computer")
    page.click("#resign")
    page.click("#confirm-resign")
    page.wait_text("#game-status", "You resigned. Perfect computer (X) wins.")

    # Pass and play is called so, not Sam against Sam.
    page.click("#back-to-lobby")
    solo = page.new_game("X", mode="pass_and_play")
    page.click("#back-to-lobby")
    page.wait_text(f"#my-games li[data-game='{solo}'] .game-row-title", "Pass and play")

    # The share link carries the six-character code; a watcher is shown no keys to press.
    game = Api.register(server.url, display_name="Ann").create_game("X")
    page.open_game(game["id"])
    page.wait_js(f"return document.getElementById('game-link').value.endsWith('#/game/{game['code']}')", "a link with the code")
    assert not page.find("#keys").is_displayed()
    page.open_game(solo)
    page.visible("#keys")


def test_who_is_looking_for_a_game_shows_in_the_list_and_on_play_random(server, browsers):
    alice, bob = registered(server, browsers, "Alice", "Bob")
    alice_row = f"#online-players li[data-user='{alice.user_id()}']"
    bob.wait_text(alice_row, "in the lobby")
    bob.wait_text("#play-random", "Play random")
    assert "waiting" not in bob.text("#play-random")

    alice.click("#play-random")
    alice.wait_text("#random-status", "Looking for an opponent")
    bob.wait_text(alice_row, "looking for a game")
    bob.wait_text("#play-random", "Play random · 1 waiting")
    assert bob.find("#play-random").accessible_name == "Play random · 1 waiting"

    bob.click("#play-random")
    bob.wait_screen("game")
    alice.wait_screen("game")
    alice.click("#back-to-lobby")
    alice.wait_screen("lobby")
    alice.wait_text(f"#online-players li[data-user='{bob.user_id()}']", "playing")
    assert alice.text("#play-random") == "Play random"


def test_a_watcher_is_told_of_the_rematch_and_follows_the_players_into_it(server, browsers):
    alice = Api.register(server.url, display_name="Alice")
    bob = Api.register(server.url, display_name="Bob")
    game = alice.create_game("X")
    bob.join(game["id"])
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(Api.register(server.url, display_name="Walter"), f"/game/{game['id']}")
    page.wait_game_loaded()
    page.wait_text("#game-role", "You are watching")
    for player, cell in [(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)]:
        player.move(game["id"], cell)
    page.wait_phase("finished")

    alice.call("POST", f"/v1/games/{game['id']}/rematch")
    page.wait_text("#rematch-text", "Alice offers Bob a rematch.")
    rematch = bob.call("POST", f"/v1/games/{game['id']}/rematch")["rematch"]["game"]
    page.wait_text("#rematch-text", "Alice and Bob are playing again, sides swapped.")
    page.click("#rematch")
    page.wait_js(f"return location.hash === '#/game/{rematch}'", "on the rematch")
    page.wait_phase("live")
    page.wait_text("#game-role", "You are watching")
