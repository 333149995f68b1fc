#!/usr/bin/env bash
# The web client's browser tests: headless Chromium (Debian's chromium and
# chromium-driver) driven by Selenium against a real `oxo serve` on a free port, and
# `oxo online` in tmux for the terminal players a web page watches.
#
#   Tests/browser/run.sh                 # install what is missing, build oxo if needed, run
#   Tests/browser/run.sh -k restart -x   # extra arguments go to pytest
#
# Screenshots (and, for a failing test, its screenshot, console and server log) land in
# browser-artifacts/. Exits non-zero when a test fails or when no test ran.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
source Tests/python-env.sh
export SE_AVOID_STATS=true

say() { printf '\n--- %s\n' "$1"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=""
apt_install() {
    if [ -z "$apt_updated" ]; then as_root apt-get update -qq; apt_updated=1; fi
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

say "Chromium, chromedriver and tmux"
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
# test_terminal_watcher plays at `oxo online` in tmux pseudo-terminals (skipped without it).
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
chromium --version 2>/dev/null | head -1 || true

say "Python packages (Tests/browser/.venv)"
python_env "$here"

say "oxo binary"
oxo_binary

say "browser tests"
run_pytest "$here" "$@"
