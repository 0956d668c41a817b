//! The moderation queue's SQL: counting and filtering reviews for admins, and recording a
//! decision together with everything it changes (DESIGN decision 5), in the caller's transaction.

use rusqlite::{
    Connection, OptionalExtension, Row, Transaction, params, params_from_iter, types::Value,
};
use serde::Serialize;
use utoipa::ToSchema;

pub use super::filter::{Filter, Matches, SearchBy, Total};
use super::{
    mails::{self, Outcome},
    reasons::{Chosen, Refusal},
    signals::Signal,
    signals_store,
};
use crate::{
    catalog::counters_store,
    complaints,
    config::Settings,
    error::{AppError, ErrorItem},
    fields::Id,
    vocabulary::Vocabulary,
};

/// The moderation list shows this many reviews a page (the spec's section 9).
pub const PAGE_SIZE: i64 = 10;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModerationUser {
    #[serde(rename = "_id")]
    id: Id,
    first_name: String,
    last_name: String,
    email: String,
    /// The default avatar's number.
    avatar: i64,
    /// The uploaded picture's file name (served at `/media/<name>`), if any.
    profile_image: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ModerationProvider {
    #[serde(rename = "_id")]
    id: Id,
    name: String,
    slug: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModerationCourse {
    #[serde(rename = "_id")]
    id: Id,
    course_code: String,
    name: String,
    slug: String,
}

/// A review as the moderation queue shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModerationReview {
    #[serde(rename = "_id")]
    id: Id,
    user: ModerationUser,
    user_type: String,
    /// 1 to 5 in half stars; null when the reviewer was asked no scored question.
    score: Option<f64>,
    /// ISO 8601, UTC.
    created_at: String,
    provider: ModerationProvider,
    course: ModerationCourse,
    title: String,
    comment: String,
    /// Question slug to answer.
    #[schema(value_type = Object)]
    questions: Box<serde_json::value::RawValue>,
    actioned: bool,
    approved: bool,
    /// Why it is not published; null unless disapproved with a reason.
    refusal: Option<Refusal>,
    /// The reviewer received payment, a gift or a discount for it ('Incentivised review').
    incentivised: bool,
    /// Written through the provider's invitation ('Invited by the provider').
    invited: bool,
    /// The signals of a fake review it raised when submitted, in plain words (moderators only).
    signals: Vec<Signal>,
}

pub fn count_unactioned(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COALESCE(SUM(n), 0) FROM review_tallies WHERE actioned = 0")?
        .query_row([], |row| row.get(0))
}

/// What `filter` matches, whatever its page.
pub fn matches(conn: &Connection, filter: &Filter) -> rusqlite::Result<Matches> {
    let uncapped = |count| Total {
        count,
        capped: false,
    };
    if filter.search.is_none() && !filter.flagged {
        return Ok(Matches {
            total: uncapped(count_from_tallies(conn, filter)?),
            listed: None,
        });
    }
    if let Some((SearchBy::ReviewTitle, text)) = &filter.search
        && indexed(text)
    {
        return super::titles_store::matches(conn, filter, text);
    }
    let (condition, values) = conditions(filter);
    let count = conn
        .prepare_cached(&format!("SELECT COUNT(*) FROM reviews r WHERE {condition}"))?
        .query_row(params_from_iter(&values), |row| row.get(0))?;
    Ok(Matches {
        total: uncapped(count),
        listed: None,
    })
}

fn order(filter: &Filter) -> &'static str {
    if filter.latest_first { "DESC" } else { "ASC" }
}

/// Without a search, the count is the sum of the matching tallies (kept by V6's triggers).
fn count_from_tallies(conn: &Connection, filter: &Filter) -> rusqlite::Result<i64> {
    let (clauses, values) = state_conditions(filter);
    conn.prepare_cached(&format!(
        "SELECT COALESCE(SUM(r.n), 0) FROM review_tallies r WHERE {}",
        clauses.join(" AND ")
    ))?
    .query_row(params_from_iter(&values), |row| row.get(0))
}

