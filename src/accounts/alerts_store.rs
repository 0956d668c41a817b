//! Alerts in SQLite: each user's choices and time zone, whom to mail, and what a newly
//! approved review says.

use rusqlite::{Connection, OptionalExtension, params};

use super::{
    alert_kinds::{AlertChoice, AlertKind},
    notifications_store::NotificationKind,
};
use crate::vocabulary::Vocabulary;

/// The user's stored choice for `kind`, if they made one.
pub fn choice(
    conn: &Connection,
    user_id: i64,
    kind: AlertKind,
) -> rusqlite::Result<Option<AlertChoice>> {
    let stored: Option<String> = conn
        .prepare_cached(
            "SELECT choice FROM notification_settings WHERE user_id = ?1 AND kind = ?2",
        )?
        .query_row(params![user_id, kind.name()], |row| row.get(0))
        .optional()?;
    Ok(stored.as_deref().and_then(AlertChoice::parse))
}

/// Every stored choice of the user.
pub fn choices(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<(AlertKind, AlertChoice)>> {
    let mut stmt =
        conn.prepare_cached("SELECT kind, choice FROM notification_settings WHERE user_id = ?1")?;
    let rows = stmt.query_map([user_id], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
    })?;
    let mut found = Vec::new();
    for row in rows {
        let (kind, choice) = row?;
        if let (Some(kind), Some(choice)) = (AlertKind::parse(&kind), AlertChoice::parse(&choice)) {
            found.push((kind, choice));
        }
    }
    Ok(found)
}

/// Stores the user's choice for `kind`.
pub fn set_choice(
    conn: &Connection,
    user_id: i64,
    kind: AlertKind,
    choice: AlertChoice,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO notification_settings (user_id, kind, choice) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id, kind) DO UPDATE SET choice = excluded.choice",
    )?
    .execute(params![user_id, kind.name(), choice.name()])?;
    Ok(())
}

/// The user's time zone, if they chose one.
pub fn time_zone(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT time_zone FROM notification_time_zones WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()
}

pub fn set_time_zone(conn: &Connection, user_id: i64, zone: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO notification_time_zones (user_id, time_zone) VALUES (?1, ?2)
         ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone",
    )?
    .execute(params![user_id, zone])?;
    Ok(())
}

/// The address and first name an alert mail goes to; none for a user who is gone.
pub fn recipient(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<(String, String)>> {
    conn.prepare_cached("SELECT email, first_name FROM users WHERE id = ?1")?
        .query_row([user_id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()
}

/// Whether the user was already told this about this review (an approval repeated after a
/// refusal tells nobody twice).
pub fn already_told(
    conn: &Connection,
    user_id: i64,
    review_id: i64,
    kind: NotificationKind,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM notifications WHERE user_id = ?1 AND review_id = ?2 AND kind = ?3)",
    )?
    .query_row(params![user_id, review_id, kind.as_str()], |row| row.get(0))
}

/// An approved review as its alerts describe it.
pub struct PublishedReview {
    pub author_id: i64,
    pub course_id: i64,
    pub provider_id: i64,
    pub title: String,
    pub score_halves: Option<i64>,
    pub course_name: String,
    pub course_slug: String,
    pub provider_name: String,
    pub provider_slug: String,
}

/// The review, when it is approved.
pub fn published_review(
    conn: &Connection,
    review_id: i64,
) -> rusqlite::Result<Option<PublishedReview>> {
    conn.prepare_cached(
        "SELECT r.user_id, r.course_id, r.provider_id, r.title, r.score_halves,
                c.name, c.slug, p.name, p.slug
         FROM reviews r JOIN courses c ON c.id = r.course_id JOIN providers p ON p.id = r.provider_id
         WHERE r.id = ?1 AND r.approved = 1",
    )?
    .query_row([review_id], |row| {
        Ok(PublishedReview {
            author_id: row.get(0)?,
            course_id: row.get(1)?,
            provider_id: row.get(2)?,
            title: row.get(3)?,
            score_halves: row.get(4)?,
            course_name: row.get(5)?,
            course_slug: row.get(6)?,
            provider_name: row.get(7)?,
            provider_slug: row.get(8)?,
        })
    })
    .optional()
}
