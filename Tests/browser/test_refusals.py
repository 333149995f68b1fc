"""The server decides: a move it refuses is shown in its words and changes nothing."""

import pytest

from oxo_api import Api, ApiError
from pages import OxoPage


def test_an_out_of_turn_move_shows_the_servers_message_and_changes_nothing(server, browsers):
    xavier = Api.register(server.url, display_name="Xavier")
    olive = Api.register(server.url, display_name="Olive")
    game = xavier.create_game("X", listed=False)

    # Olive joins the private game by its code.
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(olive)
    page.find("#join-code").send_keys(game["code"].lower())
    page.find("#join-code-form button[type=submit]").click()
    page.wait_screen("game")
    page.wait_phase("live")
    assert page.game_id() == game["id"]
    page.wait_text("#game-status", "Waiting for Xavier (X).")

    # What the server says to anyone who moves out of turn.
    with pytest.raises(ApiError) as refused:
        olive.move(game["id"], 0, move_number=1)
    assert refused.value.code == "not_your_turn"
    message = refused.value.body["error"]["message"]

    # Olive presses the centre while it is X's turn.
    page.cell(4).click()
    page.wait_text("#game-refusal", message)
    assert page.find("#game-refusal").get_attribute("data-code") == "not_your_turn"
    assert page.board() == "........."
    assert page.moves_shown() == 0
    assert xavier.game(game["id"])["moves"] == []

    # Xavier moves; the refusal goes away and the move appears.
    xavier.move(game["id"], 4)
    page.wait_board("....X....")
    page.wait(lambda d: page.refusal() == "", "the old refusal cleared")
    page.wait_text("#game-status", "Your turn (O).")

    # An occupied cell: refused in the server's words too, and nothing changes.
    page.cell(4).click()
    page.wait(lambda d: page.refusal() != "", "a refusal")
    assert page.find("#game-refusal").get_attribute("data-code") == "cell_occupied"
    assert page.board() == "....X...."

    # A legal move still works after the refusals.
    page.play(0)
    page.wait_board("O...X....")
    assert xavier.game(game["id"])["board"] == "O...X...."
    assert page.javascript_errors() == []


def test_a_watcher_cannot_move(server, browsers):
    xavier = Api.register(server.url)
    olive = Api.register(server.url)
    game = xavier.create_game("X")
    olive.join(game["id"])

    watcher = Api.register(server.url, display_name="Walter")
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(watcher, f"/game/{game['id']}")
    page.wait_game_loaded()
    page.wait_text("#game-role", "You are watching")
    page.cell(4).click()
    page.wait_text("#game-refusal", "only its players can move")
    assert page.board() == "........."
    assert xavier.game(game["id"])["moves"] == []
