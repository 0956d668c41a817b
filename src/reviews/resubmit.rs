//! `POST /api/review/resubmit`: the author of a review that was not published edits it and
//! sends it back to the moderators (what the refusal's notification, mail and
//! `/profile/reviews` offer, DESIGN decision 19).

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::rules;
use std::sync::Arc;

use crate::{
    auth::AuthUser,
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, required},
    moderation::signals,
};

pub const RESUBMITTED: &str =
    "Thank you! Your review is back with our moderators. You'll be notified when it is live.";

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct Resubmission {
    /// The review's id: one of the caller's, not published.
    #[schema(required = true, nullable = false)]
    id: Option<Id>,
    /// The edited title (the submission's rules).
    #[schema(required = true, schema_with = title)]
    title: Option<String>,
    /// The edited comment (the submission's rules).
    #[schema(required = true, schema_with = comment)]
    comment: Option<String>,
    /// Whether the reviewer received payment, a gift or a discount for the review.
    #[schema(required = true, nullable = false)]
    incentivised: Option<bool>,
}

fn title() -> utoipa::openapi::Object {
    crate::contract::not_blank_within(rules::TITLE_MAX)
}

fn comment() -> utoipa::openapi::Object {
    crate::contract::not_blank_within(rules::COMMENT_MAX)
}

#[derive(Serialize, ToSchema)]
pub struct Resubmitted {
    #[serde(rename = "_id")]
    id: String,
    /// Always 'unactioned': it waits for a moderator again.
    status: &'static str,
    msg: &'static str,
}

/// Edits one of the caller's refused reviews and sends it back to the moderation queue.
#[utoipa::path(post, path = "/review/resubmit", tag = "reviews", security(("session" = [])), request_body = Resubmission, responses(
    (status = 200, body = Resubmitted), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn resubmit(
    State(db): State<Db>,
    State(settings): State<Arc<Settings>>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<Resubmission>,
) -> AppResult<Json<Resubmitted>> {
    let Id(id) = required(body.id, "id")?;
    let (title, comment, incentivised) = rules::check_edit(
        body.title.as_deref(),
        body.comment.as_deref(),
        body.incentivised,
    )
    .map_err(AppError::Validation)?;
    // The moderators see whether the edited text is a near-duplicate (compared before the write).
    let duplicate = {
        let text = (title.clone(), comment.clone());
        db.read(move |conn| {
            signals::closest_for_review(conn, &settings.signals, id, (&text.0, &text.1))
        })
        .await?
    };
    db.write(move |tx| {
        rules::resubmit(tx, user.id, id, (&title, &comment, incentivised))?;
        signals::recheck_text(tx, id, duplicate)
    })
    .await?;
    Ok(Json(Resubmitted {
        id: id.to_string(),
        status: "unactioned",
        msg: RESUBMITTED,
    }))
}
