//! The rating details of a course at a provider, and providers compared side by side: the
//! rating distribution and what reviewers said per question (DESIGN decision 19). Public
//! figures only, read from counters.

use axum::{extract::State, response::Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    details_store::{self, Distribution, Share},
    outcome::{self, Outcome},
    store,
};
use crate::{
    cache::Cached,
    catalog::{self, facts::model::OfferingFacts, model::Provider},
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, required, required_slug},
};

pub const NOT_OFFERED: &str = "This provider does not offer this course.";
pub const TOO_MANY: &str = "Compare at most 3 providers";
pub const NONE_CHOSEN: &str = "Choose at least one provider to compare";
/// The most providers one comparison shows.
pub const MOST_COMPARED: usize = 3;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingDetails {
    pub distribution: Distribution,
    /// For this course at this provider; a share appears only from 5 answers up.
    pub questions: Vec<Share>,
    /// The same across all of the provider's courses.
    pub provider_questions: Vec<Share>,
    /// The share of this course's students at this provider who found work in its field within
    /// six months; null below 5 answers.
    pub outcome: Option<Outcome>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct PairBody {
    #[schema(required = true, nullable = false)]
    course_id: Option<Id>,
    #[schema(required = true, nullable = false)]
    provider_id: Option<Id>,
}

/// The rating distribution and the per-question shares of a course at a provider.
#[utoipa::path(post, path = "/getratingdetails", tag = "reviews", request_body = PairBody, responses(
    (status = 200, body = RatingDetails), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn rating_details(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<PairBody>,
) -> AppResult<Response> {
    let Id(course) = required(body.course_id, "courseId")?;
    let Id(provider) = required(body.provider_id, "providerId")?;
    let details = db.read(move |conn| {
        if !store::offering_exists(conn, course, provider)? {
            return Err(AppError::NotFound(NOT_OFFERED.into()));
        }
        Ok(details_of(conn, course, provider)?)
    });
    cached
        .public(format!("getratingdetails {course} {provider}"), details)
        .await
}

fn details_of(
    conn: &rusqlite::Connection,
    course: i64,
    provider: i64,
) -> rusqlite::Result<RatingDetails> {
    Ok(RatingDetails {
        distribution: details_store::distribution(conn, course, provider)?,
        questions: details_store::shares(conn, Some(course), provider)?,
        provider_questions: details_store::shares(conn, None, provider)?,
        outcome: {
            let (in_field, answered) = details_store::outcome_counts(conn, course, provider)?;
            outcome::outcome(in_field, answered)
        },
    })
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct CompareBody {
    #[schema(required = true, schema_with = crate::contract::slug)]
    course_slug: Option<String>,
    /// One to three different providers that offer the course (a repeated one counts once,
    /// so the list itself may be longer).
    #[schema(required = true, min_items = 1)]
    provider_slugs: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Compared {
    /// The provider with this course's counts and averages.
    provider: Provider,
    details: RatingDetails,
    /// The course's facts at the provider, with who said them and when (the table's 'Course
    /// details' rows).
    facts: OfferingFacts,
}

#[derive(Serialize, ToSchema)]
pub struct Comparison {
    course: catalog::model::Course,
    providers: Vec<Compared>,
}

/// Up to three providers of a course side by side, in the order asked.
#[utoipa::path(post, path = "/compareproviders", tag = "reviews", request_body = CompareBody, responses(
    (status = 200, body = Comparison), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn compare(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<CompareBody>,
) -> AppResult<Response> {
    let course_slug = required_slug(body.course_slug, "courseSlug")?;
    // Each provider once, in the order asked (`a,b,a` compares two).
    let mut slugs: Vec<String> = Vec::with_capacity(body.provider_slugs.len());
    for slug in body.provider_slugs {
        if !slugs.contains(&slug) {
            slugs.push(slug);
        }
    }
    if slugs.is_empty() {
        return Err(AppError::invalid(Some("providerSlugs"), NONE_CHOSEN));
    }
    if slugs.len() > MOST_COMPARED {
        return Err(AppError::invalid(Some("providerSlugs"), TOO_MANY));
    }
    if !slugs.iter().all(|slug| catalog::text::is_slug(slug)) {
        return Err(AppError::NotFound("Provider not found".into()));
    }
    let key = format!("compareproviders {course_slug} {slugs:?}");
    let comparison = db.read(move |conn| compare_in(conn, &course_slug, &slugs));
    cached.public(key, comparison).await
}

fn compare_in(
    conn: &rusqlite::Connection,
    course_slug: &str,
    slugs: &[String],
) -> Result<Comparison, AppError> {
    let course = catalog::store::course_by_slug(conn, course_slug)
        .map_err(crate::error::not_found("Course not found"))?;
    let course_id: i64 = course.id.parse().map_err(anyhow::Error::from)?;
    let mut providers = Vec::with_capacity(slugs.len());
    for slug in slugs {
        let provider = catalog::store::provider_by_slug(conn, slug, Some(course_id))
            .map_err(crate::error::not_found("Provider not found"))?;
        let provider_id: i64 = provider.id.parse().map_err(anyhow::Error::from)?;
        if !store::offering_exists(conn, course_id, provider_id)? {
            return Err(AppError::invalid(
                Some("providerSlugs"),
                format!("{} does not offer this course", provider.name),
            ));
        }
        let facts = catalog::facts::store::facts_of_pair(conn, course_id, provider_id)?
            .ok_or_else(|| AppError::NotFound("Provider not found".into()))?;
        providers.push(Compared {
            facts,
            details: details_of(conn, course_id, provider_id)?,
            provider,
        });
    }
    Ok(Comparison { course, providers })
}
