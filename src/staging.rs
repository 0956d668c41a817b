//! The staging lock (DESIGN decision 11): with `APP_STAGING_USER` and `APP_STAGING_PASSWORD`
//! set, every page answers the lock screen and every API call a 401, until
//! `POST /api/staging/login` with the right username and password sets a signed cookie that
//! lasts 24 hours. Without the two settings nothing changes.

use std::sync::{Arc, LazyLock};

use axum::{
    Form, Json,
    extract::{FromRequest, Request, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    middleware::Next,
    response::{Html, IntoResponse, Redirect, Response},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    config::Settings,
    error::{ApiJson, AppError, ErrorItem},
    limits::{self, ClientIp},
    mail::sender::unix_now,
};

pub const LOGIN_PATH: &str = "/api/staging/login";
pub const WRONG_LOGIN: &str = "invalid login details";
pub const LOCKED: &str = "This site is locked. Log in on the lock screen.";
const COOKIE_NAME: &str = "cs_staging";
const LIFETIME_SECS: i64 = 24 * 60 * 60;
/// After a wrong login on the lock screen's form: the username typed, for the screen the
/// browser is sent back to, so the address stays the page asked for and the name stays typed.
const RETRY_COOKIE: &str = "cs_staging_retry";
const RETRY_SECS: i64 = 60;

type Signer = Hmac<Sha256>;

/// The lock's settings and the key that signs its cookie.
pub struct Gate {
    key: Vec<u8>,
    /// The MAC of the configured `user\0password`, compared in constant time.
    credentials: Vec<u8>,
    production_url: Option<String>,
    site_name: String,
    secure_cookie: bool,
}

impl Gate {
    /// The lock, when the settings ask for one. `secret` is the site's session secret; the
    /// cookie's signature also covers the credentials, so changing them locks everyone out.
    pub fn from_settings(settings: &Settings, secret: &[u8]) -> Option<Arc<Self>> {
        let user = settings.staging_user.as_deref().filter(|u| !u.is_empty())?;
        let password = settings
            .staging_password
            .as_deref()
            .filter(|p| !p.is_empty())?;
        let mut key = b"staging-lock\0".to_vec();
        key.extend_from_slice(secret);
        let credentials = sign(&key, &credential_text(user, password));
        Some(Arc::new(Self {
            key,
            credentials,
            production_url: settings.production_url.clone(),
            site_name: settings.site_name.clone(),
            secure_cookie: settings
                .public_url
                .as_deref()
                .is_some_and(|url| url.starts_with("https://")),
        }))
    }

    fn accepts(&self, user: &str, password: &str) -> bool {
        verify(
            &self.key,
            &credential_text(user, password),
            &self.credentials,
        )
    }

    /// What a cookie's signature covers: its expiry and the credentials it was given for.
    fn signed_text(&self, expires: &str) -> String {
        format!("{expires}.{}", encode(&self.credentials))
    }

    /// `<expiry>.<signature>`, valid for 24 hours.
    fn cookie(&self) -> HeaderValue {
        let expires = unix_now() + LIFETIME_SECS;
        let signature = encode(&sign(&self.key, &self.signed_text(&expires.to_string())));
        let secure = if self.secure_cookie { "; Secure" } else { "" };
        HeaderValue::from_str(&format!(
            "{COOKIE_NAME}={expires}.{signature}; Path=/; Max-Age={LIFETIME_SECS}; HttpOnly; SameSite=Lax{secure}"
        ))
        .expect("the cookie is ASCII")
    }

    fn admits(&self, headers: &HeaderMap) -> bool {
        let now = unix_now();
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().strip_prefix(COOKIE_NAME)?.strip_prefix('='))
            .any(|value| {
                let Some((expires, signature)) = value.split_once('.') else {
                    return false;
                };
                let (Ok(at), Some(signature)) = (
                    expires.parse::<i64>(),
                    URL_SAFE_NO_PAD.decode(signature).ok(),
                ) else {
                    return false;
                };
                at > now && verify(&self.key, &self.signed_text(expires), &signature)
            })
    }

    /// The lock screen for `next`; after a wrong login, with the error and the username typed.
    fn screen(&self, retry: Option<&str>, next: &str) -> String {
        LOCK_SCREEN
            .get_template("lock.html")
            .and_then(|template| {
                template.render(minijinja::context! {
                    site_name => self.site_name,
                    production_url => self.production_url,
                    error => retry.map(|_| WRONG_LOGIN),
                    username => retry.unwrap_or_default(),
                    next => next,
                })
            })
            .unwrap_or_else(|_| LOCKED.into())
    }

    fn retry_cookie(&self, username: &str, max_age: i64) -> HeaderValue {
        let value: String = url::form_urlencoded::byte_serialize(username.as_bytes()).collect();
        let secure = if self.secure_cookie { "; Secure" } else { "" };
        HeaderValue::from_str(&format!(
            "{RETRY_COOKIE}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"
        ))
        .expect("the cookie is ASCII")
    }
}

fn credential_text(user: &str, password: &str) -> String {
    format!("{user}\0{password}")
}

fn sign(key: &[u8], text: &str) -> Vec<u8> {
    let mut mac = Signer::new_from_slice(key).expect("HMAC takes any key");
    mac.update(text.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// Whether `signature` is `text`'s, compared in constant time.
fn verify(key: &[u8], text: &str, signature: &[u8]) -> bool {
    let mut mac = Signer::new_from_slice(key).expect("HMAC takes any key");
    mac.update(text.as_bytes());
    mac.verify_slice(signature).is_ok()
}

fn encode(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

static LOCK_SCREEN: LazyLock<minijinja::Environment<'static>> = LazyLock::new(|| {
    let mut env = minijinja::Environment::new();
    env.add_template("lock.html", include_str!("staging/lock.html"))
        .expect("the lock screen template parses");
    env
});

/// Lets a request through when the site is not locked, the request logs in, or its cookie
/// is valid; otherwise answers the lock screen (pages) or a 401 (API).
pub async fn lock(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(gate) = state.staging.as_deref() else {
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
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(RETRY_COOKIE)?.strip_prefix('='))
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
