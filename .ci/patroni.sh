#!/usr/bin/env bash
# A PostgreSQL primary and its synchronous standby under Patroni, on 127.0.0.1, for the
# failover test (Tests/oxoTests/Failover) and for benchmarks: one etcd (Patroni's store),
# two PostgreSQL 15 servers each kept by its own Patroni (run as the postgres user, since
# initdb refuses root), and HAProxy sending one port to whichever of the two is the primary,
# by Patroni's REST check (`GET /primary` answers 200 on the leader alone). Everything lives
# in one temporary folder, PATRONI_DIR, whose `env` file names the ports.
#
# The settings are deploy/patroni/'s, with this machine's ports and folders: Patroni's
# synchronous mode (an acknowledged commit is on both servers), not strict (with the standby
# gone Patroni clears synchronous_standby_names and the primary goes on alone: OXO's
# /metrics says so in oxo_database_synchronous_standbys), a leader key living 10 s.
#
# Sourced (`source .ci/patroni.sh; patroni_start`), or run: `bash .ci/patroni.sh start`
# prints the folder; `PATRONI_DIR=… bash .ci/patroni.sh kill-primary` and the other commands
# below act on the pair that folder holds. `PATRONI_SYNC=off` starts the pair without the
# synchronous standby (asynchronous streaming), for the benchmark's comparison.

PATRONI_NODES="pg1 pg2"

patroni_install() {
    local missing=""
    command -v patroni >/dev/null || missing+=" patroni"
    command -v etcd >/dev/null || missing+=" etcd-server"
    command -v haproxy >/dev/null || missing+=" haproxy"
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then missing+=" postgresql"; fi
    if [ -n "$missing" ]; then
        # Their Debian packages start daemons (etcd on 2379, HAProxy, a PostgreSQL cluster)
        # that the tests do not want: the starts are refused, and whatever started anyway stopped.
        local policy=/usr/sbin/policy-rc.d made=""
        if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod +x "$policy"; made=1; fi
        export DEBIAN_FRONTEND=noninteractive
        # shellcheck disable=SC2086
        apt-get install -y -qq $missing >/dev/null 2>&1 || { apt-get update -qq; apt-get install -y -qq $missing >/dev/null; }
        if [ -n "$made" ]; then rm -f "$policy"; fi
        for service in etcd haproxy patroni postgresql; do
            service "$service" stop >/dev/null 2>&1 || true
            command -v systemctl >/dev/null && systemctl disable "$service" >/dev/null 2>&1 || true
        done
    fi
    PATRONI_PG_BIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")
}

patroni_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

