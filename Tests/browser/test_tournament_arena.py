"""An arena played to its end by four real Chromium users, on a server whose clock moves
only when the test says (`oxo serve --test-clock`): one creates it with the lobby's form,
all four join on its page, the clock passes its start, and each game the arena pairs opens
by itself in both players' pages, where it is played to a result by clicking the board,
while a fifth user who did not join watches the page keep up with the games being played.
After three waves the clock passes the arena's end; the final standings on the page are
checked against points worked out here by hand (2 a win, 1 a draw, 0 a loss, doubled once
the player's last two games were wins), and a screenshot of the page is saved."""

import json
from datetime import datetime

import pytest
from selenium.common.exceptions import TimeoutException

from oxo_api import Api
from pages import registered

ADMIN_TOKEN = "t" * 32
WAVES = 3
# The games' moves: X along the top row; O along the middle row; nobody's line.
X_WINS = [0, 3, 1, 4, 2]
O_WINS = [0, 3, 1, 4, 8, 5]
DRAWN = [4, 0, 2, 6, 3, 5, 7, 1, 8]
NAMES = ["Ann", "Ben", "Cat", "Dan"]


@pytest.fixture(scope="module")
def server_args():
    return ["--test-clock", "--admin-token", ADMIN_TOKEN]


def test_an_arena_is_played_to_its_end_and_its_standings_are_as_counted_by_hand(server, browsers, artifacts):
    pages = registered(server, browsers, *NAMES)
    by_name = dict(zip(NAMES, pages))
    apis = {name: api_of(server, page) for name, page in by_name.items()}
    ids = {name: api.user["id"] for name, api in apis.items()}
    names_by_id = {user: name for name, user in ids.items()}

    # Ann makes it with the lobby's form: an arena of 20 minutes at 5+0, starting in a minute.
    ann = by_name["Ann"]
    ann.click("#tournament-create-details summary")
    ann.find("#tournament-new-name").send_keys("Friday Arena")
    ann.choose("#tournament-pace", "5+0")
    set_number(ann, "#tournament-starts-in", 1)
    set_number(ann, "#tournament-minutes", 20)
    ann.click("#tournament-create")
    ann.wait_screen("tournament")
    tournament_id = ann.driver.execute_script("return location.hash.split('/')[2]")
    ann.wait_text("#tournament-name", "Friday Arena")
    ann.wait_text("#tournament-countdown", "Starts in")

    # Ben finds it in his lobby's list, with its facts and countdown, and opens it from there.
    ben = by_name["Ben"]
    ben.open("/leaderboard")
    ben.click("#topbar .brand")
    ben.wait_screen("lobby")
    row = f"#tournament-list li[data-tournament='{tournament_id}']"
    ben.wait_text(row, "Friday Arena")
    assert "Arena · Classic · 5+0 · 1 player" in ben.text(row) or "Arena · Classic · 5+0 · 0 players" in ben.text(row), ben.text(row)
    ben.wait_text(row, "Starts in")
    ben.click(f"{row} a")
    ben.wait_screen("tournament")
    for name, page in by_name.items():
        if name not in ("Ann", "Ben"):
            page.open(f"/tournament/{tournament_id}")
        page.click("#tournament-join")
        page.wait_text("#tournament-you-status", "You are playing")
    ann.wait_js("return document.querySelectorAll('#tournament-standings tbody tr[data-player]').length === 4",
                "all four in Ann's standings")

    # Eve follows it without playing: her page keeps up by itself and shows the games being played.
    eve = registered(server, browsers, "Eve")[0]
    eve.open(f"/tournament/{tournament_id}")
    eve.wait_text("#tournament-you-status", "You have not joined")

    # Each player's results in the order their games finished.
    results = {name: [] for name in NAMES}
    played = set()
    # To its start, as the server has it (the form counted a minute from the page's idea of the server's now).
    starts_at = parse_time(apis["Ann"].call("GET", f"/v1/tournaments/{tournament_id}")["starts_at"])
    now = parse_time(advance(server, 1))
    advance(server, max(1, (starts_at - now).total_seconds() + 1))
    for wave in range(1, WAVES + 1):
        games = wait_for_wave(server, by_name, played)
        assert len(games) == 2, f"wave {wave}: four players make two games, not {games}"
        # Each page says so in its live region, naming the tournament.
        for page in by_name.values():
            page.wait_text("#announcer", "Your game in Friday Arena has started.")
        eve.wait_js("return document.querySelectorAll('#tournament-games li[data-game] a[href^=\"#/game/\"]').length === 2",
                    f"wave {wave}'s two games on Eve's page, each with its link")
        if wave == WAVES:
            eve.wait_text("#tournament-countdown", "Ends in")
            eve.driver.execute_script("window.scrollTo(0, 0)")
            folder = artifacts / "screenshots"
            folder.mkdir(parents=True, exist_ok=True)
            eve.driver.save_screenshot(str(folder / "tournament-arena-running-1280.png"))
        for game_id, seated in games.items():
            game = apis[seated[0]].game(game_id)
            x, o = names_by_id[game["x"]["player"]["id"]], names_by_id[game["o"]["player"]["id"]]
            assert {x, o} == set(seated), f"the game opened in the pages of its own two players: {seated}"
            outcome = planned(x, o)
            cells = {"x": X_WINS, "o": O_WINS, "draw": DRAWN}[outcome]
            play_out(by_name[x], by_name[o], cells)
            results[x].append({"x": "win", "o": "loss", "draw": "draw"}[outcome])
            results[o].append({"x": "loss", "o": "win", "draw": "draw"}[outcome])
            played.add(game_id)
        # The next wave is paired at the next look the timer takes; after the last, the clock passes the end.
        if wave < WAVES:
            advance(server, 3)

    # Past the end: nothing new is paired (no game is being played), and the arena finishes
    # at the timer's next look.
    advance(server, 20 * 60)
    ann.open(f"/tournament/{tournament_id}")
    finished = "return document.getElementById('tournament-page').dataset.state === 'finished'"
    for attempt in range(5):
        try:
            ann.wait_js(finished, "the arena finished", timeout=5)
            break
        except TimeoutException:
            if attempt == 4:
                raise
            advance(server, 3)
    ann.wait_text("#tournament-countdown", "Finished")
    assert not ann.find_all("#tournament-games li[data-game]:not([data-game=''])"), "no game is being played after the end"

    expected = {name: hand_points(outcomes) for name, outcomes in results.items()}
    shown = standings_shown(ann)
    assert len(shown) == 4
    for row in shown:
        name = names_by_id[row["player"]]
        outcomes = results[name]
        assert row["points"] == expected[name], f"{name}: {outcomes} make {expected[name]} points, the page says {row['points']}"
        assert row["shownPoints"] == str(expected[name])
        assert row["games"] == [len(outcomes), outcomes.count("win"), outcomes.count("draw"), outcomes.count("loss")], name
        assert row["streak"] == (streak_of(outcomes) >= 2), f"{name}'s streak mark: {outcomes}"
    ranks = [row["rank"] for row in shown]
    assert ranks == [1, 2, 3, 4]
    points_in_order = [row["points"] for row in shown]
    assert points_in_order == sorted(points_in_order, reverse=True), "the standings go from most points to fewest"
    # Ann wins every game she plays: the winner, three wins in a row, the third doubled.
    assert names_by_id[shown[0]["player"]] == "Ann" and expected["Ann"] == 8

    folder = artifacts / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    ann.driver.execute_script("window.scrollTo(0, 0)")
    ann.driver.save_screenshot(str(folder / "tournament-arena-1280.png"))

    # Ann's profile lists it, first place with the trophy.
    ann.open(f"/players/{ids['Ann']}")
    ann.wait_js(f"return document.querySelector('#profile-tournaments li[data-tournament=\"{tournament_id}\"] .trophy') !== null",
                "the trophy on Ann's profile")
    ann.wait_text("#profile-tournaments", "Place 1, 8 points")
    assert ann.javascript_errors() == []


