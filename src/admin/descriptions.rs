//! Edit Content: an admin rewrites an industry's, a career's or a course's description
//! (`POST /api/updateindustry`, `/api/updatecareer`, `/api/updatecourse`). Career copy is
//! HTML, sanitised before it is stored; its limit counts the visible text, not the tags.

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::{self, Described};
use crate::{
    auth::AdminUser,
    catalog::{
        model::ContentItem,
        text::{plain_text, sanitize_html},
    },
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, required},
};

/// The spec's success message for every admin update.
pub const UPDATED: &str = "Details updated successfully";
pub const DESCRIPTION_REQUIRED: &str = "Description is required";
pub const DESCRIPTION_TOO_LONG: &str = "Description must not be longer than 300 characters";
/// Longest description, in characters of visible text.
pub const DESCRIPTION_MAX: usize = 300;

#[derive(Deserialize, ToSchema)]
pub struct DescriptionUpdate {
    /// Required: a missing id is a 400 'id is required'.
    #[schema(required = true)]
    id: Option<Id>,
    /// Plain text for an industry or a course, HTML for a career.
    #[serde(default)]
    description: String,
}

#[derive(Serialize, ToSchema)]
pub struct Updated {
    /// 'Details updated successfully'
    msg: &'static str,
    /// The item as stored.
    obj: ContentItem,
}

/// Changes an industry's description (plain text, at most 300 characters).
#[utoipa::path(post, path = "/updateindustry", tag = "admin", security(("session" = [])), request_body = DescriptionUpdate, responses(
    (status = 200, body = [Updated]), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn industry(
    state: State<Db>,
    admin: AdminUser,
    body: ApiJson<DescriptionUpdate>,
) -> AppResult<Json<Vec<Updated>>> {
    update(state, admin, body, Described::Industry).await
}

/// Changes a career's copy (HTML, sanitised; at most 300 characters of visible text).
#[utoipa::path(post, path = "/updatecareer", tag = "admin", security(("session" = [])), request_body = DescriptionUpdate, responses(
    (status = 200, body = [Updated]), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn career(
    state: State<Db>,
    admin: AdminUser,
    body: ApiJson<DescriptionUpdate>,
) -> AppResult<Json<Vec<Updated>>> {
    update(state, admin, body, Described::Career).await
}

/// Changes a course's description (plain text, at most 300 characters).
#[utoipa::path(post, path = "/updatecourse", tag = "admin", security(("session" = [])), request_body = DescriptionUpdate, responses(
    (status = 200, body = [Updated]), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn course(
    state: State<Db>,
    admin: AdminUser,
    body: ApiJson<DescriptionUpdate>,
) -> AppResult<Json<Vec<Updated>>> {
    update(state, admin, body, Described::Course).await
}

async fn update(
    State(db): State<Db>,
    _admin: AdminUser,
    ApiJson(body): ApiJson<DescriptionUpdate>,
    kind: Described,
) -> AppResult<Json<Vec<Updated>>> {
    let Id(id) = required(body.id, "id")?;
    let description = checked_description(kind, &body.description)?;
    let item = db
        .write(move |tx| store::update_description(tx, kind, id, &description))
        .await?
        .ok_or_else(|| AppError::NotFound(not_found(kind).into()))?;
    Ok(Json(vec![Updated {
        msg: UPDATED,
        obj: item,
    }]))
}

/// The description to store: trimmed text, or sanitised HTML for a career.
fn checked_description(kind: Described, description: &str) -> AppResult<String> {
    let (stored, text) = match kind {
        Described::Career => {
            let html = sanitize_html(description);
            let text = plain_text(&html);
            (html, text)
        }
        Described::Industry | Described::Course => {
            let text = description.trim().to_owned();
            (text.clone(), text)
        }
    };
    let length = text.trim().chars().count();
    if length == 0 {
        Err(AppError::invalid(Some("description"), DESCRIPTION_REQUIRED))
    } else if length > DESCRIPTION_MAX {
        Err(AppError::invalid(Some("description"), DESCRIPTION_TOO_LONG))
    } else {
        Ok(stored)
    }
}

fn not_found(kind: Described) -> &'static str {
    match kind {
        Described::Industry => "Industry not found",
        Described::Career => "Career not found",
        Described::Course => "Course not found",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn career_limits_count_visible_text_and_keep_safe_html() {
        let long_in_tags = format!("<p><strong>{}</strong></p>", "a".repeat(300));
        assert_eq!(
            checked_description(Described::Career, &long_in_tags).unwrap(),
            long_in_tags
        );
        let too_long = format!("<p>{}</p>", "a".repeat(301));
        assert!(checked_description(Described::Career, &too_long).is_err());
        assert!(checked_description(Described::Career, "<p> <br></p>").is_err());
        assert_eq!(
            checked_description(
                Described::Career,
                "<p onclick=\"x()\">Hi<script>x()</script></p>"
            )
            .unwrap(),
            "<p>Hi</p>"
        );
        assert_eq!(
            checked_description(Described::Course, "  Cook  ").unwrap(),
            "Cook"
        );
    }
}
