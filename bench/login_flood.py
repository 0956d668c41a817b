#!/usr/bin/env python3
"""Login latency alone and during a flood of costly requests (issue 12, scope 3).

Starts `app serve` (the binary given, default target/release/app) on a new data directory
behind a pretend proxy (APP_TRUST_PROXY=1, so each flood request can come from its own
address, as a botnet's would), creates one account with `app admin create`, then measures
one login at a time:

  1. alone, for --seconds;
  2. while --flooders threads send `resetpassword` with made-up tokens as fast as they can
     (or --rate requests a second in all), each from a new address (the issue's flood: 514
     resets in 8 s, 64 a second, made a login 33 -> 260 ms);
  3. with --register, also while the flood is sign-ups, which hash a password whatever the
     token checks do, so the bounded hashing queue is what keeps logins quick.

Prints p50, p90 and max of the logins, the logins that were refused (503 when the hashing
queue is full) and what the flood's requests were answered. Measured, never asserted.

    python3 bench/login_flood.py [--bin PATH] [--port 18310] [--seconds 8] [--flooders 16] [--rate R]
"""

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter

EMAIL = "bench-admin@example.com"
PASSWORD = "Bench-Password-1"


def post(conn, path, body, address=None):
    headers = {"Content-Type": "application/json"}
    if address:
        headers["X-Forwarded-For"] = address
    conn.request("POST", path, json.dumps(body), headers)
    res = conn.getresponse()
    res.read()
    return res.status


def logins(port, seconds):
    """One login after another, each from its own address so the per-address login limit
    (100 per 15 minutes) never answers; answers (latencies in ms, statuses)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    latencies, statuses = [], Counter()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        address = f"10.{random.randint(0, 255)}.{random.randint(0, 255)}.{random.randint(1, 254)}"
        status = post(conn, "/api/auth/login", {"email": EMAIL, "password": PASSWORD}, address)
        elapsed = (time.perf_counter() - started) * 1000
        statuses[status] += 1
        if status == 200:
            latencies.append(elapsed)
        time.sleep(0.05)
    return latencies, statuses


def flood(port, kind, stop, answers, lock, interval):
    """Sends `kind` requests until `stop`, one every `interval` seconds (0: back to back)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    next_at = time.monotonic()
    while not stop.is_set():
        if interval:
            next_at += interval
            time.sleep(max(0.0, next_at - time.monotonic()))
        address = f"{random.randint(11, 250)}.{random.randint(0, 255)}.{random.randint(0, 255)}.{random.randint(1, 254)}"
        if kind == "reset":
            body = {
                "password": "Flood-Pass-1",
                "passwordConfirm": "Flood-Pass-1",
                "resetToken": f"{random.getrandbits(128):032x}.{int(time.time()) + 3600}",
            }
            path = "/api/resetpassword"
        else:
            email = f"flood-{random.getrandbits(64):x}@example.com"
            body = {
                "firstName": "Flo", "lastName": "Od", "email": email, "emailConfirm": email,
                "password": "Flood-Pass-1", "passwordConfirm": "Flood-Pass-1",
                "userType": "Parent", "avatar": 1, "gender": "Other",
            }
            path = "/api/register"
        try:
            status = post(conn, path, body, address)
        except (http.client.HTTPException, OSError):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            status = "error"
        with lock:
            answers[status] += 1


def summary(label, latencies, statuses, flood_answers=None, seconds=None):
    if latencies:
        ordered = sorted(latencies)
        p90 = ordered[int(0.9 * (len(ordered) - 1))]
        line = (f"{label:<28} logins {len(latencies):>4}  p50 {statistics.median(ordered):7.1f} ms"
                f"  p90 {p90:7.1f} ms  max {ordered[-1]:7.1f} ms")
    else:
        line = f"{label:<28} no login succeeded"
    refused = {k: v for k, v in statuses.items() if k != 200}
    if refused:
        line += f"  refused {dict(refused)}"
    if flood_answers is not None:
        total = sum(flood_answers.values())
        line += f"  | flood: {total} requests in {seconds} s {dict(flood_answers)}"
    print(line, flush=True)
    return statistics.median(latencies) if latencies else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default="target/release/app")
    parser.add_argument("--port", type=int, default=18310)
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--flooders", type=int, default=16)
    parser.add_argument("--rate", type=float, default=0, help="flood requests a second in all (0: as fast as they go)")
    parser.add_argument("--register", action="store_true", help="also flood sign-ups")
    args = parser.parse_args()

    data = tempfile.mkdtemp(prefix="login-flood-")
    env = dict(os.environ, APP_DATA_DIR=data, APP_TRUST_PROXY="1", APP_LOG="warn")
    subprocess.run([args.bin, "admin", "create", EMAIL, "--password-stdin"],
                   input=PASSWORD + "\n", text=True, env=env, check=True, capture_output=True)
    server = subprocess.Popen([args.bin, "serve", "--addr", f"127.0.0.1:{args.port}"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", args.port, timeout=1).request("GET", "/api/health")
                break
            except OSError:
                time.sleep(0.1)
        logins(args.port, 1)  # warm up
        pace = f"{args.rate:g} requests a second in all" if args.rate else "as fast as they go"
        print(f"{args.bin}: {os.cpu_count()} cores, {args.flooders} flooders ({pace}), {args.seconds} s each")
        alone = summary("alone", *logins(args.port, args.seconds))
        kinds = ["reset"] + (["register"] if args.register else [])
        for kind in kinds:
            stop, lock, answers = threading.Event(), threading.Lock(), Counter()
            threads = [threading.Thread(target=flood, args=(args.port, kind, stop, answers, lock,
                                                            args.flooders / args.rate if args.rate else 0))
                       for _ in range(args.flooders)]
            for t in threads:
                t.start()
            time.sleep(0.5)
            latencies, statuses = logins(args.port, args.seconds)
            stop.set()
            for t in threads:
                t.join()
            during = summary(f"during a {kind} flood", latencies, statuses, answers, args.seconds)
            print(f"{'':<28} p50 ratio to alone: {during / alone:.2f}", flush=True)
            logins(args.port, 2)  # let the queue drain
    finally:
        server.terminate()
        server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
