//! The account mails: verification of a new account or a new address, and password reset.

use rusqlite::Connection;

use super::tokens::{self, Purpose};
use crate::{
    config::Settings,
    error::AppError,
    mail::{self, NewMail},
};

/// Queues a verification link for `email` (the account's address or a new one) in `conn`'s transaction.
pub fn queue_verification(
    conn: &Connection,
    settings: &Settings,
    user_id: i64,
    email: &str,
) -> Result<(), AppError> {
    let token = tokens::issue(conn, Purpose::Verify, user_id, Some(email))?;
    let link = format!("{}/verify-account/{token}", settings.public_url());
    let site = &settings.site_name;
    let text = format!(
        "Welcome to {site}!\n\nPlease confirm your email address by opening this link within 24 hours:\n\n{link}\n\n\
         If you did not ask for this, you can ignore this mail.\n\n{site}: do the course, rate the source.\n"
    );
    mail::enqueue(
        conn,
        &NewMail {
            to: email,
            reply_to: None,
            subject: &format!("Verify your {site} account"),
            text: &text,
            html: None,
        },
    )?;
    Ok(())
}

/// Queues a password reset link for the account's email.
pub fn queue_reset(
    conn: &Connection,
    settings: &Settings,
    user_id: i64,
    email: &str,
) -> Result<(), AppError> {
    let token = tokens::issue(conn, Purpose::Reset, user_id, None)?;
    let link = format!("{}/reset-password/{token}", settings.public_url());
    let site = &settings.site_name;
    let text = format!(
        "Someone asked to reset the password of your {site} account.\n\nTo choose a new password, open this link within an hour:\n\n{link}\n\n\
         If it was not you, ignore this mail: your password stays as it is.\n"
    );
    mail::enqueue(
        conn,
        &NewMail {
            to: email,
            reply_to: None,
            subject: &format!("Reset your {site} password"),
            text: &text,
            html: None,
        },
    )?;
    Ok(())
}
