//! The counter columns of the catalogue (DESIGN decision 5), recomputed from the approved reviews.
//! The review transactions (moderation, account deletion) recount just the offerings they touch
//! with [`recount_offerings`]; [`recount_all`] runs after an import, which can add courses and
//! offerings or remove example providers with their reviews. Both run the same statements, one
//! with a filter, so they cannot drift apart.

use std::sync::LazyLock;

use rusqlite::Transaction;

use crate::reviews::{outcome, questions::ReviewerType, shares};

/// Each offering's rated approved reviews by reviewer type and whole stars (halves rounded down).
const STARS: &str = "INSERT INTO offering_stars (course_id, provider_id, user_type, stars, count)
   SELECT course_id, provider_id, user_type, score_halves / 2, COUNT(*) FROM reviews r
   WHERE approved = 1 AND score_halves > 0";

/// Each offering's counts and score sums by user type, from its approved reviews, and the
/// rated ones of the recent window (`recent_window`, moved daily by `catalog::recent`).
const OFFERINGS: &str = "UPDATE offerings SET
   student_review_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = offerings.course_id
     AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Student'),
   employer_review_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = offerings.course_id
     AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Employer'),
   student_score_half_sum = (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r WHERE r.course_id = offerings.course_id
     AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Student'),
   employer_score_half_sum = (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r WHERE r.course_id = offerings.course_id
     AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Employer'),
   student_rated_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = offerings.course_id
     AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Student' AND r.score_halves > 0),
   employer_rated_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = offerings.course_id
     AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Employer' AND r.score_halves > 0),
   recent_rated_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = offerings.course_id
     AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.score_halves > 0
     AND r.recent_month >= (SELECT start_month FROM recent_window)),
   recent_score_half_sum = (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r WHERE r.course_id = offerings.course_id
     AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.score_halves > 0
     AND r.recent_month >= (SELECT start_month FROM recent_window))";

/// A provider's rating across all its courses, from its offerings.
const PROVIDERS: &str = "UPDATE providers SET
   review_count = (SELECT COALESCE(SUM(student_review_count + employer_review_count), 0) FROM offerings o WHERE o.provider_id = providers.id),
   score_half_sum = (SELECT COALESCE(SUM(student_score_half_sum + employer_score_half_sum), 0) FROM offerings o WHERE o.provider_id = providers.id),
   rated_count = (SELECT COALESCE(SUM(student_rated_count + employer_rated_count), 0) FROM offerings o WHERE o.provider_id = providers.id)";

/// A course's reviews at every provider, from its offerings.
const COURSES: &str = "UPDATE courses SET
   review_count = (SELECT COALESCE(SUM(student_review_count + employer_review_count), 0) FROM offerings o WHERE o.course_id = courses.id)";

/// An industry's approved reviews.
const INDUSTRIES: &str = "UPDATE industries SET
   review_count = (SELECT COUNT(*) FROM reviews r WHERE r.industry_id = industries.id AND r.approved = 1)";

/// Counts that lists show, kept to what they list: offerings and providers not retired,
/// courses not retired nor replaced without a current offering.
pub fn recount_listing(tx: &Transaction) -> rusqlite::Result<()> {
    tx.execute_batch(&format!(
        "UPDATE courses SET provider_count = (SELECT COUNT(*) FROM offerings o JOIN providers p ON p.id = o.provider_id
           WHERE o.course_id = courses.id AND o.retired_at IS NULL AND p.retired_at IS NULL);
         UPDATE careers SET course_count = (SELECT COUNT(*) FROM course_careers cc JOIN courses co ON co.id = cc.course_id
           WHERE cc.career_id = careers.id AND {listed});
         UPDATE industries SET career_count = (SELECT COUNT(*) FROM careers c WHERE c.industry_id = industries.id);",
        listed = super::store::LISTED
    ))
}

