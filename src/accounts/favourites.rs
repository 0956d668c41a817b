//! Favourite course-provider pairs: `/api/favourites/getfavourites` and
//! `/api/addorremovefavourite`; and the caller's notifications.

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::favourites_store;
use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, required},
    reviews,
};

pub const ADDED: &str = "Added to favourites";
pub const REMOVED: &str = "Removed from favourites";
const NOT_OFFERED: &str = "This provider does not offer this course.";

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavouriteCourse {
    #[serde(rename = "_id")]
    pub id: Id,
    pub course_code: String,
    pub name: String,
    pub slug: String,
}

#[derive(Serialize, ToSchema)]
pub struct FavouriteLocation {
    #[serde(rename = "Latitude")]
    pub latitude: Option<f64>,
    #[serde(rename = "Longitude")]
    pub longitude: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct FavouriteProvider {
    #[serde(rename = "_id")]
    pub id: Id,
    pub name: String,
    pub slug: String,
    pub location: FavouriteLocation,
}

/// Average scores out of 5 at this course and provider; null without reviews.
#[derive(Serialize, ToSchema)]
pub struct FavouriteScores {
    pub student: Option<f64>,
    pub employer: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct Favourite {
    pub course: FavouriteCourse,
    pub provider: FavouriteProvider,
    pub scores: FavouriteScores,
}

/// The caller's favourites, newest first.
#[utoipa::path(post, path = "/favourites/getfavourites", tag = "favourites", security(("session" = [])), responses(
    (status = 200, body = [Favourite]), (status = 401, body = [ErrorItem])))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> AppResult<Json<Vec<Favourite>>> {
    let favourites = state
        .db
        .read(move |conn| favourites_store::of_user(conn, user.id))
        .await?;
    Ok(Json(favourites))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct FavouriteChange {
    /// 'add' or 'remove'.
    action: String,
    user_id: Option<Id>,
    course_id: Option<Id>,
    provider_id: Option<Id>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavouriteAnswer {
    msg: &'static str,
    has_favourites: bool,
}

/// Adds or removes a course-provider pair.
#[utoipa::path(post, path = "/addorremovefavourite", tag = "favourites", security(("session" = [])), request_body = FavouriteChange, responses(
    (status = 200, body = FavouriteAnswer), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn add_or_remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<FavouriteChange>,
) -> AppResult<Json<FavouriteAnswer>> {
    user.ensure_own(body.user_id)?;
    let adding = match body.action.as_str() {
        "add" => true,
        "remove" => false,
        _ => {
            return Err(AppError::invalid(
                Some("action"),
                "action must be 'add' or 'remove'",
            ));
        }
    };
    let Id(course) = required(body.course_id, "courseId")?;
    let Id(provider) = required(body.provider_id, "providerId")?;
    let has_favourites = state
        .db
        .write(move |tx| {
            if adding {
                if !reviews::store::offering_exists(tx, course, provider)? {
                    return Err(AppError::NotFound(NOT_OFFERED.into()));
                }
                favourites_store::add(tx, user.id, course, provider)?;
            } else {
                favourites_store::remove(tx, user.id, course, provider)?;
            }
            Ok(favourites_store::has_any(tx, user.id)?)
        })
        .await?;
    Ok(Json(FavouriteAnswer {
        msg: if adding { ADDED } else { REMOVED },
        has_favourites,
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    #[serde(rename = "_id")]
    id: String,
    kind: String,
    message: String,
    read: bool,
    /// Unix seconds.
    created_at: i64,
}

/// The caller's notifications, newest first (review outcomes, from the moderation queue).
#[utoipa::path(get, path = "/notifications", tag = "profile", security(("session" = [])), responses(
    (status = 200, body = [Notification]), (status = 401, body = [ErrorItem])))]
pub async fn notifications(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> AppResult<Json<Vec<Notification>>> {
    let list = state
        .db
        .read(move |conn| -> rusqlite::Result<_> {
            let mut stmt = conn.prepare(
                "SELECT id, kind, message, read_at IS NOT NULL, created_at FROM notifications WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 100",
            )?;
            let rows = stmt.query_map([user.id], |row| {
                Ok(Notification { id: row.get::<_, i64>(0)?.to_string(), kind: row.get(1)?, message: row.get(2)?, read: row.get(3)?, created_at: row.get(4)? })
            })?;
            rows.collect::<Result<Vec<_>, _>>()
        })
        .await?;
    Ok(Json(list))
}
