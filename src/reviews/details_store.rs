//! The rating details of a course at a provider, read from the counters kept with moderation
//! (`offering_stars`, `offering_answers`), never from the reviews themselves.

use rusqlite::{Connection, params};
use serde::Serialize;
use utoipa::ToSchema;

use crate::vocabulary::Vocabulary;

use super::{
    outcome,
    questions::ReviewerType,
    shares::{self, MIN_ANSWERS},
};

/// How many approved rated reviews gave 1, 2, 3, 4 and 5 stars (halves rounded down).
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct Distribution {
    /// Index 0 is 1 star.
    #[serde(rename = "Student")]
    pub student: [i64; 5],
    #[serde(rename = "Employer")]
    pub employer: [i64; 5],
}

/// The share of reviewers of one type who answered a question positively.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Share {
    /// The question's slug.
    pub question: &'static str,
    /// 'Student' or 'Employer'.
    pub user_type: &'static str,
    /// What a positive answer says, e.g. 'say the trainers were knowledgeable'.
    pub finding: &'static str,
    /// How many answered positively.
    pub positive: i64,
    /// How many answered (at least 5, else the share is not given).
    pub answered: i64,
}

pub fn distribution(
    conn: &Connection,
    course_id: i64,
    provider_id: i64,
) -> rusqlite::Result<Distribution> {
    let mut stmt = conn.prepare_cached(
        "SELECT user_type, stars, count FROM offering_stars WHERE course_id = ?1 AND provider_id = ?2",
    )?;
    let mut rows = stmt.query(params![course_id, provider_id])?;
    let mut distribution = Distribution::default();
    while let Some(row) = rows.next()? {
        let (user_type, stars, count): (String, i64, i64) = (row.get(0)?, row.get(1)?, row.get(2)?);
        let bars = match user_type.as_str() {
            "Student" => &mut distribution.student,
            _ => &mut distribution.employer,
        };
        if let Some(bar) = usize::try_from(stars - 1)
            .ok()
            .and_then(|at| bars.get_mut(at))
        {
            *bar = count;
        }
    }
    Ok(distribution)
}

/// The shares of a provider's reviewers for one course, or (`course_id` None) across all its
/// courses, in form order; only shares of at least [`MIN_ANSWERS`] answers.
pub fn shares(
    conn: &Connection,
    course_id: Option<i64>,
    provider_id: i64,
) -> rusqlite::Result<Vec<Share>> {
    let mut stmt = conn.prepare_cached(
        "SELECT user_type, question, SUM(positive), SUM(answered) FROM offering_answers
         WHERE provider_id = ?1 AND (?2 IS NULL OR course_id = ?2)
         GROUP BY user_type, question HAVING SUM(answered) >= ?3",
    )?;
    let counted: Vec<(ReviewerType, String, i64, i64)> = stmt
        .query_map(params![provider_id, course_id, MIN_ANSWERS], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut found = Vec::new();
    for reviewer in [ReviewerType::Student, ReviewerType::Employer] {
        for (question, finding) in shares::questions(reviewer) {
            let row = counted
                .iter()
                .find(|(user_type, slug, ..)| *user_type == reviewer && slug == question);
            if let Some((_, _, positive, answered)) = row {
                found.push(Share {
                    question,
                    user_type: reviewer.name(),
                    finding,
                    positive: *positive,
                    answered: *answered,
                });
            }
        }
    }
    Ok(found)
}

/// The students' answers to the outcome question for a course at a provider: how many said they
/// found work in its field, and how many answered.
pub fn outcome_counts(
    conn: &Connection,
    course_id: i64,
    provider_id: i64,
) -> rusqlite::Result<(i64, i64)> {
    conn.prepare_cached(
        "SELECT COALESCE(SUM(positive), 0), COALESCE(SUM(answered), 0) FROM offering_answers
         WHERE course_id = ?1 AND provider_id = ?2 AND user_type = 'Student' AND question = ?3",
    )?
    .query_row(params![course_id, provider_id, outcome::SLUG], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })
}
