//! Accounts: users, logging in and out, the current user, and the operator's admin commands.
//! Sign-up, verification, password reset, profile and favourites arrive with the accounts issue.

pub mod admin_cli;
pub mod demo;
mod session_routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;

pub use session_routes::{ACCOUNT_UNACTIVATED, WRONG_CREDENTIALS};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(session_routes::login))
        .routes(routes!(session_routes::logout))
        .routes(routes!(session_routes::user_info))
}
