//! Reviews in SQLite: inserting (also used by the demo seeder and the benchmarks), the public
//! list of a pair and an author's own reviews; likes and dislikes are in `votes_store`.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::Value;

use super::{
    flow::Answers,
    messages::ALREADY_REVIEWED,
    model::{self, CourseRef, ListedVoters, ProviderRef, UserReview},
    questions::ReviewerType,
    score::stars,
    search::SearchText,
    search_store, study,
};
use crate::{
    cache::Members,
    dates::unix_now,
    error::{AppError, AppResult, ErrorItem},
    moderation::{reasons::Refusal, signals},
    vocabulary::vocabulary,
};

/// Reviews per page of the public list.
pub const PAGE_SIZE: i64 = 20;

/// A review to store. The counter columns only count approved reviews, so inserting an
/// approved one (`decision: Some(true)`) leaves them to the caller (`catalog::counters_store`).
#[derive(Debug)]
pub struct NewReview<'a> {
    pub user_id: i64,
    pub course_id: i64,
    pub provider_id: i64,
    pub industry_id: Option<i64>,
    pub reviewer: ReviewerType,
    pub title: &'a str,
    pub comment: &'a str,
    pub score_halves: i64,
    pub answers: &'a Answers,
    /// Unix seconds; `None` is now.
    pub created_at: Option<i64>,
    /// `None`: awaiting moderation, as every submission is. `Some(approved)`: already actioned.
    pub decision: Option<bool>,
    /// When an already actioned review was decided (Unix seconds); `None` is now.
    pub decided_at: Option<i64>,
    /// The reviewer received payment, a gift or a discount for it.
    pub incentivised: bool,
}

/// Stores a review and answers its id; a second review of the same pair by the same user is
/// the 409 of the contract (the UNIQUE index decides, so racing submissions store one).
pub fn insert(conn: &Connection, review: &NewReview) -> AppResult<i64> {
    let answers = Value::Object(review.answers.clone()).to_string();
    // Kept beside the answers it comes from, for the card and the recent score.
    let study = study::period(review.reviewer, review.answers);
    let created_at = review.created_at.unwrap_or_else(unix_now);
    let result = conn
        .prepare_cached(
            "INSERT INTO reviews (user_id, course_id, provider_id, industry_id, user_type, title, comment, score_halves,
                                  answers, actioned, approved, created_at, actioned_at, incentivised,
                                  study_start, study_end, studying)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,
                     CASE WHEN ?10 THEN COALESCE(?13, unixepoch()) END, ?14, ?15, ?16, ?17)",
        )?
        .insert(params![
            review.user_id,
            review.course_id,
            review.provider_id,
            review.industry_id,
            review.reviewer,
            review.title,
            review.comment,
            review.score_halves,
            answers,
            review.decision.is_some(),
            review.decision.unwrap_or(false),
            created_at,
            review.decided_at,
            review.incentivised,
            study.start,
            study.end,
            study.studying,
        ]);
    let id = result.map_err(|err| match AppError::from(err) {
        AppError::Conflict(_) => AppError::Conflict(ErrorItem::new(ALREADY_REVIEWED)),
        other => other,
    })?;
    signals::keep_grams(
        conn,
        id,
        (review.provider_id, created_at),
        (review.title, review.comment),
    )?;
    Ok(id)
}

pub fn offering_exists(
    conn: &Connection,
    course_id: i64,
    provider_id: i64,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM offerings WHERE course_id = ?1 AND provider_id = ?2)",
    )?
    .query_row([course_id, provider_id], |row| row.get(0))
}

/// Whether the offering can take a new review: still on the register, at a provider whose
/// registration is neither suspended nor cancelled (its old reviews stay readable either way).
pub fn offering_open(
    conn: &Connection,
    course_id: i64,
    provider_id: i64,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM offerings o JOIN providers p ON p.id = o.provider_id
           WHERE o.course_id = ?1 AND o.provider_id = ?2 AND o.retired_at IS NULL
             AND p.retired_at IS NULL AND p.standing = 'registered')",
    )?
    .query_row([course_id, provider_id], |row| row.get(0))
}

/// The industry a review counts for: `wanted` when the course belongs to it (through one of
/// its careers), else the course's first industry; `None` for a course without careers.
pub fn industry_for(
    conn: &Connection,
    course_id: i64,
    wanted: Option<i64>,
) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT c.industry_id FROM course_careers cc JOIN careers c ON c.id = cc.career_id
         WHERE cc.course_id = ?1 ORDER BY c.industry_id IS ?2 DESC, c.industry_id LIMIT 1",
    )?
    .query_row(params![course_id, wanted], |row| row.get(0))
    .optional()
}

pub fn has_reviewed(
    conn: &Connection,
    user_id: i64,
    course_id: i64,
    provider_id: i64,
) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM reviews WHERE user_id = ?1 AND course_id = ?2 AND provider_id = ?3)")?
        .query_row([user_id, course_id, provider_id], |row| row.get(0))
}

vocabulary! {
    /// The orders of a pair's review list.
    pub enum Sort {
        MostRecent = "Most Recent",
        MostLiked = "Most Liked",
        TopRated = "Top Rated",
        MostHelpful = "Most Helpful",
    }
}

