#!/usr/bin/env bash
# The REST API fuzzed from its own OpenAPI document: schemathesis generates requests for
# every operation (examples, boundary values, random data, and chains of calls), signed
# in, against a real `oxo serve` on a free port with a fresh data file, and fails on any
# 5xx, any answer the document does not describe, any request the document allows that
# the server refuses and any it forbids that the server takes (all of schemathesis's
# checks; schemathesis.toml names the few rules JSON Schema cannot state). The seed is
# fixed and the number of examples bounded, so a run is repeatable and takes a few
# minutes. Then the known awkward requests in test_documented_answers.py, each checked
# against the document.
#
#   Tests/fuzz/run.sh                       # install what is missing, build oxo if needed, run
#   FUZZ_EXAMPLES=500 Tests/fuzz/run.sh     # a longer run
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
source Tests/python-env.sh

say() { printf '\n--- %s\n' "$1"; }

say "Python packages (Tests/fuzz/.venv)"
python_env "$here"
venv="$here/.venv"

say "oxo binary"
oxo_binary
binary="$OXO_BINARY"

say "server"
work="$(mktemp -d)"
port="$("$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# Limits raised so that the fuzzer reaches the operations rather than the rate limits.
"$binary" serve --port "$port" --data "$work/oxo.sqlite" --bcrypt-cost 4 --log-level warning \
    --requests-per-address 1000000 --registration-limit 1000000 --sign-in-address-limit 1000000 --sign-in-attempt-limit 1000000 \
    --game-code-lookup-limit 1000000 >"$work/server.log" 2>&1 &
server=$!
stop() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
trap 'stop; rm -rf "$work"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -sf "$base/health/ready" >/dev/null && break; sleep 0.2; done
token="$(curl -sf "$base/v1/accounts" \
    -d '{"username":"fuzzer","email":"fuzzer@example.org","password":"fuzzer-password"}' |
    "$venv/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["token"])')"

say "schemathesis against $base/openapi.json"
set +e
# Signing out would end the fuzzer's own session and leave it nothing but 401s. The
# socket's handshake, once right, is a WebSocket that an HTTP fuzzer cannot speak: the
# Swift suite's socket tests cover it. The account's stream of JSON lines never ends by
# itself, and a game's lasts as long as its game; turning the fuzzer's account into a bot
# is for good and would change what every later request may do: StreamTests,
# StreamDocumentTests and PlayerBotTests cover them.
"$venv/bin/st" --config-file "$here/schemathesis.toml" run "$base/openapi.json" -H "Authorization: Bearer $token" \
    --seed 1 --max-examples "${FUZZ_EXAMPLES:-50}" --workers 1 \
    --checks all \
    --exclude-path /v1/sessions/current --exclude-path /v1/socket \
    --exclude-path /v1/me/stream --exclude-path '/v1/games/{gameID}/stream' --exclude-path /v1/me/bot --warnings off
fuzzed=$?

say "known awkward requests"
OXO_URL="$base" "$venv/bin/python" -m pytest "$here" -q -p no:cacheprovider
known=$?
set -e

if grep -E '^[0-9T:+-]+ (error|critical)' "$work/server.log"; then
    echo "run.sh: the server logged errors (above)" >&2
    exit 1
fi
[ "$fuzzed" -eq 0 ] && [ "$known" -eq 0 ]
