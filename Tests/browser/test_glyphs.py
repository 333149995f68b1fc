"""Symbols that need a font: Debian's Chromium with its usual fonts (DejaVu) has no ⏮ or
⏭ and draws them as empty boxes, and pictographs such as ⚙ ☾ ☀ come from whatever symbol
font a system has. The page draws such things as inline SVG instead."""

import re
from pathlib import Path

from oxo_api import Api, beat
from pages import OxoPage

PUBLIC = Path(__file__).resolve().parents[2] / "Public"
# Technical symbols, geometric shapes, pictographs, dingbats, arrows of the supplement, emoji.
PICTOGRAPHS = re.compile("[\u2300-\u23ff\u25a0-\u25ff\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001ffff]")


def test_no_text_of_the_page_depends_on_a_symbol_font():
    found = []
    for path in sorted(PUBLIC.rglob("*")):
        if path.suffix not in {".js", ".css", ".html"}:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for symbol in PICTOGRAPHS.findall(line):
                found.append(f"{path.relative_to(PUBLIC)}:{number}: {symbol} (U+{ord(symbol):04X})")
    assert not found, "symbols that need a font:\n" + "\n".join(found)


def test_the_replays_step_buttons_are_drawn_whatever_the_fonts(server, browsers):
    alice, bob = Api.register(server.url, display_name="Alice"), Api.register(server.url, display_name="Bob")
    game = beat(alice, bob)
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(alice, f"/replay/{game['id']}")
    page.visible("#replay-first")
    for button in ("#replay-first", "#replay-previous", "#replay-next", "#replay-last"):
        drawn = page.driver.execute_script(
            "const b = document.querySelector(arguments[0]); const svg = b.querySelector('svg');"
            "return { text: b.textContent.trim(), width: svg ? svg.getBoundingClientRect().width : 0,"
            " label: b.getAttribute('aria-label') }", button)
        assert drawn["text"] == "" and drawn["width"] >= 16, f"{button} is not an icon: {drawn}"
        assert drawn["label"], f"{button} has no name"
