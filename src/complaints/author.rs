//! The author's side: a reviewer (or a provider's representative) asked to respond to a legal
//! complaint about what they wrote sees it on their profile and answers there, within the
//! period the admin gave. They see what is said, never who said it.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    mails::{self, long_date},
    model::{Complaint, Part, Status, StepKind},
    reference,
    steps::NOT_FOUND,
    store,
};
use crate::{
    auth::AuthUser,
    config::Settings,
    dates::{iso_date, unix_now},
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, multi_line, path_id},
    mail::outbox::Outbox,
    vocabulary,
};

pub const RESPONDED: &str = "Thank you. Your response has been sent to the moderators.";
pub const TOO_LATE: &str = "The time to respond has passed.";
pub const ALREADY: &str = "You have already responded.";
const RESPONSE_LIMIT: usize = 5000;

fn parts() -> utoipa::openapi::Object {
    vocabulary::schema::<Part>(false)
}

/// A complaint its author was asked to respond to: what is said, by when, and their answer.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AskedComplaint {
    #[serde(rename = "_id")]
    id: Id,
    reference: String,
    #[schema(schema_with = parts)]
    part: Part,
    review_title: Option<String>,
    course_name: Option<String>,
    provider_name: Option<String>,
    words: String,
    imputations: String,
    harm: String,
    /// ISO 8601, UTC.
    response_due_at: String,
    response: Option<String>,
    responded_at: Option<String>,
    /// Whether a response can still be sent.
    can_respond: bool,
}

fn asked_view(complaint: Complaint, now: i64) -> AskedComplaint {
    let due = complaint.response_due_at.unwrap_or_default();
    AskedComplaint {
        id: Id(complaint.id),
        reference: reference(complaint.id),
        part: complaint.part,
        review_title: complaint.review_title,
        course_name: complaint.course_name,
        provider_name: complaint.provider_name,
        words: complaint.words,
        imputations: complaint.imputations,
        harm: complaint.harm,
        response_due_at: iso_date(due),
        can_respond: complaint.response.is_none() && complaint.status == Status::Open && now < due,
        response: complaint.response,
        responded_at: complaint.responded_at.map(iso_date),
    }
}

/// The legal complaints the caller was asked to respond to, the latest first.
#[utoipa::path(get, path = "/complaints/mine", tag = "complaints", security(("session" = [])), responses(
    (status = 200, body = [AskedComplaint]), (status = 401, body = [ErrorItem])))]
pub async fn mine(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
) -> AppResult<Json<Vec<AskedComplaint>>> {
    let now = unix_now();
    let list = db.read(move |conn| store::asked_of(conn, user.id)).await?;
    Ok(Json(list.into_iter().map(|c| asked_view(c, now)).collect()))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ResponseBody {
    /// The author's side (at most 5000 characters).
    #[schema(required = true, max_length = 5000)]
    text: String,
}

#[derive(Serialize, ToSchema)]
pub struct Responded {
    msg: &'static str,
}

/// The author's response to a complaint they were asked about, once, before the period ends.
/// The complainant is told that the author responded, not what or who.
#[utoipa::path(post, path = "/complaints/{_id}/response", tag = "complaints", security(("session" = [])),
    params(("_id" = String, Path, description = "The complaint's id")), request_body = ResponseBody, responses(
    (status = 200, body = Responded), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn respond(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ResponseBody>,
) -> AppResult<Json<Responded>> {
    let id = path_id(&id, NOT_FOUND)?;
    let text = multi_line(&body.text).trim().to_owned();
    if text.is_empty() {
        return Err(AppError::invalid(Some("text"), "Your response is required"));
    }
    if text.chars().count() > RESPONSE_LIMIT {
        return Err(AppError::invalid(
            Some("text"),
            format!("Your response must not be longer than {RESPONSE_LIMIT} characters"),
        ));
    }
    db.write(move |tx| -> AppResult<()> {
        // Someone else's complaint, or one nobody asked them about, is not there for them.
        let complaint = store::one(tx, id)?
            .filter(|c| c.author.as_ref().is_some_and(|a| a.id == user.id))
            .filter(|c| c.response_due_at.is_some())
            .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
        if complaint.response.is_some() {
            return Err(AppError::Conflict(ErrorItem::new(ALREADY)));
        }
        let due = complaint.response_due_at.unwrap_or_default();
        if complaint.status != Status::Open || unix_now() >= due {
            return Err(AppError::Conflict(ErrorItem::new(TOO_LATE)));
        }
        store::respond(tx, id, &text)?;
        store::add_step(tx, id, StepKind::AuthorResponded, None, Some(user.id))?;
        mails::tell_complainant(
            tx,
            &settings,
            &complaint,
            &format!(
                "The author responded on {}. We will now decide, and mail you the outcome.",
                long_date(unix_now())
            ),
        )?;
        Ok(())
    })
    .await?;
    outbox.wake();
    Ok(Json(Responded { msg: RESPONDED }))
}