/// For a bulk load of reviews (`seed --bench`): runs `load` with the triggers that keep the
/// tallies, the title index and the review search index switched off, then rebuilds them in one
/// pass, several times faster than keeping them row by row. The triggers are back when it returns.
pub fn bulk_load<T>(
    tx: &Transaction,
    load: impl FnOnce(&Transaction) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let triggers = tx
        .prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'reviews'
               AND (name GLOB 'review_tallies_*' OR name GLOB 'review_title_queue_*' OR name GLOB 'review_search_*')",
        )?
        .query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    for (name, _) in &triggers {
        tx.execute_batch(&format!("DROP TRIGGER \"{name}\""))?;
    }
    let loaded = load(tx)?;
    tx.execute_batch(
        "DELETE FROM review_tallies;
         INSERT INTO review_tallies (actioned, approved, user_type, n)
         SELECT actioned, approved, user_type, COUNT(*) FROM reviews GROUP BY 1, 2, 3;
         INSERT INTO review_title_queue (review_title_queue) VALUES ('delete-all');
         INSERT INTO review_title_queue (rowid, title) SELECT moderation_key, title FROM reviews;
         INSERT INTO review_title_queue (review_title_queue) VALUES ('optimize');",
    )?;
    crate::reviews::search_store::refill(tx)?;
    for (_, sql) in &triggers {
        tx.execute_batch(sql)?;
    }
    Ok(loaded)
}

/// The moderation view of reviews `r`, read by [`review`]; a WHERE clause follows.
const REVIEW_SELECT: &str = "SELECT r.id, u.id, u.first_name, u.last_name, u.email, u.avatar, u.profile_image, r.user_type, r.score_halves,
                strftime('%Y-%m-%dT%H:%M:%SZ', r.created_at, 'unixepoch'), p.id, p.name, p.slug, c.id, c.code, c.name, c.slug,
                r.title, r.comment, r.answers, r.actioned, r.approved,
                r.decision_reason, r.decision_note, r.incentivised, r.invited
         FROM reviews r JOIN users u ON u.id = r.user_id
              JOIN courses c ON c.id = r.course_id JOIN providers p ON p.id = r.provider_id";

/// One page of the reviews matching `filter`, which `matches` has found.
pub fn page(
    conn: &Connection,
    filter: &Filter,
    matches: &Matches,
) -> rusqlite::Result<Vec<ModerationReview>> {
    let skip = (filter.page - 1).saturating_mul(PAGE_SIZE);
    if let Some(listed) = &matches.listed {
        let ids: Vec<i64> = listed
            .iter()
            .skip(usize::try_from(skip).unwrap_or(usize::MAX))
            .take(PAGE_SIZE as usize)
            .copied()
            .collect();
        return Ok(by_ids(conn, &ids)?
            .into_iter()
            .map(|(_, review)| review)
            .collect());
    }
    let (condition, mut values) = conditions(filter);
    let order = order(filter);
    values.push(Value::Integer(PAGE_SIZE));
    values.push(Value::Integer(skip));
    // The page's ids first, then their rows.
    let mut stmt = conn.prepare_cached(&format!(
        "{REVIEW_SELECT} WHERE r.id IN (SELECT r.id FROM reviews r WHERE {condition}
                                        ORDER BY r.created_at {order}, r.id {order} LIMIT ? OFFSET ?)
         ORDER BY r.created_at {order}, r.id {order}"
    ))?;
    let mut page = stmt
        .query_map(params_from_iter(&values), review)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    with_signals(conn, page.iter_mut())?;
    Ok(page)
}

fn with_signals<'a>(
    conn: &Connection,
    reviews: impl Iterator<Item = &'a mut ModerationReview>,
) -> rusqlite::Result<()> {
    let reviews: Vec<_> = reviews.collect();
    let ids: Vec<i64> = reviews.iter().map(|r| r.id.0).collect();
    let mut signals = signals_store::of(conn, &ids)?;
    for review in reviews {
        review.signals = signals.remove(&review.id.0).unwrap_or_default();
    }
    Ok(())
}

