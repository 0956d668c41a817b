//! The weekly digest in SQLite: who has news in a week, what it is, and the one row per user
//! and week that makes the digest go out once.

use rusqlite::{Connection, params};

const USERS_WITH_NEWS: &str = "SELECT DISTINCT n.user_id FROM notifications n
     LEFT JOIN notification_time_zones z ON z.user_id = n.user_id
     WHERE n.kind IN ('followed-review', 'provider-review')
       AND n.created_at > ?1 AND n.created_at <= ?2
       AND IFNULL(z.time_zone, ?3) = ?4";

/// The users of `zone` (a user without a zone is in `default_zone`) with alerts of the digest's
/// kinds written in `(from, to]`: one pass over that week's alerts in `notifications_for_digest`
/// alone (V30: it holds the kind, so no alert is read from the table).
pub fn users_with_news(
    conn: &Connection,
    zone: &str,
    default_zone: &str,
    (from, to): (i64, i64),
) -> rusqlite::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(USERS_WITH_NEWS)?;
    stmt.query_map(params![from, to, default_zone, zone], |row| row.get(0))?
        .collect()
}

/// Claims the user's digest of `week`; false when it was already claimed (a second server or
/// a run before a restart sent it).
pub fn claim(conn: &Connection, user_id: i64, week: i64) -> rusqlite::Result<bool> {
    let added = conn
        .prepare_cached("INSERT OR IGNORE INTO digest_weeks (user_id, week) VALUES (?1, ?2)")?
        .execute(params![user_id, week])?;
    Ok(added == 1)
}

/// Records the mail a claimed digest queued.
pub fn set_mail(conn: &Connection, user_id: i64, week: i64, mail_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE digest_weeks SET mail_id = ?3 WHERE user_id = ?1 AND week = ?2")?
        .execute(params![user_id, week, mail_id])?;
    Ok(())
}

/// One new review in a digest.
pub struct DigestReview {
    /// 'followed-review' or 'provider-review': the alert that told the user.
    pub kind: String,
    pub title: String,
    pub score_halves: Option<i64>,
    pub told_at: i64,
    pub course_name: String,
    pub course_slug: String,
    pub provider_name: String,
    pub provider_slug: String,
}

/// The user's alerts of the digest's kinds written in `(from, to]` whose review is still
/// approved and still theirs to hear of: followed, or of the provider they still represent.
/// Grouped by course and provider, oldest first within each.
pub fn news(
    conn: &Connection,
    user_id: i64,
    (from, to): (i64, i64),
) -> rusqlite::Result<Vec<DigestReview>> {
    let mut stmt = conn.prepare_cached(
        "SELECT n.kind, r.title, r.score_halves, n.created_at, c.name, c.slug, p.name, p.slug
         FROM notifications n
         JOIN reviews r ON r.id = n.review_id AND r.approved = 1
         JOIN courses c ON c.id = r.course_id
         JOIN providers p ON p.id = r.provider_id
         WHERE n.user_id = ?1 AND n.created_at > ?2 AND n.created_at <= ?3
           AND CASE n.kind
             WHEN 'followed-review' THEN EXISTS (
               SELECT 1 FROM follows f WHERE f.user_id = n.user_id
                 AND ((f.course_id = r.course_id AND (f.provider_id = r.provider_id OR f.provider_id IS NULL))
                   OR (f.course_id IS NULL AND f.provider_id = r.provider_id)))
             WHEN 'provider-review' THEN EXISTS (
               SELECT 1 FROM provider_claims pc WHERE pc.user_id = n.user_id
                 AND pc.provider_id = r.provider_id AND pc.status = 'approved')
             ELSE 0 END
         ORDER BY c.name, p.name, r.course_id, r.provider_id, n.created_at, n.id",
    )?;
    stmt.query_map(params![user_id, from, to], |row| {
        Ok(DigestReview {
            kind: row.get(0)?,
            title: row.get(1)?,
            score_halves: row.get(2)?,
            told_at: row.get(3)?,
            course_name: row.get(4)?,
            course_slug: row.get(5)?,
            provider_name: row.get(6)?,
            provider_slug: row.get(7)?,
        })
    })?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each zone's pass reads the week's alerts from the index alone: at a million alerts a
    /// pass that reads each from the table takes seconds, and a run makes one per zone.
    #[test]
    fn who_has_news_is_read_from_the_digest_index_alone() {
        let plan = crate::db::query_plan(
            USERS_WITH_NEWS,
            params![0, 1, "Australia/Sydney", "Australia/Perth"],
        );
        assert!(
            plan.contains("SEARCH n USING COVERING INDEX notifications_for_digest (created_at>? AND created_at<?)"),
            "{plan}"
        );
    }
}
