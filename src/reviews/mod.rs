//! Reviews of a course at a provider: the question definitions, the flows and scoring that
//! check a submission, and the calls to submit, list and like reviews. Moderation is in
//! `crate::moderation`.

mod details;
mod details_store;
pub mod flow;
pub mod helpful;
mod listing;
pub mod messages;
pub mod model;
pub mod outcome;
pub mod profanity;
pub mod questions;
pub mod rescore;
mod rescore_store;
mod resubmit;
mod routes;
pub mod rules;
pub mod score;
pub mod search;
pub mod search_store;
pub mod shares;
pub mod store;
pub mod study;
pub mod voters;
pub mod votes_store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use flow::sample_answers;
pub use questions::ReviewerType;
pub use score::score_halves;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::questions))
        .routes(routes!(routes::submit))
        .routes(routes!(routes::check_if_user_reviewed))
        .routes(routes!(routes::reviews_for))
        .routes(routes!(routes::like_or_dislike))
        .routes(routes!(routes::user_reviews))
        .routes(routes!(resubmit::resubmit))
        .routes(routes!(details::rating_details))
        .routes(routes!(details::compare))
}
