"""The page survives a reload and a server restart: it reconnects by itself and
catches up from the last event it saw."""

from oxo_api import Api
from pages import OxoPage


def test_reload_mid_game_and_continue(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register(display_name="Reloader")
    page.new_game("X", mode="computer", level="easy")
    game_id = page.game_id()
    page.play(4)
    page.wait_moves(2)  # the computer answered
    board = page.board()

    page.driver.refresh()
    page.wait_ready()
    page.wait_screen("game")  # still signed in, still on the game
    page.wait_online()
    page.wait_board(board)
    assert page.game_id() == game_id
    page.wait_text("#game-status", "Your turn (X).")

    empty = [i for i, mark in enumerate(page.board()) if mark == "."]
    page.play(empty[0])
    page.wait_moves(4)
    assert page.javascript_errors() == []


def test_a_server_restart_is_caught_up_without_a_reload(server, browsers):
    opponent = Api.register(server.url, display_name="Otto")
    page = OxoPage(browsers(), server.url)
    page.register(display_name="Patience")
    game_id = page.new_game("X")
    opponent.join(game_id)
    page.wait_phase("live")
    page.play(4)
    page.wait_text("#game-status", "Waiting for Otto (O).")
    # Record what the page sends on its sockets from now on.
    page.driver.execute_script(
        "window.__notReloaded = true; window.__sent = [];"
        "const send = WebSocket.prototype.send;"
        "WebSocket.prototype.send = function (data) { window.__sent.push(JSON.parse(data)); return send.call(this, data); };")

    server.stop()
    page.wait_js("return document.body.dataset.connection === 'reconnecting'", "the page noticed")
    page.wait_text("#connection", "Connection lost")
    # Let the backoff grow so the page is between attempts when the server comes back.
    page.wait_js("return /Reconnecting in [2-9]/.test(document.getElementById('connection').textContent)",
                 "a longer backoff", timeout=20)

    server.start()
    opponent.move(game_id, 0)           # played while the page is still away
    page.wait_online(timeout=30)
    page.wait_board("O...X....")
    page.wait_text("#game-status", "Your turn (X).")
    assert page.driver.execute_script("return document.body.dataset.reconnects") == "1"
    page.wait_js("return document.title.startsWith('(1)')", "the title counts the waiting game")
    assert page.driver.execute_script("return window.__notReloaded === true"), "the page reloaded"
    # It resumed each topic from the last sequence number it had seen.
    subscribes = {m["topic"]: m for m in page.driver.execute_script("return window.__sent") if m["type"] == "subscribe"}
    assert {f"game:{game_id}", "lobby", f"user:{page.user_id()}"} <= subscribes.keys()
    assert all(isinstance(m.get("after"), int) for m in subscribes.values()), subscribes

    # Playing on works, and the opponent's next move arrives live.
    page.play(8)
    page.wait_board("O...X...X")
    opponent.move(game_id, 2)
    page.wait_board("O.O.X...X")
    assert page.javascript_errors() == []
