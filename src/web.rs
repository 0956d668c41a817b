//! The React build, embedded in the binary: hashed assets cached for a year, `index.html`
//! never cached, a missing file with an extension a real 404, and every other page path
//! answered with `index.html` so the client-side router can take it.

use axum::{
    body::Body,
    http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header},
    response::{IntoResponse, Response},
};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "$UI_DIST_DIR"]
struct Assets;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";
const SHORT: &str = "public, max-age=3600";

/// Answers every request that no API route took.
pub async fn static_or_spa(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty() {
        if let Some(response) = embedded(path, &headers) {
            return response;
        }
        if has_extension(path) {
            return (StatusCode::NOT_FOUND, "Not found").into_response();
        }
    }
    embedded("index.html", &headers)
        .unwrap_or_else(|| (StatusCode::NOT_FOUND, "Not found").into_response())
}

fn embedded(path: &str, request: &HeaderMap) -> Option<Response> {
    let file = Assets::get(path)?;
    let etag = format!("\"{}\"", hex(&file.metadata.sha256_hash()[..16]));
    let cache = cache_control(path);
    if request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        == Some(etag.as_str())
    {
        return Some(
            (
                StatusCode::NOT_MODIFIED,
                [(header::ETAG, etag), (header::CACHE_CONTROL, cache.into())],
            )
                .into_response(),
        );
    }
    let mime = HeaderValue::from_str(file.metadata.mimetype())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let mut response = Response::new(Body::from(file.data));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, mime);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(
        header::ETAG,
        HeaderValue::from_str(&etag).expect("hex is ASCII"),
    );
    Some(response)
}

/// Vite names built files `assets/<name>-<hash>.<ext>`: those never change, so cache them for good.
fn cache_control(path: &str) -> &'static str {
    if path == "index.html" {
        REVALIDATE
    } else if is_hashed_asset(path) {
        IMMUTABLE
    } else {
        SHORT
    }
}

/// Vite writes its output flat into `assets/` as `<name>-<hash>.<ext>`, the hash 8 characters of
/// base64url, which may itself contain a '-'. Files copied from `public/` (`assets/img/...`) are
/// not hashed and may change with a release.
fn is_hashed_asset(path: &str) -> bool {
    const HASH_LEN: usize = 8;
    let Some(name) = path
        .strip_prefix("assets/")
        .filter(|name| !name.contains('/'))
    else {
        return false;
    };
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    let Some(dash) = stem.len().checked_sub(HASH_LEN + 1) else {
        return false;
    };
    let (before, hash) = (&stem.as_bytes()[..=dash], &stem.as_bytes()[dash + 1..]);
    before.len() > 1
        && before.ends_with(b"-")
        && hash
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-')
}

/// Whether the last segment names a file: a dot and an extension with a letter in it. The
/// mailed links `/verify-account/<random>.<expiry>` and `/reset-password/<random>.<expiry>`
/// end in digits after the dot, and are pages, not files.
fn has_extension(path: &str) -> bool {
    path.rsplit('/')
        .next()
        .and_then(|last| last.rsplit_once('.'))
        .is_some_and(|(_, ext)| ext.chars().any(|c| c.is_ascii_alphabetic()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_vite_hashed_assets_are_immutable() {
        assert_eq!(cache_control("assets/index-BZx3k9aQ.js"), IMMUTABLE);
        assert_eq!(
            cache_control("assets/inter-latin-wght-normal-Dx4kXJAl.woff2"),
            IMMUTABLE
        );
        assert_eq!(
            cache_control("assets/index-CVj2-OCF.js"),
            IMMUTABLE,
            "a hash may hold a '-'"
        );
        assert_eq!(cache_control("assets/admin-pages-D9t-tI5T.js"), IMMUTABLE);
        assert_eq!(
            cache_control("assets/-D9tatI5T.js"),
            SHORT,
            "a hash alone is no Vite name"
        );
        assert_eq!(cache_control("index.html"), REVALIDATE);
        assert_eq!(cache_control("favicon.svg"), SHORT);
        assert_eq!(
            cache_control("assets/img/avatars/Student-avatar-1.png"),
            SHORT
        );
    }

    #[test]
    fn extension_is_read_from_the_last_segment() {
        assert!(has_extension("assets/missing.js"));
        assert!(!has_extension("industry/hair-beauty"));
        assert!(!has_extension("v1.2/about"));
        assert!(
            !has_extension("reset-password/zdVvgSdSOl43gBrmMCni_3HkUky.1795335761"),
            "a mailed link is a page"
        );
        assert!(has_extension("favicon.ico"));
    }
}
