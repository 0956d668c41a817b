//! The types a provider's representation shows to other areas: a reply under a review, and
//! where a claim stands. Types only, so a review's answer can carry a reply without the
//! review area depending on this area's storage.

use serde::Serialize;
use utoipa::ToSchema;

use crate::vocabulary::vocabulary;

/// A provider's reply as it shows under the review.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reply {
    /// The provider's name, shown as the reply's author.
    pub provider_name: String,
    /// Plain text, shown as text (never as HTML).
    pub text: String,
    /// ISO 8601, UTC.
    pub created_at: String,
    /// ISO 8601, UTC; equal to `createdAt` until the reply is edited.
    pub updated_at: String,
    /// The representative who wrote it has since been revoked (or has left).
    pub former_representative: bool,
}

vocabulary! {
    /// Where a claim stands.
    #[derive(ToSchema)]
    #[schema(rename_all = "lowercase")]
    pub enum Status {
        /// The mailed link to the work email has not been followed yet.
        Unverified = "unverified",
        /// Verified, waiting for an admin.
        Pending = "pending",
        Approved = "approved",
        Refused = "refused",
        Revoked = "revoked",
    }
}
