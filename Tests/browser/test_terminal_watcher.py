"""Two people play at terminals (`oxo online` in tmux pseudo-terminals) while a third
watches in the web client: the page follows every move made at the terminals and shows the
win, and what the watcher says in the watchers' room reaches both terminals."""

import re

import pytest

from oxo_api import Api, unique_name
from pages import OxoPage
from conftest import BINARY
from terminal_pane import TMUX, TerminalPane

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (apt-get install tmux): this test types into pseudo-terminals")

WAIT = 30  # generous: four programs and Chromium share a loaded machine


@pytest.fixture
def terminals(server, tmp_path):
    """Opens `oxo online` against the test server in a terminal of its own, each with its own
    configuration folder (where it keeps its token); all are closed after the test."""
    opened = []

    def open_terminal(name):
        pane = TerminalPane(f"{name}-{tmp_path.name}"[:40], [str(BINARY), "online", "--server", server.url],
                            {"XDG_CONFIG_HOME": str(tmp_path / name), "HOME": str(tmp_path),
                             "TERM": "xterm-256color"})
        opened.append(pane)
        return pane

    yield open_terminal
    for pane in opened:
        pane.close()


def answer(pane, *exchanges):
    """Waits for each prompt in turn and types its answer."""
    for prompt, text in exchanges:
        pane.wait_for(prompt, WAIT)
        pane.type(text)


def test_two_terminal_players_play_to_a_win_while_a_web_watcher_follows_and_chats(server, browsers, terminals,
                                                                                   artifacts):
    alice, bob, carol = unique_name("alice"), unique_name("bob"), unique_name("carol")
    Api.register(server.url, username=bob, password="password-bob")
    watcher = OxoPage(browsers(), server.url)
    watcher.register(username=carol, display_name="Carol")

    # Alice registers at her terminal; Bob signs in to the account he has.
    alice_pane, bob_pane = terminals("alice"), terminals("bob")
    answer(alice_pane, ("Sign in (s) or register (r)? >", "r"), ("Username >", alice),
           ("E-mail >", f"{alice}@example.org"), ("Password >", "password-alice"))
    answer(bob_pane, ("Sign in (s) or register (r)? >", "s"), ("Username or e-mail >", bob),
           ("Password >", "password-bob"))
    alice_pane.wait_for(f"OXO · {alice} · online", WAIT)
    bob_pane.wait_for(f"OXO · {bob} · online", WAIT)

    # Alice opens a game; Bob joins it by the code her screen shows.
    alice_pane.type("new x")
    shown = alice_pane.wait_for("Waiting for an opponent: share the code", WAIT)
    code = re.search(r"share the code ([A-Z0-9]+)\.", shown).group(1)
    bob_pane.type(f"join {code}")
    bob_pane.wait_for("you play O", WAIT)
    alice_pane.wait_for("Move 1: your turn (X).", WAIT)

    # Carol finds it among the lobby's live games and watches it; the players see her come.
    row = f"#live-games li[data-code='{code}']"
    watcher.wait_text(row, f"{alice} (X) vs {bob} (O)", WAIT)
    watcher.clickable(f"{row} button", WAIT).click()
    watcher.wait_screen("game")
    watcher.wait_text("#game-role", "You are watching", WAIT)
    watcher.wait_board(".........", WAIT)
    alice_pane.wait_for("1 watching", WAIT)

    # Each move typed at a terminal shows on the watcher's board.
    moves = [(alice_pane, "Move 1: your turn (X).", "a1", "X........"),
             (bob_pane, "Move 2: your turn (O).", "b1", "XO......."),
             (alice_pane, "Move 3: your turn (X).", "b2", "XO..X...."),
             (bob_pane, "Move 4: your turn (O).", "c1", "XOO.X....")]
    for pane, prompt, cell, board in moves:
        pane.wait_for(prompt, WAIT)
        pane.type(cell)
        watcher.wait_board(board, WAIT)

    # The terminals type only in the players' room, which a watcher cannot read; the
    # watchers' room is the one she shares with them, and what she says there reaches both.
    bob_pane.type("say good luck")
    alice_pane.wait_for(f"{bob}: good luck", WAIT)
    watcher.visible("#chat-watchers", WAIT)
    assert not watcher.find_all("#chat-players"), "a watcher has no players' room"
    watcher.visible("#chat-watchers-text", WAIT).send_keys("go alice")
    watcher.click("#chat-watchers-send")
    for pane in (alice_pane, bob_pane):
        pane.wait_for(f"{carol}: go alice", WAIT)
    assert "good luck" not in watcher.text("#chat-watchers-messages"), "the players' room stays theirs"

    # The winning move, and the same win on every screen.
    alice_pane.wait_for("Move 5: your turn (X).", WAIT)
    alice_pane.type("c3")
    watcher.wait_board("XOO.X...X", WAIT)
    watcher.wait_phase("finished", WAIT)
    watcher.wait_text("#game-status", f"{alice} (X) wins.", WAIT)
    assert watcher.winning_line() == ("0-4-8", [0, 4, 8])
    alice_pane.wait_for("X wins with a1-b2-c3. You won!", WAIT)
    bob_pane.wait_for("X wins with a1-b2-c3. You lost.", WAIT)
    assert watcher.javascript_errors() == []

    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    watcher.driver.save_screenshot(str(folder / "terminal-game-watched-on-the-web.png"))
