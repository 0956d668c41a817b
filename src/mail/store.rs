//! The outbox in SQLite: what is due, and what became of each delivery attempt.

use rusqlite::{Connection, params};

/// A queued mail as the sender needs it.
pub struct QueuedMail {
    pub id: i64,
    pub created_at: i64,
    pub to: String,
    pub reply_to: Option<String>,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
    pub attempts: i64,
}

/// Up to `limit` mails due at `now` that are neither sent nor given up, oldest due first.
pub fn due(conn: &Connection, now: i64, limit: usize) -> rusqlite::Result<Vec<QueuedMail>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, to_address, reply_to, subject, body_text, body_html, attempts, created_at
         FROM mail_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?1
         ORDER BY next_attempt_at, id LIMIT ?2",
    )?;
    stmt.query_map(params![now, limit as i64], |row| {
        Ok(QueuedMail {
            id: row.get(0)?,
            to: row.get(1)?,
            reply_to: row.get(2)?,
            subject: row.get(3)?,
            text: row.get(4)?,
            html: row.get(5)?,
            attempts: row.get(6)?,
            created_at: row.get(7)?,
        })
    })?
    .collect()
}

/// Seconds until the next mail waiting to be sent is due, if any.
pub fn next_due_in(conn: &Connection, now: i64) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT MIN(next_attempt_at) - ?1 FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL",
        [now],
        |row| row.get(0),
    )
}

/// A delivered mail.
pub fn mark_sent(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE mail_outbox SET sent_at = ?2, attempts = attempts + 1, last_error = NULL WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}

/// A failed attempt: retried at `retry_at`, or given up at `given_up` with its last error.
pub fn mark_failed(
    conn: &Connection,
    id: i64,
    error: &str,
    given_up: Option<i64>,
    retry_at: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ?2, last_error = ?3, failed_at = ?4
         WHERE id = ?1",
        params![id, retry_at, error, given_up],
    )?;
    Ok(())
}
