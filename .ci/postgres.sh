# Functions that give the test run its own PostgreSQL on 127.0.0.1: a fresh cluster in
# a temporary folder, owned by the postgres user (initdb refuses to run as root).

postgres_install() {
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq postgresql >/dev/null
    fi
    POSTGRES_BIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")
}

# Up to 1,000 connections: the test suites run many servers at once, each with its own pool.
# The cluster lives in memory when it can (/dev/shm): the suites create and drop a database
# for every test server, and on a disk the kernel's search for free inodes among the
# thousands just deleted took about 5 % of both cores.
# The port is POSTGRES_PORT when set, or else one the kernel says is free: a fixed port can
# be taken (by another cluster, or by a test server given it as a free port), and PostgreSQL
# then cannot listen. Such a start is tried again on another port, twice at most.
postgres_start() {
    local parent=/tmp tries=3
    if [ -d /dev/shm ] && [ -w /dev/shm ]; then parent=/dev/shm; fi
    POSTGRES_DIR=$(mktemp -d "$parent/oxo-postgres.XXXXXX")
    chown postgres:postgres "$POSTGRES_DIR"
    runuser -u postgres -- "$POSTGRES_BIN/initdb" -D "$POSTGRES_DIR/data" -U postgres -A trust >/dev/null
    if [ -n "${POSTGRES_PORT:-}" ]; then tries=1; fi
    while true; do
        local port=${POSTGRES_PORT:-$(postgres_free_port)}
        if runuser -u postgres -- "$POSTGRES_BIN/pg_ctl" -D "$POSTGRES_DIR/data" -l "$POSTGRES_DIR/log" -w start \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $POSTGRES_DIR -c fsync=off -c max_connections=1000" >/dev/null; then
            POSTGRES_PORT=$port
            break
        fi
        echo "PostgreSQL did not start on 127.0.0.1:$port:" >&2
        tail -n 3 "$POSTGRES_DIR/log" >&2
        tries=$((tries - 1))
        if [ "$tries" -eq 0 ]; then rm -rf "$POSTGRES_DIR"; return 1; fi
    done
    runuser -u postgres -- psql -h 127.0.0.1 -p "$POSTGRES_PORT" -U postgres -q \
        -c "CREATE ROLE oxo LOGIN PASSWORD 'oxo' CREATEDB" -c "CREATE DATABASE oxo OWNER oxo"
    export POSTGRES_PORT POSTGRES_URL="postgres://oxo:oxo@127.0.0.1:$POSTGRES_PORT/oxo"
    echo "PostgreSQL $("$POSTGRES_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$POSTGRES_PORT"
}

# A TCP port of 127.0.0.1 that nothing uses now.
postgres_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

postgres_stop() {
    if [ -n "${POSTGRES_DIR:-}" ] && [ -d "$POSTGRES_DIR/data" ]; then
        runuser -u postgres -- "$POSTGRES_BIN/pg_ctl" -D "$POSTGRES_DIR/data" -m fast stop >/dev/null || true
        rm -rf "$POSTGRES_DIR"
    fi
}
