//! Search Users: find an account by its email (`POST /api/admin/searchuser`) and delete it
//! with everything that hangs off it (`DELETE /api/admin/user/{_id}`, DESIGN decision 12).

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::{self, FoundUser};
use crate::{
    accounts::{self},
    auth::AdminUser,
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{is_valid_email, normalise_email},
};

pub const NO_SUCH_EMAIL: &str = "No user found with that email";
pub const USER_NOT_FOUND: &str = "User not found";
pub const USER_DELETED: &str = "User deleted successfully";
pub const NOT_YOURSELF: &str =
    "You cannot delete your own account here. Use Delete account on your profile.";

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserSearch {
    /// The user's email, any case.
    #[serde(default)]
    #[schema(required = true, schema_with = crate::contract::not_blank)]
    search_text: String,
}

#[derive(Serialize, ToSchema)]
pub struct Message {
    msg: &'static str,
}

/// The account with this email.
#[utoipa::path(post, path = "/admin/searchuser", tag = "admin", security(("session" = [])), request_body = UserSearch, responses(
    (status = 200, body = FoundUser), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn search(
    State(db): State<Db>,
    _admin: AdminUser,
    ApiJson(body): ApiJson<UserSearch>,
) -> AppResult<Json<FoundUser>> {
    let email = normalise_email(&body.search_text);
    if email.is_empty() {
        return Err(AppError::invalid(Some("searchText"), "Email is required"));
    }
    if !is_valid_email(&email) {
        return Err(AppError::invalid(Some("searchText"), "Email is invalid"));
    }
    let user = db
        .read(move |conn| store::user_by_email(conn, &email))
        .await?;
    user.map(Json)
        .ok_or_else(|| AppError::NotFound(NO_SUCH_EMAIL.into()))
}

/// Deletes an account, its favourites, votes, tokens, notifications, reviews and picture in
/// one transaction, keeping every counter exact. Never the caller's own, never the last admin.
#[utoipa::path(delete, path = "/admin/user/{_id}", operation_id = "delete_user", tag = "admin", security(("session" = [])),
    params(("_id" = String, Path, description = "The user's id")), responses(
    (status = 200, body = [Message]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]),
    (status = 404, body = [ErrorItem])))]
pub async fn delete(
    State(db): State<Db>,
    State(settings): State<Arc<Settings>>,
    AdminUser(admin): AdminUser,
    Path(id): Path<String>,
) -> AppResult<Json<Vec<Message>>> {
    let id = crate::fields::path_id(&id, USER_NOT_FOUND)?;
    if id == admin.id {
        return Err(AppError::Forbidden(NOT_YOURSELF.into()));
    }
    let deleted = db
        .write(move |tx| {
            if !store::user_exists(tx, id)? {
                return Err(AppError::NotFound(USER_NOT_FOUND.into()));
            }
            accounts::store::delete_user(tx, id)
        })
        .await?;
    accounts::forget_files(&settings.data_dir, deleted).await;
    Ok(Json(vec![Message { msg: USER_DELETED }]))
}
