"""A program running in a pseudo-terminal of its own, in a tmux server private to the test:
keys are typed with `send-keys` and the screen read with `capture-pane`, as a person at a
real terminal would type and see (the browser tests' counterpart of the Swift suite's
TerminalPane)."""

import os
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
import uuid

TMUX = shutil.which("tmux")


class TerminalPane:
    def __init__(self, name, arguments, environment, columns=100, rows=40):
        """Starts `arguments` (the program first) in a `columns` × `rows` terminal. When the
        program ends, the pane says how and stays for the test to read (remain-on-exit,
        rather than a shell left waiting, so that nothing outlives close())."""
        self.name = name
        self.socket = f"oxo-browser-{uuid.uuid4().hex[:8]}"
        handle, self.configuration = tempfile.mkstemp(prefix=f"{self.socket}-", suffix=".conf")
        with os.fdopen(handle, "w") as configuration:
            configuration.write("set -g remain-on-exit on\n")
        assignments = " ".join(f"{key}={shlex.quote(value)}" for key, value in environment.items())
        command = f"env {assignments} {shlex.join(arguments)}; echo \"[exited $?]\""
        self._tmux("-f", self.configuration, "new-session", "-d", "-s", name,
                   "-x", str(columns), "-y", str(rows), command)
        self.pid = int(self._tmux("display-message", "-p", "#{pid}").strip())

    def type(self, text):
        """Types `text` as it is, then Enter."""
        self._tmux("send-keys", "-t", self.name, "-l", text)
        self.press("Enter")

    def press(self, *keys):
        """Presses keys by their tmux names: Enter, Up, Down, Left, Right, C-c."""
        self._tmux("send-keys", "-t", self.name, *keys)

    def screen(self):
        """The screen as it shows now, as text."""
        return self._tmux("capture-pane", "-p", "-t", self.name)

    def wait_for(self, text, timeout=30):
        """Waits until the screen shows `text` and returns the screen; fails with the
        screen as it was when it does not within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"the {self.name} terminal never showed {text!r} in {timeout} s; "
                                     f"it shows:\n{shown}")
            time.sleep(0.1)  # polling the screen, not waiting for time to pass

    def close(self):
        """Ends the tmux server and the program in it."""
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], capture_output=True, timeout=10)
        deadline = time.monotonic() + 5
        while self._server_running() and time.monotonic() < deadline:
            time.sleep(0.1)
        if self._server_running():
            os.kill(self.pid, signal.SIGKILL)  # kill-server was not heeded
        os.unlink(self.configuration)

    def _server_running(self):
        try:
            os.kill(self.pid, 0)
            return True
        except ProcessLookupError:
            return False

    def _tmux(self, *arguments):
        done = subprocess.run([TMUX, "-L", self.socket, *arguments], capture_output=True, text=True, timeout=10,
                              env={"PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
                                   "HOME": tempfile.gettempdir()})
        if done.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(arguments)} failed: {done.stderr.strip()}")
        return done.stdout