impl Sort {
    /// Every order ends newest first; V3's and V10's indexes serve each of them.
    fn order_by(self) -> &'static str {
        match self {
            Self::MostRecent => "r.created_at DESC, r.id DESC",
            Self::MostLiked => "r.like_count DESC, r.created_at DESC, r.id DESC",
            Self::TopRated => "r.score_halves DESC, r.created_at DESC, r.id DESC",
            Self::MostHelpful => "r.helpful_score DESC, r.created_at DESC, r.id DESC",
        }
    }
}

/// One page of a pair's approved reviews.
#[derive(Debug, Clone)]
pub struct ListQuery {
    pub course_id: i64,
    pub provider_id: i64,
    pub sort: Sort,
    /// `None` lists both reviewer types.
    pub user_type: Option<ReviewerType>,
    /// Only the reviews of this many whole stars (halves rounded down), as a bar of the
    /// rating distribution counts them; `None` lists every review.
    pub stars: Option<i64>,
    /// 1-based.
    pub page: i64,
    /// Only the reviews whose title or comment holds this text (V20's `review_search`).
    pub search: Option<SearchText>,
}

impl ListQuery {
    /// The FTS5 query of the search, if any.
    pub fn expression(&self) -> Option<String> {
        let text = self.search.as_ref()?;
        Some(text.expression(self.course_id, self.provider_id))
    }
}

/// What a list shows of one review, borrowed from its card's row (V33) while the row is read.
pub struct Card<'a> {
    pub id: i64,
    pub title: &'a str,
    pub score_halves: i64,
    pub comment: &'a str,
    pub user_type: &'a str,
    pub created_at: i64,
    /// The stored answers, JSON the app wrote.
    pub answers: &'a str,
    pub author_id: i64,
    pub author_type: &'a str,
    pub nick_name: Option<&'a str>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub avatar: i64,
    pub profile_image: Option<&'a str>,
    pub incentivised: bool,
    pub study_start: Option<study::Month>,
    pub study_end: Option<study::Month>,
    pub studying: bool,
    pub invited: bool,
    /// Moves with every vote on the review (V32).
    pub votes_version: i64,
    pub voters: ListedVoters<'a>,
}

/// One page of a pair's approved reviews in order, each card handed to `each` as it is read.
pub fn approved_for(
    conn: &Connection,
    query: &ListQuery,
    mut each: impl FnMut(Card<'_>),
) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare_cached(&query_sql(CARD_COLUMNS, query))?;
    let mut rows = stmt.query(list_params(query))?;
    while let Some(row) = rows.next()? {
        each(card(row)?);
    }
    Ok(())
}

/// The page's reviews and their votes versions (V32), in its order: all a vote can change of
/// a page, so a kept page whose members are the same after a vote on its pair is still the page.
pub fn page_members(conn: &Connection, query: &ListQuery) -> rusqlite::Result<Members> {
    conn.prepare_cached(&query_sql(MEMBER_COLUMNS, query))?
        .query_map(list_params(query), |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect()
}

const MEMBER_COLUMNS: &str = "r.id, c.votes_version";
const CARD_COLUMNS: &str =
    "r.id, c.title, c.score_halves, c.comment, c.user_type, c.created_at, c.answers,
    c.author_id, c.author_type, c.nick_name, c.first_name, c.last_name, c.avatar, c.profile_image,
    c.incentivised, c.study_start, c.study_end, c.studying, c.invited, c.votes_version, c.voters";

fn query_sql(columns: &str, query: &ListQuery) -> String {
    list_sql(
        columns,
        query.sort,
        query.user_type.is_some(),
        query.stars.is_some(),
        query.search.is_some(),
    )
}

fn list_params(query: &ListQuery) -> impl rusqlite::Params + '_ {
    (
        query.course_id,
        query.provider_id,
        query.user_type,
        PAGE_SIZE,
        (query.page.max(1) - 1).saturating_mul(PAGE_SIZE),
        query.stars.map(|stars| stars * 2),
        query.expression(),
    )
}

fn card<'a>(row: &'a Row) -> rusqlite::Result<Card<'a>> {
    Ok(Card {
        id: row.get(0)?,
        title: text(row, 1)?,
        score_halves: row.get(2)?,
        comment: text(row, 3)?,
        user_type: text(row, 4)?,
        created_at: row.get(5)?,
        answers: text(row, 6)?,
        author_id: row.get(7)?,
        author_type: text(row, 8)?,
        nick_name: optional_text(row, 9)?,
        first_name: text(row, 10)?,
        last_name: text(row, 11)?,
        avatar: row.get(12)?,
        profile_image: optional_text(row, 13)?,
        incentivised: row.get(14)?,
        study_start: row.get(15)?,
        study_end: row.get(16)?,
        studying: row.get(17)?,
        invited: row.get(18)?,
        votes_version: row.get(19)?,
        voters: match optional_text(row, 20)? {
            Some(on_card) => ListedVoters::OnCard(on_card),
            None => ListedVoters::ByVersion(row.get(19)?),
        },
    })
}

