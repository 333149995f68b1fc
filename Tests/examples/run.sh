#!/usr/bin/env bash
# The examples in examples/ against a real `oxo serve`: curl-game.sh plays a whole game,
# python_bot.py beats a random player over ten games and carries on across a restart of
# the server (its streams resume with after=). Each test starts a server of its own on a
# free port with a fresh SQLite file.
#
#   Tests/examples/run.sh                           # builds oxo if it is missing or stale
#   OXO_BINARY=/path/to/oxo Tests/examples/run.sh   # another binary, used as it is
#   Tests/examples/run.sh -k curl -x                # extra arguments go to pytest
#
# Needs bash, curl and python3; pytest goes into Tests/examples/.venv. Exits non-zero when
# a test fails or when no test ran.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
source Tests/python-env.sh

say() { printf '\n--- %s\n' "$1"; }

command -v curl >/dev/null 2>&1 || { echo "run.sh: the examples need curl, which is not installed" >&2; exit 1; }

say "Python packages (Tests/examples/.venv)"
python_env "$here"

say "oxo binary"
oxo_binary

say "the examples' tests"
run_pytest "$here" "$@"
