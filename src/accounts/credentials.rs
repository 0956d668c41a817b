//! What proves who a user is, changed only with the current password: `/api/updateemail`,
//! `/api/updatepassword`, and `/api/account/delete`. Each takes its limits (per address and per
//! account) before the costly hash. A `userId` in a body must be the caller's own (DESIGN decision 1).

use axum::{
    Json,
    extract::State,
    http::header,
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    mails,
    rules::{EMAIL_UNAVAILABLE, PASSWORD_MAX, Problems},
    store,
    tokens::{self, Purpose},
};
use crate::{
    auth::{AuthUser, password::Lane},
    error::{ApiJson, AppError, AppResult, DUPLICATE_KEY_CODE, ErrorItem},
    fields::{Id, normalise_email},
    limits::{self, ClientIp},
    state::AppState,
};

pub const EMAIL_UPDATED: &str = "Email updated successfully";
pub const PASSWORD_UPDATED: &str = "Password updated successfully";

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct EmailChange {
    user_id: Option<Id>,
    email: String,
    email_confirm: String,
    /// The account's password: a stolen session alone cannot move the account elsewhere.
    current_password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailAnswer {
    msg: &'static str,
    /// The new address, in use once its verification link is followed.
    pending_email: String,
}

/// Starts an email change: the new address gets a verification link, the old one stays until then.
#[utoipa::path(post, path = "/updateemail", tag = "profile", security(("session" = [])), request_body = EmailChange, responses(
    (status = 200, body = EmailAnswer), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 409, description = "Address in use (code 11000)", body = [ErrorItem]),
    (status = 429, description = "Too many password checks from this address or on this account", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
    (status = 503, description = "Password hashing is saturated", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds to wait before trying again")))))]
pub async fn update_email(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<EmailChange>,
) -> AppResult<Json<EmailAnswer>> {
    user.ensure_own(body.user_id)?;
    let email = normalise_email(&body.email);
    let mut problems = Problems::default();
    problems.email_pair(&email, &body.email_confirm);
    current_password_given(&body.current_password, &mut problems);
    if !problems.is_empty() {
        return Err(AppError::Validation(problems.0));
    }
    check_password(&state, ip, user.id, body.current_password, CURRENT_PASSWORD).await?;
    let settings = state.settings.clone();
    let pending = email.clone();
    state
        .db
        .write(move |tx| {
            if store::email_taken(tx, &email, Some(user.id))?
                || store::user_info(tx, user.id)?.email == email
            {
                return Err(AppError::Conflict(ErrorItem {
                    msg: EMAIL_UNAVAILABLE.into(),
                    param: Some("email".into()),
                    code: Some(DUPLICATE_KEY_CODE),
                }));
            }
            store::set_pending_email(tx, user.id, &email)?;
            mails::queue_verification(tx, &settings, user.id, &email)
        })
        .await?;
    state.outbox.wake();
    Ok(Json(EmailAnswer {
        msg: EMAIL_UPDATED,
        pending_email: pending,
    }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct PasswordChange {
    user_id: Option<Id>,
    /// The password now: a stolen session alone cannot take the account over for good.
    current_password: String,
    new_password: String,
    new_password_confirm: String,
}

#[derive(Serialize, ToSchema)]
pub struct PasswordAnswer {
    msg: &'static str,
    /// A new session token: every older one stopped working.
    token: String,
}

/// Sets a new password, ends every other session and renews this one.
#[utoipa::path(post, path = "/updatepassword", tag = "profile", security(("session" = [])), request_body = PasswordChange, responses(
    (status = 200, body = PasswordAnswer), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]),
    (status = 429, description = "Too many password checks from this address or on this account", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
    (status = 503, description = "Password hashing is saturated", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds to wait before trying again")))))]
pub async fn update_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<PasswordChange>,
) -> AppResult<Response> {
    user.ensure_own(body.user_id)?;
    let mut problems = Problems::default();
    problems.new_password(
        "newPassword",
        &body.new_password,
        "newPasswordConfirm",
        &body.new_password_confirm,
    );
    current_password_given(&body.current_password, &mut problems);
    if !problems.is_empty() {
        return Err(AppError::Validation(problems.0));
    }
    check_password(&state, ip, user.id, body.current_password, CURRENT_PASSWORD).await?;
    let hash = state.hashing.hash(body.new_password).await?;
    let (version, is_admin) = state
        .db
        .write(move |tx| -> rusqlite::Result<_> {
            store::set_password(tx, user.id, &hash)?;
            store::token_version(tx, user.id)
        })
        .await?;
    let issued = state.sessions.issue(user.id, version, is_admin, false)?;
    let cookie = state.sessions.cookie(&issued, false);
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(PasswordAnswer {
            msg: PASSWORD_UPDATED,
            token: issued.token,
        }),
    )
        .into_response())
}

pub const CURRENT_PASSWORD_REQUIRED: &str = "Current password is required";
pub const CURRENT_PASSWORD_WRONG: &str = "The current password is not correct";

fn current_password_given(password: &str, problems: &mut Problems) {
    if password.is_empty() {
        problems.add("currentPassword", CURRENT_PASSWORD_REQUIRED);
    }
}

/// A logged-in user's password check: the address's limit, then [`check_account_password`].
async fn check_password(
    state: &AppState,
    ip: std::net::IpAddr,
    user_id: i64,
    password: String,
    field: (&'static str, &'static str),
) -> AppResult<()> {
    limits::check(&state.limits.password_checks, &ip)?;
    check_account_password(state, user_id, password, field).await
}

/// A mailed link followed with the account's password: the limit on links per address (every
/// attempt, a made-up link too), the link's holder while it is unused (else a 400 naming
/// `token` with `invalid`), then the holder's password. The caller uses the link up in its
/// write, where a request racing this one may have used it first.
pub(crate) async fn check_mailed_link(
    state: &AppState,
    ip: std::net::IpAddr,
    purpose: Purpose,
    token: &str,
    password: String,
    invalid: &'static str,
) -> AppResult<()> {
    if password.is_empty() {
        return Err(AppError::invalid(Some("password"), "Password is required"));
    }
    limits::check(&state.limits.mailed_links, &ip)?;
    let token = token.to_owned();
    let holder = state
        .db
        .read(move |conn| tokens::peek(conn, purpose, &token))
        .await?
        .ok_or_else(|| AppError::invalid(Some("token"), invalid))?;
    check_account_password(state, holder.user_id, password, PASSWORD).await
}

/// The account's limit (before the costly hash; the caller took its address's), then
/// `password` against the account's stored hash: a 400 naming `param` with `wrong` when it does
/// not match. A password longer than any account can have is wrong without a hash.
async fn check_account_password(
    state: &AppState,
    user_id: i64,
    password: String,
    (param, wrong): (&'static str, &'static str),
) -> AppResult<()> {
    limits::check(&state.limits.password_checks_per_account, &user_id)?;
    let fits = password.chars().count() <= PASSWORD_MAX;
    let stored = state
        .db
        .read(move |conn| store::password_hash(conn, user_id))
        .await?;
    if !fits
        || !state
            .hashing
            .verify(Lane::Other, password, Some(stored))
            .await?
    {
        return Err(AppError::invalid(Some(param), wrong));
    }
    Ok(())
}

/// The field and message of a current password in the change forms.
const CURRENT_PASSWORD: (&str, &str) = ("currentPassword", CURRENT_PASSWORD_WRONG);
/// The field and message of a password that confirms a step (deleting, verifying).
const PASSWORD: (&str, &str) = ("password", PASSWORD_WRONG);
pub const PASSWORD_WRONG: &str = "The password is not correct";

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct DeleteBody {
    password: String,
}

/// Deletes the caller's account after checking the password, and ends the session.
#[utoipa::path(post, path = "/account/delete", tag = "profile", security(("session" = [])), request_body = DeleteBody, responses(
    (status = 200, body = super::signup::Message), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]),
    (status = 429, description = "Too many password checks from this address or on this account", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
    (status = 503, description = "Password hashing is saturated", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds to wait before trying again")))))]
pub async fn delete_account(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<DeleteBody>,
) -> AppResult<Response> {
    if body.password.is_empty() {
        return Err(AppError::invalid(Some("password"), "Password is required"));
    }
    check_password(&state, ip, user.id, body.password, PASSWORD).await?;
    let deleted = state
        .db
        .write(move |tx| store::delete_user(tx, user.id))
        .await?;
    super::forget_files(&state.settings.data_dir, deleted).await;
    Ok((
        [(header::SET_COOKIE, state.sessions.clear_cookie())],
        Json(super::signup::Message {
            msg: "Your account and everything stored about you have been deleted.",
        }),
    )
        .into_response())
}
