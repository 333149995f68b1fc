"""Photos and avatars: chosen at registration through the file input, changed and
removed in Settings, shown in the topbar, the online list and the game's player panels."""

import struct
import zlib

from oxo_api import Api, unique_name
from pages import OxoPage
from test_safety import NASTY, assert_no_alert


def png(width, height, rgb):
    """A real PNG, made here so that the browser can draw it: of one colour, or with
    `rgb(x, y)` giving each pixel's colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    if callable(rgb):
        rows = b"".join(b"\x00" + b"".join(bytes(rgb(x, y)) for x in range(width)) for y in range(height))
    else:
        rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


# A real 1×1 GIF.
GIF = bytes.fromhex("47494638396101000100800000ff000000000021f90401000000002c00000000010001000002024401003b")


def photo_file(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def media_url(server, data):
    """Where an uploaded photo is served: an address given to the upload, not derived from
    its bytes, so only its prefix is known; `wait_picture` checks the picture was drawn."""
    return f"{server.url}/v1/media/"


def wait_picture(page, css, expected_src):
    """Waits until the <img> shows `expected_src` (a prefix will do) and has been drawn."""
    page.wait(lambda d: d.execute_script(
        "const i = document.querySelector(arguments[0]);"
        "return i && i.src.startsWith(arguments[1]) && i.complete && i.naturalWidth > 0", css, expected_src),
        f"{css} drawn from {expected_src}")


def fill_registration(page, photo_path):
    """Fills the register form with a new name and the photo at `photo_path`; returns the name."""
    username = unique_name("pic")
    page.open("/register")
    page.wait_screen("register")
    page.find("#username").send_keys(username)
    page.find("#email").send_keys(f"{username}@example.org")
    page.find("#new-password").send_keys("correct horse")
    page.find("#register-photo").send_keys(photo_path)
    return username


def test_a_photo_chosen_at_registration_is_shown_in_the_topbar(server, browsers, tmp_path):
    photo = png(40, 30, (200, 30, 30))
    page = OxoPage(browsers(), server.url)
    username = fill_registration(page, photo_file(tmp_path, "me.png", photo))
    # The preview shows the chosen picture before anything is sent.
    wait_picture(page, "#register-photo-preview", "blob:")
    page.find("form.auth button[type=submit]").click()
    page.wait_screen("lobby")
    page.wait_online()
    wait_picture(page, "#my-avatar", media_url(server, photo))
    size = page.driver.execute_script("const r = document.getElementById('my-avatar').getBoundingClientRect(); return [r.width, r.height]")
    assert size == [28, 28]
    # The online list shows it too.
    wait_picture(page, f"#online-players li[data-username='{username}'] img.avatar", media_url(server, photo))
    assert page.javascript_errors() == []


def test_a_refused_photo_makes_no_account(server, browsers, tmp_path):
    page = OxoPage(browsers(), server.url)
    username = fill_registration(page, photo_file(tmp_path, "me.svg", b"<svg xmlns='http://www.w3.org/2000/svg'/>"))
    page.wait_text("#register-photo-problem", "PNG, JPEG, WebP or GIF")
    page.find("form.auth button[type=submit]").click()
    page.wait_text("#auth-error", "PNG, JPEG, WebP or GIF")
    assert page.screen() == "register"
    # The name is still free: no account was made.
    Api.register(server.url, username=username)


def test_the_photo_and_the_name_are_changed_in_settings(server, browsers, tmp_path):
    page = OxoPage(browsers(), server.url)
    username = page.register()
    stock = f"{server.url}/v1/avatars/stock.svg?"
    wait_picture(page, "#my-avatar", stock)
    page.click("#settings-link")
    page.wait_screen("settings")
    assert not page.find("#remove-photo").is_displayed(), "no photo to remove yet"

    page.find("#settings-photo").send_keys(photo_file(tmp_path, "cat.gif", GIF))
    wait_picture(page, "#settings-photo-preview", "blob:")
    page.click("#save-photo")
    page.wait_text("#photo-status", "saved")
    wait_picture(page, "#my-avatar", media_url(server, GIF))
    wait_picture(page, "#settings-avatar", media_url(server, GIF))

    page.click("#remove-photo")
    page.wait_text("#photo-status", "removed")
    wait_picture(page, "#my-avatar", stock)

    name = page.find("#settings-display-name")
    name.clear()
    name.send_keys("Zoë Q")
    page.click("#save-name")
    page.wait_text("#name-status", "saved")
    page.wait_text("#signed-in-as", "Zoë Q")
    # The stock picture follows the new name: its initials are drawn from it.
    wait_picture(page, "#my-avatar", f"{stock}name=Zo%C3%AB%20Q&seed={username}")

    # A refusal is shown in words, and nothing changes.
    page.find("#settings-photo").send_keys(photo_file(tmp_path, "notes.txt", b"just text"))
    page.wait_text("#settings-photo-problem", "PNG, JPEG, WebP or GIF")
    page.click("#save-photo")
    page.wait_text("#photo-error", "PNG, JPEG, WebP or GIF")
    wait_picture(page, "#my-avatar", stock)
    assert page.javascript_errors() == []


def test_a_display_name_with_markup_set_in_settings_stays_text(server, browsers):
    page = OxoPage(browsers(), server.url)
    page.register()
    page.open("/settings")
    page.wait_screen("settings")
    name = page.find("#settings-display-name")
    name.clear()
    name.send_keys(NASTY)
    page.click("#save-name")
    page.wait_text("#signed-in-as", NASTY)
    # The stock picture drawn from that name is an image, not markup.
    wait_picture(page, "#my-avatar", f"{server.url}/v1/avatars/stock.svg?")
    assert_no_alert(page)
    assert page.driver.execute_script(
        "return [...document.querySelectorAll('img')].every(i => i.classList.contains('avatar'))")
    assert page.javascript_errors() == []


def test_an_opponent_sees_the_photo_in_the_game(server, browsers):
    photo = png(8, 8, (20, 120, 220))
    alice = Api.register(server.url, display_name="Alice")
    alice.call_raw("PUT", "/v1/me/avatar", photo, "image/png")
    game = alice.create_game("X")
    bob = OxoPage(browsers(), server.url)
    bob.sign_in_as(Api.register(server.url, display_name="Bob"))
    bob.join_from_lobby(game["id"])
    wait_picture(bob, "#players li[data-mark='X'] img.avatar", media_url(server, photo))
    wait_picture(bob, "#players li[data-mark='O'] img.avatar", f"{server.url}/v1/avatars/stock.svg?name=Bob&")
    assert bob.javascript_errors() == []
