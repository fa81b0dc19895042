#!/usr/bin/env bash
# Start throwaway mail servers on loopback for maester's mail integration tests
# (tests/mail_servers.rs). Debian 12, non-interactive. Root is needed only to install what is
# missing; with everything installed any user may run it (Dovecot then runs as that user).
#
#   Dovecot 2.3 IMAP  127.0.0.1:$MAILTEST_IMAP_PORT (default 1143; STARTTLS offered, not required)
#   Dovecot IMAPS     127.0.0.1:$MAILTEST_IMAPS_PORT (default 1993; certificate for "localhost"
#                     signed by a throwaway CA: $MAILTEST_DIR/tls/ca.pem, use SSL_CERT_FILE)
#   Dovecot LMTP      127.0.0.1:$MAILTEST_LMTP_PORT (default 2424)
#   aiosmtpd SMTP     127.0.0.1:$MAILTEST_SMTP_PORT (default 2525), relays every message to LMTP
#   OAuth2            XOAUTH2 and OAUTHBEARER logins are checked by Dovecot's oauth2 passdb against
#                     http://127.0.0.1:$MAILTEST_OAUTH2_PORT/introspect (default: the LMTP port + 1),
#                     served by the test that uses it (tests/oauth2_login.rs)
#
# Users: player/secret, referee/refpass, tester/testpass, ops/pw-ops, mailcheck/pw-mailcheck,
# gm/pw-gm, and stark … martell with
# password pw-<house> (one mailbox per house for the daemon's end-to-end test). Any address user@anything lands in
# mailbox "user".
# State, logs and Maildirs live in $MAILTEST_DIR (default /tmp/maester-mailtest).
# Installs dovecot-core, dovecot-imapd, dovecot-lmtpd (apt, as root) and aiosmtpd (pip, in a venv)
# if missing.
#
# Running it again while the servers are up leaves them alone and exits 0.
# Stop with scripts/mailtest-down.sh, which kills only the PIDs recorded here.
set -euo pipefail

M=${MAILTEST_DIR:-/tmp/maester-mailtest}
VENV=${MAILTEST_VENV:-/tmp/maester-mailtest-venv} # kept between runs
IMAP_PORT=${MAILTEST_IMAP_PORT:-1143}
IMAPS_PORT=${MAILTEST_IMAPS_PORT:-1993}
LMTP_PORT=${MAILTEST_LMTP_PORT:-2424}
SMTP_PORT=${MAILTEST_SMTP_PORT:-2525}
# The OAuth2 token introspection a test serves itself on 127.0.0.1 (tests/oauth2_login.rs);
# Dovecot asks it whether a token is good. Nothing listens there unless a test runs.
OAUTH2_PORT=${MAILTEST_OAUTH2_PORT:-$((LMTP_PORT + 1))}
HERE=$(cd "$(dirname "$0")" && pwd)
export DEBIAN_FRONTEND=noninteractive

die() { echo "mailtest-up: $*" >&2; exit 1; }
# dovecot and doveconf live in /usr/sbin, which a user's PATH may lack.
PATH=$PATH:/usr/sbin:/sbin
ROOT=0
[ "$(id -u)" = 0 ] && ROOT=1

mkdir -p "$M"
exec 9>"$M.lock"
flock -w 60 9 || die "another mailtest-up/down is running (lock $M.lock)"

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# alive PID whose command line mentions $2 (guards against a reused PID)
our_pid() {
  local f=$1 word=$2 pid
  [ -f "$M/$f" ] || return 1
  pid=$(cat "$M/$f")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "$word"
}

# Already running? Then keep it (a test may be using it right now).
if our_pid dovecot.pid dovecot && our_pid smtp.pid smtp2lmtp; then
  if [ "$(cat "$M/ports" 2>/dev/null)" = "$IMAP_PORT $IMAPS_PORT $LMTP_PORT $SMTP_PORT $OAUTH2_PORT" ]; then
    echo "mail test servers already up: IMAP $IMAP_PORT, IMAPS $IMAPS_PORT, SMTP $SMTP_PORT, LMTP $LMTP_PORT (dir $M)"
    exit 0
  fi
  die "already up on other ports (IMAP IMAPS LMTP SMTP OAUTH2: $(cat "$M/ports" 2>/dev/null)); run scripts/mailtest-down.sh first"
fi

# Leftovers of a half-dead earlier run: stop them (by recorded PID only).
flock -u 9
MAILTEST_DIR=$M bash "$HERE/mailtest-down.sh" >/dev/null
flock -w 60 9 || die "lock $M.lock"

