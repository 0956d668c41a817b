# What the benchmarks share (sourced by bench/run.sh, bench/cpu.sh and bench/lighthouse.sh, from the
# repository's root): building the release binary, starting it on a data directory and
# checking that it serves the UI that ui/dist holds, and the keys of the long-tail rows.
#
# Set before sourcing: build (1 builds the release binary, 0 uses the one there is) and,
# optionally, BENCH_PORT (a random port from 20000 otherwise). CARGO_TARGET_DIR is honoured.

app=${CARGO_TARGET_DIR:-$PWD/target}/release/app
dist=ui/dist
port=${BENCH_PORT:-$((20000 + RANDOM % 20000))}
base=http://127.0.0.1:$port
server_pid=

# Builds the release binary unless --no-build was given (cargo builds the UI with it).
build_release() {
  if [ "$build" = 1 ]; then
    cargo build --release --locked >&2
  elif [ ! -x "$app" ]; then
    echo "no release binary at $app: run without --no-build" >&2
    exit 1
  fi
}

# Starts `app serve` on the data directory $1 (further arguments go to `serve`), logging to
# $work/server.log, and sets server_pid and ready_ms (from start to a first answer).
start_server() {
  local data=$1 started
  shift
  started=$(date +%s%N)
  APP_LOG=warn "$app" serve --data-dir "$data" --addr "127.0.0.1:$port" "$@" >"$work/server.log" 2>&1 &
  server_pid=$!
  until curl -sf -o /dev/null "$base/api/health"; do
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.005
  done
  ready_ms=$(( ($(date +%s%N) - started) / 1000000 ))
}

stop_server() {
  [ -n "$server_pid" ] || return 0
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=
}

# Sets smallest_asset (the smallest hashed script or stylesheet over 100 bytes) and
# main_script (the entry script) from ui/dist, as the build left it.
read_dist() {
  smallest_asset=$(find "$dist/assets" -type f \( -name '*.js' -o -name '*.css' \) -printf '%s %P\n' | sort -n | awk '$1 > 100 {print $2; exit}')
  main_script=$(grep -o 'src="/assets/[^"]*\.js"' "$dist/index.html" | head -1 | sed 's/src="//; s/"$//')
}

# A binary built before the UI last changed answers ui/dist's files 404: measuring it would
# measure 404s (or an older UI), so stop with a clear message instead.
check_serves_dist() {
  local asset
  read_dist
  for asset in "/assets/$smallest_asset" "$main_script"; do
    curl -sf -o /dev/null "$base$asset" || {
      echo "the server does not have $asset of ui/dist: build it again (run without --no-build)" >&2
      stop_server; exit 1
    }
  done
}

