#!/usr/bin/env bash
# `oxo bench` through nginx in front of NODES `oxo serve` processes on one PostgreSQL, as
# deploy/nginx/oxo.conf sets them up, with the server's share of the CPU counted for every
# process that serves: the nodes, PostgreSQL and nginx.
#
#   OXO=.build-release/release/oxo POSTGRES_URL=postgres://oxo:oxo@127.0.0.1:55433/oxo \
#     docs/benchmarks/cluster.sh 3 games --games 200 --duration 20
#
# The first argument is the number of nodes (1 to 3); the rest go to `oxo bench`. Each run
# makes a database of its own (the role in POSTGRES_URL must be allowed to), pins the
# nodes, PostgreSQL's processes and nginx to core 1 and the load generator to core 0, and
# spreads the generator's sockets over ten local addresses, since nginx allows 256
# connections an address. Needs nginx (Debian's), psql and taskset.
set -euo pipefail
nodes=${1:?number of nodes, 1 to 3}; shift
oxo=${OXO:?the oxo binary to run, a release build}
url=${POSTGRES_URL:?postgres://… of a server whose role may create databases}
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work=$(mktemp -d)
database="bench_cluster_$$"
psql -q "$url" -c "CREATE DATABASE $database"
node_url="${url%/*}/$database"
pids=()

stop() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [ -f "$work/nginx.pid" ]; then kill -QUIT "$(cat "$work/nginx.pid")" 2>/dev/null || true; fi
    wait 2>/dev/null || true
    for pid in $(pgrep -x postgres || true); do taskset -pc "0-$(($(nproc) - 1))" "$pid" >/dev/null 2>&1 || true; done
    psql -q "$url" -c "DROP DATABASE IF EXISTS $database" || true
    rm -rf "$work"
}
trap stop EXIT

unlimited=1000000000
for node in $(seq 1 "$nodes"); do
    DATABASE_URL=$node_url taskset -c 1 "$oxo" serve --port "808$node" --bcrypt-cost 4 \
        --trusted-proxy 127.0.0.1 --registration-limit $unlimited --sign-in-attempt-limit $unlimited \
        --sign-in-address-limit $unlimited --password-hashing-queue $unlimited --sockets-per-address $unlimited \
        --socket-open-limit $unlimited --socket-subscription-limit $unlimited --requests-per-address $unlimited \
        --chat-message-limit $unlimited --log-level warning >"$work/node$node.log" 2>&1 &
    pids+=($!)
    # One after the other: the first migrates the new database.
    until curl -fsS "http://127.0.0.1:808$node/health/ready" >/dev/null 2>&1; do sleep 0.2; done
done

# The operator's file, with as many upstream servers as nodes and a port of its own.
awk -v nodes="$nodes" '
    /^[[:space:]]*server 127\.0\.0\.1:808[0-9]/ { if (++seen > nodes) next }
    /^[[:space:]]*listen 80;/ { sub(/listen 80;/, "listen 127.0.0.1:8090;") }
    { print }' "$repo/deploy/nginx/oxo.conf" >"$work/oxo.conf"
cat >"$work/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx.pid;
events { worker_connections 8192; }
http {
    access_log off;
    client_body_temp_path $work/body; proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi; uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
    include $work/oxo.conf;
}
EOF
taskset -c 1 nginx -p "$work" -e "$work/nginx.log" -c "$work/nginx.conf"
until curl -fsS http://127.0.0.1:8090/health/ready >/dev/null 2>&1; do sleep 0.2; done
# PostgreSQL's processes, and through its postmaster the backends it starts from now on.
for pid in $(pgrep -x postgres || true); do taskset -pc 1 "$pid" >/dev/null 2>&1 || true; done

# CPU ticks (user + system) of the serving processes, by kind: the nodes, nginx,
# PostgreSQL. Counted over the whole bench, its set-up (sign-ups at bcrypt cost 4, games
# made) included.
ticks() {
    local total=0 pid
    for pid in "$@"; do
        [ -r "/proc/$pid/stat" ] || continue
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
    done
    echo "$total"
}
# PostgreSQL's backends come and go with the pool; its children's time is kept in the
# postmaster's cutime and cstime once they end, so both are read.
postgres_ticks() {
    local postmaster
    postmaster=$(pgrep -o -x postgres)
    echo $(( $(ticks $(pgrep -x postgres)) + $(awk '{print $16 + $17}' "/proc/$postmaster/stat") ))
}
before=("$(ticks "${pids[@]}")" "$(ticks $(pgrep -x nginx))" "$(postgres_ticks)")
started=$(date +%s.%N)
taskset -c 0 "$oxo" bench "$@" --url http://127.0.0.1:8090 --source-addresses 10
elapsed=$(echo "$(date +%s.%N) - $started" | bc)
after=("$(ticks "${pids[@]}")" "$(ticks $(pgrep -x nginx))" "$(postgres_ticks)")
hz=$(getconf CLK_TCK)
printf '\nserving processes over %.1f s, in %% of a core:' "$elapsed"
for i in 0 1 2; do
    name=$(echo "nodes nginx PostgreSQL" | cut -d' ' -f$((i + 1)))
    printf ' %s %.0f' "$name" "$(echo "100 * (${after[$i]} - ${before[$i]}) / $hz / $elapsed" | bc -l)"
done
printf '\n'
