//! Reports of published reviews (DESIGN decision 19): any logged-in reader may report a review
//! once with a reason from the moderation policy; admins keep it, or remove it with a reason
//! its author is told. The removals feed the public moderation figures.

pub mod mails;
mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use routes::REPORTED;

/// The rules of this area's bodies that their schemas state with `if`/`then`.
pub fn conditions() -> Vec<crate::contract::Condition> {
    let mut conditions = crate::moderation::reasons::conditions("ReportBody", None);
    conditions.extend(crate::moderation::reasons::conditions(
        "ReportDecisionBody",
        Some(("action", "remove")),
    ));
    conditions
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::report))
        .routes(routes!(routes::reported))
        .routes(routes!(routes::decide))
}
