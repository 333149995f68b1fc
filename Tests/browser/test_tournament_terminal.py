"""An arena between a web player and a terminal player (`oxo online` in a tmux
pseudo-terminal), on a server whose clock the test moves past the start: the game the arena
pairs them into opens by itself on both, the page and the terminal, and is played out
there, the page clicking and the terminal typing cells; the page's standings then give the
winner a win's 2 points."""

from datetime import datetime, timedelta

import pytest

from oxo_api import Api, unique_name
from pages import OxoPage
from conftest import BINARY
from terminal_pane import TMUX, TerminalPane

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (apt-get install tmux): this test types into pseudo-terminals")

ADMIN_TOKEN = "t" * 32
WAIT = 30
# X takes a1, b2, c3 (the cells 0, 4, 8); O answers b1 and c1.
MOVES = [(0, "a1"), (1, "b1"), (4, "b2"), (2, "c1"), (8, "c3")]


@pytest.fixture(scope="module")
def server_args():
    return ["--test-clock", "--admin-token", ADMIN_TOKEN]


def advance(server, seconds):
    return Api(server.url, ADMIN_TOKEN).call("POST", "/v1/admin/clock", {"advance_seconds": seconds})["now"]


def test_an_arena_game_opens_by_itself_in_a_page_and_a_terminal(server, browsers, tmp_path):
    bob_name = unique_name("bob")
    bob = Api.register(server.url, username=bob_name, display_name="Bob", password="password-bob")
    ann = OxoPage(browsers(), server.url)
    ann.register(display_name="Ann")

    pane = TerminalPane(f"bob-{tmp_path.name}"[:40], [str(BINARY), "online", "--server", server.url],
                        {"XDG_CONFIG_HOME": str(tmp_path / "bob"), "HOME": str(tmp_path), "TERM": "xterm-256color"})
    try:
        for prompt, text in [("Sign in (s) or register (r)? >", "s"), ("Username or e-mail >", bob_name),
                             ("Password >", "password-bob")]:
            pane.wait_for(prompt, WAIT)
            pane.type(text)
        pane.wait_for(f"OXO · {bob_name} · online", WAIT)

        # Bob runs an arena starting in a minute on the server's clock and joins it; Ann joins on its page.
        now = advance(server, 1)
        starts = now.replace("Z", "+00:00")
        starts_at = (datetime.fromisoformat(starts) + timedelta(seconds=60)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        arena = bob.call("POST", "/v1/tournaments", {
            "kind": "arena", "name": "Terminal Arena", "time_control": {"kind": "clock", "initial_seconds": 300,
                                                                         "increment_seconds": 0},
            "starts_at": starts_at, "duration_minutes": 20})
        bob.call("POST", f"/v1/tournaments/{arena['id']}/join", {})
        ann.open(f"/tournament/{arena['id']}")
        ann.click("#tournament-join")
        ann.wait_text("#tournament-you-status", "You are playing")

        # Past the start the timer pairs them at its next look: the game opens by itself on both.
        advance(server, 61)
        for attempt in range(5):
            if "A game started: you play" in pane.screen():
                break
            try:
                pane.wait_for("A game started: you play", 4)
            except AssertionError:
                if attempt == 4:
                    raise
                advance(server, 3)
        ann.wait_screen("game")
        ann.wait_phase("live")
        game_id = ann.game_id()
        game = bob.game(game_id)
        ann_is_x = game["x"]["player"]["id"] != bob.user["id"]
        pane.wait_for(f"you play {'O' if ann_is_x else 'X'}", WAIT)

        for number, (cell, name) in enumerate(MOVES, start=1):
            ann_moves = (number % 2 == 1) == ann_is_x
            if ann_moves:
                ann.wait_moves(number - 1)
                ann.play(cell)
            else:
                pane.wait_for(f"Move {number}: your turn", WAIT)
                pane.type(name)
                ann.wait_moves(number)
        ann.wait_phase("finished")
        pane.wait_for("X wins with a1-b2-c3. You " + ("lost." if ann_is_x else "won!"), WAIT)

        # The page's standings: the winner has a win's 2 points, the other none.
        ann.open(f"/tournament/{arena['id']}")
        winner = ann.user_id() if ann_is_x else bob.user["id"]
        ann.wait_js("const row = document.querySelector('#tournament-standings tbody tr[data-player]');"
                    f"return row && row.dataset.player === '{winner}' && row.dataset.points === '2'",
                    "the winner first with 2 points", WAIT)
        pane.type("quit")
        pane.wait_for("[exited 0]", WAIT)
    finally:
        pane.close()
