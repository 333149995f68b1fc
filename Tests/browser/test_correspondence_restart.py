"""A correspondence game whose deadline passes while the server is down: two players in
Chromium, the server stopped after Alice's move and started again two days later on its
clock (`oxo serve --test-clock --test-clock-start`), and both pages, reconnected by
themselves, show that Bob's day ran out."""

import pytest

from oxo_api import Api
from pages import OxoPage

ADMIN_TOKEN = "d" * 32
CLOCK = ["--test-clock", "--admin-token", ADMIN_TOKEN, "--test-clock-start"]


@pytest.fixture(scope="module")
def server_args():
    return CLOCK + ["2030-01-01T00:00:00Z"]


def test_a_deadline_that_passes_while_the_server_is_down_ends_the_game_on_both_screens(server, browsers):
    alice_api, bob_api = Api.register(server.url), Api.register(server.url)
    game = alice_api.create_game(side="X", time_control={"kind": "correspondence", "days_per_move": 1})
    bob_api.join(game["id"])
    alice, bob = OxoPage(browsers(), server.url), OxoPage(browsers(), server.url)
    alice.sign_in_as(alice_api, path="/")
    bob.sign_in_as(bob_api, path="/")
    for page in (alice, bob):
        page.open_game(game["id"])
        page.wait_text("#game-mode", "1 day a move")
    alice.play(4)
    bob.wait_text("#game-deadline", "Move by")

    # Two days later on the server's clock: Bob's day ran out while it was down.
    server.stop()
    server.extra_args = CLOCK + ["2030-01-03T00:00:00Z"]
    server.start()
    # The clock stands still, and its timers with it, until told to move.
    Api(server.url, ADMIN_TOKEN).call("POST", "/v1/admin/clock", {"advance_seconds": 1})

    for page in (alice, bob):
        page.wait_phase("finished")
    alice.wait_text("#game-status", "ran out of time. You win as X!")
    bob.wait_text("#game-status", "Your time ran out.")
    assert alice.javascript_errors() == [] and bob.javascript_errors() == []
