//! Logging in and out, and who is logged in: `POST /api/auth/login`, `POST /api/logout`,
//! `GET /api/userinfo`.

use std::sync::Arc;

use axum::{
    Json,
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::{self, UserInfo};
use crate::{
    auth::{
        AuthUser, MaybeAuthUser, SessionKeys,
        password::{HashQueue, Lane},
    },
    cache::Cached,
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    limits::{self, ClientIp, Limits},
};

/// The message the UI matches to offer a new verification link.
pub const ACCOUNT_UNACTIVATED: &str = "Account unactivated";
pub const WRONG_CREDENTIALS: &str = "Incorrect email or password";

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::contract::not_blank)]
    email: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    password: String,
    #[serde(default)]
    keep_logged_in: bool,
}

#[derive(Serialize, ToSchema)]
struct LoginAnswer {
    token: String,
    #[serde(flatten)]
    user: UserInfo,
}

/// Logs in: answers the token and the user, and sets the browser's session cookie.
#[utoipa::path(post, path = "/auth/login", tag = "accounts", request_body = LoginRequest, responses(
    (status = 200, body = LoginAnswer),
    (status = 400, description = "Email or password missing", body = [ErrorItem]),
    (status = 401, description = "Incorrect email or password", body = [ErrorItem]),
    (status = 403, description = "Account unactivated", body = [ErrorItem]),
    (status = 429, description = "Too many attempts from this address, or failures on this account from an address it never logged in from", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
    (status = 503, description = "Password checking is saturated", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
))]
pub async fn login(
    State(limits): State<Arc<Limits>>,
    State(db): State<Db>,
    State(hashing): State<Arc<HashQueue>>,
    State(settings): State<Arc<Settings>>,
    State(sessions): State<Arc<SessionKeys>>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<LoginRequest>,
) -> AppResult<Response> {
    let email = body.email.trim().to_lowercase();
    let mut missing = Vec::new();
    if email.is_empty() {
        missing.push(ErrorItem::field("email", "Email is required"));
    }
    if body.password.is_empty() {
        missing.push(ErrorItem::field("password", "Password is required"));
    }
    if !missing.is_empty() {
        return Err(AppError::Validation(missing));
    }
    limits::check(&limits.login, &ip)?;
    // No account has a longer address, and an unbounded one must not become a key below.
    if email.len() > super::rules::EMAIL_MAX {
        return Err(AppError::Unauthorized(WRONG_CREDENTIALS.into()));
    }
    // Ten wrong passwords hold the account back for a while, whichever addresses they came
    // from, except at addresses that logged in to it before: strangers cannot lock the owner out.
    let limits = &limits;
    if !limits.known_addresses.contains(&email, ip)
        && let Some(wait) = limits.login_failures.blocked_for(&email)
    {
        return Err(AppError::TooManyRequests(wait));
    }

    let failures_key = email.clone();
    let record = db
        .read(move |conn| store::login_record(conn, &email))
        .await?;
    let stored_hash = record.as_ref().map(|r| r.password_hash.clone());
    if !hashing
        .verify(Lane::Login, body.password, stored_hash)
        .await?
    {
        limits.login_failures.record(&failures_key);
        return Err(AppError::Unauthorized(WRONG_CREDENTIALS.into()));
    }
    let record = record.expect("a verified password has an account");
    // The demo accounts' password is published: outside `serve --demo` they are shut.
    if record.is_demo && !settings.demo {
        return Err(AppError::Unauthorized(WRONG_CREDENTIALS.into()));
    }
    if !record.verified {
        return Err(AppError::Forbidden(ACCOUNT_UNACTIVATED.into()));
    }
    limits.known_addresses.remember(&failures_key, ip);

    let issued = sessions.issue(
        record.id,
        record.token_version,
        record.is_admin,
        body.keep_logged_in,
    )?;
    let user = db
        .read(move |conn| store::user_info(conn, record.id))
        .await?;
    let cookie = sessions.cookie(&issued, body.keep_logged_in);
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(LoginAnswer {
            token: issued.token,
            user,
        }),
    )
        .into_response())
}

/// Ends every session of the caller and removes the browser's cookie.
#[utoipa::path(post, path = "/logout", tag = "accounts", security(("session" = [])), responses(
    (status = 204, description = "Logged out"),
    (status = 401, body = [ErrorItem]),
))]
pub async fn logout(
    State(db): State<Db>,
    State(sessions): State<Arc<SessionKeys>>,
    AuthUser(user): AuthUser,
) -> AppResult<Response> {
    db.write(move |tx| store::bump_token_version(tx, user.id))
        .await?;
    Ok((
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, sessions.clear_cookie())],
    )
        .into_response())
}

/// Who is logged in: the user, or `null` when the request carries no session at all, so a
/// logged-out visitor's page makes no failing request. A session that is present but
/// invalid, expired or outdated is still a 401 (DESIGN section 2).
#[utoipa::path(get, path = "/userinfo", tag = "accounts", security((), ("session" = [])), responses(
    (status = 200, description = "The logged-in user, or null without a session", body = Option<UserInfo>),
    (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one"),
    (status = 401, description = "The session is invalid, expired or ended", body = [ErrorItem]),
))]
pub async fn user_info(
    State(db): State<Db>,
    MaybeAuthUser(user): MaybeAuthUser,
    cached: Cached,
) -> AppResult<Response> {
    let Some(user) = user else {
        // Depends on the request's cookie: no shared cache may keep it.
        return Ok((
            [(header::CACHE_CONTROL, "no-store")],
            Json(None::<UserInfo>),
        )
            .into_response());
    };
    let id = user.id;
    cached
        .private(
            format!("userinfo {id}"),
            db.read(move |conn| store::user_info(conn, id).map(Some)),
        )
        .await
}
