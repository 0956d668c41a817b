//! The types a provider's representation shows to other areas: a reply under a review, and
//! where a claim stands. Types only, so a review's answer can carry a reply without the
//! review area depending on this area's storage.

use serde::Serialize;
use utoipa::ToSchema;

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

/// Where a claim stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The mailed link to the work email has not been followed yet.
    Unverified,
    /// Verified, waiting for an admin.
    Pending,
    Approved,
    Refused,
    Revoked,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Unverified => "unverified",
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Refused => "refused",
            Self::Revoked => "revoked",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [
            Self::Unverified,
            Self::Pending,
            Self::Approved,
            Self::Refused,
            Self::Revoked,
        ]
        .into_iter()
        .find(|status| status.as_str() == text)
    }
}
