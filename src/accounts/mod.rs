//! Accounts: sign-up, verification, login and logout, password recovery, the profile and
//! its privacy rights (export, deletion), favourites, follows, notifications, and the operator's
//! admin and demo accounts.

pub mod abr;
pub mod admin_cli;
pub mod alert_kinds;
mod alert_settings;
pub mod alerts;
pub mod alerts_store;
mod credentials;
pub mod digest;
pub mod digest_store;
mod favourites;
pub mod favourites_store;
mod follows;
pub mod follows_store;
pub mod images;
mod mails;
mod notifications;
pub mod notifications_store;
mod profile;
mod recovery;
pub mod rules;
mod session_routes;
mod signup;
pub mod store;
pub mod tokens;
pub mod tokens_store;
pub mod unsubscribe;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// A mailed link followed with the account's password.
pub(crate) use credentials::check_mailed_link;
pub use session_routes::{ACCOUNT_UNACTIVATED, WRONG_CREDENTIALS};

/// The rules of this area's bodies that their schemas state with `if`/`then`.
pub fn conditions() -> Vec<crate::contract::Condition> {
    signup::conditions()
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(session_routes::login))
        .routes(routes!(session_routes::logout))
        .routes(routes!(session_routes::user_info))
        .routes(routes!(signup::register))
        .routes(routes!(signup::check_email))
        .routes(routes!(signup::check_nickname))
        .routes(routes!(signup::check_abn))
        .routes(routes!(recovery::verify_account))
        .routes(routes!(recovery::verify_account_form))
        .routes(routes!(recovery::forgot_password))
        .routes(routes!(recovery::check_token))
        .routes(routes!(recovery::reset_password))
        .routes(routes!(profile::update_details))
        .routes(routes!(credentials::update_email))
        .routes(routes!(credentials::update_password))
        .routes(routes!(profile::export))
        .routes(routes!(credentials::delete_account))
        .routes(routes!(favourites::list))
        .routes(routes!(favourites::add_or_remove))
        .routes(routes!(follows::list, follows::change))
        .routes(routes!(notifications::list))
        .routes(routes!(notifications::unread_count))
        .routes(routes!(notifications::mark_read))
        .routes(routes!(alert_settings::show, alert_settings::change))
        .routes(routes!(unsubscribe::unsubscribe))
        .routes(routes!(unsubscribe::undo))
}

/// Removes what a deleted account left outside the database: its profile image and the mail
/// files of the file outbox sent to or from it.
pub async fn forget_files(data_dir: &crate::config::DataDir, deleted: store::Deleted) {
    let (uploads, outbox) = (data_dir.uploads(), data_dir.outbox());
    let _ = tokio::task::spawn_blocking(move || {
        if let Some(name) = deleted.image {
            images::remove(&uploads, &name);
        }
        crate::mail::sender::forget_mail_files(&outbox, &deleted.addresses);
    })
    .await;
}