/// The given reviews as the moderation queue shows them, in the order of `ids`, each with its id
/// (the 'Reported' list reads them this way).
pub fn by_ids(conn: &Connection, ids: &[i64]) -> rusqlite::Result<Vec<(i64, ModerationReview)>> {
    let mut found = Vec::with_capacity(ids.len());
    let mut stmt = conn.prepare_cached(&format!("{REVIEW_SELECT} WHERE r.id = ?1"))?;
    for id in ids {
        if let Some(item) = stmt.query_row([id], review).optional()? {
            found.push((*id, item));
        }
    }
    with_signals(conn, found.iter_mut().map(|(_, item)| item))?;
    Ok(found)
}

/// The WHERE clause of `filter` over `reviews r` with its positional values. A search first
/// finds the matching courses, users or titles, so it reads only their reviews.
fn conditions(filter: &Filter) -> (String, Vec<Value>) {
    let (mut clauses, mut values) = state_conditions(filter);
    if let Some((field, text)) = &filter.search {
        let (clause, matched) = search(*field, text);
        clauses.push(clause);
        values.extend(matched);
    }
    if filter.flagged {
        clauses.push(FLAGGED);
    }
    (clauses.join(" AND "), values)
}

/// The 'Flagged' filter's clause: the reviews that raised a signal.
const FLAGGED: &str = "r.id IN (SELECT review_id FROM review_signals)";

/// The clauses of `filter`'s moderation state and reviewer type over a table aliased `r`:
/// `reviews` or `review_tallies`, which name these columns alike.
fn state_conditions(filter: &Filter) -> (Vec<&'static str>, Vec<Value>) {
    let mut clauses = vec!["r.actioned = ?"];
    let mut values = vec![Value::from(filter.actioned)];
    if let (true, Some(approved)) = (filter.actioned, filter.approved) {
        clauses.push("r.approved = ?");
        values.push(approved.into());
    }
    if let Some(user_type) = filter.user_type {
        clauses.push("r.user_type = ?");
        values.push(Value::Text(user_type.name().into()));
    }
    (clauses, values)
}

/// The clause finding the reviews whose `field` holds `text`, with its values.
fn search(field: SearchBy, text: &str) -> (&'static str, Vec<Value>) {
    let pattern = Value::Text(format!("%{}%", escape_like(text)));
    match field {
        SearchBy::CourseName => (
            r"r.course_id IN (SELECT id FROM courses WHERE name LIKE ? ESCAPE '\')",
            vec![pattern],
        ),
        SearchBy::CourseCode => (
            r"r.course_id IN (SELECT id FROM courses WHERE code LIKE ? ESCAPE '\')",
            vec![pattern],
        ),
        SearchBy::UserName => (
            r"r.user_id IN (SELECT id FROM users
                 WHERE first_name || ' ' || last_name LIKE ? ESCAPE '\' OR nick_name LIKE ? ESCAPE '\')",
            vec![pattern.clone(), pattern],
        ),
        // A text of three characters or more is found in the title index instead (`matches`).
        SearchBy::ReviewTitle => (r"r.title LIKE ? ESCAPE '\'", vec![pattern]),
    }
}

/// The trigram index needs three characters; a shorter text reads every title.
fn indexed(text: &str) -> bool {
    text.chars().count() >= 3
}

/// SQLite's LIKE is case-insensitive (for ASCII letters); `%` and `_` in the text match themselves.
fn escape_like(text: &str) -> String {
    text.replace('\\', r"\\")
        .replace('%', r"\%")
        .replace('_', r"\_")
}

