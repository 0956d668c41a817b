//! Single-use tokens for email verification, password reset (DESIGN decision 7), the
//! admin's CSV download (decision 13) and a provider representative's work email: 32
//! random bytes, kept only as their SHA-256, with an expiry. The expiry is also appended
//! to the token (`<random>.<unix seconds>`) so the page can tell an expired link at once.

use base64::Engine;
use rusqlite::Connection;

use super::tokens_store as store;
use sha2::{Digest, Sha256};

use crate::mail::sender::unix_now;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Verify,
    Reset,
    Export,
    /// Proves a provider representative's work email (`crate::representation`).
    Represent,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::Verify => "verify",
            Self::Reset => "reset",
            Self::Export => "export",
            Self::Represent => "represent",
        }
    }

    /// Verification links (an account's or a work email's) last a day, reset links an hour,
    /// a CSV download five minutes.
    fn lifetime_secs(self) -> i64 {
        match self {
            Self::Verify | Self::Represent => 24 * 60 * 60,
            Self::Reset => 60 * 60,
            Self::Export => 5 * 60,
        }
    }
}

/// Who a valid token was issued for; `email` is the address being verified.
#[derive(Debug, PartialEq)]
pub struct Holder {
    pub user_id: i64,
    pub email: Option<String>,
}

fn digest(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// A new token for `user_id`; earlier unused tokens of the same purpose stop working.
pub fn issue(
    conn: &Connection,
    purpose: Purpose,
    user_id: i64,
    email: Option<&str>,
) -> rusqlite::Result<String> {
    let expires_at = unix_now() + purpose.lifetime_secs();
    let random =
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    let token = format!("{random}.{expires_at}");
    store::retire_unused(conn, user_id, purpose.as_str())?;
    store::insert(
        conn,
        purpose.as_str(),
        &digest(&token),
        user_id,
        email,
        expires_at,
    )?;
    Ok(token)
}

/// The holder of an unused, unexpired token, without using it up.
pub fn peek(conn: &Connection, purpose: Purpose, token: &str) -> rusqlite::Result<Option<Holder>> {
    Ok(
        store::unused(conn, &digest(token), purpose.as_str(), unix_now())?
            .map(|(user_id, email)| Holder { user_id, email }),
    )
}

/// Uses the token up and answers its holder; `None` for an unknown, used or expired token.
/// The update is conditional on the token being unused, so of two racing uses one wins.
pub fn consume(
    conn: &Connection,
    purpose: Purpose,
    token: &str,
) -> rusqlite::Result<Option<Holder>> {
    let Some(holder) = peek(conn, purpose, token)? else {
        return Ok(None);
    };
    let used = store::use_up(conn, &digest(token))?;
    Ok(used.then_some(holder))
}
