//! Outgoing mail through an outbox: other areas call [`enqueue`] inside their own
//! transaction, then [`Outbox::wake`]; the background sender in [`sender`] delivers
//! with retries, so neither a mail-server outage nor a restart loses a mail.

mod admin;
mod letter;
pub mod outbox;
pub mod sender;
pub mod store;

pub use letter::{Action, Letter, LinkList, ListedLink};
pub use outbox::Outbox;

use rusqlite::Connection;

use crate::error::AppError;

/// A mail to send.
pub struct NewMail<'a> {
    pub to: &'a str,
    pub reply_to: Option<&'a str>,
    pub subject: &'a str,
    pub text: &'a str,
    pub html: Option<&'a str>,
    /// An alert's one-click unsubscribe address (RFC 8058); none for account mails.
    pub list_unsubscribe: Option<&'a str>,
}

/// Queues `mail` in the caller's transaction; it is sent only if that transaction commits.
pub fn enqueue(conn: &Connection, mail: &NewMail) -> Result<i64, AppError> {
    for address in std::iter::once(mail.to).chain(mail.reply_to) {
        if !crate::fields::is_valid_email(address) {
            return Err(AppError::invalid(
                Some("email"),
                "Please enter a valid email",
            ));
        }
    }
    Ok(store::insert(conn, mail)?)
}

/// The admin's Mail page calls.
pub fn routes() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    use utoipa_axum::routes;
    utoipa_axum::router::OpenApiRouter::new()
        .routes(routes!(admin::list))
        .routes(routes!(admin::failed_count))
        .routes(routes!(admin::send_test))
        .routes(routes!(admin::retry))
}
