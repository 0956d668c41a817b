//! The SQL of the signals of fake reviews: what a review is checked against, its hashed network
//! (kept 90 days), and the signals stored for the moderation queue.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, Transaction, params, params_from_iter};

use super::signals::{DAY, Signal, SignalKind};

/// What a review is checked with.
pub struct Subject {
    pub user_id: i64,
    pub course_id: i64,
    pub provider_id: i64,
    pub title: String,
    pub comment: String,
    pub created_at: i64,
    pub account_created_at: i64,
}

pub fn subject(conn: &Connection, review_id: i64) -> rusqlite::Result<Option<Subject>> {
    conn.query_row(
        "SELECT r.user_id, r.course_id, r.provider_id, r.title, r.comment, r.created_at, u.created_at
         FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.id = ?1",
        [review_id],
        |row| subject_of(row, 0),
    )
    .optional()
}

/// A [`Subject`] from the row's columns from `at` on, in its fields' order.
fn subject_of(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Subject> {
    Ok(Subject {
        user_id: row.get(at)?,
        course_id: row.get(at + 1)?,
        provider_id: row.get(at + 2)?,
        title: row.get(at + 3)?,
        comment: row.get(at + 4)?,
        created_at: row.get(at + 5)?,
        account_created_at: row.get(at + 6)?,
    })
}

/// An offering's reviews written in `[?3, ?4)`, of course ?1 at provider ?2. `approved IN (0, 1)`
/// (every review) lets the index of the pair's list (course, provider, approved, created_at)
/// read only the window: without it each check read all of a popular pair's reviews.
const OFFERING_WINDOW: &str = "course_id = ?1 AND provider_id = ?2 AND approved IN (0, 1)
     AND created_at >= ?3 AND created_at < ?4";

/// How many reviews of an offering were written in `[from, to)`.
pub fn offering_reviews(
    conn: &Connection,
    course: i64,
    provider: i64,
    from: i64,
    to: i64,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(&format!(
        "SELECT COUNT(*) FROM reviews WHERE {OFFERING_WINDOW}"
    ))?
    .query_row(params![course, provider, from, to], |row| row.get(0))
}

/// Gives the offering's reviews of `[from, to)` that lack it the signal: a burst is flagged on
/// every review in it, each written once however long the burst goes on.
pub fn flag_offering_reviews(
    tx: &Transaction,
    (course, provider, from, to): (i64, i64, i64, i64),
    kind: SignalKind,
    text: &str,
) -> rusqlite::Result<()> {
    tx.prepare_cached(&format!(
        "INSERT OR IGNORE INTO review_signals (review_id, signal, detail)
         SELECT id, ?5, ?6 FROM reviews WHERE {OFFERING_WINDOW}"
    ))?
    .execute(params![course, provider, from, to, kind, text])?;
    Ok(())
}

/// Whether the latest other review of the offering's window `[from, to)` carries `kind`.
pub fn latest_of_window_has(
    conn: &Connection,
    (course, provider, from, to): (i64, i64, i64, i64),
    except: i64,
    kind: SignalKind,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(&format!(
        "SELECT EXISTS (SELECT 1 FROM review_signals WHERE signal = ?6 AND review_id =
             (SELECT MAX(id) FROM reviews WHERE {OFFERING_WINDOW} AND id <> ?5))"
    ))?
    .query_row(params![course, provider, from, to, except, kind], |row| {
        row.get(0)
    })
}

/// The offering's reviews a day over the `days` days before `until`, for the days that had any.
pub fn daily_counts(
    conn: &Connection,
    course: i64,
    provider: i64,
    until: i64,
    days: i64,
) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(&format!(
        "SELECT COUNT(*) FROM reviews WHERE {OFFERING_WINDOW} GROUP BY (created_at - ?3) / ?5"
    ))?
    .query_map(
        params![course, provider, until - days * DAY, until, DAY],
        |row| row.get(0),
    )?
    .collect()
}

pub fn record_network(
    tx: &Transaction,
    review_id: i64,
    provider: i64,
    network: &str,
    now: i64,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT OR REPLACE INTO review_networks (review_id, provider_id, network, created_at)
         VALUES (?1, ?2, ?3, ?4)",
        params![review_id, provider, network, now],
    )?;
    Ok(())
}

