#!/usr/bin/env bash
# The server's CPU per request on the long-tail rows of bench/run.sh, which a lever moves
# without the noise of req/s on a shared machine:
#
#   bench/cpu.sh [--scale F] [--rounds N] [--seconds S] [--no-build]
#
# Starts `app serve` on a copy of the bench data set (seeded as run.sh seeds it) and runs the
# static asset and each long-tail row (a different key on every request) with wrk at 64
# connections; for each it prints req/s and the server's user + system CPU time over the row
# divided by the requests answered (from /proc). Nothing is recorded.
set -euo pipefail
cd "$(dirname "$0")/.."

scale=1 rounds=2 seconds=6 build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "usage: bench/cpu.sh [--scale F] [--rounds N] [--seconds S] [--no-build]" >&2; exit 2 ;;
  esac
done

. bench/lib.sh
need_wrk
build_release
make_work

data=$(seeded "$scale")
cp -r "$data" "$work/data"
set -a; . "$work/data/bench.env"; set +a
mkdir -p "$work/keys"
longtail_keys "$work/data/app.db" "$work/keys"
start_server "$work/data"
check_serves_dist
tick=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server_pid/stat"; }

# One row: its name, the wrk script, the path, and for many.lua the file of keys.
row() {
  local name=$1 script=$2 path=$3 keys=${4:-} before after result
  before=$(cpu_ticks)
  result=$(KEYS=$keys TOKEN=${TOKEN:-$PROLIFIC_TOKEN} wrk -t2 -c64 -d"${seconds}s" --timeout 5s -s "bench/$script" "$base$path" | grep '^RESULT')
  after=$(cpu_ticks)
  awk -v name="$name" -v rps="$(echo "$result" | cut -d' ' -f2)" -v secs="$seconds" \
    -v ticks="$((after - before))" -v tick="$tick" \
    'BEGIN { printf "%-40s %7d req/s  %6.0f us of server CPU a request\n", name, rps, ticks / tick / (rps * secs) * 1e6 }'
}

# The hot pair's first pages in each sort and reviewer type: kept answers, for levers on the
# path every cached answer takes (the session, the versions, the compressed copy).
hot_bodies=""
for sort in "Most Recent" "Most Liked" "Top Rated"; do
  for type in All Student Employer; do
    hot_bodies+="{\"courseId\":\"$HOT_COURSE_ID\",\"providerId\":\"$HOT_PROVIDER_ID\",\"sort\":\"$sort\",\"userType\":\"$type\",\"page\":1}~"
  done
done

for round in $(seq 1 "$rounds"); do
  echo "round $round of $rounds"
  row "static asset" request.lua "/assets/$smallest_asset"
  METHOD=POST BODIES=${hot_bodies%\~} row "getreviewsfor, the hot pair (kept)" request.lua /api/getreviewsfor
  row "userinfo (kept)" request.lua /api/userinfo
  METHOD=POST TOKEN=$ADMIN_TOKEN BODIES='{"actioned":false,"searchText":""}' \
    row "pullreviews waiting (kept)" request.lua /api/review/pullreviews
  row "getreviewsfor, each pair's first page" many.lua / "$work/keys/reviews.keys"
  row "course-provider HTML, each pair" many.lua / "$work/keys/html.keys"
  row "getprovidersbycourseid, every course" many.lua / "$work/keys/providers-by-course.keys"
  row "getcoursebyslug, every course" many.lua / "$work/keys/courses.keys"
  row "getproviderbyslug, every provider" many.lua / "$work/keys/providers.keys"
  TOKEN=$ADMIN_TOKEN row "pullreviews, a fresh title search each" many.lua / "$work/keys/searches.keys"
done
# The server's memory after the rows: its peak, and what it holds now, anonymous (heap, caches)
# and file-backed (the mapped search index, the binary).
awk '/^(VmHWM|RssAnon|RssFile):/ { printf "%s %d MB  ", $1, $2 / 1024 } END { print "" }' "/proc/$server_pid/status"
