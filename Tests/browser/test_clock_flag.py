"""A 1+0 game played to a flag in two browsers, on a server whose clock stands still and
moves only when the test says (`oxo serve --test-clock`), so nobody waits a minute. (A
correspondence deadline that passes while the server is down: test_correspondence_restart.py.)"""

import pytest

from oxo_api import Api, ApiError
from pages import registered

ADMIN_TOKEN = "c" * 32


@pytest.fixture(scope="module")
def server_args():
    return ["--test-clock", "--admin-token", ADMIN_TOKEN]


def advance(server, seconds):
    return Api(server.url, ADMIN_TOKEN).call("POST", "/v1/admin/clock", {"advance_seconds": seconds})


def test_a_one_minute_game_runs_out_and_both_screens_show_it(server, browsers):
    alice, bob = registered(server, browsers, "Alice", "Bob")
    game_id = alice.new_game("X", pace="1+0")
    bob.join_from_lobby(game_id)
    alice.wait_phase("live")
    alice.play(4)
    bob.play(0)
    alice.play(8)
    # Bob thinks for a minute and a second, on the server's clock.
    advance(server, 61)
    for page in (alice, bob):
        page.wait_phase("finished")
    alice.wait_text("#game-status", "Bob (O) ran out of time. You win as X!")
    bob.wait_text("#game-status", "Your time ran out. Alice (X) wins.")
    assert alice.javascript_errors() == [] and bob.javascript_errors() == []


def test_the_clock_moves_only_with_the_admin_token(server):
    player = Api.register(server.url)
    with pytest.raises(ApiError) as refused:
        Api(server.url, player.token).call("POST", "/v1/admin/clock", {"advance_seconds": 1})
    assert refused.value.status == 401
    before = advance(server, 1)["now"]
    assert advance(server, 1)["now"] > before
