#!/usr/bin/env bash
# Lighthouse 12 on the public pages, as a new visitor gets them (issue 11's targets):
#
#   bench/lighthouse.sh [--runs N] [--only PAGE] [--no-build] [--no-record] [--devtools]
#
# Installs Lighthouse 12 from npm into target/lighthouse when it is missing, builds the
# release binary (unless --no-build), starts it with the demo data on a fresh data directory
# and runs Lighthouse in Debian's Chromium against home, industries, a career, a course's
# providers page, search and about (the career and course are asked of the API), on a phone
# (Lighthouse's default throttling) and on a desktop (--preset=desktop). With --runs N each
# page is measured N times and the run with the median performance score is kept. It prints
# each category score, LCP, FCP, TBT and CLS per page and form factor, and writes that table
# into bench/RESULTS.md's 'Lighthouse' section (unless --no-record); the JSON reports stay in
# target/lighthouse/reports. --only measures one page (home, industries, career, course-providers,
# search or about) and records nothing: for trying a change. --devtools throttles for real
# (`--throttling-method=devtools`) instead of simulating, so a real LCP can be told from
# Lighthouse's estimate; its table goes into RESULTS.md's 'Lighthouse, throttled for real', below
# the simulated one. A run that fails with a Lighthouse runtime error (NO_NAVSTART, NO_FCP, ...)
# or no report is tried again (three times at most) rather than ending the measurement.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=1 build=1 record=1 only= throttling=simulate
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --only) only=$2 record=0; shift 2 ;;
    --no-record) record=0; shift ;;
    --devtools) throttling=devtools; shift ;;
    *) echo "usage: bench/lighthouse.sh [--runs N] [--only PAGE] [--no-build] [--no-record] [--devtools]" >&2; exit 2 ;;
  esac
done

export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
[ -x "$CHROME_PATH" ] || { echo "no Chromium at $CHROME_PATH: apt-get install -y chromium" >&2; exit 1; }
scratch=$PWD/target/lighthouse
lighthouse=$scratch/node_modules/.bin/lighthouse
if [ ! -x "$lighthouse" ]; then
  echo "installing Lighthouse 12 into $scratch" >&2
  mkdir -p "$scratch"
  npm install --prefix "$scratch" --no-audit --no-fund --no-save 'lighthouse@12' >&2
fi

. bench/lib.sh
build_release
make_work

mkdir -p "$work/data"
# Canonical addresses on the address Lighthouse visits, as a real deployment has them.
export APP_PUBLIC_URL=$base
start_server "$work/data" --demo
check_serves_dist

reports=$scratch/reports
rm -rf "$reports"
mkdir -p "$reports"
python3 bench/lighthouse.py "$base" "$lighthouse" "$reports" "$runs" "$record" "$only" \
  "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src ui/src ui/index.html || echo '+changes')" "$throttling"
