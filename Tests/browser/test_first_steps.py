"""What a new player meets first: being taken to the game when someone joins, and
taking back an open game."""

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
