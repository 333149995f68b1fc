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
venv="$here/.venv"

say "oxo binary"
binary="${OXO_BINARY:-$repo/.build/debug/oxo}"
if [ -z "${OXO_BINARY:-}" ]; then
    # Build when it is missing or older than the sources, as the browser tests do.
    if [ ! -x "$binary" ] || [ -n "$(find Sources Package.swift -newer "$binary" -print -quit)" ]; then
        swift build --product oxo
    fi
fi
export OXO_BINARY="$binary"
"$binary" --help >/dev/null

say "the examples' tests"
set +e
"$venv/bin/python" -m pytest "$here" -c "$here/pytest.ini" --rootdir "$here" "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
    echo "run.sh: pytest collected no tests; that counts as a failure" >&2
    exit 1
fi
exit "$status"
