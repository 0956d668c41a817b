"""The soak's figures (bench/soak.sh): what each load did, resident memory and open files over
time, and the checks at the end; written to bench/RESULTS.md's 'Soak' section unless record=0.

Arguments: the loads file (`name|RESULT req/s p50 p99 non-2xx errors` lines) and the samples
file (`seconds rss_kib open_files` lines); the run's facts as key=value lines on stdin."""

import os
import sys

loads_path, samples_path = sys.argv[1], sys.argv[2]
facts = dict(line.strip().split("=", 1) for line in sys.stdin if "=" in line)
loads = []
for line in open(loads_path):
    name, result = line.rstrip("\n").split("|", 1)
    _, rate, p50, p99, non2xx, errors = result.split()
    loads.append((name, float(rate), float(p50), float(p99), int(non2xx), int(errors)))
samples = [tuple(int(x) for x in line.split()) for line in open(samples_path) if line.strip()]


def slope_mib_per_minute(points):
    """Least-squares slope of resident memory over time, in MiB a minute."""
    if len(points) < 2:
        return 0.0
    xs = [t / 60 for t, _, _ in points]
    ys = [kib / 1024 for _, kib, _ in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / spread if spread else 0.0


warm = [s for s in samples if s[0] >= 60] or samples
at_minute = warm[0]
last = samples[-1]
mib = lambda kib: kib / 1024  # noqa: E731
non2xx = sum(load[4] for load in loads)
errors = sum(load[5] for load in loads)
total = sum(load[1] for load in loads) * int(facts["minutes"]) * 60

# The sample nearest each whole minute.
per_minute = [(m, min(samples, key=lambda s: abs(s[0] - m * 60))) for m in range(int(facts["minutes"]) + 1)]

out = [
    "## Soak",
    "",
    f"`bench/soak.sh`: {facts['minutes']} minutes at {facts['connections']} connections on the bench data at scale "
    f"{facts['scale']}, release build, commit {facts['commit']}; seven wrk processes at once, sharing the 2 cores "
    "with the server.",
    "",
    "| load | req/s | p50 ms | p99 ms | non-2xx | socket errors |",
    "|---|---:|---:|---:|---:|---:|",
]
for name, rate, p50, p99, bad, err in loads:
    out.append(f"| {name} | {rate:,.0f} | {p50:.1f} | {p99:.1f} | {bad} | {err} |")
out += [
    "",
    f"- Requests: about {total:,.0f} in all; non-2xx {non2xx}, socket errors {errors}; "
    f"the server answered `/api/health` with {facts['health_after']} at the end; "
    f"errors, panics or 'database is locked' in its log: {facts['log_problems']}.",
    f"- Resident memory: {mib(samples[0][1]):.0f} MiB at the start, {mib(at_minute[1]):.0f} MiB after the first minute, "
    f"{mib(max(s[1] for s in warm)):.0f} MiB at most after it, {mib(last[1]):.0f} MiB at the end "
    f"(slope after the first minute {slope_mib_per_minute(warm):+.2f} MiB a minute; peak {mib(int(facts['peak_kb'])):.0f} MiB).",
    f"- Open files: {samples[0][2]} at the start, {max(s[2] for s in samples)} at most, {last[2]} at the end "
    f"(the {facts['connections']} connections included while they were open).",
    f"- Counters that differ from a recount from the reviews after the run: {facts['mismatches']} "
    f"({facts['submitted']} reviews submitted).",
    "",
    "Memory and open files every minute (MiB, files):",
    "",
    "| minute | " + " | ".join(str(m) for m, _ in per_minute) + " |",
    "|---|" + "---:|" * len(per_minute),
    "| RSS | " + " | ".join(f"{mib(s[1]):.0f}" for _, s in per_minute) + " |",
    "| files | " + " | ".join(str(s[2]) for _, s in per_minute) + " |",
]
section = "\n".join(out) + "\n"
print(section)

if facts.get("record") == "1":
    path = os.path.join(os.path.dirname(__file__), "RESULTS.md")
    previous = open(path).read()
    # The generated part runs from '## Soak' to the next heading; notes written by hand under
    # it (a '###' heading) stay.
    if "\n## Soak\n" in previous:
        start = previous.index("\n## Soak\n") + 1
        ends = [i for i in (previous.find("\n### ", start), previous.find("\n## ", start + 1)) if i >= 0]
        end = min(ends) + 1 if ends else len(previous)
        updated = previous[:start] + section + ("\n" + previous[end:] if end < len(previous) else "")
    else:
        updated = previous.rstrip("\n") + "\n\n" + section
    with open(path, "w") as f:
        f.write(updated)
    print(f"written to {path}", file=sys.stderr)