# The seeded data set of a scale, written once and kept in target/bench-data/scale-F with a
# stamp of the seeder and the migrations that wrote it: a set older than them is seeded again.
seeded() {
  local dir=$PWD/target/bench-data/scale-$1 stamp
  stamp=$(cat src/seed/bench/*.rs migrations/*.sql | sha256sum | cut -c1-16)
  if [ ! -f "$dir/bench.env" ] || [ "$(cat "$dir/seed.stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$dir"
    echo "seeding the bench data set at scale $1 into $dir" >&2
    "$app" seed --bench --scale "$1" --data-dir "$dir" >&2
    echo "$stamp" >"$dir/seed.stamp"
  fi
  echo "$dir"
}

# How many counters of the database $1 differ from a recount from the reviews (0 when all hold).
# The recent-score counters (issue 29) count against the stored window start, as the app does;
# the outcome answers (question 'foundWorkWithinSixMonths') against the students' answers.
counter_mismatches() {
  sqlite3 "$1" "
  SELECT (SELECT COUNT(*) FROM reviews r WHERE like_count <> (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = r.id AND v.vote = 'like')
                                          OR dislike_count <> (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = r.id AND v.vote = 'dislike'))
       + (SELECT COUNT(*) FROM offerings o WHERE student_review_count + employer_review_count <>
            (SELECT COUNT(*) FROM reviews r WHERE r.course_id = o.course_id AND r.provider_id = o.provider_id AND r.approved = 1))
       + (SELECT COUNT(*) FROM providers p WHERE review_count <>
            (SELECT COUNT(*) FROM reviews r WHERE r.provider_id = p.id AND r.approved = 1))
       + (SELECT COUNT(*) FROM offerings o WHERE recent_rated_count <>
            (SELECT COUNT(*) FROM reviews r WHERE r.course_id = o.course_id AND r.provider_id = o.provider_id AND r.approved = 1
               AND r.score_halves > 0 AND r.recent_month >= (SELECT start_month FROM recent_window))
          OR recent_score_half_sum <>
            (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r WHERE r.course_id = o.course_id AND r.provider_id = o.provider_id
               AND r.approved = 1 AND r.score_halves > 0 AND r.recent_month >= (SELECT start_month FROM recent_window)))
       + (SELECT COUNT(*) FROM offerings o WHERE
            (SELECT COALESCE(SUM(answered), 0) FROM offering_answers a WHERE a.course_id = o.course_id AND a.provider_id = o.provider_id
               AND a.user_type = 'Student' AND a.question = 'foundWorkWithinSixMonths') <>
            (SELECT COUNT(*) FROM reviews r WHERE r.course_id = o.course_id AND r.provider_id = o.provider_id AND r.approved = 1
               AND r.user_type = 'Student' AND json_type(r.answers, '$.foundWorkWithinSixMonths') = 'text'));"
}

# The long tail (issue 32): a different key on every request, over the pairs with reviews (up
# to 30,000), every course and every provider, as most of a real site's traffic is.
longtail_keys() {
  local db=$1 dir=$2
  sqlite3 -separator ' ' "$db" "SELECT o.course_id, o.provider_id, c.slug, p.slug FROM offerings o
    JOIN courses c ON c.id = o.course_id JOIN providers p ON p.id = o.provider_id
    WHERE o.student_review_count + o.employer_review_count > 0
    ORDER BY (o.id * 2654435761) % 4294967296 LIMIT 30000" >"$dir/pairs.txt"
  awk 'BEGIN { split("Most Recent|Most Liked|Top Rated|Most Helpful", sorts, "|") }
    { printf "/api/getreviewsfor\t{\"courseId\":\"%s\",\"providerId\":\"%s\",\"sort\":\"%s\",\"page\":1}\n", $1, $2, sorts[NR % 4 + 1] }' \
    "$dir/pairs.txt" >"$dir/reviews.keys"
  awk '{ printf "/course/%s/%s\n", $3, $4 }' "$dir/pairs.txt" >"$dir/html.keys"
  sqlite3 -separator ' ' "$db" "SELECT id, slug FROM courses ORDER BY (id * 2654435761) % 4294967296" >"$dir/courses.txt"
  awk '{ printf "/api/getprovidersbycourseid\t{\"courseId\":\"%s\"}\n", $1 }' "$dir/courses.txt" >"$dir/providers-by-course.keys"
  # Each course with one of the reader's filters or the 'Lowest fee' sort, in turn.
  awk 'BEGIN { n = split("\"deliveryMode\":\"online\"|\"maxFee\":5000|\"fundingNote\":\"Fee-free TAFE\"|\"intakeWithinMonths\":3|\"intakeWithinMonths\":6|\"sort\":\"lowest-fee\"", f, "|") }
    { printf "/api/getprovidersbycourseid\t{\"courseId\":\"%s\",%s}\n", $1, f[NR % n + 1] }' \
    "$dir/courses.txt" >"$dir/providers-filtered.keys"
  awk '{ printf "/api/getcoursebyslug\t{\"courseSlug\":\"%s\"}\n", $2 }' "$dir/courses.txt" >"$dir/courses.keys"
  sqlite3 "$db" "SELECT slug FROM providers ORDER BY (id * 2654435761) % 4294967296" |
    awk '{ printf "/api/getproviderbyslug\t{\"providerSlug\":\"%s\"}\n", $1 }' >"$dir/providers.keys"
  # Fresh moderation title searches (issue 32 point 5): every piece of 3 to 6 letters of the
  # titles' words, in each state and for each reviewer type, so nearly every request is a
  # search (and a count) no earlier request made.
  sqlite3 "$db" "SELECT title FROM reviews ORDER BY id DESC LIMIT 20000" | tr -cs 'A-Za-z' '\n' | tr 'A-Z' 'a-z' |
    awk 'length($0) >= 3' | sort -u |
    awk '{ for (n = 3; n <= 6; n++) for (i = 1; i + n - 1 <= length($0); i++) print substr($0, i, n) }' | sort -u |
    awk 'BEGIN { n = split("\"actioned\":true,\"approved\":true|\"actioned\":true,\"approved\":false|\"actioned\":false", states, "|"); split("All Student Employer", types, " ") }
      { for (s = 1; s <= n; s++) for (t = 1; t <= 3; t++)
          printf "/api/review/pullreviews\t{%s,\"userType\":\"%s\",\"sort\":\"Latest\",\"searchBy\":\"Review Title\",\"searchText\":\"%s\"}\n", states[s], types[t], $1 }' |
    awk '{ print ((NR * 2654435761) % 4294967296) "\t" $0 }' | sort -n | cut -f2- >"$dir/searches.keys"
}

# Installs wrk from Debian when it is missing.
need_wrk() {
  command -v wrk >/dev/null && return 0
  echo "installing wrk from Debian" >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y wrk >&2; else sudo apt-get install -y wrk >&2; fi
}

# A scratch directory in $work, removed (with the server stopped) when the script exits.
make_work() {
  work=$(mktemp -d)
  trap 'stop_server; rm -rf "$work"' EXIT
}
