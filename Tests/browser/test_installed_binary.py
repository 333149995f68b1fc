"""An installed `oxo` carries its web client: started from a folder that has no Public/,
with no --public-directory, it serves the client from the copy the build put beside it."""

import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium.webdriver.support.ui import WebDriverWait

from conftest import BINARY, free_port, new_driver, quit_quietly


def test_the_binary_started_elsewhere_serves_its_web_client_in_chromium():
    folder = Path(tempfile.mkdtemp(prefix="oxo-elsewhere-"))
    port = free_port()
    log = open(folder / "server.log", "wb")
    process = subprocess.Popen([str(BINARY), "serve", "--port", str(port), "--bcrypt-cost", "4"],
                               cwd=str(folder), stdout=log, stderr=subprocess.STDOUT)
    driver = None
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1):
                    break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, (folder / "server.log").read_text()
                time.sleep(0.1)  # polling for the server to come up
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as answer:
            assert answer.headers.get_content_type() == "text/html"
        driver = new_driver()
        driver.get(f"http://127.0.0.1:{port}/")
        # The client's modules ran: the first screen is drawn into the page's main element.
        WebDriverWait(driver, 20).until(lambda d: d.find_elements("css selector", "#main > *"))
        assert driver.title.startswith("OXO")
        assert "no web client to serve" not in (folder / "server.log").read_text()
    finally:
        if driver:
            quit_quietly(driver)
        process.terminate()
        process.wait(timeout=15)
        log.close()
