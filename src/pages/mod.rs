//! The pages a browser or a crawler asks for (DESIGN decision 18). Each page path gets an honest
//! status (a real 404 with the friendly not-found page for an unknown industry, career, course
//! or provider; a 301 from `/industry` alone to `/industries`) and the UI's `index.html` with the
//! page written in: its head (title, description, canonical, OpenGraph, JSON-LD), what a browser
//! without JavaScript shows, the API answers the page draws from, and preloads of its lazy
//! chunks and the font. A page is kept in the answer cache until the data changes. Unknown
//! paths get the UI as it is, which sends them home as the spec says. `robots.txt` and
//! `sitemap.xml` are written here too.

mod crawlers;
mod document;
mod first_data;
mod load;
mod path;
mod store;
mod templates;
mod view;

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header},
    response::{Html, IntoResponse, Response},
    routing::get,
};

use crate::{cache::Cached, error::AppError, state::AppState, web};
use first_data::FirstData;
use load::{Outcome, Page};
use path::PagePath;
use view::{NOT_FOUND_TITLE, View};

/// The brand in every page title, as the UI writes it (`ui/src/config/site.ts`).
pub const BRAND: &str = "CourseSource";
/// Pages name the build's hashed files: browsers and shared caches check them every time.
const PAGE_CACHE_CONTROL: &str = "no-cache";
const HTML: &str = "text/html; charset=utf-8";

/// The crawlers' files; every other page path reaches [`page`] through the UI's fallback.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(crawlers::robots))
        .route("/sitemap.xml", get(crawlers::sitemap))
}

/// Answers every request that no API route took.
pub async fn static_or_spa(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    cached: Cached,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty() {
        if let Some(response) =
            web::embedded(path, &headers).filter(|_| !path.starts_with(".vite/"))
        {
            return response;
        }
        if web::has_extension(path) {
            return (StatusCode::NOT_FOUND, "Not found").into_response();
        }
    }
    page(&state, uri.path(), cached).await
}

/// Answers a page path (anything that is not the API or an embedded file).
async fn page(state: &AppState, path: &str, cached: Cached) -> Response {
    // A page with a token or an id in its path (`/reset-password/<token>`) is kept once.
    let key = match PagePath::parse(path) {
        PagePath::Unknown => return not_found(NOT_FOUND_TITLE, state.settings.public_url()),
        PagePath::Moved(to) => {
            return (
                StatusCode::MOVED_PERMANENTLY,
                [(header::LOCATION, HeaderValue::from_static(to))],
            )
                .into_response();
        }
        PagePath::Fixed(fixed) => fixed.path,
        _ => path,
    };
    let base = state.settings.public_url().to_owned();
    let owned = path.to_owned();
    let db = state.db.clone();
    let answer = cached
        .public_text(
            format!("page {key}"),
            HTML,
            PAGE_CACHE_CONTROL,
            async move {
                match db
                    .read(move |conn| load::load(conn, PagePath::parse(&owned)))
                    .await?
                {
                    Outcome::Found { page, strip } => {
                        let data = FirstData::of(&page, &strip).map_err(anyhow::Error::from)?;
                        document::render(&View::of(&page, &base), Some(module(&page)), Some(&data))
                    }
                    // Not kept: the not-found page is answered below, with its 404.
                    Outcome::NotFound(heading) => Err(AppError::NotFound(heading.into())),
                    // Answered from the path before (see above); the plain UI otherwise.
                    Outcome::Unknown => Ok(crate::web::index_html_text().unwrap_or_default()),
                }
            },
        )
        .await;
    match answer {
        Ok(response) => response,
        Err(AppError::NotFound(heading)) => not_found(&heading, state.settings.public_url()),
        Err(error) => error.into_response(),
    }
}

/// The UI source file of a page's lazy chunk (`ui/src/app/routes.ts` names the same files).
fn module(page: &Page) -> &'static str {
    match page {
        Page::Home { .. }
        | Page::Industries { .. }
        | Page::Industry { .. }
        | Page::Career { .. }
        | Page::CourseProviders { .. } => "src/app/catalog-pages.ts",
        Page::CourseProvider { .. } => "src/app/review-pages.ts",
        Page::Compare { .. } => "src/features/reviews/routes/compare-page.tsx",
        Page::Fixed(fixed) => fixed.module,
    }
}

/// The UI, which draws the friendly not-found page, with a 404 and the page's own title.
fn not_found(heading: &str, base: &str) -> Response {
    match document::render(&View::not_found(heading, base), None, None) {
        Ok(html) => (
            StatusCode::NOT_FOUND,
            [(
                header::CACHE_CONTROL,
                HeaderValue::from_static(PAGE_CACHE_CONTROL),
            )],
            Html(html),
        )
            .into_response(),
        Err(error) => error.into_response(),
    }
}
