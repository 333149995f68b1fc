#!/usr/bin/env python3
"""A bot for OXO that plays through the API's streams of JSON lines, with Python's
standard library alone.

It reads the account's stream (GET /v1/me/stream), accepts the challenges of the variants
it plays (and declines the rest, or any beyond --max-games at once), follows each of its
games on the game's stream (GET /v1/games/{id}/stream) in a thread of its own, and plays
when it is its turn (POST /v1/games/{id}/moves). Classic is played perfectly (minimax);
four in a row and Gomoku take a win, block one, else score each cell by the lines through
it; Ultimate wins or blocks small boards and avoids sending the opponent where they win one.
A stream that drops (a network fault, a server restart) is opened again with `after=` the
last number seen, so nothing is missed and nothing is seen twice. Ctrl-C stops it.

    OXO_TOKEN=oxo_pat_... python3 examples/python_bot.py --url http://127.0.0.1:8080

The token is a personal access token with the scopes read, play and challenge
(POST /v1/me/tokens), or a session's token. See docs/PROTOCOL.md, "Streams".
"""
import argparse
import http.client
import json
import os
import random
import signal
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

# width, height, marks in a row to win (GET /v1/variants says the same); Ultimate apart.
BOARDS = {"classic": (3, 3, 3), "four": (4, 4, 4), "gomoku": (15, 15, 5)}
PLAYS = sorted(BOARDS) + ["ultimate"]


def log(*words):
    print(time.strftime("%H:%M:%S"), *words, flush=True)


class Refused(Exception):
    """An HTTP answer of 4xx or 5xx: `status` and the error's `code`."""

    def __init__(self, status, code, message=""):
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code = status, code


class API:
    def __init__(self, url, token, read_timeout):
        self.base, self.token, self.read_timeout = url.rstrip("/"), token, read_timeout

    def _request(self, method, path, body=None, timeout=10):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
        try:
            return urllib.request.urlopen(request, timeout=timeout)
        except urllib.error.HTTPError as error:
            try:
                detail = json.loads(error.read() or b"{}").get("error") or {}
            except ValueError:
                detail = {}
            raise Refused(error.code, detail.get("code", "http_error"), detail.get("message", "")) from None

    def post(self, path, body=None):
        with self._request("POST", path, body if body is not None else {}) as answer:
            return json.loads(answer.read() or b"null")

    def stream(self, path, query):
        """Opens a stream: the answer, once its headers have come; its lines follow."""
        return self._request("GET", path + ("?" + urllib.parse.urlencode(query) if query else ""),
                             timeout=self.read_timeout)


class Follower:
    """Follows one stream and opens it again, from the last numbers seen, until `done`."""

    # The query item that resumes each kind of topic.
    RESUME = {"user": "after", "game": "after", "chat": "chat_after"}

    def __init__(self, api, path, name, stop):
        self.api, self.path, self.name, self.stop = api, path, name, stop
        self.seen = {}  # query item -> the last seq of its topic
        self.done = False

    def on_open(self, resumed):
        """Called when the stream is open, before its first line."""

    def on_line(self, message):
        raise NotImplementedError

    def run(self):
        pause = 0.5
        while not (self.done or self.stop.is_set()):
            try:
                with self.api.stream(self.path, self.seen) as lines:
                    if self.seen:
                        log(f"{self.name}: resumed with " + ", ".join(f"{k}={v}" for k, v in self.seen.items()))
                    pause = 0.5
                    self.on_open(bool(self.seen))
                    for raw in lines:
                        if self.stop.is_set():
                            return
                        if raw.strip():  # an empty line only keeps the connection open
                            self._take(json.loads(raw))
                        if self.done:
                            return
                log(f"{self.name}: the stream ended; opening it again")
            except Refused as refused:
                if refused.status in (401, 403, 404):
                    log(f"{self.name}: refused ({refused}); giving up")
                    self.done = True
                    if self.path == "/v1/me/stream":
                        self.stop.set()
                    return
                log(f"{self.name}: refused ({refused}); trying again in {pause:g} s")
            except (OSError, ValueError, http.client.HTTPException) as error:  # refused, reset, timeout, a cut line
                log(f"{self.name}: connection lost ({error.__class__.__name__}); trying again in {pause:g} s")
            self.stop.wait(pause)
            pause = min(pause * 2, 5)

    def _take(self, message):
        kind = message.get("topic", "").split(":")[0]
        if kind in self.RESUME and "seq" in message:
            self.seen[self.RESUME[kind]] = message["seq"]
        self.on_line(message)