def standings_shown(page):
    """The standings table as the page shows it: each row's player, points (the data and the
    words), rank, streak mark, bot badge and games, wins, draws and losses."""
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#tournament-standings tbody tr[data-player]')].map(row => ({"
        " player: row.dataset.player, points: Number(row.dataset.points),"
        " rank: Number(row.querySelector('.rank').textContent), shownPoints: row.querySelector('.points').textContent,"
        " streak: row.querySelector('.on-streak') !== null, bot: row.querySelector('.bot-badge') !== null,"
        " games: [...row.querySelectorAll('td')].slice(2, 6).map(cell => Number(cell.textContent)) }))")


def planned(x, o):
    """Who wins: Cat and Dan draw; otherwise the name first in the alphabet ("x" or "o" or "draw")."""
    if {x, o} == {"Cat", "Dan"}:
        return "draw"
    return "x" if x < o else "o"


def hand_points(outcomes):
    """2 a win, 1 a draw, 0 a loss; doubled when the two games before were both wins."""
    total, run = 0, 0
    for outcome in outcomes:
        base = {"win": 2, "draw": 1, "loss": 0}[outcome]
        total += 2 * base if run >= 2 else base
        run = run + 1 if outcome == "win" else 0
    return total


def streak_of(outcomes):
    run = 0
    for outcome in outcomes:
        run = run + 1 if outcome == "win" else 0
    return run


def api_of(server, page):
    session = json.loads(page.driver.execute_script("return localStorage.getItem('oxo.session')"))
    api = Api(server.url, session["token"])
    api.user = session["user"]
    return api


def set_number(page, css, value):
    field = page.find(css)
    field.clear()
    field.send_keys(str(value))


def advance(server, seconds):
    """Moves the server's clock on; returns where it stands (ISO 8601)."""
    return Api(server.url, ADMIN_TOKEN).call("POST", "/v1/admin/clock", {"advance_seconds": seconds})["now"]


def parse_time(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def wait_for_wave(server, by_name, played, attempts=5):
    """The games the next wave opened by themselves: {game id: [the names of the pages showing it]}.
    The timer pairs at its next look; the clock is moved on a little until every page shows a new game."""
    for attempt in range(attempts):
        try:
            shown = {}
            for name, page in by_name.items():
                page.wait_js("return /^#\\/game\\/[0-9a-f-]{36}$/.test(location.hash)"
                             f" && !{json.dumps(sorted(played))}.includes(location.hash.split('/')[2])"
                             " && document.querySelector('section.game')?.dataset.phase === 'live'",
                             f"a new game opened by itself for {name}", timeout=8)
                shown.setdefault(page.driver.execute_script("return location.hash.split('/')[2]"), []).append(name)
            return shown
        except TimeoutException:
            if attempt == attempts - 1:
                raise
            advance(server, 3)
    return {}


def play_out(x_page, o_page, cells):
    """Plays `cells` in turn on the two pages, each move seen by the other page before it answers."""
    for index, cell in enumerate(cells):
        mover, other = (x_page, o_page) if index % 2 == 0 else (o_page, x_page)
        mover.wait_moves(index)
        mover.play(cell)
        other.wait_moves(index + 1)
    x_page.wait_phase("finished")
    o_page.wait_phase("finished")
