//! The React build, embedded in the binary: hashed assets cached for a year, `index.html`
//! never cached. [`crate::pages::static_or_spa`] answers every request no API route took: a
//! file from here, a missing file with an extension a real 404, and every other page path
//! with `index.html` (and the page's status) so the client-side router can take it. Text files are sent as
//! the brotli or gzip copy the UI build wrote beside them, whichever the browser accepts, so
//! nothing embedded is compressed at request time.

use axum::{
    body::Body,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use rust_embed::{EmbeddedFile, RustEmbed};

#[derive(RustEmbed)]
#[folder = "$UI_DIST_DIR"]
struct Assets;

/// Vite's build manifest: read by the server, never served.
const MANIFEST: &str = ".vite/manifest.json";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";
const SHORT: &str = "public, max-age=3600";

/// The build's manifest (which chunks each module needs), for the pages' preloads.
pub fn build_manifest() -> Option<Vec<u8>> {
    Some(Assets::get(MANIFEST)?.data.into_owned())
}

/// The text of the UI's `index.html`, for pages the server writes into.
pub fn index_html_text() -> Option<String> {
    String::from_utf8(Assets::get("index.html")?.data.into_owned()).ok()
}

/// The text of one of the build's files (`assets/index-<hash>.css`), for the pages that
/// carry it inline.
pub fn asset_text(path: &str) -> Option<String> {
    String::from_utf8(Assets::get(path)?.data.into_owned()).ok()
}

/// One of the build's files as the browser asked for it (its compressed copy, its caching).
pub fn embedded(path: &str, request: &HeaderMap) -> Option<Response> {
    let file = Assets::get(path)?;
    let mime = HeaderValue::from_str(file.metadata.mimetype())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let (encoding, file) = precompressed(path, request)
        .map_or((None, file), |(encoding, copy)| (Some(encoding), copy));
    let etag = format!(
        "\"{}{}\"",
        hex(&file.metadata.sha256_hash()[..16]),
        encoding.map_or(String::new(), |e| format!("-{e}"))
    );
    let cache = cache_control(path);
    let mut response = if request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        == Some(etag.as_str())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Response::new(Body::from(file.data));
        response.headers_mut().insert(header::CONTENT_TYPE, mime);
        if let Some(encoding) = encoding {
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(
        header::ETAG,
        HeaderValue::from_str(&etag).expect("hex is ASCII"),
    );
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Some(response)
}

/// The build's brotli or gzip copy of `path` when the browser accepts that encoding.
fn precompressed(path: &str, request: &HeaderMap) -> Option<(&'static str, EmbeddedFile)> {
    let accepted = request
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    [("br", "br"), ("gzip", "gz")]
        .into_iter()
        .filter(|(encoding, _)| accepts(accepted, encoding))
        .find_map(|(encoding, extension)| {
            Some((encoding, Assets::get(&format!("{path}.{extension}"))?))
        })
}

/// Whether an `Accept-Encoding` value accepts `encoding` (listed, and not with `q=0`).
pub(crate) fn accepts(accept_encoding: &str, encoding: &str) -> bool {
    accept_encoding.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        parts
            .next()
            .is_some_and(|name| name.eq_ignore_ascii_case(encoding))
            && parts.all(|param| {
                param
                    .strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_none_or(|q| q > 0.0)
            })
    })
}

/// Vite names built files `assets/<name>-<hash>.<ext>`: those never change, so cache them for good.
/// `boot.js` (the page's app starter) reads what the page's head holds, which a release may
/// change, so it is checked each time like the page.
fn cache_control(path: &str) -> &'static str {
    if path == "index.html" || path == "boot.js" {
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
/// Whether a path names a file (a missing one is a real 404) rather than a page.
pub fn has_extension(path: &str) -> bool {
    path.rsplit('/')
        .next()
        .and_then(|last| last.rsplit_once('.'))
        .is_some_and(|(_, ext)| ext.chars().any(|c| c.is_ascii_alphabetic()))
}

pub(crate) fn hex(bytes: &[u8]) -> String {
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
    fn accept_encoding_is_read_with_its_weights() {
        let chrome = "gzip, deflate, br, zstd";
        assert!(accepts(chrome, "br") && accepts(chrome, "gzip"));
        assert!(!accepts("gzip", "br"));
        assert!(!accepts("br;q=0, gzip", "br"));
        assert!(accepts("br;q=0.5, gzip", "br"));
        assert!(accepts("GZIP", "gzip"));
        assert!(!accepts("", "gzip"));
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
