"""A phone whose clock is 90 seconds fast still shows a game's clocks as the server runs
them: the page counts down from the server's time (each pong's `server_time`, within half
a round trip), not from the device's. The device's clock is set wrong before the page
loads (Date and performance.timeOrigin moved on 90 s); the test keeps the true time to
see the moment each second turns on the page."""

from datetime import datetime

from oxo_api import Api
from pages import OxoPage

SKEW_MS = 90_000
PHONE = {"width": 390, "height": 844}

# The device's clock 90 s fast, as a phone set by hand would be; the true time stays
# reachable for the test only (window.__trueNow).
FAST_CLOCK = """
(() => {
  const TrueDate = Date;
  const trueNow = TrueDate.now.bind(TrueDate);
  const skew = %d;
  class FastDate extends TrueDate {
    constructor(...args) { if (args.length) super(...args); else super(trueNow() + skew); }
    static now() { return trueNow() + skew; }
  }
  window.Date = FastDate;
  const origin = performance.timeOrigin + skew;
  Object.defineProperty(Performance.prototype, 'timeOrigin', { get: () => origin });
  window.__trueNow = trueNow;
})();
""" % SKEW_MS

# Notes the true moment each change of X's clock is drawn.
WATCH_CLOCK = """
const face = document.getElementById('clock-x');
window.__turns = [];
new MutationObserver(() => window.__turns.push([face.textContent, window.__trueNow()]))
  .observe(face, { childList: true, characterData: true, subtree: true });
"""


def epoch_ms(iso):
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1000


def test_a_fast_device_clock_shows_the_servers_time_left_to_a_tenth_of_a_second(server, browsers):
    alice, bob = Api.register(server.url, display_name="Alice"), Api.register(server.url, display_name="Bob")
    game = alice.create_game("X", time_control={"kind": "clock", "initial_seconds": 60, "increment_seconds": 0})
    bob.join(game["id"])  # X's minute runs from now

    page = OxoPage(browsers(**PHONE), server.url)
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAST_CLOCK})
    page.sign_in_as(alice, path=f"/game/{game['id']}")
    assert page.driver.execute_script("return Date.now() - window.__trueNow()") >= SKEW_MS - 1000, "the device runs fast"
    page.wait_js("return /^0:5\\d$/.test(document.getElementById('clock-x').textContent)",
                 "X's clock counting down from the server's minute, not from 90 s ahead of it")

    page.driver.execute_script(WATCH_CLOCK)
    page.wait_js("return window.__turns.length >= 3", "three seconds turned", timeout=10)
    turns = page.driver.execute_script("return window.__turns")
    clock = Api(server.url, alice.token).game(game["id"])["clock"]
    assert clock["running"] == "X"
    started = epoch_ms(clock["measured_at"])
    for text, seen_at in turns:
        seconds = int(text.split(":")[1])
        # "0:57" shows from the moment less than 58 s are left on the server's clock.
        due = started + clock["x_ms"] - (seconds + 1) * 1000
        assert abs(seen_at - due) < 100, f"{text} drawn {seen_at - due:+.0f} ms from the server's moment"
    assert page.javascript_errors() == []
