//! The catalogue: industries, careers, courses, providers and the offerings that pair a
//! course with a provider; its browsing calls, loading it from CSV files, and syncing it
//! from the National Training Register with the regulator's decisions.

pub mod counters_store;
mod decisions;
pub mod facts;
pub mod import;
pub mod model;
pub mod recent;
pub mod recent_store;
pub mod register;
mod routes;
pub mod store;
pub mod succession;
pub mod succession_store;
pub mod text;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::industries))
        .routes(routes!(routes::industry_list))
        .routes(routes!(routes::career_list))
        .routes(routes!(routes::course_list))
        .routes(routes!(routes::random_provider))
        .routes(routes!(routes::careers_by_industry))
        .routes(routes!(routes::career_by_slug))
        .routes(routes!(routes::course_count))
        .routes(routes!(routes::courses_by_career))
        .routes(routes!(routes::industry_for_career))
        .routes(routes!(routes::course_by_slug))
        .routes(routes!(routes::providers_by_course))
        .routes(routes!(routes::provider_by_slug))
        .routes(routes!(routes::overall_provider_rating))
        .routes(routes!(decisions::provider_decisions))
        .merge(facts::routes())
}
