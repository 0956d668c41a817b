"""The table of bench/run.sh: reads the rounds' RESULT lines and the run's facts (KEY=value on
standard input), prints the table and writes it with the machine's description to
bench/RESULTS.md. Targets are DESIGN section 6's."""

import glob
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import OrderedDict

results_file, growth_file = sys.argv[1], sys.argv[2]
nginx_file = sys.argv[3] if len(sys.argv) > 3 else None
facts = dict(line.strip().split("=", 1) for line in sys.stdin if "=" in line)

# Read routes: at least half the static asset's throughput, p99 under 10 ms.
NOT_READS = ("static asset", "main script", "HTML", "/api/health", "submitreview", "likeordislikereview")
WRITE_TARGETS = {"submitreview (distinct users)": 2000, "likeordislikereview": 5000}
# Issue 32: a cold pair's first page at 0.20 of the static asset, p99 under 25 ms.
LONG_TAIL_REVIEWS = "getreviewsfor, "
# Issue 32: the moderation title search, a fresh search each request, p99 under 50 ms.
FRESH_SEARCHES = "pullreviews text search, "


def parse(lines):
    """Each route's rounds: (req/s, p50, p99, non-2xx, socket errors, the server's peak RSS in
    kB during the route, or 0 where a line has none)."""
    rounds = OrderedDict()
    for line in lines:
        name, result = line.rsplit("|", 1)
        fields = result.split()[1:]
        rps, p50, p99, non2xx, errors = fields[:5]
        peak = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 0
        rounds.setdefault(name, []).append((float(rps), float(p50), float(p99), int(non2xx), int(errors), peak))
    return rounds


def median(rows, column):
    return statistics.median(row[column] for row in rows)


def machine():
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    mem = next((int(l.split()[1]) for l in open("/proc/meminfo") if l.startswith("MemTotal")), 0)
    # A guest kernel may page out whatever was idle for a while (DAMON's reclaim), the data
    # file's cached pages included, so that the long-tail rows read from the disk again.
    damon = glob.glob("/sys/kernel/mm/damon/admin/kdamonds/*/state")
    paging = any(open(state).read().strip() == "on" for state in damon)
    reclaim = ", DAMON reclaim on" if paging else ", DAMON reclaim off" if damon else ""
    return f"{os.cpu_count()} cores ({model}), {mem / 1024 / 1024:.0f} GiB, Linux {platform.release()}{reclaim}"


with open(results_file) as f:
    rounds = parse(l.strip() for l in f if l.strip())
baseline = median(next(iter(rounds.values())), 0)

out = []
out.append(f"| route | req/s | ratio to the static asset | p50 ms | p99 ms | non-2xx | socket errors | peak RSS MB | target |")
out.append("|---|---:|---:|---:|---:|---:|---:|---:|---|")
for name, rows in rounds.items():
    rps, p50, p99 = median(rows, 0), median(rows, 1), median(rows, 2)
    non2xx, errors = sum(r[3] for r in rows), sum(r[4] for r in rows)
    ratio = rps / baseline if baseline else 0
    if name in WRITE_TARGETS:
        wanted = WRITE_TARGETS[name]
        target = f"{wanted}/s, no error: " + ("met" if rps >= wanted and non2xx + errors == 0 else "missed")
    elif name.startswith(NOT_READS):
        target = ""
    elif name.startswith(LONG_TAIL_REVIEWS):
        target = "0.20, p99 < 25 ms: " + ("met" if ratio >= 0.2 and p99 < 25 else "missed")
    elif name.startswith(FRESH_SEARCHES):
        target = "p99 < 50 ms: " + ("met" if p99 < 50 else "missed")
    else:
        target = "0.50, p99 < 10 ms: " + ("met" if ratio >= 0.5 and p99 < 10 else "missed")
    peak = max(r[5] for r in rows) / 1024
    out.append(f"| {name} | {rps:,.0f} | {ratio:.2f} | {p50:.2f} | {p99:.2f} | {non2xx} | {errors} | {peak:.0f} | {target} |")

