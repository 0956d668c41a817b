//! The SQL of legal complaints: filing one against a published review or reply, reading them
//! with what they are about and who wrote it, their steps, and the changes a step makes (hide,
//! restore, remove) with the counters recounted in the same transaction.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, Transaction, params, params_from_iter};
use serde::Serialize;
use utoipa::ToSchema;

use super::model::{Author, Complaint, NOT_A_TARGET, NewComplaint, Part, Status, Step, StepKind};
use crate::{catalog::counters_store, dates::iso_date, error::AppError};

/// The note a hidden review's author reads on their reviews page.
pub const HIDDEN_NOTE: &str = "Hidden while a legal complaint about it is considered";

const COMPLAINT: &str = "SELECT lc.id, lc.review_id, lc.part, lc.name, lc.email, lc.on_behalf,
    lc.organisation, lc.link, lc.words, lc.imputations, lc.harm, lc.status, lc.hidden,
    lc.response_due_at, lc.response, lc.responded_at, lc.created_at, lc.closed_at,
    r.title, r.comment, c.name, p.name, r.course_id, r.provider_id, r.industry_id,
    COALESCE(lc.reply_body, rr.body),
    au.id, au.email, au.first_name, au.last_name
  FROM legal_complaints lc
  LEFT JOIN reviews r ON r.id = lc.review_id
  LEFT JOIN courses c ON c.id = r.course_id
  LEFT JOIN providers p ON p.id = r.provider_id
  LEFT JOIN review_replies rr ON rr.review_id = lc.review_id
  LEFT JOIN provider_claims pc ON pc.id = rr.claim_id
  LEFT JOIN users au ON au.id = CASE lc.part WHEN 'review' THEN r.user_id
                                 WHEN 'reply' THEN CASE WHEN lc.reply_body IS NULL
                                                    THEN pc.user_id ELSE lc.reply_author END END";

fn complaint(row: &rusqlite::Row) -> rusqlite::Result<Complaint> {
    let course: Option<i64> = row.get(22)?;
    let provider: Option<i64> = row.get(23)?;
    let author: Option<i64> = row.get(26)?;
    Ok(Complaint {
        id: row.get(0)?,
        review_id: row.get(1)?,
        part: row.get(2)?,
        name: row.get(3)?,
        email: row.get(4)?,
        on_behalf: row.get(5)?,
        organisation: row.get(6)?,
        link: row.get(7)?,
        words: row.get(8)?,
        imputations: row.get(9)?,
        harm: row.get(10)?,
        status: row.get(11)?,
        hidden: row.get(12)?,
        response_due_at: row.get(13)?,
        response: row.get(14)?,
        responded_at: row.get(15)?,
        created_at: row.get(16)?,
        closed_at: row.get(17)?,
        review_title: row.get(18)?,
        review_comment: row.get(19)?,
        course_name: row.get(20)?,
        provider_name: row.get(21)?,
        offering: course
            .zip(provider)
            .map(|(c, p)| Ok::<_, rusqlite::Error>((c, p, row.get(24)?)))
            .transpose()?,
        reply_text: row.get(25)?,
        author: author
            .map(|id| {
                Ok::<_, rusqlite::Error>(Author {
                    id,
                    email: row.get(27)?,
                    first_name: row.get(28)?,
                    last_name: row.get(29)?,
                })
            })
            .transpose()?,
    })
}

