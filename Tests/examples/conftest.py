"""The examples' tests run against a real `oxo serve` (OXO_BINARY) on a free port with a
data file of their own, and talk to it with the standard library only."""
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`oxo serve` on one port and one data file, which can be stopped (SIGTERM) and
    started again on both."""

    def __init__(self, binary, work):
        self.binary, self.work = binary, work
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = work / "server.log"
        self.process = None

    def start(self):
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                [self.binary, "serve", "--port", str(self.port), "--data", str(self.work / "oxo.sqlite"),
                 "--bcrypt-cost", "4"], stdout=log, stderr=subprocess.STDOUT, cwd=self.work)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"oxo serve exited ({self.process.returncode}):\n{self.tail()}")
            try:
                with urllib.request.urlopen(self.url + "/health/ready", timeout=2):
                    return
            except OSError:
                time.sleep(0.1)  # the server is still starting
        raise RuntimeError(f"oxo serve did not answer /health/ready in 60 s:\n{self.tail()}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def tail(self, lines=30):
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:]) if self.log.exists() else ""


@pytest.fixture
def server(tmp_path):
    binary = os.environ.get("OXO_BINARY")
    if not binary:
        pytest.skip("OXO_BINARY is not set: point it at an oxo binary (Tests/examples/run.sh does)")
    server = Server(binary, tmp_path)
    server.start()
    yield server
    server.stop()


class Refused(Exception):
    def __init__(self, status, body):
        super().__init__(f"{status}: {body}")
        self.status, self.body = status, body


class Client:
    """One account over the REST API and its streams."""

    def __init__(self, server, token=None):
        self.server, self.token = server, token

    def request(self, method, path, body=None, timeout=10):
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.server.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            raise Refused(error.code, error.read().decode(errors="replace")) from None

    def get(self, path):
        return self.request("GET", path)

    def post(self, path, body=None):
        return self.request("POST", path, {} if body is None else body)

    @classmethod
    def register(cls, server, username):
        client = cls(server)
        answer = client.post("/v1/accounts", {"username": username, "email": f"{username}@example.org",
                                              "password": f"{username}-password"})
        client.token, client.id = answer["token"], answer["user"]["id"]
        client.username, client.password = username, f"{username}-password"
        return client

    def access_token(self, scopes=("read", "play", "challenge")):
        return self.post("/v1/me/tokens", {"name": "examples", "scopes": list(scopes), "expires_in_days": 1})["token"]

    def lines(self, path, deadline):
        """A stream's messages (keep-alive lines left out) until it ends; raises OSError
        when it drops and TimeoutError past `deadline`."""
        request = urllib.request.Request(self.server.url + path, headers={"Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(request, timeout=max(1.0, min(10.0, deadline - time.monotonic()))) as answer:
            for raw in answer:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{path}: nothing decisive before the deadline")
                if raw.strip():
                    yield json.loads(raw)


class RandomPlayer(Client):
    """Challenges an account and plays random legal moves on the game's stream."""

    def challenge(self, opponent_id, side, variant="classic", timeout=30):
        """Challenges the opponent (correspondence: a stream is not a socket, and a live pace
        needs the opponent online) and returns the game their acceptance started."""
        deadline = time.monotonic() + timeout
        inbox = self.lines("/v1/me/stream", deadline)
        assert next(inbox)["type"] == "snapshot"
        made = self.post("/v1/challenges", {"opponent": opponent_id, "side": side, "variant": variant,
                                            "time_control": {"kind": "correspondence", "days_per_move": 1}})
        for message in inbox:
            challenge = message.get("event", {}).get("challenge")
            if challenge and challenge["id"] == made["id"]:
                assert challenge["state"] in ("pending", "accepted"), f"the challenge was {challenge['state']}"
                if challenge["state"] == "accepted":
                    inbox.close()
                    return challenge["game"]
        raise AssertionError("the account stream ended before the challenge was answered")

    def play(self, game_id, on_game=None, timeout=60):
        """Plays the game to its end on its stream, opening it again with `after` when it
        drops; `on_game` sees each state. Returns the finished game."""
        deadline = time.monotonic() + timeout
        after, game, sent = None, None, set()

        def move():
            mark = "X" if game["x"]["player"]["id"] == self.id else "O"
            number = len(game["moves"]) + 1
            if game["phase"] != "live" or game.get("turn") != mark or number in sent:
                return
            cell = random.choice(legal_cells(game))
            try:
                self.post(f"/v1/games/{game_id}/moves", {"cell": cell, "move_number": number})
                sent.add(number)
            except Refused as refused:
                if refused.status != 409:
                    raise
            except OSError:
                pass  # the server is away; tried again once the stream is open

        while time.monotonic() < deadline:
            query = f"?after={after}" if after is not None else ""
            try:
                stream = self.lines(f"/v1/games/{game_id}/stream{query}", deadline)
                for message in stream:
                    if message.get("topic") == f"game:{game_id}":
                        after = message["seq"]
                    state = (message.get("snapshot") or message.get("event") or {}).get("game")
                    if not state:
                        continue
                    game = state
                    if on_game:
                        on_game(game)
                    if game["phase"] == "finished":
                        return game
                    move()
            except (OSError, ValueError):
                time.sleep(0.2)  # the server went away; open the stream again
            if game is not None:
                move()  # after a resume nothing may come while the other waits for us
        raise AssertionError(f"game {game_id} did not finish in {timeout} s")


def legal_cells(game):
    """The empty cells; in Ultimate, those of the small board the player was sent to, or
    of any open one."""
    empty = [i for i, c in enumerate(game["board"]) if c == "."]
    if game.get("variant") != "ultimate":
        return empty
    active = game.get("active_board")
    boards = [active] if active is not None else [b for b, s in enumerate(game["small_boards"]) if s == "."]
    return [i for i in empty if (i // 27) * 3 + (i % 9) // 3 in boards]


@pytest.fixture
def random_player(server):
    return RandomPlayer.register(server, "random")


@pytest.fixture
def bot(server, tmp_path):
    """examples/python_bot.py on a fresh account of its own."""
    account = Client.register(server, "pybot")
    log_path = tmp_path / "bot.log"
    log = open(log_path, "w")
    process = subprocess.Popen(
        [sys.executable, "-u", str(EXAMPLES / "python_bot.py"), "--url", server.url, "--variants", "classic,four,gomoku,ultimate"],
        env={**os.environ, "OXO_TOKEN": account.access_token()}, stdout=log, stderr=subprocess.STDOUT)
    account.process, account.log_path = process, log_path
    yield account
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    log.close()


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test shows the bot's output and the end of the server's log."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        for name in ("bot", "server"):
            value = item.funcargs.get(name)
            if name == "bot" and value is not None:
                report.sections.append(("the bot's output", value.log_path.read_text(errors="replace")[-6000:]))
            if name == "server" and value is not None:
                report.sections.append(("the end of the server log", value.tail(40)))
