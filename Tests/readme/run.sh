#!/usr/bin/env bash
# The README's "Play through the API" walkthrough, run as written: its first ```sh block
# that calls curl, against a fresh `oxo serve` on a free port with a new SQLite file.
# The address in the text (127.0.0.1:8080) is pointed at that port; nothing else changes.
# Then what it printed is checked: Bob's join started the game, both moves were accepted,
# and the game read at the end holds them.
#
#   Tests/readme/run.sh                           # builds oxo if it is missing or stale
#   OXO_BINARY=/path/to/oxo Tests/readme/run.sh   # another binary, used as it is
#
# Needs bash, curl and python3 (standard library only). Exits non-zero, naming the step,
# when a step answers an error or an answer is not what the walkthrough shows; ends with
# "readme: N passed, 0 failed" otherwise. The server is stopped however the run ends.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

say() { printf '\n--- %s\n' "$1"; }
die() { printf 'readme: %s\n' "$1" >&2; exit 1; }

for tool in curl python3; do
    command -v "$tool" >/dev/null 2>&1 || die "the walkthrough needs $tool, which is not installed"
done

say "oxo binary"
binary="${OXO_BINARY:-$repo/.build/debug/oxo}"
if [ -z "${OXO_BINARY:-}" ]; then
    # Build when it is missing or older than the sources, as the browser tests do.
    if [ ! -x "$binary" ] || [ -n "$(find Sources Package.swift -newer "$binary" -print -quit)" ]; then
        swift build --product oxo
    fi
fi
[ -x "$binary" ] || die "no oxo binary at $binary"
echo "$binary"

work="$(mktemp -d "${TMPDIR:-/tmp}/oxo-readme.XXXXXX")"
server=""
stop_server() {
    if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
        kill -TERM "$server" 2>/dev/null || true
        for _ in $(seq 150); do
            kill -0 "$server" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$server" 2>/dev/null; then kill -KILL "$server" 2>/dev/null || true; fi
        wait "$server" 2>/dev/null || true
    fi
    server=""
}
finish() {
    stop_server
    rm -rf "$work"
}
trap finish EXIT
trap 'exit 130' INT TERM

server_log() {
    printf -- '--- what the server refused\n' >&2
    grep 'refused' "$work/server.log" >&2 || echo "(nothing)" >&2
    printf -- '--- the last lines of the server log\n' >&2
    tail -n 8 "$work/server.log" >&2 || true
}

say "the walkthrough in README.md"
# The first ```sh block that contains curl, verbatim.
if ! awk '
    /^```sh[[:space:]]*$/ { inside = 1; block = ""; next }
    /^```/ && inside { if (block ~ /curl/) { printf "%s", block; found = 1; exit } inside = 0; next }
    inside { block = block $0 "\n" }
    END { if (!found) exit 1 }
' README.md >"$work/readme.sh"; then
    die "README.md has no \`\`\`sh block that calls curl"
fi
grep -q '127\.0\.0\.1:8080' "$work/readme.sh" || die "the walkthrough does not name http://127.0.0.1:8080"
cat "$work/readme.sh"

say "a fresh server"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$binary" serve --port "$port" --data "$work/oxo.sqlite" --bcrypt-cost 4 >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 600); do
    if ! kill -0 "$server" 2>/dev/null; then
        server_log
        die "oxo serve exited before it answered /health"
    fi
    if curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1; then break; fi
    sleep 0.1  # polling for the server to come up
done
curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 || { server_log; die "oxo serve did not answer /health in 60 s"; }
echo "http://127.0.0.1:$port"

say "running it"
sed "s#127\.0\.0\.1:8080#127.0.0.1:$port#g" "$work/readme.sh" >"$work/walkthrough.sh"
set +e
(cd "$work" && timeout 120 bash -euo pipefail walkthrough.sh) >"$work/out" 2>"$work/err"
status=$?
set -e
cat "$work/out"
if [ -s "$work/err" ]; then
    printf -- '--- what it wrote to stderr\n'
    cat "$work/err"
fi

say "checking what it printed"
set +e
python3 - "$work/out" "$status" <<'PY'
"""Checks the walkthrough's answers: every curl printed one JSON document, in the order
of the README (Bob's join, Alice's move, Bob's move, the game)."""
import json
import sys

path, status = sys.argv[1], int(sys.argv[2])
text = open(path, encoding="utf-8").read()
passed, failed = 0, 0


def check(ok, what, why=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {what}")
    else:
        failed += 1
        print(f"FAIL {what}" + (f": {why}" if why else ""))


def answers(text):
    """The JSON documents printed one after another (with or without newlines between)."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return found, None
        try:
            value, at = decoder.raw_decode(text, at)
        except json.JSONDecodeError:
            return found, text[at:at + 200]
        found.append(value)


check(status == 0, "the walkthrough ran to its end",
      "it took more than 120 s" if status == 124 else "it stopped with exit status %d" % status)
docs, junk = answers(text)
check(junk is None, "everything it printed is JSON", "not JSON: %r" % junk)

steps = ["Bob joins with the code", "Alice plays cell 4", "Bob plays cell 0", "the game, read at the end"]
check(len(docs) == len(steps), f"it printed {len(steps)} answers", f"it printed {len(docs)}")
for index, step in enumerate(steps):
    doc = docs[index] if index < len(docs) else None
    error = doc.get("error") if isinstance(doc, dict) else None
    if doc is None:
        check(False, f"{step}: answered", "no answer")
    elif error is not None:
        check(False, f"{step}: answered without an error",
              "%s: %s" % (error.get("code"), error.get("message")) if isinstance(error, dict) else error)
    else:
        check(isinstance(doc, dict) and "id" in doc, f"{step}: answered with a game", json.dumps(doc)[:200])


def game(index):
    doc = docs[index] if index < len(docs) else None
    return doc if isinstance(doc, dict) and "error" not in doc else {}


def moves(g):
    return [(m.get("number"), m.get("cell"), m.get("mark")) for m in g.get("moves", [])]


def player(g, side):
    return ((g.get(side) or {}).get("player") or {}).get("username")


joined, first, second, final = (game(i) for i in range(4))
check(joined.get("phase") == "live" and player(joined, "x") == "alice" and player(joined, "o") == "bob",
      "Bob's join started the game: live, Alice X, Bob O",
      "phase %r, X %r, O %r" % (joined.get("phase"), player(joined, "x"), player(joined, "o")))
check(moves(first) == [(1, 4, "X")] and first.get("turn") == "O",
      "Alice's move was accepted: X on cell 4, O to play",
      "moves %r, turn %r" % (moves(first), first.get("turn")))
check(moves(second) == [(1, 4, "X"), (2, 0, "O")] and second.get("turn") == "X",
      "Bob's move was accepted: O on cell 0, X to play",
      "moves %r, turn %r" % (moves(second), second.get("turn")))
check(final.get("board") == "O...X...." and moves(final) == [(1, 4, "X"), (2, 0, "O")]
      and final.get("phase") == "live" and final.get("id") == joined.get("id"),
      "the game read at the end shows both moves on the board (O...X....)",
      "board %r, moves %r, phase %r" % (final.get("board"), moves(final), final.get("phase")))

print(f"readme: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
checked=$?
set -e
if [ "$checked" -ne 0 ]; then
    server_log
    die "the README walkthrough does not work as written (see FAIL above)"
fi
