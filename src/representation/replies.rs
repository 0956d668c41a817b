//! A representative's reply to a review: post, edit and remove it; an admin may remove any.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    model::Reply,
    reply_rules::{self, REVIEW_NOT_FOUND},
};
use crate::{
    auth::AuthUser,
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    mail::outbox::Outbox,
    reviews::profanity::is_profane,
};

/// A reply's longest text, in characters.
pub const REPLY_MAX: usize = 1000;
pub const REPLY_REQUIRED: &str = "Reply is required";
pub const REPLY_TOO_LONG: &str = "Reply must not be longer than 1000 characters";
pub const REPLY_PROFANE: &str = "Profanity in reply is not allowed";
pub const REPLY_REMOVED: &str = "Reply removed";

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ReplyBody {
    /// Plain text, at most 1,000 characters, no profanity.
    #[schema(required = true, schema_with = reply_text)]
    text: String,
}

fn reply_text() -> utoipa::openapi::Object {
    crate::contract::not_blank_within(REPLY_MAX)
}

impl ReplyBody {
    fn check(self) -> AppResult<String> {
        let text = self.text.trim().to_owned();
        if text.is_empty() {
            return Err(AppError::invalid(Some("text"), REPLY_REQUIRED));
        }
        if text.chars().count() > REPLY_MAX {
            return Err(AppError::invalid(Some("text"), REPLY_TOO_LONG));
        }
        if is_profane(&text) {
            return Err(AppError::invalid(Some("text"), REPLY_PROFANE));
        }
        Ok(text)
    }
}

fn review_id(id: &str) -> AppResult<i64> {
    crate::fields::path_id(id, REVIEW_NOT_FOUND)
}

/// Posts the provider's one reply to an approved review of the provider the caller represents;
/// the reviewer is notified and mailed.
#[utoipa::path(post, path = "/reviews/{_id}/reply", tag = "representation", security(("session" = [])),
    params(("_id" = String, Path, description = "The review's id")), request_body = ReplyBody, responses(
    (status = 201, body = Reply), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn post(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReplyBody>,
) -> AppResult<(StatusCode, Json<Reply>)> {
    let review = review_id(&id)?;
    let text = body.check()?;
    let settings = settings.clone();
    let reply = db
        .write(move |tx| reply_rules::post(tx, &settings, review, user.id, &text))
        .await?;
    outbox.wake();
    Ok((StatusCode::CREATED, Json(reply)))
}

/// Changes the text of a reply of the provider the caller represents; the reviewer is told.
#[utoipa::path(put, path = "/reviews/{_id}/reply", tag = "representation", security(("session" = [])),
    params(("_id" = String, Path, description = "The review's id")), request_body = ReplyBody, responses(
    (status = 200, body = Reply), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn edit(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReplyBody>,
) -> AppResult<Json<Reply>> {
    let review = review_id(&id)?;
    let text = body.check()?;
    let reply = db
        .write(move |tx| reply_rules::edit(tx, &settings, review, user.id, &text))
        .await?;
    outbox.wake();
    Ok(Json(reply))
}

#[derive(Serialize, ToSchema)]
pub struct Removed {
    msg: &'static str,
}

/// Removes a reply: one of the provider the caller represents, or any reply for an admin.
#[utoipa::path(delete, path = "/reviews/{_id}/reply", tag = "representation", security(("session" = [])),
    params(("_id" = String, Path, description = "The review's id")), responses(
    (status = 200, body = Removed), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]),
    (status = 404, body = [ErrorItem])))]
pub async fn remove(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<Removed>> {
    let review = review_id(&id)?;
    db.write(move |tx| reply_rules::remove(tx, review, &user))
        .await?;
    Ok(Json(Removed { msg: REPLY_REMOVED }))
}
