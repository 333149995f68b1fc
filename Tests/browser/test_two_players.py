"""Two people in two browsers play a game to the end while a third watches."""

from oxo_api import Api
from pages import OxoPage


def test_two_players_play_to_a_win_while_a_third_watches(server, browsers):
    alice = OxoPage(browsers(), server.url)
    alice.register(display_name="Alice")
    bob = OxoPage(browsers(), server.url)
    bob.register(display_name="Bob")

    # Alice opens a game as O; it appears in Bob's lobby without a refresh.
    game_id = alice.new_game("O")
    alice.wait_phase("open")
    alice.wait_text("#game-status", "Waiting for an opponent")
    join = bob.visible(f"#open-games li[data-game='{game_id}'] button")
    assert join.text == "Join as X"
    join.click()
    bob.wait_screen("game")
    bob.wait_phase("live")
    bob.wait_text("#game-status", "Your turn (X).")
    alice.wait_phase("live")
    alice.wait_text("#game-status", "Waiting for Bob (X).")

    # Carol finds it among the live games and watches.
    carol = OxoPage(browsers(), server.url)
    carol.register(display_name="Carol")
    watch = carol.visible(f"#live-games li[data-game='{game_id}'] button")
    assert watch.text == "Watch"
    watch.click()
    carol.wait_screen("game")
    carol.wait_text("#game-role", "You are watching")
    for page in (alice, bob, carol):
        page.wait_text("#watchers", "1 watching")
    assert not carol.find_all("#resign:not([hidden])"), "a watcher cannot resign"

    # They play; everyone sees every move as it happens.
    board = ["."] * 9
    for number, (page, cell) in enumerate([(bob, 0), (alice, 3), (bob, 1), (alice, 4), (bob, 2)], start=1):
        page.play(cell)
        board[cell] = "X" if number % 2 else "O"
        for viewer in (alice, bob, carol):
            viewer.wait_board("".join(board))
    assert "".join(board) == "XXXOO...."

    # All three see the result and the winning line drawn through the top row.
    for page in (alice, bob, carol):
        page.wait_phase("finished")
        assert page.winning_line() == ("0-1-2", [0, 1, 2])
    bob.wait_text("#game-status", "You win as X!")
    alice.wait_text("#game-status", "Bob (X) wins.")
    carol.wait_text("#game-status", "Bob (X) wins.")

    # The watcher had no play rights at any point: the server agrees on the result.
    final = Api(server.url, None)
    final.token = alice.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")
    game = final.game(game_id)
    assert game["board"] == "XXXOO...." and game["result"]["winner"] == "X" and game["result"]["line"] == [0, 1, 2]
    for page in (alice, bob, carol):
        assert page.javascript_errors() == []
