"""examples/ against a real server: the curl script plays a whole game, the Python bot beats
a random player and carries on across a restart of the server."""
import re
import subprocess
import time

import pytest

from conftest import EXAMPLES, Client


@pytest.mark.parametrize("sign_in", ["tokens", "passwords"])
def test_curl_script_plays_a_whole_game(server, sign_in):
    x, o = Client.register(server, "xavier"), Client.register(server, "olga")
    if sign_in == "tokens":
        credentials = [x.access_token(["read", "play"]), o.access_token(["read", "play"])]
    else:
        credentials = [f"{x.username}:{x.password}", f"{o.username}:{o.password}"]
    run = subprocess.run(["bash", str(EXAMPLES / "curl-game.sh"), server.url, *credentials],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"curl-game.sh failed ({run.returncode}):\n{run.stdout}\n{run.stderr}"

    found = re.search(r"^game ([0-9a-f-]{36})$", run.stdout, re.M)
    assert found, f"curl-game.sh named no game:\n{run.stdout}"
    game = x.get(f"/v1/games/{found[1]}")
    assert game["phase"] == "finished", game
    assert game["result"]["reason"] in ("line", "draw"), game["result"]
    assert [p["player"]["username"] for p in (game["x"], game["o"])] == ["xavier", "olga"]
    # What it printed: each move, the final board and the result the server holds.
    assert len(re.findall(r"^[XO] plays [0-8]$", run.stdout, re.M)) == len(game["moves"]), run.stdout
    board = "".join(run.stdout.splitlines()[-4:-1])
    assert board == game["board"], run.stdout
    expected = "draw" if "winner" not in game["result"] else f"{game['result']['winner']} wins, line"
    assert run.stdout.splitlines()[-1] == f"result: {expected}", run.stdout


def outcome(game, bot_id):
    """won, drew or lost, for the bot."""
    mark = "X" if game["x"]["player"]["id"] == bot_id else "O"
    winner = game["result"].get("winner")
    return "drew" if winner is None else "won" if winner == mark else "lost"


def test_python_bot_beats_a_random_player(server, bot, random_player):
    results = []
    for number in range(10):
        side = "X" if number % 2 == 0 else "O"  # the random player's; the bot plays both
        game_id = random_player.challenge(bot.id, side)
        game = random_player.play(game_id)
        assert game["result"]["reason"] in ("line", "draw"), game["result"]
        results.append(outcome(bot.get(f"/v1/games/{game_id}"), bot.id))
    print("the bot against the random player:", results)
    assert "lost" not in results, results
    assert results.count("won") > len(results) // 2, results


@pytest.mark.parametrize("variant", ["four", "gomoku", "ultimate"])
def test_python_bot_plays_the_other_variants_legally(server, bot, random_player, variant):
    game_id = random_player.challenge(bot.id, "X", variant=variant)
    game = random_player.play(game_id, timeout=90)
    assert game["variant"] == variant
    assert game["result"]["reason"] in ("line", "draw"), game["result"]
    log = bot.log_path.read_text()
    assert not re.search(r"move \d+ at \d+ refused", log), log  # every move it sent was legal
    if variant != "ultimate":  # a heuristic there, which a random player beats about 1 game in 100
        assert outcome(game, bot.id) != "lost", game


def test_python_bot_resumes_its_streams_across_a_server_restart(server, bot, random_player):
    restarted = []

    def restart_after_the_bots_first_move(game):
        # X (the random player) has played and the bot has answered: stop the server
        # before X's second move, and start it again on the same data file and port.
        if len(game["moves"]) == 2 and not restarted:
            restarted.append(True)
            server.stop()
            time.sleep(1)  # the bot finds the server gone and tries again meanwhile
            server.start()

    game_id = random_player.challenge(bot.id, "X")
    random_player.play(game_id, on_game=restart_after_the_bots_first_move)
    assert restarted, "the game ended before the restart"
    game = bot.get(f"/v1/games/{game_id}")
    assert game["phase"] == "finished" and len(game["moves"]) >= 5, game
    assert outcome(game, bot.id) != "lost", game["result"]

    log = bot.log_path.read_text()
    assert re.search(rf"game {game_id[:8]}: resumed with after=\d+", log), log
    assert re.search(r"account: resumed with after=\d+", log), log

    # The account's stream resumed too: the bot answers a challenge made after the restart.
    again = random_player.challenge(bot.id, "O")
    assert outcome(random_player.play(again), bot.id) != "lost"
