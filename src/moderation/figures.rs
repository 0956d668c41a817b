//! `GET /api/moderation/figures`: how moderation went over the last 12 months, for the public
//! page `/about/reviews` (DESIGN decision 19).

use axum::{extract::State, response::Response};
use time::OffsetDateTime;

use super::figures_store::{self, Figures};
use crate::{cache::Cached, db::Db, error::AppResult};

/// The window of the figures: reviews received in the last 365 days, counted from the start of
/// today (UTC), so one day's answers agree and can be kept.
pub const WINDOW_DAYS: i64 = 365;
const DAY: i64 = 86_400;

/// The start of the window on the day of `now` (Unix seconds).
pub fn window_start(now: i64) -> i64 {
    now - now.rem_euclid(DAY) - WINDOW_DAYS * DAY
}

/// What happened to the reviews received in the last 12 months: received, published, awaiting,
/// not published by reason, removed after a report, providers' replies, and the median time
/// from submission to decision. Public.
#[utoipa::path(get, path = "/moderation/figures", tag = "moderation", responses(
    (status = 200, body = Figures),
    (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn figures(State(db): State<Db>, cached: Cached) -> AppResult<Response> {
    let since = window_start(OffsetDateTime::now_utc().unix_timestamp());
    // A submission awaiting moderation moves no public version (V34), but the figures count it.
    let newest = db.read(figures_store::newest_review).await?;
    cached
        .public(
            format!("moderationfigures {since} {newest}"),
            db.read(move |conn| figures_store::figures(conn, since)),
        )
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_starts_at_midnight_a_year_before_today() {
        // 2025-03-01T09:30:00Z
        let now = 1_740_821_400;
        assert_eq!(window_start(now), 1_740_787_200 - 365 * DAY);
    }
}
