//! The staging lock (DESIGN decision 11): with `APP_STAGING_USER` and `APP_STAGING_PASSWORD`
//! set, every page answers the lock screen and every API call a 401, until
//! `POST /api/staging/login` with the right username and password sets a signed cookie that
//! lasts 24 hours. Without the two settings nothing changes.

pub mod gate;

use std::sync::Arc;

use axum::{
    Form, Json,
    extract::{FromRequest, Request, State},
    http::{HeaderMap, StatusCode, header},
    middleware::Next,
    response::{Html, IntoResponse, Redirect, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use gate::{Gate, LOCKED, WRONG_LOGIN};
use gate::{RETRY_COOKIE, RETRY_SECS};

use crate::{
    error::{ApiJson, AppError, ErrorItem},
    limits::{self, ClientIp},
    state::AppState,
};

pub const LOGIN_PATH: &str = "/api/staging/login";

/// Lets a request through when the site is not locked, the request logs in, or its cookie
/// is valid; otherwise answers the lock screen (pages) or a 401 (API).
pub async fn lock(
    State(staging): State<Option<Arc<Gate>>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(gate) = staging.as_deref() else {
        return next.run(request).await;
    };
    let path = request.uri().path();
    if path == LOGIN_PATH || gate.admits(request.headers()) {
        return next.run(request).await;
    }
    if path == "/api" || path.starts_with("/api/") {
        return AppError::Unauthorized(LOCKED.into()).into_response();
    }
    let next_page = request
        .uri()
        .path_and_query()
        .map(|p| p.as_str())
        .unwrap_or("/");
    let Some(username) = retried_username(request.headers()) else {
        return locked_page(gate.screen(None, next_page));
    };
    // Shown once: the cookie goes with this answer.
    (
        [(header::SET_COOKIE, gate.retry_cookie("", 0))],
        locked_page(gate.screen(Some(&username), next_page)),
    )
        .into_response()
}

/// The username of a wrong login on the lock screen's form, from its short-lived cookie.
fn retried_username(headers: &HeaderMap) -> Option<String> {
    crate::http::cookie_values(headers, RETRY_COOKIE)
        .next()
        .map(|value| {
            url::form_urlencoded::parse(format!("u={value}").as_bytes())
                .map(|(_, username)| username.into_owned())
                .next()
                .unwrap_or_default()
        })
}

fn locked_page(html: String) -> Response {
    (
        StatusCode::UNAUTHORIZED,
        [(header::HeaderName::from_static("x-robots-tag"), "noindex")],
        Html(html),
    )
        .into_response()
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login))
}

#[derive(Deserialize, ToSchema)]
pub struct StagingLogin {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    /// The lock screen's form only: the page to go back to.
    #[serde(default)]
    next: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct LoggedIn {
    msg: &'static str,
}

/// Unlocks a staging site for 24 hours. Takes JSON (answers JSON) or the lock screen's form
/// (answers a redirect back to the page, whose lock screen says 'invalid login details' after a
/// wrong one).
#[utoipa::path(post, path = "/staging/login", operation_id = "staging_login", tag = "staging",
    request_body(content(
        (StagingLogin = "application/json"),
        (StagingLogin = "application/x-www-form-urlencoded"))),
    responses(
    (status = 200, body = LoggedIn), (status = 303, description = "The form's login, right or wrong: back to the page"),
    (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 404, body = [ErrorItem]),
    (status = 429, description = "Too many attempts from this address", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed")))))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    request: Request,
) -> Result<Response, AppError> {
    let Some(gate) = state.staging.clone() else {
        return Err(AppError::NotFound("This site is not locked.".into()));
    };
    limits::check(&state.limits.login, &ip)?;
    let from_form = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if from_form {
        let Form(body) = Form::<StagingLogin>::from_request(request, &state)
            .await
            .map_err(|_| AppError::invalid(None, WRONG_LOGIN))?;
        let next = safe_next(body.next.as_deref());
        if !gate.accepts(&body.username, &body.password) {
            // Back to the page asked for, whose lock screen then says why (Post/Redirect/Get).
            let retry = gate.retry_cookie(&body.username, RETRY_SECS);
            return Ok(([(header::SET_COOKIE, retry)], Redirect::to(next)).into_response());
        }
        return Ok(([(header::SET_COOKIE, gate.cookie())], Redirect::to(next)).into_response());
    }
    let ApiJson(body) = ApiJson::<StagingLogin>::from_request(request, &state).await?;
    if !gate.accepts(&body.username, &body.password) {
        return Err(AppError::Unauthorized(WRONG_LOGIN.into()));
    }
    Ok((
        [(header::SET_COOKIE, gate.cookie())],
        Json(LoggedIn { msg: "Logged in" }),
    )
        .into_response())
}

/// A page of this site to return to: a path, never another host (`//evil.example`).
fn safe_next(next: Option<&str>) -> &str {
    match next {
        Some(path) if path.starts_with('/') && !path.starts_with("//") && !path.contains('\\') => {
            path
        }
        _ => "/",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_path_of_this_site_is_a_place_to_return_to() {
        assert_eq!(safe_next(Some("/industries?x=1")), "/industries?x=1");
        for bad in [
            None,
            Some("//evil.example"),
            Some("https://evil.example"),
            Some("/\\evil"),
        ] {
            assert_eq!(safe_next(bad), "/");
        }
    }
}