pub fn recount_all(tx: &Transaction) -> rusqlite::Result<()> {
    tx.execute_batch(&format!(
        "{OFFERINGS}; {PROVIDERS}; {COURSES};
         DELETE FROM offering_stars;
         {STARS} GROUP BY course_id, provider_id, user_type, score_halves / 2;
         DELETE FROM offering_answers;
         {answers};
         {INDUSTRIES};",
        answers = *RECOUNT_ALL,
    ))?;
    recount_listing(tx)
}

/// Recomputes the counters that the approved reviews of the given offerings feed: the
/// offerings themselves, their providers and courses, and the given industries.
pub fn recount_offerings(
    tx: &Transaction,
    pairs: &[(i64, i64)],
    industries: &[i64],
) -> rusqlite::Result<()> {
    for (course, provider) in pairs {
        tx.prepare_cached(&format!(
            "{OFFERINGS} WHERE course_id = ?1 AND provider_id = ?2"
        ))?
        .execute([course, provider])?;
        tx.prepare_cached(&format!("{PROVIDERS} WHERE id = ?1"))?
            .execute([provider])?;
        tx.prepare_cached(&format!("{COURSES} WHERE id = ?1"))?
            .execute([course])?;
        tx.prepare_cached("DELETE FROM offering_stars WHERE course_id = ?1 AND provider_id = ?2")?
            .execute([course, provider])?;
        tx.prepare_cached(&format!(
            "{STARS} AND course_id = ?1 AND provider_id = ?2 GROUP BY user_type, score_halves / 2"
        ))?
        .execute([course, provider])?;
        tx.prepare_cached(
            "DELETE FROM offering_answers WHERE course_id = ?1 AND provider_id = ?2",
        )?
        .execute([course, provider])?;
        tx.prepare_cached(&RECOUNT_PAIR)?
            .execute([course, provider])?;
    }
    for industry in industries {
        tx.prepare_cached(&format!("{INDUSTRIES} WHERE id = ?1"))?
            .execute([industry])?;
    }
    Ok(())
}

/// The statement that recounts `offering_answers` from the approved reviews (the shares' questions
/// and the student's outcome question, whose positive answer is its own); `filter` narrows
/// the reviews (`AND r.course_id = ?1 AND r.provider_id = ?2`) or is empty for all.
pub fn recount_sql(filter: &str) -> String {
    let quoted = |items: &mut dyn Iterator<Item = &str>| {
        items
            .map(|item| format!("'{}'", item.replace('\'', "''")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let shared = |reviewer: ReviewerType| {
        format!(
            "(r.user_type = '{}' AND a.key IN ({}))",
            reviewer,
            quoted(&mut shares::questions(reviewer).map(|(slug, _)| slug))
        )
    };
    format!(
        "INSERT INTO offering_answers (course_id, provider_id, user_type, question, positive, answered)
         SELECT r.course_id, r.provider_id, r.user_type, a.key,
                SUM(CASE WHEN a.key = '{outcome}' THEN a.value = '{in_field}' ELSE a.value IN ({positive}) END), COUNT(*)
         FROM reviews r, json_each(r.answers) a
         WHERE r.approved = 1 AND a.type = 'text' AND a.value <> 'Unsure'
           AND ({student} OR {employer} OR (r.user_type = 'Student' AND a.key = '{outcome}')) {filter}
         GROUP BY r.course_id, r.provider_id, r.user_type, a.key",
        outcome = outcome::SLUG,
        in_field = outcome::IN_FIELD,
        positive = quoted(&mut shares::POSITIVE.into_iter()),
        student = shared(ReviewerType::Student),
        employer = shared(ReviewerType::Employer),
    )
}

/// [`recount_sql`] for every review, built once.
pub static RECOUNT_ALL: LazyLock<String> = LazyLock::new(|| recount_sql(""));
/// [`recount_sql`] for one course at one provider, built once.
pub static RECOUNT_PAIR: LazyLock<String> =
    LazyLock::new(|| recount_sql("AND r.course_id = ?1 AND r.provider_id = ?2"));
