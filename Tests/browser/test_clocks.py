"""Time controls in the web client: a clocked game's clocks count down on the game screen,
and a correspondence game shows its deadline and comes first in My games on your move."""

from oxo_api import Api
from pages import OxoPage


def test_a_one_minute_game_shows_both_clocks_and_the_running_one_counts_down(server, browsers):
    alice = OxoPage(browsers(), server.url)
    alice.register(display_name="Alice")
    game_id = alice.new_game("X", pace="1+0")
    alice.wait_text("#game-mode", "1+0")
    assert alice.find("#game-clocks").get_attribute("hidden") is not None, "no clock before the game starts"

    bob = Api.register(server.url)
    bob.join(game_id)
    alice.wait_phase("live")
    alice.wait_text("#clock-o", "1:00")
    # X's clock runs from the start: within a few seconds it is below a minute.
    alice.wait_js("return /^0:5\\d$/.test(document.getElementById('clock-x').textContent)", "X's clock counts down")
    assert "is-running" in alice.find("#game-clocks [data-mark='X']").get_attribute("class")

    alice.play(4)
    alice.wait_js("return document.querySelector(\"#game-clocks [data-mark='O']\").classList.contains('is-running')",
                  "O's clock runs after X moved")


def test_a_correspondence_game_on_your_move_comes_first_and_shows_its_deadline(server, browsers):
    # Both games are set up before Alice's browser opens: a game that starts takes an open
    # page to it.
    api = Api.register(server.url)
    bob = Api.register(server.url)
    by_post = api.create_game(side="X", time_control={"kind": "correspondence", "days_per_move": 3})
    bob.join(by_post["id"])
    # A newer casual game, also on Alice's move, would come first by age alone.
    casual = api.create_game(side="X")
    bob.join(casual["id"])

    alice = OxoPage(browsers(), server.url)
    alice.sign_in_as(api, path="/")
    alice.wait_js("return document.querySelectorAll('#my-games li[data-game]').length === 2", "both games listed")
    first = alice.find("#my-games li[data-game]").get_attribute("data-game")
    assert first == by_post["id"], "the correspondence game on my move comes first"

    alice.open_game(by_post["id"])
    alice.wait_text("#game-mode", "3 days a move")
    alice.wait_text("#game-deadline", "Move by")
    assert alice.find("#game-clocks").get_attribute("hidden") is not None, "a correspondence game has no clocks"
