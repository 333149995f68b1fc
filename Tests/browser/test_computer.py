"""Against the server's computer: the perfect level never loses, whatever the human does;
hints come from the engine on the server."""

import random

from oxo_api import Api
from pages import OxoPage


def play_randomly_to_the_end(page, rng):
    while page.phase() == "live":
        if "Your turn" not in page.status():
            page.wait(lambda d: "Your turn" in page.status() or page.phase() != "live", "the computer's answer")
            continue
        empty = [i for i, mark in enumerate(page.board()) if mark == "."]
        page.play(rng.choice(empty))
        assert page.refusal() == "", page.refusal()


def test_the_perfect_computer_never_loses_to_random_moves(server, browsers):
    seed = random.randrange(1_000_000)
    rng = random.Random(seed)
    page = OxoPage(browsers(), server.url)
    page.register(display_name="Randy")
    token = page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")
    api = Api(server.url, token)

    for round_number, side in enumerate(["X", "O", "X", "O"]):
        if round_number:
            page.click("#back-to-lobby")  # the side alternates: a new game from the lobby
        page.new_game(side, mode="computer", level="perfect")
        game_id = page.game_id()
        page.wait_text("#players", "Perfect computer")
        if side == "O":
            page.wait_moves(1)  # the computer opens as X
        play_randomly_to_the_end(page, rng)
        page.wait_phase("finished")
        game = api.game(game_id)
        winner = game["result"].get("winner")
        assert winner in (None, "O" if side == "X" else "X"), f"the human won as {side} (seed {seed})"
        if winner:
            page.wait_text("#game-status", f"Perfect computer ({winner}) wins.")
            line, cells = page.winning_line()
            assert cells == game["result"]["line"] and line == "-".join(map(str, cells))
        else:
            page.wait_text("#game-status", "draw")
    assert page.javascript_errors() == []


def test_play_again_and_the_hint_shows_the_engines_best_move(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    page.new_game("X", mode="pass_and_play")
    page.wait_text("#players", "you (both)")
    page.play(0)   # X
    page.play(1)   # O
    page.play(4)   # X threatens 0-4-8; O's only good move is 8
    page.wait_text("#game-status", "O to move.")
    game_id = page.game_id()
    token = page.driver.execute_script("return JSON.parse(localStorage.getItem('oxo.session')).token")
    best = Api(server.url, token).call("GET", f"/v1/games/{game_id}/hint")["best"]
    assert best == [8]

    page.click("#hint")
    page.wait_text("#hint-text", "Best move: bottom right (9).")
    assert [int(c.get_attribute("data-cell")) for c in page.find_all("#board .cell.hint")] == [8]
    assert "hint: best move" in page.cell(8).get_attribute("aria-label")

    page.play(8)   # the hint goes away with the move
    page.wait(lambda d: not page.find_all("#board .cell.hint"), "hint cleared")

    # Resign (the side to move, X, gives up) and start another one with Play again.
    page.click("#resign")
    page.click("#confirm-resign")
    page.wait_phase("finished")
    page.wait_text("#game-status", "resigned")
    page.click("#play-again")
    page.wait(lambda d: page.game_id() != game_id, "a new game")
    page.wait_phase("live")
    assert page.board() == "........."
