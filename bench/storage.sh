#!/usr/bin/env bash
# What the storage choices cost writes: review submissions by distinct users (wrk, 64
# connections, bench/writes.lua) on the bench data set, interleaved in rounds, with
#   normal   APP_DURABILITY=normal (the default)
#   full     APP_DURABILITY=full (every commit synced to disk before it is answered)
#   backup   normal, while `app backup` copies the live database again and again
# and prints req/s, p50 and p99 of each (the median round), and p99 during a backup over
# p99 without.
#
#   bench/storage.sh [--scale F] [--rounds N] [--seconds S] [--no-build]
#
# APP_BIN=target/debug/app measures another build (the default is the release binary).
set -euo pipefail
cd "$(dirname "$0")/.."

scale=0.1 rounds=3 seconds=5 build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "usage: bench/storage.sh [--scale F] [--rounds N] [--seconds S] [--no-build]" >&2; exit 2 ;;
  esac
done
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
if [ -z "${APP_BIN:-}" ]; then
  [ "$build" = 1 ] && cargo build --release --locked >&2
  APP_BIN=$PWD/target/release/app
fi
app=$APP_BIN
work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

data=$PWD/target/bench-data/scale-$scale
if [ ! -f "$data/bench.env" ]; then
  rm -rf "$data"
  echo "seeding the bench data set at scale $scale into $data" >&2
  "$app" seed --bench --scale "$scale" --data-dir "$data" >&2
fi
cp -r "$data" "$work/data"
port=$((20000 + RANDOM % 20000))
base=http://127.0.0.1:$port

start_server() { # durability
  APP_LOG=warn APP_DURABILITY=$1 "$app" serve --data-dir "$work/data" --addr "127.0.0.1:$port" >"$work/server.log" 2>&1 &
  server_pid=$!
  until curl -sf -o /dev/null "$base/api/health"; do
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.01
  done
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=; }

start=0
submissions() { # name: one wrk run of submissions, its RESULT line appended to results
  local line
  line=$(WRITE=submit WRITERS=$work/data/bench-writers.txt OFFERINGS=$work/data/bench-offerings.txt START=$start \
    wrk -t2 -c64 -d"${seconds}s" --timeout 5s -s bench/writes.lua "$base/" | grep '^RESULT')
  start=$((start + 6000))
  echo "$1 $line" >>"$work/results"
}

: >"$work/results" >"$work/backups"
for round in $(seq 1 "$rounds"); do
  echo "round $round of $rounds" >&2
  start_server normal
  submissions normal
  # The same load while backups run one after another.
  (
    trap 'kill "$child" 2>/dev/null; exit 0' TERM
    while true; do
      echo x >>"$work/backups"
      "$app" backup "$work/copy.db" --data-dir "$work/data" >/dev/null &
      child=$!
      wait "$child"
    done
  ) &
  looper=$!
  submissions backup
  kill "$looper"; wait "$looper" 2>/dev/null || true
  stop_server
  start_server full
  submissions full
  stop_server
done
backups=$(wc -l <"$work/backups")
size=$(du -m "$work/data/app.db" | cut -f1)

python3 - "$work/results" "$backups" "$size" "$scale" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, _, rps, p50, p99, non2xx, errors = line.split()
    rows.setdefault(name, []).append((float(rps), float(p50), float(p99), int(non2xx) + int(errors)))
med = {name: tuple(statistics.median(r[i] for r in runs) for i in range(4)) for name, runs in rows.items()}
print(f"review submissions, 64 connections, bench data at scale {sys.argv[4]} ({sys.argv[3]} MB database), median of {len(rows['normal'])} rounds")
print(f"{'':28} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
labels = {"normal": "APP_DURABILITY=normal", "full": "APP_DURABILITY=full", "backup": "normal, during app backup"}
for name in ["normal", "full", "backup"]:
    rps, p50, p99, errors = med[name]
    print(f"{labels[name]:28} {rps:8.0f} {p50:8.2f} {p99:8.2f} {errors:7.0f}")
n, f, b = med["normal"], med["full"], med["backup"]
print(f"full costs {100 * (1 - f[0] / n[0]):.0f}% of the submissions a second (p99 x{f[2] / n[2]:.2f})")
print(f"p99 during a backup: x{b[2] / n[2]:.2f} of p99 without ({sys.argv[2]} backups started during the runs)")
EOF
