//! The SQL of invitations: batches (one sending, with its attested period), one row per
//! invitee (the keyed hash of their address and the SHA-256 of their link), the refusal list,
//! and the review that an accepted invitation labels.

use rusqlite::{Connection, OptionalExtension, params};

use super::model::{Batch, InvitedShare, Offered, Opened, Period};

/// The offering `offering` of `provider`: its course's name and code, if it is theirs.
pub fn offering_of(
    conn: &Connection,
    provider: i64,
    offering: i64,
) -> rusqlite::Result<Option<Offered>> {
    conn.prepare_cached(
        "SELECT o.id, c.name, c.code, p.name FROM offerings o
         JOIN courses c ON c.id = o.course_id JOIN providers p ON p.id = o.provider_id
         WHERE o.id = ?1 AND o.provider_id = ?2",
    )?
    .query_row([offering, provider], |row| {
        Ok(Offered {
            offering_id: row.get(0)?,
            course_name: row.get(1)?,
            course_code: row.get(2)?,
            provider_name: row.get(3)?,
        })
    })
    .optional()
}

pub fn provider_exists(conn: &Connection, provider: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM providers WHERE id = ?1)")?
        .query_row([provider], |row| row.get(0))
}

pub fn provider_name(conn: &Connection, provider: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT name FROM providers WHERE id = ?1")?
        .query_row([provider], |row| row.get(0))
        .optional()
}

/// Invitations a provider sent since `since` (the daily cap's count).
pub fn sent_since(conn: &Connection, provider: i64, since: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "SELECT COUNT(*) FROM invitations WHERE provider_id = ?1 AND created_at > ?2",
    )?
    .query_row([provider, since], |row| row.get(0))
}

pub fn refused(conn: &Connection, address_hash: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM invitation_refusals WHERE address_hash = ?1)",
    )?
    .query_row([address_hash], |row| row.get(0))
}

pub fn already_invited(
    conn: &Connection,
    offering: i64,
    address_hash: &str,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM invitations WHERE offering_id = ?1 AND address_hash = ?2)",
    )?
    .query_row(params![offering, address_hash], |row| row.get(0))
}

/// The attested sending; answers its id.
pub fn insert_batch(
    conn: &Connection,
    provider: i64,
    offering: i64,
    user: i64,
    period: (&str, &str),
    attestation: &str,
    now: i64,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO invitation_batches (provider_id, offering_id, user_id, period_from, period_to, attestation, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .insert(params![provider, offering, user, period.0, period.1, attestation, now])
}

pub fn set_sent(conn: &Connection, batch: i64, sent: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE invitation_batches SET sent = ?2 WHERE id = ?1")?
        .execute([batch, sent])?;
    Ok(())
}

pub fn insert_invitation(
    conn: &Connection,
    batch: i64,
    (provider, offering): (i64, i64),
    (address_hash, token_hash): (&str, &str),
    (now, expires_at): (i64, i64),
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO invitations (batch_id, offering_id, provider_id, address_hash, token_hash, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![batch, offering, provider, address_hash, token_hash, now, expires_at])?;
    Ok(())
}

/// A provider's sendings, newest first.
pub fn batches(conn: &Connection, provider: i64) -> rusqlite::Result<Vec<Batch>> {
    conn.prepare_cached(
        "SELECT b.id, b.offering_id, c.name, c.code, b.period_from, b.period_to, b.attestation, b.sent,
                b.created_at, u.first_name || ' ' || u.last_name,
                (SELECT COUNT(*) FROM invitations i WHERE i.batch_id = b.id AND i.used_at IS NOT NULL)
         FROM invitation_batches b JOIN offerings o ON o.id = b.offering_id JOIN courses c ON c.id = o.course_id
         LEFT JOIN users u ON u.id = b.user_id
         WHERE b.provider_id = ?1 ORDER BY b.created_at DESC, b.id DESC",
    )?
    .query_map([provider], |row| {
        Ok(Batch {
            id: row.get::<_, i64>(0)?.to_string(),
            offering_id: row.get::<_, i64>(1)?.to_string(),
            course_name: row.get(2)?,
            course_code: row.get(3)?,
            period_from: row.get(4)?,
            period_to: row.get(5)?,
            attestation: row.get(6)?,
            sent: row.get(7)?,
            created_at: crate::dates::iso_date(row.get(8)?),
            sent_by: row.get(9)?,
            accepted: row.get(10)?,
        })
    })?
    .collect()
}

/// The invitation a link's token hash names, with what its page shows.
pub fn opened(conn: &Connection, token_hash: &str) -> rusqlite::Result<Option<Opened>> {
    conn.prepare_cached(
        "SELECT i.id, i.address_hash, i.expires_at, i.used_at, i.user_id, c.id, c.name, c.code, c.slug,
                p.id, p.name, p.slug, b.period_from, b.period_to
         FROM invitations i JOIN invitation_batches b ON b.id = i.batch_id
         JOIN offerings o ON o.id = i.offering_id JOIN courses c ON c.id = o.course_id
         JOIN providers p ON p.id = o.provider_id
         WHERE i.token_hash = ?1",
    )?
    .query_row([token_hash], |row| {
        Ok(Opened {
            id: row.get(0)?,
            address_hash: row.get(1)?,
            expires_at: row.get(2)?,
            used_at: row.get(3)?,
            user_id: row.get(4)?,
            course_id: row.get(5)?,
            course_name: row.get(6)?,
            course_code: row.get(7)?,
            course_slug: row.get(8)?,
            provider_id: row.get(9)?,
            provider_name: row.get(10)?,
            provider_slug: row.get(11)?,
            period_from: row.get(12)?,
            period_to: row.get(13)?,
        })
    })
    .optional()
}

/// Uses the invitation for `user`; false when someone used it first.
pub fn mark_used(
    conn: &Connection,
    invitation: i64,
    user: i64,
    now: i64,
) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(
            "UPDATE invitations SET used_at = ?3, user_id = ?2 WHERE id = ?1 AND used_at IS NULL",
        )?
        .execute([invitation, user, now])?
        == 1)
}

