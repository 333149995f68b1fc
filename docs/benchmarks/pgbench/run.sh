#!/bin/bash
# What PostgreSQL's own CPU a move is when the move's statements are sent unnamed (parsed
# and planned each time, as PostgresNIO sends a query), prepared by name, or prepared and
# pipelined in one round trip: pgbench with 16 clients, PostgreSQL's processes' CPU read
# from /proc before and after each run (the backends that ended count in the postmaster's).
# Run as root beside a PostgreSQL whose processes belong to the user `postgres`
# (.ci/postgres.sh starts one):
#
#   OXO=.build/debug/oxo POSTGRES_URL=postgres://oxo:oxo@127.0.0.1:55491/oxo docs/benchmarks/pgbench/run.sh [seconds]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
seconds=${1:-40}
pgbench=$(ls /usr/lib/postgresql/*/bin/pgbench | sort -V | tail -1)
url=${POSTGRES_URL%/*}/oxo_pgbench
work=$(mktemp -d)
trap 'kill $serve 2>/dev/null || true; rm -rf "$work"' EXIT

psql -q "$POSTGRES_URL" -c "DROP DATABASE IF EXISTS oxo_pgbench" -c "CREATE DATABASE oxo_pgbench"
# The server migrates the database as it starts; then it is stopped.
DATABASE_URL=$url "$OXO" serve --port 18199 > "$work/serve.log" 2>&1 & serve=$!
until grep -q "OXO listening" "$work/serve.log"; do sleep 1; done
kill $serve; wait $serve 2>/dev/null || true
psql -q "$url" -f "$here/setup.sql"

sed 's/^BEGIN;/\\startpipeline\nBEGIN;/; s/^COMMIT;/COMMIT;\n\\endpipeline/' "$here/move.sql" > "$work/move-pipelined.sql"
grep -v '^SELECT "id"' "$here/move.sql" > "$work/move-without-row.sql"

postgres_ticks() {
    python3 - "$1" <<'PY'
import json, os, pwd, sys
uid = pwd.getpwnam('postgres').pw_uid
ticks = {}
for pid in filter(str.isdigit, os.listdir('/proc')):
    try:
        if os.stat('/proc/' + pid).st_uid == uid:
            fields = open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()
            # its own time, and that of its children that ended (the postmaster's backends)
            ticks[pid] = sum(map(int, fields[11:15]))
    except OSError:
        pass
json.dump(ticks, open(sys.argv[1], 'w'))
PY
}

echo "| how the statements are sent | transactions/s | PostgreSQL CPU a move |"
echo "| --- | ---: | ---: |"
row() {
    local label=$1 mode=$2 script=$3
    postgres_ticks "$work/t0.json"
    "$pgbench" -n -M "$mode" -c 16 -j 2 -T "$seconds" -D P="$(cat "$here/payload.json")" -f "$script" "$url" > "$work/out" 2> "$work/err"
    sleep 1  # until the postmaster has reaped the run's backends
    postgres_ticks "$work/t1.json"
    python3 - "$work" "$(getconf CLK_TCK)" "$label" <<'PY'
import json, re, sys
work, hz, label = sys.argv[1], int(sys.argv[2]), sys.argv[3]
a, b = json.load(open(work + '/t0.json')), json.load(open(work + '/t1.json'))
seconds = sum(v - a.get(k, 0) for k, v in b.items()) / hz
out = open(work + '/out').read()
done = int(re.search(r'actually processed: ([0-9]+)', out).group(1))
tps = float(re.search(r'tps = ([0-9.]+)', out).group(1))
print(f'| {label} | {tps:.0f} | {1e6 * seconds / done:,.0f} µs |')
PY
}
row "unnamed (-M extended)" extended "$here/move.sql"
row "prepared by name (-M prepared)" prepared "$here/move.sql"
row "prepared, one round trip (pipeline)" prepared "$work/move-pipelined.sql"
row "unnamed, without the game's row" extended "$work/move-without-row.sql"
row "prepared, without the game's row" prepared "$work/move-without-row.sql"
