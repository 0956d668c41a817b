//! The account mails: verification of a new account or a new address, and password reset.

use rusqlite::Connection;

use super::tokens::{self, Purpose};
use crate::{
    config::Settings,
    error::AppError,
    mail::{Action, Letter},
};

/// Queues a verification link for `email` (the account's address or a new one) in `conn`'s transaction.
pub fn queue_verification(
    conn: &Connection,
    settings: &Settings,
    user_id: i64,
    email: &str,
) -> Result<(), AppError> {
    let token = tokens::issue(conn, Purpose::Verify, user_id, Some(email))?;
    let site = &settings.site_name;
    Letter {
        to: email.to_owned(),
        subject: format!("Verify your {site} account"),
        greeting: format!("Welcome to {site}!"),
        paragraphs: vec![
            "Please confirm your email address within 24 hours. The link asks for your account's password.".into(),
        ],
        action: Action::new(
            "Confirm my email address",
            format!("{}/verify-account/{token}", settings.public_url()),
        ),
        after: vec!["If you did not ask for this, you can ignore this mail: without the password nothing changes.".into()],
        reason: format!("You get this mail because this address was entered on {site}."),
        ..Letter::default()
    }
    .queue(conn, site)?;
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
    let site = &settings.site_name;
    Letter {
        to: email.to_owned(),
        subject: format!("Reset your {site} password"),
        greeting: "Hello,".into(),
        paragraphs: vec![format!(
            "Someone asked to reset the password of your {site} account. To choose a new password, open this link within an hour."
        )],
        action: Action::new(
            "Choose a new password",
            format!("{}/reset-password/{token}", settings.public_url()),
        ),
        after: vec!["If it was not you, ignore this mail: your password stays as it is.".into()],
        reason: format!("You get this mail because a password reset was asked for your {site} account."),
        ..Letter::default()
    }
    .queue(conn, site)?;
    Ok(())
}
