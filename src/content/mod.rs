//! Static content that admins manage (the promotion strip): `GET /api/admin/staticcontent/
//! {contentName}` for every visitor, `POST /api/admin/staticcontent` for admins.

mod store;
pub mod strip;

use axum::{
    Json,
    extract::{Path, State},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    admin::UPDATED,
    auth::AdminUser,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    state::AppState,
};
use strip::StripContent;

/// The one content name there is.
pub const PROMOTION_STRIP: &str = "promotion-strip";
pub const CONTENT_NOT_FOUND: &str = "Content not found";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_content))
        .routes(routes!(update_content))
}

#[derive(Serialize, ToSchema)]
pub struct Content {
    content: StripContent,
}

/// The strip as `GET /api/admin/staticcontent/promotion-strip` answers it, for the pages that
/// embed it in their first data.
pub fn promotion_strip(conn: &rusqlite::Connection) -> Result<Content, AppError> {
    Ok(Content {
        content: store::promotion_strip(conn)?,
    })
}

/// The named content; before an admin saves the strip, it is off and empty.
#[utoipa::path(get, path = "/admin/staticcontent/{contentName}", tag = "content",
    params(("contentName" = String, Path, description = "'promotion-strip'")), responses(
    (status = 200, body = Content), (status = 404, body = [ErrorItem])))]
pub async fn get_content(
    State(db): State<Db>,
    Path(name): Path<String>,
) -> AppResult<Json<Content>> {
    if name != PROMOTION_STRIP {
        return Err(AppError::NotFound(CONTENT_NOT_FOUND.into()));
    }
    Ok(Json(db.read(promotion_strip).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct ContentUpdate {
    /// 'promotion-strip'
    #[serde(rename = "for", default)]
    name: String,
    #[serde(default)]
    content: StripContent,
}

#[derive(Serialize, ToSchema)]
pub struct StoredContent {
    #[serde(rename = "for")]
    name: &'static str,
    content: StripContent,
}

#[derive(Serialize, ToSchema)]
pub struct ContentUpdated {
    /// 'Details updated successfully'
    msg: &'static str,
    obj: StoredContent,
}

/// Saves the promotion strip (sanitised and checked); answers what was stored.
#[utoipa::path(post, path = "/admin/staticcontent", tag = "content", security(("session" = [])),
    request_body = ContentUpdate, responses(
    (status = 200, body = [ContentUpdated]), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn update_content(
    State(db): State<Db>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<ContentUpdate>,
) -> AppResult<Json<Vec<ContentUpdated>>> {
    if body.name != PROMOTION_STRIP {
        return Err(AppError::NotFound(CONTENT_NOT_FOUND.into()));
    }
    let content = body.content.checked().map_err(AppError::Validation)?;
    let stored = content.clone();
    db.write(move |tx| store::save_promotion_strip(tx, &stored, admin.id))
        .await?;
    Ok(Json(vec![ContentUpdated {
        msg: UPDATED,
        obj: StoredContent {
            name: PROMOTION_STRIP,
            content,
        },
    }]))
}
