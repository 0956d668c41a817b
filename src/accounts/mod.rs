//! Accounts: users, logging in and out, the current user, and the operator's admin commands.
//! Sign-up, verification, password reset, profile and favourites arrive with the accounts issue.

pub mod admin_cli;
pub mod demo;
mod session_routes;
pub mod store;

use axum::{Router, routing::{get, post}};

use crate::AppState;

pub use session_routes::{ACCOUNT_UNACTIVATED, WRONG_CREDENTIALS};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/auth/login", post(session_routes::login))
        .route("/logout", post(session_routes::logout))
        .route("/userinfo", get(session_routes::user_info))
}
