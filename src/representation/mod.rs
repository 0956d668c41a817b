//! Representation (docs/glossary.md), the provider's side of a review (DESIGN decision 19): a Course Provider user claims to
//! represent a provider with a verified work email, an admin approves, refuses or later
//! revokes the claim, and an approved representative posts one public reply to each approved
//! review of that provider. Every call checks ownership and roles against the database
//! (DESIGN decision 1).

mod admin;
pub mod claim_rules;
mod claims;
pub mod claims_store;
pub mod mails;
pub mod model;
mod replies;
pub mod replies_store;
pub mod reply_rules;
pub mod work_email;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use claims::{
    CLAIM_VERIFIED, COURSE_PROVIDERS_ONLY, LINK_INVALID, WORK_EMAIL_INVALID, WORK_EMAIL_REQUIRED,
};
pub use replies::{REPLY_PROFANE, REPLY_REMOVED, REPLY_REQUIRED, REPLY_TOO_LONG};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(claims::mine, claims::claim))
        .routes(routes!(claims::verify))
        .routes(routes!(claims::providers))
        .routes(routes!(admin::list))
        .routes(routes!(admin::pending_count))
        .routes(routes!(admin::decide))
        .routes(routes!(replies::post, replies::edit, replies::remove))
}
