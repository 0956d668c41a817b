#!/usr/bin/env bash
# The server's benchmark (DESIGN section 6), in one command:
#
#   bench/run.sh [--scale F] [--rounds N] [--seconds S] [--no-growth] [--no-build] [--through-nginx]
#
# Builds the release binary, seeds the bench data set (`app seed --bench`, kept in
# target/bench-data/scale-F and copied for each run, so writes never pile up), starts
# `app serve` on it and measures every route with wrk at 64 connections and the headers
# Chrome sends. Routes run interleaved, a few seconds each, for several rounds, so the
# machine's noise hits all of them alike; the table gives the median round. Then it
# measures start-up, memory and the initial JavaScript, checks that the counters still
# match the reviews after the writes, runs the read routes at scales 0.01, 0.1 and 1 to
# show how p50 grows with the data, and writes it all to bench/RESULTS.md. With
# --through-nginx it also measures the public reads through Debian's nginx running the
# shipped deploy/nginx.conf cache (bench/nginx_conf.py), as ratios to the static asset served
# by the same nginx.
set -euo pipefail
cd "$(dirname "$0")/.."

scale=1 rounds=3 seconds=4 growth=1 build=1 nginx=0
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --no-growth) growth=0; shift ;;
    --no-build) build=0; shift ;;
    --through-nginx) nginx=1; shift ;;
    *) echo "usage: bench/run.sh [--scale F] [--rounds N] [--seconds S] [--no-growth] [--no-build] [--through-nginx]" >&2; exit 2 ;;
  esac
done

. bench/lib.sh
need_wrk
build_release
make_work

rss_kb() { awk "/^$1:/ {print \$2}" "/proc/$server_pid/status"; }

# One route for $1 seconds: name, then environment for request.lua, many.lua or writes.lua,
# then path. The server's peak RSS is reset before each route (Linux's clear_refs 5) and read
# after it, so each row reports its own peak.
measure() {
  local secs=$1 name=$2 script=$3 path=$4; shift 4
  local line
  echo 5 >"/proc/$server_pid/clear_refs" 2>/dev/null || true
  line=$(env "$@" wrk -t2 -c64 -d"${secs}s" --timeout 5s -s "bench/$script" "$base$path" | grep '^RESULT' || echo "RESULT 0 0 0 0 1")
  echo "$name|$line $(rss_kb VmHWM)" >>"$work/results"
}

# While the route lines on stdin are measured, a background writer commits about 50 likes and
# 5 reviews a second (wrk paced by writes.lua's DELAY), as a live site does; $2 is where the
# writes start in the sequence of (writer, offering) pairs.
with_writes() {
  local secs=$1 start=$2 likes reviews
  WRITE=like WRITERS=$BENCH_WRITERS REVIEWS=$BENCH_REVIEWS START=$start DELAY=20 \
    wrk -t1 -c1 -d"$((secs * 8))s" -s bench/writes.lua "$base/" >/dev/null &
  likes=$!
  WRITE=submit WRITERS=$BENCH_WRITERS OFFERINGS=$BENCH_OFFERINGS START=$start DELAY=200 \
    wrk -t1 -c1 -d"$((secs * 8))s" -s bench/writes.lua "$base/" >/dev/null &
  reviews=$!
  run_routes "$secs"
  kill "$likes" "$reviews" 2>/dev/null || true
  wait "$likes" "$reviews" 2>/dev/null || true
}

read_dist

