//! The SQL of providers' replies (who may write them is decided in `reply_rules`), read with the
//! public review list.

use rusqlite::{Connection, OptionalExtension, Transaction, params, params_from_iter};

use super::{mails::Replied, model::Reply};
use crate::dates::iso_date;

const REPLY_COLUMNS: &str = "rr.review_id, p.name, rr.body, rr.created_at, rr.updated_at,
    COALESCE(c.status, 'revoked') <> 'approved', rr.claim_id";

fn reply(row: &rusqlite::Row) -> rusqlite::Result<(i64, Reply, Option<i64>)> {
    Ok((
        row.get(0)?,
        Reply {
            provider_name: row.get(1)?,
            text: row.get(2)?,
            created_at: iso_date(row.get(3)?),
            updated_at: iso_date(row.get(4)?),
            former_representative: row.get(5)?,
        },
        row.get(6)?,
    ))
}

/// The replies to the given reviews, by review id, with the claim each was written through.
pub fn replies_of(
    conn: &Connection,
    review_ids: &[i64],
) -> rusqlite::Result<Vec<(i64, Reply, Option<i64>)>> {
    if review_ids.is_empty() {
        return Ok(Vec::new());
    }
    let (marks, values) = crate::db::in_list(review_ids);
    conn.prepare_cached(&format!(
        "SELECT {REPLY_COLUMNS} FROM review_replies rr JOIN providers p ON p.id = rr.provider_id
         LEFT JOIN provider_claims c ON c.id = rr.claim_id
         WHERE rr.hidden = 0 AND rr.review_id IN ({marks})"
    ))?
    .query_map(params_from_iter(values), reply)?
    .collect()
}

/// How many replies providers wrote since `since` (Unix seconds), for the public figures.
pub fn count_replies_since(conn: &Connection, since: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COUNT(*) FROM review_replies WHERE created_at >= ?1")?
        .query_row([since], |row| row.get(0))
}

/// A reply as the answers show it.
pub fn one(conn: &Connection, review_id: i64) -> rusqlite::Result<Option<Reply>> {
    Ok(replies_of(conn, &[review_id])?
        .into_iter()
        .next()
        .map(|(_, reply, _)| reply))
}

/// An approved review to reply to: its provider, whether it has a reply, and whom to tell.
pub fn reply_target(
    conn: &Connection,
    review_id: i64,
) -> rusqlite::Result<Option<(i64, bool, Replied)>> {
    conn.query_row(
        "SELECT r.provider_id, EXISTS (SELECT 1 FROM review_replies WHERE review_id = r.id),
                r.user_id, u.email, u.first_name, r.title, c.name, c.slug, p.name, p.slug
         FROM reviews r JOIN users u ON u.id = r.user_id
         JOIN courses c ON c.id = r.course_id JOIN providers p ON p.id = r.provider_id
         WHERE r.id = ?1 AND r.approved = 1",
        [review_id],
        |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, bool>(1)?,
                Replied {
                    review_id,
                    user_id: row.get(2)?,
                    email: row.get(3)?,
                    first_name: row.get(4)?,
                    title: row.get(5)?,
                    course_name: row.get(6)?,
                    course_slug: row.get(7)?,
                    provider_name: row.get(8)?,
                    provider_slug: row.get(9)?,
                },
            ))
        },
    )
    .optional()
}

pub fn insert(
    tx: &Transaction,
    review_id: i64,
    provider_id: i64,
    claim_id: i64,
    text: &str,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO review_replies (review_id, provider_id, claim_id, body) VALUES (?1, ?2, ?3, ?4)",
        params![review_id, provider_id, claim_id, text],
    )?;
    Ok(())
}

/// The provider whose reply to `review_id` this is, if there is one.
pub fn reply_provider(conn: &Connection, review_id: i64) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT provider_id FROM review_replies WHERE review_id = ?1",
        [review_id],
        |row| row.get(0),
    )
    .optional()
}

pub fn update(tx: &Transaction, review_id: i64, text: &str) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE review_replies SET body = ?2, updated_at = unixepoch() WHERE review_id = ?1",
        params![review_id, text],
    )?;
    Ok(())
}

pub fn delete(tx: &Transaction, review_id: i64) -> rusqlite::Result<()> {
    tx.execute(
        "DELETE FROM review_replies WHERE review_id = ?1",
        [review_id],
    )?;
    Ok(())
}
