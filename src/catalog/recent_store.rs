//! The recent window's start and its daily move (`catalog::recent`).

use rusqlite::{Connection, Transaction};

use crate::reviews::study::Month;

/// The first month the recent counters count.
pub fn start_month(conn: &Connection) -> rusqlite::Result<Month> {
    conn.query_row("SELECT start_month FROM recent_window", [], |row| {
        row.get(0)
    })
}

/// Moves the window's start forward to `start`, subtracting from each offering the rated
/// approved reviews whose recent month it passes (read through the `reviews_recent` index).
/// A start not after the stored one changes nothing. Answers how many offerings changed.
pub fn move_start(tx: &Transaction, start: Month) -> rusqlite::Result<usize> {
    let from = start_month(tx)?;
    if start <= from {
        return Ok(0);
    }
    let changed = tx.execute(
        "UPDATE offerings SET recent_rated_count = recent_rated_count - gone.n,
                recent_score_half_sum = recent_score_half_sum - gone.half_sum
         FROM (SELECT course_id, provider_id, COUNT(*) AS n, SUM(score_halves) AS half_sum FROM reviews
               WHERE approved = 1 AND score_halves > 0 AND recent_month >= ?1 AND recent_month < ?2
               GROUP BY course_id, provider_id) AS gone
         WHERE offerings.course_id = gone.course_id AND offerings.provider_id = gone.provider_id",
        [from, start],
    )?;
    tx.execute("UPDATE recent_window SET start_month = ?1", [start])?;
    Ok(changed)
}
