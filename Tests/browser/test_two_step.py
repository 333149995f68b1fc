"""Two-step sign-in in the web client: turned on in Settings with a code computed here
from the secret the page shows (RFC 6238, with the standard library only), then signing in
with a code, and with a recovery code."""

import base64
import hashlib
import hmac
import re
import struct
import time

from oxo_api import Api, ApiError
from pages import OxoPage


def totp(secret, steps_ahead=0):
    """The six-digit code an authenticator app shows for `secret` (base32, spaces allowed)."""
    text = secret.replace(" ", "")
    key = base64.b32decode(text + "=" * (-len(text) % 8))
    counter = int(time.time()) // 30 + steps_ahead
    mac = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    number = struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF
    return f"{number % 1_000_000:06d}"


def sign_out(page):
    page.open("/")
    page.wait_screen("lobby")
    page.click("#sign-out")
    page.wait_screen("signin")


def sign_in_asked_for_a_code(page, api):
    page.find("#login").send_keys(api.user["username"])
    page.find("#password").send_keys(api.password)
    page.find("form.auth button[type=submit]").click()
    page.visible("#sign-in-code")
    page.wait_text("#auth-error", "code")
    assert page.screen() == "signin"


def test_two_step_sign_in_is_turned_on_used_and_recovered_from(server, browsers):
    api = Api.register(server.url)
    page = OxoPage(browsers(), server.url)
    page.sign_in_as(api, "/settings")
    page.wait_screen("settings")
    page.wait_text("#two-step-state", "Off")

    # Turning it on: the password again, then the secret in groups of four and its link.
    page.find("#two-step-password").send_keys(api.password)
    page.click("#two-step-begin")
    secret = page.visible("#totp-secret").text
    assert re.fullmatch(r"([A-Z2-7]{4} ){7}[A-Z2-7]{4}", secret), secret
    link = page.find("#totp-link").get_attribute("href")
    assert link == f"otpauth://totp/OXO:{api.user['username']}?secret={secret.replace(' ', '')}&issuer=OXO"
    page.find("#two-step-confirm-code").send_keys(totp(secret))
    page.click("#two-step-confirm")
    page.wait(lambda d: len(page.find_all("#recovery-codes li")) == 10, "ten recovery codes shown")
    codes = [item.text for item in page.find_all("#recovery-codes li")]
    page.click("#recovery-codes-done")
    page.wait_text("#two-step-state", "10 recovery codes left")
    assert page.find_all("#recovery-codes li") == [], "the codes are shown once"

    # The password alone no longer signs in: the form asks for the code.
    sign_out(page)
    sign_in_asked_for_a_code(page, api)
    # The code that turned it on is spent: the app's next one signs in.
    page.find("#sign-in-code").send_keys(totp(secret, steps_ahead=1))
    page.find("form.auth button[type=submit]").click()
    page.wait_screen("lobby")
    page.wait_online()

    # Without the phone: a recovery code, good once.
    sign_out(page)
    sign_in_asked_for_a_code(page, api)
    page.find("#sign-in-code").send_keys(codes[0])
    page.find("form.auth button[type=submit]").click()
    page.wait_screen("lobby")
    try:
        Api(server.url).call("POST", "/v1/sessions",
                             {"login": api.user["username"], "password": api.password, "recovery_code": codes[0]})
        raise AssertionError("a recovery code signed in twice")
    except ApiError as error:
        assert error.code == "invalid_credentials"
    page.open("/settings")
    page.wait_screen("settings")
    page.wait_text("#two-step-state", "9 recovery codes left")
