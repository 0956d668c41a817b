//! One error type for every handler, turned into the API's error shape:
//! a JSON array `[{"msg": "...", "param": "field"}]` with a fitting status.
//! 5xx answers never carry the cause; it goes to the log (see `http::error_shape`).

use std::time::Duration;

use axum::{
    Json,
    body::Bytes,
    extract::{FromRequest, Request, rejection::JsonRejection},
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::{Serialize, de::DeserializeOwned};

/// The message every rate-limited call answers with (DESIGN decision 16).
pub const TOO_MANY_ATTEMPTS: &str = "Too many attempts. Please try again later.";
/// The message of every write refused because the disk (or the database's size limit) is full.
pub const STORAGE_FULL: &str =
    "The server has run out of storage space, so nothing was saved. Please try again later.";
/// How long a client should wait before retrying a write refused for a full disk.
const STORAGE_FULL_RETRY_AFTER: u64 = 60;
/// The message of a 503 when the password-hashing queue is full.
pub const BUSY: &str = "The server is busy. Please try again in a moment.";
/// The spec's duplicate-key code, kept so its client logic holds.
pub const DUPLICATE_KEY_CODE: u32 = 11000;

/// One entry of an error answer.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct ErrorItem {
    pub msg: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub param: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<u32>,
}

impl ErrorItem {
    pub fn new(msg: impl Into<String>) -> Self {
        Self {
            msg: msg.into(),
            param: None,
            code: None,
        }
    }

