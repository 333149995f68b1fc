"""A private Swiss event by correspondence, on a server whose clock the test moves: its
creator's page shows the code to share and invites a friend, who joins without it; a
player who opens it without the code is asked for it and joins with it; the standings have the Swiss tiebreak columns; past the start the
first round's pairings are listed with their games, and once they are played the
standings' points and tiebreaks on the page are those worked out here by hand."""

import json
from datetime import datetime

import pytest
from selenium.common.exceptions import TimeoutException

from axe_check import Axe
from conftest import set_viewport
from oxo_api import Api, unique_name
from pages import registered

ADMIN_TOKEN = "t" * 32
TOP_ROW_WIN = [0, 3, 1, 4, 2]


@pytest.fixture(scope="module")
def server_args():
    return ["--test-clock", "--admin-token", ADMIN_TOKEN]


def advance(server, seconds):
    return Api(server.url, ADMIN_TOKEN).call("POST", "/v1/admin/clock", {"advance_seconds": seconds})["now"]


def parse_time(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def api_of(server, page):
    session = json.loads(page.driver.execute_script("return localStorage.getItem('oxo.session')"))
    api = Api(server.url, session["token"])
    api.user = session["user"]
    return api


def test_a_private_swiss_event_is_joined_with_its_code_and_its_tiebreaks_are_shown(server, browsers, artifacts):
    ann, ben = registered(server, browsers, "Ann", "Ben")
    ann_api, ben_api = api_of(server, ann), api_of(server, ben)
    cat = Api.register(server.url, username=unique_name("cat"), display_name="Cat")
    dan = Api.register(server.url, username=unique_name("dan"), display_name="Dan")
    ann_api.befriend(cat)

    # Ann makes it with the lobby's form: Swiss, three rounds, three days a move, private.
    ann.click("#tournament-create-details summary")
    ann.choose("#tournament-kind", "swiss")
    ann.find("#tournament-new-name").send_keys("Club Swiss")
    ann.choose("#tournament-pace", "3d")
    rounds = ann.find("#tournament-rounds")
    rounds.clear()
    rounds.send_keys("3")
    ann.click("#tournament-private")
    ann.click("#tournament-create")
    ann.wait_screen("tournament")
    tournament_id = ann.driver.execute_script("return location.hash.split('/')[2]")
    code = ann_api.call("GET", f"/v1/tournaments/{tournament_id}")["code"]
    assert code
    ann.wait_text("#tournament-share-code", code)
    ann.click("#tournament-join")
    ann.wait_text("#tournament-you-status", "You are playing")
    headers = ann.driver.execute_script("return [...document.querySelectorAll('#tournament-standings thead th')].map(th => th.textContent)")
    assert headers[-2:] == ["Buch.", "SB"], headers
    ann.wait_text("#tournament-games", "The round has not been paired yet.")

    # Ben has only the link: the page asks for the code, and joins with it.
    ben.open(f"/tournament/{tournament_id}")
    ben.visible("#tournament-private-form")
    ben.find("#tournament-private-code").send_keys(code)
    ben.click("#tournament-private-form button")
    ben.wait_text("#tournament-name", "Club Swiss")
    ben.wait_text("#tournament-you-status", "You are playing")
    # Ann invites her friend Cat, who joins without the code; Dan has the code.
    ann.click(f"#tournament-invite-list input[value='{cat.user['id']}']")
    ann.click("#tournament-invite")
    ann.wait_text("#tournament-invite-status", "Invited 1 friend.")
    cat.call("POST", f"/v1/tournaments/{tournament_id}/join", {})
    dan.call("POST", f"/v1/tournaments/{tournament_id}/join", {"code": code})
    ann.wait_js("return document.querySelectorAll('#tournament-standings tbody tr[data-player]').length === 4", "four players")

    # Past the start: round 1 is paired; Ann's and Ben's games open by themselves.
    starts_at = parse_time(ann_api.call("GET", f"/v1/tournaments/{tournament_id}")["starts_at"])
    now = parse_time(advance(server, 1))
    advance(server, max(1, (starts_at - now).total_seconds() + 1))
    for attempt in range(5):
        try:
            ann.wait_screen("game")
            break
        except TimeoutException:
            if attempt == 4:
                raise
            advance(server, 3)
    ben.wait_screen("game")

    tournament = ann_api.call("GET", f"/v1/tournaments/{tournament_id}")
    assert tournament["round"] == 1 and len(tournament["games"]) == 2
    ann.open(f"/tournament/{tournament_id}")
    ann.wait_text("#tournament-games-title", "Round 1: pairings")
    ann.wait_js("return document.querySelectorAll('#tournament-games li[data-game] a[href^=\"#/game/\"]').length === 2",
                "both games of the round, each with its link")

    # X wins each game of the round, over REST.
    players = {p.user["id"]: p for p in (ann_api, ben_api, cat, dan)}
    points = {user: 0 for user in players}
    opponents = {user: [] for user in players}
    for pairing in tournament["games"]:
        x, o = pairing["x"]["id"], pairing["o"]["id"]
        for number, cell in enumerate(TOP_ROW_WIN, start=1):
            players[x if number % 2 else o].move(pairing["game"], cell, number)
        points[x] += 1
        opponents[x].append(o)
        opponents[o].append(x)

    # Buchholz: the opponents' points; Sonneborn–Berger: the points of each opponent beaten.
    buchholz = {user: sum(points[other] for other in opponents[user]) for user in players}
    beaten = {pairing["x"]["id"]: pairing["o"]["id"] for pairing in tournament["games"]}
    berger = {user: points[beaten[user]] if user in beaten else 0 for user in players}
    ann.open(f"/tournament/{tournament_id}")
    ann.wait_js("return [...document.querySelectorAll('#tournament-standings tbody tr[data-player]')]"
                ".filter(row => row.dataset.points === '1').length === 2", "the two winners' points", timeout=20)
    rows = ann.driver.execute_script(
        "return [...document.querySelectorAll('#tournament-standings tbody tr[data-player]')].map(row => ({"
        " player: row.dataset.player, points: Number(row.dataset.points),"
        " cells: [...row.querySelectorAll('td')].map(cell => cell.textContent) }))")
    for row in rows:
        user = row["player"]
        assert row["points"] == points[user]
        assert row["cells"][-2:] == [str(buchholz[user]), str(berger[user])], f"{row} against {buchholz[user]}, {berger[user]}"
    assert [row["points"] for row in rows] == [1, 1, 0, 0]

    # No WCAG A/AA violation on the page, the lobby's form folded out, in either theme, wide and on a phone.
    axe, found = Axe(), []
    for width, height in ((1280, 900), (390, 844)):
        set_viewport(ann.driver, width, height)
        for theme in ("light", "dark"):
            ann.open(f"/tournament/{tournament_id}")
            ann.use_theme(theme)
            ann.wait_text("#tournament-games-title", "Round 1: pairings")
            found += axe.violations(ann.driver, f"tournament page {width} {theme}")
            folder = artifacts / "screenshots"
            folder.mkdir(parents=True, exist_ok=True)
            ann.driver.save_screenshot(str(folder / f"tournament-swiss-{width}-{theme}.png"))
            ann.open("/")
            ann.tap("#tournament-create-details summary")
            ann.visible("#tournament-form")
            found += axe.violations(ann.driver, f"lobby with the tournament form {width} {theme}")
    assert found == [], "\n".join(found)

    # Its creator cancels it, asked twice; the page says so.
    set_viewport(ann.driver, 1280, 900)
    ann.open(f"/tournament/{tournament_id}")
    ann.click("#tournament-cancel")
    ann.wait_text("#tournament-cancel", "Really cancel it?")
    ann.click("#tournament-cancel")
    ann.wait_js("return document.getElementById('tournament-page').dataset.state === 'cancelled'", "cancelled")
    ann.wait_text("#tournament-countdown", "Cancelled")
    assert ann.javascript_errors() == []
