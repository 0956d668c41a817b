#!/usr/bin/env bash
# The soak (issue 12, scope 8): a long mixed read and write load, in one command:
#
#   bench/soak.sh [--minutes M] [--scale F] [--connections C] [--no-build] [--no-record]
#
# Builds the release binary (as bench/run.sh does), starts `app serve` on a copy of the bench
# data set (default scale 0.1) and runs, for M minutes (default 10) at C connections in all
# (default 64, shared 6:1:1 between reads, paced submissions and likes), seven wrk processes at
# once with the headers Chrome sends: a course's review list, a deep link's HTML, the type-ahead,
# userinfo and a course's providers (reads), review submissions by distinct users (paced so the
# run never repeats a pair) and likes. Every 10 seconds it samples the server's resident memory
# and open files. At the end it checks that the server still answers, that its log holds no
# error, panic or 'database is locked', and that every counter equals a recount from the
# reviews; bench/soak.py prints the figures and writes them to bench/RESULTS.md's 'Soak' section.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=10 scale=0.1 connections=64 build=1 record=1
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --no-record) record=0; shift ;;
    *) echo "usage: bench/soak.sh [--minutes M] [--scale F] [--connections C] [--no-build] [--no-record]" >&2; exit 2 ;;
  esac
done
[ $((connections % 8)) = 0 ] || { echo "--connections must be a multiple of 8" >&2; exit 2; }

. bench/lib.sh
need_wrk
build_release
make_work

data=$(seeded "$scale")
echo "copying the data set for this run" >&2
cp -r "$data" "$work/data"
set -a; . "$work/data/bench.env"; set +a
start_server "$work/data"
check_serves_dist

unit=$((connections / 8))
writers=$(wc -l <"$work/data/bench-writers.txt")
offerings=$(wc -l <"$work/data/bench-offerings.txt")
# Each submission is a new (writer, offering) pair: pace the connections so the run asks for
# at most 95% of the pairs there are.
pause_ms=$(( (minutes * 60 * 1000 * unit * 100 + writers * offerings * 95 - 1) / (writers * offerings * 95) ))
reviews_for="{\"courseId\":\"$HOT_COURSE_ID\",\"providerId\":\"$HOT_PROVIDER_ID\",\"sort\":\"Most Recent\",\"userType\":\"All\",\"page\":1}~{\"courseId\":\"$HOT_COURSE_ID\",\"providerId\":\"$HOT_PROVIDER_ID\",\"sort\":\"Most Liked\",\"userType\":\"Student\",\"page\":2}"

# name|connections|script|path|environment (KEY=value entries separated by '^')
loads() {
  cat <<EOF
getreviewsfor|$((unit * 2))|request.lua|/api/getreviewsfor|METHOD=POST^TOKEN=$PROLIFIC_TOKEN^BODIES=$reviews_for
HTML of a deep link|$unit|request.lua|/course/$HOT_COURSE_SLUG/$HOT_PROVIDER_SLUG|
type-ahead|$unit|request.lua|/api/search/typeahead?q=cert|
userinfo|$unit|request.lua|/api/userinfo|TOKEN=$PROLIFIC_TOKEN
getprovidersbycourseid|$unit|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID"}
submitreview (paced, ${pause_ms} ms)|$unit|writes.lua|/|WRITE=submit^WRITERS=$work/data/bench-writers.txt^OFFERINGS=$work/data/bench-offerings.txt^DELAY=$pause_ms
likeordislikereview|$unit|writes.lua|/|WRITE=like^WRITERS=$work/data/bench-writers.txt^REVIEWS=$work/data/bench-reviews.txt
EOF
}

sample() { # seconds since start, resident KiB, open files
  echo "$(( $(date +%s) - started )) $(awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status") $(ls "/proc/$server_pid/fd" | wc -l)"
}

echo "soaking for $minutes minutes at $connections connections" >&2
started=$(date +%s)
sample >"$work/samples"
n=0 loads_running=()
while IFS='|' read -r name conns script path envs; do
  IFS='^' read -ra envs <<<"$envs"
  ( env "${envs[@]}" wrk -t2 -c"$conns" -d"${minutes}m" --timeout 5s -s "bench/$script" "$base$path" \
      | grep '^RESULT' | sed "s/^/$name|/" >"$work/load.$n" ) &
  loads_running+=($!)
  n=$((n + 1))
done < <(loads)
# Sample until every load has ended (the server is a background job too: never wait for it).
while kill -0 "${loads_running[@]}" 2>/dev/null; do
  sleep 10
  sample >>"$work/samples"
done
wait "${loads_running[@]}"

alive=$(curl -sf -o /dev/null -w '%{http_code}' "$base/api/health" || echo 000)
peak_kb=$(awk '/^VmHWM:/ {print $2}' "/proc/$server_pid/status")
stop_server
cat "$work"/load.* >"$work/loads"
problems=$(grep -cE 'ERROR|panicked|database is locked' "$work/server.log" || true)
mismatches=$(counter_mismatches "$work/data/app.db")
submitted=$(sqlite3 "$work/data/app.db" "SELECT COUNT(*) FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.email LIKE 'writer%'")

python3 bench/soak.py "$work/loads" "$work/samples" <<EOF
minutes=$minutes
scale=$scale
connections=$connections
health_after=$alive
peak_kb=$peak_kb
log_problems=$problems
mismatches=$mismatches
submitted=$submitted
record=$record
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo '+changes')
EOF
