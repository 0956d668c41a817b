#!/usr/bin/env bash
# The API contract test: schemathesis (PyPI) generates requests from `/api/openapi.json` and
# checks every answer against it (status codes, content types, bodies, headers), that the
# requests the document calls valid are accepted and the ones it calls invalid refused, and
# that no call fails with a 5xx. All phases run, stateful included, three times: as an
# anonymous caller, as the demo student and as the demo admin, against the debug binary on a
# fresh data directory with `--demo`. Any failure fails the script (and CI).
#
#   tests/schemathesis.sh                        the bounded run CI makes (a few minutes)
#   tests/schemathesis.sh --max-examples 200     a longer run; any other `st run` option
#                                                (e.g. --seed 7, --max-failures 20) is passed on
#
# Settings shared by the three runs are in `schemathesis.toml` at the repository's root.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=target/schemathesis-venv
APP=${APP_BIN:-target/debug/app}
MAX_EXAMPLES=10
PASS_ON=()
while [ $# -gt 0 ]; do
  case "$1" in
    --max-examples) MAX_EXAMPLES=$2; shift 2 ;;
    --max-examples=*) MAX_EXAMPLES=${1#*=}; shift ;;
    *) PASS_ON+=("$1"); shift ;;
  esac
done

if [ ! -x "$VENV/bin/st" ]; then
  echo "==> installing schemathesis 4 (PyPI) into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q 'schemathesis>=4,<5'
fi
[ -x "$APP" ] || cargo build --locked

DATA=$(mktemp -d)
SERVER=
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$DATA"
}
trap cleanup EXIT

# A fresh data directory with the demo accounts; the file transport keeps mails in it.
env -i PATH="$PATH" APP_DATA_DIR="$DATA/data" RUST_LOG=warn,coursesource=info \
  "$APP" serve --addr "${ST_ADDR:-127.0.0.1:0}" --demo >"$DATA/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 300); do
  BASE=$(grep -o 'is ready at http://[0-9.:]*' "$DATA/server.log" | head -n1 | sed 's/is ready at //') || true
  [ -n "$BASE" ] && break
  kill -0 "$SERVER" 2>/dev/null || { cat "$DATA/server.log"; echo "the server did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$BASE" ] || { cat "$DATA/server.log"; echo "the server did not start in 30 s" >&2; exit 1; }

# A Bearer token for a demo account (password Demo1234, see `app serve --demo`).
token() {
  curl -sf -X POST "$BASE/api/auth/login" -H 'Content-Type: application/json' \
    -d "{\"email\": \"$1@demo.coursesource.local\", \"password\": \"Demo1234\"}" |
    "$VENV/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}

# Calls that end or change the session they run with would leave the rest of an
# authenticated run logged out; they are covered by the anonymous run (and by the Rust
# tests with accounts of their own).
SESSION_CHANGERS=(
  --exclude-operation-id logout
  --exclude-operation-id update_password
  --exclude-operation-id update_email
  --exclude-operation-id delete_account
)

run() {
  local who=$1; shift
  echo "==> schemathesis as $who (max $MAX_EXAMPLES examples per operation)"
  "$VENV/bin/st" --config-file schemathesis.toml run "$BASE/api/openapi.json" \
    --url "$BASE" --max-examples "$MAX_EXAMPLES" "$@" ${PASS_ON[@]+"${PASS_ON[@]}"} \
    2>&1 | tee "$DATA/$who.txt"
  local status=${PIPESTATUS[0]}
  if [ "$status" -ne 0 ]; then
    echo "schemathesis found failures as $who (exit $status)" >&2
    exit "$status"
  fi
}

STUDENT=$(token student)
ADMIN=$(token admin)
START=$SECONDS
run anonymous
run student -H "Authorization: Bearer $STUDENT" "${SESSION_CHANGERS[@]}"
run admin -H "Authorization: Bearer $ADMIN" "${SESSION_CHANGERS[@]}"
CASES=$(grep -ho '[0-9]* generated' "$DATA"/{anonymous,student,admin}.txt | awk '{n += $1} END {print n}')
echo "==> schemathesis: $CASES cases in three runs, 0 failures, $((SECONDS - START)) s"
