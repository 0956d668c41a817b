//! Review moderation for admins: the unactioned count, the filtered queue, and the decision
//! that publishes or withholds a review (with a reason from [`reasons`] when it is withheld),
//! keeps the catalogue's counters exact and tells the author.
//! Also the reason list, the public moderation figures of `/about/reviews`, and the signals of
//! fake reviews the queue shows moderators.

pub mod figures;
pub mod figures_store;
pub mod filter;
pub mod mails;
pub mod reasons;
mod routes;
pub mod signals;
pub mod signals_store;
pub mod store;
pub mod titles_store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// The rules of this area's bodies that their schemas state with `if`/`then`.
pub fn conditions() -> Vec<crate::contract::Condition> {
    reasons::conditions("DecisionBody", Some(("action", "disapprove")))
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::unactioned))
        .routes(routes!(routes::pull_reviews))
        .routes(routes!(routes::approve_disapprove))
        .routes(routes!(reasons::list))
        .routes(routes!(figures::figures))
}