    pub fn field(param: impl Into<String>, msg: impl Into<String>) -> Self {
        Self {
            msg: msg.into(),
            param: Some(param.into()),
            code: None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("invalid request: {0:?}")]
    Validation(Vec<ErrorItem>),
    #[error("not logged in: {0}")]
    Unauthorized(String),
    #[error("forbidden: {0}")]
    Forbidden(String),
    #[error("not found: {0}")]
    NotFound(String),
    #[error("conflict: {0:?}")]
    Conflict(ErrorItem),
    #[error("request body too large")]
    PayloadTooLarge,
    #[error("unsupported media type: {0}")]
    UnsupportedMediaType(String),
    /// A rate limit: answered with `Retry-After`, the time until the next attempt is allowed.
    #[error("too many requests")]
    TooManyRequests(Duration),
    /// The database or the uploads cannot grow: a 503 that says so, never a 500.
    #[error("storage full: {0}")]
    StorageFull(String),
    /// Password hashing is saturated: answered 503 with `Retry-After` rather than a queue
    /// that makes every login wait (DESIGN decision 16).
    #[error("busy")]
    Busy(Duration),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    /// A 400 with one message, optionally naming the field at fault.
    pub fn invalid(param: Option<&str>, msg: impl Into<String>) -> Self {
        let item = match param {
            Some(param) => ErrorItem::field(param, msg),
            None => ErrorItem::new(msg),
        };
        Self::Validation(vec![item])
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::Validation(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::StorageFull(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn items(&self) -> Vec<ErrorItem> {
        match self {
            Self::Validation(items) => items.clone(),
            Self::Conflict(item) => vec![item.clone()],
            Self::Unauthorized(msg)
            | Self::Forbidden(msg)
            | Self::NotFound(msg)
            | Self::UnsupportedMediaType(msg) => vec![ErrorItem::new(msg.clone())],
            Self::PayloadTooLarge => vec![ErrorItem::new(default_message(
                StatusCode::PAYLOAD_TOO_LARGE,
            ))],
            Self::TooManyRequests(_) => vec![ErrorItem::new(TOO_MANY_ATTEMPTS)],
            Self::Busy(_) => vec![ErrorItem::new(BUSY)],
            Self::StorageFull(_) => vec![ErrorItem::new(STORAGE_FULL)],
            // The body is replaced by the error-shape middleware, which adds the request id.
            Self::Internal(_) => vec![ErrorItem::new(default_message(
                StatusCode::INTERNAL_SERVER_ERROR,
            ))],
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        match &self {
            Self::Internal(cause) => tracing::error!(error = ?cause, "request failed"),
            Self::StorageFull(cause) => {
                tracing::error!(error = %cause, "a write was refused: the storage is full")
            }
            _ => {}
        }
        let retry_after = match &self {
            Self::TooManyRequests(wait) | Self::Busy(wait) => Some(retry_after_secs(*wait)),
            Self::StorageFull(_) => Some(STORAGE_FULL_RETRY_AFTER),
            _ => None,
        };
        let mut response = (self.status(), Json(self.items())).into_response();
        if let Some(secs) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, secs.into());
        }
        // A busy server and a full disk are 5xx answers whose words are meant for the client.
        if matches!(self, Self::StorageFull(_) | Self::Busy(_)) {
            response.extensions_mut().insert(MeantForTheClient);
        }
        response
    }
}

/// Marks a 5xx answer whose body says what happened in words meant for the client (a full
/// disk, a busy server), so the error-shape layer keeps it instead of the generic message.
#[derive(Clone, Copy, Debug)]
pub struct MeantForTheClient;

impl AppError {
    /// A file the server could not write: a full disk or quota is a [`AppError::StorageFull`],
    /// anything else an internal error.
    pub fn from_io(err: std::io::Error, what: &str) -> Self {
        match err.kind() {
            std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded => {
                Self::StorageFull(format!("{what}: {err}"))
            }
            _ => Self::Internal(anyhow::Error::new(err).context(what.to_owned())),
        }
    }
}

/// Whole seconds, rounded up and at least one: `Retry-After: 0` would invite an instant retry.
fn retry_after_secs(wait: Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

/// Database facts become HTTP meaning here: no row is a 404, a unique-constraint violation
/// is the spec's duplicate error, a full database or disk is a 503 that says so; anything
/// else is an internal error.
impl From<rusqlite::Error> for AppError {
    fn from(err: rusqlite::Error) -> Self {
        match &err {
            rusqlite::Error::QueryReturnedNoRows => Self::NotFound("Not found".into()),
            rusqlite::Error::SqliteFailure(e, _)
                if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                    || e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY =>
            {
                Self::Conflict(ErrorItem {
                    msg: "This record already exists.".into(),
                    param: None,
                    code: Some(DUPLICATE_KEY_CODE),
                })
            }
            rusqlite::Error::SqliteFailure(e, _) if e.code == rusqlite::ErrorCode::DiskFull => {
                Self::StorageFull(err.to_string())
            }
            _ => Self::Internal(err.into()),
        }
    }
}

impl From<tokio::task::JoinError> for AppError {
    fn from(err: tokio::task::JoinError) -> Self {
        Self::Internal(err.into())
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::JsonSyntaxError(_) => {
                Self::invalid(None, "The request body is not valid JSON.")
            }
            JsonRejection::JsonDataError(err) => {
                Self::invalid(None, describe_data_error(&err.body_text()))
            }
            JsonRejection::MissingJsonContentType(_) => Self::UnsupportedMediaType(
                "Send the request body as JSON (Content-Type: application/json).".into(),
            ),
            other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => Self::PayloadTooLarge,
            other => Self::invalid(None, other.body_text()),
        }
    }
}

/// serde's message without axum's prefix, e.g. "email: invalid type: integer `5`, expected a string".
fn describe_data_error(text: &str) -> String {
    let detail = text
        .strip_prefix("Failed to deserialize the JSON body into the target type: ")
        .unwrap_or(text);
    format!("Invalid request body: {detail}")
}

/// The message used when a layer (not a handler) produced the error, e.g. an unknown path.
pub fn default_message(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST => "Bad request.",
        StatusCode::UNAUTHORIZED => "Please log in to continue.",
        StatusCode::FORBIDDEN => "You are not allowed to do that.",
        StatusCode::NOT_FOUND => "Not found",
        StatusCode::METHOD_NOT_ALLOWED => "Method not allowed.",
        StatusCode::REQUEST_TIMEOUT => "The request took too long.",
        StatusCode::PAYLOAD_TOO_LARGE => "The request body is too large.",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            "Send the request body as JSON (Content-Type: application/json)."
        }
        StatusCode::TOO_MANY_REQUESTS => TOO_MANY_ATTEMPTS,
        StatusCode::SERVICE_UNAVAILABLE => BUSY,
        s if s.is_server_error() => "Something went wrong. Please try again later.",
        _ => "The request could not be handled.",
    }
}

/// `Json` whose rejections (malformed JSON, wrong types, wrong content type, too large)
/// answer in the API's error shape. Unknown fields are ignored by serde's default. A body
/// must be a JSON object: serde would otherwise read an array into a struct field by field.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, AppError> {
        if !is_json(request.headers()) {
            return Err(Self::Rejection::UnsupportedMediaType(
                default_message(StatusCode::UNSUPPORTED_MEDIA_TYPE).into(),
            ));
        }
        let bytes =
            Bytes::from_request(request, state)
                .await
                .map_err(|rejection| match rejection.status() {
                    StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge,
                    _ => AppError::invalid(None, rejection.body_text()),
                })?;
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
            return Err(AppError::invalid(
                None,
                "Invalid request body: expected a JSON object, not an array",
            ));
        }
        let axum::Json(value) = axum::Json::<T>::from_bytes(&bytes)?;
        Ok(Self(value))
    }
}

/// `application/json` or any `application/*+json`, with or without parameters, as axum's
/// `Json` accepts.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

pub type AppResult<T> = Result<T, AppError>;

/// Maps "no such row" to a 404 with `msg`, and any other database error as usual.
pub fn not_found(msg: &'static str) -> impl FnOnce(rusqlite::Error) -> AppError {
    move |err| match err {
        rusqlite::Error::QueryReturnedNoRows => AppError::NotFound(msg.into()),
        other => other.into(),
    }
}