/// Whether a link's review (or its reply) is published, so a complaint can be made about it.
fn is_published(conn: &Connection, part: Part, review_id: i64) -> rusqlite::Result<bool> {
    let sql = match part {
        Part::Review => "SELECT 1 FROM reviews WHERE id = ?1 AND approved = 1",
        Part::Reply => {
            "SELECT 1 FROM reviews r JOIN review_replies rr ON rr.review_id = r.id
             WHERE r.id = ?1 AND r.approved = 1 AND rr.hidden = 0"
        }
    };
    Ok(conn
        .prepare_cached(sql)?
        .query_row([review_id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Whether an open complaint keeps this review hidden: nobody may publish it, nor its author
/// send it back, until the complaint is decided.
pub fn holds_hidden(conn: &Connection, review_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM legal_complaints
             WHERE review_id = ?1 AND part = 'review' AND status = 'open' AND hidden = 1",
        )?
        .query_row([review_id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// The verified account with the complainant's email, if there is one: it is told each step in
/// the site as well.
pub fn account_of(conn: &Connection, email: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT id FROM users WHERE email = ?1 AND verified_at IS NOT NULL")?
        .query_row([email], |row| row.get(0))
        .optional()
}

/// Stores a complaint with its first step; its id.
pub fn insert(tx: &Transaction, new: &NewComplaint) -> Result<i64, AppError> {
    if !is_published(tx, new.part, new.review_id)? {
        return Err(AppError::invalid(Some("link"), NOT_A_TARGET));
    }
    tx.execute(
        "INSERT INTO legal_complaints (review_id, part, name, email, on_behalf, organisation,
                                       link, words, imputations, harm)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            new.review_id,
            new.part,
            new.name,
            new.email,
            new.on_behalf,
            new.organisation,
            new.link,
            new.words,
            new.imputations,
            new.harm
        ],
    )?;
    let id = tx.last_insert_rowid();
    add_step(tx, id, StepKind::Received, None, None)?;
    Ok(id)
}

/// One complaint, if there is one with this id.
pub fn one(conn: &Connection, id: i64) -> rusqlite::Result<Option<Complaint>> {
    conn.prepare_cached(&format!("{COMPLAINT} WHERE lc.id = ?1"))?
        .query_row([id], complaint)
        .optional()
}

/// The open complaints, the oldest (the least time left) first; or the 50 latest closed ones.
pub fn list(conn: &Connection, open: bool) -> rusqlite::Result<Vec<Complaint>> {
    let sql = if open {
        format!("{COMPLAINT} WHERE lc.status = 'open' ORDER BY lc.created_at, lc.id")
    } else {
        format!(
            "{COMPLAINT} WHERE lc.status <> 'open' ORDER BY lc.closed_at DESC, lc.id DESC LIMIT 50"
        )
    };
    conn.prepare_cached(&sql)?
        .query_map([], complaint)?
        .collect()
}

/// How many complaints are open, for the admin menu's badge.
pub fn open_count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COUNT(*) FROM legal_complaints WHERE status = 'open'")?
        .query_row([], |row| row.get(0))
}

/// The complaints whose author `user` was asked to respond to, the latest first.
pub fn asked_of(conn: &Connection, user: i64) -> rusqlite::Result<Vec<Complaint>> {
    conn.prepare_cached(&format!(
        "{COMPLAINT} WHERE lc.response_due_at IS NOT NULL AND au.id = ?1
         ORDER BY lc.response_due_at DESC, lc.id DESC"
    ))?
    .query_map([user], complaint)?
    .collect()
}

/// The steps of the given complaints, in order, by complaint.
pub fn steps_of(conn: &Connection, ids: &[i64]) -> rusqlite::Result<HashMap<i64, Vec<Step>>> {
    let mut steps = HashMap::<i64, Vec<Step>>::new();
    if ids.is_empty() {
        return Ok(steps);
    }
    let (marks, values) = crate::db::in_list(ids);
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT complaint_id, step, note, created_at FROM legal_complaint_steps
         WHERE complaint_id IN ({marks}) ORDER BY id"
    ))?;
    let rows = stmt.query_map(params_from_iter(values), |row| {
        Ok((
            row.get::<_, i64>(0)?,
            Step {
                step: row.get(1)?,
                note: row.get(2)?,
                at: iso_date(row.get(3)?),
            },
        ))
    })?;
    for row in rows {
        let (id, step) = row?;
        steps.entry(id).or_default().push(step);
    }
    Ok(steps)
}

/// Records a step, now.
pub fn add_step(
    tx: &Transaction,
    id: i64,
    step: StepKind,
    note: Option<&str>,
    by: Option<i64>,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO legal_complaint_steps (complaint_id, step, note, by_user) VALUES (?1, ?2, ?3, ?4)",
        params![id, step, note, by],
    )?;
    Ok(())
}

fn recount(tx: &Transaction, complaint: &Complaint) -> rusqlite::Result<()> {
    if let Some((course, provider, industry)) = complaint.offering {
        counters_store::recount_offerings(tx, &[(course, provider)], industry.as_slice())?;
    }
    Ok(())
}