/// How many reviews of a provider came from `network` since `since`.
pub fn same_network(
    conn: &Connection,
    provider: i64,
    network: &str,
    since: i64,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "SELECT COUNT(*) FROM review_networks
         WHERE provider_id = ?1 AND network = ?2 AND created_at >= ?3",
    )?
    .query_row(params![provider, network, since], |row| row.get(0))
}

/// Whether the latest other review of the provider from `network` since `since` carries `kind`.
pub fn latest_of_network_has(
    conn: &Connection,
    (provider, network, since): (i64, &str, i64),
    except: i64,
    kind: SignalKind,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM review_signals WHERE signal = ?5 AND review_id =
             (SELECT MAX(review_id) FROM review_networks
              WHERE provider_id = ?1 AND network = ?2 AND created_at >= ?3 AND review_id <> ?4))",
    )?
    .query_row(params![provider, network, since, except, kind], |row| {
        row.get(0)
    })
}

/// Gives the provider's reviews from `network` since `since` that lack it the signal.
pub fn flag_same_network(
    tx: &Transaction,
    (provider, network, since): (i64, &str, i64),
    kind: SignalKind,
    text: &str,
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT OR IGNORE INTO review_signals (review_id, signal, detail)
         SELECT review_id, ?4, ?5 FROM review_networks
         WHERE provider_id = ?1 AND network = ?2 AND created_at >= ?3",
    )?
    .execute(params![provider, network, since, kind, text])?;
    Ok(())
}

/// Deletes the networks stored before `cutoff`; how many went.
pub fn forget_networks_before(tx: &Transaction, cutoff: i64) -> rusqlite::Result<usize> {
    tx.execute(
        "DELETE FROM review_networks WHERE created_at < ?1",
        [cutoff],
    )
}

/// Whether the user's one review is all they have done: no other review, vote, favourite,
/// follow or report.
pub fn first_and_only_activity(conn: &Connection, user: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT (SELECT COUNT(*) FROM reviews WHERE user_id = ?1) = 1
            AND NOT EXISTS (SELECT 1 FROM review_votes WHERE user_id = ?1)
            AND NOT EXISTS (SELECT 1 FROM favourites WHERE user_id = ?1)
            AND NOT EXISTS (SELECT 1 FROM follows WHERE user_id = ?1)
            AND NOT EXISTS (SELECT 1 FROM review_reports WHERE reporter_id = ?1)",
    )?
    .query_row([user], |row| row.get(0))
}

/// Calls `each(review id, grams)` for the provider's other reviews, the latest `limit` first.
pub fn each_provider_grams(
    conn: &Connection,
    provider: i64,
    except: i64,
    limit: i64,
    mut each: impl FnMut(i64, &[u32]),
) -> rusqlite::Result<()> {
    let mut statement = conn.prepare_cached(
        "SELECT review_id, grams FROM review_grams WHERE provider_id = ?1 AND review_id <> ?2
         ORDER BY created_at DESC, review_id DESC LIMIT ?3",
    )?;
    let mut rows = statement.query(params![provider, except, limit])?;
    let mut grams = Vec::new();
    while let Some(row) = rows.next()? {
        let bytes = row.get_ref(1)?.as_blob()?;
        grams.clear();
        grams.extend(
            bytes
                .chunks_exact(4)
                .map(|gram| u32::from_le_bytes([gram[0], gram[1], gram[2], gram[3]])),
        );
        each(row.get(0)?, &grams);
    }
    Ok(())
}

fn bytes(grams: &[u32]) -> Vec<u8> {
    grams.iter().flat_map(|gram| gram.to_le_bytes()).collect()
}

/// Keeps a new review's grams.
pub fn keep_grams(
    conn: &Connection,
    review_id: i64,
    provider: i64,
    created_at: i64,
    grams: &[u32],
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO review_grams (provider_id, created_at, review_id, grams) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![provider, created_at, review_id, bytes(grams)])?;
    Ok(())
}

/// Replaces a review's grams.
pub fn replace_grams(conn: &Connection, review_id: i64, grams: &[u32]) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE review_grams SET grams = ?2 WHERE review_id = ?1")?
        .execute(params![review_id, bytes(grams)])?;
    Ok(())
}

