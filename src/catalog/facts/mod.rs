//! Offering facts (DESIGN decision 23): what a course costs and how it runs at a provider
//! (fees, duration, delivery modes, campuses, intakes, funding notes, the course's web page),
//! kept by the provider's approved representative or an admin, every change in the history.

pub mod check;
pub mod flagged;
pub mod model;
pub mod reminders;
mod reminders_store;
mod routes;
pub mod rules;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use routes::CAMPUS_REMOVED;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::provider_offerings))
        .routes(routes!(routes::confirm_facts))
        .routes(routes!(routes::save_facts))
        .routes(routes!(routes::add_campus))
        .routes(routes!(routes::change_campus, routes::remove_campus))
        .routes(routes!(routes::funding_notes))
        .routes(routes!(routes::add_funding_note))
        .routes(routes!(routes::offering_facts))
        .routes(routes!(routes::history))
        .routes(routes!(flagged::list))
        .routes(routes!(flagged::clear))
}
