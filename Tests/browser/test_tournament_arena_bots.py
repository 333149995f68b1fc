"""An arena that allows bots, played to its end by four real Chromium users and two bots
(`oxo bot` processes playing perfectly), on a server whose clock moves only when the test
says: the bots join through the API, the people on the tournament's page. Each wave pairs
the six into three games; a person's game opens by itself in their page and is played there
by clicking (against a bot, always the first empty cell), the bots play their own games.
After three waves the clock passes the end, and the page's standings are checked against
points worked out here by hand from each game's result."""

import os
import subprocess
import time

import pytest

from conftest import BINARY
from oxo_api import Api, unique_name
from pages import registered
from test_tournament_arena import (ADMIN_TOKEN, X_WINS, advance, api_of, hand_points, parse_time, play_out, standings_shown,
                                   streak_of)

WAVES = 3
WAIT = 30


@pytest.fixture(scope="module")
def server_args():
    return ["--test-clock", "--admin-token", ADMIN_TOKEN]


def bot_account(server, name):
    """A bot made as an operator makes it, signed in through the API."""
    username = unique_name(name.lower())
    account = Api(server.url, ADMIN_TOKEN).call("POST", "/v1/admin/bots", {"username": username, "display_name": name})
    grant = Api(server.url).call("POST", "/v1/sessions", {"login": username, "password": account["password"]})
    api = Api(server.url, grant["token"])
    api.user = grant["user"]
    api.password = account["password"]
    return api


def start_bot(server, bot):
    return subprocess.Popen(
        [str(BINARY), "bot", "--server", server.url, "--name", bot.user["username"], "--level", "perfect", "--delay", "0"],
        env={**os.environ, "OXO_BOT_PASSWORD": bot.password}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_until(condition, what, timeout=WAIT):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.2)


def test_an_arena_with_bots_is_played_to_its_end_and_its_standings_are_as_counted_by_hand(server, browsers, artifacts):
    people = ["Ann", "Ben", "Cat", "Dan"]
    pages = dict(zip(people, registered(server, browsers, *people)))
    apis = {name: api_of(server, page) for name, page in pages.items()}
    bots = {name: bot_account(server, name) for name in ["Robot", "Droid"]}
    apis.update(bots)
    names_by_id = {api.user["id"]: name for name, api in apis.items()}
    processes = [start_bot(server, bot) for bot in bots.values()]
    try:
        starts = (parse_time(advance(server, 1)).timestamp() + 120)
        arena = apis["Ann"].call("POST", "/v1/tournaments", {
            "kind": "arena", "name": "Bots Welcome", "time_control": {"kind": "clock", "initial_seconds": 300, "increment_seconds": 0},
            "starts_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(starts)), "duration_minutes": 20, "bots_allowed": True})
        tournament = arena["id"]
        for bot in bots.values():
            bot.call("POST", f"/v1/tournaments/{tournament}/join", {})
        for page in pages.values():
            page.open(f"/tournament/{tournament}")
            page.click("#tournament-join")
            page.wait_text("#tournament-you-status", "You are playing")
        pages["Ann"].wait_js("return document.querySelectorAll('#tournament-standings tbody tr[data-player]').length === 6",
                             "four people and two bots in the standings")
        # The arena pairs only players who are online: the bots' streams are open.
        online = lambda: {entry["player"]["id"] for entry in apis["Ann"].call("GET", "/v1/players/online")["players"]}  # noqa: E731
        wait_until(lambda: all(bot.user["id"] in online() for bot in bots.values()), "both bots online")

        results = {name: [] for name in apis}
        played = set()
        advance(server, 121)
        for wave in range(1, WAVES + 1):
            games = wait_for_wave(server, apis, played)
            for game in games:
                x, o = names_by_id[game["x"]["player"]["id"]], names_by_id[game["o"]["player"]["id"]]
                if x in pages and o in pages:
                    play_out(pages[x], pages[o], X_WINS)
                elif x in pages or o in pages:
                    person = x if x in pages else o
                    play_against_bot(pages[person], apis[person], game["id"], "X" if person == x else "O")
                finished = wait_until(lambda: finished_game(apis["Ann"], game["id"]), f"wave {wave}'s game {x}–{o} to end")
                winner = finished["result"].get("winner")
                results[x].append("draw" if winner is None else "win" if winner == "X" else "loss")
                results[o].append("draw" if winner is None else "win" if winner == "O" else "loss")
                played.add(game["id"])
            if wave < WAVES:
                advance(server, 3)

        # Past the end: the arena finishes at the timer's next look.
        advance(server, 20 * 60)
        for _ in range(10):
            if apis["Ann"].call("GET", f"/v1/tournaments/{tournament}")["state"] == "finished":
                break
            advance(server, 3)
            time.sleep(0.5)
        assert apis["Ann"].call("GET", f"/v1/tournaments/{tournament}")["state"] == "finished"
        print(f"arena with bots, results in order: {results}")
        ann = pages["Ann"]
        ann.open(f"/tournament/{tournament}")
        ann.wait_text("#tournament-countdown", "Finished")
        shown = standings_shown(ann)
        assert len(shown) == 6
        for row in shown:
            name = names_by_id[row["player"]]
            outcomes = results[name]
            assert len(outcomes) == WAVES, f"{name} played a game in each wave: {results}"
            assert row["points"] == hand_points(outcomes), f"{name}: {outcomes} make {hand_points(outcomes)}, the page says {row['points']}"
            assert row["games"] == [len(outcomes), outcomes.count("win"), outcomes.count("draw"), outcomes.count("loss")], name
            assert row["streak"] == (streak_of(outcomes) >= 2), f"{name}'s streak mark: {outcomes}"
            assert row["bot"] == (name in bots), f"{name} is marked a bot, or not, as they are"
        points = [row["points"] for row in shown]
        assert points == sorted(points, reverse=True), "most points first"
        folder = artifacts / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        ann.driver.execute_script("window.scrollTo(0, 0)")
        ann.driver.save_screenshot(str(folder / "tournament-arena-bots-1280.png"))
        assert ann.javascript_errors() == []
    finally:
        for process in processes:
            process.kill()
            process.wait()


def wait_for_wave(server, apis, played, attempts=5):
    """The wave's games, one for each two players, read from the players' own lists: a game
    between the two bots may be over before anyone looks. The timer pairs at its next look,
    so the clock is moved on a little until they are all there."""
    wave = len(apis) // 2
    for attempt in range(attempts):
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            games = {game["id"]: game for api in apis.values() for game in api.call("GET", "/v1/me/games")["games"]
                     if game["id"] not in played}
            seated = [game[side]["player"]["id"] for game in games.values() for side in ("x", "o")]
            if len(games) == wave and len(set(seated)) == len(apis):
                return list(games.values())
            assert len(games) <= wave, f"more than one wave's games: {games}"
            time.sleep(0.2)
        assert attempt < attempts - 1, f"no wave of {wave} games"
        advance(server, 3)
    return []


def finished_game(api, game_id):
    game = api.game(game_id)
    return game if game["phase"] == "finished" else None


def play_against_bot(page, api, game_id, mark):
    """The person plays the first empty cell whenever it is their turn, in their own page."""
    page.wait_js(f"return location.hash === '#/game/{game_id}'", "the game opened by itself", timeout=WAIT)
    while True:
        game = api.game(game_id)
        if game["phase"] == "finished":
            page.wait_phase("finished")
            return
        if game.get("turn") == mark:
            taken = {move["cell"] for move in game["moves"]}
            page.wait_moves(len(game["moves"]))
            page.play(next(cell for cell in range(9) if cell not in taken))
        else:
            time.sleep(0.1)
