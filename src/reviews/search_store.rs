//! The search inside a pair's reviews in SQLite (V20's `review_search`): how many match, and
//! the page's titles and comments with highlight()'s marks. The page itself is `store`'s list
//! query with `MATCHES` added.

use rusqlite::{Connection, OptionalExtension, params};

use super::{
    questions::ReviewerType,
    search::{CLOSE, OPEN},
};

/// Fills the search index again from the approved reviews, after a bulk load that ran without
/// its triggers (`moderation::store::bulk_load`).
pub fn refill(tx: &Connection) -> rusqlite::Result<()> {
    tx.execute_batch(
        "INSERT INTO review_search (review_search) VALUES ('delete-all');
         INSERT INTO review_search (rowid, title, comment, pair)
         SELECT id, title, comment, 'p' || provider_id || 'c' || course_id FROM reviews WHERE approved = 1;",
    )
}

/// The clause keeping the reviews the search's FTS5 query (parameter `?at`) finds; the query
/// names the pair, so the index reads only that pair's doclist and the searched words.
pub fn matches(at: u8) -> String {
    format!("r.id IN (SELECT rowid FROM review_search WHERE review_search MATCH ?{at})")
}

/// How many of the pair's (course, provider) approved reviews of this reviewer type (or both)
/// and whole stars (or all) the search finds.
pub fn count(
    conn: &Connection,
    (course_id, provider_id): (i64, i64),
    (user_type, stars): (Option<ReviewerType>, Option<i64>),
    expression: &str,
) -> rusqlite::Result<i64> {
    // Two texts rather than `(? IS NULL OR ...)`, as in the list's own query.
    let by_type = if user_type.is_some() {
        "r.user_type = ?3"
    } else {
        "?3 IS NULL"
    };
    let by_stars = if stars.is_some() {
        "r.score_halves BETWEEN ?4 AND ?4 + 1"
    } else {
        "?4 IS NULL"
    };
    conn.prepare_cached(&format!(
        "SELECT COUNT(*) FROM reviews r
         WHERE r.course_id = ?1 AND r.provider_id = ?2 AND r.approved = 1 AND {by_type}
           AND {by_stars} AND {}",
        matches(5)
    ))?
    .query_row(
        params![
            course_id,
            provider_id,
            user_type,
            stars.map(|stars| stars * 2),
            expression
        ],
        |row| row.get(0),
    )
}

/// The title and comment of each of `ids` the search finds, its matches between `OPEN` and
/// `CLOSE`.
pub fn marked(
    conn: &Connection,
    expression: &str,
    ids: &[i64],
) -> rusqlite::Result<Vec<(i64, String, String)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT highlight(review_search, 0, ?2, ?3), highlight(review_search, 1, ?2, ?3)
         FROM review_search WHERE review_search MATCH ?1 AND rowid = ?4",
    )?;
    let (open, close) = (OPEN.to_string(), CLOSE.to_string());
    let mut found = Vec::with_capacity(ids.len());
    for id in ids {
        let row = stmt
            .query_row(params![expression, open, close, id], |row| {
                Ok((*id, row.get(0)?, row.get(1)?))
            })
            .optional()?;
        found.extend(row);
    }
    Ok(found)
}
