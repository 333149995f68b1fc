"""Two people who know nothing of each other find each other and play, again and again:
a challenge from the list of who is online, Play random, and a rematch with the series
score carried over."""

from pages import OxoPage


def test_a_challenge_is_seen_accepted_played_and_played_again(server, browsers):
    alice = OxoPage(browsers(), server.url)
    alice.register(display_name="Alice")
    bob = OxoPage(browsers(), server.url)
    bob.register(display_name="Bob")
    bob_id = bob.user_id()

    # Alice finds Bob on the list of who is online and challenges him, taking O.
    alice.wait_player_online(bob_id)
    alice.wait_text(f"#online-players li[data-user='{bob_id}']", "in the lobby")
    alice.challenge(bob_id, "O")

    # Bob is told at once; the toast showing is what tells Alice it was seen.
    bob.visible(".toast[data-direction='received']")
    bob.wait_text(".toast[data-direction='received']", "Alice challenges you: you would play X.")
    alice.visible(".toast[data-direction='made'][data-seen='true']")
    alice.wait_text(".toast[data-direction='made'] .challenge-state", "seen")

    # Bob accepts: both land, seated, in the same new game.
    bob.click(".toast[data-direction='received'] button.primary")
    bob.wait_screen("game")
    alice.wait_screen("game")
    game_id = bob.game_id()
    assert alice.game_id() == game_id
    bob.wait_text("#game-status", "Your turn (X).")
    alice.wait_text("#game-role", "You play O.")
    assert not alice.find_all(".toast"), "the accepted challenge leaves no toast behind"

    # They play it to the end; the series shows the score.
    for page, cell in [(bob, 0), (alice, 3), (bob, 1), (alice, 4), (bob, 2)]:
        page.wait_js("return document.getElementById('game-status').classList.contains('is-my-turn')", "my turn")
        page.play(cell)
    for page in (alice, bob):
        page.wait_phase("finished")
    bob.wait_text("#series", "Series: you 1 – 0 Alice · 0 draws")
    alice.wait_text("#series", "Series: you 0 – 1 Bob · 0 draws")

    # Both press Rematch: one new game starts, sides swapped, and the series goes on.
    alice.click("#rematch")
    bob.wait_text("#rematch-text", "Alice offers a rematch.")
    bob.click("#rematch")
    for page in (alice, bob):
        page.wait_js(f"return location.hash.startsWith('#/game/') && !location.hash.endsWith({game_id!r})", "the rematch shown")
        page.wait_phase("live")
    rematch_id = alice.game_id()
    assert bob.game_id() == rematch_id != game_id
    alice.wait_text("#game-status", "Your turn (X).")
    bob.wait_text("#game-role", "You play O.")
    alice.wait_text("#series", "Series: you 0 – 1 Bob")
    for page in (alice, bob):
        assert page.javascript_errors() == []


def test_two_strangers_pressing_play_random_land_in_one_game(server, browsers):
    carol = OxoPage(browsers(), server.url)
    carol.register(display_name="Carol")
    dave = OxoPage(browsers(), server.url)
    dave.register(display_name="Dave")

    # Carol waits, changes her mind, and waits again.
    carol.click("#play-random")
    carol.wait_text("#random-status", "Looking for an opponent…")
    carol.click("#cancel-random")
    carol.visible("#play-random")
    carol.click("#play-random")
    carol.wait_text("#random-status", "Looking for an opponent…")

    # Dave presses: they are paired, and both are taken to the game.
    dave.click("#play-random")
    for page in (carol, dave):
        page.wait_screen("game")
        page.wait_phase("live")
    assert carol.game_id() == dave.game_id()
    roles = sorted(page.text("#game-role") for page in (carol, dave))
    assert roles == ["You play O.", "You play X."]
    for page in (carol, dave):
        assert page.javascript_errors() == []
