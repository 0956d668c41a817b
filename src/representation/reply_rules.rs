//! Who may reply, and what follows: one reply per approved review, written, edited or removed
//! by an approved representative of the review's provider (an admin may remove any); the
//! reviewer is told of a new reply. Runs in the caller's transaction.

use rusqlite::{Connection, Transaction};

use super::{claims_store, mails, model::Reply, replies_store as store};
use crate::{
    auth::CurrentUser,
    config::Settings,
    error::{AppError, ErrorItem},
};

pub const NOT_A_REPRESENTATIVE: &str =
    "Only an approved representative of the review's provider can reply to it.";
pub const OTHER_PROVIDER: &str = "You can only reply to reviews of the provider you represent.";
pub const ALREADY_REPLIED: &str = "This review already has a reply. Edit that reply instead.";
pub const NOT_YOUR_REPLY: &str = "You can only change the replies of the provider you represent.";
pub const REVIEW_NOT_FOUND: &str = "Review not found";
pub const REPLY_NOT_FOUND: &str = "Reply not found";

/// The caller's approved claim (id, provider), or 403.
fn representative(conn: &Connection, user_id: i64) -> Result<(i64, i64), AppError> {
    claims_store::approved_claim(conn, user_id)?
        .ok_or_else(|| AppError::Forbidden(NOT_A_REPRESENTATIVE.into()))
}

/// The provider whose reply this is, or 404.
fn reply_provider(conn: &Connection, review_id: i64) -> Result<i64, AppError> {
    store::reply_provider(conn, review_id)?
        .ok_or_else(|| AppError::NotFound(REPLY_NOT_FOUND.into()))
}

fn stored(conn: &Connection, review_id: i64) -> Result<Reply, AppError> {
    store::one(conn, review_id)?.ok_or_else(|| AppError::NotFound(REPLY_NOT_FOUND.into()))
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
    let (review_provider, replied, reviewer) = store::reply_target(tx, review_id)?
        .ok_or_else(|| AppError::NotFound(REVIEW_NOT_FOUND.into()))?;
    if review_provider != provider_id {
        return Err(AppError::Forbidden(OTHER_PROVIDER.into()));
    }
    if replied {
        return Err(AppError::Conflict(ErrorItem::new(ALREADY_REPLIED)));
    }
    store::insert(tx, review_id, provider_id, claim_id, text)?;
    mails::tell_reviewer(tx, settings, &reviewer, false)?;
    stored(tx, review_id)
}

/// Changes the text of a reply of the provider the caller represents (the reply is the
/// provider's, so any of its current representatives may keep it up to date).
/// The reviewer is told of the edit.
pub fn edit(
    tx: &Transaction,
    settings: &Settings,
    review_id: i64,
    user_id: i64,
    text: &str,
) -> Result<Reply, AppError> {
    let (_, provider_id) = representative(tx, user_id)?;
    if reply_provider(tx, review_id)? != provider_id {
        return Err(AppError::Forbidden(NOT_YOUR_REPLY.into()));
    }
    store::update(tx, review_id, text)?;
    if let Some((_, _, reviewer)) = store::reply_target(tx, review_id)? {
        mails::tell_reviewer(tx, settings, &reviewer, true)?;
    }
    stored(tx, review_id)
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
    store::delete(tx, review_id)?;
    Ok(())
}
