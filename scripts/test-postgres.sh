#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the tests (CI and local runs) and prints the
# TEST_DATABASE_URL to use. Installs Debian's postgresql when no server binaries are present.
# initdb refuses to run as root: as root the cluster runs as the `postgres` user the package creates.
# Usage: eval "$(bash scripts/test-postgres.sh start)"; ...; bash scripts/test-postgres.sh stop (resume: start a stopped one again)
set -euo pipefail
PORT="${TEST_PG_PORT:-55432}"
DIR="${TEST_PG_DIR:-/tmp/customs-console-pg}"

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
# fsync off: a test cluster is thrown away, and durability across a crash is SQLite's and the real server's job.
run_server() {
  as_owner "$(pg_bin)/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
    -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >&2
}

case "${1:-start}" in
  start)
    if [ -z "$(pg_bin)" ]; then
      echo "Installing PostgreSQL from Debian" >&2
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2
    fi
    BIN="$(pg_bin)"
    if [ -f "$DIR/data/postmaster.pid" ]; then as_owner "$BIN/pg_ctl" -D "$DIR/data" stop -m immediate >&2 || true; fi
    rm -rf "$DIR"; mkdir -p "$DIR"
    if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; fi
    as_owner "$BIN/initdb" -D "$DIR/data" -A trust -U postgres >/dev/null
    run_server
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  resume)
    # The stopped cluster again, its data kept (tests of a database restart).
    run_server
    ;;
  stop)
    BIN="$(pg_bin)"
    if [ -n "$BIN" ] && [ -f "$DIR/data/postmaster.pid" ]; then as_owner "$BIN/pg_ctl" -D "$DIR/data" stop -m fast >&2; fi
    ;;
esac