pub fn refuse(conn: &Connection, address_hash: &str, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT OR IGNORE INTO invitation_refusals (address_hash, created_at) VALUES (?1, ?2)",
    )?
    .execute(params![address_hash, now])?;
    Ok(())
}

pub fn email_of(conn: &Connection, user: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT email FROM users WHERE id = ?1")?
        .query_row([user], |row| row.get(0))
        .optional()
}

/// Whether `user` already reviewed the pair.
pub fn reviewed(
    conn: &Connection,
    user: i64,
    course: i64,
    provider: i64,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM reviews WHERE user_id = ?1 AND course_id = ?2 AND provider_id = ?3)",
    )?
    .query_row([user, course, provider], |row| row.get(0))
}

/// Labels `review` 'Invited by the provider' when its author accepted an invitation to review
/// its pair. Only the label: moderation, score and order are untouched.
pub fn label_if_invited(
    conn: &Connection,
    review: i64,
    (user, course, provider): (i64, i64, i64),
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE reviews SET invited = 1 WHERE id = ?1 AND EXISTS (
             SELECT 1 FROM invitations i JOIN offerings o ON o.id = i.offering_id
             WHERE i.user_id = ?2 AND o.course_id = ?3 AND o.provider_id = ?4)",
    )?
    .execute([review, user, course, provider])?;
    Ok(())
}

/// A pair's published reviews and, of those, the invited ones; and the periods attested.
pub fn pair_share(conn: &Connection, course: i64, provider: i64) -> rusqlite::Result<InvitedShare> {
    let (all, invited) = conn
        .prepare_cached(
            "SELECT COUNT(*), COALESCE(SUM(invited), 0) FROM reviews
             WHERE course_id = ?1 AND provider_id = ?2 AND approved = 1",
        )?
        .query_row([course, provider], |row| Ok((row.get(0)?, row.get(1)?)))?;
    let periods = conn
        .prepare_cached(
            "SELECT DISTINCT b.period_from, b.period_to FROM invitation_batches b
             JOIN offerings o ON o.id = b.offering_id
             WHERE o.course_id = ?1 AND o.provider_id = ?2 AND b.sent > 0
             ORDER BY b.period_from, b.period_to",
        )?
        .query_map([course, provider], |row| {
            Ok(Period {
                from: row.get(0)?,
                to: row.get(1)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(InvitedShare::new(all, invited, periods))
}

/// Reviews received since `since` through an invitation (and of those, published), and
/// invitations sent since then.
pub fn figures(conn: &Connection, since: i64) -> rusqlite::Result<(i64, i64, i64)> {
    let (received, published) = conn
        .prepare_cached(
            "SELECT COUNT(*), COALESCE(SUM(approved), 0) FROM reviews WHERE created_at >= ?1 AND invited = 1",
        )?
        .query_row([since], |row| Ok((row.get(0)?, row.get(1)?)))?;
    let sent = conn
        .prepare_cached(
            "SELECT COALESCE(SUM(sent), 0) FROM invitation_batches WHERE created_at >= ?1",
        )?
        .query_row([since], |row| row.get(0))?;
    Ok((received, published, sent))
}
