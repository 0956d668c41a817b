//! The pages a browser or a crawler asks for (DESIGN decision 18): each page path gets an honest
//! status (a real 404 with the friendly not-found page for an unknown industry, career, course
//! or provider; a 301 from `/industry` alone to `/industries`), and the UI's `index.html` for
//! the client-side router to draw. Unknown paths still get the UI, which sends them home as
//! the spec says. `robots.txt` and `sitemap.xml` are written here too.

mod crawlers;
mod load;
mod path;
mod store;
mod templates;

use axum::{
    Router,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Response},
    routing::get,
};

use crate::AppState;
use load::Outcome;
use path::PagePath;

/// The brand in every page title, as the UI writes it (`ui/src/config/site.ts`).
pub const BRAND: &str = "CourseSource";

/// The crawlers' files; every other page path reaches [`page`] through the UI's fallback.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(crawlers::robots))
        .route("/sitemap.xml", get(crawlers::sitemap))
}

/// Answers a page path (anything that is not the API or an embedded file).
pub async fn page(state: &AppState, path: &str, request: &HeaderMap) -> Response {
    let owned = path.to_owned();
    let outcome = state
        .db
        .read(move |conn| load::load(conn, PagePath::parse(&owned)))
        .await;
    match outcome {
        Ok(Outcome::Moved(to)) => (
            StatusCode::MOVED_PERMANENTLY,
            [(header::LOCATION, HeaderValue::from_static(to))],
        )
            .into_response(),
        Ok(Outcome::NotFound(heading)) => not_found(heading),
        Ok(Outcome::Found | Outcome::Unknown) => crate::web::index_html(request),
        Err(error) => error.into_response(),
    }
}

/// The UI, which draws the friendly not-found page, with a 404 and the page's own title.
fn not_found(heading: &str) -> Response {
    let Some(html) = crate::web::index_html_text() else {
        return (StatusCode::NOT_FOUND, "Not found").into_response();
    };
    let title = format!(
        "<title>{heading} | {BRAND}</title>\n    <meta name=\"robots\" content=\"noindex\" />"
    );
    let html = html.replacen(&format!("<title>{BRAND}</title>"), &title, 1);
    (
        StatusCode::NOT_FOUND,
        [(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"))],
        Html(html),
    )
        .into_response()
}
