//! Following a course-provider pair, a provider or a course: `GET /api/follows` lists what the
//! caller follows (with the provider a representative follows automatically), `POST
//! /api/follows` follows or stops following one thing. A favourite follows its pair
//! (`favourites.rs`).

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::follows_store::{self as store, Follow, Target};
use crate::{
    auth::AuthUser,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::Id,
    reviews,
    vocabulary::{self, vocabulary},
};

pub const FOLLOWED: &str = "Following";
pub const UNFOLLOWED: &str = "No longer following";
pub const NOTHING_NAMED: &str = "Name a course, a provider, or both.";
pub const NOT_FOUND: &str = "There is no such course or provider.";
pub const NOT_OFFERED: &str = "This provider does not offer this course.";

/// Everything the caller follows: the provider they represent first, then newest first.
#[utoipa::path(get, path = "/follows", operation_id = "follows", tag = "follows", security(("session" = [])), responses(
    (status = 200, body = [Follow]), (status = 401, body = [ErrorItem])))]
pub async fn list(State(db): State<Db>, AuthUser(user): AuthUser) -> AppResult<Json<Vec<Follow>>> {
    Ok(Json(
        db.read(move |conn| store::of_user(conn, user.id)).await?,
    ))
}

vocabulary! {
    /// What a follow call does.
    pub enum FollowAction {
        Follow = "follow",
        Unfollow = "unfollow",
    }
}

fn actions() -> utoipa::openapi::Object {
    vocabulary::schema::<FollowAction>(false)
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct FollowChange {
    /// 'follow' or 'unfollow'.
    #[schema(required = true, schema_with = actions)]
    action: String,
    /// The caller's own id, when given.
    user_id: Option<Id>,
    /// The course, alone or with the provider (a pair).
    course_id: Option<Id>,
    /// The provider, alone or with the course (a pair).
    provider_id: Option<Id>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowAnswer {
    msg: &'static str,
    following: bool,
}

/// Follows or stops following a course-provider pair (both ids), a provider or a course; doing
/// it twice is the same as once.
#[utoipa::path(post, path = "/follows", tag = "follows", security(("session" = [])), request_body = FollowChange, responses(
    (status = 200, body = FollowAnswer), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn change(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<FollowChange>,
) -> AppResult<Json<FollowAnswer>> {
    user.ensure_own(body.user_id)?;
    let action: FollowAction = vocabulary::parse_word(&body.action, "action")?;
    let target = Target {
        course_id: body.course_id.map(|Id(id)| id),
        provider_id: body.provider_id.map(|Id(id)| id),
    };
    if target.course_id.is_none() && target.provider_id.is_none() {
        return Err(AppError::invalid(Some("courseId"), NOTHING_NAMED));
    }
    let following = action == FollowAction::Follow;
    db.write(move |tx| {
        if following {
            ensure_followable(tx, target)?;
            store::follow(tx, user.id, target)?;
        } else {
            store::unfollow(tx, user.id, target)?;
        }
        Ok::<_, AppError>(())
    })
    .await?;
    Ok(Json(FollowAnswer {
        msg: if following { FOLLOWED } else { UNFOLLOWED },
        following,
    }))
}

/// 404 unless the course and the provider exist and, named together, the provider offers the
/// course.
pub fn ensure_followable(conn: &rusqlite::Connection, target: Target) -> AppResult<()> {
    if !store::target_exists(conn, target)? {
        return Err(AppError::NotFound(NOT_FOUND.into()));
    }
    if let (Some(course), Some(provider)) = (target.course_id, target.provider_id)
        && !reviews::store::offering_exists(conn, course, provider)?
    {
        return Err(AppError::NotFound(NOT_OFFERED.into()));
    }
    Ok(())
}
