# Sourced by the test scripts that run Python (Tests/browser/run.sh, Tests/fuzz/run.sh) and
# by .ci/run, which prepares both environments while the Swift build runs.
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