for p in "$IMAP_PORT" "$IMAPS_PORT" "$LMTP_PORT" "$SMTP_PORT"; do
  port_open "$p" && die "port $p is already in use by another program; choose other ports with MAILTEST_IMAP_PORT/MAILTEST_IMAPS_PORT/MAILTEST_LMTP_PORT/MAILTEST_SMTP_PORT"
done

# --- packages --------------------------------------------------------------------------
need=()
command -v dovecot >/dev/null && command -v doveconf >/dev/null || need+=(dovecot-core)
[ -x /usr/lib/dovecot/imap ] || need+=(dovecot-imapd)
[ -x /usr/lib/dovecot/lmtp ] || need+=(dovecot-lmtpd)
[ -x /usr/bin/python3 ] || need+=(python3)
command -v openssl >/dev/null || need+=(openssl)
/usr/bin/python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
  [ "$ROOT" = 1 ] || die "${need[*]} missing: run this once as root to install them (then any user may run it)"
  echo "mailtest-up: installing ${need[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
# As root the mailboxes belong to a system user vmail; otherwise to the user running this, and
# Dovecot's own processes run as that user too.
if [ "$ROOT" = 1 ]; then
  id vmail >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin vmail
  MAIL_USER=vmail MAIL_GROUP=vmail
  AS_USER=""
else
  MAIL_USER=$(id -un) MAIL_GROUP=$(id -gn)
  AS_USER="default_login_user = $MAIL_USER
default_internal_user = $MAIL_USER
default_internal_group = $MAIL_GROUP"
fi
if ! "$VENV/bin/python" -c 'import aiosmtpd' 2>/dev/null; then
  rm -rf "$VENV"
  /usr/bin/python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check aiosmtpd==1.4.6
fi

# --- configuration ---------------------------------------------------------------------
rm -rf "$M/run" "$M/state" "$M/mail" "$M/tls"
mkdir -p "$M/run" "$M/state" "$M/mail" "$M/tls"
chmod 755 "$M"
[ "$ROOT" = 1 ] && chown vmail:vmail "$M/mail"
printf 'player:{PLAIN}secret\nreferee:{PLAIN}refpass\ntester:{PLAIN}testpass\n' >"$M/users"
# six player mailboxes for the daemon's end-to-end test (one per house)
for h in stark greyjoy lannister baratheon tyrell martell; do printf '%s:{PLAIN}pw-%s\n' "$h" "$h" >>"$M/users"; done
# the referee's mailbox of the mailbox-operations test (tests/mailbox_robots.rs), alone in it
printf 'ops:{PLAIN}pw-ops\n' >>"$M/users"
# the referee's mailbox and the GM's of `maester check-mail` (tests/check_mail.rs)
printf 'mailcheck:{PLAIN}pw-mailcheck\ngm:{PLAIN}pw-gm\n' >>"$M/users"

