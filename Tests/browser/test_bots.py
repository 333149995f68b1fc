"""A bot, as someone meets it in the web client: marked as a bot on the list of who is
online, it takes a challenge at once and plays, marked as a bot in the game too."""

import os
import subprocess

import pytest

from conftest import BINARY
from oxo_api import Api, beat
from pages import OxoPage

ADMIN_TOKEN = "b" * 32


@pytest.fixture(scope="module")
def server_args():
    return ["--admin-token", ADMIN_TOKEN]


@pytest.fixture
def running_bot(server):
    """A bot's account made as an operator makes it, and `oxo bot` playing perfectly on it."""
    account = Api(server.url, ADMIN_TOKEN).call("POST", "/v1/admin/bots", {"username": "robot", "display_name": "Robot"})
    process = subprocess.Popen(
        [str(BINARY), "bot", "--server", server.url, "--name", "robot", "--level", "perfect", "--delay", "0"],
        env={**os.environ, "OXO_BOT_PASSWORD": account["password"]},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield account["player"]
    process.kill()
    process.wait()


def test_the_web_client_challenges_a_bot_shown_as_a_bot(server, browsers, running_bot):
    alice = OxoPage(browsers(), server.url)
    alice.register(display_name="Alice")
    row = f"#online-players li[data-user='{running_bot['id']}']"
    alice.wait_player_online(running_bot["id"])
    alice.wait_text(f"{row} .bot-badge", "BOT")

    alice.challenge(running_bot["id"], "X")  # the dialog offers a bot clocks only, 3+2 first
    alice.wait_screen("game")
    alice.wait_text("#game-role", "You play X.")
    assert alice.find("#clock-x").text, "a game with a bot has a clock: 3+2, the first the dialog offers"
    badges = [badge.text for badge in alice.find_all("#players .bot-badge")]
    assert badges == ["BOT"], "the bot's seat, and only it, is marked"
    alice.play(4)
    alice.wait_moves(2)


def signed_in_bot(server, username):
    """A bot's account made by the operator and signed in through the API."""
    account = Api(server.url, ADMIN_TOKEN).call("POST", "/v1/admin/bots", {"username": username})
    grant = Api(server.url).call("POST", "/v1/sessions", {"login": username, "password": account["password"]})
    api = Api(server.url, grant["token"])
    api.user = grant["user"]
    return api


def test_bots_have_a_leaderboard_tab_of_their_own(server, browsers):
    ann = Api.register(server.url, display_name="Ann")
    ben = Api.register(server.url, display_name="Ben")
    droid, tin = signed_in_bot(server, "droid"), signed_in_bot(server, "tin")
    assert droid.call("GET", "/v1/me")["bot"] is True
    beat(ann, ben)
    beat(droid, tin, {"kind": "clock", "initial_seconds": 300, "increment_seconds": 0})

    page = OxoPage(browsers(), server.url)
    page.register(display_name="Lola")
    page.open("/leaderboard")
    page.wait_screen("leaderboard")
    page.click("#leaderboard-tab-weekly_wins")
    page.visible(f"#leaderboard-rows tr[data-user='{ann.user['id']}']")
    assert [row.get_attribute("data-user") for row in page.find_all("#leaderboard-rows tr")] == [ann.user["id"]], \
        "the people's board has no bot"

    page.click("#leaderboard-tab-bots")
    page.visible(f"#leaderboard-rows tr[data-user='{droid.user['id']}']")
    rows = page.find_all("#leaderboard-rows tr")
    assert [row.get_attribute("data-user") for row in rows] == [droid.user["id"]]
    assert page.find("#leaderboard-tab-bots").get_attribute("aria-selected") == "true"
    assert page.javascript_errors() == []
