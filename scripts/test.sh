#!/usr/bin/env bash
# The whole test suite: unit tests, the adjudication tests, and the integration tests against a
# real Dovecot (IMAP) and SMTP server on 127.0.0.1, which this script installs when missing
# (apt and pip, non-interactively), starts, and stops again by PID; and headless Chromium for
# the report's HTML at phone width.
set -euo pipefail
cd "$(dirname "$0")/.."

# Headless Chromium renders a report's HTML and the game's web site at phone width
# (tests/report_map.rs, tests/site_browser.rs); installed like the mail servers, non-interactively,
# only when missing. Those tests say they are skipped when it cannot be installed.
# Root is needed only to install what is missing (here and in scripts/mailtest-up.sh): with
# everything installed, any user may run this script.
if ! [ -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    { DEBIAN_FRONTEND=noninteractive apt-get update -qq \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; } >/dev/null 2>&1 \
      || echo "chromium could not be installed: the browser tests will be skipped"
  else
    echo "chromium is not installed (run this script once as root to install it): the browser tests will be skipped"
  fi
fi

export MAILTEST_IMAP_PORT=${MAILTEST_IMAP_PORT:-1143}
export MAILTEST_SMTP_PORT=${MAILTEST_SMTP_PORT:-2525}
export MAILTEST_LMTP_PORT=${MAILTEST_LMTP_PORT:-2424}
bash scripts/mailtest-up.sh
trap 'bash scripts/mailtest-down.sh' EXIT

cargo test --all-targets
