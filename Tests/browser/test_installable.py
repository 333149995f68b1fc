"""The web client as an installable app: the manifest and its icons as Chromium's own
installability check takes them, the service worker that opens the page without a
connection, and the Web Push switch and the notifications the worker shows.

Headless Chromium has no push service (the browser's subscription would go to Google's
servers), so the test cannot subscribe for real nor receive a push through one: it checks
when the switch shows, that a refused subscription says so and stays off, and that a push
delivered to the worker (CDP's ServiceWorker.deliverPushMessage, which is how DevTools
"pushes") becomes a notification with the right title, text, tag and link."""

import json
import re
import struct
import urllib.request
from pathlib import Path

import pytest

from pages import OxoPage

PUBLIC = Path(__file__).resolve().parents[2] / "Public"
# A P-256 point (65 bytes, uncompressed), as GET /v1/push/key gives it once the server has
# Web Push; only its shape matters to the browser before it asks its push service.
PUSH_KEY = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers, response.read()


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "a PNG file"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_and_its_icons_are_served_as_an_installable_app_needs(server):
    status, headers, body = fetch(f"{server.url}/manifest.webmanifest")
    assert status == 200
    assert headers["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(body)
    assert manifest["display"] == "standalone" and manifest["scope"] == "/" and manifest["start_url"].startswith("/")
    purposes = set()
    for icon in manifest["icons"]:
        status, headers, data = fetch(f"{server.url}/{icon['src']}")
        assert headers["Content-Type"] == "image/png"
        width, height = png_size(data)
        assert f"{width}x{height}" == icon["sizes"]
        purposes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes

    status, headers, _ = fetch(f"{server.url}/sw.js")
    assert headers["Content-Type"].startswith("application/javascript")
    # The page's policy lets the worker and the manifest load: both fall back to default-src 'self'.
    policy = headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "worker-src" not in policy and "manifest-src" not in policy


def test_the_service_worker_keeps_every_file_of_the_page():
    listed = set(re.findall(r"^  '\./([^']*)',$", (PUBLIC / "sw.js").read_text(), re.MULTILINE))
    files = {str(path.relative_to(PUBLIC)) for path in PUBLIC.rglob("*") if path.is_file()} - {"sw.js"}
    assert files - listed == set(), "files the worker would not have offline"
    assert listed - files - {""} == set(), "files listed that do not exist"


def installed_page(server, browsers, **size):
    page = OxoPage(browsers(**size), server.url)
    page.register(display_name="Ivy")
    # WebDriver waits for a promise the script returns.
    page.wait_js("return navigator.serviceWorker.ready.then(r => r.active?.state === 'activated')", "the worker active")
    return page


def test_chromium_finds_nothing_in_the_way_of_installing_it(server, browsers):
    page = installed_page(server, browsers, width=390, height=844)
    errors = page.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == [], errors
    manifest = page.driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["errors"] == [], manifest["errors"]


def test_the_page_opens_offline_from_the_workers_copy_and_says_it_is_offline(server, browsers):
    page = installed_page(server, browsers)
    # The page's files come through the worker once it controls the page.
    page.driver.refresh()
    page.wait_ready()
    page.wait_js("return navigator.serviceWorker.controller !== null", "the worker controls the page")
    assert page.find("#connection").get_attribute("hidden") is not None

    # No connection at all: the server is down too, so nothing can come from it.
    server.stop()
    try:
        page.driver.execute_cdp_cmd("Network.enable", {})
        page.driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                                    {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        page.driver.refresh()
        page.wait_ready()
        page.visible("#connection")
        page.wait_text("#connection", "You are offline")
        assert page.driver.execute_script("return document.body.dataset.offline") == "true"
        # The whole page came from the copy: its style sheet applies and the screens are there.
        assert page.driver.execute_script("return getComputedStyle(document.body).fontFamily").startswith("system-ui")
        page.visible("#tabbar" if page.driver.execute_script("return innerWidth < 600") else "#topbar .brand")

        page.driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                                    {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    finally:
        server.start()
    page.wait(lambda d: "offline" not in page.text("#connection"), "the note gone with the connection")
    page.wait_online(timeout=30)


def push_settings(page):
    page.click("#bell")
    page.click("#notification-settings summary")
    page.wait_js("return document.getElementById('push-setting').dataset.push !== 'unknown'", "the push switch read")
    return page.find("#push-setting")


def test_the_push_switch_is_offered_and_off_where_the_server_has_web_push(server, browsers):
    page = installed_page(server, browsers)
    setting = push_settings(page)
    assert setting.get_attribute("data-push") == "off" and setting.is_displayed()


def test_a_refused_subscription_is_said_and_leaves_the_switch_off(server, browsers):
    page = OxoPage(browsers(), server.url)
    # A stand-in for the key of a server with Web Push (another branch builds it):
    # the page's fetch of GET /v1/push/key answers as that server will.
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        const realFetch = window.fetch;
        window.fetch = (input, init) => String(input).endsWith('/v1/push/key')
          ? Promise.resolve(new Response(JSON.stringify({ public_key: %s }), { headers: { 'Content-Type': 'application/json' } }))
          : realFetch(input, init);""" % json.dumps(PUSH_KEY)})
    page.register(display_name="Ivy")
    page.driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["notifications"]})
    setting = push_settings(page)
    assert setting.get_attribute("data-push") == "off" and setting.is_displayed()
    page.wait_text("#push-setting", "notify me when the app is closed")
    page.wait_text("#push-help", "even with no OXO page open")

    page.click("#push-switch")
    # Headless Chromium reaches no push service and never answers; on a phone this is
    # where the browser subscribes. The page gives up after 15 s and says so.
    page.wait_text("#push-error", "This browser could not reach its push service", timeout=30)
    page.wait_js("return !document.getElementById('push-switch').disabled", "the switch usable again")
    assert not page.find("#push-switch").is_selected()
    assert page.find("#push-setting").get_attribute("data-push") == "off"


def test_a_pushed_message_becomes_a_notification_that_leads_to_its_screen(server, browsers):
    page = installed_page(server, browsers)
    page.driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["notifications"]})
    payload = {"kind": "your_turn", "title": "Your turn · OXO", "body": "Bob moved in game K7QX3M",
               "url": "/#/game/00000000-0000-4000-8000-000000000000", "tag": "turn-0000"}
    # The worker's registration id is Chromium's: a fresh profile numbers its first one 0.
    page.driver.execute_cdp_cmd("ServiceWorker.enable", {})
    page.driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage", {
        "origin": server.url, "registrationId": "0", "data": json.dumps(payload)})
    shown = page.wait_js("""return navigator.serviceWorker.ready.then(r => r.getNotifications()).then(list => list.length
        ? list.map(n => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, url: n.data.url })) : null)""",
                         "a notification shown")
    assert shown == [{"title": "Your turn · OXO", "body": "Bob moved in game K7QX3M", "tag": "turn-0000",
                      "icon": f"{server.url}/icons/icon-192.png", "url": payload["url"]}]