# The routes, one per line: name|script|path|environment (KEY=value entries separated by '^';
# request.lua takes several bodies separated by '~').
routes() {
  local pages=$(( (HOT_REVIEWS + 19) / 20 )) middle bodies
  middle=$(( (pages + 1) / 2 ))
  reviews_for() { # page, reviewer types, then the sorts (default: the three of the spec)
    local page=$1 types=$2 out="" sort type
    shift 2
    local sorts=("$@")
    [ ${#sorts[@]} -gt 0 ] || sorts=("Most Recent" "Most Liked" "Top Rated")
    for sort in "${sorts[@]}"; do
      for type in $types; do
        out+="{\"courseId\":\"$HOT_COURSE_ID\",\"providerId\":\"$HOT_PROVIDER_ID\",\"sort\":\"$sort\",\"userType\":\"$type\",\"page\":$page}~"
      done
    done
    echo "${out%\~}"
  }
  # A search inside the hot pair's reviews for a word about half of the bench reviews hold.
  reviews_search() {
    local out="" sort
    for sort in "Most Recent" "Most Liked" "Top Rated" "Most Helpful"; do
      out+="{\"courseId\":\"$HOT_COURSE_ID\",\"providerId\":\"$HOT_PROVIDER_ID\",\"sort\":\"$sort\",\"search\":\"trainers\"}~"
    done
    echo "${out%\~}"
  }
  cat <<EOF
static asset (baseline)|request.lua|/assets/$smallest_asset|
main script|request.lua|$main_script|
HTML of a deep link|request.lua|/course/$HOT_COURSE_SLUG/$HOT_PROVIDER_SLUG|
/api/health|request.lua|/api/health|
/api/industries|request.lua|/api/industries|
careers of the course's industry|request.lua|/api/getcareersbyindustryid|METHOD=POST^BODIES={"industryId":"$HOT_INDUSTRY_ID"}
courses of the course's career|request.lua|/api/getcoursesbycareerid|METHOD=POST^BODIES={"careerId":"$HOT_CAREER_ID"}
getprovidersbycourseid (60 providers)|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID"}
getprovidersbycourseid by recent score|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID","sort":"recent-score"}
getprovidersbycourseid online|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID","deliveryMode":"online"}
getprovidersbycourseid fee at most 5,000|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID","maxFee":5000}
getprovidersbycourseid Fee-free TAFE|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID","fundingNote":"Fee-free TAFE"}
getprovidersbycourseid intake within 3 months|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID","intakeWithinMonths":3}
getprovidersbycourseid intake within 6 months|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID","intakeWithinMonths":6}
getprovidersbycourseid by lowest fee|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID","sort":"lowest-fee"}
getprovidersbycourseid online, at most 5,000, by lowest fee|request.lua|/api/getprovidersbycourseid|METHOD=POST^BODIES={"courseId":"$HOT_COURSE_ID","deliveryMode":"online","maxFee":5000,"sort":"lowest-fee"}
getreviewsfor first pages|request.lua|/api/getreviewsfor|METHOD=POST^TOKEN=$PROLIFIC_TOKEN^BODIES=$(reviews_for 1 "All Student Employer")
getreviewsfor Most Helpful first pages|request.lua|/api/getreviewsfor|METHOD=POST^TOKEN=$PROLIFIC_TOKEN^BODIES=$(reviews_for 1 "All Student Employer" "Most Helpful")
getreviewsfor middle page|request.lua|/api/getreviewsfor|METHOD=POST^TOKEN=$PROLIFIC_TOKEN^BODIES=$(reviews_for "$middle" All)
getreviewsfor last page|request.lua|/api/getreviewsfor|METHOD=POST^TOKEN=$PROLIFIC_TOKEN^BODIES=$(reviews_for "$pages" All)
getreviewsfor (search)|request.lua|/api/getreviewsfor|METHOD=POST^TOKEN=$PROLIFIC_TOKEN^BODIES=$(reviews_search)
type-ahead|request.lua|/api/search/typeahead?q=cert|
getsearchresults|request.lua|/api/search/getsearchresults|METHOD=POST^BODIES={"searchBy":"qualification","courseId":"$HOT_COURSE_ID"}
userinfo|request.lua|/api/userinfo|TOKEN=$PROLIFIC_TOKEN
getuserreviews (200 reviews)|request.lua|/api/review/getuserreviews|METHOD=POST^TOKEN=$PROLIFIC_TOKEN^BODIES={"userId":"$PROLIFIC_USER_ID"}
pullreviews waiting|request.lua|/api/review/pullreviews|METHOD=POST^TOKEN=$ADMIN_TOKEN^BODIES={"actioned":false,"searchText":""}
pullreviews approved|request.lua|/api/review/pullreviews|METHOD=POST^TOKEN=$ADMIN_TOKEN^BODIES={"actioned":true,"approved":true,"searchText":""}
pullreviews disapproved|request.lua|/api/review/pullreviews|METHOD=POST^TOKEN=$ADMIN_TOKEN^BODIES={"actioned":true,"approved":false,"searchText":""}
pullreviews text search|request.lua|/api/review/pullreviews|METHOD=POST^TOKEN=$ADMIN_TOKEN^BODIES={"actioned":true,"approved":true,"searchBy":"Review Title","searchText":"placement"}
EOF
}
longtail_routes() {
  local dir=$1 pairs
  pairs=$(wc -l <"$dir/pairs.txt")
  cat <<EOF
getreviewsfor, $pairs pairs (first pages, each sort)|many.lua|/|KEYS=$dir/reviews.keys^TOKEN=$PROLIFIC_TOKEN
getprovidersbycourseid, every course|many.lua|/|KEYS=$dir/providers-by-course.keys
getprovidersbycourseid filtered or by lowest fee, every course|many.lua|/|KEYS=$dir/providers-filtered.keys
getcoursebyslug, every course|many.lua|/|KEYS=$dir/courses.keys
getproviderbyslug, every provider|many.lua|/|KEYS=$dir/providers.keys
HTML of the course-provider page, $pairs pairs|many.lua|/|KEYS=$dir/html.keys
pullreviews text search, $(wc -l <"$dir/searches.keys") different searches|many.lua|/|KEYS=$dir/searches.keys^TOKEN=$ADMIN_TOKEN
EOF
}
# The mixed rows: reads measured while with_writes commits in the background.
mixed_routes() {
  { longtail_routes "$1" | sed -n '1p'; routes | grep '^/api/industries\|^getreviewsfor first pages'; } |
    sed 's/^\([^|]*\)|/\1, with writes|/'
}

write_routes() {
  cat <<EOF
submitreview (distinct users)|writes.lua|/|WRITE=submit^WRITERS=$BENCH_WRITERS^OFFERINGS=$BENCH_OFFERINGS^START=$1
likeordislikereview|writes.lua|/|WRITE=like^WRITERS=$BENCH_WRITERS^REVIEWS=$BENCH_REVIEWS^START=$1
EOF
}
run_routes() { # seconds, then the route lines on stdin
  local secs=$1 name script path envs
  while IFS='|' read -r name script path envs; do
    IFS='^' read -ra envs <<<"$envs"
    measure "$secs" "$name" "$script" "$path" "${envs[@]}"
  done
}

# --- the main run -------------------------------------------------------------------------
data=$(seeded "$scale")
echo "copying the data set for this run" >&2
cp -r "$data" "$work/data"
set -a; . "$work/data/bench.env"; set +a
BENCH_WRITERS=$work/data/bench-writers.txt BENCH_OFFERINGS=$work/data/bench-offerings.txt BENCH_REVIEWS=$work/data/bench-reviews.txt
start_server "$work/data"
ready_main=$ready_ms
check_serves_dist
# Idle once the server has handed back what starting left free (its first pass of
# src/memory.rs, five seconds after start): about 8 MB of its heap is free but not yet returned
# until then.
sleep 6
rss_idle=$(rss_kb VmRSS) rss_idle_anon=$(rss_kb RssAnon)
: >"$work/results"
pairs=$(( $(wc -l <"$BENCH_WRITERS") * $(wc -l <"$BENCH_OFFERINGS") ))
mkdir -p "$work/keys"
longtail_keys "$work/data/app.db" "$work/keys"
for round in $(seq 1 "$rounds"); do
  echo "round $round of $rounds" >&2
  # Each round submits new pairs: the rounds share the sequence of (writer, offering) pairs
  # (1,000 x 100) equally. A round that submits more than its share repeats pairs of the next,
  # which answer 409 and show as non-2xx: use more rounds or fewer seconds then.
  { routes; longtail_routes "$work/keys"; write_routes $(((round - 1) * pairs / rounds)); } | run_routes "$seconds"
  # The mixed rows' writes take the end of the sequence, which the write rows never reach.
  mixed_routes "$work/keys" | with_writes "$seconds" $((pairs - 1000 * round))
done
rss_peak=$(awk '{print $NF}' "$work/results" | sort -n | tail -1)

# --- the weekly digest (issue 31) -------------------------------------------------------
# The seeded week of alerts goes out as the digest due a week from now (`app mail digest`,
# the run the server makes by itself), while the hot pair's reviews are read from the server.
digest_at=$(date -u -d '+7 days' +%Y-%m-%dT%H:%M:%SZ)
/usr/bin/time -f '%M' -o "$work/digest.rss" \
  "$app" mail digest --at "$digest_at" --data-dir "$work/data" >"$work/digest.out" 2>&1 &
digest_pid=$!
while kill -0 "$digest_pid" 2>/dev/null; do
  { routes || true; } | grep -m1 '^getreviewsfor' | sed 's/^/during the digest run: /' | run_routes 2
done
wait "$digest_pid" || { cat "$work/digest.out" >&2; exit 1; }
digest_line=$(grep '^weekly digests' "$work/digest.out")
digest_peak_kb=$(cat "$work/digest.rss")

# --- the public reads through nginx's cache -----------------------------------------------
: >"$work/results.nginx"
if [ "$nginx" = 1 ]; then
  nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
  [ -x "$nginx_bin" ] || { echo "bench: --through-nginx needs Debian's nginx (apt-get install nginx)" >&2; exit 1; }
  mkdir -p "$work/nginx"
  nginx_port=$((port + 1))
  python3 bench/nginx_conf.py "$work/nginx" "$nginx_port" "127.0.0.1:$port" >"$work/nginx/nginx.conf"
  "$nginx_bin" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
  nginx_pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/api/health"; do sleep 0.05; done
  app_base=$base
  base=http://127.0.0.1:$nginx_port
  mv "$work/results" "$work/results.main"
  for round in $(seq 1 "$rounds"); do
    echo "through nginx: round $round of $rounds" >&2
    # The public reads only: a call with a session always goes to the app (never kept).
    routes | grep -v 'TOKEN=\|^main script' | run_routes "$seconds"
  done
  mv "$work/results" "$work/results.nginx"
  mv "$work/results.main" "$work/results"
  base=$app_base
  kill -TERM "$nginx_pid"; wait "$nginx_pid" 2>/dev/null || true
fi
stop_server
locked=$(grep -c "database is locked" "$work/server.log" || true)

# After the writes every counter still equals a recount from the reviews.
mismatches=$(counter_mismatches "$work/data/app.db")
submitted=$(sqlite3 "$work/data/app.db" "SELECT COUNT(*) FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.email LIKE 'writer%'")

# The JavaScript a first visit downloads before it can render: the entry script and the
# modules it preloads, gzip-compressed as they are served.
initial_js=$(grep -o '\(src\|href\)="/assets/[^"]*\.js"' "$dist/index.html" | sed 's/.*="\/assets\///; s/"$//' | sort -u |
  while read -r file; do gzip -9 -c "$dist/assets/$file" | wc -c; done | awk '{s += $1} END {printf "%.1f", s / 1024}')

# --- growth with the data ---------------------------------------------------------------
: >"$work/growth"
if [ "$growth" = 1 ]; then
  for s in 0.01 0.1 1; do
    dir=$(seeded "$s")
    cp -r "$dir" "$work/growth-data"
    set -a; . "$work/growth-data/bench.env"; set +a
    start_server "$work/growth-data"
    mv "$work/results" "$work/results.main"
    routes | grep -v '^static\|^main script\|^HTML' | run_routes 2
    sed "s/^/$s|$ready_ms|/" "$work/results" >>"$work/growth"
    mv "$work/results.main" "$work/results"
    stop_server
    rm -rf "$work/growth-data"
  done
fi

python3 bench/report.py "$work/results" "$work/growth" "$work/results.nginx" <<EOF
scale=$scale
rounds=$rounds
seconds=$seconds
ready_ms=$ready_main
rss_idle_kb=$rss_idle
rss_idle_anon_kb=$rss_idle_anon
rss_peak_kb=$rss_peak
initial_js_kb=$initial_js
locked=$locked
mismatches=$mismatches
submitted=$submitted
digest=$digest_line
digest_peak_kb=$digest_peak_kb
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src ui/src || echo '+changes')
EOF
