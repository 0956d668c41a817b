//! The caller's notifications (review outcomes): a paged list, the unread count that the
//! header and the profile menu show, and marking them read when the list is opened.

use axum::{
    Json,
    extract::{Query, State},
    http::{HeaderName, HeaderValue},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::notifications_store::{self as store, Notification};
use crate::{
    auth::AuthUser,
    db::Db,
    error::{AppResult, ErrorItem},
};

static TOTAL_COUNT: HeaderName = HeaderName::from_static("x-total-count");
/// Notifications per page.
pub const PAGE_SIZE: i64 = 20;

#[derive(Deserialize, IntoParams, Default)]
#[serde(default)]
pub struct NotificationsQuery {
    /// 1-based, default 1 (a lower one is the first page).
    #[param(minimum = -9223372036854775808_i64, maximum = 9223372036854775807_i64)]
    page: Option<i64>,
}

/// One page (20) of the caller's notifications, newest first; `X-Total-Count` says how many.
#[utoipa::path(get, path = "/notifications", operation_id = "notifications", tag = "profile", security(("session" = [])), params(NotificationsQuery), responses(
    (status = 200, body = [Notification], headers(("X-Total-Count" = i64, description = "How many notifications there are"))),
    (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem])))]
pub async fn list(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Query(query): Query<NotificationsQuery>,
) -> AppResult<([(HeaderName, HeaderValue); 1], Json<Vec<Notification>>)> {
    let page = query.page.unwrap_or(1).clamp(1, i64::MAX / PAGE_SIZE);
    let (list, total) = db
        .read(move |conn| store::notifications(conn, user.id, PAGE_SIZE, (page - 1) * PAGE_SIZE))
        .await?;
    Ok((
        [(TOTAL_COUNT.clone(), HeaderValue::from(total))],
        Json(list),
    ))
}

/// How many of the caller's notifications are unread.
#[utoipa::path(get, path = "/notifications/unread-count", tag = "profile", security(("session" = [])), responses(
    (status = 200, body = i64, content_type = "application/json"), (status = 401, body = [ErrorItem])))]
pub async fn unread_count(State(db): State<Db>, AuthUser(user): AuthUser) -> AppResult<Json<i64>> {
    Ok(Json(
        db.read(move |conn| store::unread_notifications(conn, user.id))
            .await?,
    ))
}

#[derive(Serialize, ToSchema)]
pub struct Unread {
    /// Always 0 after marking.
    unread: i64,
}

/// Marks every notification of the caller read (the list page was opened).
#[utoipa::path(post, path = "/notifications/read", tag = "profile", security(("session" = [])), responses(
    (status = 200, body = Unread), (status = 401, body = [ErrorItem])))]
pub async fn mark_read(State(db): State<Db>, AuthUser(user): AuthUser) -> AppResult<Json<Unread>> {
    db.write(move |tx| store::mark_notifications_read(tx, user.id))
        .await?;
    Ok(Json(Unread { unread: 0 }))
}
