#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on 127.0.0.1 for the tests (see ../shared/reference/stack.md, Appendix A).
# Usage: eval "$(scripts/pg.sh start)"   …   scripts/pg.sh stop
set -euo pipefail
PGTMP=${PGTMP:-/tmp/adjudicator-pg}
PGPORT=${PGPORT:-55432}
pgbin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
case "${1:-start}" in
start)
  if [ -z "$(pgbin)" ]; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >&2
  fi
  PGBIN=$(pgbin)
  if [ -f "$PGTMP/data/postmaster.pid" ]; then
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGTMP/data" -m immediate stop >&2 || true
  fi
  rm -rf "$PGTMP"; mkdir -p "$PGTMP"; chown postgres:postgres "$PGTMP"
  runuser -u postgres -- "$PGBIN/initdb" -D "$PGTMP/data" -U postgres -A trust -E UTF8 --no-sync >/dev/null
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/log" -w -t 30 \
    -o "-p $PGPORT -k $PGTMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null
  echo "export ADJUDICATOR_TEST_PG=postgresql+psycopg://postgres@127.0.0.1:$PGPORT/postgres"
  ;;
stop)
  PGBIN=$(pgbin)
  [ -n "$PGBIN" ] && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGTMP/data" -m immediate stop >&2 || true
  rm -rf "$PGTMP"
  ;;
esac
