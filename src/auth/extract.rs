//! Extractors that say who is calling: `MaybeAuthUser`, `AuthUser` and `AdminUser`.
//! A token that is present but invalid, expired or outdated is a 401, never anonymous.
//! Roles are read from the database on every request, not trusted from the token.

use crate::{cache::SeenVersions, error::AppError, fields::Id, state::AppState};
use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, Method, header, request::Parts},
    response::{IntoResponse, Response},
};

pub use super::store::CurrentUser;
use super::{session::COOKIE_NAME, store};

/// The answer when a body names another user's id.
pub const NOT_YOUR_ACCOUNT: &str = "You can only act for your own account.";

impl CurrentUser {
    /// A `userId` in a body must be the caller's own (DESIGN decision 1); leaving it out
    /// means the caller.
    pub fn ensure_own(&self, user_id: Option<Id>) -> Result<(), AppError> {
        match user_id {
            Some(Id(id)) if id != self.id => Err(AppError::Forbidden(NOT_YOUR_ACCOUNT.into())),
            _ => Ok(()),
        }
    }
}

/// The caller, if a session came with the request.
pub struct MaybeAuthUser(pub Option<CurrentUser>);
/// A logged-in caller; 401 otherwise.
pub struct AuthUser(pub CurrentUser);
/// A logged-in admin; 401 when not logged in, 403 when not an admin.
pub struct AdminUser(pub CurrentUser);

const EXPIRED: &str = "Your session has expired. Please log in again.";

/// Why a request was refused; a refused cookie is also cleared so the browser stops sending it.
pub struct AuthRejection {
    error: AppError,
    clear_cookie: Option<axum::http::HeaderValue>,
}

impl IntoResponse for AuthRejection {
    fn into_response(self) -> Response {
        let mut response = self.error.into_response();
        if let Some(cookie) = self.clear_cookie {
            response.headers_mut().insert(header::SET_COOKIE, cookie);
        }
        response
    }
}

enum Credential {
    Bearer(String),
    Cookie(String),
}

fn credential(headers: &HeaderMap) -> Result<Option<Credential>, AppError> {
    if let Some(value) = headers.get(header::AUTHORIZATION) {
        let token = value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| {
                AppError::Unauthorized("The Authorization header must be 'Bearer <token>'.".into())
            })?;
        return Ok(Some(Credential::Bearer(token.to_owned())));
    }
    let cookie = crate::http::cookie_values(headers, COOKIE_NAME)
        .find(|value| !value.is_empty())
        .map(|value| Credential::Cookie(value.to_owned()));
    Ok(cookie)
}

/// A cookie travels with every request the browser makes, so a state-changing call
/// authenticated by it must also be a JSON call, which a cross-site form cannot send.
fn cookie_request_is_safe(parts: &Parts) -> bool {
    matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS)
        || parts
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"))
}

impl FromRequestParts<AppState> for MaybeAuthUser {
    type Rejection = AuthRejection;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let plain = |error| AuthRejection {
            error,
            clear_cookie: None,
        };
        let Some(credential) = credential(&parts.headers).map_err(plain)? else {
            return Ok(Self(None));
        };
        let (token, from_cookie) = match credential {
            Credential::Bearer(token) => (token, false),
            Credential::Cookie(token) => (token, true),
        };
        let refuse = |error| AuthRejection {
            error,
            clear_cookie: from_cookie.then(|| state.sessions.clear_cookie()),
        };
        if from_cookie && !cookie_request_is_safe(parts) {
            return Err(plain(AppError::Forbidden(
                "Send this request as JSON (Content-Type: application/json).".into(),
            )));
        }
        let claims = state
            .sessions
            .verify(&token)
            .ok_or_else(|| refuse(AppError::Unauthorized(EXPIRED.into())))?;
        let user_id: i64 = claims
            .sub
            .parse()
            .map_err(|_| refuse(AppError::Unauthorized(EXPIRED.into())))?;
        // The request's one look at the versions: its kept answers use them too. Its user is
        // kept under the public version, which every change to `users` moves (V22's triggers,
        // whichever process writes) and a like or a notification read does not.
        let (data_version, public_version) = state.db.data_and_public_version().map_err(plain)?;
        parts.extensions.insert(SeenVersions {
            data: data_version,
            public: public_version,
        });
        let user = state
            .session_users
            .get_or_read(public_version, user_id, || {
                state
                    .db
                    .read(move |conn| store::session_user(conn, user_id))
            })
            .await
            .map_err(plain)?;
        match user {
            Some(user) if user.token_version == claims.ver => Ok(Self(Some(user))),
            _ => Err(refuse(AppError::Unauthorized(EXPIRED.into()))),
        }
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = AuthRejection;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        match MaybeAuthUser::from_request_parts(parts, state).await?.0 {
            Some(user) => Ok(Self(user)),
            None => Err(AuthRejection {
                error: AppError::Unauthorized("Please log in to continue.".into()),
                clear_cookie: None,
            }),
        }
    }
}

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = AuthRejection;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let AuthUser(user) = AuthUser::from_request_parts(parts, state).await?;
        if user.is_admin {
            Ok(Self(user))
        } else {
            Err(AuthRejection {
                error: AppError::Forbidden("Only admins may do that.".into()),
                clear_cookie: None,
            })
        }
    }
}
