//! Legal complaints (DESIGN decision 25): a person who says a published review or reply
//! defames them files a complaint without an account, with the elements of a concerns notice
//! (NSW Defamation Act 2005 s 12A, and the matching acts). An admin works it through recorded
//! steps within 7 days (s 31A): hide it while it is considered, ask its author for a response,
//! keep it or remove it with a reason. Every step is timestamped and mailed; the complainant
//! never learns who wrote what they complain of.

mod author;
mod form;
pub mod mails;
pub mod model;
mod steps;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use form::RECEIVED;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(form::file))
        .routes(routes!(steps::list))
        .routes(routes!(steps::open_count))
        .routes(routes!(steps::take))
        .routes(routes!(author::mine))
        .routes(routes!(author::respond))
}

/// The days the law gives an operator to take reasonable steps after a complaint.
pub const DAYS_TO_ACT: i64 = 7;
/// From this day of the seven (the first day is day 1), the admin page shows the clock in red.
pub const URGENT_FROM_DAY: i64 = 5;
pub const DAY: i64 = 86_400;

/// The reference a complainant quotes, from the complaint's id.
pub fn reference(id: i64) -> String {
    format!("LC-{id:06}")
}