/// Takes what is complained of off the site while the complaint is considered.
pub fn hide(tx: &Transaction, complaint: &Complaint) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE legal_complaints SET hidden = 1 WHERE id = ?1",
        [complaint.id],
    )?;
    match complaint.part {
        Part::Review => {
            tx.execute(
                "UPDATE reviews SET actioned = 1, approved = 0, decision_reason = 'other',
                        decision_note = ?2 WHERE id = ?1 AND approved = 1",
                params![complaint.review_id, HIDDEN_NOTE],
            )?;
            recount(tx, complaint)
        }
        Part::Reply => {
            tx.execute(
                "UPDATE review_replies SET hidden = 1 WHERE review_id = ?1",
                [complaint.review_id],
            )?;
            Ok(())
        }
    }
}

/// Publishes again what a complaint hid (a review still as the complaint left it).
pub fn restore(tx: &Transaction, complaint: &Complaint) -> rusqlite::Result<()> {
    match complaint.part {
        Part::Review => {
            tx.execute(
                "UPDATE reviews SET approved = 1, decision_reason = NULL, decision_note = NULL
                 WHERE id = ?1 AND actioned = 1 AND approved = 0 AND decision_note = ?2",
                params![complaint.review_id, HIDDEN_NOTE],
            )?;
            recount(tx, complaint)
        }
        Part::Reply => {
            tx.execute(
                "UPDATE review_replies SET hidden = 0 WHERE review_id = ?1",
                [complaint.review_id],
            )?;
            Ok(())
        }
    }
}

/// Takes what is complained of off the site for good, its author told `note`: a review stays
/// unpublished (its author may edit and send it back); a reply is deleted.
pub fn remove(tx: &Transaction, complaint: &Complaint, note: &str) -> rusqlite::Result<()> {
    match complaint.part {
        Part::Review => {
            tx.execute(
                "UPDATE reviews SET actioned = 1, approved = 0, decision_reason = 'other',
                        decision_note = ?2 WHERE id = ?1",
                params![complaint.review_id, note],
            )?;
            recount(tx, complaint)
        }
        Part::Reply => {
            // The complaints about this reply keep it; the reply goes, so that its provider can
            // write a new one.
            tx.execute(
                "UPDATE legal_complaints
                 SET reply_body = (SELECT body FROM review_replies WHERE review_id = ?1),
                     reply_author = (SELECT pc.user_id FROM review_replies rr
                                     JOIN provider_claims pc ON pc.id = rr.claim_id
                                     WHERE rr.review_id = ?1)
                 WHERE review_id = ?1 AND part = 'reply' AND reply_body IS NULL",
                [complaint.review_id],
            )?;
            tx.execute(
                "DELETE FROM review_replies WHERE review_id = ?1",
                [complaint.review_id],
            )?;
            Ok(())
        }
    }
}

/// Closes a complaint as kept or removed.
pub fn close(tx: &Transaction, id: i64, status: Status) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE legal_complaints SET status = ?2, closed_at = unixepoch() WHERE id = ?1",
        params![id, status],
    )?;
    Ok(())
}

/// Gives the author until `due` (Unix seconds) to respond.
pub fn ask_author(tx: &Transaction, id: i64, due: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE legal_complaints SET response_due_at = ?2 WHERE id = ?1",
        params![id, due],
    )?;
    Ok(())
}

/// Keeps the author's response.
pub fn respond(tx: &Transaction, id: i64, text: &str) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE legal_complaints SET response = ?2, responded_at = unixepoch() WHERE id = ?1",
        params![id, text],
    )?;
    Ok(())
}

/// The complaints received in a window and what became of them, for `/about/reviews`.
#[derive(Debug, Serialize, ToSchema, PartialEq)]
pub struct ComplaintFigures {
    /// Legal complaints received in the window.
    pub received: i64,
    /// Of those, still being considered.
    pub open: i64,
    /// Of those, closed with what they complained of kept.
    pub kept: i64,
    /// Of those, closed with what they complained of removed.
    pub removed: i64,
}

/// The figures of the complaints received since `since` (Unix seconds).
pub fn figures(conn: &Connection, since: i64) -> rusqlite::Result<ComplaintFigures> {
    conn.prepare_cached(
        "SELECT COUNT(*), COALESCE(SUM(status = 'open'), 0), COALESCE(SUM(status = 'kept'), 0),
                COALESCE(SUM(status = 'removed'), 0)
         FROM legal_complaints WHERE created_at >= ?1",
    )?
    .query_row([since], |row| {
        Ok(ComplaintFigures {
            received: row.get(0)?,
            open: row.get(1)?,
            kept: row.get(2)?,
            removed: row.get(3)?,
        })
    })
}