fn review(row: &Row) -> rusqlite::Result<ModerationReview> {
    let answers: String = row.get(19)?;
    Ok(ModerationReview {
        id: row.get(0)?,
        user: ModerationUser {
            id: row.get(1)?,
            first_name: row.get(2)?,
            last_name: row.get(3)?,
            email: row.get(4)?,
            avatar: row.get(5)?,
            profile_image: row.get(6)?,
        },
        user_type: row.get(7)?,
        score: crate::reviews::score::stars(row.get(8)?),
        created_at: row.get(9)?,
        provider: ModerationProvider {
            id: row.get(10)?,
            name: row.get(11)?,
            slug: row.get(12)?,
        },
        course: ModerationCourse {
            id: row.get(13)?,
            course_code: row.get(14)?,
            name: row.get(15)?,
            slug: row.get(16)?,
        },
        title: row.get(17)?,
        comment: row.get(18)?,
        questions: crate::reviews::model::stored_answers(&answers).to_owned(),
        actioned: row.get(20)?,
        approved: row.get(21)?,
        refusal: Refusal::stored(row.get(22)?, row.get(23)?),
        incentivised: row.get(24)?,
        invited: row.get(25)?,
        signals: Vec::new(),
    })
}

/// Approves a review (`refusal: None`) or refuses it with a reason. When that changes its
/// state, the reason is stored with it (an approval clears it), the catalogue's counters are
/// recounted and the author is told (a notification and a queued mail), all in `tx`; a repeated
/// decision changes nothing, its first reason included. Answers whether a mail was queued;
/// `None` when there is no such review.
pub fn decide(
    tx: &Transaction,
    settings: &Settings,
    review_id: i64,
    refusal: Option<&Chosen>,
    admin_id: i64,
) -> Result<Option<bool>, AppError> {
    let approve = refusal.is_none();
    let Some((actioned, approved, course, provider, industry, outcome)) = tx
        .query_row(
            "SELECT r.actioned, r.approved, r.course_id, r.provider_id, r.industry_id,
                    r.user_id, u.email, u.first_name, r.title, c.name, c.slug, p.name, p.slug
             FROM reviews r JOIN users u ON u.id = r.user_id
             JOIN courses c ON c.id = r.course_id JOIN providers p ON p.id = r.provider_id
             WHERE r.id = ?1",
            [review_id],
            |row| {
                Ok((
                    row.get::<_, bool>(0)?,
                    row.get::<_, bool>(1)?,
                    row.get::<_, i64>(2)?,
                    row.get::<_, i64>(3)?,
                    row.get::<_, Option<i64>>(4)?,
                    Outcome {
                        review_id,
                        refusal: refusal.cloned(),
                        user_id: row.get(5)?,
                        email: row.get(6)?,
                        first_name: row.get(7)?,
                        title: row.get(8)?,
                        course_name: row.get(9)?,
                        course_slug: row.get(10)?,
                        provider_name: row.get(11)?,
                        provider_slug: row.get(12)?,
                    },
                ))
            },
        )
        .optional()?
    else {
        return Ok(None);
    };
    if actioned && approved == approve {
        return Ok(Some(false));
    }
    if approve && complaints::store::holds_hidden(tx, review_id)? {
        return Err(AppError::Conflict(ErrorItem::new(
            complaints::model::HELD_FOR_MODERATOR,
        )));
    }
    tx.execute(
        "UPDATE reviews SET actioned = 1, approved = ?2, actioned_at = unixepoch(), actioned_by = ?3,
                decision_reason = ?4, decision_note = ?5
         WHERE id = ?1",
        params![
            review_id,
            approve,
            admin_id,
            refusal.map(|chosen| chosen.reason.key),
            refusal.and_then(|chosen| chosen.text.as_deref())
        ],
    )?;
    counters_store::recount_offerings(tx, &[(course, provider)], industry.as_slice())?;
    mails::tell_author(tx, settings, &outcome)?;
    if approve {
        // Followers and the provider's representatives hear of a newly published review.
        crate::accounts::alerts::review_published(tx, settings, review_id)?;
    }
    Ok(Some(true))
}
