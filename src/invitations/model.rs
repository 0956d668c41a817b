//! What the invitation calls answer, and the rows they are made from.

use serde::Serialize;
use utoipa::ToSchema;

/// An offering of the caller's provider, as a sending names it.
pub struct Offered {
    pub offering_id: i64,
    pub course_name: String,
    pub course_code: String,
    pub provider_name: String,
}

/// One sending of a provider's history: what was attested, when and by whom.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Batch {
    #[serde(rename = "_id")]
    pub id: String,
    pub offering_id: String,
    pub course_name: String,
    pub course_code: String,
    /// The attested period's first month, 'YYYY-MM'.
    pub period_from: String,
    /// The attested period's last month, 'YYYY-MM'.
    pub period_to: String,
    /// The words the representative ticked.
    pub attestation: String,
    /// How many invitations it sent.
    pub sent: i64,
    /// How many of them were accepted.
    pub accepted: i64,
    /// When it was sent (ISO 8601).
    pub created_at: String,
    /// The representative's name; null once their account is gone.
    pub sent_by: Option<String>,
}

/// An invitation as its link finds it.
pub struct Opened {
    pub id: i64,
    pub address_hash: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
    pub user_id: Option<i64>,
    pub course_id: i64,
    pub course_name: String,
    pub course_code: String,
    pub course_slug: String,
    pub provider_id: i64,
    pub provider_name: String,
    pub provider_slug: String,
    pub period_from: String,
    pub period_to: String,
}

/// What an invitation's page shows: who invites whom to review what, until when.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    pub course_id: String,
    pub course_name: String,
    pub course_code: String,
    pub course_slug: String,
    pub provider_id: String,
    pub provider_name: String,
    pub provider_slug: String,
    pub period_from: String,
    pub period_to: String,
    /// The last day the link works (ISO 8601).
    pub expires_at: String,
}

impl From<&Opened> for Invitation {
    fn from(o: &Opened) -> Self {
        Self {
            course_id: o.course_id.to_string(),
            course_name: o.course_name.clone(),
            course_code: o.course_code.clone(),
            course_slug: o.course_slug.clone(),
            provider_id: o.provider_id.to_string(),
            provider_name: o.provider_name.clone(),
            provider_slug: o.provider_slug.clone(),
            period_from: o.period_from.clone(),
            period_to: o.period_to.clone(),
            expires_at: crate::dates::iso_date(o.expires_at),
        }
    }
}

/// A period a provider attested it invited everyone of.
#[derive(Serialize, ToSchema, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Period {
    pub from: String,
    pub to: String,
}

/// A pair's invited share: of its published reviews, how many came through an invitation,
/// and the periods its provider attested.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct InvitedShare {
    pub reviews: i64,
    pub invited: i64,
    /// Whole per cent of the published reviews that were invited; null without reviews.
    pub percent: Option<i64>,
    pub periods: Vec<Period>,
}

/// Reviews that came from invitations in the public figures' window.
#[derive(Serialize, ToSchema, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InvitationFigures {
    /// Reviews received in the window through an invitation.
    pub received: i64,
    /// Of those, published.
    pub published: i64,
    /// Invitations providers sent in the window.
    pub sent: i64,
}

impl InvitedShare {
    pub fn new(reviews: i64, invited: i64, periods: Vec<Period>) -> Self {
        Self {
            reviews,
            invited,
            percent: (reviews > 0).then(|| (invited * 100 + reviews / 2) / reviews),
            periods,
        }
    }
}
