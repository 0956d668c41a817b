//! The embedded UI: SPA fallback versus asset 404 versus API 404, caching and security headers.
//! Needs the built UI (`cargo test` builds it; with SKIP_UI_BUILD=1 run `npm run build` in ui/).

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;

const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    ("x-frame-options", "DENY"),
    ("cross-origin-opener-policy", "same-origin"),
];

fn assert_security_headers(res: &common::TestResponse, what: &str) {
    for (name, value) in SECURITY_HEADERS {
        assert_eq!(res.header(name), value, "{what}: {name}");
    }
    let csp = res.header("content-security-policy");
    for directive in [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
    ] {
        assert!(
            csp.contains(directive),
            "{what}: CSP lacks {directive}: {csp}"
        );
    }
    assert!(
        !csp.contains("unsafe-eval") && !csp.contains("script-src 'self' 'unsafe-inline'"),
        "{what}: {csp}"
    );
}

/// The first hashed script the built index.html loads.
async fn built_script(app: &TestApp) -> String {
    let index = app.get("/").await.text();
    let start = index
        .find("<script type=\"module\" crossorigin src=\"/assets/")
        .map(|at| at + index[at..].find("/assets/").unwrap())
        .expect("index.html loads /assets/…: build the UI first (npm run build in ui/)");
    let rest = &index[start..];
    rest[..rest.find('"').unwrap()].to_owned()
}

#[tokio::test]
async fn page_paths_get_the_app_shell_without_caching() {
    let app = TestApp::new().await;
    let mailed_link = "/reset-password/zdVvgSdSOl43gBrmMCni_3HkUkyAAAAAAAAAAAAAAAA.1795335761";
    for path in [
        "/",
        "/industries",
        "/industry/hair-beauty/hairdresser",
        "/login?redirect=%2Ffavourites",
        mailed_link,
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}");
        assert!(
            res.header("content-type").starts_with("text/html"),
            "{path}"
        );
        assert_eq!(res.header("cache-control"), "no-cache", "{path}");
        assert!(
            res.text().contains("<div id=\"root\">"),
            "{path} serves index.html"
        );
        assert_security_headers(&res, path);
    }
    // A path the UI does not route is its not-found page, with a 404 (pages.rs).
    let res = app.get("/no/such/page").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.header("cache-control"), "no-cache");
    assert_security_headers(&res, "/no/such/page");
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_revalidate_by_etag() {
    let app = TestApp::new().await;
    let script = built_script(&app).await;
    let res = app.get(&script).await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(res.header("content-type").contains("javascript"));
    assert_eq!(
        res.header("cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert_security_headers(&res, "asset");

    let etag = res.header("etag").to_owned();
    let again = app.get_with(&script, &[("if-none-match", &etag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
}

#[tokio::test]
async fn the_script_that_starts_the_app_after_the_first_paint_is_always_checked() {
    let app = TestApp::new().await;
    let res = app.get("/boot.js").await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(res.header("content-type").contains("javascript"));
    assert_eq!(res.header("cache-control"), "no-cache");
    assert!(
        res.text().contains("after-first-paint"),
        "it reads the page's template"
    );
    assert_security_headers(&res, "boot.js");
}

#[tokio::test]
async fn assets_are_sent_as_the_builds_compressed_copies_for_clients_that_accept_them() {
    let app = TestApp::new().await;
    let script = built_script(&app).await;
    let plain = app.get(&script).await;
    assert_eq!(
        plain.header("content-encoding"),
        "",
        "no Accept-Encoding: as it is"
    );
    assert_eq!(plain.header("vary"), "accept-encoding");

    let chrome = app
        .get_with(&script, &[("accept-encoding", "gzip, deflate, br, zstd")])
        .await;
    assert_eq!(chrome.header("content-encoding"), "br");
    assert_eq!(chrome.header("vary"), "accept-encoding");
    let mut unbrotlied = Vec::new();
    brotli::BrotliDecompress(&mut chrome.body.as_slice(), &mut unbrotlied).unwrap();
    assert_eq!(unbrotlied, plain.body, "the same bytes once decompressed");
    assert!(
        chrome.body.len() * 3 < plain.body.len(),
        "compressed at a good level"
    );

    let gzip = app.get_with(&script, &[("accept-encoding", "gzip")]).await;
    assert_eq!(gzip.header("content-encoding"), "gzip");
    assert_eq!(common::gunzip(&gzip.body), plain.body);

    let refused = app
        .get_with(&script, &[("accept-encoding", "br;q=0, gzip;q=0")])
        .await;
    assert_eq!(refused.header("content-encoding"), "");
    assert_eq!(refused.body, plain.body);

    // Each encoding is its own representation, revalidated by its own ETag.
    let etags = [&plain, &chrome, &gzip].map(|res| res.header("etag").to_owned());
    assert!(etags[0] != etags[1] && etags[1] != etags[2], "{etags:?}");
    let again = app
        .get_with(
            &script,
            &[
                ("accept-encoding", "gzip, br"),
                ("if-none-match", &etags[1]),
            ],
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn api_answers_are_compressed_for_clients_that_accept_it() {
    let app = TestApp::new().await;
    let res = app
        .get_with("/api/industries", &[("accept-encoding", "gzip")])
        .await;
    assert_eq!(res.header("content-encoding"), "gzip");
    assert!(
        serde_json::from_slice::<serde_json::Value>(&common::gunzip(&res.body))
            .unwrap()
            .is_array()
    );
}

#[tokio::test]
async fn a_missing_file_is_a_404_not_the_app() {
    let app = TestApp::new().await;
    for path in [
        "/assets/index-DOESNOTX.js",
        "/favicon-missing.ico",
        "/industry/x/style.css",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!res.text().contains("id=\"root\""), "{path}");
    }
}

#[tokio::test]
async fn api_404_is_json_not_the_app() {
    let app = TestApp::new().await;
    let res = app.get("/api/industriez").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.error_msg(), "Not found");
    assert_security_headers(&res, "api");
    assert_eq!(res.header("cache-control"), "no-store");
}

#[tokio::test]
async fn pages_only_answer_get_and_head() {
    let app = TestApp::new().await;
    let res = app.send(Method::POST, "/about", &[], "").await;
    assert_eq!(res.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(res.header("allow"), "GET, HEAD");
    let head = app
        .request(
            axum::http::Request::head("/about")
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(head.status, StatusCode::OK);
}
