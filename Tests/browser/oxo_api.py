"""A few REST calls for setting up tests (the browser does the rest)."""

import itertools
import json
import os
import urllib.error
import urllib.request

_counter = itertools.count(1)


def unique_name(prefix):
    """A username no other test (or earlier run against the same data file) has used."""
    return f"{prefix}{os.getpid() % 10000}n{next(_counter)}"[:20]


class ApiError(Exception):
    def __init__(self, status, body):
        super().__init__(f"{status}: {body}")
        self.status = status
        self.body = body

    @property
    def code(self):
        return (self.body or {}).get("error", {}).get("code")


class Api:
    def __init__(self, base_url, token=None):
        self.base_url = base_url
        self.token = token

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read()
                return json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            text = error.read()
            raise ApiError(error.code, json.loads(text) if text else None) from None

    def call_raw(self, method, path, data, content_type):
        """Sends `data` as the body as it is, such as a photo."""
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Content-Type", content_type)
        request.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    @classmethod
    def register(cls, base_url, username=None, display_name=None, password="correct horse"):
        username = username or unique_name("api")
        body = {"username": username, "email": f"{username}@example.org", "password": password}
        if display_name:
            body["display_name"] = display_name
        grant = cls(base_url).call("POST", "/v1/accounts", body)
        api = cls(base_url, grant["token"])
        api.grant = grant
        api.user = grant["user"]
        api.password = password
        return api

    def create_game(self, side="X", mode="online", listed=None, level=None, time_control=None, variant=None):
        body = {"side": side, "mode": mode}
        if variant:
            body["variant"] = variant
        if time_control:
            body["time_control"] = time_control
        if listed is not None:
            body["listed"] = listed
        if level:
            body["level"] = level
        return self.call("POST", "/v1/games", body)

    def join(self, game_id):
        return self.call("POST", f"/v1/games/{game_id}/join")

    def game(self, game_id):
        return self.call("GET", f"/v1/games/{game_id}")

    def move(self, game_id, cell, move_number=None):
        if move_number is None:
            move_number = len(self.game(game_id)["moves"]) + 1
        return self.call("POST", f"/v1/games/{game_id}/moves", {"cell": cell, "move_number": move_number})

    def befriend(self, other):
        """Asks `other` (an Api) to be friends and has them accept: friends at once."""
        self.call("POST", "/v1/me/friends", {"username": other.user["username"]})
        other.call("POST", f"/v1/me/friends/{self.user['id']}/accept")

    def rename(self, display_name):
        return self.call("PATCH", "/v1/me", {"display_name": display_name})

    def profile(self, user_id=None):
        """A player's profile (their record, rating and rating history); our own by default."""
        return self.call("GET", f"/v1/users/{user_id or self.user['id']}/profile")


TOP_ROW_WIN = [0, 3, 1, 4, 2]
# X b2, O a1, X c1, O a3, X a2, O c2, X b3, O b1, X c3: a full board and nobody's line.
DRAWN = [4, 0, 2, 6, 3, 5, 7, 1, 8]


def play(x, o, cells, time_control=None):
    """`x` opens an online game, `o` joins it, and they play `cells` in turn, over REST."""
    game = x.create_game("X", time_control=time_control)
    o.join(game["id"])
    for index, cell in enumerate(cells):
        (x if index % 2 == 0 else o).move(game["id"], cell, index + 1)
    return game


def beat(winner, loser, time_control=None):
    """`winner` (X) beats `loser` (O) along the top row, over REST (a game with a bot needs
    a clock)."""
    return play(winner, loser, TOP_ROW_WIN, time_control)


def draw(x, o):
    """`x` and `o` fill the board without a line, over REST."""
    return play(x, o, DRAWN)


def taking_turns(first, second, round_number):
    """Each of the two wins every other game."""
    return first if round_number % 2 else second


def play_until_established(players, winner=taking_turns, rounds=40):
    """Round after round every two of `players` play a rated game, won by the one that
    `winner(first, second, round_number)` names (None: a draw), until nobody's rating is
    provisional any more (Glicko-2 needs a dozen games or more). Returns the rounds played."""
    for number in range(1, rounds + 1):
        for first, second in itertools.combinations(players, 2):
            chosen = winner(first, second, number)
            if chosen is None:
                draw(first, second)
            else:
                beat(chosen, second if chosen is first else first)
        if not any(player.profile()["rating"]["provisional"] for player in players):
            return number
    raise AssertionError(f"still provisional after {rounds} rounds")
