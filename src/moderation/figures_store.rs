//! The SQL of the public moderation figures (`/about/reviews`, DESIGN decision 19): what
//! happened to the reviews received in a window, read from V7's `reviews_received` index.
//! Every figure is counted here, in [`figures`], so the figures of reports and replies join
//! the same answer when those arrive.

use rusqlite::{Connection, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::reasons::{self, REASONS};
use crate::{
    complaints::store::{self as complaints_store, ComplaintFigures},
    dates::iso_date,
    invitations::{model::InvitationFigures, store as invitations_store},
};

/// How many reviews were not published for one reason.
#[derive(Debug, Serialize, ToSchema, PartialEq)]
pub struct ReasonCount {
    /// The reason's key; null for refusals decided before reasons were recorded.
    pub reason: Option<String>,
    pub label: String,
    pub count: i64,
}

/// What happened to the reviews received from `since` until now.
#[derive(Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    /// The window's start (ISO 8601, UTC): reviews received from then until now count.
    pub since: String,
    /// Reviews submitted in the window.
    pub received: i64,
    /// Of those, approved and published.
    pub published: i64,
    /// Of those, still waiting for a moderator.
    pub awaiting: i64,
    /// Of those, not published, by reason: every reason of the list in its order (zeros
    /// included), then refusals without a recorded reason when there are any.
    pub not_published: Vec<ReasonCount>,
    /// Published reviews of the window withdrawn after a reader's report.
    pub removed_after_report: i64,
    /// Replies posted by providers' representatives in the window.
    pub provider_replies: i64,
    /// Legal complaints (defamation) received in the window and what became of them.
    pub legal_complaints: ComplaintFigures,
    /// Reviews that came through providers' invitations in the window.
    pub invitations: InvitationFigures,
    /// The median time from submission to decision of the window's decided reviews, in
    /// seconds; null when none was decided.
    pub median_seconds_to_decision: Option<f64>,
}

/// The newest review's id (0 when none): a submission awaiting moderation moves it, and no public
/// version (V34), so the figures are kept under both.
pub fn newest_review(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COALESCE(MAX(id), 0) FROM reviews")?
        .query_row([], |row| row.get(0))
}

/// The figures of the reviews received since `since` (Unix seconds).
pub fn figures(conn: &Connection, since: i64) -> rusqlite::Result<Figures> {
    let mut stmt = conn.prepare_cached(
        "SELECT actioned, approved, decision_reason, COUNT(*) FROM reviews
         WHERE created_at >= ?1 GROUP BY 1, 2, 3",
    )?;
    let rows = stmt
        .query_map([since], |row| {
            Ok((
                row.get::<_, bool>(0)?,
                row.get::<_, bool>(1)?,
                row.get::<_, Option<String>>(2)?,
                row.get::<_, i64>(3)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut not_published: Vec<ReasonCount> = REASONS
        .iter()
        .map(|reason| ReasonCount {
            reason: Some(reason.key.to_owned()),
            label: reason.label.to_owned(),
            count: 0,
        })
        .collect();
    let (mut received, mut published, mut awaiting) = (0, 0, 0);
    for (actioned, approved, reason, count) in rows {
        received += count;
        match (actioned, approved) {
            (false, _) => awaiting += count,
            (true, true) => published += count,
            (true, false) => refused(&mut not_published, reason, count),
        }
    }
    Ok(Figures {
        since: iso_date(since),
        received,
        published,
        awaiting,
        not_published,
        removed_after_report: removed_after_report(conn, since)?,
        provider_replies: provider_replies(conn, since)?,
        median_seconds_to_decision: median_seconds_to_decision(conn, since)?,
        legal_complaints: complaints_store::figures(conn, since)?,
        invitations: invitation_figures(conn, since)?,
    })
}

fn invitation_figures(conn: &Connection, since: i64) -> rusqlite::Result<InvitationFigures> {
    let (received, published, sent) = invitations_store::figures(conn, since)?;
    Ok(InvitationFigures {
        received,
        published,
        sent,
    })
}

/// Adds `count` refusals for `reason` (a key no longer in the list, or none, has its own row).
fn refused(counts: &mut Vec<ReasonCount>, reason: Option<String>, count: i64) {
    match counts.iter_mut().find(|row| row.reason == reason) {
        Some(row) => row.count += count,
        None => counts.push(ReasonCount {
            label: reason
                .as_deref()
                .map_or("Reason not recorded", reasons::label)
                .to_owned(),
            reason,
            count,
        }),
    }
}

/// Published reviews withdrawn after a reader's report since `since` (`crate::reports`).
fn removed_after_report(conn: &Connection, since: i64) -> rusqlite::Result<i64> {
    crate::reports::store::count_removals_since(conn, since)
}

/// Replies by providers' representatives since `since` (`crate::representation`).
fn provider_replies(conn: &Connection, since: i64) -> rusqlite::Result<i64> {
    crate::representation::replies_store::count_replies_since(conn, since)
}

/// The median of `actioned_at - created_at` over the decided reviews received since `since`:
/// the middle one, or the mean of the middle two. The index holds both times, so this sorts
/// index entries only.
fn median_seconds_to_decision(conn: &Connection, since: i64) -> rusqlite::Result<Option<f64>> {
    let decided: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM reviews
             WHERE created_at >= ?1 AND actioned = 1 AND actioned_at IS NOT NULL",
        )?
        .query_row([since], |row| row.get(0))?;
    if decided == 0 {
        return Ok(None);
    }
    let middle: Vec<i64> = conn
        .prepare_cached(
            "SELECT actioned_at - created_at AS waited FROM reviews
             WHERE created_at >= ?1 AND actioned = 1 AND actioned_at IS NOT NULL
             ORDER BY waited LIMIT ?2 OFFSET ?3",
        )?
        .query_map(params![since, 2 - decided % 2, (decided - 1) / 2], |row| {
            row.get(0)
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Some(
        middle.iter().sum::<i64>() as f64 / middle.len().max(1) as f64,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_outside_the_list_gets_its_own_row() {
        let mut counts = vec![ReasonCount {
            reason: Some("offensive".into()),
            label: "Offensive".into(),
            count: 1,
        }];
        refused(&mut counts, Some("offensive".into()), 2);
        refused(&mut counts, None, 4);
        refused(&mut counts, None, 1);
        assert_eq!(
            counts
                .iter()
                .map(|c| (c.label.as_str(), c.count))
                .collect::<Vec<_>>(),
            [("Offensive", 3), ("Reason not recorded", 5)]
        );
    }
}
