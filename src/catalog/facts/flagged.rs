//! The admins' list of flagged course pages: offerings whose course web page is not on the
//! provider's website domain (flagged when saved or imported). An admin opens the page, then
//! clears the flag when it is the provider's own, or corrects the provider's course details.
//! A cleared flag stays cleared while the address stays the same (`rules::course_url_flagged`).

use axum::{
    Json,
    extract::{Path, State},
};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use super::{
    model::{FactSource, FlaggedCoursePage},
    rules::OFFERING_NOT_FOUND,
    store,
};
use crate::{
    auth::AdminUser,
    db::Db,
    error::{AppError, AppResult, ErrorItem},
    fields::path_id,
};

/// How many flagged pages one call answers, newest change first.
const FLAGGED_LIMIT: i64 = 200;

pub const NOT_FLAGGED: &str = "This course page is not flagged";
pub const FLAG_CLEARED: &str = "Course page flag cleared";

/// The offerings whose course web page is flagged, newest change first (at most 200).
#[utoipa::path(get, path = "/admin/flagged-course-pages", tag = "offering facts", security(("session" = [])), responses(
    (status = 200, body = [FlaggedCoursePage]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn list(
    State(db): State<Db>,
    _admin: AdminUser,
) -> AppResult<Json<Vec<FlaggedCoursePage>>> {
    Ok(Json(
        db.read(|conn| store::flagged_course_pages(conn, FLAGGED_LIMIT))
            .await?,
    ))
}

#[derive(Serialize, ToSchema)]
pub struct Cleared {
    msg: &'static str,
}

/// Clears the flag of an offering's course web page (an admin checked it is the provider's
/// own); the history keeps who cleared it and when. 404 when the offering's page is not flagged.
#[utoipa::path(delete, path = "/admin/flagged-course-pages/{_id}", tag = "offering facts", security(("session" = [])),
    params(("_id" = String, Path, description = "The offering's id")), responses(
    (status = 200, body = Cleared), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]),
    (status = 404, body = [ErrorItem])))]
pub async fn clear(
    State(db): State<Db>,
    AdminUser(admin): AdminUser,
    Path(id): Path<String>,
) -> AppResult<Json<Cleared>> {
    let offering = path_id(&id, OFFERING_NOT_FOUND)?;
    db.write(move |tx| {
        let (provider, url) = store::clear_course_url_flag(tx, offering)?
            .ok_or_else(|| AppError::NotFound(NOT_FLAGGED.into()))?;
        store::insert_history(
            tx,
            provider,
            Some(offering),
            None,
            FactSource::Admin,
            Some(admin.id),
            Some(&json!({ "courseUrl": url, "courseUrlFlagged": true })),
            Some(&json!({ "courseUrl": url, "courseUrlFlagged": false })),
        )?;
        Ok::<_, AppError>(())
    })
    .await?;
    Ok(Json(Cleared { msg: FLAG_CLEARED }))
}
