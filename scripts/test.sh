#!/usr/bin/env bash
# The whole test suite: unit tests, the adjudication tests, and the integration tests against a
# real Dovecot (IMAP) and SMTP server on 127.0.0.1, which this script installs when missing
# (apt and pip, non-interactively), starts, and stops again by PID; and headless Chromium for
# the report's HTML at phone width.
set -euo pipefail
cd "$(dirname "$0")/.."

# Headless Chromium renders a report's HTML at phone width (tests/report_map.rs); installed
# like the mail servers, non-interactively, only when missing.
if [ ! -x /usr/bin/chromium ]; then
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

export MAILTEST_IMAP_PORT=${MAILTEST_IMAP_PORT:-1143}
export MAILTEST_SMTP_PORT=${MAILTEST_SMTP_PORT:-2525}
bash scripts/mailtest-up.sh
# The web site's browser test (tests/site_browser.rs) needs headless Chromium; it says it is
# skipped when Chromium cannot be installed.
if ! [ -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then
  apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 \
    || echo "chromium could not be installed: tests/site_browser.rs will be skipped"
fi
trap 'bash scripts/mailtest-down.sh' EXIT

cargo test --all-targets