class Account(Follower):
    """The account's stream: challenges to answer, games to play."""

    def __init__(self, api, args, stop):
        super().__init__(api, "/v1/me/stream", "account", stop)
        self.args, self.me = args, None
        self.games, self.answered, self.unanswered = {}, set(), []
        self.lock = threading.Lock()

    def on_line(self, message):
        self.me = self.me or message["topic"].split(":", 1)[1]
        if message["type"] == "snapshot":
            for game in message["snapshot"].get("games", []):
                self.play(game)
            for challenge in message["snapshot"].get("challenges", []):
                self.answer(challenge)
            return
        event = message.get("event", {})
        if event.get("kind") == "challenge_changed":
            self.answer(event["challenge"])
        elif "game" in event:  # game_started, your_turn, ...
            self.play(event["game"])

    def playing(self):
        with self.lock:
            return sum(1 for game in self.games.values() if not game.done)

    def on_open(self, resumed):
        for challenge in self.unanswered.copy():  # what the server could not take before
            self.unanswered.remove(challenge)
            self.answer(challenge)

    def answer(self, challenge):
        if challenge.get("state") != "pending" or challenge["opponent"]["id"] != self.me:
            return
        if challenge["id"] in self.answered:
            return
        self.answered.add(challenge["id"])
        variant, who = challenge.get("variant", "classic"), challenge["challenger"]["username"]
        try:
            if variant in self.args.variants and self.playing() < self.args.max_games:
                accepted = self.api.post(f"/v1/challenges/{challenge['id']}/accept")
                log(f"accepted {who}'s challenge ({variant})")
                self.play({"id": accepted["game"], "phase": "live"})
            else:
                self.api.post(f"/v1/challenges/{challenge['id']}/decline")
                log(f"declined {who}'s challenge ({variant})")
        except Refused as refused:
            log(f"could not answer {who}'s challenge: {refused}")  # withdrawn meanwhile, or the server is busy
            if refused.status >= 500 or refused.status == 429:
                self.retry_later(challenge)
        except (OSError, http.client.HTTPException) as error:
            log(f"could not answer {who}'s challenge ({error.__class__.__name__})")
            self.retry_later(challenge)

    def retry_later(self, challenge):
        """Answers once the stream is open again (the server is away or busy)."""
        self.answered.discard(challenge["id"])
        self.unanswered.append(challenge)

    def play(self, game):
        if game.get("phase") != "live":
            return
        with self.lock:
            if game["id"] in self.games and not self.games[game["id"]].done:
                return
            follower = Game(self.api, game["id"], self.me, self.stop)
            self.games[game["id"]] = follower
        threading.Thread(target=follower.run, name=f"game {game['id']}", daemon=True).start()


