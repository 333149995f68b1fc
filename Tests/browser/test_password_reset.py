"""A forgotten password, reset through the link in the mail a relay on 127.0.0.1 received:
the relay is the test's own (aiosmtpd), the server is told of it with --smtp-url."""

import email
import email.policy
import threading
import time

import pytest
from aiosmtpd.controller import Controller

from conftest import free_port
from pages import OxoPage


class MailSink:
    """Keeps every mail the server hands over."""

    def __init__(self):
        self.mails = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        mail = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        with self.lock:
            self.mails.append((list(envelope.rcpt_tos), mail))
        return "250 OK"

    def wait_for(self, recipient, subject, timeout=30):
        """The first mail to `recipient` whose subject starts with `subject`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                for recipients, mail in self.mails:
                    if recipient in recipients and mail["Subject"].startswith(subject):
                        return mail
            time.sleep(0.05)  # polling for the mail to arrive, not waiting for a timer
        raise AssertionError(f"no mail {subject!r} to {recipient} in {timeout} s")


def link_in(mail):
    text = mail.get_body(preferencelist=("plain",)).get_content()
    return next(line for line in text.splitlines() if line.startswith("http"))


@pytest.fixture(scope="module")
def mail_sink():
    sink = MailSink()
    relay = Controller(sink, hostname="127.0.0.1", port=free_port())
    relay.start()
    yield sink, relay.port
    relay.stop()


@pytest.fixture(scope="module")
def server_args(mail_sink):
    return ["--smtp-url", f"smtp://127.0.0.1:{mail_sink[1]}", "--mail-from", "OXO <oxo@example.org>"]


def test_a_forgotten_password_is_reset_through_the_mailed_link(server, browsers, mail_sink):
    sink, _ = mail_sink
    page = OxoPage(browsers(), server.url)
    username = page.register()
    address = f"{username}@example.org"

    # The address is confirmed by the link mailed at registration, and Settings says so.
    page.open("/settings")
    page.wait_text("#email-state", "is not confirmed yet")
    verify = link_in(sink.wait_for(address, "Confirm your address"))
    assert verify.startswith(f"{server.url}/#/verify/")
    page.driver.get(verify)
    page.wait_text("#verify-status", "Your address is confirmed")
    assert page.driver.execute_script("return location.hash") == "#/verify"
    page.open("/settings")
    page.wait_text("#email-state", "is confirmed")

    # Signed out, the password forgotten.
    page.click("#sign-out")
    page.wait_screen("signin")
    page.click("#to-forgot")
    page.wait_screen("forgot")
    page.find("#forgot-email").send_keys(address)
    page.click("#forgot-submit")
    page.wait_text("#forgot-status", "a link is on its way")

    reset = sink.wait_for(address, "Reset your OXO password")
    html = reset.get_body(preferencelist=("html",)).get_content()
    link = link_in(reset)
    assert link.startswith(f"{server.url}/#/reset/")
    assert f'href="{link}"' in html
    page.driver.get(link)
    page.wait_screen("reset")
    # The token is taken out of the address bar at once.
    assert page.driver.execute_script("return location.hash") == "#/reset"
    page.find("#reset-password").send_keys("a brand new password")
    page.click("#reset-submit")
    page.wait_screen("signin")

    page.sign_in(username, password="a brand new password")
    page.wait_text("#signed-in-as", username)
