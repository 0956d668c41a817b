//! Who may invite and what follows (DESIGN decisions 1 and 25): only an approved
//! representative of the provider sends, after attesting the period; each address of the list
//! is sent to or reported on its own line; a link is used once, by the account with its
//! address, within 30 days. Runs in the caller's transaction.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use hmac::{Hmac, Mac};
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::{
    DAILY_LIMIT, LIFETIME_SECS, attestation, lines, mails,
    model::{Invitation, Opened},
    store,
};
use crate::{
    auth::CurrentUser,
    config::Settings,
    error::{AppError, ErrorItem},
    fields::normalise_email,
    representation::claims_store,
};

pub const NOT_A_REPRESENTATIVE: &str =
    "Only an approved representative of the provider can invite its students.";
pub const OTHER_PROVIDER: &str = "You can only invite the students of the provider you represent.";
pub const HISTORY_FORBIDDEN: &str =
    "Only an approved representative of the provider or an admin can see its invitations.";
pub const PROVIDER_NOT_FOUND: &str = "Provider not found";
pub const NOT_OFFERED: &str = "Your provider does not offer this course";
pub const LINK_UNKNOWN: &str =
    "This invitation link is not valid. Check that you copied the whole link from the mail.";
pub const LINK_USED: &str = "This invitation link has already been used. Each link works once.";
pub const LINK_EXPIRED: &str =
    "This invitation link has expired: links work for 30 days after they are sent.";
pub const OTHER_ADDRESS: &str =
    "This invitation was sent to another email address. Log in with the address that received it.";
pub const ALREADY_REVIEWED: &str = "You have already reviewed this course at this provider.";
pub const NOT_A_REVIEWER: &str = "Only students and employers can write reviews.";
pub const NOTHING_SENT: &str = "No invitation was sent.";
pub const REFUSED: &str = "We will not send invitations to this address again.";

/// The key invitation addresses are hashed with (kept in the data directory, never in the
/// database, so a copy of the database alone cannot test an address).
pub fn key(settings: &Settings) -> Result<Vec<u8>, AppError> {
    Ok(settings.data_dir.secret("invitations.key")?)
}

/// The keyed hash of a normalised address: all the rules need to recognise it again.
pub fn address_hash(key: &[u8], address: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key");
    mac.update(b"invitation\0");
    mac.update(normalise_email(address).as_bytes());
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

fn token_hash(token: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(token.as_bytes()))
}

/// The provider the caller represents is `provider`, or 403 (an admin is not a representative).
pub fn representative(
    conn: &Connection,
    caller: &CurrentUser,
    provider: i64,
) -> Result<(), AppError> {
    if !store::provider_exists(conn, provider)? {
        return Err(AppError::NotFound(PROVIDER_NOT_FOUND.into()));
    }
    match claims_store::approved_claim(conn, caller.id)? {
        Some((_, represented)) if represented == provider => Ok(()),
        Some(_) => Err(AppError::Forbidden(OTHER_PROVIDER.into())),
        None => Err(AppError::Forbidden(NOT_A_REPRESENTATIVE.into())),
    }
}

/// The history is the representative's and the admins'.
pub fn may_see_history(
    conn: &Connection,
    caller: &CurrentUser,
    provider: i64,
) -> Result<(), AppError> {
    match representative(conn, caller, provider) {
        Err(AppError::Forbidden(_)) if caller.is_admin => Ok(()),
        Err(AppError::Forbidden(_)) => Err(AppError::Forbidden(HISTORY_FORBIDDEN.into())),
        other => other,
    }
}

/// A checked sending.
pub struct Sending {
    pub offering: i64,
    pub period: (String, String),
    pub list: String,
}

/// What a sending did: how many were sent, and each line not sent with its reason.
pub struct Outcome {
    pub sent: i64,
    pub not_sent: Vec<ErrorItem>,
}