class Game(Follower):
    """One game's stream: the game, then each change; a move when it is the bot's turn."""

    def __init__(self, api, game_id, me, stop):
        super().__init__(api, f"/v1/games/{game_id}/stream", f"game {game_id[:8]}", stop)
        self.id, self.me = game_id, me
        self.game, self.mark = None, None
        self.chosen = {}  # move number -> cell, so that a retried move is the same move
        self.sent = set()  # move numbers the server took

    def on_open(self, resumed):
        if resumed and self.game:  # nothing may come if the opponent waits for us
            self.move()

    def on_line(self, message):
        if message["type"] == "snapshot":
            game = message["snapshot"].get("game")
        else:
            event = message["event"]
            if event.get("kind") == "message_posted":
                text = event.get("message", {}).get("text")
                log(f"{self.name}: {event['message']['sender']['username']} says {text!r}")
            game = event.get("game")
        if not game:
            return
        if self.game is None:
            self.mark = "X" if game["x"]["player"]["id"] == self.me else "O"
            other = game["o" if self.mark == "X" else "x"]["player"]["username"]
            log(f"{self.name}: {game.get('variant', 'classic')} as {self.mark} against {other}")
        self.game = game
        if game["phase"] == "finished":
            result = game.get("result", {})
            verdict = "draw" if "winner" not in result else "won" if result["winner"] == self.mark else "lost"
            log(f"{self.name}: {verdict} ({result.get('reason')})")
            self.done = True
        else:
            self.move()

    def move(self):
        game = self.game
        if game["phase"] != "live" or game.get("turn") != self.mark:
            return
        number = len(game["moves"]) + 1
        if number in self.sent:
            return
        if number not in self.chosen:
            self.chosen[number] = choose(game, self.mark)
        cell = self.chosen[number]
        try:
            self.api.post(f"/v1/games/{self.id}/moves", {"cell": cell, "move_number": number})
            self.sent.add(number)
            log(f"{self.name}: played {cell} (move {number})")
        except Refused as refused:
            if refused.status >= 500 or refused.status == 429:  # the server restarts, or is busy
                raise ConnectionError(str(refused)) from None
            if refused.code in ("stale_state", "not_your_turn", "game_over", "out_of_time"):
                self.sent.add(number)  # the stream brings what the game is now
            else:
                log(f"{self.name}: move {number} at {cell} refused: {refused}")
        # A move that could not be sent (OSError) ends this connection: the stream is opened
        # again and on_open sends the move again, the same cell under the same number.


# --- Choosing a move -----------------------------------------------------------------------

def choose(game, mark):
    variant = game.get("variant", "classic")
    if variant == "ultimate":
        return ultimate_move(game, mark)
    width, height, length = BOARDS[variant]
    board = list(game["board"])
    if variant == "classic":
        return perfect_move(board, mark)
    return line_move(board, mark, width, height, length)


def windows(width, height, length):
    """Every run of `length` cells in a row, a column or a diagonal."""
    found = []
    for row in range(height):
        for col in range(width):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = row + dr * (length - 1), col + dc * (length - 1)
                if 0 <= end_r < height and 0 <= end_c < width:
                    found.append(tuple((row + dr * i) * width + col + dc * i for i in range(length)))
    return found


CLASSIC_LINES = windows(3, 3, 3)
_memo = {}


def negamax(board, mark):
    """The classic position's value for `mark`, to move: > 0 a win, 0 a draw, < 0 a loss
    (sooner is bigger)."""
    key = ("".join(board), mark)
    if key not in _memo:
        other = "O" if mark == "X" else "X"
        empty = [i for i, c in enumerate(board) if c == "."]
        if any(all(board[i] == other for i in line) for line in CLASSIC_LINES):
            value = -(1 + len(empty))
        elif not empty:
            value = 0
        else:
            value = -10
            for cell in empty:
                board[cell] = mark
                value = max(value, -negamax(board, other))
                board[cell] = "."
        _memo[key] = value
    return _memo[key]


def perfect_move(board, mark):
    """The best move by minimax; among equals, the one that leaves the opponent the most
    replies that lose."""
    other = "O" if mark == "X" else "X"
    scored = []
    for cell in (i for i, c in enumerate(board) if c == "."):
        board[cell] = mark
        value = -negamax(board, other)
        traps = sum(1 for reply in range(9) if board[reply] == "." and
                    _after(board, reply, other, lambda b: negamax(b, mark) > 0))
        board[cell] = "."
        scored.append((value, traps, random.random(), cell))
    return max(scored)[3]


def _after(board, cell, mark, test):
    board[cell] = mark
    try:
        return test(board)
    finally:
        board[cell] = "."


