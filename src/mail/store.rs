//! The outbox in SQLite: what is due, and what became of each delivery attempt.

use rusqlite::{Connection, params};

use crate::vocabulary::vocabulary;

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
    pub list_unsubscribe: Option<String>,
}

/// Up to `limit` mails due at `now` that are neither sent nor given up, oldest due first.
/// Queues a mail; answers its id.
pub fn insert(conn: &Connection, mail: &super::NewMail) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO mail_outbox (to_address, reply_to, subject, body_text, body_html, list_unsubscribe)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![mail.to, mail.reply_to, mail.subject, mail.text, mail.html, mail.list_unsubscribe],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Forgets the mails delivered before `cutoff` (their text holds verification and reset links).
pub fn forget_sent_before(conn: &Connection, cutoff: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "DELETE FROM mail_outbox WHERE sent_at IS NOT NULL AND sent_at < ?1",
        [cutoff],
    )
}

pub fn due(conn: &Connection, now: i64, limit: usize) -> rusqlite::Result<Vec<QueuedMail>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, to_address, reply_to, subject, body_text, body_html, attempts, created_at, list_unsubscribe
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
            list_unsubscribe: row.get(8)?,
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

/// A delivered mail. Its body is cleared: the links inside (verification, password reset)
/// must not stay readable in the database and its backups.
pub fn mark_sent(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE mail_outbox SET sent_at = ?2, attempts = attempts + 1, last_error = NULL, body_text = '', body_html = NULL
         WHERE id = ?1",
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

/// A mail as the admin's Mail page lists it: never its body.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListedMail {
    #[serde(rename = "_id")]
    pub id: crate::fields::Id,
    pub to: String,
    pub subject: String,
    /// 'waiting', 'sent' or 'failed'.
    pub state: &'static str,
    pub attempts: i64,
    pub last_error: Option<String>,
    /// Unix seconds.
    pub created_at: i64,
    /// When it was sent, given up, or (waiting) will be tried next; Unix seconds.
    pub updated_at: i64,
}

vocabulary! {
    /// Which mails the Mail page lists.
    pub enum MailState {
        Waiting = "waiting",
        Sent = "sent",
        Failed = "failed",
    }
}

impl MailState {
    fn condition(self) -> &'static str {
        match self {
            Self::Waiting => "sent_at IS NULL AND failed_at IS NULL",
            Self::Sent => "sent_at IS NOT NULL",
            Self::Failed => "failed_at IS NOT NULL",
        }
    }
}

/// One page of the outbox, newest first (all states when `state` is None), and the total.
pub fn list(
    conn: &Connection,
    state: Option<MailState>,
    limit: i64,
    offset: i64,
) -> rusqlite::Result<(Vec<ListedMail>, i64)> {
    let condition = state.map_or("1", MailState::condition);
    let total = conn.query_row(
        &format!("SELECT COUNT(*) FROM mail_outbox WHERE {condition}"),
        [],
        |row| row.get(0),
    )?;
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT id, to_address, subject,
                CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN failed_at IS NOT NULL THEN 'failed' ELSE 'waiting' END,
                attempts, last_error, created_at, COALESCE(sent_at, failed_at, next_attempt_at)
         FROM mail_outbox WHERE {condition} ORDER BY id DESC LIMIT ?1 OFFSET ?2"
    ))?;
    let mails = stmt
        .query_map(params![limit, offset], |row| {
            let state: String = row.get(3)?;
            Ok(ListedMail {
                id: row.get(0)?,
                to: row.get(1)?,
                subject: row.get(2)?,
                state: match state.as_str() {
                    "sent" => "sent",
                    "failed" => "failed",
                    _ => "waiting",
                },
                attempts: row.get(4)?,
                last_error: row.get(5)?,
                created_at: row.get(6)?,
                updated_at: row.get(7)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok((mails, total))
}

/// How many mails were given up (the admin menu's badge).
pub fn count_failed(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COUNT(*) FROM mail_outbox WHERE failed_at IS NOT NULL",
        [],
        |row| row.get(0),
    )
}

/// Puts a mail that is not sent back in the queue, due now; false when there is no such mail
/// or it was sent already.
pub fn retry(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "UPDATE mail_outbox SET failed_at = NULL, next_attempt_at = ?2 WHERE id = ?1 AND sent_at IS NULL",
        params![id, now],
    )? == 1)
}
