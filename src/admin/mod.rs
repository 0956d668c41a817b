//! The admin area's calls beyond moderation and mail: description edits, finding and
//! deleting users, the CSV export of every review, and the catalogue's syncs. Admins only, checked against the
//! database on every call (DESIGN decision 1); the CSV link itself is the download's credential.

mod catalogue;
mod descriptions;
mod export;
mod store;
mod users;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use descriptions::UPDATED;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(descriptions::industry))
        .routes(routes!(descriptions::career))
        .routes(routes!(descriptions::course))
        .routes(routes!(users::search))
        .routes(routes!(users::delete))
        .routes(routes!(export::link))
        .routes(routes!(export::download))
        .routes(routes!(catalogue::status))
}
