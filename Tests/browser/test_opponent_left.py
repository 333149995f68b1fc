"""When the opponent's browser goes, the one who stayed sees a countdown and may then
claim the win. The grace period is cut to 3 s for this module's server."""

import pytest

from oxo_api import Api
from pages import registered

OPEN_GAMES = "return [...document.querySelectorAll('#open-games li[data-game]')].map(li => li.dataset.game)"


@pytest.fixture(scope="module")
def server_args():
    return ["--away-grace", "3"]


def test_the_one_who_stayed_sees_the_countdown_and_claims_the_win(server, browsers):
    alice, bob = registered(server, browsers, "Alice", "Bob")
    bob.join_from_lobby(alice.new_game("X"))
    alice.wait_phase("live")
    alice.play(4)
    bob.wait_moves(1)

    # Bob's browser goes away altogether.
    bob.driver.quit()
    alice.wait_text("#away-text", "Bob disconnected. They have 0:0")
    assert not alice.find("#claim-win").is_displayed(), "no claim before the grace period is over"
    alice.wait_text("#away-text", "Bob did not come back. You may claim the win.")
    alice.click("#claim-win")
    alice.wait_phase("finished")
    alice.wait_text("#game-status", "Bob (O) left and did not come back. You win as X!")
    assert alice.javascript_errors() == []


def test_joining_the_game_of_someone_who_left_shows_them_away_and_the_win_may_be_claimed(server, browsers):
    alice, bob = registered(server, browsers, "Alice", "Bob")
    game_id = alice.new_game("X")

    # Carol opens a game too but has no client: hers comes after Alice's, newer though it is.
    carols = Api.register(server.url, display_name="Carol").create_game("O")["id"]
    carol_row = f"#open-games li[data-game='{carols}']"
    bob.visible(carol_row)
    bob.wait(lambda d: d.execute_script(OPEN_GAMES) == [game_id, carols], "the online creator's game first")
    bob.wait_text(carol_row, "Carol is offline")
    assert "offline" not in bob.text(f"#open-games li[data-game='{game_id}']")

    # Alice closes her browser; her game says so, and Bob joins it all the same.
    alice.driver.quit()
    bob.wait_text(f"#open-games li[data-game='{game_id}']", "Alice is offline")
    bob.join_from_lobby(game_id)
    bob.wait_text("#away-text", "Alice disconnected. They have 0:0")
    bob.wait_text("#away-text", "Alice did not come back. You may claim the win.")
    bob.click("#claim-win")
    bob.wait_phase("finished")
    bob.wait_text("#game-status", "Alice (X) left and did not come back. You win as O!")
    assert bob.javascript_errors() == []

