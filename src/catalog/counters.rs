//! The counter columns of the catalogue (DESIGN decision 5), recomputed from scratch.
//! Day to day the review transactions keep them current; this full recount runs after an
//! import, which can add courses and offerings or remove example providers with their reviews.

use rusqlite::Transaction;

pub fn recount_all(tx: &Transaction) -> rusqlite::Result<()> {
    tx.execute_batch(
        "UPDATE offerings SET
           student_review_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = offerings.course_id
             AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Student'),
           employer_review_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = offerings.course_id
             AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Employer'),
           student_score_half_sum = (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r WHERE r.course_id = offerings.course_id
             AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Student'),
           employer_score_half_sum = (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r WHERE r.course_id = offerings.course_id
             AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.user_type = 'Employer');
         UPDATE providers SET
           review_count = (SELECT COALESCE(SUM(student_review_count + employer_review_count), 0) FROM offerings o WHERE o.provider_id = providers.id),
           score_half_sum = (SELECT COALESCE(SUM(student_score_half_sum + employer_score_half_sum), 0) FROM offerings o WHERE o.provider_id = providers.id);
         UPDATE courses SET
           provider_count = (SELECT COUNT(*) FROM offerings o WHERE o.course_id = courses.id),
           review_count = (SELECT COALESCE(SUM(student_review_count + employer_review_count), 0) FROM offerings o WHERE o.course_id = courses.id);
         UPDATE careers SET course_count = (SELECT COUNT(*) FROM course_careers cc WHERE cc.career_id = careers.id);
         UPDATE industries SET
           career_count = (SELECT COUNT(*) FROM careers c WHERE c.industry_id = industries.id),
           review_count = (SELECT COUNT(*) FROM reviews r WHERE r.industry_id = industries.id AND r.approved = 1);",
    )
}

/// Recomputes the counters that the approved reviews of the given offerings feed: the
/// offerings themselves, their providers and courses, and the given industries.
pub fn recount_offerings(tx: &Transaction, pairs: &[(i64, i64)], industries: &[i64]) -> rusqlite::Result<()> {
    for (course, provider) in pairs {
        tx.execute(
            "UPDATE offerings SET
               student_review_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = ?1 AND r.provider_id = ?2 AND r.approved = 1 AND r.user_type = 'Student'),
               employer_review_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = ?1 AND r.provider_id = ?2 AND r.approved = 1 AND r.user_type = 'Employer'),
               student_score_half_sum = (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r WHERE r.course_id = ?1 AND r.provider_id = ?2 AND r.approved = 1 AND r.user_type = 'Student'),
               employer_score_half_sum = (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r WHERE r.course_id = ?1 AND r.provider_id = ?2 AND r.approved = 1 AND r.user_type = 'Employer')
             WHERE course_id = ?1 AND provider_id = ?2",
            [course, provider],
        )?;
        tx.execute(
            "UPDATE providers SET
               review_count = (SELECT COALESCE(SUM(student_review_count + employer_review_count), 0) FROM offerings WHERE provider_id = ?1),
               score_half_sum = (SELECT COALESCE(SUM(student_score_half_sum + employer_score_half_sum), 0) FROM offerings WHERE provider_id = ?1)
             WHERE id = ?1",
            [provider],
        )?;
        tx.execute(
            "UPDATE courses SET review_count = (SELECT COALESCE(SUM(student_review_count + employer_review_count), 0) FROM offerings WHERE course_id = ?1)
             WHERE id = ?1",
            [course],
        )?;
    }
    for industry in industries {
        tx.execute(
            "UPDATE industries SET review_count = (SELECT COUNT(*) FROM reviews WHERE industry_id = ?1 AND approved = 1) WHERE id = ?1",
            [industry],
        )?;
    }
    Ok(())
}
