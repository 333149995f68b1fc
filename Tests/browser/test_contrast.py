"""Every text of every screen, in both themes, reaches WCAG AA against what is drawn behind
it: 4.5:1, or 3:1 for large text. The page is walked as a player sees it (friends, a game
with its chat, a replay at its winning line, the bell's panel, the new-game sheet, a
guest's note) and `contrast.js` measures each visible piece of text; the test lists every
one below the bar."""

from pathlib import Path

from pages import OxoPage
from screens import a_player_with_everything, walk_signed_in

CHECK = (Path(__file__).parent / "contrast.js").read_text()
# Colours are measured as they end, not in the middle of a transition or an animation. A
# constructed style sheet, since the page's policy (default-src 'self') refuses a <style>
# element made by a script, while it leaves the CSSOM alone.
STILL = "const s = new CSSStyleSheet(); s.replaceSync('*, *::before, *::after " \
        "{ transition: none !important; animation: none !important; }');" \
        "document.adoptedStyleSheets = [...document.adoptedStyleSheets, s];"


def low_contrast(page, where):
    page.driver.execute_script(STILL)
    return [f"{where} [{page.shown_theme()}]: {o}" for o in page.driver.execute_script(CHECK)]


def test_every_text_of_every_screen_meets_aa_in_both_themes(server, browsers):
    alice, screens = a_player_with_everything(server)
    found = []
    for width in (1280, 390):
        page = OxoPage(browsers(width, 900), server.url)
        for theme in ("light", "dark"):
            page.open("/signin")
            page.use_theme(theme)
            found += low_contrast(page, f"sign in {width}")
            page.open("/register")
            page.wait_screen("register")
            found += low_contrast(page, f"register {width}")

        page.sign_in_as(alice)
        for theme in ("light", "dark"):
            page.use_theme(theme)
            found += walk_signed_in(page, width, screens, lambda where: low_contrast(page, where))

    guest = OxoPage(browsers(390, 900), server.url)
    guest.open("/signin")
    guest.click("#play-as-guest")
    guest.wait_screen("lobby")
    for theme in ("light", "dark"):
        guest.use_theme(theme)
        guest.visible("#guest-note")
        found += low_contrast(guest, "a guest's lobby")
    assert not found, f"{len(found)} texts below WCAG AA:\n" + "\n".join(found)
