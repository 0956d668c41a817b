//! Favourite course-provider pairs: `/api/favourites/getfavourites` and
//! `/api/addorremovefavourite`.

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    favourites_store::{self, Favourite},
    follows_store,
};
use crate::{
    auth::AuthUser,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, required},
    reviews,
    vocabulary::{self, vocabulary},
};

pub const ADDED: &str = "Added to favourites";
pub const REMOVED: &str = "Removed from favourites";
const NOT_OFFERED: &str = "This provider does not offer this course.";

/// The caller's favourites, newest first.
#[utoipa::path(post, path = "/favourites/getfavourites", operation_id = "favourites", tag = "favourites", security(("session" = [])), responses(
    (status = 200, body = [Favourite]), (status = 401, body = [ErrorItem])))]
pub async fn list(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
) -> AppResult<Json<Vec<Favourite>>> {
    let favourites = db
        .read(move |conn| favourites_store::of_user(conn, user.id))
        .await?;
    Ok(Json(favourites))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct FavouriteChange {
    /// 'add' or 'remove'.
    #[schema(required = true, schema_with = actions)]
    action: String,
    user_id: Option<Id>,
    #[schema(required = true, nullable = false)]
    course_id: Option<Id>,
    #[schema(required = true, nullable = false)]
    provider_id: Option<Id>,
}

vocabulary! {
    /// What a favourite call does.
    enum FavouriteAction {
        Add = "add",
        Remove = "remove",
    }
}

fn actions() -> utoipa::openapi::Object {
    vocabulary::schema::<FavouriteAction>(false)
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
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<FavouriteChange>,
) -> AppResult<Json<FavouriteAnswer>> {
    user.ensure_own(body.user_id)?;
    let action: FavouriteAction = vocabulary::parse_word(&body.action, "action")?;
    let adding = action == FavouriteAction::Add;
    let Id(course) = required(body.course_id, "courseId")?;
    let Id(provider) = required(body.provider_id, "providerId")?;
    // A favourite follows its pair; the pair's Follow control stops that (DESIGN decision 26).
    let pair = follows_store::Target {
        course_id: Some(course),
        provider_id: Some(provider),
    };
    let has_favourites = db
        .write(move |tx| {
            if adding {
                if !reviews::store::offering_exists(tx, course, provider)? {
                    return Err(AppError::NotFound(NOT_OFFERED.into()));
                }
                favourites_store::add(tx, user.id, course, provider)?;
                follows_store::follow(tx, user.id, pair)?;
            } else {
                favourites_store::remove(tx, user.id, course, provider)?;
                follows_store::unfollow(tx, user.id, pair)?;
            }
            Ok(favourites_store::has_any(tx, user.id)?)
        })
        .await?;
    Ok(Json(FavouriteAnswer {
        msg: if adding { ADDED } else { REMOVED },
        has_favourites,
    }))
}