/// Sends the invitations of `sending`, each valid, new, unrefused address within the day's
/// limit; every other line is reported. Nothing sent is a 400 with every line's reason.
pub fn send(
    tx: &Connection,
    settings: &Settings,
    caller: &CurrentUser,
    provider: i64,
    sending: &Sending,
    now: i64,
) -> Result<Outcome, AppError> {
    representative(tx, caller, provider)?;
    let offered = store::offering_of(tx, provider, sending.offering)?
        .ok_or_else(|| AppError::invalid(Some("offeringId"), NOT_OFFERED))?;
    let key = key(settings)?;
    let mut remaining = (DAILY_LIMIT - store::sent_since(tx, provider, now - super::DAY)?).max(0);
    let (from, to) = (&sending.period.0, &sending.period.1);
    let batch = store::insert_batch(
        tx,
        provider,
        offered.offering_id,
        caller.id,
        (from, to),
        &attestation(from, to),
        now,
    )?;
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut not_sent = Vec::new();
    let mut sent = 0;
    for line in lines::read(&sending.list) {
        let refuse =
            |why: String| ErrorItem::field("addresses", format!("Line {}: {why}", line.number));
        let Some(address) = line.address else {
            not_sent.push(refuse(format!(
                "\"{}\" is not a valid email address",
                line.text
            )));
            continue;
        };
        let hash = address_hash(&key, &address);
        if let Some((_, first)) = seen.iter().find(|(h, _)| *h == hash) {
            not_sent.push(refuse(format!(
                "{address} is already in your list on line {first}"
            )));
            continue;
        }
        seen.push((hash.clone(), line.number));
        if store::refused(tx, &hash)? {
            not_sent.push(refuse(format!(
                "{address} asked not to receive invitations"
            )));
        } else if store::already_invited(tx, offered.offering_id, &hash)? {
            not_sent.push(refuse(format!(
                "{address} was already invited to review this course"
            )));
        } else if remaining == 0 {
            not_sent.push(refuse(format!(
                "{address} is over the limit of {DAILY_LIMIT} invitations a day; send it again tomorrow"
            )));
        } else {
            let token = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
            let expires_at = now + LIFETIME_SECS;
            store::insert_invitation(
                tx,
                batch,
                (provider, offered.offering_id),
                (&hash, &token_hash(&token)),
                (now, expires_at),
            )?;
            mails::invite(
                tx,
                settings,
                &address,
                &offered,
                (from, to),
                (&token, expires_at),
            )?;
            remaining -= 1;
            sent += 1;
        }
    }
    if sent == 0 {
        let mut errors = vec![ErrorItem::field("addresses", NOTHING_SENT)];
        errors.extend(not_sent);
        return Err(AppError::Validation(errors));
    }
    store::set_sent(tx, batch, sent)?;
    Ok(Outcome { sent, not_sent })
}

/// The invitation a link names, or its refusal in plain words.
fn find(conn: &Connection, token: &str) -> Result<Opened, AppError> {
    store::opened(conn, &token_hash(token))?.ok_or_else(|| AppError::NotFound(LINK_UNKNOWN.into()))
}

fn usable(opened: &Opened, now: i64) -> Result<(), AppError> {
    if opened.used_at.is_some() {
        return Err(AppError::Conflict(ErrorItem::new(LINK_USED)));
    }
    if opened.expires_at <= now {
        return Err(AppError::Conflict(ErrorItem::new(LINK_EXPIRED)));
    }
    Ok(())
}

/// What a link's page shows, while it can still be used.
pub fn open(conn: &Connection, token: &str, now: i64) -> Result<Invitation, AppError> {
    let opened = find(conn, token)?;
    usable(&opened, now)?;
    Ok(Invitation::from(&opened))
}

/// Uses the link for the caller, whose account must have the invited address; their review of
/// the pair is then labelled.
pub fn accept(
    tx: &Connection,
    settings: &Settings,
    caller: &CurrentUser,
    token: &str,
    now: i64,
) -> Result<Invitation, AppError> {
    let opened = find(tx, token)?;
    usable(&opened, now)?;
    let email = store::email_of(tx, caller.id)?.unwrap_or_default();
    if address_hash(&key(settings)?, &email) != opened.address_hash {
        return Err(AppError::Forbidden(OTHER_ADDRESS.into()));
    }
    if caller.user_type.reviewer().is_none() {
        return Err(AppError::Forbidden(NOT_A_REVIEWER.into()));
    }
    if store::reviewed(tx, caller.id, opened.course_id, opened.provider_id)? {
        return Err(AppError::Conflict(ErrorItem::new(ALREADY_REVIEWED)));
    }
    if !store::mark_used(tx, opened.id, caller.id, now)? {
        return Err(AppError::Conflict(ErrorItem::new(LINK_USED)));
    }
    Ok(Invitation::from(&opened))
}

/// Adds the link's address to the refusal list; works for a used or expired link too.
pub fn refuse(tx: &Connection, token: &str, now: i64) -> Result<(), AppError> {
    let opened = find(tx, token)?;
    store::refuse(tx, &opened.address_hash, now)?;
    Ok(())
}
