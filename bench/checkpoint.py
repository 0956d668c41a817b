#!/usr/bin/env python3
"""Lever H of bench/RESULTS.md, measured alone: how many review inserts a second one writer
makes (32 per commit, each in a savepoint, as src/db/writer.rs does) when SQLite checkpoints inside
the commit that fills the WAL, against a passive checkpoint on a second connection twice a
second. Runs on a copy of the bench data, interleaved, for as many rounds as asked.

    python3 bench/checkpoint.py [DATA_DIR] [ROUNDS]   # default target/bench-data/scale-1, 2

Standard library only; the copy is written to a temporary directory and removed.
"""
import json
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

SECONDS = 8


def main() -> None:
    data = Path(sys.argv[1] if len(sys.argv) > 1 else "target/bench-data/scale-1")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "app.db"
        shutil.copy(data / "app.db", path)
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        users = [r[0] for r in conn.execute(
            "SELECT id FROM users WHERE id NOT IN (SELECT user_id FROM reviews) LIMIT 20000")]
        offerings = conn.execute("SELECT course_id, provider_id FROM offerings").fetchall()
        answers = json.dumps({"completedCourse": "Yes"})
        sequence = iter(range(10**9))

        def run(background: bool) -> float:
            stop = threading.Event()

            def checkpoint() -> None:
                other = sqlite3.connect(path, isolation_level=None)
                while not stop.wait(0.5):
                    other.execute("PRAGMA wal_checkpoint(PASSIVE)")

            conn.execute(f"PRAGMA wal_autocheckpoint = {0 if background else 1000}")
            checkpointer = threading.Thread(target=checkpoint)
            if background:
                checkpointer.start()
            started, inserted = time.perf_counter(), 0
            while time.perf_counter() - started < SECONDS:
                conn.execute("BEGIN IMMEDIATE")
                for _ in range(32):
                    k = next(sequence)
                    course, provider = offerings[(k * 7919) % len(offerings)]
                    conn.execute("SAVEPOINT w")
                    conn.execute(
                        "INSERT OR IGNORE INTO reviews (user_id, course_id, provider_id, user_type, title,"
                        " comment, score_halves, answers) VALUES (?, ?, ?, 'Student', 'A benchmark review',"
                        " 'The trainers were helpful.', 8, ?)",
                        (users[k % len(users)], course, provider, answers))
                    conn.execute("RELEASE w")
                conn.execute("COMMIT")
                inserted += 32
            stop.set()
            if background:
                checkpointer.join()
            return inserted / (time.perf_counter() - started)

        for n in range(rounds):
            print(f"round {n + 1}: checkpoint in the commit {run(False):,.0f} inserts/s, "
                  f"beside the writer {run(True):,.0f} inserts/s", flush=True)
        conn.close()


if __name__ == "__main__":
    main()
