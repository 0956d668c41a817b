//! The facts of an offering and a provider's campuses as the API answers them, and their
//! vocabularies (delivery modes, who changed the facts, Australian states).

use serde::Serialize;
use utoipa::ToSchema;

use crate::vocabulary::{Vocabulary, vocabulary};

vocabulary! {
    /// How an offering is delivered; an offering has one or more.
    pub enum DeliveryMode {
        OnCampus = "on campus",
        Online = "online",
        Blended = "blended",
        Workplace = "in the workplace",
    }
}

impl DeliveryMode {
    /// The mode's bit in the stored bit set (`offerings.delivery_modes`).
    pub fn bit(self) -> i64 {
        let index = Self::ALL.iter().position(|m| *m == self).unwrap_or(0);
        1 << index
    }

    /// The modes of a stored bit set, in the vocabulary's order.
    pub fn from_bits(bits: i64) -> Vec<Self> {
        Self::ALL
            .iter()
            .copied()
            .filter(|m| bits & m.bit() != 0)
            .collect()
    }

    pub fn to_bits(modes: &[Self]) -> i64 {
        modes.iter().fold(0, |bits, m| bits | m.bit())
    }
}

vocabulary! {
    /// Who last changed an offering's facts: the provider's representative ('From the
    /// provider'), or CourseSource (an admin or the operator's import).
    pub enum FactSource {
        Representative = "representative",
        Admin = "admin",
        Import = "import",
    }
}

vocabulary! {
    /// The Australian states and territories, as addresses abbreviate them.
    pub enum AuState {
        Act = "ACT",
        Nsw = "NSW",
        Nt = "NT",
        Qld = "QLD",
        Sa = "SA",
        Tas = "TAS",
        Vic = "VIC",
        Wa = "WA",
    }
}

/// A place where a provider teaches.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Campus {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub street: String,
    pub town: String,
    #[schema(schema_with = state_schema)]
    pub state: String,
    pub postcode: String,
    pub latitude: f64,
    pub longitude: f64,
    /// Send it back unchanged with an edit; a newer one means someone else saved first.
    pub version: i64,
}

fn state_schema() -> utoipa::openapi::Object {
    crate::vocabulary::schema::<AuState>(false)
}

fn delivery_schema() -> utoipa::openapi::schema::Array {
    utoipa::openapi::schema::Array::new(crate::vocabulary::schema::<DeliveryMode>(false))
}

fn source_schema() -> utoipa::openapi::Object {
    crate::vocabulary::schema::<FactSource>(true)
}

/// The facts an editor sets, as checked and stored; also the before and after of a history
/// row. Every fact is optional: `null` or an empty list where nobody said.
#[derive(Debug, Clone, Default, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct FactValues {
    /// The full fee in whole Australian dollars.
    pub fee: Option<i64>,
    /// The government-subsidised fee, where it differs, in the state `subsidyState`.
    pub subsidised_fee: Option<i64>,
    pub subsidy_state: Option<String>,
    /// The duration in weeks, or the shortest of a range.
    pub duration_weeks: Option<i64>,
    /// The longest duration of a range, in weeks.
    pub duration_max_weeks: Option<i64>,
    #[schema(schema_with = delivery_schema)]
    pub delivery_modes: Vec<String>,
    /// Ids of the provider's campuses the offering runs at.
    pub campus_ids: Vec<String>,
    /// Next intakes, 'YYYY-MM', earliest first.
    pub intakes: Vec<String>,
    /// Names from the funding-note list (`GET /api/funding-notes`).
    pub funding_notes: Vec<String>,
    /// The provider's own page for the course; empty when not given.
    pub course_url: String,
}

/// An offering's facts with who said them and when.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferingFacts {
    /// The offering (course at a provider).
    #[serde(rename = "_id")]
    pub id: String,
    pub course_id: String,
    pub course_code: String,
    pub course_name: String,
    pub course_slug: String,
    pub provider_id: String,
    pub provider_slug: String,
    #[serde(flatten)]
    pub values: FactValues,
    /// The campuses of `campusIds`.
    pub campuses: Vec<Campus>,
    /// The course web page is not on the provider's website domain; an admin should check it.
    pub course_url_flagged: bool,
    /// Who last changed the facts; null when nobody has.
    #[schema(schema_with = source_schema)]
    pub source: Option<FactSource>,
    /// When the facts were last saved or confirmed (ISO 8601, UTC); null when never.
    pub confirmed_at: Option<String>,
    /// Not confirmed for 12 months: shown with 'may be out of date'.
    pub stale: bool,
    /// Send it back unchanged with an edit; a newer one means someone else saved first.
    pub version: i64,
}

/// One change to an offering's facts or to a campus.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRow {
    #[serde(rename = "_id")]
    pub id: String,
    pub provider_id: String,
    pub provider_name: String,
    /// The offering changed, or null for a campus.
    pub offering_id: Option<String>,
    pub campus_id: Option<String>,
    pub course_code: Option<String>,
    #[schema(schema_with = source_schema)]
    pub source: FactSource,
    /// The person who changed it (null for an import or a deleted account).
    pub user_email: Option<String>,
    /// The facts (or campus) before and after, null for a new or deleted campus.
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
    /// The name of each campus id that `before` and `after` name (`campusIds`), and of
    /// `campusId`: its name now, or the last it had when it was removed.
    pub campus_names: std::collections::BTreeMap<String, String>,
    /// ISO 8601, UTC.
    pub changed_at: String,
}

/// An offering whose course web page is not on the provider's website domain, for an admin
/// to check: open it, then clear the flag or correct the provider's course details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlaggedCoursePage {
    /// The offering (course at a provider).
    #[serde(rename = "_id")]
    pub id: String,
    pub course_code: String,
    pub course_name: String,
    pub course_slug: String,
    pub provider_id: String,
    pub provider_name: String,
    pub provider_slug: String,
    /// The provider's website, whose domain the page is not on.
    pub provider_website: String,
    pub course_url: String,
    #[schema(schema_with = source_schema)]
    pub source: Option<FactSource>,
    /// When the facts were last saved or confirmed (ISO 8601, UTC); null when never.
    pub changed_at: Option<String>,
}
