//! The SQL of providers' replies: one per approved review, written, edited or removed by an
//! approved representative of the review's provider (an admin may remove any), and read with
//! the public review list.

use rusqlite::{Connection, OptionalExtension, Transaction, params, params_from_iter};

use super::{
    claims_store,
    mails::{self, Replied},
    model::Reply,
};
use crate::{
    auth::CurrentUser,
    config::Settings,
    dates::iso_date,
    error::{AppError, ErrorItem},
};

pub const NOT_A_REPRESENTATIVE: &str =
    "Only an approved representative of the review's provider can reply to it.";
pub const OTHER_PROVIDER: &str = "You can only reply to reviews of the provider you represent.";
pub const ALREADY_REPLIED: &str = "This review already has a reply. Edit that reply instead.";
pub const NOT_YOUR_REPLY: &str = "You can only change the replies of the provider you represent.";
pub const REVIEW_NOT_FOUND: &str = "Review not found";
pub const REPLY_NOT_FOUND: &str = "Reply not found";

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
    let marks = vec!["?"; review_ids.len()].join(", ");
    conn.prepare_cached(&format!(
        "SELECT {REPLY_COLUMNS} FROM review_replies rr JOIN providers p ON p.id = rr.provider_id
         LEFT JOIN provider_claims c ON c.id = rr.claim_id WHERE rr.review_id IN ({marks})"
    ))?
    .query_map(params_from_iter(review_ids), reply)?
    .collect()
}

/// How many replies providers wrote since `since` (Unix seconds), for the public figures.
pub fn count_replies_since(conn: &Connection, since: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COUNT(*) FROM review_replies WHERE created_at >= ?1")?
        .query_row([since], |row| row.get(0))
}

fn one(conn: &Connection, review_id: i64) -> rusqlite::Result<Option<Reply>> {
    Ok(replies_of(conn, &[review_id])?
        .into_iter()
        .next()
        .map(|(_, reply, _)| reply))
}

/// The caller's approved claim (id, provider), or 403.
fn representative(conn: &Connection, user_id: i64) -> Result<(i64, i64), AppError> {
    claims_store::approved_claim(conn, user_id)?
        .ok_or_else(|| AppError::Forbidden(NOT_A_REPRESENTATIVE.into()))
}

/// Posts the caller's reply to an approved review of their provider and tells the reviewer.
pub fn post(
    tx: &Transaction,
    settings: &Settings,
    review_id: i64,
    user_id: i64,
    text: &str,
) -> Result<Reply, AppError> {
    let (claim_id, provider_id) = representative(tx, user_id)?;
    let target = tx
        .query_row(
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
        .optional()?;
    let (review_provider, replied, reviewer) =
        target.ok_or_else(|| AppError::NotFound(REVIEW_NOT_FOUND.into()))?;
    if review_provider != provider_id {
        return Err(AppError::Forbidden(OTHER_PROVIDER.into()));
    }
    if replied {
        return Err(AppError::Conflict(ErrorItem::new(ALREADY_REPLIED)));
    }
    tx.execute(
        "INSERT INTO review_replies (review_id, provider_id, claim_id, body) VALUES (?1, ?2, ?3, ?4)",
        params![review_id, provider_id, claim_id, text],
    )?;
    mails::tell_reviewer(tx, settings, &reviewer)?;
    one(tx, review_id)?.ok_or_else(|| AppError::NotFound(REPLY_NOT_FOUND.into()))
}

/// The provider whose reply this is, or 404.
fn reply_provider(conn: &Connection, review_id: i64) -> Result<i64, AppError> {
    conn.query_row(
        "SELECT provider_id FROM review_replies WHERE review_id = ?1",
        [review_id],
        |row| row.get(0),
    )
    .optional()?
    .ok_or_else(|| AppError::NotFound(REPLY_NOT_FOUND.into()))
}

/// Changes the text of a reply of the provider the caller represents (the reply is the
/// provider's, so any of its current representatives may keep it up to date).
pub fn edit(tx: &Transaction, review_id: i64, user_id: i64, text: &str) -> Result<Reply, AppError> {
    let (_, provider_id) = representative(tx, user_id)?;
    if reply_provider(tx, review_id)? != provider_id {
        return Err(AppError::Forbidden(NOT_YOUR_REPLY.into()));
    }
    tx.execute(
        "UPDATE review_replies SET body = ?2, updated_at = unixepoch() WHERE review_id = ?1",
        params![review_id, text],
    )?;
    one(tx, review_id)?.ok_or_else(|| AppError::NotFound(REPLY_NOT_FOUND.into()))
}

/// Removes a reply: one of the provider the caller represents, or any for an admin.
pub fn remove(tx: &Transaction, review_id: i64, caller: &CurrentUser) -> Result<(), AppError> {
    let reply_provider = reply_provider(tx, review_id)?;
    if !caller.is_admin {
        let (_, provider_id) = representative(tx, caller.id)?;
        if reply_provider != provider_id {
            return Err(AppError::Forbidden(NOT_YOUR_REPLY.into()));
        }
    }
    tx.execute(
        "DELETE FROM review_replies WHERE review_id = ?1",
        [review_id],
    )?;
    Ok(())
}