/// A text column borrowed from the row, without a copy.
fn text<'a>(row: &'a Row, at: usize) -> rusqlite::Result<&'a str> {
    optional_text(row, at)?.ok_or(rusqlite::Error::InvalidColumnType(
        at,
        String::new(),
        rusqlite::types::Type::Null,
    ))
}

fn optional_text<'a>(row: &'a Row, at: usize) -> rusqlite::Result<Option<&'a str>> {
    row.get_ref(at)?.as_str_or_null().map_err(|err| {
        rusqlite::Error::FromSqlConversionFailure(at, rusqlite::types::Type::Text, err.into())
    })
}

/// The page query; ?1 course, ?2 provider, ?3 user type or null, ?4 limit, ?5 offset, ?6 the
/// lowest half stars of a whole-star filter or null, ?7 a search's FTS5 query or null. The page's
/// ids and sort keys come first from the sort's index alone, so skipping to a deep page reads no
/// rows; then each review's card (V33), stored beside the pair's other cards.
fn list_sql(columns: &str, sort: Sort, by_type: bool, by_stars: bool, searched: bool) -> String {
    format!(
        "SELECT {columns}
         FROM ({}) r
         JOIN review_cards c
           ON c.card_key = ((SELECT id FROM offerings WHERE course_id = ?1 AND provider_id = ?2) << 32) | r.id
         ORDER BY {}",
        page_sql(sort, by_type, by_stars, searched),
        sort.order_by()
    )
}

fn page_sql(sort: Sort, by_type: bool, by_stars: bool, searched: bool) -> String {
    // Two texts rather than `(?3 IS NULL OR ...)`, which would hide the type indexes from the planner.
    let filter = if by_type {
        "r.user_type = ?3"
    } else {
        "?3 IS NULL"
    };
    let stars = if by_stars {
        "r.score_halves BETWEEN ?6 AND ?6 + 1"
    } else {
        "?6 IS NULL"
    };
    // The index finds the pair's matches first (its `pair` token), then the sort's index orders them.
    let search = if searched {
        search_store::matches(7)
    } else {
        "?7 IS NULL".to_owned()
    };
    format!(
        "SELECT {} FROM reviews r WHERE r.course_id = ?1 AND r.provider_id = ?2 AND r.approved = 1 AND {filter} AND {stars}
           AND {search}
         ORDER BY {} LIMIT ?4 OFFSET ?5",
        // Only the columns the order names, which its index holds: the page reads no review's row.
        sort.order_by().replace(" DESC", ""),
        sort.order_by()
    )
}

/// An author's reviews, newest first, whatever their status.
pub fn of_user(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<UserReview>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.id, r.title, r.comment, r.score_halves, r.user_type, r.created_at, r.actioned, r.approved,
                p.id, p.name, p.slug, c.id, c.name, c.code, c.slug,
                r.decision_reason, r.decision_note, r.incentivised, r.invited
         FROM reviews r JOIN providers p ON p.id = r.provider_id JOIN courses c ON c.id = r.course_id
         WHERE r.user_id = ?1 ORDER BY r.created_at DESC, r.id DESC",
    )?;
    let rows = stmt.query_map([user_id], |row| {
        let (actioned, approved) = (row.get(6)?, row.get(7)?);
        Ok(UserReview {
            id: row.get(0)?,
            title: row.get(1)?,
            comment: row.get(2)?,
            score: stars(row.get(3)?),
            user_type: row.get(4)?,
            created_at: crate::dates::iso_date(row.get(5)?),
            actioned,
            approved,
            status: model::status(actioned, approved),
            refusal: Refusal::stored(row.get(15)?, row.get(16)?),
            incentivised: row.get(17)?,
            invited: row.get(18)?,
            provider: vec![ProviderRef {
                id: row.get(8)?,
                name: row.get(9)?,
                slug: row.get(10)?,
            }],
            course: vec![CourseRef {
                id: row.get(11)?,
                name: row.get(12)?,
                course_code: row.get(13)?,
                slug: row.get(14)?,
            }],
        })
    })?;
    rows.collect()
}

/// A review's author and moderation state (actioned, approved), if it exists.
pub fn author_and_state(
    conn: &Connection,
    review_id: i64,
) -> rusqlite::Result<Option<(i64, bool, bool)>> {
    conn.query_row(
        "SELECT user_id, actioned, approved FROM reviews WHERE id = ?1",
        [review_id],
        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
    )
    .optional()
}

/// Sends a review back to the moderators with an edited title, comment and disclosure: it
/// awaits moderation again and its refusal is cleared (the answers and the date stay).
pub fn send_back(
    tx: &Connection,
    review_id: i64,
    (title, comment, incentivised): (&str, &str, bool),
) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE reviews SET title = ?2, comment = ?3, incentivised = ?4, actioned = 0, approved = 0,
                actioned_at = NULL, actioned_by = NULL, decision_reason = NULL, decision_note = NULL
         WHERE id = ?1",
        params![review_id, title, comment, incentivised],
    )?;
    signals::regram(tx, review_id, (title, comment))
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