patroni_log() { printf '[patroni.sh %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# Reads the pair's ports and folders from PATRONI_DIR/env.
patroni_load() {
    [ -n "${PATRONI_DIR:-}" ] && [ -f "$PATRONI_DIR/env" ] || { echo "PATRONI_DIR names no running pair" >&2; return 1; }
    # shellcheck disable=SC1091
    source "$PATRONI_DIR/env"
}

# Starts etcd, both Patroni nodes and HAProxy, and returns once HAProxy reaches a primary
# that accepts writes and (with PATRONI_SYNC on) the standby is synchronous.
# Exports PATRONI_DIR, PATRONI_URL (postgres://oxo:oxo@127.0.0.1:<haproxy>/oxo, the primary) and
# PATRONI_STANDBY_URL (HAProxy's port for the standby).
patroni_start() {
    patroni_install || return 1
    local parent=/tmp
    if [ -d /dev/shm ] && [ -w /dev/shm ]; then parent=/dev/shm; fi
    PATRONI_DIR=$(mktemp -d "$parent/oxo-patroni.XXXXXX")
    chmod 755 "$PATRONI_DIR"
    local sync=true
    [ "${PATRONI_SYNC:-on}" = off ] && sync=false
    {
        echo "PATRONI_PG_BIN=$PATRONI_PG_BIN"
        echo "PATRONI_SYNC=$sync"
        echo "ETCD_PORT=$(patroni_free_port)"
        echo "ETCD_PEER_PORT=$(patroni_free_port)"
        echo "HAPROXY_PORT=$(patroni_free_port)"
        echo "HAPROXY_STANDBY_PORT=$(patroni_free_port)"
        for node in $PATRONI_NODES; do
            echo "${node}_PG_PORT=$(patroni_free_port)"
            echo "${node}_REST_PORT=$(patroni_free_port)"
        done
    } >"$PATRONI_DIR/env"
    patroni_load
    patroni_start_etcd || return 1
    for node in $PATRONI_NODES; do patroni_write_config "$node"; done
    patroni_write_haproxy
    # The first node bootstraps the cluster; the second, started once there is a leader,
    # copies it with pg_basebackup and follows.
    patroni_start_node pg1
    patroni_wait_leader 90 || { patroni_dump; return 1; }
    patroni_start_node pg2
    # HAProxy takes a server for up until its first check says otherwise: started once both
    # answer, and given a few checks, it sends nothing to the standby.
    local deadline=$((SECONDS + 120))
    until PGPASSWORD=postgres PGCONNECT_TIMEOUT=2 psql -h 127.0.0.1 -p "$(eval echo "\$$(patroni_leader)_PG_PORT")" -U postgres \
        -d postgres -tAq -c "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'" 2>/dev/null | grep -qx 1; do
        [ $SECONDS -ge $deadline ] && { patroni_log "pg2 does not stream after 120 s"; patroni_dump; return 1; }
        sleep 0.5
    done
    patroni_start_haproxy
    sleep 2
    patroni_wait_writable 60 || { patroni_dump; return 1; }
    # The role and database OXO uses, through HAProxy: on the primary, whichever it is.
    PGPASSWORD=postgres psql -h 127.0.0.1 -p "$HAPROXY_PORT" -U postgres -d postgres -q \
        -c "CREATE ROLE oxo LOGIN PASSWORD 'oxo' CREATEDB" -c "CREATE DATABASE oxo OWNER oxo" || return 1
    if [ "$sync" = true ]; then
        patroni_wait_replication '|streaming|sync$' "a synchronous standby" 90 || { patroni_dump; return 1; }
    else
        patroni_wait_replication '|streaming|' "a streaming standby" 90 || { patroni_dump; return 1; }
    fi
    PATRONI_URL="postgres://oxo:oxo@127.0.0.1:$HAPROXY_PORT/oxo"
    PATRONI_STANDBY_URL="postgres://oxo:oxo@127.0.0.1:$HAPROXY_STANDBY_PORT/oxo"
    {
        echo "PATRONI_URL=$PATRONI_URL"
        echo "PATRONI_STANDBY_URL=$PATRONI_STANDBY_URL"
    } >>"$PATRONI_DIR/env"
    export PATRONI_DIR PATRONI_URL PATRONI_STANDBY_URL
    patroni_log "etcd on $ETCD_PORT, pg1 on $pg1_PG_PORT (REST $pg1_REST_PORT), pg2 on $pg2_PG_PORT (REST $pg2_REST_PORT), HAProxy on $HAPROXY_PORT; leader $(patroni_leader), synchronous mode $sync"
}

patroni_start_etcd() {
    mkdir -p "$PATRONI_DIR/etcd"
    chmod 700 "$PATRONI_DIR/etcd"
    etcd --name oxo-etcd --data-dir "$PATRONI_DIR/etcd/data" \
        --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
        --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
        --initial-cluster "oxo-etcd=http://127.0.0.1:$ETCD_PEER_PORT" --initial-cluster-state new \
        >"$PATRONI_DIR/etcd/log" 2>&1 &
    echo $! >"$PATRONI_DIR/etcd/pid"
    local deadline=$((SECONDS + 60))
    until curl -sf "http://127.0.0.1:$ETCD_PORT/health" 2>/dev/null | grep -q true; do
        if [ $SECONDS -ge $deadline ]; then patroni_log "etcd did not start"; tail -20 "$PATRONI_DIR/etcd/log" >&2; return 1; fi
        sleep 0.3
    done
}

# One node's patroni.yml: deploy/patroni/patroni.yml's settings, this machine's ports.
patroni_write_config() {
    local node=$1 pg_port rest_port
    pg_port=$(eval echo "\$${node}_PG_PORT")
    rest_port=$(eval echo "\$${node}_REST_PORT")
    mkdir -p "$PATRONI_DIR/$node"
    cat >"$PATRONI_DIR/$node/patroni.yml" <<EOF
scope: oxo
name: $node
log:
  level: INFO
restapi:
  listen: 127.0.0.1:$rest_port
  connect_address: 127.0.0.1:$rest_port
etcd3:
  hosts: 127.0.0.1:$ETCD_PORT
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 2
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: $PATRONI_SYNC
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        synchronous_commit: "on"
        wal_log_hints: "on"
        wal_level: replica
        hot_standby: "on"
        max_connections: 300
        max_wal_senders: 10
        max_replication_slots: 10
        wal_sender_timeout: 5s
        wal_receiver_timeout: 5s
        fsync: "off"
  initdb:
    - encoding: UTF8
    - data-checksums
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 md5
    - host all all 127.0.0.1/32 md5
postgresql:
  listen: 127.0.0.1:$pg_port
  connect_address: 127.0.0.1:$pg_port
  data_dir: $PATRONI_DIR/$node/data
  bin_dir: $PATRONI_PG_BIN
  pgpass: $PATRONI_DIR/$node/pgpass
  remove_data_directory_on_rewind_failure: true
  remove_data_directory_on_diverged_timelines: true
  authentication:
    superuser:
      username: postgres
      password: postgres
    replication:
      username: replicator
      password: replicator
  parameters:
    unix_socket_directories: $PATRONI_DIR/$node
tags:
  nofailover: false
  noloadbalance: false
EOF
    chown -R postgres:postgres "$PATRONI_DIR/$node"
}

# HAProxy in front: deploy/patroni/haproxy.cfg's settings, this machine's ports.
patroni_write_haproxy() {
    mkdir -p "$PATRONI_DIR/haproxy"
    {
        cat <<EOF
global
    maxconn 4000
defaults
    mode tcp
    log global
    retries 2
    timeout connect 2s
    timeout client 30m
    timeout server 30m
    timeout check 1s
EOF
        patroni_haproxy_listen oxo-primary "$HAPROXY_PORT" /primary
        # The standby's port, for the reads a moment old may answer (--standby-database-url).
        patroni_haproxy_listen oxo-standby "$HAPROXY_STANDBY_PORT" /replica
    } >"$PATRONI_DIR/haproxy/haproxy.cfg"
}

# One HAProxy `listen` section: NAME on PORT, sending to the node whose Patroni answers URI
# (/primary or /replica) with 200.
patroni_haproxy_listen() {
    cat <<EOF
listen $1
    bind 127.0.0.1:$2
    option httpchk
    http-check send meth GET uri $3
    http-check expect status 200
    default-server inter 500ms fastinter 500ms downinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
EOF
    patroni_haproxy_servers
}

patroni_haproxy_servers() {
    for node in $PATRONI_NODES; do
        echo "    server $node 127.0.0.1:$(eval echo "\$${node}_PG_PORT") maxconn 1000 check port $(eval echo "\$${node}_REST_PORT")"
    done
}

patroni_start_haproxy() {
    haproxy -db -f "$PATRONI_DIR/haproxy/haproxy.cfg" >"$PATRONI_DIR/haproxy/log" 2>&1 &
    echo $! >"$PATRONI_DIR/haproxy/pid"
}

# Starts (or starts again) one node's Patroni, as the postgres user.
patroni_start_node() {
    local node=$1
    chown -R postgres:postgres "$PATRONI_DIR/$node"
    # sh's number is Patroni's once it execs: the number a kill -9 takes.
    runuser -u postgres -- sh -c "echo \$\$ >'$PATRONI_DIR/$node/patroni.pid'; exec patroni '$PATRONI_DIR/$node/patroni.yml'" \
        >>"$PATRONI_DIR/$node/patroni.log" 2>&1 &
    local deadline=$((SECONDS + 10))
    until [ -s "$PATRONI_DIR/$node/patroni.pid" ] || [ $SECONDS -ge $deadline ]; do sleep 0.1; done
}

# What a node's REST API says of it: `curl` of /patroni.
patroni_status() {
    curl -s --max-time 2 "http://127.0.0.1:$(eval echo "\$${1}_REST_PORT")/patroni" 2>/dev/null
}

# The leader's name, from the nodes themselves (the one whose /primary answers 200).
patroni_leader() {
    for node in $PATRONI_NODES; do
        local code
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$(eval echo "\$${node}_REST_PORT")/primary")
        if [ "$code" = 200 ]; then echo "$node"; return 0; fi
    done
    return 1
}

patroni_other() { for node in $PATRONI_NODES; do [ "$node" != "$1" ] && echo "$node"; done; }

patroni_wait_leader() {
    local deadline=$((SECONDS + $1))
    until patroni_leader >/dev/null; do
        [ $SECONDS -ge $deadline ] && { patroni_log "no leader after $1 s"; return 1; }
        sleep 0.5
    done
}

# A write through HAProxy succeeds.
patroni_writable() {
    PGPASSWORD=postgres PGCONNECT_TIMEOUT=2 psql -h 127.0.0.1 -p "$HAPROXY_PORT" -U postgres -d postgres -tAq \
        -c "SELECT pg_is_in_recovery()" 2>/dev/null | grep -qx f
}

patroni_wait_writable() {
    local deadline=$((SECONDS + $1))
    until patroni_writable; do
        [ $SECONDS -ge $deadline ] && { patroni_log "HAProxy reached no primary after $1 s"; return 1; }
        sleep 0.5
    done
}

# psql on the current primary, as postgres, through HAProxy.
patroni_psql() {
    PGPASSWORD=postgres PGCONNECT_TIMEOUT=5 psql -h 127.0.0.1 -p "$HAPROXY_PORT" -U postgres "$@"
}

# The standbys as the primary sees them: `name|state|sync_state` a line.
patroni_replication() {
    patroni_psql -d postgres -tAq -c "SELECT application_name, state, sync_state FROM pg_stat_replication" 2>/dev/null
}

# Waits up to SECONDS until a line of `patroni_replication` matches PATTERN (WHAT names it
# in the log): the other node streaming from the primary, as its synchronous standby or not.
patroni_wait_replication() {
    local pattern=$1 what=$2 deadline=$((SECONDS + $3))
    until patroni_replication | grep -q "$pattern"; do
        [ $SECONDS -ge $deadline ] && { patroni_log "no $what after $3 s"; return 1; }
        sleep 0.5
    done
}

patroni_postmaster_pid() { head -1 "$PATRONI_DIR/$1/data/postmaster.pid" 2>/dev/null; }

# Kills the primary's machine, as a power cut would: its Patroni and its postmaster, with
# SIGKILL. (A postmaster killed alone is started again by its Patroni, which still holds the
# leader key: no failover.) Prints the killed node's name.
patroni_kill_primary() {
    local leader
    leader=$(patroni_leader) || { patroni_log "no primary to kill"; return 1; }
    patroni_kill_node "$leader"
    echo "$leader"
}

patroni_kill_node() {
    local node=$1 patroni postmaster
    patroni=$(cat "$PATRONI_DIR/$node/patroni.pid" 2>/dev/null)
    postmaster=$(patroni_postmaster_pid "$node")
    [ -n "$patroni" ] && kill -9 "$patroni" 2>/dev/null
    [ -n "$postmaster" ] && kill -9 "$postmaster" 2>/dev/null
    # The backends and the other children go as soon as they see their postmaster gone.
    local deadline=$((SECONDS + 15))
    while [ -n "$postmaster" ] && pgrep -P "$postmaster" >/dev/null 2>&1 && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    [ -n "$postmaster" ] && pkill -9 -P "$postmaster" 2>/dev/null
    rm -f "$PATRONI_DIR/$node/patroni.pid"
    patroni_log "killed $node (Patroni $patroni, postmaster $postmaster)"
}

# Kills the standby's machine the same way. Prints its name.
patroni_kill_standby() {
    local leader standby
    leader=$(patroni_leader) || { patroni_log "no primary"; return 1; }
    standby=$(patroni_other "$leader")
    patroni_kill_node "$standby"
    echo "$standby"
}

# Starts a killed node again: Patroni finds the other the leader and makes this one its
# standby, rewinding it first (pg_rewind) when it went further than the new primary.
patroni_restart_node() {
    patroni_start_node "$1"
}

# Waits until `node` streams from the primary as its synchronous standby (or streams at
# all, without synchronous mode).
patroni_wait_standby() {
    local node=$1 deadline=$((SECONDS + $2)) want='|streaming|sync$'
    [ "$PATRONI_SYNC" = false ] && want='|streaming|'
    # Patroni's own word as well: GET /sync answers 200 on a standby once the leader wrote it
    # into etcd as the synchronous one. (Patroni 3.0.2 leaves synchronous_standby_names set
    # when a standby it is still assigning dies within those seconds: writes then wait until
    # it is back. Waiting for the whole assignment keeps the test off that race.)
    local rest
    rest=$(eval echo "\$${node}_REST_PORT")
    until patroni_replication | grep -q "^$node$want" && { [ "$PATRONI_SYNC" = false ] || \
        [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$rest/sync")" = 200 ]; }; do
        [ $SECONDS -ge $deadline ] && { patroni_log "$node is not a standby after $2 s"; patroni_dump; return 1; }
        sleep 0.5
    done
}

# Cuts replication between the two as a network cut would: the standby's WAL receiver
# is frozen (SIGSTOP), so nothing passes and no connection closes; after
# wal_sender_timeout the primary drops it, and Patroni, in non-strict mode, takes the
# standby out of synchronous_standby_names. `patroni_heal_replication` thaws it.
patroni_cut_replication() {
    local standby pid
    standby=$(patroni_other "$(patroni_leader)")
    pid=$(pgrep -P "$(patroni_postmaster_pid "$standby")" -f "walreceiver" | head -1)
    [ -n "$pid" ] || { patroni_log "no WAL receiver on $standby"; return 1; }
    kill -STOP "$pid"
    echo "$pid" >"$PATRONI_DIR/frozen-walreceiver"
    patroni_log "froze $standby's WAL receiver ($pid)"
    echo "$standby"
}

patroni_heal_replication() {
    local pid
    pid=$(cat "$PATRONI_DIR/frozen-walreceiver" 2>/dev/null) || return 0
    kill -CONT "$pid" 2>/dev/null
    rm -f "$PATRONI_DIR/frozen-walreceiver"
    patroni_log "thawed the WAL receiver ($pid)"
}

# The synchronous standbys the primary waits for now (empty: it commits alone).
patroni_synchronous_standby_names() {
    patroni_psql -d postgres -tAq -c "SHOW synchronous_standby_names"
}

# What each part says, for a failure to be read.
patroni_dump() {
    for node in $PATRONI_NODES; do
        echo "--- $node: $(patroni_status "$node")"
        tail -n 15 "$PATRONI_DIR/$node/patroni.log" 2>/dev/null
    done
    echo "--- HAProxy"; tail -n 10 "$PATRONI_DIR/haproxy/log" 2>/dev/null
} >&2

patroni_stop() {
    [ -n "${PATRONI_DIR:-}" ] && [ -d "$PATRONI_DIR" ] || return 0
    patroni_heal_replication
    for node in $PATRONI_NODES; do
        local pid
        pid=$(cat "$PATRONI_DIR/$node/patroni.pid" 2>/dev/null)
        # Patroni stops its PostgreSQL when it stops.
        [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null
    done
    for node in $PATRONI_NODES; do
        local pid deadline=$((SECONDS + 30))
        pid=$(cat "$PATRONI_DIR/$node/patroni.pid" 2>/dev/null)
        while [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
        [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
        local postmaster
        postmaster=$(patroni_postmaster_pid "$node")
        if [ -n "$postmaster" ] && kill -0 "$postmaster" 2>/dev/null; then
            runuser -u postgres -- "$PATRONI_PG_BIN/pg_ctl" -D "$PATRONI_DIR/$node/data" -m immediate stop >/dev/null 2>&1 || true
        fi
    done
    for part in haproxy etcd; do
        local pid
        pid=$(cat "$PATRONI_DIR/$part/pid" 2>/dev/null)
        [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    done
    rm -rf "$PATRONI_DIR"
    unset PATRONI_DIR PATRONI_URL PATRONI_STANDBY_URL
}

# Run rather than sourced: one command.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -uo pipefail
    command=${1:-}
    case "$command" in
        start)
            patroni_start >&2 || { patroni_stop; exit 1; }
            echo "PATRONI_DIR=$PATRONI_DIR"
            echo "PATRONI_URL=$PATRONI_URL"
            echo "PATRONI_STANDBY_URL=$PATRONI_STANDBY_URL" ;;
        stop) patroni_load && patroni_stop ;;
        leader) patroni_load && patroni_leader ;;
        kill-primary) patroni_load && patroni_kill_primary ;;
        kill-standby) patroni_load && patroni_kill_standby ;;
        restart-node) patroni_load && patroni_restart_node "$2" ;;
        wait-standby) patroni_load && patroni_wait_standby "$2" "${3:-120}" ;;
        wait-writable) patroni_load && patroni_wait_writable "${2:-60}" ;;
        cut-replication) patroni_load && patroni_cut_replication ;;
        heal-replication) patroni_load && patroni_heal_replication ;;
        replication) patroni_load && patroni_replication ;;
        synchronous-standby-names) patroni_load && patroni_synchronous_standby_names ;;
        psql) shift; patroni_load && patroni_psql "$@" ;;
        dump) patroni_load && patroni_dump ;;
        *) echo "usage: bash .ci/patroni.sh start|stop|leader|kill-primary|kill-standby|restart-node NODE|wait-standby NODE [S]|wait-writable [S]|cut-replication|heal-replication|replication|synchronous-standby-names|psql ARGS|dump" >&2
           exit 2 ;;
    esac
fi