# A throwaway CA and a "localhost" certificate (rustls refuses a self-signed leaf).
(
  cd "$M/tls"
  openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=maester mailtest CA" \
    -keyout ca.key -out ca.pem 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout key.pem -out leaf.csr 2>/dev/null
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >leaf.ext
  openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 30 \
    -extfile leaf.ext -out cert.pem 2>/dev/null
  chmod 600 key.pem ca.key
) || die "could not make test certificates"
cat >"$M/dovecot.conf" <<EOF
# standalone Dovecot 2.3 config written by mailtest-up.sh; nothing from /etc/dovecot is read
protocols = imap lmtp
listen = 127.0.0.1
base_dir = $M/run
state_dir = $M/state
log_path = $M/dovecot.log
info_log_path = $M/dovecot.log
# The ID a client sends (163.com and 126.com require one): logged, for tests/mail_servers.rs.
imap_id_log = *
$AS_USER
ssl = yes
ssl_cert = <$M/tls/cert.pem
ssl_key = <$M/tls/key.pem
disable_plaintext_auth = no
# The tests refuse logins on purpose (wrong passwords, revoked tokens): a refusal is answered at
# once. Dovecot still delays the next logins from 127.0.0.1 by its auth penalty (2 s doubling
# up to 15 s after failures): the tests' IMAP time limits allow for it.
auth_failure_delay = 0
auth_mechanisms = plain login xoauth2 oauthbearer
mail_location = maildir:$M/mail/%n/Maildir
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $M/users
  # "none": the lookups LMTP makes to deliver (no login) use this passdb too
  mechanisms = none plain login
}
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = $M/dovecot-oauth2.conf.ext
}
userdb {
  driver = static
  args = uid=$MAIL_USER gid=$MAIL_GROUP home=$M/mail/%n
}
service imap-login {
  # No chroot: that needs root; the login process runs as the login user either way.
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $IMAPS_PORT
  }
}
service anvil {
  chroot =
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
protocol lmtp {
  postmaster_address = postmaster@localhost
}
EOF
cat >"$M/dovecot-oauth2.conf.ext" <<OAUTH2
# The token is opaque: Dovecot posts it to the test's introspection endpoint, which answers
# {"active": true, "username": "<user>"} for a good one.
introspection_mode = post
introspection_url = http://127.0.0.1:$OAUTH2_PORT/introspect
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
OAUTH2
doveconf -c "$M/dovecot.conf" -n >/dev/null || die "dovecot rejected $M/dovecot.conf"

cat >"$M/smtp2lmtp.py" <<'EOF'
"""SMTP on 127.0.0.1:PORT -> Dovecot LMTP (written by mailtest-up.sh). --auth requires AUTH."""
import argparse, asyncio, os, signal, smtplib
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

USERS = {"referee": "refpass", "player": "secret"}


class LmtpRelay:
    def __init__(self, port):
        self.port = port

    async def handle_DATA(self, server, session, envelope):
        def deliver():
            # One recipient per transaction: LMTP answers DATA once per recipient, which
            # smtplib's sendmail does not read.
            for rcpt in envelope.rcpt_tos:
                with smtplib.LMTP("127.0.0.1", self.port) as lmtp:
                    lmtp.sendmail(envelope.mail_from, [rcpt], envelope.original_content)

        try:
            await asyncio.get_running_loop().run_in_executor(None, deliver)
        except smtplib.SMTPRecipientsRefused as e:
            return "550 %s" % e
        except Exception as e:
            return "451 LMTP delivery failed: %s" % e
        return "250 OK delivered via LMTP"


def auth(server, session, envelope, mechanism, data):
    return AuthResult(success=USERS.get(data.login.decode()) == data.password.decode())


ap = argparse.ArgumentParser()
ap.add_argument("--port", type=int, default=2525)
ap.add_argument("--lmtp-port", type=int, default=2424)
ap.add_argument("--auth", action="store_true")
a = ap.parse_args()
kw = dict(authenticator=auth, auth_require_tls=False, auth_required=True) if a.auth else {}
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
c = Controller(LmtpRelay(a.lmtp_port), hostname="127.0.0.1", port=a.port, **kw)
try:
    c.start()
except Exception as e:  # port in use etc.: exit now, the controller thread would keep us alive
    print("smtp2lmtp: cannot start:", e, flush=True)
    os._exit(1)
print("listening", a.port, flush=True)
signal.sigwait({signal.SIGTERM, signal.SIGINT})
c.stop()
EOF

# --- start -----------------------------------------------------------------------------
wait_port() {
  for _ in $(seq 1 200); do port_open "$1" && return 0; sleep 0.05; done
  return 1
}
# setsid: the servers must not die with the shell that started them
setsid dovecot -F -c "$M/dovecot.conf" >"$M/dovecot.stdout" 2>&1 </dev/null 9>&- &
echo $! >"$M/dovecot.pid"
setsid "$VENV/bin/python" "$M/smtp2lmtp.py" --port "$SMTP_PORT" --lmtp-port "$LMTP_PORT" >"$M/smtp.log" 2>&1 </dev/null 9>&- &
echo $! >"$M/smtp.pid"
echo "$IMAP_PORT $IMAPS_PORT $LMTP_PORT $SMTP_PORT $OAUTH2_PORT" >"$M/ports"

ok=1
for p in "$IMAP_PORT" "$IMAPS_PORT" "$LMTP_PORT" "$SMTP_PORT"; do wait_port "$p" || { echo "port $p did not open" >&2; ok=0; }; done
our_pid dovecot.pid dovecot || { echo "dovecot died, see $M/dovecot.log $M/dovecot.stdout" >&2; ok=0; }
our_pid smtp.pid smtp2lmtp || { echo "smtp relay died, see $M/smtp.log" >&2; ok=0; }
if [ "$ok" != 1 ]; then
  flock -u 9
  MAILTEST_DIR=$M bash "$HERE/mailtest-down.sh" >/dev/null
  die "start failed"
fi
echo "mail test servers up: IMAP $IMAP_PORT, IMAPS $IMAPS_PORT, SMTP $SMTP_PORT, LMTP $LMTP_PORT (dir $M)"
echo "run: MAILTEST_IMAP_PORT=$IMAP_PORT MAILTEST_SMTP_PORT=$SMTP_PORT cargo test --test mail_servers"
