//! The SQL of one-time tokens (verification, reset, work-email and download links): stored as
//! their SHA-256 digest only.

use rusqlite::{Connection, OptionalExtension, params};

/// Earlier unused tokens of `purpose` stop working.
pub fn retire_unused(conn: &Connection, user_id: i64, purpose: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE one_time_tokens SET used_at = unixepoch() WHERE user_id = ?1 AND purpose = ?2 AND used_at IS NULL",
        params![user_id, purpose],
    )?;
    Ok(())
}

pub fn insert(
    conn: &Connection,
    purpose: &str,
    digest: &[u8],
    user_id: i64,
    email: Option<&str>,
    expires_at: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO one_time_tokens (purpose, token_hash, user_id, email, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![purpose, digest, user_id, email, expires_at],
    )?;
    Ok(())
}

/// The (user, email) of an unused token that has not expired at `now`.
pub fn unused(
    conn: &Connection,
    digest: &[u8],
    purpose: &str,
    now: i64,
) -> rusqlite::Result<Option<(i64, Option<String>)>> {
    conn.query_row(
        "SELECT user_id, email FROM one_time_tokens
         WHERE token_hash = ?1 AND purpose = ?2 AND used_at IS NULL AND expires_at > ?3 AND user_id IS NOT NULL",
        params![digest, purpose, now],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
    .optional()
}

/// Uses a token up if it is still unused; whether this call did (of two racing uses one wins).
pub fn use_up(conn: &Connection, digest: &[u8]) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "UPDATE one_time_tokens SET used_at = unixepoch() WHERE token_hash = ?1 AND used_at IS NULL",
        [digest],
    )? == 1)
}

/// Forgets the tokens that expired or were used before `cutoff`.
pub fn forget_before(conn: &Connection, cutoff: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "DELETE FROM one_time_tokens WHERE expires_at < ?1 OR used_at < ?1",
        [cutoff],
    )
}
