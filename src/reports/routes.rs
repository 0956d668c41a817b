//! The report calls: a logged-in reader reports a published review once, with a reason; admins
//! list the reviews with open reports (Moderate Reviews' 'Reported' filter) and keep or remove
//! each one.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
    http::{HeaderName, HeaderValue, StatusCode},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::store::{self, Outcome, REVIEW_NOT_FOUND, ReportedReview};
use crate::{
    auth::{AdminUser, AuthUser},
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    mail::outbox::Outbox,
    moderation::reasons,
    vocabulary::{self, vocabulary},
};

pub const REPORTED: &str = "Thank you. A moderator will look at this review.";
static TOTAL_COUNT: HeaderName = HeaderName::from_static("x-total-count");

fn review_id(id: &str) -> AppResult<i64> {
    crate::fields::path_id(id, REVIEW_NOT_FOUND)
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ReportBody {
    /// The key of one of `GET /api/review/reasons`.
    #[schema(required = true, schema_with = reasons::key_schema)]
    reason: String,
    /// Required with the reason 'other': what is wrong (at most 500 characters).
    #[schema(schema_with = reasons::note_schema)]
    note: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Reported {
    msg: &'static str,
}

/// Reports a published review of someone else, once, with a reason; a moderator then keeps or
/// removes it.
#[utoipa::path(post, path = "/reviews/{_id}/report", tag = "moderation", security(("session" = [])),
    params(("_id" = String, Path, description = "The review's id")), request_body = ReportBody, responses(
    (status = 201, body = Reported), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn report(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReportBody>,
) -> AppResult<(StatusCode, Json<Reported>)> {
    let review = review_id(&id)?;
    let chosen = reasons::choose(Some(&body.reason), body.note.as_deref(), "reason", "note")?;
    db.write(move |tx| {
        store::report(
            tx,
            review,
            user.id,
            chosen.reason.key,
            chosen.text.as_deref(),
        )
    })
    .await?;
    Ok((StatusCode::CREATED, Json(Reported { msg: REPORTED })))
}

#[derive(Deserialize, IntoParams, Default)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ReportedQuery {
    /// 1-based, 10 reviews a page.
    #[param(minimum = 1, maximum = 9223372036854775807_i64)]
    page: Option<i64>,
}

/// One page (10) of the published reviews with open reports, each with its reports, the
/// longest-waiting first; `X-Total-Count` says how many reviews have open reports.
#[utoipa::path(get, path = "/review/reported", tag = "moderation", security(("session" = [])), params(ReportedQuery), responses(
    (status = 200, body = [ReportedReview], headers(("X-Total-Count" = i64, description = "How many reviews have open reports"))),
    (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn reported(
    State(db): State<Db>,
    _admin: AdminUser,
    Query(query): Query<ReportedQuery>,
) -> AppResult<([(HeaderName, HeaderValue); 1], Json<Vec<ReportedReview>>)> {
    let page = query.page.unwrap_or(1);
    if page < 1 {
        return Err(AppError::invalid(Some("page"), "page must be 1 or more"));
    }
    let (list, total) = db
        .read(move |conn| {
            Ok::<_, rusqlite::Error>((store::reported(conn, page)?, store::count_reported(conn)?))
        })
        .await?;
    Ok((
        [(TOTAL_COUNT.clone(), HeaderValue::from(total))],
        Json(list),
    ))
}

vocabulary! {
    /// What a moderator does with a reported review.
    enum ReportAction {
        Keep = "keep",
        Remove = "remove",
    }
}

vocabulary! {
    /// What became of a reported review.
    enum ReportOutcome {
        Kept = "kept",
        Removed = "removed",
    }
}

fn report_actions() -> utoipa::openapi::Object {
    vocabulary::schema::<ReportAction>(false)
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ReportDecisionBody {
    /// 'keep' or 'remove'.
    #[schema(required = true, schema_with = report_actions)]
    action: String,
    /// With 'remove': the key of one of `GET /api/review/reasons`, which the author is told.
    #[schema(schema_with = reasons::key_or_null_schema)]
    reason: Option<String>,
    /// With 'remove': a note the author is told; required with the reason 'other'.
    note: Option<String>,
}

fn outcomes() -> utoipa::openapi::Object {
    vocabulary::schema::<ReportOutcome>(false)
}

#[derive(Serialize, ToSchema)]
pub struct ReportDecision {
    #[serde(rename = "_id")]
    id: String,
    /// 'kept' or 'removed'.
    #[schema(schema_with = outcomes)]
    outcome: ReportOutcome,
}

/// Keeps a reported review, or removes it with a reason: the review is withdrawn, every counter
/// recounted, its author told why (notification and mail); each reporter is told the outcome.
#[utoipa::path(post, path = "/review/reported/{_id}/decision", tag = "moderation", security(("session" = [])),
    params(("_id" = String, Path, description = "The review's id")), request_body = ReportDecisionBody, responses(
    (status = 200, body = ReportDecision), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn decide(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    AdminUser(admin): AdminUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReportDecisionBody>,
) -> AppResult<Json<ReportDecision>> {
    let review = review_id(&id)?;
    let outcome = match vocabulary::parse_word(&body.action, "action")? {
        ReportAction::Keep => {
            reasons::unneeded(body.reason.as_deref(), "reason")?;
            Outcome::Keep
        }
        ReportAction::Remove => {
            let chosen = reasons::choose(
                body.reason.as_deref(),
                body.note.as_deref(),
                "reason",
                "note",
            )?;
            Outcome::Remove {
                reason: chosen.reason.key,
                note: chosen.text,
            }
        }
    };
    let word = match outcome {
        Outcome::Keep => ReportOutcome::Kept,
        Outcome::Remove { .. } => ReportOutcome::Removed,
    };
    let settings = settings.clone();
    db.write(move |tx| store::decide(tx, &settings, review, &outcome, admin.id))
        .await?;
    outbox.wake();
    Ok(Json(ReportDecision {
        id: review.to_string(),
        outcome: word,
    }))
}
