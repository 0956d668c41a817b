//! The catalogue's answer shapes, with the specification's field names.

use serde::Serialize;
use utoipa::ToSchema;

use crate::vocabulary::vocabulary;

vocabulary! {
    /// The orders of a course's provider list besides A-Z (`POST /api/getprovidersbycourseid`).
    pub enum ProviderSort {
        /// By lowest fee, unknown fees last.
        LowestFee = "lowest-fee",
        /// By the recent score, highest first; providers without one last.
        RecentScore = "recent-score",
    }
}

/// Ids are opaque strings in the API.
pub fn id_string(id: i64) -> String {
    id.to_string()
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Industry {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub name: String,
    pub copy: String,
    pub career_count: i64,
    pub review_count: i64,
}

/// An item of the admin's editing lists (industries, careers, courses).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentItem {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub name: String,
    /// Plain text for industries and courses, sanitised HTML for careers.
    pub copy: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub course_code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Career {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub name: String,
    /// Sanitised HTML.
    pub copy: String,
    /// How many courses lead to this career.
    pub courses: i64,
    pub industry_id: String,
    pub industry_slug: String,
    pub industry_name: String,
}

/// A career a course leads to, as listed with the course.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareerRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub name: String,
    pub industry_slug: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Course {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub name: String,
    pub course_code: String,
    pub copy: String,
    pub careers: Vec<CareerRef>,
    /// How many providers deliver the course.
    pub providers: i64,
    /// Approved reviews of the course at every provider.
    pub reviews: i64,
    /// The earlier qualifications this course replaced (superseded), by code.
    pub replaces: Vec<CourseLink>,
    /// The qualifications that replaced this one, by code.
    pub replaced_by: Vec<CourseLink>,
}

/// A course named beside another: the one it replaced, or the one that replaced it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseLink {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub course_code: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewCount {
    pub total: i64,
    pub student: i64,
    pub employer: i64,
}

/// Average scores out of 5; null where there are no rated reviews.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rating {
    pub student: Option<f64>,
    pub employer: Option<f64>,
    pub overall: Option<f64>,
    /// How many reviews each average is of: the approved reviews that have a rating (an
    /// employer whose staff did not complete the course is asked no scored question).
    pub rated_count: ReviewCount,
    /// The average of the rated reviews whose study ended (or, without a study end, which
    /// were written) in the last 24 months; null below 3 such reviews, where the page says
    /// 'Not enough recent reviews' (never a number from fewer).
    pub recent: Option<f64>,
    /// How many rated reviews are in that window.
    pub recent_rated_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Location {
    #[serde(rename = "WebsiteUrl")]
    pub website_url: String,
    /// Sanitised HTML.
    pub description: String,
    #[serde(rename = "Latitude")]
    pub latitude: Option<f64>,
    #[serde(rename = "Longitude")]
    pub longitude: Option<f64>,
    pub town: String,
    pub state: String,
}

/// A provider, with the counts and ratings of one course there (or of all its courses).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Provider {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub name: String,
    /// A fictional provider shipped as example data.
    pub is_example: bool,
    /// What the regulator's decisions in force say: 'registered', 'suspended' or 'cancelled'
    /// (a suspended or cancelled provider cannot be reviewed as a current offering).
    pub standing: String,
    /// Set when the provider, or on a course's page its offering of the course, left the
    /// register: 'No longer registered to deliver this course since MONTH YEAR'.
    pub retired_label: Option<String>,
    pub review_count: ReviewCount,
    pub rating: Rating,
    pub location: Location,
    /// In a course's provider list: what the course costs and how it runs there (DESIGN
    /// decision 23); absent elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facts: Option<FactsSummary>,
}

/// The facts a provider list shows per provider: fee, duration, delivery, and the campuses'
/// places (the browser measures the distance to the nearest).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FactsSummary {
    /// The full fee in whole dollars.
    pub fee: Option<i64>,
    /// The fee a student eligible for the subsidy pays, in `subsidyState`; where set, it is
    /// the lowest fee that `maxFee` and the 'Lowest fee' sort compare.
    pub subsidised_fee: Option<i64>,
    pub subsidy_state: Option<String>,
    pub duration_weeks: Option<i64>,
    pub duration_max_weeks: Option<i64>,
    /// 'on campus', 'online', 'blended', 'in the workplace'.
    pub delivery_modes: Vec<String>,
    pub campuses: Vec<Place>,
}

impl FactsSummary {
    /// An offering's facts as a list shows them; `None` when it has none of them.
    pub fn of_offering(facts: &super::facts::model::OfferingFacts) -> Option<Self> {
        let v = &facts.values;
        let any = v.fee.is_some()
            || v.duration_weeks.is_some()
            || !v.delivery_modes.is_empty()
            || !facts.campuses.is_empty();
        any.then(|| Self {
            fee: v.fee,
            subsidised_fee: v.subsidised_fee,
            subsidy_state: v.subsidy_state.clone(),
            duration_weeks: v.duration_weeks,
            duration_max_weeks: v.duration_max_weeks,
            delivery_modes: v.delivery_modes.clone(),
            campuses: facts
                .campuses
                .iter()
                .map(|c| Place {
                    latitude: c.latitude,
                    longitude: c.longitude,
                })
                .collect(),
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Place {
    pub latitude: f64,
    pub longitude: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverallRating {
    /// The sum of the scores of every approved rated review at the provider.
    pub total_score: f64,
    /// How many approved reviews have a rating (the average's count).
    pub count: i64,
    /// `totalScore / count`, null without reviews.
    pub average: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScoreByType {
    pub user_type: &'static str,
    pub score: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RandomProvider {
    pub course_slug: String,
    pub provider_slug: String,
    pub provider_name: String,
    pub course_name: String,
    pub review_count: i64,
    /// Average score by user type, for the types that have rated reviews.
    pub data: Vec<ScoreByType>,
    /// The average of every approved rated review of the pair; null without one.
    pub overall: Option<f64>,
    /// How many reviews `overall` is of.
    pub rated_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Count {
    pub count: i64,
}

/// The average of a sum of half stars over `count` reviews, in stars.
pub fn average(half_sum: i64, count: i64) -> Option<f64> {
    (count > 0).then(|| half_sum as f64 / 2.0 / count as f64)
}
