//! The admin's Mail page: the outbox by state (never a body), a test mail through the
//! configured transport, and 'Retry now' for a mail that is waiting or failed. Admins only.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
    http::{HeaderName, HeaderValue},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    sender::{test_letter, unix_now},
    store::{self, ListedMail, MailState},
};
use crate::{
    auth::AdminUser,
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{is_valid_email, normalise_email},
    mail::outbox::Outbox,
    vocabulary::{self, Vocabulary},
};

static TOTAL_COUNT: HeaderName = HeaderName::from_static("x-total-count");
/// Mails per page of the list.
pub const PAGE_SIZE: i64 = 20;
pub const TEST_QUEUED: &str = "Test email queued: it is listed below as it goes out";
pub const RETRY_QUEUED: &str = "The mail will be sent again now";
pub const NO_SUCH_MAIL: &str = "There is no such mail waiting or failed";

#[derive(Deserialize, IntoParams, Default)]
#[serde(default)]
pub struct MailQuery {
    /// 'waiting', 'sent' or 'failed'; all when left out, empty or 'all'.
    #[param(schema_with = mail_states)]
    state: Option<String>,
    /// 1-based, default 1 (a lower one is the first page).
    #[param(minimum = -9223372036854775808_i64, maximum = 9223372036854775807_i64)]
    page: Option<i64>,
}

fn mail_states() -> utoipa::openapi::Object {
    let every = ["", "all"].into_iter();
    crate::contract::one_of(&every.chain(MailState::names()).collect::<Vec<_>>(), false)
}

/// One page (20) of the outbox, newest first; `X-Total-Count` says how many match.
#[utoipa::path(get, path = "/admin/mail", operation_id = "mail_list", tag = "mail", security(("session" = [])), params(MailQuery), responses(
    (status = 200, body = [ListedMail], headers(("X-Total-Count" = i64, description = "How many mails match"))),
    (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn list(
    State(db): State<Db>,
    _admin: AdminUser,
    Query(query): Query<MailQuery>,
) -> AppResult<([(HeaderName, HeaderValue); 1], Json<Vec<ListedMail>>)> {
    let filter = match query.state.as_deref() {
        None | Some("") | Some("all") => None,
        Some(text) => Some(vocabulary::parse_word::<MailState>(text, "state")?),
    };
    let page = query.page.unwrap_or(1).max(1);
    let (mails, total) = db
        .read(move |conn| {
            store::list(
                conn,
                filter,
                PAGE_SIZE,
                (page - 1).saturating_mul(PAGE_SIZE),
            )
        })
        .await?;
    Ok((
        [(TOTAL_COUNT.clone(), HeaderValue::from(total))],
        Json(mails),
    ))
}

/// How many mails were given up (the admin menu's badge beside 'Mail').
#[utoipa::path(get, path = "/admin/mail/failed-count", tag = "mail", security(("session" = [])), responses(
    (status = 200, body = i64, content_type = "application/json"), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn failed_count(State(db): State<Db>, _admin: AdminUser) -> AppResult<Json<i64>> {
    Ok(Json(db.read(store::count_failed).await?))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct TestMail {
    /// Where to send the test mail.
    email: String,
}

#[derive(Serialize, ToSchema)]
pub struct Queued {
    msg: &'static str,
}

/// Queues a test mail to `email` through the configured transport (it then appears in the list).
#[utoipa::path(post, path = "/admin/mail/test", tag = "mail", security(("session" = [])), request_body = TestMail, responses(
    (status = 200, body = Queued), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn send_test(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    _admin: AdminUser,
    ApiJson(body): ApiJson<TestMail>,
) -> AppResult<Json<Queued>> {
    let email = normalise_email(&body.email);
    if email.is_empty() {
        return Err(AppError::invalid(Some("email"), "Email is required"));
    }
    if !is_valid_email(&email) {
        return Err(AppError::invalid(Some("email"), "Email is invalid"));
    }
    let settings = settings.clone();
    db.write(move |tx| {
        test_letter(&email, &settings.site_name, settings.public_url())
            .queue(tx, &settings.site_name)
    })
    .await?;
    outbox.wake();
    Ok(Json(Queued { msg: TEST_QUEUED }))
}

/// Sends a waiting or failed mail again now.
#[utoipa::path(post, path = "/admin/mail/{id}/retry", tag = "mail", security(("session" = [])), params(("id" = String, Path, description = "The mail's id")), responses(
    (status = 200, body = Queued), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn retry(
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    _admin: AdminUser,
    Path(id): Path<String>,
) -> AppResult<Json<Queued>> {
    let id = crate::fields::path_id(&id, NO_SUCH_MAIL)?;
    let now = unix_now();
    if !db.write(move |tx| store::retry(tx, id, now)).await? {
        return Err(AppError::NotFound(NO_SUCH_MAIL.into()));
    }
    outbox.wake();
    Ok(Json(Queued { msg: RETRY_QUEUED }))
}