/// Up to `limit` reviews after `after` (by id) that have no kept grams, with what they are
/// checked with.
pub fn without_grams(
    conn: &Connection,
    after: i64,
    limit: i64,
) -> rusqlite::Result<Vec<(i64, Subject)>> {
    conn.prepare_cached(
        "SELECT r.id, r.user_id, r.course_id, r.provider_id, r.title, r.comment, r.created_at, u.created_at
         FROM reviews r JOIN users u ON u.id = r.user_id
         WHERE r.id > ?1 AND NOT EXISTS (SELECT 1 FROM review_grams g WHERE g.review_id = r.id)
         ORDER BY r.id LIMIT ?2",
    )?
    .query_map([after, limit], |row| Ok((row.get(0)?, subject_of(row, 1)?)))?
    .collect()
}

/// A review's title.
pub fn title(conn: &Connection, review_id: i64) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "SELECT title FROM reviews WHERE id = ?1",
        [review_id],
        |row| row.get(0),
    )
    .optional()
}

/// How a reviewer is tied to the provider they review.
pub enum Tie {
    /// They claim (pending or approved) to represent it.
    Representative,
    /// Their email's domain is a representative's work email's.
    Domain(String),
}

pub fn tie(conn: &Connection, user: i64, provider: i64) -> rusqlite::Result<Option<Tie>> {
    conn.prepare_cached(
        "SELECT pc.user_id = u.id, lower(substr(u.email, instr(u.email, '@') + 1))
         FROM provider_claims pc, users u
         WHERE u.id = ?1 AND pc.provider_id = ?2 AND pc.status IN ('pending', 'approved')
           AND (pc.user_id = u.id OR lower(substr(pc.work_email, instr(pc.work_email, '@') + 1))
                                     = lower(substr(u.email, instr(u.email, '@') + 1)))
         ORDER BY pc.user_id = u.id DESC LIMIT 1",
    )?
    .query_row(params![user, provider], |row| {
        Ok(if row.get::<_, bool>(0)? {
            Tie::Representative
        } else {
            Tie::Domain(row.get(1)?)
        })
    })
    .optional()
}

pub fn add(tx: &Transaction, review_id: i64, kind: SignalKind, text: &str) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT OR REPLACE INTO review_signals (review_id, signal, detail) VALUES (?1, ?2, ?3)",
        params![review_id, kind, text],
    )?;
    Ok(())
}

pub fn remove(tx: &Transaction, review_id: i64, kind: SignalKind) -> rusqlite::Result<()> {
    tx.execute(
        "DELETE FROM review_signals WHERE review_id = ?1 AND signal = ?2",
        params![review_id, kind],
    )?;
    Ok(())
}

/// The signals of the given reviews, by review.
pub fn of(conn: &Connection, ids: &[i64]) -> rusqlite::Result<HashMap<i64, Vec<Signal>>> {
    let mut found = HashMap::<i64, Vec<Signal>>::new();
    if ids.is_empty() {
        return Ok(found);
    }
    let (marks, values) = crate::db::in_list(ids);
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT review_id, signal, detail FROM review_signals WHERE review_id IN ({marks})
         ORDER BY review_id, signal"
    ))?;
    let rows = stmt.query_map(params_from_iter(values), |row| {
        Ok((
            row.get::<_, i64>(0)?,
            Signal {
                signal: row.get(1)?,
                text: row.get(2)?,
            },
        ))
    })?;
    for row in rows {
        let (id, signal) = row?;
        found.entry(id).or_default().push(signal);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The burst checks of each submission read only the day's (or the 90 days') reviews of
    /// the offering from its list's index, not every review the offering ever had.
    #[test]
    fn the_offering_window_is_read_as_a_range_of_the_index() {
        let plan = crate::db::query_plan(
            &format!("SELECT COUNT(*) FROM reviews WHERE {OFFERING_WINDOW}"),
            params![1, 2, 0, 86_400],
        );
        assert!(
            plan.contains("INDEX reviews_listed (course_id=? AND provider_id=? AND approved=? AND created_at>? AND created_at<?)"),
            "{plan}"
        );
    }
}
