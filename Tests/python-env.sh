# Sourced by the test scripts that run Python (Tests/browser/run.sh, Tests/fuzz/run.sh,
# Tests/examples/run.sh) and by .ci/run, which prepares the environments while the Swift
# build runs.
#
#   python_env Tests/fuzz      # Tests/fuzz/.venv with Tests/fuzz/requirements.txt installed
#
# A folder's requirements-no-deps.txt, when it has one, is installed after that with
# --no-deps: packages wanted for a file they carry (axe-core's axe.min.js inside
# axe-playwright-python), not for what they would pull in (Playwright and its browsers).

# Debian's python3 comes without venv on some images: that package is installed when a
# venv cannot be made (as root, or through sudo).
python_env() {
    local folder venv
    folder="$(cd "$1" && pwd)"
    venv="$folder/.venv"
    if [ ! -x "$venv/bin/python" ]; then
        if ! python3 -m venv "$venv" 2>/dev/null; then
            rm -rf "$venv"
            local root=""
            [ "$(id -u)" = 0 ] || root=sudo
            $root apt-get update -qq
            DEBIAN_FRONTEND=noninteractive $root apt-get install -y -qq python3-venv python3-pip >/dev/null
            python3 -m venv "$venv"
        fi
    fi
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$folder/requirements.txt"
    if [ -f "$folder/requirements-no-deps.txt" ]; then
        "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps -r "$folder/requirements-no-deps.txt"
    fi
}

# Sets OXO_BINARY to the oxo the tests run: the one it names, used as it is, or the debug
# build, built first when it is missing or older than the sources (another build may hold
# the lock on .build for a while; swift build waits for it). Run from the repository's root.
oxo_binary() {
    if [ -z "${OXO_BINARY:-}" ]; then
        OXO_BINARY="$PWD/.build/debug/oxo"
        if [ ! -x "$OXO_BINARY" ] || [ -n "$(find Sources Package.swift -newer "$OXO_BINARY" -print -quit)" ]; then
            swift build --product oxo
        fi
    fi
    export OXO_BINARY
    "$OXO_BINARY" --help >/dev/null
}

# Runs the pytest suite in `folder` (its .venv, pytest.ini and root) with the remaining
# arguments, and exits with its status; a run that collected no test counts as failed.
run_pytest() {
    local folder="$1" status
    shift
    set +e
    "$folder/.venv/bin/python" -m pytest "$folder" -c "$folder/pytest.ini" --rootdir "$folder" "$@"
    status=$?
    set -e
    if [ "$status" -eq 5 ]; then
        echo "run.sh: pytest collected no tests; that counts as a failure" >&2
        exit 1
    fi
    exit "$status"
}
