//! Review moderation for admins: the unactioned count, the filtered queue, and the decision
//! that publishes or withholds a review, keeps the catalogue's counters exact and tells the author.
//! Also the reason list ([`reasons`]) that refusals and reports of reviews choose from.

pub mod mails;
pub mod reasons;
mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::unactioned))
        .routes(routes!(routes::pull_reviews))
        .routes(routes!(routes::approve_disapprove))
        .routes(routes!(reasons::list))
}
