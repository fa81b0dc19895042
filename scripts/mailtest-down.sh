#!/usr/bin/env bash
# Stop the mail test servers that scripts/mailtest-up.sh started, by their recorded PIDs only.
# Safe to run when nothing is up. Keeps the Maildirs and logs in $MAILTEST_DIR for inspection.
set -uo pipefail

M=${MAILTEST_DIR:-/tmp/maester-mailtest}
[ -d "$M" ] || { echo "mailtest-down: nothing to stop ($M does not exist)"; exit 0; }
exec 9>"$M.lock"
flock -w 60 9 || { echo "mailtest-down: lock $M.lock is held" >&2; exit 1; }

stopped=0
for entry in smtp.pid:smtp2lmtp dovecot.pid:dovecot; do
  f=${entry%%:*}
  word=${entry#*:}
  [ -f "$M/$f" ] || continue
  pid=$(cat "$M/$f")
  # only a live process whose command line is ours (a stale file may name a reused PID)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null &&
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "$word"; then
    kill "$pid"
    for _ in $(seq 1 100); do # dovecot's master needs about 3 s
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "mailtest-down: $f: $pid still alive, sending KILL" >&2
      kill -9 "$pid"
    fi
    stopped=$((stopped + 1))
  fi
  rm -f "$M/$f"
done
rm -f "$M/ports"
echo "mailtest-down: stopped $stopped process(es)"