def line_move(board, mark, width, height, length):
    """For four in a row and Gomoku: a win, else a block, else the cell with the best
    score over the runs of `length` through it (own runs count a little more)."""
    other = "O" if mark == "X" else "X"
    empty = [i for i, c in enumerate(board) if c == "."]
    if len(empty) == len(board):
        return (height // 2) * width + width // 2
    runs = windows(width, height, length)
    for who in (mark, other):  # a win first, then a block
        for run in runs:
            marks = [board[i] for i in run]
            if marks.count(who) == length - 1 and marks.count(".") == 1:
                return run[marks.index(".")]
    score = dict.fromkeys(empty, 0.0)
    for run in runs:
        marks = [board[i] for i in run]
        mine, theirs = marks.count(mark), marks.count(other)
        if mine and theirs:
            continue
        value = 5 ** mine * 1.2 if not theirs else 5 ** theirs
        for i in run:
            if board[i] == ".":
                score[i] += value
    return max(empty, key=lambda i: (score[i], random.random()))


def ultimate_move(game, mark):
    """Wins the game or a small board, blocks the opponent's, and avoids sending them where
    they win a small board (or the game), or letting them choose any board."""
    other = "O" if mark == "X" else "X"
    board, smalls = list(game["board"]), list(game.get("small_boards", "." * 9))

    def cell_of(b, c):
        return ((b // 3) * 3 + c // 3) * 9 + (b % 3) * 3 + c % 3

    def local(b):
        return [board[cell_of(b, c)] for c in range(9)]

    def takes(marks, who, c):  # marking c completes a line of `who`'s
        return any(c in line and all(marks[i] == who or i == c for i in line) for line in CLASSIC_LINES)

    def open_lines(marks, who, c):  # lines through c that `who` may still make
        return sum(1 for line in CLASSIC_LINES if c in line and all(marks[i] in (who, ".") for i in line))

    def danger(sent_to, smalls):
        """What the opponent can do next where this move sends them, and whether they may
        choose the board."""
        boards = [sent_to] if smalls[sent_to] == "." else [b for b in range(9) if smalls[b] == "."]
        worst = 0
        for b in boards:
            marks = local(b)
            if any(marks[c] == "." and takes(marks, other, c) for c in range(9)):
                worst = max(worst, 1000 if takes(smalls, other, b) else 80 + 20 * open_lines(smalls, other, b))
        return worst + (30 if len(boards) > 1 else 0)

    active = game.get("active_board")
    boards = [active] if active is not None else [b for b in range(9) if smalls[b] == "."]
    scored = []
    for b in boards:
        for c in range(9):
            cell = cell_of(b, c)
            if board[cell] != ".":
                continue
            marks, after, score = local(b), list(smalls), random.random()
            if takes(marks, mark, c):
                if takes(smalls, mark, b):
                    return cell
                after[b] = mark
                score += 100 + 20 * open_lines(smalls, mark, b)
            elif marks.count(".") == 1:
                after[b] = "-"
            if takes(marks, other, c):
                score += 500 if takes(smalls, other, b) else 60 + 20 * open_lines(smalls, other, b)
            board[cell] = mark
            score -= danger(c, after)
            board[cell] = "."
            score += {4: 3, 0: 2, 2: 2, 6: 2, 8: 2}.get(c, 0)
            scored.append((score, cell))
    return max(scored)[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default=os.environ.get("OXO_URL", "http://127.0.0.1:8080"),
                        help="the server (default: $OXO_URL or http://127.0.0.1:8080)")
    parser.add_argument("--token", default=os.environ.get("OXO_TOKEN"),
                        help="a personal access token or a session's token (default: $OXO_TOKEN)")
    parser.add_argument("--variants", default=",".join(PLAYS), type=lambda text: text.split(","),
                        help=f"the variants whose challenges it accepts, separated by commas (default: {','.join(PLAYS)})")
    parser.add_argument("--max-games", type=int, default=5, help="games at once; challenges beyond are declined (default: 5)")
    parser.add_argument("--read-timeout", type=float, default=20,
                        help="seconds without a line (the server sends one every 5 s) before a stream is opened again (default: 20)")
    args = parser.parse_args()
    if not args.token:
        parser.error("no token: pass --token or set OXO_TOKEN")
    unknown = [v for v in args.variants if v not in PLAYS]
    if unknown:
        parser.error(f"it does not play {', '.join(unknown)}")

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    account = Account(API(args.url, args.token, args.read_timeout), args, stop)
    runner = threading.Thread(target=account.run, name="account", daemon=True)
    runner.start()
    log(f"playing {', '.join(args.variants)} on {args.url}; Ctrl-C stops")
    try:
        while runner.is_alive() and not stop.is_set():
            runner.join(0.5)
    except KeyboardInterrupt:
        pass
    stop.set()
    log("stopped")
    return 0 if not account.done else 1


if __name__ == "__main__":
    sys.exit(main())
