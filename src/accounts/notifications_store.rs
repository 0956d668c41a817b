//! The SQL of in-app notifications: the one function every area writes them with, and the
//! reads and marks of the notifications page.

use rusqlite::{Connection, params};
use serde::Serialize;
use utoipa::ToSchema;

use crate::fields::Id;

/// What a notification is about; its name is stored and sent as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotificationKind {
    ReviewApproved,
    ReviewDisapproved,
    ReviewRemoved,
    ReportOutcome,
    RepresentativeDecision,
    ReviewReply,
    /// A new approved review of something the user follows.
    FollowedReview,
    /// A new approved review of the provider the user represents.
    ProviderReview,
    /// A step of a legal complaint the user made, or one about what they wrote.
    LegalComplaint,
}

impl NotificationKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ReviewApproved => "review-approved",
            Self::ReviewDisapproved => "review-disapproved",
            Self::ReviewRemoved => "review-removed",
            Self::ReportOutcome => "report-outcome",
            Self::RepresentativeDecision => "representative-decision",
            Self::ReviewReply => "review-reply",
            Self::FollowedReview => "followed-review",
            Self::ProviderReview => "provider-review",
            Self::LegalComplaint => "legal-complaint",
        }
    }
}

/// Tells `user_id` `message` in the site, in the caller's transaction (about `review_id`
/// where there is one). The one way a notification is written; the kinds a user chooses how to
/// hear about come through `accounts::alerts::send`, which honours that choice.
pub fn notify(
    conn: &Connection,
    user_id: i64,
    review_id: Option<i64>,
    kind: NotificationKind,
    message: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO notifications (user_id, review_id, kind, message) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![user_id, review_id, kind.as_str(), message])?;
    Ok(())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    #[serde(rename = "_id")]
    pub id: Id,
    pub kind: String,
    pub message: String,
    pub read: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// Where the review it is about can be read: its course-provider page, while published.
    pub review_page: Option<String>,
    /// Whether that review is the user's own (they answer a legal complaint from their reviews).
    pub own_review: bool,
}

/// One page of a user's notifications (review outcomes), newest first, and how many there are.
pub fn notifications(
    conn: &Connection,
    user_id: i64,
    limit: i64,
    offset: i64,
) -> rusqlite::Result<(Vec<Notification>, i64)> {
    let mut stmt = conn.prepare_cached(
        "SELECT n.id, n.kind, n.message, n.read_at IS NOT NULL, n.created_at,
                CASE WHEN r.approved = 1 THEN '/course/' || c.slug || '/' || p.slug END,
                COALESCE(r.user_id = n.user_id, 0)
         FROM notifications n LEFT JOIN reviews r ON r.id = n.review_id
         LEFT JOIN courses c ON c.id = r.course_id LEFT JOIN providers p ON p.id = r.provider_id
         WHERE n.user_id = ?1 ORDER BY n.created_at DESC, n.id DESC LIMIT ?2 OFFSET ?3",
    )?;
    let page = stmt
        .query_map(params![user_id, limit, offset], |row| {
            Ok(Notification {
                id: row.get(0)?,
                kind: row.get(1)?,
                message: row.get(2)?,
                read: row.get(3)?,
                created_at: row.get(4)?,
                review_page: row.get(5)?,
                own_review: row.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let total = conn.query_row(
        "SELECT COUNT(*) FROM notifications WHERE user_id = ?1",
        [user_id],
        |row| row.get(0),
    )?;
    Ok((page, total))
}

pub fn unread_notifications(conn: &Connection, user_id: i64) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COUNT(*) FROM notifications WHERE user_id = ?1 AND read_at IS NULL",
        [user_id],
        |row| row.get(0),
    )
}

pub fn mark_notifications_read(tx: &rusqlite::Transaction, user_id: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE notifications SET read_at = unixepoch() WHERE user_id = ?1 AND read_at IS NULL",
        [user_id],
    )?;
    Ok(())
}
