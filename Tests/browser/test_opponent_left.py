"""When the opponent's browser goes, the one who stayed sees a countdown and may then
claim the win. The grace period is cut to 3 s for this module's server."""

import pytest

from pages import OxoPage


@pytest.fixture(scope="module")
def server_args():
    return ["--away-grace", "3"]


def test_the_one_who_stayed_sees_the_countdown_and_claims_the_win(server, browsers):
    alice = OxoPage(browsers(), server.url)
    alice.register(display_name="Alice")
    bob_driver = browsers()
    bob = OxoPage(bob_driver, server.url)
    bob.register(display_name="Bob")

    game_id = alice.new_game("X")
    bob.click(f"#open-games li[data-game='{game_id}'] button")
    bob.wait_phase("live")
    alice.wait_phase("live")
    alice.play(4)
    bob.wait_moves(1)

    # Bob's browser goes away altogether.
    bob_driver.quit()
    alice.wait_text("#away-text", "Bob disconnected. They have 0:0")
    assert not alice.find("#claim-win").is_displayed(), "no claim before the grace period is over"
    alice.wait_text("#away-text", "Bob did not come back. You may claim the win.")
    alice.click("#claim-win")
    alice.wait_phase("finished")
    alice.wait_text("#game-status", "Bob (O) left and did not come back. You win as X!")
    assert alice.javascript_errors() == []