rss_idle, rss_peak = int(facts["rss_idle_kb"]) / 1024, int(facts["rss_peak_kb"]) / 1024
ready = int(facts["ready_ms"])
initial = float(facts["initial_js_kb"])
locked, mismatches = int(facts["locked"]), int(facts["mismatches"])
out.append("")
out.append(f"- ready after start (process start to a first answer from `/api/health`): {ready} ms (target 200 ms)")
# The executable's pages read from the page cache count in RSS too; the kernel maps them in
# large runs, so they say more about the binary's size than about what the server holds.
rss_anon = int(facts["rss_idle_anon_kb"]) / 1024
out.append(
    f"- RSS idle {rss_idle:.0f} MB (target 30 MB; {rss_anon:.0f} MB of it the server's own memory, "
    f"{rss_idle - rss_anon:.0f} MB pages of the executable and libraries), peak {rss_peak:.0f} MB (target 100 MB)"
)
out.append(f"- initial JavaScript: {initial:.1f} KB gzip (target 80 KB)")
out.append(f"- reviews submitted by the write benchmark: {facts['submitted']}; `database is locked` in the server's log: {locked}")
out.append(
    "- after the writes, counters that differ from a recount of the reviews and votes: "
    + (f"{mismatches}" if mismatches else "none")
)
if facts.get("digest"):
    out.append(
        f"- the weekly digest of the seeded week (`app mail digest`): {facts['digest']}; "
        f"peak RSS of the run {int(facts['digest_peak_kb']) / 1024:.0f} MB "
        "(target: the writer held at most 50 ms at a time)"
    )

growth_lines = [l.strip() for l in open(growth_file) if l.strip()]
if growth_lines:
    by_scale = OrderedDict()
    ready_at = {}
    for line in growth_lines:
        scale, ready_ms, rest = line.split("|", 2)
        ready_at[scale] = ready_ms
        by_scale.setdefault(scale, []).append(rest)
    parsed = {scale: parse(lines) for scale, lines in by_scale.items()}
    scales = list(parsed)
    out.append("")
    out.append("p50 in ms of each read route as the data grows (10,000 to 1,000,000 reviews):")
    out.append("")
    out.append("| route | " + " | ".join(f"scale {s}" for s in scales) + f" | {scales[-1]} / {scales[0]} |")
    out.append("|---|" + "---:|" * (len(scales) + 1))
    for name in parsed[scales[0]]:
        p50s = [median(parsed[s][name], 1) if name in parsed[s] else float("nan") for s in scales]
        growth = p50s[-1] / p50s[0] if p50s[0] else float("nan")
        out.append(f"| {name} | " + " | ".join(f"{p:.2f}" for p in p50s) + f" | {growth:.1f} |")
    out.append("| ready after start, ms | " + " | ".join(ready_at[s] for s in scales) + " | |")

nginx_lines = [l.strip() for l in open(nginx_file) if l.strip()] if nginx_file else []
if nginx_lines:
    through = parse(nginx_lines)
    nginx_baseline = median(next(iter(through.values())), 0)
    out.append("")
    out.append(
        "The public reads through nginx (`--through-nginx`: Debian's nginx with the shipped "
        "deploy/nginx.conf cache in front of the same server), as ratios to the static asset "
        "served by the same nginx:"
    )
    out.append("")
    out.append("| route through nginx | req/s | ratio to nginx's static asset | p50 ms | p99 ms | non-2xx | socket errors |")
    out.append("|---|---:|---:|---:|---:|---:|---:|")
    for name, rows in through.items():
        rps, p50, p99 = median(rows, 0), median(rows, 1), median(rows, 2)
        non2xx, errors = sum(r[3] for r in rows), sum(r[4] for r in rows)
        ratio = rps / nginx_baseline if nginx_baseline else 0
        out.append(f"| {name} | {rps:,.0f} | {ratio:.2f} | {p50:.2f} | {p99:.2f} | {non2xx} | {errors} |")

header = [
    "# Server benchmark results",
    "",
    f"`bench/run.sh --scale {facts['scale']}` on {time.strftime('%Y-%m-%d')}, commit {facts['commit']}: "
    f"{machine()}. wrk 2 threads, 64 connections, `Accept-Encoding: gzip, deflate, br, zstd`, "
    f"{facts['rounds']} interleaved rounds of {facts['seconds']} s per route; each figure is the median round "
    "(non-2xx and errors are summed). The load generator shares the 2 cores with the server.",
    "",
]
table = "\n".join(header + out) + "\n"
print(table)
path = os.path.join(os.path.dirname(__file__), "RESULTS.md")
previous = open(path).read() if os.path.exists(path) else ""
# The levers (written by hand) and bench/lighthouse.sh's section are kept below the table.
kept = [previous.index(heading) for heading in ("\n## Levers", "\n## Lighthouse") if heading in previous]
keep = previous[min(kept) + 1 :] if kept else ""
with open(path, "w") as f:
    f.write(table + ("\n" + keep if keep else ""))
print(f"written to {path}", file=sys.stderr)
