#!/usr/bin/env bash
# A throwaway Dovecot IMAP server on 127.0.0.1 for the mail tests (../shared/reference/stack.md, Appendix B).
# One user, orders@judge.test with password "secret"; plaintext login, no TLS, Maildir under $IMAPDIR.
# Usage: eval "$(IMAPDIR=/tmp/x IMAPPORT=14143 scripts/imap.sh start)"   …   IMAPDIR=/tmp/x scripts/imap.sh stop
# Starting twice restarts the instance; stop kills every process of this instance (and only those).
set -euo pipefail
D=${IMAPDIR:-/tmp/adjudicator-imap}
PORT=${IMAPPORT:-14143}
IMAPUSER=orders@judge.test
IMAPPASS=secret

# The master and all its descendants, found from the master's pid file (other dovecots are untouched).
instance_pids() {
  local master
  master=$(cat "$D/run/master.pid" 2>/dev/null || true)
  [ -n "$master" ] && alive_pid "$master" || return 0
  local todo=("$master") pid
  while [ ${#todo[@]} -gt 0 ]; do
    pid=${todo[0]}; todo=("${todo[@]:1}")
    echo "$pid"
    for child in $(pgrep -P "$pid" 2>/dev/null || true); do alive_pid "$child" && todo+=("$child"); done
  done
}

# Running and not a zombie (a zombie is gone; nobody may reap it here, where pid 1 is no init).
alive_pid() {
  local state
  state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null || true)
  [ -n "$state" ] && [ "$state" != Z ]
}

stop_instance() {
  local pids
  pids=$(instance_pids)
  # SIGTERM to every process of the instance at once ("dovecot stop" takes seconds to wind down).
  for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
  for _ in $(seq 50); do
    local alive=""
    for pid in $pids; do alive_pid "$pid" && alive="$alive $pid"; done
    [ -z "$alive" ] && break
    sleep 0.1
  done
  for pid in $pids; do alive_pid "$pid" && kill -9 "$pid" 2>/dev/null; done
  return 0
}

case "${1:-start}" in
start)
  if [ "$(id -u)" != 0 ]; then
    echo "scripts/imap.sh: run it as root (Dovecot switches to the user nobody for the mailbox)" >&2
    exit 1
  fi
  if ! command -v dovecot >/dev/null; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd; } >&2
  fi
  stop_instance
  rm -rf "$D"; mkdir -p "$D/run" "$D/state" "$D/mail"; chmod 755 "$D"
  owner=nobody; group=$(id -gn nobody)
  chown "$owner:$group" "$D/mail"
  echo "$IMAPUSER:{PLAIN}$IMAPPASS" > "$D/users"
  cat > "$D/dovecot.conf" <<CONF
instance_name = adjudicator-$PORT
protocols = imap
listen = 127.0.0.1
base_dir = $D/run
state_dir = $D/state
log_path = $D/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
# No growing delay after a failed login either (a test logs in with a wrong password).
passdb {
  driver = passwd-file
  args = $D/users
}
userdb {
  driver = static
  args = uid=$owner gid=$group home=$D/mail/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
CONF
  # Its output goes to a file: a daemon holding our stdout open would hang whoever reads it.
  if ! dovecot -c "$D/dovecot.conf" </dev/null >"$D/start.log" 2>&1; then
    cat "$D/start.log" >&2
    exit 1
  fi
  for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
      echo "export ADJUDICATOR_TEST_IMAP=127.0.0.1:$PORT:$IMAPUSER:$IMAPPASS"
      exit 0
    fi
    sleep 0.1
  done
  echo "dovecot did not listen on 127.0.0.1:$PORT; see $D/dovecot.log" >&2
  stop_instance
  exit 1
  ;;
stop)
  stop_instance
  rm -rf "$D"
  ;;
*)
  echo "usage: IMAPDIR=DIR IMAPPORT=PORT $0 start|stop" >&2
  exit 2
  ;;
esac
