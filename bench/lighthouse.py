"""The measuring half of bench/lighthouse.sh: picks the pages from the running server's API,
runs Lighthouse on each (phone and desktop), prints the table and the audits that cost points,
and writes the table into bench/RESULTS.md's 'Lighthouse' section. Targets are issue 11's.

Arguments: base URL, the lighthouse executable, the reports folder, runs per page, whether to
record (1 or 0), the one page to measure (empty for all), the commit, and the throttling method
('simulate', Lighthouse's default, or 'devtools', which really slows the page down, so a real
LCP can be told from the simulated one)."""

import json
import os
import platform
import statistics
import subprocess
import sys
import time
import urllib.request

base, lighthouse, reports, runs, record, only, commit = sys.argv[1:8]
throttling = sys.argv[8] if len(sys.argv) > 8 else "simulate"
runs = int(runs)
# A Lighthouse run can fail on its own (a runtime error such as NO_NAVSTART once ended a whole
# measurement): such a run is tried again, up to this many times.
TRIES = 3

CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
# Issue 11's targets for a phone: performance 0.95 with these metrics, the rest 1.0.
TARGETS = {"lcp": 2000, "tbt": 150, "cls": 0.05}


def api(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def pages():
    """Home, industries, search and about, and a real career and course's providers page: the
    industry with the most reviews, its career with the most courses, and that career's course
    with the most providers (the heaviest list a visitor meets)."""
    industry = max(api("GET", "/api/industries"), key=lambda i: (i["reviewCount"], i["careerCount"]))
    careers = api("POST", "/api/getcareersbyindustryid", {"industryId": industry["_id"]})
    career = max(careers, key=lambda c: c["courses"])
    courses = api("POST", "/api/getcoursesbycareerid", {"careerId": career["_id"]})
    course = max(courses, key=lambda c: (c["providers"], c["reviews"]))
    career_path = f"/industry/{industry['slug']}/{career['slug']}"
    return [
        ("home", "/"),
        ("industries", "/industries"),
        ("career", career_path),
        ("course providers", f"{career_path}/{course['slug']}"),
        ("search", "/search"),
        ("about", "/about"),
    ]


def run(name, path, form, attempt):
    out = os.path.join(reports, f"{name.replace(' ', '-')}-{form}-{attempt}.json")
    for tried in range(1, TRIES + 1):
        finished = subprocess.run(command_for(path, form, out)).returncode == 0
        report = None
        if finished:
            with open(out) as f:
                report = json.load(f)
        error = "exit status" if report is None else (report.get("runtimeError") or {}).get("code")
        if not error:
            return report
        print(f"{name} {form}: Lighthouse failed ({error}), try {tried} of {TRIES}", file=sys.stderr)
    sys.exit(f"{name} {form}: Lighthouse failed {TRIES} times")


def command_for(path, form, out):
    command = [
        lighthouse,
        base + path,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
        f"--throttling-method={throttling}",
    ]
    if form == "desktop":
        command.append("--preset=desktop")
    return command


def figures(report):
    audits = report["audits"]
    scores = {c: report["categories"][c]["score"] for c in CATEGORIES}
    return {
        **scores,
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "fcp": audits["first-contentful-paint"]["numericValue"],
        "tbt": audits["total-blocking-time"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        # Lighthouse's measure of the machine's speed at the time (a quiet desktop: 1,000 to
        # 2,000); a busy machine's low index inflates TBT, which multiplies what it observes.
        "benchmark": report["environment"]["benchmarkIndex"],
    }


def costs(report):
    """The audits that cost points: failing ones in the scored categories, and the performance
    opportunities worth more than 50 ms."""
    lines = []
    audits = report["audits"]
    for category in CATEGORIES:
        for ref in report["categories"][category]["auditRefs"]:
            audit = audits[ref["id"]]
            if audit.get("scoreDisplayMode") in ("notApplicable", "manual", "informative"):
                continue
            if category == "performance":
                saving = (audit.get("metricSavings") or {}).get("LCP") or 0
                if ref["weight"] == 0 and audit.get("score") is not None and audit["score"] < 0.9:
                    lines.append(f"{category}: {ref['id']} ({audit.get('displayValue', '')}, LCP saving {saving:.0f} ms)")
            elif audit.get("score") is not None and audit["score"] < 1:
                lines.append(f"{category}: {ref['id']}: {audit['title']}")
    return lines


def machine():
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    return f"{os.cpu_count()} cores ({model}), Linux {platform.release()}"


def target_note(form, row):
    if form != "mobile":
        return ""
    missed = []
    if row["performance"] < 0.95:
        missed.append("performance")
    for key, label in (("lcp", "LCP"), ("tbt", "TBT"), ("cls", "CLS")):
        if row[key] >= TARGETS[key]:
            missed.append(label)
    for category, label in (("accessibility", "accessibility"), ("best-practices", "best practices"), ("seo", "SEO")):
        if row[category] < 1:
            missed.append(label)
    return "met" if not missed else "missed: " + ", ".join(missed)


rows = []
versions = ""
for name, path in pages():
    if only and name.replace(" ", "-") != only:
        continue
    for form in ("mobile", "desktop"):
        measured = [run(name, path, form, attempt) for attempt in range(1, runs + 1)]
        median = statistics.median_low(r["categories"]["performance"]["score"] for r in measured)
        report = next(r for r in measured if r["categories"]["performance"]["score"] == median)
        row = figures(report)
        rows.append((name, path, form, row))
        versions = f"Lighthouse {report['lighthouseVersion']}, {report['environment']['hostUserAgent'].split(' ')[-2]}"
        print(f"{name} ({path}) {form}: performance {row['performance']:.2f}", file=sys.stderr)
        for line in costs(report):
            print(f"  {line}", file=sys.stderr)

# The simulated run owns the section's top table; a run throttled for real has a table of its own
# just below it, so the two are never mixed up.
heading = "## Lighthouse" if throttling == "simulate" else "### Lighthouse, throttled for real"
out = [
    heading,
    "",
    f"`bench/lighthouse.sh{f' --runs {runs}' if runs > 1 else ''}{' --devtools' if throttling != 'simulate' else ''}` on {time.strftime('%Y-%m-%d')}, commit {commit}: "
    f"{machine()}; {versions}. The release binary with the demo data on 127.0.0.1, a logged-out first visit; "
    + ("mobile is Lighthouse's default (simulated slow 4G, 4x CPU slowdown)" if throttling == "simulate"
       else "mobile is slow 4G and a 4x CPU slowdown applied for real (`--throttling-method=devtools`)")
    + ", desktop `--preset=desktop`"
    + (f"; each row is the run with the median performance score of {runs}" if runs > 1 else "")
    + ". Targets (mobile): performance 0.95 (LCP < 2.0 s, TBT < 150 ms, CLS < 0.05), the other categories 1.0. "
    "'CPU index' is Lighthouse's benchmark of the machine during the run (a quiet desktop scores 1,000 to 2,000).",
    "",
    "| page | form factor | performance | accessibility | best practices | SEO | LCP s | FCP s | TBT ms | CLS | CPU index | target |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
]
for name, path, form, row in rows:
    out.append(
        f"| {name} (`{path}`) | {form} | {row['performance']:.2f} | {row['accessibility']:.2f} | "
        f"{row['best-practices']:.2f} | {row['seo']:.2f} | {row['lcp'] / 1000:.2f} | {row['fcp'] / 1000:.2f} | "
        f"{row['tbt']:.0f} | {row['cls']:.3f} | {row['benchmark']:.0f} | {target_note(form, row)} |"
    )
table = "\n".join(out) + "\n"
print(table)

if record == "1":
    path = os.path.join(os.path.dirname(__file__), "RESULTS.md")
    previous = open(path).read() if os.path.exists(path) else ""
    # The generated part runs from its heading to the next heading; the levers written by hand
    # below it (a '###' heading) stay. The real-throttling table, when new, goes just after the
    # top table.
    marker = f"\n{heading}\n"
    if marker in previous:
        start = previous.index(marker) + 1
        after = start + len(heading) + 1
        ends = [i for i in (previous.find("\n### ", after), previous.find("\n## ", after)) if i >= 0]
        end = min(ends) + 1 if ends else len(previous)
        updated = previous[:start] + table + ("\n" if end < len(previous) else "") + previous[end:]
    elif throttling != "simulate" and "\n## Lighthouse\n" in previous:
        after = previous.index("\n## Lighthouse\n") + len("\n## Lighthouse\n")
        ends = [i for i in (previous.find("\n### ", after), previous.find("\n## ", after)) if i >= 0]
        end = min(ends) + 1 if ends else len(previous)
        updated = previous[:end].rstrip("\n") + "\n\n" + table + ("\n" + previous[end:] if end < len(previous) else "")
    else:
        updated = previous.rstrip("\n") + "\n\n" + table
    with open(path, "w") as f:
        f.write(updated)
    print(f"written to {path}", file=sys.stderr)
