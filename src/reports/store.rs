//! The SQL of reports: a reader's report of a published review, the admins' list of reviews
//! with open reports, and their decision (keep, or remove with a reason), which withdraws the
//! review, recounts its counters and tells the author and the reporters, in one transaction.

use rusqlite::{Connection, OptionalExtension, Transaction, params, params_from_iter};
use serde::Serialize;
use utoipa::ToSchema;

use super::mails::{self, Removal};
use crate::{
    catalog::counters_store,
    config::Settings,
    dates::iso_date,
    error::{AppError, ErrorItem},
    fields::Id,
    moderation::{
        reasons,
        store::{self as moderation, ModerationReview},
    },
};

pub const REVIEW_NOT_FOUND: &str = "Review not found";
pub const OWN_REVIEW: &str = "You cannot report your own review.";
pub const ALREADY_REPORTED: &str = "You have already reported this review.";
pub const NOT_PUBLISHED: &str = "Only published reviews can be reported.";
pub const NOTHING_OPEN: &str = "This review has no open reports.";

/// Reviews with open reports a page.
pub const PAGE_SIZE: i64 = 10;

/// Records `reporter`'s report of a published review by someone else.
pub fn report(
    tx: &Transaction,
    review_id: i64,
    reporter: i64,
    reason: &str,
    note: Option<&str>,
) -> Result<(), AppError> {
    let found: Option<(i64, bool)> = tx
        .query_row(
            "SELECT user_id, approved FROM reviews WHERE id = ?1",
            [review_id],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()?;
    let (author, approved) = found.ok_or_else(|| AppError::NotFound(REVIEW_NOT_FOUND.into()))?;
    if author == reporter {
        return Err(AppError::Forbidden(OWN_REVIEW.into()));
    }
    if !approved {
        return Err(AppError::Conflict(ErrorItem::new(NOT_PUBLISHED)));
    }
    let inserted = tx.execute(
        "INSERT INTO review_reports (review_id, reporter_id, reason, note) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (review_id, reporter_id) DO NOTHING",
        params![review_id, reporter, reason, note],
    )?;
    if inserted == 0 {
        return Err(AppError::Conflict(ErrorItem::new(ALREADY_REPORTED)));
    }
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reporter {
    #[serde(rename = "_id")]
    pub id: Id,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

/// One open report of a review.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenReport {
    #[serde(rename = "_id")]
    pub id: Id,
    /// The reason's key.
    pub reason: String,
    /// The reason as people read it.
    pub label: String,
    /// The reporter's words when the reason is 'Other'.
    pub note: Option<String>,
    pub reporter: Reporter,
    /// ISO 8601, UTC.
    pub created_at: String,
}

/// A published review with its open reports, for the 'Reported' filter.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportedReview {
    pub review: ModerationReview,
    pub reports: Vec<OpenReport>,
}

/// How many reviews have open reports.
pub fn count_reported(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "SELECT COUNT(DISTINCT review_id) FROM review_reports WHERE outcome IS NULL",
    )?
    .query_row([], |row| row.get(0))
}

/// One page of the reviews with open reports, the longest-reported first.
pub fn reported(conn: &Connection, page: i64) -> rusqlite::Result<Vec<ReportedReview>> {
    let ids = conn
        .prepare_cached(
            "SELECT review_id FROM review_reports WHERE outcome IS NULL
             GROUP BY review_id ORDER BY MIN(created_at), review_id LIMIT ?1 OFFSET ?2",
        )?
        .query_map([PAGE_SIZE, (page - 1).saturating_mul(PAGE_SIZE)], |row| {
            row.get::<_, i64>(0)
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let reviews = moderation::by_ids(conn, &ids)?;
    let mut open = open_reports(conn, &ids)?;
    Ok(reviews
        .into_iter()
        .map(|(id, review)| ReportedReview {
            review,
            reports: open.remove(&id).unwrap_or_default(),
        })
        .collect())
}

fn open_reports(
    conn: &Connection,
    ids: &[i64],
) -> rusqlite::Result<std::collections::HashMap<i64, Vec<OpenReport>>> {
    let mut open = std::collections::HashMap::<i64, Vec<OpenReport>>::new();
    if ids.is_empty() {
        return Ok(open);
    }
    let (marks, values) = crate::db::in_list(ids);
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT rr.review_id, rr.id, rr.reason, rr.note, u.id, u.first_name, u.last_name, u.email, rr.created_at
         FROM review_reports rr JOIN users u ON u.id = rr.reporter_id
         WHERE rr.outcome IS NULL AND rr.review_id IN ({marks}) ORDER BY rr.created_at, rr.id"
    ))?;
    let rows = stmt.query_map(params_from_iter(values), |row| {
        Ok((
            row.get::<_, i64>(0)?,
            OpenReport {
                id: row.get(1)?,
                label: reasons::label(&row.get::<_, String>(2)?).to_owned(),
                reason: row.get(2)?,
                note: row.get(3)?,
                reporter: Reporter {
                    id: row.get(4)?,
                    first_name: row.get(5)?,
                    last_name: row.get(6)?,
                    email: row.get(7)?,
                },
                created_at: iso_date(row.get(8)?),
            },
        ))
    })?;
    for row in rows {
        let (review, report) = row?;
        open.entry(review).or_default().push(report);
    }
    Ok(open)
}

