//! Favourite course-provider pairs: `/api/favourites/getfavourites` and
//! `/api/addorremovefavourite`; and the caller's notifications.

use axum::{Json, extract::State};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    AppState,
    auth::AuthUser,
    catalog::model::average,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, required},
};

pub const ADDED: &str = "Added to favourites";
pub const REMOVED: &str = "Removed from favourites";

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavouriteCourse {
    #[serde(rename = "_id")]
    id: String,
    course_code: String,
    name: String,
    slug: String,
}

#[derive(Serialize, ToSchema)]
pub struct FavouriteLocation {
    #[serde(rename = "Latitude")]
    latitude: Option<f64>,
    #[serde(rename = "Longitude")]
    longitude: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct FavouriteProvider {
    #[serde(rename = "_id")]
    id: String,
    name: String,
    slug: String,
    location: FavouriteLocation,
}

/// Average scores out of 5 at this course and provider; null without reviews.
#[derive(Serialize, ToSchema)]
pub struct FavouriteScores {
    student: Option<f64>,
    employer: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct Favourite {
    course: FavouriteCourse,
    provider: FavouriteProvider,
    scores: FavouriteScores,
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
        .read(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT c.id, c.code, c.name, c.slug, p.id, p.name, p.slug, p.latitude, p.longitude,
                        o.student_review_count, o.student_score_half_sum, o.employer_review_count, o.employer_score_half_sum
                 FROM favourites f
                 JOIN courses c ON c.id = f.course_id JOIN providers p ON p.id = f.provider_id
                 JOIN offerings o ON o.course_id = f.course_id AND o.provider_id = f.provider_id
                 WHERE f.user_id = ?1 ORDER BY f.created_at DESC, c.name",
            )?;
            let rows = stmt.query_map([user.id], |row| {
                Ok(Favourite {
                    course: FavouriteCourse { id: row.get::<_, i64>(0)?.to_string(), course_code: row.get(1)?, name: row.get(2)?, slug: row.get(3)? },
                    provider: FavouriteProvider {
                        id: row.get::<_, i64>(4)?.to_string(),
                        name: row.get(5)?,
                        slug: row.get(6)?,
                        location: FavouriteLocation { latitude: row.get(7)?, longitude: row.get(8)? },
                    },
                    scores: FavouriteScores { student: average(row.get(10)?, row.get(9)?), employer: average(row.get(12)?, row.get(11)?) },
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
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
    if body.user_id.is_some_and(|Id(id)| id != user.id) {
        return Err(AppError::Forbidden(
            "You can only change your own favourites.".into(),
        ));
    }
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
                let offered: Option<i64> = tx
                    .query_row("SELECT id FROM offerings WHERE course_id = ?1 AND provider_id = ?2", [course, provider], |r| r.get(0))
                    .optional()?;
                if offered.is_none() {
                    return Err(AppError::NotFound("This provider does not offer this course.".into()));
                }
                tx.execute("INSERT OR IGNORE INTO favourites (user_id, course_id, provider_id) VALUES (?1, ?2, ?3)", params![user.id, course, provider])?;
            } else {
                tx.execute("DELETE FROM favourites WHERE user_id = ?1 AND course_id = ?2 AND provider_id = ?3", params![user.id, course, provider])?;
            }
            Ok(tx.query_row("SELECT EXISTS (SELECT 1 FROM favourites WHERE user_id = ?1)", [user.id], |r| r.get(0))?)
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
        .read(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT id, kind, message, read_at IS NOT NULL, created_at FROM notifications WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 100",
            )?;
            let rows = stmt.query_map([user.id], |row| {
                Ok(Notification { id: row.get::<_, i64>(0)?.to_string(), kind: row.get(1)?, message: row.get(2)?, read: row.get(3)?, created_at: row.get(4)? })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    Ok(Json(list))
}
