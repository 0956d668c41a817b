//! The SQL of the sync's log: runs (the Catalogue admin page), and the checkpoints that let
//! an interrupted sync start again after its last written step.

use rusqlite::{Connection, OptionalExtension, Transaction, params};

pub fn start_run(tx: &Transaction, now: i64, dry_run: bool, steps: &str) -> rusqlite::Result<i64> {
    tx.query_row(
        "INSERT INTO register_sync_runs (started_at, dry_run, steps) VALUES (?1, ?2, ?3) RETURNING id",
        params![now, dry_run, steps],
        |r| r.get(0),
    )
}

pub fn finish_run(
    tx: &Transaction,
    id: i64,
    now: i64,
    (summary, error, requests): (&str, Option<&str>, u64),
) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE register_sync_runs SET finished_at = ?2, summary = ?3, error = ?4, requests = ?5 WHERE id = ?1",
        params![id, now, summary, error, requests as i64],
    )?;
    Ok(())
}

/// A finished run, newest first, for the Catalogue admin page.
pub struct RunRow {
    pub started_at: i64,
    pub finished_at: Option<i64>,
    pub dry_run: bool,
    pub steps: String,
    pub summary: String,
    pub error: Option<String>,
    pub requests: i64,
}

pub fn last_runs(conn: &Connection, limit: i64) -> rusqlite::Result<Vec<RunRow>> {
    let mut stmt = conn.prepare(
        "SELECT started_at, finished_at, dry_run, steps, summary, error, requests
         FROM register_sync_runs ORDER BY id DESC LIMIT ?1",
    )?;
    let rows = stmt.query_map([limit], |r| {
        Ok(RunRow {
            started_at: r.get(0)?,
            finished_at: r.get(1)?,
            dry_run: r.get(2)?,
            steps: r.get(3)?,
            summary: r.get(4)?,
            error: r.get(5)?,
            requests: r.get(6)?,
        })
    })?;
    rows.collect()
}

/// The generation a step was last written under.
pub fn checkpoint(conn: &Connection, step: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "SELECT run_key FROM register_checkpoints WHERE step = ?1",
        [step],
        |r| r.get(0),
    )
    .optional()
}

/// The generation (`plan@start`) of the last real run when it was of the same plan and did
/// not finish cleanly: a rerun then skips the steps that run wrote.
pub fn interrupted_generation(tx: &Transaction, plan: &str) -> rusqlite::Result<Option<String>> {
    let last: Option<(String, bool)> = tx
        .query_row(
            "SELECT steps, finished_at IS NOT NULL AND error IS NULL FROM register_sync_runs
             WHERE dry_run = 0 ORDER BY id DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    Ok(last.and_then(|(steps, clean)| {
        (!clean
            && steps
                .strip_prefix(plan)
                .is_some_and(|rest| rest.starts_with('@')))
        .then_some(steps)
    }))
}

pub fn set_checkpoint(
    tx: &Transaction,
    step: &str,
    run_key: &str,
    now: i64,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO register_checkpoints (step, run_key, done_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (step) DO UPDATE SET run_key = excluded.run_key, done_at = excluded.done_at",
        params![step, run_key, now],
    )?;
    Ok(())
}

/// Courses, providers and offerings on the register now, and offerings retired.
pub fn catalogue_counts(conn: &Connection) -> rusqlite::Result<(i64, i64, i64, i64)> {
    conn.query_row(
        "SELECT (SELECT COUNT(*) FROM courses WHERE retired_at IS NULL),
                (SELECT COUNT(*) FROM providers WHERE retired_at IS NULL),
                (SELECT COUNT(*) FROM offerings WHERE retired_at IS NULL),
                (SELECT COUNT(*) FROM offerings WHERE retired_at IS NOT NULL)",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )
}

/// Whether a real run started after `after` has not finished.
pub fn running_since(conn: &Connection, after: i64) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM register_sync_runs WHERE finished_at IS NULL AND dry_run = 0 AND started_at > ?1)",
        [after],
        |r| r.get(0),
    )
}
