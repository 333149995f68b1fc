"""Fixtures for the browser tests: a real `oxo serve` on a free port with a fresh data
file, and headless Chromium sessions (Debian's chromium and chromium-driver) that save
a screenshot and their console when a test fails."""

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service

os.environ.setdefault("SE_AVOID_STATS", "true")

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("OXO_BROWSER_ARTIFACTS", REPO / "browser-artifacts"))
BINARY = Path(os.environ.get("OXO_BINARY", REPO / ".build" / "debug" / "oxo"))
PUBLIC = Path(os.environ.get("OXO_PUBLIC", REPO / "Public"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OxoServer:
    """One `oxo serve` process; stop() and start() again keep its port and data file."""

    def __init__(self, workdir, extra_args=()):
        self.extra_args = list(extra_args)
        self.port = free_port()
        self.data = Path(workdir) / "oxo.sqlite"
        self.log_path = Path(workdir) / "server.log"
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self, timeout=60):
        if not BINARY.exists():
            raise RuntimeError(f"{BINARY} is missing: run `swift build --product oxo` (run.sh does)")
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--port", str(self.port), "--data", str(self.data),
             "--bcrypt-cost", "4", "--public-directory", str(PUBLIC),
             # Every browser here comes from 127.0.0.1, and a new Chromium profile asks for
             # each of the client's ~80 files twice (the page, the service worker's copy):
             # a module's browsers outrun one address's default budget, which is meant for
             # one client (RequestsPerAddressTests checks the limit itself).
             "--requests-per-address", "100000"] + self.extra_args,
            stdout=log, stderr=subprocess.STDOUT, cwd=str(REPO))
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"oxo serve exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/health", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)  # polling for the server to come up, not waiting for a page
        raise RuntimeError(f"oxo serve did not answer /health in {timeout} s:\n{self.log_tail()}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self):
        self.stop()
        self.start()

    def log_tail(self, lines=40):
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


@pytest.fixture(scope="module")
def server_args():
    """Extra `oxo serve` options for a module's server; a module overrides this fixture
    to shorten a timer (`--away-grace 3`, say)."""
    return []


@pytest.fixture(scope="module")
def server(server_args):
    """A fresh server and data file for each test module (the server limits
    registrations per client address, and every test here comes from 127.0.0.1)."""
    workdir = tempfile.mkdtemp(prefix="oxo-browser-")
    oxo = OxoServer(workdir, server_args)
    oxo.start()
    yield oxo
    oxo.stop()
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def new_driver(width=1280, height=900, browser_language=None):
    """A new Chromium; `browser_language` ("fr") is the language its user set, as the page
    reads it from navigator.languages (and the Accept-Language header)."""
    options = webdriver.ChromeOptions()
    if browser_language:
        options.add_argument(f"--lang={browser_language}")
        options.add_experimental_option("prefs", {"intl.accept_languages": f"{browser_language},en"})
    binary = os.environ.get("CHROME_BINARY") or _chromium()
    if binary:
        options.binary_location = binary
    options.add_argument("--headless=new")
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--disable-gpu")
    options.add_argument("--no-first-run")
    options.add_argument("--disable-extensions")
    options.add_argument("--hide-scrollbars")
    options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(30)
    set_viewport(driver, width, height)
    return driver


def set_viewport(driver, width, height):
    """Sizes the window so that the page's viewport is exactly width × height."""
    driver.set_window_rect(width=width, height=height)
    for _ in range(3):
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if inner == [width, height]:
            return
        rect = driver.get_window_rect()
        # A reused window caught mid-resize can report an inner size that would make the
        # outer one nonsense (Chromium answers "'width' out of range"): the emulation below
        # is exact whatever the window's size.
        outer = (rect["width"] + width - inner[0], rect["height"] + height - inner[1])
        if min(outer) < min(width, height) // 2:
            break
        try:
            driver.set_window_rect(width=outer[0], height=outer[1])
        except WebDriverException:
            break
    # Chromium may clamp very small windows; the emulation below is exact.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


class DriverPool:
    """Chromium sessions kept open from one test to the next. Launching one costs seconds
    of CPU (4 s on a CI machine running slow), and the suite opens well over a hundred.
    A session goes back to the pool only if its test passed and sent it no DevTools
    command (those can outlast the test: injected scripts, emulated networks, granted
    permissions); it comes back in a fresh tab, its origin's storage cleared, its console
    read, so that a test cannot tell it from a new one."""

    KEEP = 4

    def __init__(self):
        self.idle = []

    def take(self, width, height, browser_language=None):
        if browser_language:
            # A language is set when Chromium starts: such a session is its test's alone.
            driver = new_driver(width, height, browser_language)
            driver.oxo_reusable = False
            driver.oxo_devtools = driver.execute_cdp_cmd
            return driver
        while self.idle:
            driver = self.idle.pop()
            try:
                set_viewport(driver, width, height)
                if driver.oxo_reusable:
                    return driver
            except Exception:
                pass
            quit_quietly(driver)
        driver = new_driver(width, height)
        driver.oxo_reusable = True
        send_devtools_command = driver.execute_cdp_cmd
        driver.oxo_devtools = send_devtools_command

        def tracked(command, arguments):
            driver.oxo_reusable = False
            return send_devtools_command(command, arguments)
        driver.execute_cdp_cmd = tracked
        return driver

    def give_back(self, driver, origin):
        if not getattr(driver, "oxo_reusable", False) or len(self.idle) >= self.KEEP:
            quit_quietly(driver)
            return
        try:
            used = driver.window_handles
            driver.switch_to.new_window("tab")
            for handle in used:
                driver.switch_to.window(handle)
                driver.close()
            driver.switch_to.window(driver.window_handles[0])
            driver.oxo_devtools("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            driver.get_log("browser")
            self.idle.append(driver)
        except Exception:
            quit_quietly(driver)

    def close(self):
        while self.idle:
            quit_quietly(self.idle.pop())


def quit_quietly(driver):
    try:
        driver.quit()
    except Exception:
        pass


@pytest.fixture(scope="session")
def driver_pool():
    pool = DriverPool()
    yield pool
    pool.close()


@pytest.fixture
def browsers(request, server, artifacts, driver_pool):
    """Opens browser sessions on demand: `browsers()` gives one that is as good as new
    (its own profile or a cleared one, so its own localStorage). All are closed or put
    back after the test; on failure each leaves a screenshot and its console log in
    browser-artifacts/failures/. `browser_language` ("fr"): a new Chromium whose user set
    that language (test_languages.py); the page's own choice is OxoPage.use_language."""
    opened = []

    def open_browser(width=1280, height=900, browser_language=None):
        driver = driver_pool.take(width, height, browser_language)
        opened.append(driver)
        return driver

    yield open_browser

    failed = getattr(request.node, "failed", False)
    for index, driver in enumerate(opened):
        if not failed:
            driver_pool.give_back(driver, server.url)
            continue
        try:
            folder = artifacts / "failures"
            folder.mkdir(parents=True, exist_ok=True)
            stem = f"{request.node.name}-{index}"
            driver.save_screenshot(str(folder / f"{stem}.png"))
            logs = driver.get_log("browser")
            (folder / f"{stem}.console.txt").write_text(
                "\n".join(f"{entry['level']} {entry['message']}" for entry in logs))
        except Exception:  # a broken session must not hide the test's own failure
            pass
        quit_quietly(driver)
    if failed:
        (artifacts / "failures" / f"{request.node.name}-server.log").write_text(server.log_tail(200))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        item.failed = True
