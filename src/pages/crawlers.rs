//! What search engines read first: `robots.txt` keeps them out of the API, the admin area and the
//! account pages and names the sitemap; `sitemap.xml` lists every public page at its absolute
//! address (`APP_PUBLIC_URL` and the stored slugs), with the date it last changed where known.

use std::sync::Arc;

use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use minijinja::context;
use serde::Serialize;
use time::{OffsetDateTime, macros::format_description};

use super::{path::FIXED_PAGES, store, templates};
use crate::{
    cache::{Cached, PUBLIC},
    config::Settings,
    db::Db,
    error::AppResult,
};

/// Where crawlers have no business: the API, the admin area and every page behind a login or
/// part of signing up and in.
pub const DISALLOWED: &[&str] = &[
    "/api",
    "/admin",
    "/profile",
    "/favourites",
    "/login",
    "/sign-up",
    "/welcome",
    "/forgot-password",
    "/reset-password",
    "/verify-account",
    "/represent",
];

pub async fn robots(State(settings): State<Arc<Settings>>) -> Response {
    let mut text = String::from("User-agent: *\n");
    for path in DISALLOWED {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str(&format!(
        "\nSitemap: {}/sitemap.xml\n",
        settings.public_url()
    ));
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        text,
    )
        .into_response()
}

#[derive(Serialize)]
struct Entry {
    loc: String,
    lastmod: Option<String>,
}

pub async fn sitemap(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    cached: Cached,
) -> AppResult<Response> {
    let base = settings.public_url().to_owned();
    cached
        .public_text(
            "sitemap.xml".into(),
            "application/xml",
            PUBLIC,
            async move {
                let addresses = db.read(store::catalogue_addresses).await?;
                render(&base, &addresses)
            },
        )
        .await
}

fn render(base: &str, addresses: &[store::CatalogueAddress]) -> AppResult<String> {
    let latest = addresses.iter().filter_map(|a| a.changed).max();
    let entry = |path: &str, changed: Option<i64>| Entry {
        loc: format!("{base}{path}"),
        lastmod: changed.and_then(date),
    };
    let mut entries = vec![entry("/", latest), entry("/industries", latest)];
    entries.extend(
        addresses
            .iter()
            .map(|a| entry(&format!("/industry/{}", a.slugs.join("/")), a.changed)),
    );
    entries.extend(
        FIXED_PAGES
            .iter()
            .filter(|page| page.public)
            .map(|page| entry(page.path, None)),
    );
    templates::render("sitemap.xml", context! { entries })
}

/// A W3C date (`2024-05-01`), as sitemaps write it.
fn date(unix_seconds: i64) -> Option<String> {
    OffsetDateTime::from_unix_timestamp(unix_seconds)
        .ok()?
        .format(format_description!("[year]-[month]-[day]"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sitemap_escapes_and_dates_its_entries() {
        let addresses = [
            store::CatalogueAddress {
                slugs: vec!["hospitality".into()],
                changed: Some(1_714_521_600),
            },
            store::CatalogueAddress {
                slugs: vec!["hospitality".into(), "cook".into()],
                changed: None,
            },
        ];
        let xml = render("https://example.org/a&b", &addresses).unwrap();
        assert!(
            xml.contains("<url><loc>https://example.org/a&amp;b/industry/hospitality</loc><lastmod>2024-05-01</lastmod></url>"),
            "{xml}"
        );
        assert!(
            xml.contains(
                "<url><loc>https://example.org/a&amp;b/industry/hospitality/cook</loc></url>"
            ),
            "no date where none is known: {xml}"
        );
        assert!(
            xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url><loc>https://example.org/a&amp;b/</loc><lastmod>2024-05-01</lastmod></url>"),
            "{xml}"
        );
    }
}
