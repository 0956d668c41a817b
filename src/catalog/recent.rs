//! The recent score (issue 29): beside the all-time average, the average of the rated reviews
//! whose study ended (or, without a study end, which were written) in the last 24 months. Its
//! counters are kept with the others in the review transactions (DESIGN decision 5) against a
//! stored window start; a daily step moves that start and subtracts the reviews it passes, so
//! the window moves without a recount.

use std::time::Duration;

use time::OffsetDateTime;

use super::{model::average, recent_store};
use crate::{
    dates::unix_now,
    db::Db,
    error::AppError,
    reviews::study::{Month, month_at},
};

/// How many months, this one included, count as recent.
pub const WINDOW_MONTHS: Month = 24;
/// Fewer rated reviews in the window than this and no recent score is given.
pub const MIN_RATED: i64 = 3;
/// What the pages show instead of a recent score from fewer reviews.
pub const NOT_ENOUGH: &str = "Not enough recent reviews";

/// The first month of the window at `now` (Unix seconds): this month and the 23 before it.
pub fn window_start(now: i64) -> Month {
    let date = OffsetDateTime::from_unix_timestamp(now)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
        .date();
    month_at(date) - (WINDOW_MONTHS - 1)
}

/// The recent score from the window's counters, or `None` below [`MIN_RATED`] reviews.
pub fn score(half_sum: i64, rated: i64) -> Option<f64> {
    (rated >= MIN_RATED)
        .then(|| average(half_sum, rated))
        .flatten()
}

/// Moves the window to where it stands at `now`, subtracting the reviews that left it since the
/// last move; nothing when it has not moved (so it may run any number of times). Answers how
/// many offerings changed.
pub async fn move_window(db: &Db, now: i64) -> Result<usize, AppError> {
    let start = window_start(now);
    db.write(move |tx| recent_store::move_start(tx, start))
        .await
}

/// Moves the window at start-up and then daily, for as long as the server runs.
pub async fn daily(db: Db) {
    loop {
        match move_window(&db, unix_now()).await {
            Ok(0) => {}
            Ok(changed) => tracing::info!(changed, "the recent-score window moved"),
            Err(err) => tracing::warn!(error = %err, "moving the recent-score window failed"),
        }
        tokio::time::sleep(Duration::from_secs(24 * 3600)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_is_this_month_and_the_23_before() {
        // 2026-11-27: November 2026 back to December 2024.
        assert_eq!(window_start(1_795_760_000), 2024 * 12 + 11);
        assert_eq!(score(30, 3), Some(5.0));
        assert_eq!(score(20, 2), None);
    }
}
