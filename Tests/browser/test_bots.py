"""A bot, as someone meets it in the web client: marked as a bot on the list of who is
online, it takes a challenge at once and plays, marked as a bot in the game too."""

import os
import subprocess

import pytest

from conftest import BINARY
from oxo_api import Api
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

    alice.challenge(running_bot["id"], "X")
    alice.wait_screen("game")
    alice.wait_text("#game-role", "You play X.")
    badges = [badge.text for badge in alice.find_all("#players .bot-badge")]
    assert badges == ["BOT"], "the bot's seat, and only it, is marked"
    alice.play(4)
    alice.wait_moves(2)