/// An admin's answer to a review's open reports.
#[derive(Debug, Clone)]
pub enum Outcome {
    Keep,
    /// Withdraw the review, telling its author this reason (and note).
    Remove {
        /// A key of the reason list.
        reason: &'static str,
        note: Option<String>,
    },
}

/// Keeps or removes a reported review, closing its open reports and telling the reporters; a
/// removal also withdraws the review, recounts its counters and tells its author why.
pub fn decide(
    tx: &Transaction,
    settings: &Settings,
    review_id: i64,
    outcome: &Outcome,
    admin_id: i64,
) -> Result<(), AppError> {
    let removal =
        removal(tx, review_id)?.ok_or_else(|| AppError::NotFound(REVIEW_NOT_FOUND.into()))?;
    let reporters = tx
        .prepare_cached(
            "SELECT reporter_id FROM review_reports WHERE review_id = ?1 AND outcome IS NULL",
        )?
        .query_map([review_id], |row| row.get::<_, i64>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if reporters.is_empty() {
        return Err(AppError::Conflict(ErrorItem::new(NOTHING_OPEN)));
    }
    let word = match outcome {
        Outcome::Keep => "kept",
        Outcome::Remove { .. } => "removed",
    };
    tx.execute(
        "UPDATE review_reports SET outcome = ?2, decided_at = unixepoch(), decided_by = ?3
         WHERE review_id = ?1 AND outcome IS NULL",
        params![review_id, word, admin_id],
    )?;
    if let Outcome::Remove { reason, note } = outcome {
        withdraw(tx, &removal, reason, note.as_deref(), admin_id)?;
        mails::tell_author(
            tx,
            settings,
            &removal,
            reasons::label(reason),
            note.as_deref(),
        )?;
    }
    for reporter in reporters {
        mails::tell_reporter(
            tx,
            settings,
            reporter,
            &removal,
            matches!(outcome, Outcome::Keep),
        )?;
    }
    Ok(())
}

/// Takes a review off the site (approved no more) and recounts what it counted in.
fn withdraw(
    tx: &Transaction,
    removal: &Removal,
    reason: &str,
    note: Option<&str>,
    admin_id: i64,
) -> Result<(), AppError> {
    // The first decision's time stays: the figures' time to a decision is about the queue.
    tx.execute(
        "UPDATE reviews SET actioned = 1, approved = 0, decision_reason = ?2, decision_note = ?3 WHERE id = ?1",
        params![removal.review_id, reason, note],
    )?;
    tx.execute(
        "INSERT INTO review_removals (review_id, reason, note, removed_by) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (review_id) DO UPDATE SET reason = excluded.reason, note = excluded.note,
           removed_by = excluded.removed_by, removed_at = unixepoch()",
        params![removal.review_id, reason, note, admin_id],
    )?;
    counters_store::recount_offerings(
        tx,
        &[(removal.course_id, removal.provider_id)],
        removal.industry_id.as_slice(),
    )?;
    Ok(())
}

/// How many reviews were removed after a report since `since` (Unix seconds), for the public
/// moderation figures.
pub fn count_removals_since(conn: &Connection, since: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COUNT(*) FROM review_removals WHERE removed_at >= ?1")?
        .query_row([since], |row| row.get(0))
}

/// The removed review with what its author is told, read before the removal.
pub fn removal(conn: &Connection, review_id: i64) -> rusqlite::Result<Option<Removal>> {
    conn.query_row(
        "SELECT r.course_id, r.provider_id, r.industry_id, r.user_id, u.email, u.first_name, r.title, c.name, p.name
         FROM reviews r JOIN users u ON u.id = r.user_id
         JOIN courses c ON c.id = r.course_id JOIN providers p ON p.id = r.provider_id
         WHERE r.id = ?1",
        [review_id],
        |row| {
            Ok(Removal {
                review_id,
                course_id: row.get(0)?,
                provider_id: row.get(1)?,
                industry_id: row.get(2)?,
                user_id: row.get(3)?,
                email: row.get(4)?,
                first_name: row.get(5)?,
                title: row.get(6)?,
                course_name: row.get(7)?,
                provider_name: row.get(8)?,
            })
        },
    )
    .optional()
}
