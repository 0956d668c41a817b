//! The layers around every route: request ids, one log line per request, compression,
//! time and size limits, security headers, and the error shape for answers that a layer
//! or the router produced rather than a handler.

use std::time::Duration;

use axum::{
    Router,
    body::Body,
    extract::{DefaultBodyLimit, Request},
    http::{HeaderName, HeaderValue, StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
};
use serde_json::json;
use tower_http::{
    CompressionLevel,
    catch_panic::CatchPanicLayer,
    compression::CompressionLayer,
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer},
    set_header::SetResponseHeaderLayer,
    timeout::TimeoutLayer,
    trace::{DefaultOnRequest, DefaultOnResponse, TraceLayer},
};
use tracing::Level;

use crate::error::{MeantForTheClient, default_message};

/// Largest request body any call accepts (a cropped profile image fits well inside).
pub const BODY_LIMIT: usize = 512 * 1024;
/// A request still running after this is answered with 408.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; \
     frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Browsers that reached the site over https once keep to https for a year.
const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000";

/// Wraps the whole application. Layers run top to bottom on the way in. `https`: the site's
/// public address is https, so browsers are told to never use plain http for it.
pub fn layers(router: Router, https: bool) -> Router {
    let security = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("permissions-policy"),
            "geolocation=(self), camera=(), microphone=()",
        ),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ];
    let mut router = router
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn(read_whole_body))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(CatchPanicLayer::custom(|_| {
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }))
        .layer(middleware::from_fn(error_shape))
        // Dynamic answers are small JSON: the fastest level costs little ratio and much less
        // CPU than the default (embedded files arrive compressed already and are left alone).
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(1)));
    let transport = https.then_some((header::STRICT_TRANSPORT_SECURITY, STRICT_TRANSPORT_SECURITY));
    for (name, value) in security.into_iter().chain(transport) {
        router = router.layer(SetResponseHeaderLayer::if_not_present(
            name,
            HeaderValue::from_static(value),
        ));
    }
    router
        .layer(PropagateRequestIdLayer::new(X_REQUEST_ID.clone()))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    let id = request.headers().get(&X_REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
                    tracing::info_span!("request", method = %request.method(), uri = %logged_uri(request.uri()), id)
                })
                .on_request(DefaultOnRequest::new().level(Level::DEBUG))
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .layer(SetRequestIdLayer::new(X_REQUEST_ID.clone(), MakeRequestUuid))
}

/// The paths whose last part is a secret: the mailed links and the one-time export link.
const SECRET_TAILS: [&str; 6] = [
    "/reset-password/",
    "/verify-account/",
    "/represent/verify/",
    "/api/admin/exportcsv/",
    "/unsubscribe/",
    "/api/unsubscribe/",
];

/// A request's path and query as the log shows them: the secret part of a mailed or one-time
/// link is replaced, so reading the log never gives a way into an account. Any `token`
/// parameter of the query is replaced the same way.
pub fn logged_uri(uri: &axum::http::Uri) -> String {
    let path = uri.path();
    let mut logged = match SECRET_TAILS.iter().find(|tail| path.starts_with(*tail)) {
        Some(tail) => format!("{tail}<token>"),
        None => path.to_owned(),
    };
    if let Some(query) = uri.query() {
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("token") => format!("{key}=<token>"),
                _ => pair.to_owned(),
            })
            .collect();
        logged = format!("{logged}?{}", pairs.join("&"));
    }
    logged
}

/// Reads every request's body (up to the limit) before any handler answers, in one place: a
/// call that answers without reading its body (a refused caller, a call that takes none) would
/// otherwise close a `Connection: close` request with unread bytes, and the kernel's reset
/// can destroy the answer on its way. Inside the timeout, so a slow body is still cut off.
async fn read_whole_body(request: Request, next: Next) -> Response {
    use axum::body::HttpBody;
    if request.body().size_hint().exact() == Some(0) {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    match axum::body::to_bytes(body, BODY_LIMIT).await {
        Ok(bytes) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Err(err) => {
            let too_large = std::error::Error::source(&err)
                .is_some_and(|cause| cause.is::<http_body_util::LengthLimitError>());
            if too_large {
                crate::error::AppError::PayloadTooLarge.into_response()
            } else {
                let msg = "The request body could not be read.";
                crate::error::AppError::invalid(None, msg).into_response()
            }
        }
    }
}

/// Gives every API error and every 5xx the error shape: a layer's or the router's empty
/// 404, 405, 408 or 413 becomes `[{"msg": ...}]`, and a 5xx body is replaced by a generic
/// message with the request id, so internals never reach the client. API answers are not cached.
async fn error_shape(request: Request, next: Next) -> Response {
    let is_api = request.uri().path().starts_with("/api/") || request.uri().path() == "/api";
    let request_id = request
        .extensions()
        .get::<RequestId>()
        .and_then(|id| id.header_value().to_str().ok())
        .map(str::to_owned);
    let mut response = next.run(request).await;
    let status = response.status();
    if is_api {
        response
            .headers_mut()
            .entry(header::CACHE_CONTROL)
            .or_insert(HeaderValue::from_static("no-store"));
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if status.is_server_error() && response.extensions().get::<MeantForTheClient>().is_none() {
        let body = json!([{ "msg": default_message(status), "requestId": request_id }]);
        return replace_body(response, body);
    }
    // A page a call answers on purpose (the staging lock screen after a wrong form login) stays.
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if is_api && status.is_client_error() && !is_json && !is_html {
        return replace_body(response, json!([{ "msg": default_message(status) }]));
    }
    response
}

fn replace_body(response: Response, body: serde_json::Value) -> Response {
    let (mut parts, _) = response.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, Body::from(body.to_string()))
}

/// The values of every cookie called `name` the request carries, in order (a browser may send
/// one name twice, for two paths).
pub fn cookie_values<'a>(
    headers: &'a axum::http::HeaderMap,
    name: &'a str,
) -> impl Iterator<Item = &'a str> + 'a {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(move |(cookie, _)| *cookie == name)
        .map(|(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::logged_uri;

    #[test]
    fn secret_links_are_logged_without_their_token() {
        let logged = |uri: &str| logged_uri(&uri.parse().unwrap());
        assert_eq!(logged("/reset-password/abc.DEF"), "/reset-password/<token>");
        assert_eq!(
            logged("/verify-account/x?y=1"),
            "/verify-account/<token>?y=1"
        );
        assert_eq!(
            logged("/represent/verify/t0k3n"),
            "/represent/verify/<token>"
        );
        assert_eq!(
            logged("/api/admin/exportcsv/abc"),
            "/api/admin/exportcsv/<token>"
        );
        assert_eq!(
            logged("/api/unsubscribe/c2ln.review-reply.now.7/undo"),
            "/api/unsubscribe/<token>"
        );
        assert_eq!(logged("/unsubscribe/c2ln.a.b.7"), "/unsubscribe/<token>");
        assert_eq!(logged("/x?token=abc&page=2"), "/x?token=<token>&page=2");
        assert_eq!(logged("/courses/cookery?page=2"), "/courses/cookery?page=2");
        assert_eq!(logged("/reset-password"), "/reset-password");
    }
}
